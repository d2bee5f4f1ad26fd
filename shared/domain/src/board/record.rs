//! Playing a game through, move by move, with the checks the rules make on each: a forbidden
//! point (第五条, 第十九条 when it happened at the table), an immediate ko recapture (第二十条一),
//! and any other repetition of an earlier whole-board position (第六条). Every position reached
//! is kept by hash, so each check costs O(1).

use std::collections::HashSet;

use crate::domain::Colour;
use crate::rules::Article;

use super::position::{Coord, PlaceError, Placed, Position};

/// Why a move is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("{0}")]
    Place(PlaceError),
    #[error("第二十条一: retaking the ko at once")]
    KoRecapture,
    #[error("第六条: the move repeats an earlier whole-board position")]
    Repetition,
    #[error("{0:?} is not to move")]
    NotToMove(Colour),
    #[error("board size {0}: 9, 13 or 19 only")]
    BoardSize(u8),
}

impl MoveError {
    /// The article the refusal cites.
    pub fn article(self) -> Option<Article> {
        match self {
            MoveError::Place(e) => e.article(),
            MoveError::KoRecapture => Some(Article::Art20_1),
            MoveError::Repetition => Some(Article::Art6),
            MoveError::NotToMove(_) | MoveError::BoardSize(_) => None,
        }
    }
}

/// A game being played through.
#[derive(Debug, Clone)]
pub struct Record {
    position: Position,
    to_move: Colour,
    /// Every position the game has been in (after each move), by hash.
    seen: HashSet<u64>,
    /// The position before the opponent's last move: a single-stone capture back into it is
    /// the ko recapture.
    before_last: Option<u64>,
    /// Stones each side has taken (for territory counting).
    prisoners: [u32; 2],
    moves: usize,
}

impl Record {
    /// A game on an empty board of `size`, Black to move (第二条).
    pub fn new(size: u8) -> Option<Record> {
        Record::from(Position::empty(size)?, Colour::Black)
    }

    /// A game from a set-up position (handicap stones, a problem) with `to_move` first.
    pub fn from(position: Position, to_move: Colour) -> Option<Record> {
        let seen = HashSet::from([position.hash()]);
        Some(Record { position, to_move, seen, before_last: None, prisoners: [0, 0], moves: 0 })
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Stones `colour` has captured.
    pub fn prisoners(&self, colour: Colour) -> u32 {
        self.prisoners[usize::from(colour == Colour::White)]
    }

    /// `colour` plays at `at` (none: a pass, 第二条). A refused move changes nothing.
    pub fn play(&mut self, colour: Colour, at: Option<Coord>) -> Result<Vec<Coord>, MoveError> {
        if colour != self.to_move {
            return Err(MoveError::NotToMove(colour));
        }
        let before = self.position.hash();
        let captured = match at {
            None => vec![],
            Some(at) => {
                let Placed { position, captured } = self.position.place(colour, at).map_err(MoveError::Place)?;
                if self.seen.contains(&position.hash()) {
                    return Err(if captured.len() == 1 && self.before_last == Some(position.hash()) {
                        MoveError::KoRecapture
                    } else {
                        MoveError::Repetition
                    });
                }
                self.seen.insert(position.hash());
                self.position = position;
                captured
            }
        };
        self.prisoners[usize::from(colour == Colour::White)] += captured.len() as u32;
        self.before_last = Some(before);
        self.to_move = colour.opponent();
        self.moves += 1;
        Ok(captured)
    }
}

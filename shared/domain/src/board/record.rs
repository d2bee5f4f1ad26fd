//! Playing a game through, move by move, with the checks the rules make on each: a forbidden
//! point (第五条, 第十九条 when it happened at the table), an immediate ko recapture (第二十条一),
//! any other repetition of an earlier whole-board position (第六条), and a repetition that both
//! sides' captures led round to, the rare cycles of 第二十条三 (triple ko, eternal life, …). Every
//! position reached is kept by hash with when it was first reached, so each check costs O(1).

use std::collections::HashMap;

use crate::domain::Colour;
use crate::rules::{Article, Cycle};

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
    /// A repetition both sides' captures led round to (no pass between): 第二十条三.
    #[error("第二十条三: the move completes a cycle of captures ({0:?}) — draw or replay")]
    Cycle(Cycle),
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
            MoveError::Cycle(_) => Some(Article::Art20_3),
            MoveError::NotToMove(_) | MoveError::BoardSize(_) => None,
        }
    }
}

/// A game being played through.
#[derive(Debug, Clone)]
pub struct Record {
    position: Position,
    to_move: Colour,
    /// Every position the game has been in, by hash, with the move that first reached it
    /// (0: the start).
    seen: HashMap<u64, usize>,
    /// Per move: who played, whether it passed, how many stones it took.
    history: Vec<(Colour, bool, u32)>,
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
        let seen = HashMap::from([(position.hash(), 0)]);
        Some(Record { position, to_move, seen, history: Vec::new(), before_last: None, prisoners: [0, 0], moves: 0 })
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
                if let Some(&first) = self.seen.get(&position.hash()) {
                    return Err(if captured.len() == 1 && self.before_last == Some(position.hash()) {
                        MoveError::KoRecapture
                    } else {
                        self.cycle_since(first, colour, captured.len() as u32)
                    });
                }
                self.seen.insert(position.hash(), self.moves + 1);
                self.position = position;
                captured
            }
        };
        self.prisoners[usize::from(colour == Colour::White)] += captured.len() as u32;
        self.history.push((colour, at.is_none(), captured.len() as u32));
        self.before_last = Some(before);
        self.to_move = colour.opponent();
        self.moves += 1;
        Ok(captured)
    }

    /// Why a move by `colour` taking `taking` stones may not return to the position first
    /// reached after move `first`. Without a pass on the way round it is a cycle of 第二十条三:
    /// each side's stones can only come off by the other's captures, so a passless return means
    /// both sides took stones (triple ko, eternal life, sending two returning one, …). Through a
    /// pass it is the plain repetition of 第六条. Six single-stone captures are a triple ko,
    /// eight a quadruple-ko cycle.
    fn cycle_since(&self, first: usize, colour: Colour, taking: u32) -> MoveError {
        let round: Vec<(Colour, bool, u32)> =
            self.history[first..].iter().copied().chain(std::iter::once((colour, false, taking))).collect();
        if round.iter().any(|&(_, pass, _)| pass) {
            return MoveError::Repetition;
        }
        let singles = round.iter().all(|&(_, _, n)| n == 1);
        MoveError::Cycle(match (round.len(), singles) {
            (6, true) => Cycle::TripleKo,
            (8, true) => Cycle::QuadrupleKo,
            _ => Cycle::Other,
        })
    }
}

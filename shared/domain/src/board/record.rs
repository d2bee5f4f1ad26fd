//! Playing a game through, move by move, with the checks the rules make on each: a forbidden
//! point (第五条, 第十九条 when it happened at the table), an immediate ko recapture (第二十条一),
//! any other repetition of an earlier whole-board position (第六条), and a repetition that both
//! sides' captures led round to, the rare cycles of 第二十条三 (triple ko, eternal life, …). Every
//! position reached is kept by hash with when it was first reached, so each check costs O(1).
//!
//! Under the Ing rules (seed 003, [`KoRule::Ing`]) the same returns are decided instead of
//! ending the game: 變窮打劫、劫分爭攪 — a round in which both sides lost as many stones (爭劫:
//! triple ko, eternal life) may not be closed by taking a hot stone (热子) at once: it needs a
//! real move or a pass between; in a round where one side lost more (攪劫, that side the 攪方:
//! sending two returning one) the disturber may go round once, never again (越環再攪). A return
//! through a pass is no repetition under Ing (it has no 第六条).

use std::collections::HashMap;

use crate::model::Colour;
use crate::rules::{Article, Cycle, KoRule};

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
    /// Ing 二 (爭窮禁熱子): the capture would close a round both sides lost equally in: a hot
    /// stone is taken only after a real move or a pass.
    #[error("Ing 二: taking the hot stone at once closes the {0:?} round — play elsewhere or pass first")]
    HotStone(Cycle),
    /// Ing 二 (攪窮禁攪方越環再攪): the side that lost more stones in the round (the 攪方)
    /// would go round a second time.
    #[error("Ing 二: the disturbing side may not go round the disturbing ko again")]
    Disturbing,
    /// Ing 三: both sides passed once more after moves stopped — 着手終了, nothing is played
    /// after it.
    #[error("Ing 三: the game is over — both sides passed again after moves stopped")]
    AfterEnd,
}

/// Ing 三 (虛手的階段): where passes have brought a game. One side's pass alone changes
/// nothing (the opponent plays on); a pass from each side in a row stops moves (單官着完,
/// 着手休止); after that, dead stones are cleared — or, if the players disagree, play proves
/// them — and a pass from each side in a row again is the end (着手終了).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassPhase {
    Play,
    Stopped,
    Ended,
}

impl MoveError {
    /// The article the refusal cites.
    pub fn article(self) -> Option<Article> {
        match self {
            MoveError::Place(e) => e.article(),
            MoveError::KoRecapture => Some(Article::Art20_1),
            MoveError::Repetition => Some(Article::Art6),
            MoveError::Cycle(_) => Some(Article::Art20_3),
            MoveError::HotStone(_) | MoveError::Disturbing => Some(Article::Ing2),
            MoveError::AfterEnd => Some(Article::Ing3),
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
    ko: KoRule,
    /// Ing: the disturbing side that has gone round its disturbing ko once.
    went_round: Option<Colour>,
    /// Ing 三: the phase, and passes in a row within it.
    phase: PassPhase,
    passes_in_row: u8,
}

impl Record {
    /// A game on an empty board of `size`, Black to move (第二条).
    pub fn new(size: u8) -> Option<Record> {
        Record::from(Position::empty(size)?, Colour::Black)
    }

    /// A game from a set-up position (handicap stones, a problem) with `to_move` first.
    pub fn from(position: Position, to_move: Colour) -> Option<Record> {
        let seen = HashMap::from([(position.hash(), 0)]);
        Some(Record {
            position,
            to_move,
            seen,
            history: Vec::new(),
            before_last: None,
            prisoners: [0, 0],
            moves: 0,
            ko: KoRule::Chinese,
            went_round: None,
            phase: PassPhase::Play,
            passes_in_row: 0,
        })
    }

    /// The same game with returns ruled by `ko` (before any move is played).
    pub fn under(mut self, ko: KoRule) -> Record {
        self.ko = ko;
        self
    }

    /// How returns are ruled in this game.
    pub fn ko_rule(&self) -> KoRule {
        self.ko
    }

    /// Ing 三: where passes have brought the game (always `Play` under other rules, which
    /// end a game by the players' agreement, 第二十一条).
    pub fn phase(&self) -> PassPhase {
        self.phase
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
        if self.phase == PassPhase::Ended {
            return Err(MoveError::AfterEnd);
        }
        if colour != self.to_move {
            return Err(MoveError::NotToMove(colour));
        }
        let before = self.position.hash();
        let captured = match at {
            None => vec![],
            Some(at) => {
                let Placed { position, captured } = self.position.place(colour, at).map_err(MoveError::Place)?;
                if let Some(&first) = self.seen.get(&position.hash()) {
                    if captured.len() == 1 && self.before_last == Some(position.hash()) {
                        return Err(MoveError::KoRecapture);
                    }
                    match self.ko {
                        KoRule::Chinese => return Err(self.cycle_since(first, colour, captured.len() as u32)),
                        KoRule::Ing => self.ing_return(first, colour, captured.len() as u32)?,
                    }
                } else {
                    self.seen.insert(position.hash(), self.moves + 1);
                }
                self.position = position;
                captured
            }
        };
        self.prisoners[usize::from(colour == Colour::White)] += captured.len() as u32;
        self.history.push((colour, at.is_none(), captured.len() as u32));
        self.before_last = Some(before);
        self.to_move = colour.opponent();
        self.moves += 1;
        if self.ko == KoRule::Ing {
            self.count_pass(at.is_none());
        }
        Ok(captured)
    }

    /// Ing 三: a pass from each side in a row moves the game on a phase; a real move between
    /// (a handicap stone against White's passes, a point still open, play proving a dead group)
    /// starts the count again.
    fn count_pass(&mut self, pass: bool) {
        self.passes_in_row = if pass { self.passes_in_row + 1 } else { 0 };
        if self.passes_in_row == 2 {
            self.passes_in_row = 0;
            self.phase = match self.phase {
                PassPhase::Play => PassPhase::Stopped,
                PassPhase::Stopped | PassPhase::Ended => PassPhase::Ended,
            };
        }
    }

    /// Ing 二: whether `colour`, taking `taking` stones, may return to the position first
    /// reached after move `first`. A round both sides lost equally in (爭劫): not without a
    /// pass on the way — the hot stone waits a move. A round one side lost more in (攪劫): that
    /// side, the disturber, may go round once; after that it may not return again.
    fn ing_return(&mut self, first: usize, colour: Colour, taking: u32) -> Result<(), MoveError> {
        let round: Vec<(Colour, bool, u32)> =
            self.history[first..].iter().copied().chain(std::iter::once((colour, false, taking))).collect();
        // Stones each side lost in the round: what the other took.
        let lost = |c: Colour| -> u32 { round.iter().filter(|&&(by, _, _)| by != c).map(|&(_, _, n)| n).sum() };
        let (black, white) = (lost(Colour::Black), lost(Colour::White));
        if black == white {
            // 爭劫: a pass or a real move between is all the hot stone asks.
            if round.iter().any(|&(_, pass, _)| pass) {
                return Ok(());
            }
            return Err(match self.cycle_since(first, colour, taking) {
                MoveError::Cycle(c) => MoveError::HotStone(c),
                other => other,
            });
        }
        // 攪劫: "隨時禁止攪方續攪" — passes on the way do not reset it.
        let disturber = if black > white { Colour::Black } else { Colour::White };
        if colour == disturber {
            if self.went_round == Some(disturber) {
                return Err(MoveError::Disturbing);
            }
            self.went_round = Some(disturber);
        }
        Ok(())
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

//! Move checks for rulings: given a game record and a move number, was that move on a
//! forbidden point (第十九条, by 第五条), an immediate ko recapture (第二十条一), a repetition of
//! an earlier whole-board position (第六条), or the move that closes a rare cycle (第二十条三)?
//! The answer names the article and the incident a referee would record, with the facts the
//! record can give (who, where, and how far play had gone when it was checked — the KBA's
//! 付則第三条1 asks for an objection at once).

use serde::Serialize;

use crate::model::Colour;
use crate::rules::{Article, Incident};

use super::position::{Coord, PlaceError};
use super::record::{MoveError, Record};
use crate::rules::KoRule;

/// What the check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Verdict {
    Legal,
    /// The move breaks a rule of play.
    Illegal {
        article: Article,
        reason: String,
        /// The incident to record, facts filled from the record; none where no article of the
        /// 裁判法 is about it (a plain repetition, 第六条).
        incident: Option<Incident>,
    },
}

/// One move of a record, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct MoveCheck {
    /// 1-based, as a score sheet numbers moves.
    pub move_no: u32,
    pub colour: Colour,
    /// `D4`, or none for a pass.
    pub point: Option<String>,
    /// Moves the record holds after it: play went on this far before the check.
    pub moves_after: u32,
    pub verdict: Verdict,
}

/// Checks `colour` playing `at` on `record` as it stands (the position before the move).
pub fn check(record: &Record, colour: Colour, at: Option<Coord>) -> Verdict {
    let point = at.and_then(Coord::point);
    let mut trial = record.clone();
    let Err(e) = trial.play(colour, at) else { return Verdict::Legal };
    let incident = match e {
        MoveError::Place(PlaceError::Forbidden) => {
            Some(Incident::ForbiddenPoint { offender: colour, point, objection: None })
        }
        // Under Ing a hot stone taken at once, or the disturber going round again, is an
        // illegal ko capture at the table like any other (seed 003 sets no penalty of its own:
        // the 裁判法 table's 第二十条 rows apply).
        MoveError::KoRecapture | MoveError::HotStone(_) | MoveError::Disturbing => {
            Some(Incident::KoRecapture { offender: colour, point, objection: None })
        }
        MoveError::Cycle(cycle) => Some(Incident::RareCycle { cycle, at_end: None }),
        _ => None,
    };
    let article = match e {
        // At the table a forbidden point is ruled under 第十九条 (第五条 makes it forbidden).
        MoveError::Place(PlaceError::Forbidden) => Article::Art19,
        MoveError::Cycle(_) => Article::Art20_3,
        // The ordinary ko is Ing's single hot stone.
        MoveError::KoRecapture if record.ko_rule() == KoRule::Ing => Article::Ing2,
        other => other.article().unwrap_or(Article::Art6),
    };
    Verdict::Illegal { article, reason: e.to_string(), incident }
}

//! `arbiter-office count FILE.sgf`: a game record replayed with every check, the dead stones
//! the referee marks taken off, and the final position counted (第九条 area counting against
//! 180½ with the ruleset's komi). An illegal move in the record is refused with its number and
//! article.

use arbiter_core::board::{area, Coord};
use arbiter_core::interop::sgf;
use arbiter_core::rules::{counting, Outcome, Ruleset, RulesetSpec};
use serde::Serialize;

use crate::error::OfficeError;

/// What the referee reads.
#[derive(Debug, Clone, Serialize)]
pub struct CountReport {
    /// Each side's area in 子 (stones + surrounded points, shared points half each).
    pub black: f64,
    pub white: f64,
    pub shared_points: u32,
    pub method: &'static str,
    pub result: Outcome,
    /// The moves the record holds (all of them legal).
    pub moves: usize,
}

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A score-sheet point (`D4`, columns without I) on a `size` board.
fn point(text: &str, size: u8) -> Result<Coord, OfficeError> {
    let bad = || {
        OfficeError::bad("invalid_field", format!("--dead: `{text}` is not a point of a {size}×{size} board (e.g. D4)"))
    };
    let t = text.trim().to_ascii_uppercase();
    let letter = *t.as_bytes().first().ok_or_else(bad)?;
    let x = COLUMNS.iter().position(|&c| c == letter).filter(|&x| x < usize::from(size)).ok_or_else(bad)?;
    let row: u8 = t[1..].parse().map_err(|_| bad())?;
    if !(1..=size).contains(&row) {
        return Err(bad());
    }
    Ok(Coord { x: x as u8, y: row - 1 })
}

/// Counts the record `text` with `dead` stones taken off, under `ruleset`.
pub fn count(text: &str, dead: &[String], ruleset: RulesetSpec) -> Result<CountReport, OfficeError> {
    let game = sgf::parse(text)?;
    let record = sgf::replay(&game).map_err(|(n, e)| {
        let article = e.article().map(|a| format!(" ({})", a.number().zh)).unwrap_or_default();
        OfficeError::bad("illegal_move", format!("move {n}: {e}{article}"))
    })?;
    if game.size != 19 {
        return Err(OfficeError::bad(
            "invalid_field",
            format!("第九条 counts a 19×19 board against 180½; this record is {0}×{0}", game.size),
        ));
    }
    let rules = Ruleset::from_spec(ruleset);
    let mut dead_points = Vec::new();
    for d in dead.iter().flat_map(|d| d.split(',')).filter(|d| !d.trim().is_empty()) {
        let p = point(d, game.size)?;
        if record.position().get(p).is_none() {
            return Err(OfficeError::bad("invalid_field", format!("--dead: there is no stone on {}", d.trim())));
        }
        dead_points.push(p);
    }
    let c = area(&record.position().without(&dead_points));
    let result = counting::decide(c.to_count()?, &rules)?;
    Ok(CountReport {
        black: f64::from(c.black_halves) / 2.0,
        white: f64::from(c.white_halves) / 2.0,
        shared_points: c.shared,
        method: "area",
        result,
        moves: record.moves(),
    })
}

//! What the counting board on a screen asks the core, transport-neutral (the Tauri shell and
//! the office serve the same functions): a record loaded into a position, a position counted
//! with the stones the referee marks dead, and the komi checked for the method.

use serde::{Deserialize, Serialize};

use crate::error::{Detail, DomainError, Noun, Number, Result};
use crate::interop::sgf;
use crate::model::{Colour, Point};
use crate::rules::{ChineseKomi, Count, Outcome};

use super::count::{count_final, Method, Tally};
use super::position::{Coord, Position};

/// A final position as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct BoardSetup {
    /// 9, 13 or 19.
    pub size: u8,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    /// Stones each side took during play (territory counting adds them).
    #[serde(default)]
    pub captured_by_black: u32,
    #[serde(default)]
    pub captured_by_white: u32,
}

/// A game record loaded for counting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LoadedRecord {
    pub board: BoardSetup,
    pub moves: u32,
    /// Stones the record's own territory marks show dead (a scored record), as a start.
    pub dead: Vec<Point>,
    pub komi: Option<String>,
    pub result: Option<String>,
}

/// Count this position with these stones dead, by `method` with `komi` (in 子 for area
/// counting: 2, 2.75 or 3.75; in points otherwise).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct CountRequest {
    pub board: BoardSetup,
    #[serde(default)]
    pub dead: Vec<Point>,
    pub method: Method,
    pub komi: f64,
}

/// The count, the result, and what the game's ledger would record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct CountAnswer {
    pub tally: Tally,
    pub outcome: Outcome,
    /// The count to record as the game's result (19×19, area or territory); none otherwise,
    /// with why in `not_recordable`.
    pub count: Option<Count>,
    pub not_recordable: Option<String>,
}

/// Komi in the method's unit of decision: quarter-子 for area counting (第十一条's values only),
/// half-points otherwise (any multiple of ½ up to 100).
pub fn komi_units(method: Method, komi: f64) -> Result<u32> {
    match method {
        Method::Area => {
            let k: ChineseKomi = serde_json::from_value(serde_json::json!(komi)).map_err(|e| {
                let why = match crate::error::carried(&e.to_string()) {
                    Some(DomainError::Outside { detail, .. }) => detail,
                    _ => Detail::ChineseKomi { stones: Number(komi) },
                };
                DomainError::Outside { what: Noun::Komi, detail: Detail::InStones(Box::new(why)) }
            })?;
            Ok(k.quarters())
        }
        Method::Territory | Method::Ing => {
            if !(0.0..=100.0).contains(&komi) || (komi * 2.0).fract() != 0.0 {
                return Err(DomainError::Outside {
                    what: Noun::Komi,
                    detail: Detail::KomiPoints { points: Number(komi) },
                });
            }
            Ok((komi * 2.0) as u32)
        }
    }
}

fn coord(p: Point, size: u8) -> Result<Coord> {
    if p.col() < size && p.row() < size {
        Ok(Coord { x: p.col(), y: p.row() })
    } else {
        Err(DomainError::Outside { what: Noun::Point, detail: Detail::OffBoard { point: p.to_string(), size } })
    }
}

impl BoardSetup {
    /// The position, refusing a point off the board or given twice.
    pub fn position(&self) -> Result<Position> {
        let mut p = Position::empty(self.size).ok_or_else(|| DomainError::Invalid {
            field: "board.size".into(),
            detail: Detail::BoardSize { size: self.size },
        })?;
        for (points, colour) in [(&self.black, Colour::Black), (&self.white, Colour::White)] {
            for &pt in points {
                let c = coord(pt, self.size)?;
                if p.get(c).is_some() {
                    return Err(DomainError::Invalid {
                        field: "board".into(),
                        detail: Detail::GivenTwice { point: pt.to_string() },
                    });
                }
                p = p.with_stone(c, colour);
            }
        }
        Ok(p)
    }

    /// A position as the board shows it, with the stones each side has captured.
    pub fn of(position: &Position, captured: [u32; 2]) -> BoardSetup {
        let size = position.size();
        let mut b = BoardSetup {
            size,
            black: vec![],
            white: vec![],
            captured_by_black: captured[0],
            captured_by_white: captured[1],
        };
        for y in 0..size {
            for x in 0..size {
                let c = Coord { x, y };
                match (position.get(c), c.point()) {
                    (Some(Colour::Black), Some(p)) => b.black.push(p),
                    (Some(Colour::White), Some(p)) => b.white.push(p),
                    _ => {}
                }
            }
        }
        b
    }
}

/// Loads an SGF record: played through with every check (an illegal move refused with its
/// number and article), its final position and the dead stones its marks show.
pub fn load_record(text: &str) -> Result<LoadedRecord> {
    let game = sgf::parse(text)?;
    let record = sgf::replay(&game).map_err(|(n, e)| DomainError::Invalid {
        field: "sgf".into(),
        detail: Detail::AtMove { move_no: n, detail: Box::new(Detail::of_move(&e)) },
    })?;
    let captured = [record.prisoners(Colour::Black), record.prisoners(Colour::White)];
    Ok(LoadedRecord {
        board: BoardSetup::of(record.position(), captured),
        moves: record.moves() as u32,
        dead: game.marked_dead(record.position()).into_iter().filter_map(Coord::point).collect(),
        komi: game.komi,
        result: game.result,
    })
}

/// Counts the request's position.
pub fn count(req: &CountRequest) -> Result<CountAnswer> {
    let units = komi_units(req.method, req.komi)?;
    let position = req.board.position()?;
    let dead = req.dead.iter().map(|&p| coord(p, req.board.size)).collect::<Result<Vec<_>>>()?;
    let tally: Tally =
        count_final(&position, &dead, req.method, [req.board.captured_by_black, req.board.captured_by_white])?;
    let outcome = tally.outcome(units);
    let (count, not_recordable) = match tally.to_count() {
        Ok(c) => (Some(c), None),
        Err(e) => (None, Some(e.to_string())),
    };
    Ok(CountAnswer { tally, outcome, count, not_recordable })
}

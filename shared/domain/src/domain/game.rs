//! A game as scheduled: round, table, players, ruleset, time control, allowed lateness.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::domain::colour::Colour;
use crate::domain::ids::{GameId, PlayerId};
use crate::error::{DomainError, Result};
use crate::rules::RulesetSpec;

/// Time control per 第十二条: main time per side and the reserved byo-yomi minutes
/// (5 nationally, 1 locally).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct TimeControl {
    pub main_minutes: u16,
    pub reserved_minutes: u8,
}

/// A scheduled game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Game {
    pub id: GameId,
    pub round: u16,
    pub table: u16,
    pub black: PlayerId,
    pub white: PlayerId,
    pub ruleset: RulesetSpec,
    pub time_control: TimeControl,
    /// 赛场规定时间: lateness beyond this forfeits the game (第二十三条一/二).
    pub allowed_lateness_minutes: u16,
    /// 第三十一条四: why the chief arbiter set this pairing by hand, when they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reason: Option<String>,
}

impl Game {
    pub fn player(&self, c: Colour) -> &PlayerId {
        match c {
            Colour::Black => &self.black,
            Colour::White => &self.white,
        }
    }
}

/// A point on the 19×19 board, written as on a score sheet: column letter A–T without I,
/// row 1–19 (`"Q16"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct Point {
    col: u8,
    row: u8,
}

const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

impl Point {
    /// Zero-based column and row, both below 19.
    pub fn new(col: u8, row: u8) -> Result<Self> {
        if col < 19 && row < 19 {
            Ok(Self { col, row })
        } else {
            Err(DomainError::OutOfRange { what: "point", message: format!("({col}, {row}) is off the 19×19 board") })
        }
    }

    /// Zero-based column (A = 0, skipping I).
    pub fn col(self) -> u8 {
        self.col
    }

    /// Zero-based row (row 1 = 0).
    pub fn row(self) -> u8 {
        self.row
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", COLUMNS[usize::from(self.col)] as char, self.row + 1)
    }
}

impl std::str::FromStr for Point {
    type Err = DomainError;
    fn from_str(s: &str) -> Result<Self> {
        let bad = || DomainError::OutOfRange {
            what: "point",
            message: format!("`{s}` is not a board point (columns A–T without I, rows 1–19, e.g. Q16)"),
        };
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let col = COLUMNS.iter().position(|&c| c as char == letter).ok_or_else(bad)?;
        let row: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if !(1..=19).contains(&row) {
            return Err(bad());
        }
        Point::new(col as u8, row - 1)
    }
}

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(crate::error::to_serde)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_like_a_score_sheet() {
        for s in ["A1", "T19", "Q16", "J10", "H8"] {
            assert_eq!(s.parse::<Point>().map(|p| p.to_string()).as_deref(), Ok(s));
        }
        assert_eq!("q16".parse::<Point>().map(|p| p.to_string()).as_deref(), Ok("Q16"));
        for s in ["I5", "A0", "A20", "U1", "", "16Q", "Q"] {
            assert!(s.parse::<Point>().is_err(), "{s} should be refused");
        }
    }
}

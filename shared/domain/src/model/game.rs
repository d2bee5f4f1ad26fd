//! A game as scheduled: round, table, players, ruleset, time control, allowed lateness.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Detail, DomainError, Noun, Result};
use crate::model::colour::Colour;
use crate::model::ids::{GameId, PlayerId};
use crate::rules::RulesetSpec;

/// Time control. Wire form, version 1 (第十二条, still written for it): `{"main_minutes": 60,
/// "reserved_minutes": 5}` — 第十二条二 as seed 001 words it, a time limit (时限) of 60 minutes,
/// of which the last 5 are kept for byo-yomi ("在时限内保留几分钟开始读秒"; from rules revision 4,
/// [`TimeControl::read_under`] gives the reading of older records). Version 2, any other system:
/// `{"main_minutes": 60, "overtime": {"system": "periods", "periods": 5, "seconds": 30}}`, main
/// time and then the overtime, as those systems are played. Exactly one of the two is given
/// ([`TimeControl::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct TimeControl {
    /// With `reserved_minutes`: the whole time limit per side (第十二条一, 时限), the reserve
    /// included. With `overtime`: main time, before the overtime.
    pub main_minutes: u16,
    /// 第十二条二's reserved byo-yomi minutes, the last minutes of the limit (5 nationally, 1
    /// locally; 0: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reserved_minutes: Option<u8>,
    /// Any other overtime system.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub overtime: Option<Overtime>,
}

/// What follows main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Overtime {
    /// 第十二条: reserved minutes — a move under a minute costs nothing, each full minute one
    /// reserved minute, the last one may not be used up. 0: sudden death.
    ReservedMinutes { minutes: u8 },
    /// Byo-yomi periods (Japanese and Korean practice; OpenGotha's STDBYOYOMI): `periods` periods
    /// of `seconds`, the same rule with another length.
    Periods { periods: u8, seconds: u16 },
    /// Canadian byo-yomi (OpenGotha's CANBYOYOMI): `moves` moves in `seconds`, then a new block.
    Canadian { moves: u16, seconds: u32 },
    /// Fischer: `seconds` added to main time after every move; no overtime.
    Fischer { seconds: u16 },
}

impl fmt::Display for Overtime {
    /// As a results file names it: "5 x 60 s byo-yomi", "Canadian 15 moves / 300 s", …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Overtime::ReservedMinutes { minutes: 0 } => write!(f, "Sudden death"),
            Overtime::ReservedMinutes { minutes } => write!(f, "{minutes} x 60 s byo-yomi"),
            Overtime::Periods { periods, seconds } => write!(f, "{periods} x {seconds} s byo-yomi"),
            Overtime::Canadian { moves, seconds } => write!(f, "Canadian {moves} moves / {seconds} s"),
            Overtime::Fischer { seconds } => write!(f, "Fischer +{seconds} s"),
        }
    }
}

impl TimeControl {
    /// 第十二条: a time limit of `limit_minutes` per side, of which the last `minutes` are byo-yomi.
    pub const fn reserved(limit_minutes: u16, minutes: u8) -> TimeControl {
        TimeControl { main_minutes: limit_minutes, reserved_minutes: Some(minutes), overtime: None }
    }

    /// The minutes each side plays before overtime begins: under 第十二条 the limit less its
    /// reserve (60 with 5 reserved: 55), otherwise `main_minutes`.
    pub fn main_time_minutes(&self) -> u16 {
        match self.overtime() {
            Overtime::ReservedMinutes { minutes } if self.overtime.is_none() => {
                self.main_minutes.saturating_sub(u16::from(minutes))
            }
            _ => self.main_minutes,
        }
    }

    /// The time control as this build reads it, of a record admitted under rules revision
    /// `rules`: before [`crate::rules::RESERVE_WITHIN_LIMIT_SINCE`] a reserve came after
    /// `main_minutes` (60 + 5), so its limit is their sum (65, of which the last 5). The record
    /// keeps what it says; this is what it meant.
    pub fn read_under(self, rules: u16) -> TimeControl {
        match (self.reserved_minutes, self.overtime) {
            (Some(m), None) if rules < crate::rules::RESERVE_WITHIN_LIMIT_SINCE => {
                TimeControl { main_minutes: self.main_minutes.saturating_add(u16::from(m)), ..self }
            }
            _ => self,
        }
    }

    /// What the organiser set, with 第十二条二's arithmetic shown: "60 minutes, of which the last
    /// 5 are byo-yomi (55 + 5)". Other systems: main time, then the overtime.
    pub fn arithmetic(&self, lang: crate::labels::Lang) -> String {
        use crate::labels::Lang::*;
        let limit = self.main_minutes;
        let (reserve, main) = match (self.reserved_minutes, self.overtime) {
            (Some(m), None) => (m, self.main_time_minutes()),
            _ => {
                return match lang {
                    Zh => format!("基本用时{limit}分钟，然后 {}", self.overtime()),
                    ZhHant => format!("基本用時{limit}分鐘，然後 {}", self.overtime()),
                    En => format!("{limit} minutes' main time, then {}", self.overtime()),
                    Ko => format!("제한시간 {limit}분, 이후 {}", self.overtime()),
                    Ja => format!("持ち時間{limit}分、その後 {}", self.overtime()),
                }
            }
        };
        match (lang, reserve) {
            (Zh, 0) => format!("时限{limit}分钟，不读秒"),
            (ZhHant, 0) => format!("時限{limit}分鐘，不讀秒"),
            (En, 0) => format!("{limit} minutes, no byo-yomi"),
            (Ko, 0) => format!("제한시간 {limit}분, 초읽기 없음"),
            (Ja, 0) => format!("持ち時間{limit}分、秒読みなし"),
            (Zh, r) => format!("时限{limit}分钟，其中最后{r}分钟读秒（{main} + {r}）"),
            (ZhHant, r) => format!("時限{limit}分鐘，其中最後{r}分鐘讀秒（{main} + {r}）"),
            (En, 1) => format!("{limit} minutes, of which the last 1 is byo-yomi ({main} + 1)"),
            (En, r) => format!("{limit} minutes, of which the last {r} are byo-yomi ({main} + {r})"),
            (Ko, r) => format!("제한시간 {limit}분, 그중 마지막 {r}분은 초읽기 ({main} + {r})"),
            (Ja, r) => format!("持ち時間{limit}分、うち最後の{r}分は秒読み（{main} + {r}）"),
        }
    }

    /// Main time and another overtime system.
    pub const fn with(main_minutes: u16, overtime: Overtime) -> TimeControl {
        TimeControl { main_minutes, reserved_minutes: None, overtime: Some(overtime) }
    }

    /// The overtime system in force (a version-1 record gives its reserved minutes).
    pub fn overtime(&self) -> Overtime {
        match (self.overtime, self.reserved_minutes) {
            (Some(o), _) => o,
            (None, m) => Overtime::ReservedMinutes { minutes: m.unwrap_or(0) },
        }
    }

    /// Refuses what no organiser means: both forms or neither, main time beyond 1–600 minutes
    /// (0 allowed with overtime), and overtime settings out of their ranges.
    pub fn check(&self) -> Result<()> {
        let bad = |detail: Detail| DomainError::Outside { what: Noun::TimeControl, detail };
        match (self.reserved_minutes, self.overtime) {
            (Some(_), Some(_)) => return Err(bad(Detail::ReservedAndOvertime)),
            (None, None) => return Err(bad(Detail::ReservedOrOvertime)),
            _ => {}
        }
        if self.main_minutes > 600 {
            return Err(bad(Detail::MainTimeOver));
        }
        if let (Some(m), None) = (self.reserved_minutes, self.overtime) {
            if u16::from(m) > self.main_minutes {
                return Err(bad(Detail::ReservedOverLimit { reserved: m, limit: self.main_minutes }));
            }
        }
        let ok = match self.overtime() {
            Overtime::ReservedMinutes { minutes } => minutes <= 60 && self.main_minutes > 0,
            Overtime::Periods { periods, seconds } => (1..=60).contains(&periods) && (5..=600).contains(&seconds),
            Overtime::Canadian { moves, seconds } => (1..=100).contains(&moves) && (30..=3600).contains(&seconds),
            Overtime::Fischer { seconds } => (1..=600).contains(&seconds) && self.main_minutes > 0,
        };
        if ok {
            Ok(())
        } else {
            Err(bad(Detail::TimeControlRanges))
        }
    }
}

/// The most rounds an event has: every round number read from an event, a file or a request
/// is at most this (docs/security.md), since a round number sizes each player's row of scores.
/// A double round robin of 100 players fits.
pub const MAX_ROUNDS: u16 = 200;

/// A round number over [`MAX_ROUNDS`], refused.
pub fn round_over(round: impl fmt::Display) -> DomainError {
    DomainError::Outside { what: Noun::Round, detail: Detail::RoundOver { round: round.to_string(), max: MAX_ROUNDS } }
}

/// Round numbers as the wire format reads them: at most [`MAX_ROUNDS`], refused at their field.
pub mod rounds {
    use serde::{Deserialize, Deserializer};

    use super::{round_over, MAX_ROUNDS};

    fn check(r: u16) -> Result<u16, crate::error::DomainError> {
        if r > MAX_ROUNDS {
            return Err(round_over(r));
        }
        Ok(r)
    }

    /// One round number.
    pub fn one<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
        check(u16::deserialize(d)?).map_err(crate::error::to_serde)
    }

    /// An optional number of rounds.
    pub fn optional<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u16>, D::Error> {
        Option::<u16>::deserialize(d)?.map(check).transpose().map_err(crate::error::to_serde)
    }

    /// A list of round numbers: no longer than [`MAX_ROUNDS`] (each counted once), each at most it.
    pub fn list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u16>, D::Error> {
        let v = Vec::<u16>::deserialize(d)?;
        if v.len() > usize::from(MAX_ROUNDS) {
            return Err(crate::error::to_serde(crate::error::DomainError::Outside {
                what: crate::error::Noun::Round,
                detail: crate::error::Detail::RoundList { count: v.len(), max: MAX_ROUNDS },
            }));
        }
        v.into_iter().map(check).collect::<Result<_, _>>().map_err(crate::error::to_serde)
    }
}

/// A scheduled game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Game {
    pub id: GameId,
    #[serde(deserialize_with = "rounds::one")]
    pub round: u16,
    pub table: u16,
    pub black: PlayerId,
    pub white: PlayerId,
    pub ruleset: RulesetSpec,
    pub time_control: TimeControl,
    /// 赛场规定时间: lateness beyond this forfeits the game (第二十三条一/二).
    pub allowed_lateness_minutes: u16,
    /// Handicap stones (a McMahon pairing may give them; 0 is an even game).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<u8>"))]
    pub handicap: u8,
    /// 第三十一条四: why the chief arbiter set this pairing by hand, when they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reason: Option<String>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
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
            Err(DomainError::Outside { what: Noun::Point, detail: Detail::OffTheBoard { col, row } })
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
        let bad = || DomainError::Outside { what: Noun::Point, detail: Detail::NotAPoint { written: s.to_owned() } };
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

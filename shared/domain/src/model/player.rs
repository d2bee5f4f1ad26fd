//! Players and their ranks (段/级).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Detail, DomainError, Noun, Result};
use crate::model::ids::PlayerId;

/// A player's rank: amateur kyu (级) or dan (段), or professional dan.
/// Wire form: `"5k"`, `"3d"`, `"9p"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub enum Rank {
    Kyu(u8),
    Dan(u8),
    Pro(u8),
}

impl Rank {
    /// Strength on one integer scale, as OpenGotha counts it so McMahon starting scores match
    /// its files: 30k = −30 … 1k = −1, 1d = 0 … 9d = 8; professionals 1–3p = 6, 4–6p = 7, 7–9p = 8.
    pub fn value(&self) -> i32 {
        match *self {
            Rank::Kyu(n) => -i32::from(n),
            Rank::Dan(n) => i32::from(n) - 1,
            Rank::Pro(n) if n <= 3 => 6,
            Rank::Pro(n) if n <= 6 => 7,
            Rank::Pro(_) => 8,
        }
    }

    /// The rank for a value on that scale (clamped to 30k–9d).
    pub fn from_value(v: i32) -> Rank {
        let v = v.clamp(-30, 8);
        if v < 0 {
            Rank::Kyu(v.unsigned_abs() as u8)
        } else {
            Rank::Dan(v as u8 + 1)
        }
    }

    /// Chinese form as printed on pairing sheets.
    pub fn zh(&self) -> String {
        self.written(crate::labels::Lang::Zh)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(n) => write!(f, "{n}k"),
            Rank::Dan(n) => write!(f, "{n}d"),
            Rank::Pro(n) => write!(f, "{n}p"),
        }
    }
}

impl std::str::FromStr for Rank {
    type Err = DomainError;
    fn from_str(s: &str) -> Result<Self> {
        let written = || s.to_owned();
        let bad = |detail: Detail| DomainError::Outside { what: Noun::Rank, detail };
        // The unit is the last character, which need not be one byte (`5級`, `¡`).
        let cut = s.char_indices().last().map_or(0, |(i, _)| i);
        let (num, unit) = s.split_at(cut);
        let n: u8 = num.parse().map_err(|_| bad(Detail::WireRank { written: written() }))?;
        match unit {
            "k" if (1..=30).contains(&n) => Ok(Rank::Kyu(n)),
            "d" if (1..=9).contains(&n) => Ok(Rank::Dan(n)),
            "p" if (1..=9).contains(&n) => Ok(Rank::Pro(n)),
            "k" => Err(bad(Detail::WireKyuOver { written: written() })),
            "d" | "p" => Err(bad(Detail::WireDanOver { written: written() })),
            _ => Err(bad(Detail::WireRank { written: written() })),
        }
    }
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(crate::error::to_serde)
    }
}

/// A player entered in the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    pub rank: Rank,
    /// Club or team, as printed on the entry list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub club: Option<String>,
    /// Team, in team events (第二十六条二).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub team: Option<String>,
    /// Fixed board order in team events (分台定人制, 第二十六条).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub board: Option<u8>,
    /// What OpenGotha knew of the player, kept from an imported file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub opengotha: Option<OpenGothaRecord>,
}

/// What OpenGotha keeps of a player beyond the entry list, carried from an imported file and
/// written back on export. Pairing the OpenGotha way reads it: the two names for its "random",
/// the rating for the order inside a score group, the country for geography; the McMahon
/// starting score adds the correction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct OpenGothaRecord {
    pub name: String,
    pub first_name: String,
    pub rating: i32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub country: String,
    /// OpenGotha's `smmsCorrection`, added to the McMahon starting score.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub smms_correction: i32,
    /// The player's EGF PIN (schema 7), from an OpenGotha file, a CSV or a rating list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub egf_pin: Option<crate::model::Pin>,
    /// The player's FFG licence (schema 7), seven characters, from the FFG's list or a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ffg_licence: Option<String>,
    /// The other attributes OpenGotha writes of a player (`agaId`, `agaExpirationDate`,
    /// `ffgLicenceStatus`, `grade`, `ratingOrigin`), kept as read so its file comes back whole
    /// (schema 7).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<std::collections::BTreeMap<String, String>>", optional))]
    pub kept: std::collections::BTreeMap<String, String>,
    /// Registered provisionally in OpenGotha (`registeringStatus="PRE"`): in the standings,
    /// never paired, as OpenGotha's pairing window pairs finally registered players only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub preliminary: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip_and_reject_nonsense() {
        for bad in ["5級", "¡", "", "段"] {
            let expected = DomainError::Outside {
                what: crate::error::Noun::Rank,
                detail: crate::error::Detail::WireRank { written: bad.to_owned() },
            };
            assert_eq!(bad.parse::<Rank>(), Err(expected), "{bad}");
        }
        for s in ["1k", "30k", "1d", "9d", "9p"] {
            assert_eq!(s.parse::<Rank>().map(|r| r.to_string()).as_deref(), Ok(s));
        }
        for s in ["0k", "31k", "10d", "d", "", "3x", "-1k"] {
            assert!(s.parse::<Rank>().is_err(), "{s} should be refused");
        }
        assert_eq!(Rank::Dan(3).zh(), "业余3段");
        assert_eq!((Rank::Kyu(30).value(), Rank::Kyu(1).value(), Rank::Dan(1).value()), (-30, -1, 0));
        assert_eq!((Rank::Dan(9).value(), Rank::Pro(5).value()), (8, 7));
        for v in -30..=8 {
            assert_eq!(Rank::from_value(v).value(), v);
        }
    }
}

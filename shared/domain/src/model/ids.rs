//! Typed identifiers. People-facing ids (tournament, game, player, person, device) are short
//! validated slugs so a referee can read them off a score sheet; event ids are UUIDv7 so that
//! any device can mint them offline without collisions.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{DomainError, IdFault, Noun, Result};

const MAX_ID_LEN: usize = 64;

fn check_slug(kind: Noun, value: &str) -> Result<()> {
    let reason = if value.is_empty() {
        IdFault::Empty
    } else if value.len() > MAX_ID_LEN {
        IdFault::TooLong
    } else if !value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-')) {
        IdFault::Characters
    } else {
        return Ok(());
    };
    Err(DomainError::InvalidId { kind, value: value.to_owned(), reason })
}

macro_rules! slug_id {
    ($(#[$doc:meta])* $name:ident, $kind:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
        #[serde(transparent)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub struct $name(#[cfg_attr(feature = "schema", schemars(schema_with = "crate::schema::slug"))] String);

        impl $name {
            /// Validates and wraps an id.
            pub fn new(value: impl Into<String>) -> Result<Self> {
                let value = value.into();
                check_slug(Noun::$kind, &value)?;
                Ok(Self(value))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        /// Looks up a set of ids by `&str` (hashes and compares as the string does).
        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::str::FromStr for $name {
            type Err = DomainError;
            fn from_str(s: &str) -> Result<Self> {
                Self::new(s)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                Self::new(s).map_err(crate::error::to_serde)
            }
        }
    };
}

slug_id!(
    /// A tournament.
    TournamentId, Tournament
);
slug_id!(
    /// One game (one board in one round).
    GameId, Game
);
slug_id!(
    /// A player entered in the tournament.
    PlayerId, Player
);
slug_id!(
    /// An official: referee, chief arbiter, committee member or organiser.
    PersonId, Person
);
slug_id!(
    /// A device (tablet, phone, office) that writes events.
    DeviceId, Device
);

/// An event's id: a UUIDv7, minted by the device that recorded the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct EventId(uuid::Uuid);

impl EventId {
    /// Wraps a UUID, which must be version 7.
    pub fn new(id: uuid::Uuid) -> Result<Self> {
        if id.get_version_num() == 7 {
            Ok(Self(id))
        } else {
            Err(DomainError::InvalidId { kind: Noun::Event, value: id.to_string(), reason: IdFault::NotUuidV7 })
        }
    }

    /// Builds a v7 id from a millisecond timestamp and 10 random bytes. The caller supplies
    /// both so that this stays free of clocks and randomness.
    pub fn from_parts(unix_ms: u64, random: [u8; 10]) -> Self {
        Self(uuid::Builder::from_unix_timestamp_millis(unix_ms, &random).into_uuid())
    }

    pub fn as_uuid(&self) -> &uuid::Uuid {
        &self.0
    }
}

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for EventId {
    type Err = DomainError;
    fn from_str(s: &str) -> Result<Self> {
        let id = uuid::Uuid::parse_str(s).map_err(|e| DomainError::InvalidId {
            kind: Noun::Event,
            value: s.to_owned(),
            reason: match e.to_string().contains("length") {
                true => IdFault::UuidLength,
                false => IdFault::NotUuid,
            },
        })?;
        Self::new(id)
    }
}

impl<'de> Deserialize<'de> for EventId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(crate::error::to_serde)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_validated() {
        assert!(GameId::new("r1-t03").is_ok());
        let empty = DomainError::InvalidId { kind: Noun::Game, value: String::new(), reason: IdFault::Empty };
        assert_eq!(GameId::new(""), Err(empty));
        assert!(GameId::new("a b").is_err());
        assert!(GameId::new("x".repeat(65)).is_err());
        let err = serde_json::from_str::<PlayerId>("\"李/昌镐\"").unwrap_err();
        // The refusal crosses serde typed (error::to_serde).
        let carried = crate::error::carried(&err.to_string());
        let refusal =
            DomainError::InvalidId { kind: Noun::Player, value: "李/昌镐".into(), reason: IdFault::Characters };
        assert_eq!(carried, Some(refusal), "{err}");
    }

    #[test]
    fn event_ids_must_be_v7() {
        let v7 = EventId::from_parts(1_700_000_000_000, [7; 10]);
        assert_eq!(v7.as_uuid().get_version_num(), 7);
        assert_eq!(v7.to_string().parse::<EventId>(), Ok(v7));
        let v4 = "4a0c7e4e-9f3b-4d1a-8e2f-1c2d3e4f5a6b";
        let v4_refused = DomainError::InvalidId { kind: Noun::Event, value: v4.to_owned(), reason: IdFault::NotUuidV7 };
        assert_eq!(v4.parse::<EventId>(), Err(v4_refused));
        assert!("nope".parse::<EventId>().is_err());
    }

    #[test]
    fn v7_ids_sort_by_time() {
        let early = EventId::from_parts(1_000, [0xff; 10]);
        let late = EventId::from_parts(2_000, [0; 10]);
        assert!(early < late);
    }
}

//! The event envelope: an immutable, append-only fact with its id, scope, author and time.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::clock::Hlc;
use crate::error::{DomainError, Result};
use crate::event::body::EventBody;
use crate::event::signature::{EventDigest, Signature};
use crate::model::{Author, EventId, GameId, TournamentId};

/// The newest wire schema version this build writes; it reads every version up to it. Bump it
/// whenever the meaning or shape of a field changes or a kind is added, and keep a reader for
/// the old ones; see `docs/events.md`. Schema 2 brought `record_attached` and the envelope's
/// `rules`, `prev` and `sig`; schema 3 `venue_assigned`; schema 4 `player_absences`; schema 5
/// `incident_withdrawn` (undo); schema 6 `result_corrected`.
pub const SCHEMA_VERSION: u16 = 9;

/// The schema an event with `body` is written in: the oldest that carries it with a signature,
/// so that a device of an older build still reads every event but those it cannot know.
pub fn schema_for(body: &EventBody) -> u16 {
    body.schema().max(2)
}

/// One recorded fact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Event {
    pub schema: u16,
    pub id: EventId,
    pub tournament: TournamentId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game: Option<GameId>,
    pub author: Author,
    pub hlc: Hlc,
    /// The recording device's wall time, for people; ordering uses `hlc`.
    pub wall_time: DateTime<Utc>,
    pub body: EventBody,
    /// Schema 2: the rules revision it was admitted under (absent: 1), whose checks apply to it
    /// for ever ([`crate::rules::revision`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rules: Option<u16>,
    /// Schema 2: the digest of the event its signer signed before this one in this tournament
    /// (absent on the first), so a gap or a reordering in any copy of the ledger shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub prev: Option<EventDigest>,
    /// Schema 2: the signer's Ed25519 signature over [`Event::signing_bytes`]; absent on events of
    /// schema 1 (unsigned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sig: Option<Signature>,
}

impl Event {
    /// The total order every replica uses: HLC stamp, then id.
    pub fn order_key(&self) -> (Hlc, EventId) {
        (self.hlc, self.id)
    }

    /// The rules revision whose checks apply to this event.
    pub fn rules_revision(&self) -> u16 {
        self.rules.unwrap_or(1)
    }

    /// Checks what serde cannot: the schema version and that the scope fits the body.
    pub fn validate(&self) -> Result<()> {
        if !(1..=SCHEMA_VERSION).contains(&self.schema) {
            return Err(DomainError::UnsupportedSchema { found: u64::from(self.schema), supported: SCHEMA_VERSION });
        }
        if self.schema < 2 && (self.rules.is_some() || self.prev.is_some() || self.sig.is_some()) {
            return Err(DomainError::Invalid {
                field: "schema".to_owned(),
                detail: crate::error::Detail::Schema2Fields,
            });
        }
        match self.rules {
            Some(r) if r == 0 || r > crate::rules::RULES_REVISION => {
                return Err(DomainError::Invalid {
                    field: "rules".to_owned(),
                    detail: crate::error::Detail::RulesRevision { revision: r, max: crate::rules::RULES_REVISION },
                })
            }
            _ => {}
        }
        let kind = self.body.kind();
        if self.body.schema() > self.schema {
            return Err(DomainError::Invalid {
                field: "schema".to_owned(),
                detail: crate::error::Detail::EventNeedsSchema { kind, needs: self.body.schema(), found: self.schema },
            });
        }
        match (&self.game, kind.is_game_scoped()) {
            (None, true) => {
                return Err(DomainError::Invalid {
                    field: "game".to_owned(),
                    detail: crate::error::Detail::EventNeedsGame { kind },
                })
            }
            (Some(_), false) => {
                return Err(DomainError::Invalid {
                    field: "game".to_owned(),
                    detail: crate::error::Detail::EventNotOfGame { kind },
                })
            }
            _ => {}
        }
        match &self.body {
            EventBody::GameScheduled(g) if self.game.as_ref() != Some(&g.id) => Err(DomainError::Invalid {
                field: "body.data.id".to_owned(),
                detail: crate::error::Detail::ScheduledGameDiffers { game: g.id.to_string() },
            }),
            EventBody::TournamentCreated(t) if t.id != self.tournament => Err(DomainError::Invalid {
                field: "body.data.id".to_owned(),
                detail: crate::error::Detail::TournamentDiffers { tournament: t.id.to_string() },
            }),
            EventBody::RecordAttached { sgf, .. } => crate::interop::sgf::parse_attached(sgf).map(drop),
            _ => Ok(()),
        }
    }
}

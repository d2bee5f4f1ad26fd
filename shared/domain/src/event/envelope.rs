//! The event envelope: an immutable, append-only fact with its id, scope, author and time.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::clock::Hlc;
use crate::domain::{Author, EventId, GameId, TournamentId};
use crate::error::{DomainError, Result};
use crate::event::body::EventBody;

/// The wire schema version this build writes and reads. Bump it (and keep a reader for the old
/// one) whenever the meaning or shape of a field changes; see `docs/events.md`.
pub const SCHEMA_VERSION: u16 = 1;

/// One recorded fact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
}

impl Event {
    /// The total order every replica uses: HLC stamp, then id.
    pub fn order_key(&self) -> (Hlc, EventId) {
        (self.hlc, self.id)
    }

    /// Checks what serde cannot: the schema version and that the scope fits the body.
    pub fn validate(&self) -> Result<()> {
        if self.schema != SCHEMA_VERSION {
            return Err(DomainError::UnsupportedSchema { found: u64::from(self.schema), supported: SCHEMA_VERSION });
        }
        let kind = self.body.kind();
        match (&self.game, kind.is_game_scoped()) {
            (None, true) => {
                return Err(DomainError::InvalidField {
                    field: "game".to_owned(),
                    message: format!("a “{kind}” event must name its game"),
                })
            }
            (Some(_), false) => {
                return Err(DomainError::InvalidField {
                    field: "game".to_owned(),
                    message: format!("a “{kind}” event belongs to the tournament, not to a game"),
                })
            }
            _ => {}
        }
        match &self.body {
            EventBody::GameScheduled(g) if self.game.as_ref() != Some(&g.id) => Err(DomainError::InvalidField {
                field: "body.data.id".to_owned(),
                message: format!("scheduled game `{}` differs from the envelope's game", g.id),
            }),
            EventBody::TournamentCreated(t) if t.id != self.tournament => Err(DomainError::InvalidField {
                field: "body.data.id".to_owned(),
                message: format!("tournament `{}` differs from the envelope's tournament", t.id),
            }),
            _ => Ok(()),
        }
    }
}

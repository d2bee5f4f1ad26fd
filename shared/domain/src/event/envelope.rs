//! The event envelope: an immutable, append-only fact with its id, scope, author and time.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::clock::Hlc;
use crate::domain::{Author, EventId, GameId, TournamentId};
use crate::error::{DomainError, Result};
use crate::event::body::EventBody;

/// The newest wire schema version this build reads and writes (it reads every older one). Bump
/// it whenever the meaning or shape of a field changes or a kind is added, and keep a reader for
/// the old ones; see `docs/events.md`. An event is written at the oldest version that has its
/// kind ([`crate::event::EventKind::schema`]), so a device of an older build still reads all it can.
pub const SCHEMA_VERSION: u16 = 2;

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
        if !(1..=SCHEMA_VERSION).contains(&self.schema) {
            return Err(DomainError::UnsupportedSchema { found: u64::from(self.schema), supported: SCHEMA_VERSION });
        }
        let kind = self.body.kind();
        if kind.schema() > self.schema {
            return Err(DomainError::InvalidField {
                field: "schema".to_owned(),
                message: format!("a “{kind}” event needs schema {} or later, not {}", kind.schema(), self.schema),
            });
        }
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
            EventBody::RecordAttached { sgf, .. } => crate::interop::sgf::parse_attached(sgf).map(drop),
            _ => Ok(()),
        }
    }
}

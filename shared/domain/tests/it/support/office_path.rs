//! The office's own path for an OpenGotha file, as an organiser takes it: the file brought in
//! as events (`to_events`, what `POST /api/v1/import/opengotha` records), then a round paired
//! from the ledger as it stood before that round (`run::pair_round`, what
//! `POST /api/v1/rounds/{r}/pair` records).

use std::collections::HashMap;

use arbiter_domain::clock::Hlc;
use arbiter_domain::event::{Event, EventBody, SCHEMA_VERSION};
use arbiter_domain::interop::opengotha::{self, OpenGotha};
use arbiter_domain::model::{Author, DeviceId, EventId, PersonId, Role, TournamentId};
use arbiter_domain::rules::RulesetSpec;
use arbiter_domain::tournament::{replay, run, RoundPairing};

/// The file's events as the office records them, stamped a millisecond apart by the organiser.
pub struct Ledger {
    events: Vec<Event>,
    round_of: HashMap<arbiter_domain::model::GameId, u16>,
}

impl Ledger {
    pub fn of(og: &OpenGotha) -> Ledger {
        let t = TournamentId::new("t1").unwrap();
        let (bodies, _) = opengotha::to_events(og, &t, RulesetSpec::default()).unwrap();
        let events: Vec<Event> = bodies
            .into_iter()
            .enumerate()
            .map(|(n, (game, mut body))| {
                // The organiser sets the lateness an OpenGotha file does not hold.
                if let EventBody::TournamentCreated(t) = &mut body {
                    t.settings.allowed_lateness_minutes = Some(15);
                }
                let ms = 1_795_000_000_000 + n as u64;
                let mut random = [0u8; 10];
                random[2..].copy_from_slice(&(n as u64).to_be_bytes());
                Event {
                    schema: SCHEMA_VERSION,
                    rules: Some(arbiter_domain::rules::RULES_REVISION),
                    prev: None,
                    sig: None,
                    id: EventId::from_parts(ms, random),
                    tournament: t.clone(),
                    game,
                    author: Author {
                        device: DeviceId::new("office").unwrap(),
                        person: PersonId::new("org").unwrap(),
                        role: Role::Organiser,
                    },
                    hlc: Hlc::new(ms, 0),
                    wall_time: chrono::DateTime::from_timestamp_millis(ms as i64).unwrap(),
                    body,
                }
            })
            .collect();
        let round_of = events
            .iter()
            .filter_map(|e| match &e.body {
                EventBody::GameScheduled(g) => Some((g.id.clone(), g.round)),
                _ => None,
            })
            .collect();
        Ledger { events, round_of }
    }

    /// Round `round` paired by the office from the ledger of the rounds before it.
    pub fn pair(&self, round: u16) -> RoundPairing {
        run::pair_round(&self.view(round), round).unwrap_or_else(|e| panic!("round {round}: {e}")).0
    }

    /// The event as the ledger stood before `round` was paired.
    pub fn view(&self, round: u16) -> arbiter_domain::tournament::TournamentView {
        let before: Vec<Event> = self
            .events
            .iter()
            .filter(|e| match &e.body {
                EventBody::ByeAssigned { round: r, .. } => *r < round,
                _ => e.game.as_ref().and_then(|g| self.round_of.get(g)).is_none_or(|r| *r < round),
            })
            .cloned()
            .collect();
        replay(&before).remove(0)
    }
}

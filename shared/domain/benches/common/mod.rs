//! Timing helpers and the event log the domain's benchmarks share.

#![allow(dead_code)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbiter_domain::clock::Hlc;
use arbiter_domain::event::{Event, EventBody};
use arbiter_domain::model::{Author, DeviceId, EventId, GameId, PersonId, Role, TournamentId};

/// An event's ledger written in order, each event a millisecond after the one before.
pub struct Log {
    pub events: Vec<Event>,
}

impl Log {
    /// A log that starts with the creation of tournament `bench` named `name`, run by `system`
    /// over `rounds` rounds (main time 60 min, 1 reserved minute, 15 minutes' lateness allowed).
    pub fn created(name: &str, system: arbiter_domain::tournament::System, rounds: u16) -> Log {
        use arbiter_domain::model::{Settings, TimeControl, Tournament};
        let settings = Settings {
            time_control: Some(TimeControl::reserved(60, 1)),
            allowed_lateness_minutes: Some(15),
            system: Some(system),
            rounds: Some(rounds),
            ..Settings::default()
        };
        let t = Tournament {
            id: TournamentId::new("bench").unwrap(),
            name: name.into(),
            ruleset: arbiter_domain::rules::RulesetSpec::default(),
            settings,
        };
        let mut log = Log { events: vec![] };
        log.push(None, Role::Organiser, EventBody::TournamentCreated(t));
        log
    }

    /// Plays `rounds` rounds: each paired by the tournament's system as the office pairs it, its
    /// events recorded by the chief arbiter; then `played` records what happened in each game
    /// scheduled (given the round, the game's id and the game).
    pub fn play(
        &mut self,
        rounds: u16,
        mut played: impl FnMut(&mut Log, u16, Option<GameId>, &arbiter_domain::model::Game),
    ) {
        for round in 1..=rounds {
            let view = arbiter_domain::tournament::replay(&self.events).remove(0);
            let (_, bodies) = arbiter_domain::tournament::run::pair_round(&view, round).unwrap();
            for (game, body) in bodies {
                let scheduled = match &body {
                    EventBody::GameScheduled(g) => Some(g.clone()),
                    _ => None,
                };
                self.push(game.clone(), Role::ChiefArbiter, body);
                if let Some(g) = scheduled {
                    played(self, round, game, &g);
                }
            }
        }
    }

    pub fn push(&mut self, game: Option<GameId>, role: Role, body: EventBody) {
        let n = self.events.len() as u64;
        let ms = 1_795_000_000_000 + n;
        let mut random = [0u8; 10];
        random[0] = 0x80;
        random[2..].copy_from_slice(&n.to_be_bytes());
        self.events.push(Event {
            schema: arbiter_domain::event::schema_for(&body),
            rules: Some(arbiter_domain::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(ms, random),
            tournament: TournamentId::new("bench").unwrap(),
            game,
            author: Author { device: DeviceId::new("office").unwrap(), person: PersonId::new("org").unwrap(), role },
            hlc: Hlc::new(ms, 0),
            wall_time: chrono::DateTime::from_timestamp_millis(ms as i64).unwrap(),
            body,
        });
    }
}

/// Median of `n` timed runs of `f`.
pub fn median<T>(n: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[n / 2]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

//! Given/when/then helpers for rule scenarios: one scheduled game at one table, events stamped
//! one second apart by the referee, the chief arbiter or the committee.
#![allow(dead_code, unused_imports)]

pub mod office_path;
pub mod parity;
pub mod positions;

use arbiter_domain::clock::Hlc;
use arbiter_domain::error::Unmet;
use arbiter_domain::event::{Event, EventBody, SCHEMA_VERSION};
use arbiter_domain::game::{fold_game, validate, GameState};
use arbiter_domain::model::*;
use arbiter_domain::rules::penalty::Condition;
use arbiter_domain::rules::{Article, Incident, RulesetSpec, Ruling};
use arbiter_domain::{DomainError, ErrorBody};
use chrono::{TimeZone, Utc};

pub const START_MS: u64 = 1_795_000_000_000;

/// One game at one table, as its events accumulate.
#[derive(Clone)]
pub struct Table {
    pub events: Vec<Event>,
    pub game: GameId,
    /// The rules revision the events are recorded under (this build's, unless a test stands
    /// where an earlier build stood).
    pub rules: u16,
    ms: u64,
    seq: u16,
}

impl Table {
    /// Game `g1`, round 1 table 1, a 60-minute limit of which the last 5 are reserved (第十二条二),
    /// 15 minutes' lateness allowed.
    pub fn new(ruleset: RulesetSpec) -> Self {
        let mut t = Table::unscheduled();
        t.schedule(ruleset, 15);
        t
    }

    pub fn chinese() -> Self {
        Table::new(RulesetSpec::default())
    }

    pub fn korean() -> Self {
        Table::new(RulesetSpec::Korean)
    }

    pub fn unscheduled() -> Self {
        Table {
            events: Vec::new(),
            game: GameId::new("g1").unwrap(),
            rules: arbiter_domain::rules::RULES_REVISION,
            ms: START_MS,
            seq: 0,
        }
    }

    /// Game `id` in `round` at `table` between `black` and `white` (players of tournament t1),
    /// its events stamped after `after_ms` so several tables can share one log. Komi 2 子 (the
    /// 1988 rules), so that a count can be a draw.
    pub fn at(id: &str, round: u16, table: u16, black: &str, white: &str, after_ms: u64) -> Self {
        let mut t = Table {
            events: Vec::new(),
            game: GameId::new(id).unwrap(),
            rules: arbiter_domain::rules::RULES_REVISION,
            ms: after_ms,
            seq: 0,
        };
        let game = Game {
            id: t.game.clone(),
            round,
            table,
            black: PlayerId::new(black).unwrap(),
            white: PlayerId::new(white).unwrap(),
            ruleset: RulesetSpec::Chinese1988 { komi: arbiter_domain::rules::ChineseKomi::Two },
            time_control: TimeControl::reserved(60, 5),
            allowed_lateness_minutes: 15,
            handicap: 0,
            reason: None,
        };
        t.push(Role::Organiser, EventBody::GameScheduled(game));
        t
    }

    pub fn schedule(&mut self, ruleset: RulesetSpec, lateness_minutes: u16) -> EventId {
        let game = Game {
            id: self.game.clone(),
            round: 1,
            table: 1,
            black: PlayerId::new("p-black").unwrap(),
            white: PlayerId::new("p-white").unwrap(),
            ruleset,
            time_control: TimeControl::reserved(60, 5),
            allowed_lateness_minutes: lateness_minutes,
            handicap: 0,
            reason: None,
        };
        self.push(Role::Organiser, EventBody::GameScheduled(game))
    }

    /// Lets `ms` pass before the next event (each event is a second after the last anyway).
    pub fn wait(&mut self, ms: u64) {
        self.ms += ms;
    }

    /// The time of the last event (ms).
    pub fn now(&self) -> u64 {
        self.ms
    }

    /// Builds the next event by `role` without recording it.
    pub fn event(&mut self, role: Role, body: EventBody) -> Event {
        self.ms += 1_000;
        self.seq += 1;
        let person = match role {
            Role::Organiser => "org",
            Role::Referee => "ref-wang",
            Role::ChiefArbiter => "chief-liu",
            Role::Committee => "committee",
            Role::Office => "venue-hz",
        };
        let mut random = [0u8; 10];
        random[0] = 0x80; // a valid RFC 4122 variant
        random[8..].copy_from_slice(&self.seq.to_be_bytes());
        Event {
            schema: arbiter_domain::event::schema_for(&body),
            rules: Some(self.rules),
            prev: None,
            sig: None,
            id: EventId::from_parts(self.ms, random),
            tournament: TournamentId::new("t1").unwrap(),
            game: Some(self.game.clone()),
            author: Author {
                device: DeviceId::new(format!("dev-{person}")).unwrap(),
                person: PersonId::new(person).unwrap(),
                role,
            },
            hlc: Hlc::new(self.ms, 0),
            wall_time: Utc.timestamp_millis_opt(self.ms as i64).unwrap(),
            body,
        }
    }

    pub fn push(&mut self, role: Role, body: EventBody) -> EventId {
        let e = self.event(role, body);
        let id = e.id;
        self.events.push(e);
        id
    }

    pub fn referee(&mut self, body: EventBody) -> EventId {
        self.push(Role::Referee, body)
    }

    pub fn chief(&mut self, body: EventBody) -> EventId {
        self.push(Role::ChiefArbiter, body)
    }

    pub fn committee(&mut self, body: EventBody) -> EventId {
        self.push(Role::Committee, body)
    }

    /// The referee records an incident with a ruling.
    pub fn incident(&mut self, incident: Incident, ruling: Ruling) -> EventId {
        self.referee(record(incident, Some(ruling)))
    }

    /// The official in `role` proposes `body`: checked against the game first, as a device does.
    pub fn try_push(&mut self, role: Role, body: EventBody) -> Result<EventId, DomainError> {
        validate(&self.state(), role, &body)?;
        Ok(self.push(role, body))
    }

    pub fn try_incident(&mut self, incident: Incident, ruling: Ruling) -> Result<EventId, DomainError> {
        self.try_push(Role::Referee, record(incident, Some(ruling)))
    }

    pub fn state(&self) -> GameState {
        fold_game(&self.game, RulesetSpec::default(), &self.events)
    }
}

pub fn record(incident: Incident, ruling: Option<Ruling>) -> EventBody {
    EventBody::IncidentRecorded { incident, ruling, note: None }
}

/// A correction of the result decided by `replaces`.
pub fn correct(
    replaces: EventId,
    outcome: Option<arbiter_domain::rules::Outcome>,
    cause: arbiter_domain::game::CorrectionCause,
    why: &str,
) -> EventBody {
    EventBody::ResultCorrected { replaces, outcome, cause, why: why.to_owned() }
}

pub fn rule(incident: EventId, ruling: Ruling) -> EventBody {
    EventBody::RulingIssued { incident, ruling, note: None }
}

/// The refusal of `ruling` because its table row under `article` applies only `when`.
pub fn unmet(article: Article, ruling: Ruling, when: Condition) -> DomainError {
    DomainError::ConditionNotMet { article, why: Unmet::Condition { ruling, when } }
}

/// The fold keeps only the body of what it refused (`ErrorBody`), so a test names the typed
/// refusal and compares the body it makes: its message says the variant's fields.
pub fn refusal(state: &GameState, event: EventId) -> Option<&ErrorBody> {
    state.rejected.iter().find(|r| r.event == event).map(|r| &r.error)
}

pub use arbiter_domain::model::Colour::{Black, White};

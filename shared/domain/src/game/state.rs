//! A game's derived state: what the fold computes and every screen and export shows.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::clock::Hlc;
use crate::error::ErrorBody;
use crate::event::AppealDecision;
use crate::model::{Author, Colour, EventId, Game, GameId, PerColour, PlayerId, Role};
use crate::rules::{Article, Consequence, Incident, Outcome, ResultReason, RulesetSpec, Ruling};

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Status {
    Scheduled,
    Playing,
    /// 第十四条 pause: clocks stopped.
    Paused,
    /// 第十四条 adjourned; `sealer` handed the referee a sealed move (`seal`: its commitment,
    /// when the tablet took it).
    Adjourned {
        sealer: Colour,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "schema", schemars(default))]
        #[cfg_attr(feature = "ts", ts(optional))]
        seal: Option<crate::game::SealDigest>,
    },
    /// 第十三条二 both confirmed the end; counting.
    EndConfirmed,
    Finished,
}

/// One side's record in this game. Every entry names the incident it came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SideRecord {
    pub player: Option<PlayerId>,
    /// 警告: counts toward 第二十五条二.
    pub warnings: Vec<EventId>,
    /// 劝告: recorded, does not count.
    pub advice: Vec<EventId>,
    /// 弃权一次 (19, 20.1, 22).
    pub imposed_passes: Vec<EventId>,
    /// Net clock change in seconds (23.3 deducts late time).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub clock_adjustment_secs: i64,
    /// 23.6: at most one per game.
    pub approved_absences: Vec<EventId>,
    /// 24.1: reported to the organising committee.
    pub reported_to_committee: Vec<EventId>,
}

/// The game's result, with the article that decided it and the event it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GameResult {
    #[serde(flatten)]
    pub outcome: Outcome,
    pub reason: ResultReason,
    pub article: Article,
    /// The incident or fact that decided it.
    pub event: EventId,
    /// The role of who recorded that event (who may correct an entered result: the organiser
    /// only its own, game::correction). Absent in states folded before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub by: Option<Role>,
}

/// A ruling on an incident, as recorded, with what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct RulingRecord {
    pub event: EventId,
    pub hlc: Hlc,
    pub author: Author,
    pub ruling: Ruling,
    /// 1 referee, 2 chief arbiter, 3 committee (appeal).
    pub rank: u8,
    /// The article it applies, once admitted.
    pub article: Option<Article>,
    /// Why it was refused, if it was.
    pub refused: Option<ErrorBody>,
    /// The ruling that replaced it.
    pub superseded_by: Option<EventId>,
    /// The appeal this ruling decided, for a committee's ruling.
    pub appeal: Option<EventId>,
}

/// The ruling in force on an incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct EffectiveRuling {
    pub event: EventId,
    pub ruling: Ruling,
    pub article: Article,
    pub rank: u8,
}

/// An incident with its rulings and consequence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct IncidentView {
    pub id: EventId,
    pub hlc: Hlc,
    pub wall_time: DateTime<Utc>,
    pub author: Author,
    pub incident: Incident,
    /// The article it falls under: the ruling in force's, else the one the ruleset's table
    /// cites for its type (None when the ruleset does not cover it).
    pub article: Option<Article>,
    pub note: Option<String>,
    pub rulings: Vec<RulingRecord>,
    pub effective: Option<EffectiveRuling>,
    /// Two admitted rulings of the same, highest rank disagree.
    pub disputed: bool,
    /// Recorded after the game's result (in the agreed event order).
    pub after_result: bool,
    /// Recorded after the result, it would have decided the game again (a loss, the second
    /// warning): kept, flagged, and the result stands (rules revision 3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
    pub would_decide: bool,
    /// The consequence applied to the game, if any was.
    pub consequence: Option<Consequence>,
    /// Roles the incident was escalated to.
    pub escalated_to: Vec<Role>,
    /// The rules revision it was recorded under: the checks of that revision apply to every
    /// ruling on it (`rules::revision`).
    #[serde(default = "first_revision")]
    pub rules: u16,
    /// Undone by the device that recorded it (game::undo): it decides nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub withdrawn: Option<Withdrawal>,
}

/// An undo: the `incident_withdrawn` event, when, and by whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Withdrawal {
    pub event: EventId,
    pub wall_time: DateTime<Utc>,
    pub author: Author,
}

fn first_revision() -> u16 {
    1
}

/// An appeal to the organising committee (第十六条四).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct AppealView {
    pub id: EventId,
    pub incident: EventId,
    pub by: Colour,
    pub grounds: String,
    /// The committee's admitted decision; `None` while the appeal is open.
    pub decision: Option<(EventId, AppealDecision)>,
    /// Decisions the rules refused (the appeal stays open until one is admitted).
    pub refused: Vec<Rejected>,
}

/// What the open item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum OpenKind {
    Escalation,
    Dispute,
    Appeal,
    /// Recorded without a ruling.
    AwaitingRuling,
    /// An incident or fact recorded after the result; the chief arbiter decides.
    AfterResult,
}

/// Something an official still has to decide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct OpenItem {
    pub kind: OpenKind,
    /// Who decides it.
    pub for_role: Role,
    /// The event that opened it (escalation, appeal, incident or fact).
    pub event: EventId,
    pub incident: Option<EventId>,
    pub article: Option<Article>,
    /// Decisions on it that the rules refused, shown beside it (an appeal stays open).
    pub refused: Vec<Rejected>,
}

/// Whose move it is after an imposed pass (第十九条, 第二十条一, 第二十二条: 轮对方下子), while
/// that pass is the latest thing recorded on the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ToMove {
    pub colour: Colour,
    /// The incident whose ruling imposed the pass.
    pub after_pass: EventId,
    pub article: Article,
}

/// An event the fold did not apply, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Rejected {
    pub event: EventId,
    #[serde(flatten)]
    pub error: ErrorBody,
}

/// The derived state of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GameState {
    pub game: GameId,
    pub schedule: Option<Game>,
    /// The schedule's time control as this build reads it (第十二条二: `main_minutes` the whole
    /// limit, the reserve its last minutes), whatever rules revision the schedule was recorded
    /// under: a schedule of revision 3 or before saying 60 + 5 reads as a 65-minute limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time_limit: Option<crate::model::TimeControl>,
    /// The ruleset in force, shown on the game record.
    pub ruleset: RulesetSpec,
    pub status: Status,
    pub sides: PerColour<SideRecord>,
    pub result: Option<GameResult>,
    /// Who is to move, right after an imposed pass (nothing else is known of the moves).
    pub to_move: Option<ToMove>,
    /// Results the chief arbiter or the committee replaced, oldest first.
    pub superseded_results: Vec<GameResult>,
    /// The result's corrections, in event order (game::correction).
    #[serde(default)]
    pub corrections: Vec<crate::game::Correction>,
    pub incidents: Vec<IncidentView>,
    pub appeals: Vec<AppealView>,
    pub open: Vec<OpenItem>,
    /// Facts recorded after the result that were not applied.
    pub after_result: Vec<EventId>,
    pub rejected: Vec<Rejected>,
    /// Distinct events folded.
    pub events: usize,
    /// The clock's facts in the order they happened, with their times (ms): what
    /// [`GameState::clock`] folds (第十二条, 第十四条, 第二十三条三).
    #[serde(skip)]
    pub clock_facts: Vec<(crate::timing::ClockFact, u64)>,
    /// What the fold's walk went through, kept so that a ruling, an escalation or an appeal can
    /// be folded on by walking it again without reading the game's events (not sent to screens).
    #[serde(skip)]
    pub walk: Walk,
}

/// The walk's input and its own refusals (see [`GameState::walk`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walk {
    /// The incidents and the clock presses and facts, in event order.
    pub steps: Vec<Walked>,
    /// Refusals the walk made (an event it could not apply), also in the state's `rejected`.
    pub rejected: Vec<Rejected>,
}

/// One step of the walk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Walked {
    Incident {
        id: EventId,
    },
    /// A clock press or a fact: what [`crate::event::Event`] the walk reads of it (the body
    /// boxed: an event body is many times the size of an incident step).
    Fact {
        id: EventId,
        at_ms: u64,
        role: Role,
        /// The rules revision it was recorded under.
        #[serde(default = "first_revision")]
        rules: u16,
        /// Who recorded it, for a correction (its history names them); none for other facts,
        /// which are most of a game's events (clock presses).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        person: Option<crate::model::PersonId>,
        body: Box<crate::event::EventBody>,
    },
}

impl GameState {
    pub fn incident(&self, id: EventId) -> Option<&IncidentView> {
        self.incidents.iter().find(|i| i.id == id)
    }

    pub fn warnings(&self, c: Colour) -> usize {
        self.sides.get(c).warnings.len()
    }
}

impl GameState {
    /// The game clock as its facts left it, once the game is scheduled (its time control) and
    /// the clock has started. Facts it could not take are left out.
    pub fn clock(&self) -> Option<crate::timing::GameClock> {
        use crate::timing::{ClockFact, ClockSettings, GameClock};
        let settings = ClockSettings::from(self.time_limit?);
        let first = self.clock_facts.first()?.1;
        // The rulings in force: time deducted (第二十三条三 lateness) and approved absences
        // (第二十三条六), taken from the sides before play.
        let mut facts = Vec::new();
        for c in Colour::BOTH {
            let side = self.sides.get(c);
            if side.clock_adjustment_secs < 0 {
                let late_ms = side.clock_adjustment_secs.unsigned_abs() * 1_000;
                facts.push((ClockFact::LateArrival { side: c, late_ms }, first));
            }
            for _ in &side.approved_absences {
                facts.push((ClockFact::AbsenceApproved { side: c }, first));
            }
        }
        facts.extend(self.clock_facts.iter().copied());
        Some(GameClock::fold(settings, &facts).0)
    }

    /// The facts the penalty table's conditions may need from the schedule.
    pub fn rule_context(&self) -> crate::rules::RuleContext {
        crate::rules::RuleContext::for_game(self.schedule.as_ref())
    }
}

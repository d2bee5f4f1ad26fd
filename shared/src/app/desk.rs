//! The chief arbiter's desk (and the committee's): one card per open item, with enough on it to
//! decide from — the players, what happened in words, who recorded and who escalated it and
//! when, the referee's ruling and note, the game's state, and each ruling the viewer may give
//! with its consequence previewed. Pure: the app and the office both call it with what their
//! store holds and the time as an argument.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::clock::Hlc;
use crate::event::{AppealDecision, Event, EventBody};
use crate::game::{preview_on, validate, AppealView, GameState, IncidentView, OpenItem, OpenKind, Preview, Status};
use crate::model::{Author, Colour, EventId, GameId, PersonId, Role, TournamentId};
use crate::rules::{allowed, facts::in_words, facts::FactInWords, Article, Incident, Ruleset, Ruling};
use crate::timing::ClockFact;
use crate::tournament::TournamentView;

use super::views::{Names, PlayerInfo};

/// Who did something, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Step {
    pub person: PersonId,
    /// The official's name as registered (the id when the device does not know it).
    pub name: String,
    pub role: Role,
    pub at: DateTime<Utc>,
}

/// The incident an item is about, as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct IncidentCard {
    pub incident: Incident,
    /// Every recorded fact, in words.
    pub facts: Vec<FactInWords>,
    pub note: Option<String>,
    pub recorded: Step,
    /// The referee's own ruling (rank 1), if they gave one.
    pub referee_ruling: Option<Ruling>,
    /// The ruling in force, if any.
    pub in_force: Option<Ruling>,
}

/// The appeal an item is about (第十六条四).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct AppealCard {
    pub by: Colour,
    pub grounds: String,
}

/// A decision the viewer may record here, and what it would do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DeskOption {
    /// The event the decision records, as the form would send it.
    pub body: EventBody,
    /// The ruling it gives (none for an appeal upheld or annulled).
    pub ruling: Option<Ruling>,
    pub article: Option<Article>,
    pub preview: Preview,
}

/// One open item on the desk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct QueueCard {
    pub game: GameId,
    pub round: u16,
    pub table: u16,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    #[serde(flatten)]
    pub item: OpenItem,
    /// The event that opened the item (the escalation, the appeal, the incident) — who, when.
    pub opened: Option<Step>,
    /// The escalation's author and time, when the item was escalated.
    pub escalated: Option<Step>,
    /// What happened: the incident as recorded (`incident` is its id, from the open item).
    pub happened: Option<IncidentCard>,
    pub appeal: Option<AppealCard>,
    pub status: Status,
    /// The game clock is running (play goes on while the item waits).
    pub clock_running: bool,
    /// Moves played, where the clock's presses were recorded (the reader's taps); else None.
    pub moves: Option<u32>,
    /// What the viewer may decide, each previewed; empty for items another role decides.
    pub options: Vec<DeskOption>,
}

impl QueueCard {
    /// Most urgent first: a table waiting with its clock stopped, then tables in play, then
    /// appeals, then what was recorded after a finished game; oldest first within each.
    pub fn urgency(&self) -> (u8, Option<DateTime<Utc>>) {
        let rank = match (self.item.kind, self.status) {
            (OpenKind::AfterResult, _) => 3,
            (OpenKind::Appeal, _) => 2,
            (_, Status::Paused) => 0,
            (_, Status::Finished) => 3,
            _ => 1,
        };
        (rank, self.opened.as_ref().map(|s| s.at))
    }
}

/// The cards of one game's open items for `viewer`. `events` are the game's events as the
/// device holds them (for who did what, and the previews); `now` stamps the previewed
/// decisions, which sort after everything recorded.
pub fn game_cards(
    setup: &TournamentView,
    state: &GameState,
    events: &[Event],
    viewer: Author,
    now: DateTime<Utc>,
) -> Vec<QueueCard> {
    let Some(schedule) = state.schedule.as_ref() else { return Vec::new() };
    let names = Names::of_two(setup, [&schedule.black, &schedule.white]);
    let step = |id: EventId| step_of(setup, events, id);
    let presses = state.clock_facts.iter().filter(|(f, _)| matches!(f, ClockFact::Press { .. })).count();
    let moves = u32::try_from(presses).ok().filter(|&n| n > 0);
    state
        .open
        .iter()
        .map(|item| {
            let incident = item.incident.and_then(|id| state.incident(id));
            let appeal =
                (item.kind == OpenKind::Appeal).then(|| state.appeals.iter().find(|a| a.id == item.event)).flatten();
            // The escalation, even once decided (an appeal's card still says who escalated it).
            let escalation = item.incident.and_then(|i| {
                events.iter().find(|e| matches!(e.body, EventBody::Escalated { incident, .. } if incident == i))
            });
            let options = if item.for_role == viewer.role {
                decisions(setup, state, events, &viewer, now, incident, appeal)
            } else {
                Vec::new()
            };
            QueueCard {
                game: state.game.clone(),
                round: schedule.round,
                table: schedule.table,
                black: names.info(&schedule.black),
                white: names.info(&schedule.white),
                item: item.clone(),
                opened: step(item.event),
                escalated: escalation.map(|e| step_by(setup, e)),
                happened: incident.and_then(|i| incident_card(i, &step)),
                appeal: appeal.map(|a| AppealCard { by: a.by, grounds: a.grounds.clone() }),
                status: state.status,
                clock_running: state.status == Status::Playing,
                moves,
                options,
            }
        })
        .collect()
}

/// Who recorded event `id`, and when (None when the device does not hold it).
pub(super) fn step_of(setup: &TournamentView, events: &[Event], id: EventId) -> Option<Step> {
    events.iter().find(|e| e.id == id).map(|e| step_by(setup, e))
}

/// Who recorded `e`, and when.
pub(super) fn step_by(setup: &TournamentView, e: &Event) -> Step {
    Step {
        person: e.author.person.clone(),
        name: setup
            .people
            .iter()
            .find(|p| p.id == e.author.person)
            .map_or_else(|| e.author.person.to_string(), |p| p.name.clone()),
        role: e.author.role,
        at: e.wall_time,
    }
}

pub(super) fn incident_card(i: &IncidentView, step: &dyn Fn(EventId) -> Option<Step>) -> Option<IncidentCard> {
    Some(IncidentCard {
        incident: i.incident.clone(),
        facts: in_words(&i.incident),
        note: i.note.clone(),
        recorded: step(i.id)?,
        referee_ruling: i.rulings.iter().find(|r| r.rank == 1 && r.refused.is_none()).map(|r| r.ruling),
        in_force: i.effective.map(|e| e.ruling),
    })
}

/// What `viewer` may decide on `incident` (or on `appeal` of it), each previewed: a ruling the
/// rules allow the viewer for its facts, or the committee's upholding, annulling or overturning.
pub(super) fn decisions(
    setup: &TournamentView,
    state: &GameState,
    events: &[Event],
    viewer: &Author,
    now: DateTime<Utc>,
    incident: Option<&IncidentView>,
    appeal: Option<&AppealView>,
) -> Vec<DeskOption> {
    let Some(i) = incident else { return Vec::new() };
    let ruleset = Ruleset::from_spec(state.ruleset);
    let default = setup.default_ruleset();
    let option = |body: EventBody, ruling: Option<Ruling>, article: Option<Article>| {
        let proposed = draft(&setup.id, &state.game, events, viewer.clone(), body.clone(), now);
        let mut p = preview_on(state, events, default, &proposed)?;
        if p.refused.is_none() {
            p.refused = validate(state, viewer.role, &body).err().map(|e| e.body());
        }
        Some(DeskOption { body, ruling, article, preview: p })
    };
    let allowed = allowed(&ruleset, &i.incident, viewer.role, state.rule_context());
    match appeal {
        Some(a) => {
            let decide = |decision: AppealDecision| EventBody::AppealDecided { appeal: a.id, decision, note: None };
            let mut v: Vec<DeskOption> = [AppealDecision::Upheld, AppealDecision::Annulled]
                .into_iter()
                .filter_map(|d| option(decide(d), None, i.article))
                .collect();
            v.extend(allowed.into_iter().filter_map(|r| {
                option(decide(AppealDecision::Overturned { ruling: r.ruling }), Some(r.ruling), Some(r.article))
            }));
            v
        }
        None => allowed
            .into_iter()
            .filter_map(|r| {
                let body = EventBody::RulingIssued { incident: i.id, ruling: r.ruling, note: None };
                option(body, Some(r.ruling), Some(r.article))
            })
            .collect(),
    }
}

/// The event `author` would record on `game` at `now`, stamped after every event in `events`
/// so a preview folds it last. Only ever previewed, never stored.
pub fn draft(
    tournament: &TournamentId,
    game: &GameId,
    events: &[Event],
    author: Author,
    body: EventBody,
    now: DateTime<Utc>,
) -> Event {
    let ms = events.iter().map(|e| e.hlc.wall_ms + 1).max().unwrap_or(0).max(now.timestamp_millis().max(0) as u64);
    let mut random = [0u8; 10];
    random[0] = 0x80; // RFC 4122 variant bits
    Event {
        schema: crate::event::schema_for(&body),
        rules: Some(crate::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: EventId::from_parts(ms, random),
        tournament: tournament.clone(),
        game: Some(game.clone()),
        author,
        hlc: Hlc::new(ms, 0),
        wall_time: now,
        body,
    }
}

/// Sorts cards most urgent first ([`QueueCard::urgency`]), then by round and table.
pub fn sort_cards(cards: &mut [QueueCard]) {
    cards.sort_by(|a, b| a.urgency().cmp(&b.urgency()).then((a.round, a.table).cmp(&(b.round, b.table))));
}

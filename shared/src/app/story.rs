//! One incident's whole story on one screen: recorded → escalated → ruled → appealed →
//! decided, each step with who and when; a ruling later replaced is kept, marked with what
//! replaced it, and a refused one with why. Pure, like the desk: the app and the office call it
//! with the game's state and events as their store holds them.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::board::counting_board::BoardSetup;
use crate::board::MoveCheck;
use crate::error::{DomainError, Result, Scope};
use crate::event::{AppealDecision, Event, EventBody};
use crate::game::{GameState, OpenItem};
use crate::interop::sgf;
use crate::model::{Author, Colour, EventId, GameId, Role};
use crate::rules::Ruling;
use crate::tournament::TournamentView;
use crate::ErrorBody;

use super::desk::{decisions, incident_card, step_by, step_of, DeskOption, IncidentCard, Step};
use super::views::{Names, PlayerInfo};

/// What a step of the story did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum StoryKind {
    Recorded,
    Escalated,
    Ruled,
    Appealed,
    Decided,
    /// A game record (SGF) was attached as evidence.
    Attached,
}

/// One step of an incident's story.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct StoryStep {
    pub event: EventId,
    pub kind: StoryKind,
    pub by: Step,
    /// The ruling given (a recording with a ruling, a ruling, an appeal overturned).
    pub ruling: Option<Ruling>,
    pub decision: Option<AppealDecision>,
    /// Whom it was escalated to.
    pub to: Option<Role>,
    /// Who appealed.
    pub appellant: Option<Colour>,
    /// The note, or an appeal's grounds.
    pub note: Option<String>,
    /// This step's ruling is the one in force.
    pub in_force: bool,
    /// The step whose ruling replaced this one's.
    pub superseded_by: Option<EventId>,
    /// Why the rules refused it.
    pub refused: Option<ErrorBody>,
    /// The device that signed it (`office` for what was recorded in the office's pages); none:
    /// recorded by a build from before signatures.
    pub signed_by: Option<crate::model::DeviceId>,
}

/// An incident's story, and what the viewer may decide on it now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Story {
    pub game: GameId,
    pub round: u16,
    pub table: u16,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    pub incident: EventId,
    pub happened: IncidentCard,
    /// In the order the events were recorded.
    pub steps: Vec<StoryStep>,
    /// What is still open on this incident.
    pub open: Vec<OpenItem>,
    /// What the viewer may decide, each previewed (empty when nothing on it is theirs).
    pub options: Vec<DeskOption>,
    /// The game record last attached to the incident, looked at.
    pub record: Option<StoryRecord>,
}

/// A game record attached to an incident: the move in question checked (第十九条, 第二十条,
/// 第六条) and the board just before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct StoryRecord {
    /// The attaching event.
    pub event: EventId,
    /// Moves in the record.
    pub moves: u32,
    /// The move named when attaching, else the record's first illegal move; none when every
    /// move is legal and none was named.
    pub check: Option<MoveCheck>,
    /// The board before that move (the final position when none is checked).
    pub board: Option<BoardSetup>,
    /// Why the record could not be looked at (recorded by a device that did not check it).
    pub problem: Option<ErrorBody>,
}

/// The story of incident `incident` of the game `state` folds.
pub fn story(
    setup: &TournamentView,
    state: &GameState,
    events: &[Event],
    incident: EventId,
    viewer: Author,
    now: DateTime<Utc>,
) -> Result<Story> {
    let missing =
        || DomainError::WrongScope(Scope::NoIncident { incident: incident.to_string(), game: state.game.to_string() });
    let view = state.incident(incident).ok_or_else(missing)?;
    let schedule = state.schedule.as_ref().ok_or_else(missing)?;
    let step = |id: EventId| step_of(setup, events, id);
    let happened = incident_card(view, &step).ok_or_else(missing)?;
    let appeals: Vec<_> = state.appeals.iter().filter(|a| a.incident == incident).collect();
    let ruling_of = |id: EventId| view.rulings.iter().find(|r| r.event == id);
    let in_force = |id: EventId| view.effective.is_some_and(|e| e.event == id);
    let mut steps = Vec::new();
    let mut last_record = None;
    let mut ordered: Vec<&Event> = events.iter().collect();
    ordered.sort_by_key(|e| (e.hlc, e.id));
    for e in ordered {
        let base = |kind| StoryStep {
            event: e.id,
            kind,
            by: step_by(setup, e),
            ruling: None,
            decision: None,
            to: None,
            appellant: None,
            note: None,
            in_force: in_force(e.id),
            superseded_by: ruling_of(e.id).and_then(|r| r.superseded_by),
            refused: ruling_of(e.id).and_then(|r| r.refused.clone()),
            signed_by: e.sig.as_ref().map(|s| s.by.clone()),
        };
        let s = match &e.body {
            EventBody::IncidentRecorded { ruling, note, .. } if e.id == incident => {
                StoryStep { ruling: *ruling, note: note.clone(), ..base(StoryKind::Recorded) }
            }
            EventBody::Escalated { incident: i, to, note } if *i == incident => {
                StoryStep { to: Some(*to), note: note.clone(), ..base(StoryKind::Escalated) }
            }
            EventBody::RulingIssued { incident: i, ruling, note } if *i == incident => {
                StoryStep { ruling: Some(*ruling), note: note.clone(), ..base(StoryKind::Ruled) }
            }
            EventBody::AppealFiled { incident: i, by, grounds } if *i == incident => {
                StoryStep { appellant: Some(*by), note: Some(grounds.clone()), ..base(StoryKind::Appealed) }
            }
            EventBody::AppealDecided { appeal, decision, note } if appeals.iter().any(|a| a.id == *appeal) => {
                let a = appeals.iter().find(|a| a.id == *appeal);
                StoryStep {
                    decision: Some(*decision),
                    ruling: match decision {
                        AppealDecision::Overturned { ruling } => Some(*ruling),
                        _ => None,
                    },
                    note: note.clone(),
                    refused: a.and_then(|a| a.refused.iter().find(|r| r.event == e.id)).map(|r| r.error.clone()),
                    ..base(StoryKind::Decided)
                }
            }
            EventBody::RecordAttached { incident: i, .. } if *i == incident => {
                last_record = Some(e);
                base(StoryKind::Attached)
            }
            _ => continue,
        };
        steps.push(s);
    }
    let ko = crate::rules::Ruleset::from_spec(state.ruleset).ko;
    let record = last_record.map(|e| record_view(e, ko));
    let open: Vec<OpenItem> = state.open.iter().filter(|o| o.incident == Some(incident)).cloned().collect();
    let theirs = open.iter().find(|o| o.for_role == viewer.role);
    let appeal = theirs.and_then(|o| appeals.iter().copied().find(|a| a.id == o.event));
    let options = match theirs {
        Some(_) => decisions(setup, state, events, &viewer, now, Some(view), appeal),
        None => Vec::new(),
    };
    let names = Names::of_two(setup, [&schedule.black, &schedule.white]);
    Ok(Story {
        game: state.game.clone(),
        round: schedule.round,
        table: schedule.table,
        black: names.info(&schedule.black),
        white: names.info(&schedule.white),
        incident,
        happened,
        steps,
        open,
        options,
        record,
    })
}

/// The record `e` attaches, looked at for its move under the game's ko rule (checked again on
/// every read: the fold keeps no board, and a record is read only when its story is).
fn record_view(e: &Event, ko: crate::rules::KoRule) -> StoryRecord {
    let looked = match &e.body {
        EventBody::RecordAttached { sgf, move_no, .. } => sgf::parse_attached(sgf).and_then(|mut g| {
            // Checked by the game's own ruleset, whatever the record's RU says.
            g.ko = Some(ko);
            sgf::record_at(&g, *move_no)
        }),
        _ => Err(DomainError::WrongScope(Scope::NoRecord(e.id.to_string()))),
    };
    match looked {
        Ok(at) => {
            let captured = [at.position.prisoners(Colour::Black), at.position.prisoners(Colour::White)];
            StoryRecord {
                event: e.id,
                moves: at.moves,
                check: at.check,
                board: Some(BoardSetup::of(at.position.position(), captured)),
                problem: None,
            }
        }
        Err(err) => StoryRecord { event: e.id, moves: 0, check: None, board: None, problem: Some(err.body()) },
    }
}

//! The byo-yomi reader (第十二条), transport-neutral: the clock of a game as its events left it,
//! read at this device's (office-corrected) time, and what the referee's tablet should say
//! since it last asked. Computed from timestamps on every call, so a reader that slept or
//! restarted is right at once.

use serde::Serialize;

use crate::error::Result;
use crate::game::GameState;
use crate::labels::Said;
use crate::model::GameId;
use crate::timing::{due, Call, ClockView, TimeUp};

use super::App;

/// One call, with its words in both languages (the screen speaks the one in use).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Spoken {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at_ms: u64,
    pub call: Call,
    /// The call in each language.
    pub words: Said,
    /// The recorded clip for platforms without a voice (`clips/<zh|en|ko|ja>/<clip>.wav`).
    pub clip: String,
}

/// What the reader screen shows and says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ReaderView {
    /// The time this view is for (pass it back as `after_ms` next time).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now_ms: u64,
    /// None until the clock is started.
    pub clock: Option<ClockView>,
    /// What to say now: the calls due since `after_ms`.
    pub say: Vec<Spoken>,
    /// Time ran out (第二十三条五): the loss the referee is asked to confirm.
    pub time_up: Option<TimeUp>,
    /// KBA 競技第二条2 2): the game's rules let a player in byo-yomi stop the clock for the
    /// toilet after its own move (the Korean ruleset).
    pub toilet_break: bool,
}

/// The reader for a game in `state` at `now_ms`, saying what fell due after `after_ms` (none:
/// nothing is said for the past). Pure: the tablet and the office both call it.
pub fn reader_view(state: &GameState, after_ms: Option<u64>, now_ms: u64) -> ReaderView {
    let clock = state.clock().filter(|_| state.result.is_none());
    let say = match (&clock, after_ms) {
        (Some(c), Some(after)) => due(c, after, now_ms)
            .into_iter()
            .map(|a| Spoken { at_ms: a.at_ms, call: a.call, words: a.call.said(), clip: a.call.clip() })
            .collect(),
        _ => vec![],
    };
    ReaderView {
        now_ms,
        clock: clock.as_ref().map(|c| c.view(now_ms)),
        time_up: clock.as_ref().and_then(|c| c.time_up(now_ms)),
        say,
        toilet_break: arbiter_domain::rules::Ruleset::from_spec(state.ruleset).preset
            == arbiter_domain::rules::Preset::Korean,
    }
}

impl App {
    /// The reader for `game` now; `after_ms` is the `now_ms` of the previous view (none on
    /// opening the screen: nothing is said for the past).
    pub fn reader(&self, game: &GameId, after_ms: Option<u64>) -> Result<ReaderView> {
        let (now_ms, _) = self.now()?;
        let state = self.state_of(game)?;
        Ok(reader_view(&state, after_ms, now_ms))
    }
}

/// The late-arrival timer for a game's round (第二十三条一–三), as the table sees it now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LatenessScreen {
    /// The time this was computed for: what an arrival tapped now is stamped with.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now_ms: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub starts_at_ms: u64,
    pub allowed_minutes: u16,
    pub view: crate::timing::LatenessView,
}

impl App {
    /// The timer for `game`, the sides having arrived at the given times (ms; none: not yet).
    /// None when its round has no start time.
    pub fn lateness(
        &self,
        game: &GameId,
        black_arrived: Option<u64>,
        white_arrived: Option<u64>,
    ) -> Result<Option<LatenessScreen>> {
        let state = self.state_of(game)?;
        let (now_ms, _) = self.now()?;
        Ok(lateness_screen(&state, &*self.setup()?, black_arrived, white_arrived, now_ms))
    }
}

/// The late-arrival timer of `state`'s game at `now_ms` (第二十三条一–三), from its round's start
/// in `setup`; None while the game or its round has no start. The tablet's and the office's.
pub fn lateness_screen(
    state: &crate::game::GameState,
    setup: &crate::tournament::TournamentView,
    black_arrived: Option<u64>,
    white_arrived: Option<u64>,
    now_ms: u64,
) -> Option<LatenessScreen> {
    let schedule = state.schedule.as_ref()?;
    let starts_at = setup.rounds.get(&schedule.round).copied()?;
    let starts_at_ms = u64::try_from(starts_at.timestamp_millis()).unwrap_or(0);
    let allowed = schedule.allowed_lateness_minutes;
    Some(LatenessScreen {
        now_ms,
        starts_at_ms,
        allowed_minutes: allowed,
        view: crate::timing::lateness(starts_at_ms, allowed, black_arrived, white_arrived, now_ms),
    })
}

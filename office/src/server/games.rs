//! What handlers read of the store and check before they record on a game, shared so that no
//! handler imports another: a tournament, a game's kept state and its screen, a scheduled game,
//! the checks a record on a game passes, and the draft a preview folds.

use std::sync::Arc;

use arbiter_core::app::GameView;
use arbiter_core::event::{Event, EventBody};
use arbiter_core::game::{validate, GameState};
use arbiter_core::model::{GameId, Role, TournamentId};
use arbiter_core::tournament::TournamentView;
use serde::Deserialize;

use crate::accounts::Principal;
use crate::error::OfficeError;
use crate::server::request::author;
use crate::server::{AppState, Caller};

/// The whole tournament, as the store keeps it derived.
pub(crate) fn view_of(state: &AppState, t: &TournamentId) -> Result<TournamentView, OfficeError> {
    state.store.tournament_view(t)?.ok_or_else(|| OfficeError::NotFound(format!("tournament `{t}` has no events yet")))
}

/// One game's state as kept: a 404 naming the game unless the tournament has it.
pub(crate) fn state_of(state: &AppState, t: &TournamentId, game: &GameId) -> Result<Arc<GameState>, OfficeError> {
    state.store.game_state(t, game)?.ok_or_else(|| OfficeError::NotFound(format!("no game `{game}` in `{t}`")))
}

/// One game's screen (state, players, catalogue) from the kept state and set-up.
pub(crate) fn game_page(state: &AppState, t: &TournamentId, game: &GameId) -> Result<GameView, OfficeError> {
    let s = state_of(state, t, game)?;
    // Not scheduled (yet) is a 404 too: there is no game screen to show.
    let seals = arbiter_core::app::seals_of(&*state.store, &s)?;
    arbiter_core::app::game_view(&*state.store.setup(t)?, s, seals).map_err(|e| OfficeError::NotFound(e.to_string()))
}

/// The caller's tournament, folded.
/// The tournament's events that belong to no game (set-up, registrations, withdrawals,
/// deletions), in the order they arrived: what a registration history reads.
pub(crate) fn setup_events(state: &AppState, t: &TournamentId) -> Result<Vec<arbiter_core::event::Event>, OfficeError> {
    let until = state.store.last_seq()?;
    let (page, _) = state
        .store
        .scan_log(0, until, usize::MAX, usize::MAX, &mut |tag| tag.tournament == t.as_str() && tag.game.is_none())?;
    Ok(page.into_iter().map(|(_, e)| e).collect())
}

pub(crate) fn tournament_view(state: &AppState, caller: &Caller) -> Result<TournamentView, OfficeError> {
    view_of(state, &caller.0.tournament)
}

/// `{body}`: an event body proposed on a game (to record, or to preview).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEvent {
    pub(crate) body: EventBody,
}

/// The scheduled game `game` of `t`, as kept (one game's state, not the tournament's), or
/// `not_found`.
pub(crate) fn scheduled(
    state: &AppState,
    t: &TournamentId,
    game: &GameId,
) -> Result<Arc<arbiter_core::game::GameState>, OfficeError> {
    state
        .store
        .game_state(t, game)?
        .filter(|g| g.schedule.is_some())
        .ok_or_else(|| OfficeError::NotFound(format!("no game `{game}`")))
}

/// The checks the office makes before recording on a game: the rules' (`game::validate`). A
/// record on a decided game is not refused: as on a tablet, it is kept and flagged for the
/// chief arbiter, and the result stands (game::correction).
pub(crate) fn check(g: &arbiter_core::game::GameState, role: Role, body: &EventBody) -> Result<(), OfficeError> {
    validate(g, role, body)?;
    Ok(())
}

/// An event `p` would record on `game` after everything in `events`: stamped just after the
/// latest, for previews (never stored).
pub(crate) fn draft(
    p: &Principal,
    game: &GameId,
    events: &[Event],
    body: EventBody,
    now: chrono::DateTime<chrono::Utc>,
) -> Event {
    arbiter_core::app::desk::draft(&p.tournament, game, events, author(p), body, now)
}

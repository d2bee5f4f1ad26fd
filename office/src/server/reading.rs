//! What handlers read of the store: a tournament folded, a game's kept state and its screen, the
//! set-up's events — each a 404 naming what is missing.

use std::sync::Arc;

use arbiter_core::app::GameView;
use arbiter_core::game::GameState;
use arbiter_core::model::{GameId, TournamentId};
use arbiter_core::tournament::TournamentView;

use crate::error::{Missing, OfficeError};
use crate::server::{AppState, Caller};

/// The whole tournament, as the store keeps it derived.
pub(crate) fn view_of(state: &AppState, t: &TournamentId) -> Result<TournamentView, OfficeError> {
    state.store.tournament_view(t)?.ok_or_else(|| OfficeError::NotFound(Missing::Tournament(t.clone())))
}

/// One game's state as kept: a 404 naming the game unless the tournament has it.
pub(crate) fn state_of(state: &AppState, t: &TournamentId, game: &GameId) -> Result<Arc<GameState>, OfficeError> {
    state
        .store
        .game_state(t, game)?
        .ok_or_else(|| OfficeError::NotFound(Missing::Game { game: game.clone(), tournament: t.clone() }))
}

/// One game's screen (state, players, catalogue) from the kept state and set-up.
pub(crate) fn game_page(state: &AppState, t: &TournamentId, game: &GameId) -> Result<GameView, OfficeError> {
    let s = state_of(state, t, game)?;
    // Not scheduled (yet) is a 404 too: there is no game screen to show.
    let seals = arbiter_core::app::seals_of(&*state.store, &s)?;
    arbiter_core::app::game_view(&*state.store.setup(t)?, s, seals)
        .map_err(|e| OfficeError::NotFound(Missing::GameScreen(e)))
}

/// The tournament's events that belong to no game (set-up, registrations, withdrawals,
/// deletions), in the order they arrived: what a registration history reads.
pub(crate) fn setup_events(state: &AppState, t: &TournamentId) -> Result<Vec<arbiter_core::event::Event>, OfficeError> {
    let until = state.store.last_seq()?;
    let (page, _) = state
        .store
        .scan_log(0, until, usize::MAX, usize::MAX, &mut |tag| tag.tournament == t.as_str() && tag.game.is_none())?;
    Ok(page.into_iter().map(|(_, e)| e).collect())
}

/// The caller's tournament, folded.
pub(crate) fn tournament_view(state: &AppState, caller: &Caller) -> Result<TournamentView, OfficeError> {
    view_of(state, &caller.0.tournament)
}

//! The association's pages across every event this office runs: the player
//! registry, a player's record (ranks over time, discipline), and the discipline record as CSV
//! for the committee. Read for the organiser, the committee and the chief arbiter.

use crate::acts::Act;
use crate::server::request::PathParam;
use arbiter_core::game::GameState;
use arbiter_core::league::{PlayerRecord, RegistryEntry};
use arbiter_core::model::{PlayerId, Role};
use arbiter_core::tournament::TournamentView;
use axum::extract::State;
use axum::response::Response;
use axum::Json;

use crate::error::{Missing, OfficeError};
use crate::runtime::blocking;
use crate::server::{AppState, Caller};
use axum::routing::get;
use axum::Router;

/// `/league/players`, `/league/players/{player}`, `/league/discipline.csv`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/league/players", get(players))
        .route("/league/players/{player}", get(player))
        .route("/league/discipline.csv", get(discipline_csv))
}

const READERS: [Role; 3] = [Role::Organiser, Role::Committee, Role::ChiefArbiter];

/// Every tournament of this office with its games' whole states.
fn every_event(state: &AppState) -> Result<Vec<TournamentView<GameState>>, OfficeError> {
    let mut out = Vec::new();
    for t in state.accounts.tournaments()? {
        let states = state.store.game_states(&t)?;
        out.push(state.store.setup(&t)?.with_games(states.iter().map(|s| GameState::clone(s)).collect()));
    }
    Ok(out)
}

/// `GET /api/v1/league/players`: every player entered in any event here, by id.
pub async fn players(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<RegistryEntry>>, OfficeError> {
    caller.require(&READERS, Act::ReadRegistry)?;
    blocking(move || {
        Ok(Json(arbiter_core::league::records(&every_event(&state)?).into_values().map(|r| r.entry).collect()))
    })
    .await
}

/// `GET /api/v1/league/players/{player}`: one player's ranks over time and discipline record.
pub async fn player(
    State(state): State<AppState>,
    caller: Caller,
    player: PathParam<String>,
) -> Result<Json<PlayerRecord>, OfficeError> {
    caller.require(&READERS, Act::ReadPlayerRecord)?;
    let player = PlayerId::new(player.0)?;
    blocking(move || {
        let mut all = arbiter_core::league::records(&every_event(&state)?);
        all.remove(&player).map(Json).ok_or_else(|| OfficeError::NotFound(Missing::LeaguePlayer(player)))
    })
    .await
}

/// `GET /api/v1/league/discipline.csv`: every player's discipline record, one line an entry.
pub async fn discipline_csv(State(state): State<AppState>, caller: Caller) -> Result<Response, OfficeError> {
    caller.require(&[Role::Organiser, Role::Committee], Act::ExportDiscipline)?;
    let body =
        blocking(move || Ok(arbiter_core::league::csv(&arbiter_core::league::records(&every_event(&state)?)))).await?;
    Ok(crate::server::request::csv(body, "discipline.csv"))
}

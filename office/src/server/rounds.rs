//! A round from the office: its start time and its draw, the pairing by the system (第二十七条),
//! run by the chief arbiter (第三十一条四); its published pairing sheet.

use arbiter_core::event::EventBody;
use arbiter_core::tournament::publish::{pairing_sheet, PairingSheet};
use arbiter_core::tournament::run;
use axum::extract::State;
use axum::routing::{get, post, put};
use axum::Json;
use axum::Router;
use serde::Deserialize;

use crate::acts::Act;
use crate::error::{Clash, OfficeError, RequestFault};
use crate::server::reading::view_of;
use crate::server::recording::{command, locked, record, DRAW, SETUP};
use crate::server::request::JsonBody;
use crate::server::request::PathParam;
use crate::server::{AppState, Caller};

/// `/rounds/{round}…`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/rounds/{round}", put(schedule_round))
        .route("/rounds/{round}/pair", post(pair))
        .route("/rounds/{round}/pairings", get(crate::server::publish::pairings))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundTime {
    starts_at: chrono::DateTime<chrono::Utc>,
}

fn round_of(p: PathParam<u16>) -> Result<u16, OfficeError> {
    let r = p.0;
    if r == 0 {
        return Err(OfficeError::bad(RequestFault::Path, "rounds count from 1"));
    }
    if r > arbiter_core::model::game::MAX_ROUNDS {
        return Err(arbiter_core::model::game::round_over(r).into());
    }
    Ok(r)
}

/// `PUT /api/v1/rounds/{round}` (organiser): when the round starts.
pub async fn schedule_round(
    State(state): State<AppState>,
    caller: Caller,
    round: PathParam<u16>,
    raw: JsonBody<RoundTime>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(SETUP, Act::ScheduleRounds)?;
    let round = round_of(round)?;
    let t = raw.0?;
    locked(state, caller, move |state, p| {
        record(state, p, vec![(None, EventBody::RoundScheduled { round, starts_at: t.starts_at })])?;
        Ok(Json(serde_json::json!({ "round": round, "starts_at": t.starts_at })))
    })
    .await
}

/// `POST /api/v1/rounds/{round}/pair` (organiser, chief arbiter): the draw by the system.
pub async fn pair(
    State(state): State<AppState>,
    caller: Caller,
    round: PathParam<u16>,
) -> Result<Json<PairingSheet>, OfficeError> {
    caller.require(DRAW, Act::PairRound)?;
    let round = round_of(round)?;
    command(state, caller, move |state, p, view| {
        if view.games.iter().any(|g| g.schedule.as_ref().is_some_and(|s| s.round == round)) {
            return Err(OfficeError::Conflict(Clash::RoundPaired { round }));
        }
        let (_, bodies) = run::pair_round(&view, round)?;
        record(state, p, bodies)?;
        Ok(Json(pairing_sheet(&view_of(state, &p.tournament)?, round)))
    })
    .await
}

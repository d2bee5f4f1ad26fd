//! What the office refused, for the organiser: the refusal log, and at a league's venue an event
//! the central office refused sent again once its cause is fixed.

use arbiter_core::model::Role;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::accounts::Refusal;
use crate::acts::Act;
use crate::error::{Misasked, OfficeError};
use crate::server::request::JsonBody;
use crate::server::{AppState, Caller};

/// `/refusals`, `/refusals/resend`.
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/refusals", get(refusals)).route("/refusals/resend", post(resend))
}

#[derive(Deserialize)]
pub struct Limit {
    limit: Option<usize>,
}

impl crate::server::request::Asked for Limit {
    fn asked() -> String {
        "use ?limit=<n>".into()
    }
}

/// `GET /api/v1/refusals?limit=N` (organiser): refused requests, newest first.
pub async fn refusals(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<Limit>,
) -> Result<Json<Vec<Refusal>>, OfficeError> {
    caller.require(&[Role::Organiser], Act::ReadRefusalLog)?;
    let q = q.0;
    Ok(Json(state.accounts.refusals(&caller.0.tournament, q.limit.unwrap_or(100).min(10_000))?))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resend {
    event: arbiter_core::model::EventId,
}

/// `POST /api/v1/refusals/resend {event}` (organiser, at a league's venue): sends an event the
/// central office refused again, once its cause is fixed (a key registered, a board
/// reassigned); answers the centre's verdict, `{status, code?, message?}`.
pub async fn resend(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<Resend>,
) -> Result<Json<arbiter_core::sync::protocol::PushResult>, OfficeError> {
    caller.require(&[Role::Organiser], Act::ResendRefused)?;
    let r = raw.0?;
    let forwarder = state.forwarder()?.ok_or_else(|| OfficeError::Misasked(Misasked::NotAVenue))?;
    Ok(Json(forwarder.resend(&r.event).await?))
}

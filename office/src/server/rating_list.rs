//! A federation's rating list (EGF, FFG) loaded for the tournament: searched while registering,
//! and the players' ratings refreshed from it.

use std::sync::Arc;

use arbiter_core::event::EventBody;
use arbiter_core::interop::rating_list::{self, ListKind, RatingList};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::routing::{get, post};
use axum::Json;
use axum::Router;
use serde::Deserialize;

use crate::accounts::Principal;
use crate::acts::Act;
use crate::error::{Missing, OfficeError};
use crate::server::recording::{command, record, ImportQuery, SETUP};
use crate::server::request::body;
use crate::server::{AppState, Caller};

/// `/rating-list…`. The EGF's whole list is some megabytes: more than a push may carry.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/rating-list", post(load_rating_list).layer(axum::extract::DefaultBodyLimit::max(64 << 20)))
        .route("/rating-list/search", get(search_rating_list))
        .route("/rating-list/refresh", post(refresh_ratings))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    kind: ListKind,
}

impl crate::server::request::Asked for ListQuery {
    fn asked() -> String {
        "use ?kind=egf or ?kind=ffg".into()
    }
}

/// `POST /api/v1/rating-list?kind=egf|ffg` (organiser), body the list's file as published
/// (UTF-8, or ISO-8859-1 as the federations write it): kept for this tournament while the
/// office runs. A file of another format, or bad lines, is refused naming them.
pub async fn load_rating_list(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<ListQuery>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(SETUP, Act::LoadRatingList)?;
    let q = q.0;
    let bytes = body(raw)?;
    let text = match String::from_utf8(bytes.to_vec()) {
        Ok(t) => t,
        // Not UTF-8: the federations' Latin-1, one character a byte.
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    crate::runtime::blocking(move || {
        let list = rating_list::parse(q.kind, &text)?;
        let answer = serde_json::json!({ "kind": list.kind, "date": list.date, "players": list.players.len() });
        state
            .rating_lists
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(caller.0.tournament.clone(), Arc::new(list));
        Ok(Json(answer))
    })
    .await
}

fn loaded_list(state: &AppState, p: &Principal) -> Result<Arc<RatingList>, OfficeError> {
    state
        .rating_lists
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&p.tournament)
        .cloned()
        .ok_or_else(|| OfficeError::NotFound(Missing::RatingList))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    q: String,
}

impl crate::server::request::Asked for Search {
    fn asked() -> String {
        "use ?q=a name or a PIN".into()
    }
}

/// `GET /api/v1/rating-list/search?q=` (organiser): up to 20 players of the loaded list whose
/// PIN or licence is `q`, or whose name holds its words.
pub async fn search_rating_list(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<Search>,
) -> Result<Json<Vec<rating_list::Listed>>, OfficeError> {
    caller.require(SETUP, Act::SearchRatingList)?;
    let q = q.0;
    crate::runtime::blocking(move || {
        let list = loaded_list(&state, &caller.0)?;
        Ok(Json(list.search(&q.q, 20).into_iter().cloned().collect()))
    })
    .await
}

/// `POST /api/v1/rating-list/refresh[?preview=true]` (organiser): the registered players the
/// loaded list changes (rank, rating), each before and after; without `preview`, recorded (a
/// later registration of the same id corrects the earlier one).
pub async fn refresh_ratings(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<ImportQuery>,
) -> Result<Json<Vec<rating_list::Refreshed>>, OfficeError> {
    caller.require(SETUP, Act::RefreshRatings)?;
    let q = q.0;
    command(state, caller, move |state, p, view| {
        let list = loaded_list(state, p)?;
        let changes = list.refresh(&view.players);
        if !q.preview && !changes.is_empty() {
            record(state, p, changes.iter().map(|c| (None, EventBody::PlayerRegistered(c.updated.clone()))).collect())?;
        }
        Ok(Json(changes))
    })
    .await
}

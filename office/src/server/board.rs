//! The counting board and move checks (Art. 9, 16.3, 19, 20), served to the browser as the
//! Tauri shell serves them to the tablet: the same pure functions, nothing stored. Any enrolled
//! official may ask.

use arbiter_core::board::counting_board::{self, CountAnswer, CountRequest, LoadedRecord};
use arbiter_core::board::MoveCheck;
use arbiter_core::interop::sgf;
use axum::Json;
use serde::Deserialize;

use crate::error::OfficeError;
use crate::runtime::blocking;
use crate::server::request::JsonBody;
use crate::server::Caller;
use axum::routing::post;
use axum::Router;

use crate::server::AppState;

/// `/board/record`, `/board/count`, `/board/check`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/board/record", post(record))
        .route("/board/count", post(count))
        .route("/board/check", post(check))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordAsked {
    /// The game record, SGF text.
    sgf: String,
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckAsked {
    sgf: String,
    /// 1-based.
    move_no: u32,
}

/// `POST /api/v1/board/record` `{sgf}`: the record played through, its final position and the
/// dead stones its own marks show.
pub async fn record(_: Caller, raw: JsonBody<RecordAsked>) -> Result<Json<LoadedRecord>, OfficeError> {
    let q = raw.0?;
    blocking(move || Ok(Json(counting_board::load_record(&q.sgf)?))).await
}

/// `POST /api/v1/board/count` `{board, dead, method, komi}`: the count, the result, and what
/// the ledger would record.
pub async fn count(_: Caller, raw: JsonBody<CountRequest>) -> Result<Json<CountAnswer>, OfficeError> {
    let q = raw.0?;
    blocking(move || Ok(Json(counting_board::count(&q)?))).await
}

/// `POST /api/v1/board/check` `{sgf, move_no}`: was that move legal, and if not, under which
/// article and as which incident.
pub async fn check(_: Caller, raw: JsonBody<CheckAsked>) -> Result<Json<MoveCheck>, OfficeError> {
    let q = raw.0?;
    blocking(move || Ok(Json(sgf::check_move(&sgf::parse(&q.sgf)?, q.move_no)?))).await
}

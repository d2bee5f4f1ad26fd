//! A backup of the running office, asked for on its own machine with the secret in
//! `serving.json` (docs/durability.md).

use arbiter_core::DomainError;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;

use crate::error::{Forbidden, Misasked, OfficeError};
use crate::runtime::blocking;
use crate::server::request::body;
use crate::server::AppState;

/// `/backup`.
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/backup", post(backup))
}

/// Where `POST /backup` writes the backup: a new file's absolute path.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct BackupTo {
    to: std::path::PathBuf,
}

/// `POST /api/v1/backup {"to": "/path/of/a/new/file"}` with `X-Backup-Secret`: the running
/// office writes a backup of itself (docs/durability.md) — what `arbiter-office backup --data`
/// asks for on this machine; the secret is in `serving.json`, readable by the office's user only.
pub async fn backup(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<crate::backup::BackupReport>, OfficeError> {
    use sha2::Digest as _;
    let given = headers.get("x-backup-secret").map(|v| sha2::Sha256::digest(v.as_bytes()));
    let expected = state.backup_secret.as_ref().map(|s| sha2::Sha256::digest(s.as_bytes()));
    // Compared as digests: equal-length values, and no early exit on the secret's bytes.
    if given.is_none() || given != expected {
        return Err(OfficeError::Forbidden(Forbidden::BackupSecret));
    }
    let BackupTo { to } = serde_json::from_slice(&body(raw)?).map_err(|e| {
        DomainError::MalformedJson(format!("the body must be {{\"to\": \"/path/of/a/new/file\"}}: {e}"))
    })?;
    if !to.is_absolute() {
        return Err(DomainError::InvalidField {
            field: "to".into(),
            message: "an absolute path (the office's working directory is not the caller's)".into(),
        }
        .into());
    }
    let store = state.store.clone();
    blocking(move || {
        let sled = store.sled().ok_or_else(|| OfficeError::Misasked(Misasked::NotASledStore))?;
        crate::backup::write_file(sled, sled.dir(), &to).map(Json)
    })
    .await
}

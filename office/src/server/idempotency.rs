//! Idempotent requests: a `POST`, `PUT` or `DELETE` that carries an `Idempotency-Key` header is
//! answered once; the same caller sending the same key again (a retry after a timeout, a lost
//! answer, a double click) gets the first answer back, marked `Idempotent-Replayed: true`, and
//! nothing is recorded twice. The office pages send a fresh key per action.
//!
//! Answers are kept in the store's `idempotency` keyspace for [`KEEP_FOR`]. A 5xx answer is not
//! kept: the store writes nothing when it answers one (disk full is refused before anything is
//! written, and a journal write that failed is cut off), so the retry runs the request again.
//! The same key with a different body is refused (`idempotency_key_reused`): that is a bug in
//! the client, not a retry.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use arbiter_core::store::Keyspace;

use crate::error::{Fault, OfficeError, RequestFault};
use crate::runtime::blocking;
use crate::server::AppState;

/// The header a client names its request with.
pub const HEADER: &str = "idempotency-key";
/// The header marking an answer given again.
pub const REPLAYED: &str = "idempotent-replayed";
/// How long an answer is kept for a retry.
pub const KEEP_FOR: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// One idempotent request at a time (organisers' and chief arbiters' actions are few): a retry
/// that arrives while the first is still running waits for its answer instead of running again.
static GATE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    at_ms: i64,
    /// SHA-256 of the request's body, hex.
    request: String,
    status: u16,
    content_type: Option<String>,
    body: String,
}

fn bad(message: impl Into<String>) -> Response {
    OfficeError::bad(RequestFault::IdempotencyKey, message).into_response()
}

/// The middleware (on the API's routes).
pub async fn idempotent(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if !matches!(*request.method(), Method::POST | Method::PUT | Method::DELETE) {
        return next.run(request).await;
    }
    let Some(key) = request.headers().get(HEADER).cloned() else { return next.run(request).await };
    let Some(key) = key
        .to_str()
        .ok()
        .filter(|k| (1..=128).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_graphic()))
        .map(str::to_owned)
    else {
        return bad("Idempotency-Key must be 1–128 visible ASCII characters (a UUID is usual)");
    };
    // Scoped to the caller (its token) and the endpoint: two officials' keys never meet.
    let caller = request.headers().get(header::AUTHORIZATION).map(|v| v.as_bytes().to_vec()).unwrap_or_default();
    let mut scope = Sha256::new();
    for part in
        [caller.as_slice(), request.method().as_str().as_bytes(), request.uri().path().as_bytes(), key.as_bytes()]
    {
        scope.update((part.len() as u64).to_be_bytes());
        scope.update(part);
    }
    let id: [u8; 32] = scope.finalize().into();
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, arbiter_core::sync::protocol::MAX_BODY_BYTES).await else {
        return OfficeError::TooLarge("the request's body is too large".into()).into_response();
    };
    let request_hash = hex::encode(Sha256::digest(&bytes));
    let _one_at_a_time = GATE.lock().await;
    let tree = match state.store.keyspace(crate::keyspaces::IDEMPOTENCY) {
        Ok(t) => t,
        Err(e) => return OfficeError::from(e).into_response(),
    };
    let found = {
        let tree = tree.clone();
        blocking(move || Ok(tree.get(&id)?)).await
    };
    match found {
        Err(e) => return e.into_response(),
        Ok(Some(v)) => {
            if let Ok(kept) = serde_json::from_slice::<Kept>(&v) {
                if kept.request != request_hash {
                    return OfficeError::bad(
                        RequestFault::IdempotencyKeyReused,
                        format!("Idempotency-Key `{key}` was used for another request to this endpoint; use a new key for a new action"),
                    )
                    .into_response();
                }
                return replay(kept);
            }
        }
        Ok(None) => {}
    }
    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
    if response.status().is_server_error() {
        return response;
    }
    let (parts, body) = response.into_parts();
    let Ok(body) = axum::body::to_bytes(body, usize::MAX).await else {
        return OfficeError::Internal(Fault::UnreadAnswer).into_response();
    };
    let kept = Kept {
        at_ms: chrono::Utc::now().timestamp_millis(),
        request: request_hash,
        status: parts.status.as_u16(),
        content_type: parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned),
        body: String::from_utf8_lossy(&body).into_owned(),
    };
    let saved = blocking(move || {
        let bytes = serde_json::to_vec(&kept)?;
        tree.insert(&id, &bytes)?;
        forget_old(&*tree, kept.at_ms);
        Ok(())
    })
    .await;
    if let Err(e) = saved {
        // The request was done; only its replay is lost: say so rather than fail it.
        eprintln!("arbiter-office: an idempotent answer could not be kept: {e}");
    }
    Response::from_parts(parts, Body::from(body))
}

fn replay(kept: Kept) -> Response {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
    let mut response = (status, kept.body).into_response();
    if let Some(ct) = kept.content_type.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    response.headers_mut().insert(REPLAYED, HeaderValue::from_static("true"));
    response
}

/// When answers older than [`KEEP_FOR`] were last dropped (ms), across the process.
static LAST_FORGOTTEN_MS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// How often the kept answers are swept for old ones.
const FORGET_EVERY_MS: i64 = 10 * 60 * 1000;

/// Drops every answer older than [`KEEP_FOR`], at most once every ten minutes: the keys are
/// hashes in no time order, so a sweep reads the whole keyspace (a day's actions), and the
/// requests in between pay nothing for it.
fn forget_old(tree: &dyn Keyspace, now_ms: i64) {
    use std::sync::atomic::Ordering;
    let last = LAST_FORGOTTEN_MS.load(Ordering::Relaxed);
    if now_ms - last < FORGET_EVERY_MS
        || LAST_FORGOTTEN_MS.compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed).is_err()
    {
        return;
    }
    let keep_ms = i64::try_from(KEEP_FOR.as_millis()).unwrap_or(i64::MAX);
    let Ok(all) = tree.scan_prefix(b"") else { return };
    for (k, v) in all {
        if serde_json::from_slice::<Kept>(&v).map_or(true, |k| now_ms - k.at_ms > keep_ms) {
            let _ = tree.remove(&k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(at_ms: i64) -> Vec<u8> {
        let k = Kept { at_ms, request: String::new(), status: 200, content_type: None, body: String::new() };
        serde_json::to_vec(&k).unwrap()
    }

    #[test]
    fn a_sweep_drops_every_old_answer_wherever_its_key_sorts_and_keeps_the_fresh() {
        let dir = std::env::temp_dir().join(format!("arbiter-idem-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let db = sled::Config::new().path(&dir).temporary(true).open().unwrap();
        let tree = db.open_tree("idempotency").unwrap();
        let day = i64::try_from(KEEP_FOR.as_millis()).unwrap();
        let now = 10 * day;
        // 200 fresh answers with low keys, then old ones after them in key order.
        for i in 0..200u32 {
            tree.insert([0u8, (i >> 8) as u8, i as u8], kept(now - 1_000)).unwrap();
        }
        for i in 0..50u32 {
            tree.insert([1u8, i as u8], kept(now - 2 * day)).unwrap();
        }
        tree.insert([2u8], b"not an answer".to_vec()).unwrap();
        LAST_FORGOTTEN_MS.store(0, std::sync::atomic::Ordering::Relaxed);
        forget_old(&tree, now);
        assert_eq!(tree.len(), 200, "every old answer and the unreadable one dropped, the fresh kept");
        // Within ten minutes no sweep reads the keyspace again.
        tree.insert([3u8], kept(now - 2 * day)).unwrap();
        forget_old(&tree, now + 1_000);
        assert_eq!(tree.len(), 201);
        forget_old(&tree, now + FORGET_EVERY_MS);
        assert_eq!(tree.len(), 200);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

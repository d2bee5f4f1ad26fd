//! The security headers every answer of the office carries — pages, API, static files, errors
//! (404, 413, 429, a caught panic) — set by one layer around the whole router, never by a
//! handler. What each defends against on a hall's network: docs/security.md.

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// The pages' policy: only the office's own scripts, styles and connections; no page may frame
/// them (`frame-ancestors`); images from the office and the `blob:`/`data:` URLs the UI makes
/// (an export to download, the enrollment QR code); the reader's recorded clips from the office.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Nothing powerful for the pages, but the reader's: it plays its clips (`autoplay`) and keeps
/// the screen awake (`screen-wake-lock`); speech synthesis needs no permission.
pub const PERMISSIONS_POLICY: &str = "autoplay=(self), screen-wake-lock=(self), camera=(), microphone=(), \
     geolocation=(), usb=(), serial=(), bluetooth=(), payment=(), display-capture=()";

/// A year: browsers keep to HTTPS for this office's name once they have seen it over HTTPS.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// Whether answers are served over HTTPS (`Strict-Transport-Security` only means something
/// there; a plain-HTTP office must not send it).
#[derive(Clone, Copy)]
pub struct Https(pub bool);

/// How long a browser may keep an answer to `path`: the API's answers carry personal data and
/// one-time codes and are never stored; the UI's hashed files (`/assets/<name>-<hash>.js`)
/// never change under their name; every other page or file is asked for again each time.
pub fn cache_control(path: &str) -> &'static str {
    if path.starts_with(arbiter_core::sync::protocol::API_PREFIX) {
        "no-store"
    } else if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// The layer: runs the request, then sets every header on whatever answered.
pub async fn secure(State(https): State<Https>, request: Request, next: Next) -> Response {
    let cache = cache_control(request.uri().path());
    let mut response = next.run(request).await;
    let status = response.status();
    // An error answer is never kept, whatever its path.
    let cache = if status.is_success() || status.is_redirection() { cache } else { "no-store" };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (HeaderName::from_static("permissions-policy"), PERMISSIONS_POLICY),
        (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
        (header::CACHE_CONTROL, cache),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if https.0 {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(STRICT_TRANSPORT_SECURITY));
    }
    response
}

//! The office's web pages. The UI built into `ui/dist` when the office was compiled is inside
//! the binary, so an office copied anywhere serves its pages; `serve --ui DIR` serves a folder
//! instead (development). A binary compiled before the UI was built says so on `/` and at
//! start-up, with the command that builds it.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::error::{Missing, OfficeError};

#[derive(rust_embed::Embed)]
#[folder = "../ui/dist/"]
#[allow_missing = true]
struct Built;

/// Where the pages come from.
#[derive(Debug, Clone)]
pub enum Pages {
    /// The UI compiled into the binary.
    Built,
    /// A folder of a built UI (`serve --ui DIR`).
    Dir(std::path::PathBuf),
    /// None: the API alone (tests of the API).
    None,
}

/// Whether this binary carries the built UI.
pub fn built_in() -> bool {
    Built::get("index.html").is_some()
}

/// What to do about a binary without its pages.
pub const HOW_TO_BUILD: &str = "this office was compiled without its pages: build the UI (`./scripts/setup`, or \
     `cd ui && npm ci && npm run build`), then compile the office again (`cargo build -p arbiter-office`) — or \
     serve a built UI with `serve --ui DIR`";

/// Serves a file of the built UI (`/` is `index.html`), with its type and an ETag; a page the
/// UI does not have is a 404 in the API's form.
pub async fn serve_built(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return OfficeError::MethodNotAllowed("the pages are read with GET").into_response();
    }
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let Some(file) = Built::get(path) else {
        let missing = if built_in() {
            OfficeError::NotFound(Missing::Page(path.to_owned()))
        } else {
            OfficeError::PagesNotBuilt(HOW_TO_BUILD)
        };
        return missing.into_response();
    };
    let etag = format!("\"{}\"", hex::encode(file.metadata.sha256_hash()));
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response();
    }
    let mime =
        HeaderValue::from_str(file.metadata.mimetype()).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let body = if method == Method::HEAD { Body::empty() } else { Body::from(file.data.into_owned()) };
    let mut response = Response::new(body);
    response.headers_mut().insert(header::CONTENT_TYPE, mime);
    if let Ok(tag) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, tag);
    }
    response
}

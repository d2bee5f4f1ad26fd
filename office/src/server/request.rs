//! What every handler needs of a request and its answer, in one place no handler owns: the
//! body read with axum's rejections as `{code, message}`, JSON with the wrong field named, who
//! the caller is as an event's author, a CSV answer. Handlers import this, never each other.

use arbiter_core::model::Author;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::accounts::Principal;
use crate::error::{OfficeError, RequestFault};
use crate::server::MAX_BODY_BYTES;
use arbiter_core::DomainError;

/// Reads a request body, turning axum's plain-text rejections into `{code, message}`.
pub(crate) fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, OfficeError> {
    body.map_err(|e| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            OfficeError::TooLarge(format!(
                "the request body is larger than {MAX_BODY_BYTES} bytes (after decompression)"
            ))
        } else {
            OfficeError::bad(RequestFault::Body, format!("cannot read the request body: {e}"))
        }
    })
}

/// Parses a JSON body, naming the field that is wrong.
pub(crate) fn json<T: for<'de> Deserialize<'de>>(raw: Result<Bytes, BytesRejection>) -> Result<T, OfficeError> {
    let raw = body(raw)?;
    let mut de = serde_json::Deserializer::from_slice(&raw);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        DomainError::InvalidField { field: path, message: e.into_inner().to_string() }.into()
    })
}

/// A JSON body of type `T`, read as [`json`] reads it. Its error is the handler's to return
/// after its own checks of the caller, as before a body is looked at; and the type is in the
/// handler's signature, where the API document's test reads it (`openapi::handlers`).
pub(crate) struct JsonBody<T>(pub Result<T, OfficeError>);

impl<S: Send + Sync, T: for<'de> Deserialize<'de>> axum::extract::FromRequest<S> for JsonBody<T> {
    type Rejection = std::convert::Infallible;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        Ok(JsonBody(json(Bytes::from_request(req, state).await)))
    }
}

/// The caller as the author of what the office records for them.
pub(crate) fn author(p: &Principal) -> Author {
    Author { device: p.device.clone(), person: p.person.clone(), role: p.role }
}

/// A CSV answer, saved by the browser as `name`.
pub(crate) fn csv(body: String, name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        body,
    )
        .into_response()
}

/// A path parameter whose rejection is already `{code, message}` (`bad_path`), so a handler
/// takes the value and never maps axum's plain-text rejection itself (axum's
/// customize-extractor-error example, by hand).
#[derive(Debug)]
pub struct PathParam<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for PathParam<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = OfficeError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, OfficeError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(t)) => Ok(Self(t)),
            Err(e) => Err(OfficeError::bad(RequestFault::Path, e.to_string())),
        }
    }
}

/// What a query string should hold, said when one cannot be read (`?round=x`).
pub trait Asked {
    /// How the caller should have asked: "use ?round=N".
    fn asked() -> String;
}

/// A query string as `T`, whose rejection is the office's `{code: "bad_query", message}` with
/// how to ask ([`Asked`]), as [`PathParam`] for path parameters.
#[derive(Debug)]
pub struct QueryParam<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for QueryParam<T>
where
    T: serde::de::DeserializeOwned + Asked + Send,
    S: Send + Sync,
{
    type Rejection = OfficeError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, OfficeError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(t)) => Ok(Self(t)),
            Err(e) => Err(OfficeError::bad(RequestFault::Query, format!("{e}; {}", T::asked()))),
        }
    }
}

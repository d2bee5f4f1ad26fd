//! The office crate's one error type. Over HTTP every error is `{code, message}` with a status
//! that says whose fault it was: 4xx for the client's mistakes, 5xx only for the office's own.

use arbiter_core::{CoreError, DomainError};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// What the office can fail at.
#[derive(Debug, thiserror::Error)]
pub enum OfficeError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot write output: {0}")]
    Write(#[from] std::io::Error),
    #[error("cannot encode output as JSON: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("{0}")]
    Core(#[from] CoreError),
    #[error("{0}")]
    Unauthenticated(String),
    /// A code or token the office does not know: counts toward the address's failed attempts.
    #[error("{0}")]
    NotRecognised(String),
    #[error("too many failed attempts from this address: try again in {wait_seconds} s")]
    TooManyAttempts { wait_seconds: u64 },
    #[error(
        "this address is locked out after {0} failed attempts; the organiser can lift it (GET/DELETE /api/v1/lockouts)"
    )]
    LockedOut(u32),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("{0}")]
    TooLarge(String),
    #[error("internal error: {0}")]
    Internal(String),
    /// Another office process serves this data directory (`serving`).
    #[error("{0}")]
    OfficeRunning(String),
    /// The store cannot write again in this process (a failed `fdatasync`): `serve` exits
    /// with status 75 for its supervisor to restart it (docs/deploy.md).
    #[error(
        "the store can no longer write in this process ({0}); the office stops so that it is started again, \
         which re-reads the journal and goes on (under systemd: Restart=on-failure)"
    )]
    StoreFailed(String),
    /// An event this office does not admit, kept on the device and listed for the organiser
    /// (the refusal log): why, typed, and what to do.
    #[error("{message}")]
    NotAdmitted { why: NotAdmitted, message: String },
    /// A game record with an illegal move (its number, the article).
    #[error("{0}")]
    IllegalMove(String),
    /// The office cannot start as asked (its port, its folder, its certificate), and what to do.
    #[error("{0}")]
    Startup(String),
    /// The office cannot do this now (`/ready` while it cannot write): 503 with the cause's code.
    #[error("{message}")]
    Unavailable { code: &'static str, message: String },
}

/// Why an event is not admitted (see [`OfficeError::NotAdmitted`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAdmitted {
    /// Stamped further ahead of the office's clock than allowed.
    ClockAhead,
    /// Unsigned where this office admits only events signed by their device (a league).
    KeyRequired,
}

impl OfficeError {
    pub fn bad(code: &'static str, message: impl Into<String>) -> Self {
        OfficeError::BadRequest { code, message: message.into() }
    }

    /// The `{code, message}` an HTTP client reads: with the core's sentences in each language
    /// where the refusal is the core's, English only where it is the office's own.
    pub fn body(&self) -> arbiter_core::ErrorBody {
        match self {
            OfficeError::Core(e) => e.body(),
            _ => arbiter_core::ErrorBody::english(self.code(), self.to_string()),
        }
    }

    /// Stable code for scripts and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            OfficeError::Read { .. } => "read_failed",
            OfficeError::Write(_) => "write_failed",
            OfficeError::Encode(_) => "encode_failed",
            OfficeError::Core(e) => e.code(),
            OfficeError::Unauthenticated(_) | OfficeError::NotRecognised(_) => "unauthenticated",
            OfficeError::TooManyAttempts { .. } => "too_many_attempts",
            OfficeError::LockedOut(_) => "locked_out",
            OfficeError::Forbidden(_) => "forbidden",
            OfficeError::NotFound(_) => "not_found",
            OfficeError::Conflict(_) => "conflict",
            OfficeError::BadRequest { code, .. } => code,
            OfficeError::TooLarge(_) => "too_large",
            OfficeError::Internal(_) => "internal",
            OfficeError::OfficeRunning(_) => "office_running",
            OfficeError::StoreFailed(_) => "store_failed",
            OfficeError::Startup(_) => "cannot_start",
            OfficeError::NotAdmitted { why: NotAdmitted::ClockAhead, .. } => "clock_ahead",
            OfficeError::NotAdmitted { why: NotAdmitted::KeyRequired, .. } => "key_required",
            OfficeError::IllegalMove(_) => "illegal_move",
            OfficeError::Unavailable { code, .. } => code,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            OfficeError::Unauthenticated(_) | OfficeError::NotRecognised(_) => StatusCode::UNAUTHORIZED,
            OfficeError::TooManyAttempts { .. } | OfficeError::LockedOut(_) => StatusCode::TOO_MANY_REQUESTS,
            OfficeError::Forbidden(_) => StatusCode::FORBIDDEN,
            OfficeError::NotFound(_) => StatusCode::NOT_FOUND,
            OfficeError::Conflict(_) | OfficeError::OfficeRunning(_) => StatusCode::CONFLICT,
            OfficeError::BadRequest { .. } | OfficeError::NotAdmitted { .. } | OfficeError::IllegalMove(_) => {
                StatusCode::BAD_REQUEST
            }
            OfficeError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            OfficeError::StoreFailed(_) | OfficeError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            OfficeError::Core(e) => core_status(e),
            OfficeError::Read { .. }
            | OfficeError::Write(_)
            | OfficeError::Encode(_)
            | OfficeError::Internal(_)
            | OfficeError::Startup(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The status of a core error at the office: every variant decided (a new one must be), 4xx
/// for what the caller sent, 5xx for the office's own store and the offices it speaks to.
fn core_status(e: &CoreError) -> StatusCode {
    match e {
        CoreError::Domain(d) => domain_status(d),
        CoreError::Forged(_) => StatusCode::BAD_REQUEST,
        CoreError::InUse { .. } => StatusCode::CONFLICT,
        CoreError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        CoreError::DiskFull { .. } => StatusCode::INSUFFICIENT_STORAGE,
        CoreError::Storage(_)
        | CoreError::Damaged { .. }
        | CoreError::JournalCorrupt { .. }
        | CoreError::KeyMissing(_) => StatusCode::INTERNAL_SERVER_ERROR,
        // Another office (a venue's central office) failed or could not be reached.
        CoreError::Network(_) | CoreError::OfficeCertificate { .. } | CoreError::Remote { .. } => {
            StatusCode::BAD_GATEWAY
        }
    }
}

/// What the rules, the wire format and the folds refuse is the caller's to fix: 4xx.
fn domain_status(e: &DomainError) -> StatusCode {
    match e {
        DomainError::MalformedJson(_)
        | DomainError::InvalidField { .. }
        | DomainError::BadLines { .. }
        | DomainError::InField { .. }
        | DomainError::UnsupportedSchema { .. }
        | DomainError::InvalidId { .. }
        | DomainError::OutOfRange { .. }
        | DomainError::RulingNotAllowed { .. }
        | DomainError::ConditionNotMet { .. }
        | DomainError::NotAuthorized { .. }
        | DomainError::NotEnrolled
        | DomainError::MissingFact { .. }
        | DomainError::NotInRuleset { .. }
        | DomainError::UnknownIncident { .. }
        | DomainError::UnknownAppeal(_)
        | DomainError::WrongScope(_)
        | DomainError::ConflictingDuplicate(_)
        | DomainError::SetupIncomplete { .. }
        | DomainError::UndoRefused(_)
        | DomainError::CorrectionRefused(_) => StatusCode::BAD_REQUEST,
    }
}

impl From<DomainError> for OfficeError {
    fn from(e: DomainError) -> Self {
        OfficeError::Core(e.into())
    }
}

impl IntoResponse for OfficeError {
    fn into_response(self) -> Response {
        let body = self.body();
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let OfficeError::TooManyAttempts { wait_seconds } = self {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, wait_seconds.max(1).into());
        }
        response
    }
}

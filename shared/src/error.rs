//! The core crate's one error type: everything the pure crate refuses, plus what the edges
//! (disk, network, the office) can fail with. Every variant has a stable machine `code` so the
//! UI and HTTP see `{code, message}` and never have to match on text.

pub use arbiter_domain::{DomainError, ErrorBody};

/// Everything the core can refuse, with enough context to say what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoreError {
    /// The rules, the wire format or a fold refused (see [`DomainError`]).
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// The disk or the embedded database failed.
    #[error("storage error: {0}")]
    Storage(String),
    /// The store is damaged; the message says what can still be recovered and how.
    #[error("store damaged: {message}")]
    Damaged { message: String },
    /// The office could not be reached (offline, refused, timed out).
    #[error("office unreachable: {0}")]
    Network(String),
    /// The office presented a certificate other than the one this device enrolled with: someone
    /// may be impersonating it (or the organiser replaced it, and the device must enroll again).
    #[error(
        "the office's certificate is not the one this tablet enrolled with (expected {expected}, \
         got {seen}): someone on the network may be impersonating the office, nothing was sent. \
         Tell the chief arbiter; if the organiser replaced the certificate, enroll again"
    )]
    OfficeCertificate { expected: String, seen: String },
    /// The office answered with an error.
    #[error("office refused ({status}): {code} — {message}")]
    Remote { status: u16, code: String, message: String },
    /// Another process has the store open (sled's lock is held): nothing is wrong with it.
    #[error("the store in {dir} is open in another process")]
    InUse { dir: String },
    /// The disk holding the store has less free space than the store keeps in reserve: nothing
    /// was written. Writes go on by themselves once space is freed.
    #[error(
        "disk full: {free_mb} MB free on the disk holding {dir}, and the store keeps {reserve_mb} MB in reserve; \
         nothing was written. Free space on that disk (old backups, logs); writing resumes by itself"
    )]
    DiskFull { dir: String, free_mb: u64, reserve_mb: u64 },
    /// A journal line whose checksum does not hold: its bytes changed after they were written.
    #[error(
        "journal line damaged: {file} at byte {offset}{}: its bytes are not those written (checksum), \
         so it is not read; everything else is served. `arbiter-office salvage` exports every other \
         event; another copy of this one (the device that recorded it, a backup) can be imported",
        event.as_ref().map(|e| format!(" (event {e})")).unwrap_or_default()
    )]
    JournalCorrupt { file: String, offset: u64, event: Option<String> },
    /// An event whose signature does not hold, or whose signer may not sign it.
    /// The store cannot be reached now (its database is down or every connection is busy):
    /// nothing was written; try again.
    #[error("store unavailable: {0}")]
    Unavailable(String),

    #[error("forged: {0}")]
    Forged(String),
    /// This device's signing key is not in its data directory (restored from a backup without
    /// it): it cannot sign, so it must enroll again.
    #[error("this device's signing key is missing ({0}); enroll again with a new code")]
    KeyMissing(String),
}

impl CoreError {
    /// Stable code for UIs and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Domain(e) => e.code(),
            Self::Storage(_) => "storage",
            Self::Network(_) => "network",
            Self::Remote { .. } => "remote",
            Self::OfficeCertificate { .. } => "office_certificate_changed",
            Self::Damaged { .. } => "store_damaged",
            Self::Forged(_) => "forged",
            Self::InUse { .. } => "store_in_use",
            Self::KeyMissing(_) => "key_missing",
            Self::DiskFull { .. } => "disk_full",
            Self::JournalCorrupt { .. } => "journal_corrupt",
            Self::Unavailable(_) => "store_unavailable",
        }
    }

    /// The `{code, message}` form shown to UIs and HTTP clients.
    pub fn body(&self) -> ErrorBody {
        ErrorBody { code: self.code().to_owned(), message: self.to_string() }
    }
}

/// Result alias for the core crate.
pub type Result<T, E = CoreError> = std::result::Result<T, E>;

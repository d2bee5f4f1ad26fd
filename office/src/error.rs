//! The office crate's one error type.

/// What the office can fail at.
#[derive(Debug, thiserror::Error)]
pub enum OfficeError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot write output: {0}")]
    Write(#[from] std::io::Error),
    #[error("cannot encode output as JSON: {0}")]
    Encode(#[from] serde_json::Error),
}

impl OfficeError {
    /// Stable code for scripts and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            OfficeError::Read { .. } => "read_failed",
            OfficeError::Write(_) => "write_failed",
            OfficeError::Encode(_) => "encode_failed",
        }
    }
}

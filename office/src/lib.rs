//! # arbiter-office
//!
//! The tournament office: a CLI now (`replay`), the sync server later. Thin over `arbiter-core`.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod error;
pub mod replay;

pub use error::OfficeError;

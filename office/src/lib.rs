//! # arbiter-office
//!
//! The tournament office: a CLI now (`replay`), the sync server later. Thin over `arbiter-core`.

pub mod error;
pub mod replay;

pub use error::OfficeError;

//! # arbiter-office
//!
//! The tournament office: the sync server (`serve`), tournament set-up (`init`), and the CLI
//! tools (`replay`, `export`, `salvage`). Thin over `arbiter-core`.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod accounts;
pub mod count;
pub mod error;
pub mod limits;
pub mod replay;
pub mod server;
pub mod standings;
pub mod tls;

pub use error::OfficeError;

//! # arbiter-office
//!
//! The tournament office: the sync server (`serve`), tournament set-up (`init`), and the CLI
//! tools (`replay`, `export`, `salvage`, `verify`). Thin over `arbiter-core`.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod accounts;
pub mod acts;
pub mod admission;
pub mod backup;
pub mod count;
pub mod door;
pub mod error;
pub mod keyspaces;
pub mod limits;
pub mod pair;
pub mod pg;
pub mod receipts;
pub mod replay;
pub mod runtime;
pub mod server;
pub mod serving;
pub mod standings;
pub mod startup;
pub mod table_links;
pub mod tls;
pub mod venue;
pub mod verify;

pub use error::OfficeError;

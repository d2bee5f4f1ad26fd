//! # arbiter-office
//!
//! The tournament office: the sync server (`serve`), tournament set-up (`init`), and the CLI
//! tools (`replay`, `export`, `salvage`, `verify`). Thin over `arbiter-core`.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod accounts;
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
pub mod tls;
pub mod venue;
pub mod verify;

pub use error::OfficeError;

/// The office's allocator. glibc's malloc keeps what a burst of requests freed (a round's start:
/// 500 tablets at once, on up to 32 blocking threads, each with its own arena) and its resident
/// memory ratchets up with each burst; jemalloc hands freed pages back (docs/performance-history.md, soak).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

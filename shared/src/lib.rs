//! # arbiter-core
//!
//! What the referee app and the tournament office share at the edges: the store (sled plus a
//! synced journal), the sync client, and the referee app's transport-neutral use cases. The
//! pure half — domain, events, rules, game fold, tournament — is the `arbiter-domain` crate,
//! re-exported here under the same module names so callers need one dependency.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub use arbiter_domain::{
    board, clock, event, game, interop, label_tables, labels, league, model, rules, timing, tournament,
};

pub mod app;
pub mod error;
pub mod ledger;
pub mod refusals;
pub mod store;
pub mod sync;
pub mod wall_clock;

pub use error::{CoreError, DomainError, ErrorBody, Result};

/// Ten random bytes from the operating system, for [`model::EventId::from_parts`] at the
/// edges that mint ids (the app, the office); pure code takes them as an argument instead.
pub fn random_id_bits() -> Result<[u8; 10]> {
    let mut r = [0u8; 10];
    getrandom::fill(&mut r).map_err(|e| CoreError::storage_in("no randomness from the OS", e))?;
    Ok(r)
}

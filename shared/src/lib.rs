//! # arbiter-core
//!
//! What the referee app and the tournament office share: the domain model, the event format
//! that crosses devices, the rules of the 裁判法 as data plus a pure penalty engine, and the
//! fold from events to each game's state — all pure, time passed in — and, at the edge, the
//! store (sled plus a synced journal).

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod app;
pub mod clock;
pub mod domain;
pub mod error;
pub mod event;
pub mod game;
pub mod labels;
pub mod rules;
pub mod store;
pub mod sync;
pub mod tournament;

pub use error::{CoreError, ErrorBody, Result};

//! # arbiter-domain
//!
//! The pure half of Weiqi Arbiter: the domain model, the event format that crosses devices,
//! the rules of the 裁判法 as data with a pure penalty engine, the fold from events to each
//! game's state, and the tournament's derived view. No I/O: no file system, no network, no
//! clock, no randomness — time and random bits are arguments. This crate's `Cargo.toml` has no
//! sled, tokio, reqwest or file-system dependency, so the compiler holds that line; the store,
//! sync client and app use cases live in `arbiter-core`, which depends on this crate.

// No unwrap/expect on input paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod board;
pub mod clock;
pub mod error;
pub mod event;
pub mod game;
mod hexbytes;
pub mod interop;
pub mod label_tables;
pub mod labels;
pub mod league;
pub mod model;
pub mod rules;
#[cfg(feature = "schema")]
pub mod schema;
pub mod timing;
pub mod tournament;

pub use error::{DomainError, ErrorBody, Result};

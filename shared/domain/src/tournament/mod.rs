//! The tournament: set-up and every game, derived from events.

pub mod view;

pub use view::{replay, TournamentView};

//! Time as data: hybrid logical clocks for ordering events across devices.

pub mod hlc;
pub mod skew;

pub use hlc::{Hlc, HybridClock};
pub use skew::{ClockSkew, MAX_AHEAD_MS};

//! Time as data: hybrid logical clocks for ordering events across devices.

pub mod hlc;

pub use hlc::{Hlc, HybridClock};

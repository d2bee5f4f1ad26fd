//! Events: the immutable facts every device records and syncs.

pub mod body;
pub mod envelope;
pub mod wire;

pub use body::{AppealDecision, EventBody, EventKind};
pub use envelope::{Event, SCHEMA_VERSION};

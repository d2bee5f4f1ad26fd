//! Events: the immutable facts every device records and syncs.

pub mod body;
pub mod canonical;
pub mod envelope;
pub mod signature;
pub mod wire;

pub use body::{AppealDecision, EventBody, EventKind, MAX_RECORD_BYTES};
pub use envelope::{schema_for, Event, SCHEMA_VERSION};
pub use signature::{EventDigest, PublicKey, Signature, SignatureBytes, OFFICE_SIGNER};

/// An event body not yet stamped (no id, clock or author yet), with the game it belongs to:
/// what pure code proposes and an edge records.
pub type NewEvent = (Option<crate::model::GameId>, EventBody);

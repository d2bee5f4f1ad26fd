//! The office's own keyspaces in its store, by name — a leaf, so that the server that writes
//! them and the backup that carries them name them alike without depending on each other.

/// Tournaments, officials, codes, hashed tokens, refusals (`accounts`).
pub const ACCOUNTS: &str = "accounts";
/// The chief arbiter's evaluations of each referee (第三十一条; `server::evaluations`).
pub const EVALUATIONS: &str = "evaluations";
/// Answers kept for `Idempotency-Key` retries: not carried by a backup (a restored office
/// answers a retry afresh).
pub const IDEMPOTENCY: &str = "idempotency";

/// The keyspaces a backup carries (the events are the store's own).
pub const BACKED_UP: [&str; 2] = [ACCOUNTS, EVALUATIONS];

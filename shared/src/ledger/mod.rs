//! The signed ledger at the edges: signing keys kept in files of their own (`key`), what a
//! verifier knows of every signer (`keyring`), and the per-signer chains that show a gap or a
//! reordering in any copy (`chain`), and the receipts an office gives for what it holds, which
//! show a copy cut at its end (`receipt`). The bytes signed and the digests are pure
//! (`arbiter_domain::event::signature`). Keys are read through ring; signing and batch checks
//! are ed25519-dalek's, a tablet's records signed with nonces prepared ahead (`nonce`).

pub mod chain;
pub mod key;
pub mod keyring;
mod nonce;
pub mod receipt;
#[cfg(test)]
mod tests;

pub use chain::{chains, Chain};
pub use key::{SigningKey, KEY_FILE};
pub use keyring::{check_all, Keyring, Seal};
pub use receipt::Receipt;

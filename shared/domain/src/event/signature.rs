//! Signed events (schema 2): who signed an event, over which bytes, and the chain each signer
//! keeps. Pure: the bytes and digests are computed here; keys and Ed25519 itself live at the
//! edges (`arbiter-core`'s `ledger`), since making a key needs the system's randomness.
//!
//! The bytes signed are [`SIGNING_CONTEXT`] followed by the event's canonical form without its
//! `sig`; an event's digest is the SHA-256 of those bytes followed by the 64 signature bytes (of
//! the bytes alone for an unsigned event), so checking and chaining read the event once. The canonical form
//! is JSON with every object's keys sorted by their bytes, no white space, strings escaped as
//! JSON requires (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control characters as
//! `\u00xx`, everything else as UTF-8), whole numbers as integers and others in their shortest
//! round-trip decimal form (written by [`super::canonical`]). It is ours, pinned by a test
//! vector, so no serde upgrade moves it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::event::Event;
use crate::hexbytes::hex_wire;
use crate::model::DeviceId;

/// What every signature covers first, so a signature over an event is never one over anything else.
pub const SIGNING_CONTEXT: &[u8] = b"weiqi-arbiter event v1\n";

/// The id the office signs as; no device may enroll under it.
pub const OFFICE_SIGNER: &str = "office";

/// An Ed25519 public key: 64 hex digits on the wire.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct PublicKey(pub [u8; 32]);

/// An Ed25519 signature: 128 hex digits on the wire.
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct SignatureBytes(pub [u8; 64]);

/// The SHA-256 of an event's canonical form, signature included: 64 hex digits on the wire.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct EventDigest(pub [u8; 32]);

hex_wire!(PublicKey, 32, "key");
hex_wire!(SignatureBytes, 64, "sig.ed25519");
hex_wire!(EventDigest, 32, "prev");

impl PublicKey {
    /// All 64 hex digits, as on the wire.
    pub fn hex(&self) -> String {
        crate::hexbytes::hex(&self.0)
    }

    /// The first 16 hex digits, for people to compare (as the certificate's short fingerprint).
    pub fn short(&self) -> String {
        crate::hexbytes::hex(&self.0[..8])
    }
}

/// Who signed an event, and the signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Signature {
    /// The signing device (the event's author's device), or [`OFFICE_SIGNER`] for what the
    /// office records on an official's behalf.
    pub by: DeviceId,
    pub ed25519: SignatureBytes,
}

impl Event {
    /// The bytes a signature covers: [`SIGNING_CONTEXT`], then the canonical form without `sig`.
    pub fn signing_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(512);
        out.extend_from_slice(SIGNING_CONTEXT);
        super::canonical::event_without_sig(self, &mut out);
        out
    }

    /// The digest the signer's next event names as `prev`.
    pub fn digest(&self) -> EventDigest {
        self.digest_of(&self.signing_bytes())
    }

    /// [`Event::digest`] from this event's [`Event::signing_bytes`], already computed.
    pub fn digest_of(&self, signing_bytes: &[u8]) -> EventDigest {
        let mut h = Sha256::new();
        h.update(signing_bytes);
        if let Some(sig) = &self.sig {
            h.update(sig.ed25519.0);
        }
        EventDigest(h.finalize().into())
    }
}

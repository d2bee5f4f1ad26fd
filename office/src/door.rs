//! The door's memory of failed attempts (`crate::limits`), kept in a keyspace of the office's
//! store: every office process serving one database counts the same failures, so an address
//! locked out at one is locked out at all, and a lock-out outlives a restart. Read on every
//! guarded request (one key), written only when an address fails, succeeds after failing, or is
//! lifted.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use arbiter_core::store::Keyspace;

use crate::error::{Fault, OfficeError};
use crate::limits::{Entry, Policy, Tracked, Verdict};

/// The keyspace the entries live in.
pub const KEYSPACE: &str = "door";

/// Swaps tried before a failure is written over whatever another process wrote meanwhile.
const SWAP_TRIES: usize = 16;

/// Every this many failures counted here, forgotten addresses are swept from the keyspace.
const SWEEP_EVERY: u32 = 1024;

/// Failed attempts by address, shared through the store.
pub struct Door {
    pub policy: Policy,
    space: Arc<dyn Keyspace>,
    failures_here: AtomicU32,
}

/// An address's entry as [`Door::check`] read it.
pub struct Seen {
    entry: Entry,
    bytes: Vec<u8>,
}

fn decode(bytes: &[u8]) -> Option<Entry> {
    // An entry that cannot be read counts as none: the door stays usable.
    serde_json::from_slice(bytes).ok()
}

fn encode(e: &Entry) -> Result<Vec<u8>, OfficeError> {
    serde_json::to_vec(e).map_err(|source| OfficeError::Internal(Fault::Json { what: "door entry".into(), source }))
}

impl Door {
    pub fn new(policy: Policy, space: Arc<dyn Keyspace>) -> Self {
        Door { policy, space, failures_here: AtomicU32::new(0) }
    }

    /// May `ip` try at `now_ms`? With what was read of it, for [`Door::succeeded`] (one read a
    /// request: this runs on every authenticated one).
    pub fn check(&self, ip: IpAddr, now_ms: u64) -> Result<(Verdict, Option<Seen>), OfficeError> {
        let seen = self.space.get(ip.to_string().as_bytes())?.and_then(|b| Some(Seen { entry: decode(&b)?, bytes: b }));
        Ok((self.policy.verdict(seen.as_ref().map(|s| &s.entry), now_ms), seen))
    }

    /// Counts a failure of `ip` at `now_ms` (by compare-and-swap: two processes counting at
    /// once both count), and says what follows from it.
    pub fn failed(&self, ip: IpAddr, now_ms: u64) -> Result<Verdict, OfficeError> {
        let key = ip.to_string();
        let mut next = Entry::default();
        for _ in 0..SWAP_TRIES {
            let old = self.space.get(key.as_bytes())?;
            next = self.policy.failed(old.as_deref().and_then(decode), now_ms);
            if self.space.compare_and_swap(key.as_bytes(), old.as_deref(), Some(&encode(&next)?))? {
                break;
            }
        }
        if self.failures_here.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.tracked(now_ms)?;
        }
        Ok(self.policy.verdict(Some(&next), now_ms))
    }

    /// A success from `ip` clears the failures [`Door::check`] saw, unless they lock it out.
    pub fn succeeded(&self, ip: IpAddr, seen: Option<Seen>) -> Result<(), OfficeError> {
        if let Some(seen) = seen.filter(|s| !self.policy.locks(&s.entry)) {
            // Lost to a concurrent failure: that failure stands.
            self.space.compare_and_swap(ip.to_string().as_bytes(), Some(&seen.bytes), None)?;
        }
        Ok(())
    }

    /// The organiser lifts `ip`'s lock-out (and its failures); false if it had none.
    pub fn lift(&self, ip: IpAddr) -> Result<bool, OfficeError> {
        Ok(self.space.remove(ip.to_string().as_bytes())?.is_some())
    }

    /// Addresses with failures, locked ones first; forgotten ones are swept on the way.
    pub fn tracked(&self, now_ms: u64) -> Result<Vec<Tracked>, OfficeError> {
        let mut out = Vec::new();
        for (key, bytes) in self.space.scan_prefix(b"")? {
            let (Some(entry), Some(ip)) =
                (decode(&bytes), std::str::from_utf8(&key).ok().and_then(|k| k.parse::<IpAddr>().ok()))
            else {
                continue;
            };
            if self.policy.is_stale(&entry, now_ms) {
                self.space.compare_and_swap(&key, Some(&bytes), None)?;
            } else {
                out.push(self.policy.tracked(ip, &entry, now_ms));
            }
        }
        crate::limits::sort_tracked(&mut out);
        Ok(out)
    }
}

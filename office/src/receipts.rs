//! What this office holds from each signer, for the receipts its push answers carry
//! (`arbiter_core::ledger::receipt`): per tournament and signer, the signed events stored and
//! the digest of the last, in the store's own keyspace — shared by every office process on one
//! database, each update a compare-and-swap. Counted from the first push this build answered: on
//! an office upgraded mid-event the count is what it stored since, a lower bound.

use std::collections::BTreeMap;

use arbiter_core::event::EventDigest;
use arbiter_core::ledger::{Receipt, SigningKey};
use arbiter_core::model::{DeviceId, TournamentId};
use arbiter_core::store::{Appended, Keyspace};
use serde::{Deserialize, Serialize};

use crate::error::OfficeError;

/// The keyspace the tallies live in.
pub const KEYSPACE: &str = "receipts";

#[derive(Serialize, Deserialize)]
struct Held {
    count: u64,
    last: EventDigest,
}

/// A pushed event's signer and digest (none: unsigned).
pub type Signed = Option<(TournamentId, DeviceId, EventDigest)>;

/// Counts what a push stored (`signed[i]` answered `stored[i]`) and answers a receipt per signer
/// of the push: a duplicate adds nothing, the last new event of a signer becomes its last.
pub fn after_push(
    space: &dyn Keyspace,
    key: &SigningKey,
    signed: &[Signed],
    stored: &[arbiter_core::Result<Appended>],
) -> Result<Vec<Receipt>, OfficeError> {
    let mut per: BTreeMap<(TournamentId, DeviceId), (u64, Option<EventDigest>)> = BTreeMap::new();
    for (s, r) in signed.iter().zip(stored) {
        let Some((t, by, d)) = s else { continue };
        let entry = per.entry((t.clone(), by.clone())).or_default();
        if matches!(r, Ok(Appended::New(_))) {
            entry.0 += 1;
            entry.1 = Some(*d);
        }
    }
    let mut receipts = Vec::with_capacity(per.len());
    for ((t, by), (added, last)) in per {
        let k = format!("{t}/{by}");
        let held = loop {
            let old = space.get(k.as_bytes())?;
            let was: Option<Held> = old.as_deref().and_then(|b| serde_json::from_slice(b).ok());
            let now = match (was, last) {
                (Some(h), None) => h,
                (Some(h), Some(last)) => Held { count: h.count + added, last },
                (None, Some(last)) => Held { count: added, last },
                // Only events stored before this build counted: nothing to say of them.
                (None, None) => break None,
            };
            if added == 0 || space.compare_and_swap(k.as_bytes(), old.as_deref(), Some(&serde_json::to_vec(&now)?))? {
                break Some(now);
            }
        };
        if let Some(h) = held {
            receipts.push(Receipt::sign(key, t, by, h.count, h.last));
        }
    }
    Ok(receipts)
}

//! Per-signer chains: each signed event names the digest of the one its signer signed before it
//! in the tournament (`prev`). In any copy of the ledger a deleted event leaves the next one
//! naming a digest that is not there, and two events naming the same one (or two starts) show a
//! copy that was reordered or rewritten. The last events of a chain can be cut off unseen: a
//! chain proves what it holds, not that nothing came after.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::event::{Event, EventDigest};
use crate::model::{DeviceId, EventId, TournamentId};

/// One signer's chain in one tournament, as a copy of the ledger holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chain {
    /// Signed events of this signer.
    pub events: usize,
    /// Events naming a previous event the copy does not hold: one per gap.
    pub missing_links: Vec<EventId>,
    /// Events that name the same previous event as another, or start the chain a second time.
    pub forks: Vec<EventId>,
}

impl Chain {
    pub fn is_whole(&self) -> bool {
        self.missing_links.is_empty() && self.forks.is_empty()
    }
}

/// The chains in `events` (each with its digest, [`Event::digest`]), by tournament and signer.
pub fn chains<'a>(
    events: impl IntoIterator<Item = (&'a Event, EventDigest)>,
) -> BTreeMap<(TournamentId, DeviceId), Chain> {
    let mut by_signer: BTreeMap<(TournamentId, DeviceId), Vec<(&Event, EventDigest)>> = BTreeMap::new();
    let mut seen = HashSet::new();
    for (e, d) in events {
        if let Some(sig) = &e.sig {
            // A copy may hold an event twice (a re-import): it is one link.
            if seen.insert(e.id) {
                by_signer.entry((e.tournament.clone(), sig.by.clone())).or_default().push((e, d));
            }
        }
    }
    by_signer
        .into_iter()
        .map(|(k, mut evs)| {
            evs.sort_by_key(|(e, _)| e.order_key());
            let digests: HashSet<EventDigest> = evs.iter().map(|(_, d)| *d).collect();
            let mut named: HashMap<Option<EventDigest>, EventId> = HashMap::new();
            let mut chain = Chain { events: evs.len(), ..Chain::default() };
            for (e, _) in evs {
                if let Some(p) = e.prev {
                    if !digests.contains(&p) {
                        chain.missing_links.push(e.id);
                    }
                }
                if named.insert(e.prev, e.id).is_some() {
                    chain.forks.push(e.id);
                }
            }
            (k, chain)
        })
        .collect()
}

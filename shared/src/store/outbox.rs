//! The outbox: events recorded here that the office has not acknowledged yet.

use crate::domain::EventId;
use crate::error::Result;
use crate::event::Event;
use crate::store::{keys, storage, Store};

impl Store {
    /// Up to `limit` unacknowledged events, oldest first.
    pub fn outbox(&self, limit: usize) -> Result<Vec<Event>> {
        let mut out = Vec::new();
        for item in self.db.scan_prefix([keys::OUTBOX]).take(limit) {
            let (_, v) = item.map_err(storage)?;
            if let Some(e) = keys::id_suffix(&v).map(|id| self.get(&id)).transpose()?.flatten() {
                out.push(e);
            }
        }
        Ok(out)
    }

    /// How many events wait for the office.
    pub fn pending(&self) -> Result<usize> {
        Ok(self.db.scan_prefix([keys::OUTBOX]).count())
    }

    /// The office has these events (accepted, duplicate or finally refused): stop sending them.
    pub fn ack(&self, ids: &[EventId]) -> Result<()> {
        let mut batch = sled::Batch::default();
        for id in ids {
            if let Some(v) = self.db.get(keys::event(id)).map_err(storage)? {
                if let Some(seq) = keys::u64_of(&v) {
                    batch.remove(keys::seq_key(keys::OUTBOX, seq));
                }
            }
        }
        self.db.apply_batch(batch).map_err(storage)?;
        Ok(())
    }
}

//! The outbox: events recorded here that the office has not acknowledged yet.

use crate::domain::EventId;
use crate::error::{CoreError, Result};
use crate::event::Event;
use crate::store::{decode_line, keys, storage, Store};

/// An outbox entry as a push sends it: the event's line as stored (its wire encoding), not
/// decoded and encoded again — the office decodes it anyway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// Its place in the outbox: what [`Store::ack_slots`] takes, and where the next read starts.
    pub slot: u64,
    pub id: EventId,
    /// One JSON object, checked to be well-formed and to carry this id.
    pub line: String,
}

/// Just the id: reading it checks the line is whole JSON and is this event's, without building
/// the event.
#[derive(serde::Deserialize)]
struct IdProbe {
    id: EventId,
}

impl Store {
    /// Up to `limit` unacknowledged events, oldest first, decoded.
    pub fn outbox(&self, limit: usize) -> Result<Vec<Event>> {
        self.outbox_lines(None, limit, usize::MAX)?.iter().map(|p| decode_line(&p.id, p.line.as_bytes())).collect()
    }

    /// Up to `limit` unacknowledged events after outbox slot `after` (from the first if `None`),
    /// oldest first, as stored lines, stopping before the lines' total passes `max_bytes` (but
    /// never empty while something is pending). A push reads the next batch while the last is in
    /// flight; the byte budget keeps a batch of long notes under the office's body limit.
    pub fn outbox_lines(&self, after: Option<u64>, limit: usize, max_bytes: usize) -> Result<Vec<Pending>> {
        let from = match after {
            Some(slot) => keys::seq_key(keys::OUTBOX, slot.saturating_add(1)),
            None => vec![keys::OUTBOX],
        };
        let (mut out, mut bytes) = (Vec::new(), 0usize);
        for item in self.db.range(from..vec![keys::OUTBOX + 1]) {
            if out.len() >= limit {
                break;
            }
            let (k, v) = item.map_err(storage)?;
            let (Some(slot), Some(id)) = (k.get(1..).and_then(keys::u64_of), keys::id_suffix(&v)) else {
                return Err(CoreError::Damaged { message: "an outbox entry is cut short".into() });
            };
            // Acknowledged and gone from sled meanwhile: nothing to send.
            let Some(stored) = self.db.get(keys::event(&id)).map_err(storage)? else { continue };
            let (_, line) = self.stored_line(&id, &stored)?;
            bytes = bytes.saturating_add(line.len() + 1);
            if bytes > max_bytes && !out.is_empty() {
                break;
            }
            out.push(Pending { slot, id, line: checked_line(&id, line.into_owned())? });
        }
        Ok(out)
    }

    /// How many events wait for the office.
    pub fn pending(&self) -> Result<usize> {
        Ok(self.db.scan_prefix([keys::OUTBOX]).count())
    }

    /// The office has these events (accepted, duplicate or finally refused): stop sending them.
    pub fn ack(&self, ids: &[EventId]) -> Result<()> {
        let mut slots = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(slot) = self.db.get(keys::event(id)).map_err(storage)?.as_deref().and_then(keys::u64_of) {
                slots.push(slot);
            }
        }
        self.ack_slots(&slots)
    }

    /// [`Store::ack`] by outbox slot (an event's slot is its sequence number here): one sled
    /// batch, no lookups.
    pub fn ack_slots(&self, slots: &[u64]) -> Result<()> {
        let mut batch = sled::Batch::default();
        for &slot in slots {
            batch.remove(keys::seq_key(keys::OUTBOX, slot));
        }
        self.db.apply_batch(batch).map_err(storage)
    }
}

/// `bytes` as text, if it is one JSON object carrying `id`.
fn checked_line(id: &EventId, bytes: Vec<u8>) -> Result<String> {
    let line = String::from_utf8(bytes)
        .map_err(|e| CoreError::Damaged { message: format!("stored event {id} is not UTF-8: {e}") })?;
    match serde_json::from_str::<IdProbe>(&line) {
        Ok(p) if p.id == *id => Ok(line),
        Ok(p) => Err(CoreError::Damaged { message: format!("the line stored for event {id} is event {}'s", p.id) }),
        Err(e) => Err(CoreError::Damaged { message: format!("stored event {id} cannot be read: {e}") }),
    }
}

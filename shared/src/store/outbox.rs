//! The outbox: events recorded here that the office has not acknowledged yet.

use crate::error::{CoreError, Result};
use crate::event::Event;
use crate::model::EventId;
use crate::store::{decode_line, journal, keys, storage, Store};

/// The most one read of adjacent outbox lines takes from the journal.
const MAX_RUN_BYTES: u64 = 1 << 20;

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
        // First which events and where their lines are; then the lines, a run of lines adjacent
        // in the journal at a time (a device's own events mostly are): one read, not one each.
        let (mut found, mut bytes) = (Vec::new(), 0usize);
        for item in self.db.range(from..vec![keys::OUTBOX + 1]) {
            if found.len() >= limit {
                break;
            }
            let (k, v) = item.map_err(storage)?;
            let (Some(slot), Some(id)) = (k.get(1..).and_then(keys::u64_of), keys::id_suffix(&v)) else {
                return Err(CoreError::Damaged { message: "an outbox entry is cut short".into() });
            };
            // Gone from the id index (opening removed an event whose line never reached the disk).
            let Some(value) = self.primaries.value(&self.db, &id)? else { continue };
            let len = match keys::stored(&value) {
                // What goes on the wire: the line without its checksum.
                Some((_, keys::Stored::At(at, _))) => (at.len as usize).saturating_sub(super::line::SEAL_BYTES),
                Some((_, keys::Stored::Line(line))) => line.len(),
                None => return Err(CoreError::Damaged { message: format!("event {id}: its sled entry is cut short") }),
            };
            bytes = bytes.saturating_add(len + 1);
            if bytes > max_bytes && !found.is_empty() {
                break;
            }
            found.push((slot, id, value));
        }
        let at = |value: &[u8]| match keys::stored(value) {
            Some((_, keys::Stored::At(at, _))) => Some(at),
            _ => None,
        };
        let mut out = Vec::with_capacity(found.len());
        let mut rest = found.as_slice();
        while let Some(((slot, id, value), _)) = rest.split_first() {
            let Some(first) = at(value) else {
                // A line sled keeps itself (before layout 4).
                let line = self.stored_line(id, value)?.1.into_owned();
                out.push(Pending { slot: *slot, id: *id, line: checked_line(id, line)? });
                rest = &rest[1..];
                continue;
            };
            let mut end = first.offset + u64::from(first.len);
            let run = 1 + rest[1..]
                .iter()
                .map_while(|(_, _, v)| {
                    let next = at(v).filter(|n| n.segment == first.segment && n.offset == end + 1)?;
                    let next_end = next.offset + u64::from(next.len);
                    (next_end - first.offset <= MAX_RUN_BYTES).then(|| end = next_end)
                })
                .count();
            let span =
                journal::Position { segment: first.segment, offset: first.offset, len: (end - first.offset) as u32 };
            let text = self.read_raw(id, span)?;
            for (slot, id, value) in &rest[..run] {
                let place = at(value).unwrap_or(first);
                let from = (place.offset - first.offset) as usize;
                let raw = text.get(from..from + place.len as usize).unwrap_or_default();
                // A line whose checksum fails is not sent (it is noted for the status): the
                // rest of the outbox still goes.
                let Ok(json) = super::line::open(raw) else {
                    self.corrupt(Some(id), place);
                    continue;
                };
                out.push(Pending { slot: *slot, id: *id, line: checked_line(id, json.to_vec())? });
            }
            rest = &rest[run..];
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
            if let Some(slot) = self.primaries.value(&self.db, id)?.as_deref().and_then(keys::u64_of) {
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

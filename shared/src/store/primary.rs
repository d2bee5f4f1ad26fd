//! The id index: for each event, its sequence number, where its journal line is and its HLC.
//!
//! Kept in memory and written to sled once per batch, under `p` + the batch's first sequence
//! number (the key its arrival-log value has), after the batch's other keys: a group present
//! after a crash means they were all written (docs/durability.md). A sled key per event cost
//! the office a third of its push path: sled 0.34 splits a leaf every 16 keys and copies its
//! parent to do it (docs/performance-history.md, "Signed events, ninth pass").
//!
//! Stores written before layout 6 kept one key per event (`e` + id, [`keys::stored`]'s value);
//! those are still read, and only looked up while any remain.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::RwLock;

use crate::clock::Hlc;
use crate::error::{CoreError, Result};
use crate::model::EventId;
use crate::store::journal::Position;
use crate::store::{keys, storage};

/// Where one event is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    pub seq: u64,
    pub at: Position,
    pub hlc: Hlc,
}

/// An entry of a group: the id (16), then the value a per-event key held ([`keys::stored_at`]).
const ENTRY_LEN: usize = 16 + keys::STORED_AT_LEN;

/// Every event's [`Place`], by id.
#[derive(Debug, Default)]
pub(crate) struct Primaries {
    places: RwLock<HashMap<EventId, Place, IdHashing>>,
    /// Whether sled still holds per-event keys of a layout before 6.
    legacy: AtomicBool,
}

impl Primaries {
    /// Reads every group sled holds, and whether older per-event keys remain.
    pub fn load(db: &sled::Db) -> Result<Self> {
        // Sized once from the groups' lengths: growing a million-entry map rehashed it ten
        // times, half of what opening took.
        let groups = db.scan_prefix([keys::PRIMARY]).collect::<std::result::Result<Vec<_>, _>>().map_err(storage)?;
        let n = groups.iter().map(|(_, v)| v.len() / ENTRY_LEN).sum();
        let mut places = HashMap::with_capacity_and_hasher(n, IdHashing::default());
        for (k, v) in groups {
            if v.len() % ENTRY_LEN != 0 {
                return Err(cut_short(&k));
            }
            for c in v.chunks_exact(ENTRY_LEN) {
                let (id, place) = entry(c).ok_or_else(|| cut_short(&k))?;
                places.insert(id, place);
            }
        }
        let legacy = db.scan_prefix([keys::EVENT]).next().is_some();
        Ok(Primaries { places: RwLock::new(places), legacy: AtomicBool::new(legacy) })
    }

    /// Event `id`'s place as a per-event key held it ([`keys::stored`] reads it): from the
    /// index, else from an older layout's key.
    pub fn value(&self, db: &sled::Db, id: &EventId) -> Result<Option<Vec<u8>>> {
        if let Some(p) = self.place(id) {
            return Ok(Some(keys::stored_at(p.seq, p.at, p.hlc)));
        }
        if !self.legacy.load(Ordering::Relaxed) {
            return Ok(None);
        }
        Ok(db.get(keys::event(id)).map_err(storage)?.map(|v| v.to_vec()))
    }

    fn place(&self, id: &EventId) -> Option<Place> {
        self.places.read().unwrap_or_else(|e| e.into_inner()).get(id).copied()
    }

    /// Writes a batch's group under `first_seq`, then makes its events known.
    pub fn write(&self, db: &sled::Db, first_seq: u64, batch: &[(EventId, Place)]) -> Result<()> {
        if batch.is_empty() {
            return Ok(());
        }
        let mut v = Vec::with_capacity(batch.len() * ENTRY_LEN);
        for (id, p) in batch {
            v.extend_from_slice(id.as_uuid().as_bytes());
            keys::put_stored_at(&mut v, p.seq, p.at, p.hlc);
        }
        db.insert(keys::seq_key(keys::PRIMARY, first_seq), v).map_err(storage)?;
        self.places.write().unwrap_or_else(|e| e.into_inner()).extend(batch.iter().copied());
        Ok(())
    }

    /// Forgets event `id`, whose batch's group is under `key_seq` (the group goes with its last
    /// entry), and an older layout's key for it.
    pub fn remove(&self, db: &sled::Db, key_seq: u64, id: &EventId) -> Result<()> {
        self.places.write().unwrap_or_else(|e| e.into_inner()).remove(id);
        let key = keys::seq_key(keys::PRIMARY, key_seq);
        if let Some(v) = db.get(&key).map_err(storage)? {
            let rest: Vec<u8> =
                v.chunks(ENTRY_LEN).filter(|c| !c.starts_with(id.as_uuid().as_bytes())).flatten().copied().collect();
            if rest.is_empty() {
                db.remove(&key).map_err(storage)?;
            } else {
                db.insert(&key, rest).map_err(storage)?;
            }
        }
        if self.legacy.load(Ordering::Relaxed) {
            db.remove(keys::event(id)).map_err(storage)?;
        }
        Ok(())
    }

    /// Rewrites every event as a store before layout 6 kept it: a key each (tests of older
    /// stores start from there).
    #[cfg(test)]
    pub fn to_per_event_keys(&self, db: &sled::Db) {
        let mut places = self.places.write().unwrap_or_else(|e| e.into_inner());
        for (id, p) in places.drain() {
            db.insert(keys::event(&id), keys::stored_at(p.seq, p.at, p.hlc)).unwrap();
        }
        for item in db.scan_prefix([keys::PRIMARY]) {
            db.remove(item.unwrap().0).unwrap();
        }
        self.legacy.store(true, Ordering::Relaxed);
    }
}

/// One entry of a group; `None` if it is not one.
fn entry(c: &[u8]) -> Option<(EventId, Place)> {
    let id = EventId::new(uuid::Uuid::from_bytes(c.get(..16)?.try_into().ok()?)).ok()?;
    match keys::stored(c.get(16..)?)? {
        (seq, keys::Stored::At(at, hlc)) => Some((id, Place { seq, at, hlc })),
        (_, keys::Stored::Line(_)) => None,
    }
}

fn cut_short(key: &[u8]) -> CoreError {
    let seq = key.get(1..).and_then(keys::u64_of).unwrap_or(0);
    CoreError::Damaged {
        message: format!(
            "the id index group under sequence number {seq} is cut short; the journal is separate: \
             `arbiter-office salvage --data DIR` exports every event it holds"
        ),
    }
}

/// Hashes event ids for the index: their bytes folded 8 at a time through splitmix64's
/// finaliser, from a seed drawn once per store, so that ids a device picks cannot be made to
/// collide. SipHash, the default, took a third of opening a million-event store.
#[derive(Debug, Clone, Copy)]
struct IdHashing(u64);

impl Default for IdHashing {
    fn default() -> Self {
        IdHashing(std::collections::hash_map::RandomState::new().build_hasher().finish())
    }
}

impl BuildHasher for IdHashing {
    type Hasher = IdHasher;
    fn build_hasher(&self) -> IdHasher {
        IdHasher(self.0)
    }
}

struct IdHasher(u64);

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = mix(self.0 ^ u64::from_le_bytes(word));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// splitmix64's finaliser: every bit of `z` moves every bit of the result.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Opens sled as the store does: a handle dropped a moment ago may still hold the lock
    /// (sled 0.34's background work lets go of its file a little later).
    fn open(dir: &std::path::Path) -> sled::Db {
        crate::store::open_sled(dir, 8 << 20).unwrap()
    }

    fn place(seq: u64) -> Place {
        Place {
            seq,
            at: Position { segment: 2, offset: seq * 100, len: 99 },
            hlc: Hlc::new(1_795_000_000_000, seq as u32),
        }
    }

    #[test]
    fn a_group_reads_back_after_reopening_and_an_entry_removed_stays_removed() {
        let dir = crate::store::tests::tmp("primaries");
        let id = |i: u8| EventId::from_parts(1_795_000_000_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 0, i]);
        {
            let db = open(&dir);
            let p = Primaries::load(&db).unwrap();
            p.write(&db, 7, &[(id(1), place(7)), (id(2), place(8)), (id(3), place(9))]).unwrap();
            p.remove(&db, 7, &id(2)).unwrap();
            assert_eq!(p.value(&db, &id(2)).unwrap(), None);
            db.flush().unwrap();
        }
        let db = open(&dir);
        let p = Primaries::load(&db).unwrap();
        assert_eq!(p.place(&id(1)), Some(place(7)));
        assert_eq!(p.place(&id(3)), Some(place(9)));
        assert_eq!(p.place(&id(2)), None);
        assert_eq!(
            keys::stored(&p.value(&db, &id(3)).unwrap().unwrap()),
            Some((9, keys::Stored::At(place(9).at, place(9).hlc)))
        );
        // The last entry takes its group with it.
        p.remove(&db, 7, &id(1)).unwrap();
        p.remove(&db, 7, &id(3)).unwrap();
        assert!(db.scan_prefix([keys::PRIMARY]).next().is_none());
    }

    #[test]
    fn a_group_cut_short_is_damage_not_an_empty_store() {
        let dir = crate::store::tests::tmp("primaries-cut");
        let db = open(&dir);
        let id = EventId::from_parts(1_795_000_000_000, [0x80; 10]);
        Primaries::default().write(&db, 1, &[(id, place(1))]).unwrap();
        let key = keys::seq_key(keys::PRIMARY, 1);
        let v = db.get(&key).unwrap().unwrap();
        db.insert(&key, &v[..v.len() - 5]).unwrap();
        let err = Primaries::load(&db).unwrap_err();
        assert!(matches!(err, CoreError::Damaged { .. }), "{err:?}");
        assert!(err.to_string().contains("salvage"), "it says what to do: {err}");
    }

    #[test]
    fn an_older_layouts_key_is_read_while_any_remain() {
        let dir = crate::store::tests::tmp("primaries-legacy");
        let db = open(&dir);
        let id = EventId::from_parts(1_795_000_000_000, [0x81; 10]);
        db.insert(keys::event(&id), keys::stored_at(4, place(4).at, place(4).hlc)).unwrap();
        let p = Primaries::load(&db).unwrap();
        assert_eq!(p.value(&db, &id).unwrap(), Some(keys::stored_at(4, place(4).at, place(4).hlc)));
        p.remove(&db, 4, &id).unwrap();
        assert_eq!(p.value(&db, &id).unwrap(), None);
        assert!(db.get(keys::event(&id)).unwrap().is_none());
    }
}

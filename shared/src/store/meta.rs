//! Store metadata: layout version and migrations, sequence counter, sync cursor, HLC, device.

use crate::clock::Hlc;
use crate::error::{CoreError, Result};
use crate::model::DeviceId;
use crate::store::{keys, storage, STORE_SCHEMA};

fn get_u64(db: &sled::Db, name: &str) -> Result<Option<u64>> {
    Ok(db.get(keys::meta(name)).map_err(storage)?.and_then(|v| keys::u64_of(&v)))
}

fn set_u64(db: &sled::Db, name: &str, v: u64) -> Result<()> {
    db.insert(keys::meta(name), &v.to_be_bytes()).map_err(storage)?;
    Ok(())
}

/// Refuses a store written by a newer layout; migrates an older one forward.
pub(super) fn check_schema(db: &sled::Db) -> Result<()> {
    match get_u64(db, "schema")? {
        None => set_u64(db, "schema", STORE_SCHEMA),
        Some(v) if v == STORE_SCHEMA => Ok(()),
        Some(v) if v > STORE_SCHEMA => Err(CoreError::Damaged {
            message: format!("store layout {v} was written by a newer version (this build reads up to {STORE_SCHEMA}); upgrade the app, nothing was changed"),
        }),
        Some(v) => migrate(db, v),
    }
}

/// What the derived data sled holds (summaries `s`, game states `f`) was computed by. Another
/// build's fold may give other states for the same events (a rules correction), so each build
/// keeps only what its own revision computed.
fn derived_by() -> String {
    format!("{}+fold{}", env!("CARGO_PKG_VERSION"), crate::game::FOLD_REVISION)
}

/// Lets go of derived data another build computed: it is computed again from the events when
/// read. Removed before the tag is written, so a tag sled kept means the removals were kept.
pub(super) fn check_derived(db: &sled::Db) -> Result<()> {
    let current = derived_by();
    if db.get(keys::meta("derived")).map_err(storage)?.as_deref() == Some(current.as_bytes()) {
        return Ok(());
    }
    clear_derived(db)?;
    db.insert(keys::meta("derived"), current.as_bytes()).map_err(storage)?;
    Ok(())
}

/// Removes every stored summary and game state.
fn clear_derived(db: &sled::Db) -> Result<()> {
    for prefix in [keys::SUMMARY, keys::STATE] {
        for item in db.scan_prefix([prefix]) {
            db.remove(item.map_err(storage)?.0).map_err(storage)?;
        }
    }
    Ok(())
}

/// One step of the layout migration path: rewrites the keys of layout `from` into `from + 1`.
type Migration = fn(&sled::Db) -> Result<()>;

/// Migrations by the layout they start from.
const MIGRATIONS: &[(u64, Migration)] = &[
    (1, migrate_1_to_2),
    (2, migrate_2_to_3),
    (3, migrate_3_to_4),
    (4, read_old_keys_as_they_are),
    (5, read_old_keys_as_they_are),
];

/// Layout 2 indexes the set-up's events (`n`) and keeps game summaries (`s`) instead of
/// layout 1's cache of whole game states (`c`): one pass over the events.
fn migrate_1_to_2(db: &sled::Db) -> Result<()> {
    for item in db.scan_prefix([keys::EVENT]) {
        let (k, v) = item.map_err(storage)?;
        // Layout 1 kept every event's line in sled.
        let (Some(id), Some((_, keys::Stored::Line(line)))) = (keys::id_suffix(&k), keys::stored(&v)) else {
            continue;
        };
        let e = super::decode_line(&id, line)?;
        if e.game.is_none() {
            db.insert(keys::setup_index(&e.tournament, e.hlc, &e.id), Vec::new()).map_err(storage)?;
        }
    }
    for item in db.scan_prefix([keys::OLD_CACHE]) {
        db.remove(item.map_err(storage)?.0).map_err(storage)?;
    }
    db.flush().map_err(storage)?;
    Ok(())
}

/// Layout 3 drops the tournament-order index (`t`): the game and set-up indexes merged give the
/// same order, and each event costs one sled write less. Games' `v` values become empty as
/// their games next change (only their presence is read).
fn migrate_2_to_3(db: &sled::Db) -> Result<()> {
    for item in db.scan_prefix([keys::OLD_TOURNAMENT]) {
        db.remove(item.map_err(storage)?.0).map_err(storage)?;
    }
    db.flush().map_err(storage)?;
    Ok(())
}

fn migrate(db: &sled::Db, mut from: u64) -> Result<()> {
    while from < STORE_SCHEMA {
        let Some((_, step)) = MIGRATIONS.iter().find(|(v, _)| *v == from) else {
            return Err(CoreError::Damaged {
                message: format!("no migration from store layout {from} to {STORE_SCHEMA}; nothing was changed"),
            });
        };
        step(db)?;
        from += 1;
        set_u64(db, "schema", from)?;
    }
    Ok(())
}

/// Layout 4 splits the journal into segments and names the segment in the checkpoint (a
/// layout-3 checkpoint, four fields, is in the first segment, the only one there was); and an
/// event's primary key keeps where its line is in the journal instead of a copy of it (older
/// entries keep their lines and are read as they are). Bumped so that a build without either
/// refuses the store instead of misreading it.
fn migrate_3_to_4(db: &sled::Db) -> Result<()> {
    if let Some(c) = checkpoint(db)? {
        set_checkpoint(db, c)?;
    }
    db.flush().map_err(storage)?;
    Ok(())
}

/// Layouts whose new keys come beside the old ones, which are read as they are, so nothing is
/// rewritten. Layout 5 lists a batch's events of one game (or of the set-up) under one index
/// key instead of one key per event; layout 6 keeps the id index under one key per batch
/// (`primary.rs`) instead of one per event. Bumped so that a build reading only per-event keys
/// refuses the store instead of missing events.
fn read_old_keys_as_they_are(db: &sled::Db) -> Result<()> {
    db.flush().map_err(storage)?;
    Ok(())
}

/// How far sled is known to hold the journal: every line before `mark` (events up to `seq`,
/// `events` of them). Written after a batch's keys, in sled itself: sled recovers a prefix of
/// its writes, so a checkpoint it still has never claims more than it holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Checkpoint {
    pub mark: super::journal::Mark,
    pub seq: u64,
    pub events: u64,
}

pub(super) fn checkpoint(db: &sled::Db) -> Result<Option<Checkpoint>> {
    let Some(v) = db.get(keys::meta("checkpoint")).map_err(storage)? else { return Ok(None) };
    let field = |i: usize| v.get(i * 8..).and_then(keys::u64_of);
    // Written before segments: four fields, all in the first segment.
    let segment = match v.len() {
        32 => Some(0),
        40 => field(4).and_then(|n| u32::try_from(n).ok()),
        _ => None,
    };
    Ok(match (field(0), field(1), field(2), field(3), segment) {
        (Some(offset), Some(lines), Some(seq), Some(events), Some(segment)) => {
            Some(Checkpoint { mark: super::journal::Mark { segment, offset, lines }, seq, events })
        }
        _ => None,
    })
}

pub(super) fn set_checkpoint(db: &sled::Db, c: Checkpoint) -> Result<()> {
    let mut v = Vec::with_capacity(40);
    for n in [c.mark.offset, c.mark.lines, c.seq, c.events, u64::from(c.mark.segment)] {
        v.extend_from_slice(&n.to_be_bytes());
    }
    db.insert(keys::meta("checkpoint"), v).map_err(storage)?;
    Ok(())
}

pub(super) fn next_seq(db: &sled::Db) -> Result<u64> {
    Ok(get_u64(db, "next_seq")?.unwrap_or(0))
}

pub(super) fn hlc(db: &sled::Db) -> Result<Hlc> {
    Ok(match db.get(keys::meta("hlc")).map_err(storage)? {
        Some(v) if v.len() == 12 => {
            Hlc::new(keys::u64_of(&v).unwrap_or(0), u32::from_be_bytes([v[8], v[9], v[10], v[11]]))
        }
        _ => Hlc::default(),
    })
}

pub(super) fn set_hlc(db: &sled::Db, hlc: Hlc) -> Result<()> {
    let mut v = hlc.wall_ms.to_be_bytes().to_vec();
    v.extend_from_slice(&hlc.logical.to_be_bytes());
    db.insert(keys::meta("hlc"), v).map_err(storage)?;
    Ok(())
}

/// The file naming the device a store belongs to. A file, synced when written, because the
/// outbox depends on it: events this device recorded that sled lost go back to the outbox on
/// open, and that decision must not hinge on sled having kept its own metadata.
const DEVICE_FILE: &str = "device";

/// Reads the store's device, records it on first open, and refuses another device's store.
pub(super) fn device(dir: &std::path::Path, given: Option<&DeviceId>) -> Result<Option<DeviceId>> {
    let stored = match super::file::read(dir, DEVICE_FILE)? {
        Some(bytes) => Some(
            DeviceId::new(String::from_utf8_lossy(&bytes).trim())
                .map_err(|e| CoreError::Damaged { message: format!("{}: {e}", dir.join(DEVICE_FILE).display()) })?,
        ),
        None => None,
    };
    match (stored, given) {
        (Some(s), Some(g)) if &s != g => Err(CoreError::Damaged {
            message: format!("this store belongs to device `{s}`, not `{g}`; nothing was changed"),
        }),
        (Some(s), _) => Ok(Some(s)),
        (None, Some(g)) => {
            super::file::write_atomic(dir, DEVICE_FILE, g.as_str().as_bytes())?;
            Ok(Some(g.clone()))
        }
        (None, None) => Ok(None),
    }
}

/// Writes `d` as the store's device, whatever it was.
pub(super) fn rebind_device(dir: &std::path::Path, d: &DeviceId) -> Result<()> {
    super::file::write_atomic(dir, DEVICE_FILE, d.as_str().as_bytes())
}

impl super::Store {
    /// Records, durably, that this store belongs to `device` (at enrollment); refuses if it
    /// already belongs to another.
    pub fn claim_device(&self, d: &DeviceId) -> Result<()> {
        let claimed = device(&self.dir, Some(d))?;
        // What it signs from now on is its own chain, not the office's it pulled.
        *self.device.lock().unwrap_or_else(|e| e.into_inner()) = claimed;
        Ok(())
    }

    /// The office sequence number this device has pulled up to.
    pub fn cursor(&self) -> Result<u64> {
        Ok(get_u64(&self.db, "cursor")?.unwrap_or(0))
    }

    pub fn set_cursor(&self, cursor: u64) -> Result<()> {
        set_u64(&self.db, "cursor", cursor)
    }

    /// The scope this device last pulled with (`sync::scope`), to see when it changes.
    pub fn pull_scope(&self) -> Result<Option<String>> {
        let v = self.db.get(keys::meta("pull_scope")).map_err(storage)?;
        Ok(v.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    pub fn set_pull_scope(&self, scope: &str) -> Result<()> {
        self.db.insert(keys::meta("pull_scope"), scope.as_bytes()).map_err(storage)?;
        Ok(())
    }

    /// When this device last completed a sync round (ms since the epoch), for the banner.
    pub fn last_sync_ms(&self) -> Result<Option<u64>> {
        get_u64(&self.db, "last_sync")
    }

    pub fn set_last_sync_ms(&self, ms: u64) -> Result<()> {
        set_u64(&self.db, "last_sync", ms)
    }

    /// The office's clock minus this device's, as last measured (none before the first contact).
    pub fn clock_skew(&self) -> Result<Option<crate::clock::ClockSkew>> {
        Ok(get_u64(&self.db, "clock_offset")?.map(|v| crate::clock::ClockSkew { offset_ms: v as i64 }))
    }

    pub fn set_clock_skew(&self, skew: crate::clock::ClockSkew) -> Result<()> {
        set_u64(&self.db, "clock_offset", skew.offset_ms as u64)
    }

    /// The office certificate announced to replace the pinned one (`cert next` at the office),
    /// trusted beside it from then on.
    pub fn office_cert_next(&self) -> Result<Option<crate::sync::tls::CertFingerprint>> {
        let v = self.db.get(keys::meta("office_cert_next")).map_err(storage)?;
        Ok(v.and_then(|v| <[u8; 32]>::try_from(v.as_ref()).ok()).map(crate::sync::tls::CertFingerprint::from_bytes))
    }

    pub fn set_office_cert_next(&self, fp: crate::sync::tls::CertFingerprint) -> Result<()> {
        self.db.insert(keys::meta("office_cert_next"), fp.as_bytes()).map_err(storage)?;
        // Rare and decisive for reaching the office later: on disk now.
        self.db.flush().map_err(storage)?;
        Ok(())
    }

    /// 第十四条: the sealed move this tablet took for `game`, kept here only (the ledger holds its
    /// seal) until the referee opens it.
    pub fn sealed_move(&self, game: &crate::model::GameId) -> Result<Option<SealedMove>> {
        let v = self.db.get(keys::meta(&format!("sealed/{game}"))).map_err(storage)?;
        v.map(|v| {
            serde_json::from_slice(&v).map_err(|e| CoreError::storage_in(format_args!("sealed move of {game}"), e))
        })
        .transpose()
    }

    /// Keeps the sealed move on disk before its seal is recorded, so a killed app still has it.
    pub fn keep_sealed_move(&self, game: &crate::model::GameId, sealed: &SealedMove) -> Result<()> {
        let bytes = serde_json::to_vec(sealed).map_err(CoreError::storage)?;
        self.db.insert(keys::meta(&format!("sealed/{game}")), bytes).map_err(storage)?;
        self.db.flush().map_err(storage)?;
        Ok(())
    }

    pub fn forget_sealed_move(&self, game: &crate::model::GameId) -> Result<()> {
        self.db.remove(keys::meta(&format!("sealed/{game}"))).map_err(storage)?;
        self.db.flush().map_err(storage)?;
        Ok(())
    }

    /// The last HLC stamp this device issued or observed.
    pub fn hlc(&self) -> Result<Hlc> {
        hlc(&self.db)
    }

    /// Merges stamps seen on pulled events into this device's clock (at physical time `now_ms`,
    /// corrected to the office's), so that what it records next is ordered after them — but
    /// never more than `MAX_AHEAD_MS` past `now_ms` because of a peer.
    pub fn observe(&self, seen: impl IntoIterator<Item = Hlc>, now_ms: u64) -> Result<Hlc> {
        let _guard = self.lock();
        let mut clock = crate::clock::HybridClock::resume(hlc(&self.db)?);
        let mut last = clock.last();
        for h in seen {
            last = clock.observe_within(h, now_ms, crate::clock::MAX_AHEAD_MS);
        }
        set_hlc(&self.db, last)?;
        Ok(last)
    }
}

/// A sealed move as the tablet keeps it (第十四条): the point and the salt of its seal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SealedMove {
    pub point: crate::model::Point,
    pub salt: crate::game::Salt,
}

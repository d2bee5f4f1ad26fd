//! The store: every event a device or the office holds, on disk.
//!
//! - `journal` (append-only JSONL segments) is the durability point: `append` returns only after
//!   `fdatasync` covered the new lines, shared among concurrent writers (group commit).
//! - sled 0.34 holds events by id, indexes by game, tournament and set-up, an arrival log with a
//!   monotonic sequence, the outbox, the sync cursor, the HLC and each game's summary.
//! - `projection` keeps derived state (game states, summaries, set-ups) up to date with the
//!   events, so screens cost what they show.
//! - On open the two are reconciled: journal lines missing from sled (sled loses up to ~500 ms
//!   on power loss) are re-applied; events in sled missing from the journal are appended to it.
//!
//! See docs/durability.md for what this does and does not guarantee.

#[cfg(any(test, feature = "testkit"))]
pub mod conformance;
mod export;
pub mod file;
mod interface;
pub mod journal;
mod keys;
pub mod line;
mod meta;
mod outbox;
mod primary;
mod projection;
pub mod stamp;

pub use projection::STORE_STATES_EVERY;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, Utc};

use crate::clock::HybridClock;
use crate::error::{CoreError, DomainError, Result};
use crate::event::wire::{self, LineError, Lined};
use crate::event::{Event, EventBody};
use crate::model::{Author, DeviceId, EventId, GameId, TournamentId};

pub use export::{import, ImportReport, SalvageReport};
pub use interface::{EventStore, Keyspace, Seat};
pub use journal::Journal;
pub use keys::LogTag;
pub use meta::SealedMove;
pub use outbox::Pending;

/// The on-disk layout version of the store (not the wire schema). Bump with a migration.
pub const STORE_SCHEMA: u64 = 6;

/// Where an appended event came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Recorded on this device: it goes to the outbox until the office acknowledges it.
    Local,
    /// Received from elsewhere (a pull, an import, a push to the office).
    Remote,
}

/// What became of one event handed to [`Store::append`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Appended {
    /// Stored under this arrival sequence number.
    New(u64),
    /// Already stored, identical, under this sequence number.
    Duplicate(u64),
}

/// What opening the store found and repaired.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpenReport {
    pub events: u64,
    /// Journal lines re-applied to sled (sled had lost them).
    pub reapplied: usize,
    /// Events found in sled but not in the journal, appended to it (stores from before layout
    /// 4, whose sled kept each event's line).
    pub rejournaled: usize,
    /// Events sled indexed whose journal line never reached the disk (never acknowledged):
    /// their keys were removed.
    pub unjournaled: usize,
    /// Journal lines read: those after the checkpoint (all of them without one).
    pub journal_lines_read: usize,
    /// Bytes of torn last journal lines (never acknowledged): cut off the segment being
    /// written; left, and skipped, at the end of a closed one (damage).
    pub torn_tail_bytes: u64,
    /// Journal lines that could not be decoded (damage); they stay in the file untouched.
    pub bad_journal_lines: Vec<LineError>,
}

/// Sizes a store is opened with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// sled's page cache, in bytes.
    pub cache_bytes: u64,
    /// The journal's segment size, in bytes (a segment is closed once it holds this much).
    pub segment_bytes: u64,
    /// Free space on the store's disk below which writes are refused (`disk_full`) before
    /// anything is written: sled cannot go on after a write that met a full disk, so the store
    /// never lets it meet one; and once space is freed, writes go on without a restart.
    pub reserve_bytes: u64,
}

/// The default reserve, in MB: sled's segments and a journal batch fit many times over.
pub const RESERVE_MB: u64 = 64;

impl Default for Options {
    fn default() -> Self {
        Options {
            cache_bytes: SLED_CACHE_MB << 20,
            segment_bytes: journal::SEGMENT_BYTES,
            reserve_bytes: RESERVE_MB << 20,
        }
    }
}

impl Options {
    /// The defaults, or what `ARBITER_SLED_CACHE_MB`, `ARBITER_JOURNAL_SEGMENT_KB` and
    /// `ARBITER_RESERVE_MB` (0: no reserve) ask for; a value that is not a size in range is an
    /// error naming the variable.
    pub fn from_env() -> Result<Self> {
        let size = |name: &'static str, unit: &str, shift: u32, min: u64, max: u64| -> Result<Option<u64>> {
            let Ok(text) = std::env::var(name) else { return Ok(None) };
            match text.trim().parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(Some(n << shift)),
                _ => Err(DomainError::OutOfRange {
                    what: name,
                    message: format!("{name} is `{text}`: give the size in {unit}, {min}–{max}"),
                }
                .into()),
            }
        };
        let d = Options::default();
        Ok(Options {
            cache_bytes: size("ARBITER_SLED_CACHE_MB", "MB", 20, 1, 65_536)?.unwrap_or(d.cache_bytes),
            segment_bytes: size("ARBITER_JOURNAL_SEGMENT_KB", "KB", 10, 1, 4 << 20)?.unwrap_or(d.segment_bytes),
            reserve_bytes: size("ARBITER_RESERVE_MB", "MB", 20, 0, 1 << 20)?.unwrap_or(d.reserve_bytes),
        })
    }
}

/// Where a batch's lines are: to be written to the journal now (sealed, see [`Sealed`]), or
/// already in it (events re-applied on open, at these places).
#[derive(Clone, Copy)]
enum Lines<'a> {
    Write(&'a Sealed),
    InJournal(&'a [journal::Position]),
}

/// A batch's lines as the journal takes them (each with its checksum and newline), in one
/// buffer, made before the write lock is taken: every writer waits for what is done under it.
struct Sealed {
    bytes: Vec<u8>,
    /// Where each line's bytes end in `bytes`, newline included.
    ends: Vec<usize>,
}

impl Sealed {
    fn new(lines: &[String]) -> Sealed {
        let mut bytes = Vec::with_capacity(lines.iter().map(|l| l.len() + line::SEAL_BYTES + 1).sum());
        let ends = lines
            .iter()
            .map(|l| {
                line::seal(l.as_bytes(), &mut bytes);
                bytes.push(b'\n');
                bytes.len()
            })
            .collect();
        Sealed { bytes, ends }
    }

    /// Line `i`, sealed, with its newline.
    fn line(&self, i: usize) -> &[u8] {
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j]);
        &self.bytes[start..self.ends[i]]
    }
}

/// An event of a batch that is not stored yet.
struct Fresh<'a> {
    seq: u64,
    event: &'a Event,
    /// Its place in the batch.
    index: usize,
    at: journal::Position,
}

/// An open store.
pub struct Store {
    dir: PathBuf,
    /// The device this store belongs to (None at the office); changed only when a device that
    /// lost its signing key enrolls again ([`Store::rebind_device`]).
    device: Mutex<Option<DeviceId>>,
    db: sled::Db,
    journal: Journal,
    /// Serialises writers between the duplicate check and the batch (not the sync).
    write: Mutex<()>,
    next_seq: AtomicU64,
    /// Events stored (counted on open from the checkpoint on, then kept).
    events: AtomicU64,
    /// False once a batch failed after its journal write: no checkpoint may cover it.
    checkpoints: AtomicBool,
    report: OpenReport,
    projection: projection::Projection,
    /// Each event's sequence number, journal line and HLC, by id (`primary.rs`).
    primaries: primary::Primaries,
    /// Who signs what this store records (none: it records unsigned, as before schema 2).
    signer: Mutex<Option<Arc<Signer>>>,
    /// Digests of the events just signed, for their batch to move the chain head with.
    sealed: Mutex<HashMap<EventId, crate::event::EventDigest>>,
    /// The signer's chain heads as last written to (or read from) sled, by tournament: a record
    /// reads its head here, not from sled (the device is rebound: forgotten).
    heads: Mutex<HashMap<TournamentId, crate::event::EventDigest>>,
    /// The signer's chain heads in sled: a tree of their own, whose few keys make moving one at
    /// every record cheap (in the main tree it cost a tablet's record ~7 µs; docs/performance-history.md).
    chain_heads: sled::Tree,
    /// See [`Options::reserve_bytes`].
    reserve_bytes: u64,
    /// Journal lines found corrupt, by (segment, offset): what `/health` reports.
    corrupt: Mutex<BTreeMap<(u32, u64), String>>,
}

/// The key a store signs its new events with, and as whom.
#[derive(Debug)]
pub struct Signer {
    /// The device id the signatures name (`office` at the office).
    pub id: DeviceId,
    pub key: crate::ledger::SigningKey,
    /// The office's: the first event it signs in a tournament registers its own key (the
    /// ledger's root); a device's key is registered by the office at enrollment.
    pub announces: bool,
}

/// Who records the office's own events (its key, devices' keys and revocations).
pub fn office_author() -> Result<Author> {
    Ok(Author {
        device: DeviceId::new(crate::event::OFFICE_SIGNER)?,
        person: crate::model::PersonId::new(crate::event::OFFICE_SIGNER)?,
        role: crate::model::Role::Organiser,
    })
}

fn storage<E: crate::error::StorageError>(e: E) -> CoreError {
    CoreError::storage(e)
}

/// Whether `e` says the disk (or the user's quota) is full.
fn is_disk_full(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::StorageFull || matches!(e.raw_os_error(), Some(28 | 122))
}

/// The sled tree of the signer's chain heads (see [`Store`]'s `chain_heads`).
const CHAIN_HEADS: &str = "chain-heads";

impl Store {
    /// Opens (or creates) the store in `dir`. `device` is this device's id (None at the office,
    /// or to open a device's store as it is); it is recorded on first open, and decides which
    /// events found only in the journal go back to the outbox.
    /// Sizes come from the environment ([`Options::from_env`]).
    pub fn open(dir: &Path, device: Option<&DeviceId>) -> Result<Self> {
        Self::open_with(dir, device, Options::from_env()?)
    }

    /// [`Store::open`] with the sizes given.
    pub fn open_with(dir: &Path, device: Option<&DeviceId>, options: Options) -> Result<Self> {
        let Options { cache_bytes, segment_bytes, reserve_bytes } = options;
        std::fs::create_dir_all(dir)
            .map_err(|e| CoreError::storage_in(format_args!("cannot create {}", dir.display()), e))?;
        let db = open_sled(&dir.join("sled"), cache_bytes).map_err(|e| {
            if is_lock_held(&e, &dir.join("sled")) {
                return CoreError::InUse { dir: dir.display().to_string() };
            }
            // sled writes as it opens: on a full disk that is not damage.
            if matches!(&e, sled::Error::Io(io) if is_disk_full(io)) {
                let free = fs2::available_space(dir).unwrap_or(0);
                return CoreError::DiskFull {
                    dir: dir.display().to_string(),
                    free_mb: free >> 20,
                    reserve_mb: reserve_bytes >> 20,
                };
            }
            CoreError::Damaged {
                message: format!(
                    "the sled store in {} cannot be opened ({e}); the journal is separate: \
                     `arbiter-office salvage --data {}` exports every event it can read",
                    dir.display(),
                    dir.display()
                ),
            }
        })?;
        meta::check_schema(&db)?;
        meta::check_derived(&db)?;
        // Only the journal after the checkpoint is read: sled holds what comes before it.
        let checkpoint = meta::checkpoint(&db)?.unwrap_or_default();
        let (journal, scan) = Journal::open_from(dir, checkpoint.mark, segment_bytes).map_err(|e| {
            if is_disk_full(&e) {
                let free = fs2::available_space(dir).unwrap_or(0);
                return CoreError::DiskFull {
                    dir: dir.display().to_string(),
                    free_mb: free >> 20,
                    reserve_mb: reserve_bytes >> 20,
                };
            }
            CoreError::Damaged { message: format!("the journal in {} cannot be read: {e}", dir.display()) }
        })?;
        let checkpoint = if scan.from == checkpoint.mark { checkpoint } else { meta::Checkpoint::default() };
        let device = meta::device(dir, device)?;
        let next_seq = meta::next_seq(&db)?.max(last_logged_seq(&db)?);
        let chain_heads = db.open_tree(CHAIN_HEADS).map_err(storage)?;
        let primaries = primary::Primaries::load(&db)?;
        let mut store = Store {
            dir: dir.to_owned(),
            device: Mutex::new(device),
            db,
            journal,
            write: Mutex::new(()),
            next_seq: AtomicU64::new(next_seq),
            events: AtomicU64::new(0),
            checkpoints: AtomicBool::new(true),
            report: OpenReport {
                torn_tail_bytes: scan.torn_tail_bytes,
                journal_lines_read: scan.lines.len(),
                ..OpenReport::default()
            },
            projection: projection::Projection::default(),
            primaries,
            signer: Mutex::new(None),
            sealed: Mutex::default(),
            heads: Mutex::default(),
            chain_heads,
            reserve_bytes,
            corrupt: Mutex::default(),
        };
        store.reconcile(scan, checkpoint)?;
        store.report.events = store.events.load(Ordering::SeqCst);
        Ok(store)
    }

    /// Brings sled and the journal after `checkpoint` back to the same set of events, counts
    /// the events, and writes a checkpoint at the journal's end.
    fn reconcile(&mut self, scan: journal::JournalScan, checkpoint: meta::Checkpoint) -> Result<()> {
        let device = self.device();
        let mut in_journal = HashSet::with_capacity(scan.lines.len());
        let mut missing = Vec::new();
        let mut own_hlc = meta::hlc(&self.db)?;
        for c in &scan.corrupt {
            let err = self.corrupt(None, c.at);
            self.report.bad_journal_lines.push(LineError { line: c.line, code: err.code(), message: err.to_string() });
        }
        for l in scan.lines {
            match wire::decode(&l.text) {
                Ok(e) => {
                    in_journal.insert(e.id);
                    if device.as_ref() == Some(&e.author.device) {
                        own_hlc = own_hlc.max(e.hlc);
                    }
                    if self.primaries.value(&self.db, &e.id)?.is_none() {
                        missing.push((e, l.at));
                    }
                }
                Err(err) => self.report.bad_journal_lines.push(LineError {
                    line: l.line,
                    code: err.code(),
                    message: err.to_string(),
                }),
            }
        }
        if !missing.is_empty() {
            // Events of our own device that sled lost may not have reached the office: resend
            // them (the office answers duplicates idempotently).
            let (local, remote): (Vec<_>, Vec<_>) =
                missing.into_iter().partition(|(e, _)| device.as_ref() == Some(&e.author.device));
            {
                let guard = self.lock();
                for (part, origin) in [(&local, Origin::Local), (&remote, Origin::Remote)] {
                    let (events, at): (Vec<Event>, Vec<journal::Position>) = part.iter().cloned().unzip();
                    let encoded: Vec<String> = events.iter().map(wire::encode).collect();
                    self.apply(&guard, &events, &encoded, origin, Lines::InJournal(&at))?;
                }
            }
            self.report.reapplied = local.len() + remote.len();
        }
        // The clock must never go back, even if sled lost its last stamps.
        meta::set_hlc(&self.db, own_hlc)?;
        // Events sled has after the checkpoint that the journal lacks: sled flushed, the
        // journal's write never reached the disk, so they were never acknowledged. One whose
        // line sled kept (before layout 4) goes back into the journal; one sled knows only by
        // its place in the journal is gone, and its keys are removed. The rest are counted.
        let mut events = checkpoint.events;
        let mut lines = Vec::new();
        let mut after = Vec::new();
        self.for_each_log(checkpoint.seq, u64::MAX, |key_seq, seq, entry| {
            after.push((key_seq, seq, entry.to_vec()));
            Ok(ControlFlow::Continue(()))
        })?;
        for (key_seq, seq, entry) in after {
            let Some(id) = keys::id_suffix(&entry) else { continue };
            let Some(v) = self.primaries.value(&self.db, &id)? else { continue };
            let Some((stored_seq, stored)) = keys::stored(&v) else { continue };
            // A log entry left by a cut-short batch whose event was applied again under a new
            // number: it goes (readers pass over such entries anyway).
            if stored_seq != seq {
                self.remove_log_entry(key_seq, seq)?;
                continue;
            }
            if in_journal.contains(&id) {
                events += 1;
                continue;
            }
            match stored {
                keys::Stored::Line(json) => {
                    line::seal(json, &mut lines);
                    lines.push(b'\n');
                    self.report.rejournaled += 1;
                    events += 1;
                }
                keys::Stored::At(at, hlc) => {
                    if self.journal_has(&id, at)? {
                        events += 1;
                    } else {
                        self.unindex(key_seq, seq, &id, hlc, keys::log_tag(&entry))?;
                        self.report.unjournaled += 1;
                    }
                }
            }
        }
        if !lines.is_empty() {
            let ticket = self.journal.append(&lines).map_err(storage)?.ticket;
            self.journal.sync(ticket).map_err(storage)?;
        }
        self.events.store(events, Ordering::SeqCst);
        self.checkpoint()
    }

    /// Whether the journal holds event `id`'s line at `at`. A line that is not there (past the
    /// end, or another event's) is `false`; a read that fails otherwise is an error, so that a
    /// passing fault never removes an event.
    fn journal_has(&self, id: &EventId, at: journal::Position) -> Result<bool> {
        match self.journal.read(at) {
            // A corrupt line is there, damaged: the event stays indexed, and reading it says so.
            Ok(bytes) => Ok(line::open(&bytes).map_or(true, |json| decode_line(id, json).is_ok())),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::UnexpectedEof | std::io::ErrorKind::NotFound) => Ok(false),
            Err(e) => Err(CoreError::Damaged { message: format!("the journal cannot be read at {at:?}: {e}") }),
        }
    }

    /// While opening: removes the keys of an event sled indexed but whose journal line never
    /// reached the disk (it was never acknowledged). Its game's summary and stored state go with
    /// it, and the game itself if it has no other event.
    fn unindex(
        &self,
        key_seq: u64,
        seq: u64,
        id: &EventId,
        hlc: crate::clock::Hlc,
        tag: Option<LogTag<'_>>,
    ) -> Result<()> {
        let remove = |k: Vec<u8>| self.db.remove(k).map(|_| ()).map_err(storage);
        if let Some(tag) = tag {
            let t = TournamentId::new(tag.tournament)?;
            let game = tag.game.map(GameId::new).transpose()?;
            let prefix = game.as_ref().map_or_else(|| keys::setup_prefix(&t), |g| keys::game_prefix(&t, g));
            // Its order leaves its batch's group (the group goes with its last order); an older
            // layout's per-event key goes too.
            let group = keys::index_group(prefix.clone(), key_seq);
            if let Some(v) = self.db.get(&group).map_err(storage)? {
                let gone = keys::order(hlc, id);
                let rest: Vec<u8> = v.chunks(keys::ORDER_LEN).filter(|o| *o != gone).flatten().copied().collect();
                if rest.is_empty() {
                    remove(group)?;
                } else {
                    self.db.insert(group, rest).map_err(storage)?;
                }
            }
            let mut old = prefix.clone();
            old.extend_from_slice(&keys::order(hlc, id));
            remove(old)?;
            if let Some(g) = &game {
                remove(keys::game_key(keys::SUMMARY, &t, g))?;
                remove(keys::game_key(keys::STATE, &t, g))?;
                if self.db.scan_prefix(&prefix).next().is_none() {
                    remove(keys::game_key(keys::VERSION, &t, g))?;
                }
            }
        }
        remove(keys::seq_key(keys::OUTBOX, seq))?;
        self.remove_log_entry(key_seq, seq)?;
        self.primaries.remove(&self.db, key_seq, id)
    }

    /// Takes entry `seq` out of the arrival-log value stored under `key_seq` (the value goes with
    /// its last entry).
    fn remove_log_entry(&self, key_seq: u64, seq: u64) -> Result<()> {
        let log_key = keys::seq_key(keys::LOG, key_seq);
        if let Some(v) = self.db.get(&log_key).map_err(storage)? {
            let rest: Vec<(u64, &[u8])> =
                keys::log_entries(key_seq, &v).unwrap_or_default().into_iter().filter(|(s, _)| *s != seq).collect();
            if rest.is_empty() {
                self.db.remove(log_key).map_err(storage)?;
            } else {
                self.db.insert(log_key, keys::log_batch(rest)).map_err(storage)?;
            }
        }
        Ok(())
    }

    /// Records that sled holds everything the journal has (called under the write lock, or
    /// while opening). Stops for good once a batch failed half-way: its lines must be re-read.
    fn checkpoint(&self) -> Result<()> {
        if !self.checkpoints.load(Ordering::SeqCst) {
            return Ok(());
        }
        let c = meta::Checkpoint {
            mark: self.journal.end(),
            seq: self.next_seq.load(Ordering::SeqCst),
            events: self.events.load(Ordering::SeqCst),
        };
        meta::set_checkpoint(&self.db, c)
    }

    fn lock(&self) -> MutexGuard<'_, ()> {
        self.write.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The directory the store lives in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A separate keyspace in the same database, for a host's own records (the office's
    /// accounts). Not part of the event log, the journal or exports.
    pub fn open_tree(&self, name: &str) -> Result<sled::Tree> {
        self.db.open_tree(format!("x-{name}")).map_err(storage)
    }

    /// What opening the store found and repaired.
    pub fn open_report(&self) -> &OpenReport {
        &self.report
    }

    /// Number of events stored.
    pub fn len(&self) -> Result<u64> {
        Ok(self.events.load(Ordering::SeqCst))
    }

    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// Stores `events` durably: returns only after their journal lines are synced. Each event
    /// is answered on its own: new, duplicate (idempotent), or refused (same id, other content).
    pub fn append(&self, events: &[Event], origin: Origin) -> Result<Vec<Result<Appended>>> {
        // Encoded before the lock: every writer waits for what is done under it.
        let encoded = events.iter().map(wire::encode).collect();
        self.append_encoded(events, encoded, origin)
    }

    /// [`Store::append`] of events that come with their lines (as a device sent them): stored
    /// as they are, not written again.
    pub fn append_lined(&self, events: Vec<Lined>, origin: Origin) -> Result<Vec<Result<Appended>>> {
        let (events, lines): (Vec<Event>, Vec<String>) = events.into_iter().map(Lined::into_parts).unzip();
        self.append_encoded(&events, lines, origin)
    }

    fn append_encoded(&self, events: &[Event], encoded: Vec<String>, origin: Origin) -> Result<Vec<Result<Appended>>> {
        self.check_space()?;
        let sealed = Sealed::new(&encoded);
        let guard = self.lock();
        let out = self.apply(&guard, events, &encoded, origin, Lines::Write(&sealed))?;
        drop(guard);
        // Duplicates too wait for the sync: their first copy may still be in flight.
        self.journal.sync(self.journal_written()).map_err(storage)?;
        Ok(out)
    }

    /// Refuses to write while the disk has less than the reserve free ([`Options::reserve_bytes`]).
    pub fn check_space(&self) -> Result<()> {
        if self.reserve_bytes == 0 {
            return Ok(());
        }
        let free = fs2::available_space(&self.dir).map_err(|e| self.io_error("cannot read the free space of", e))?;
        if free < self.reserve_bytes {
            return Err(self.disk_full(free));
        }
        Ok(())
    }

    fn disk_full(&self, free: u64) -> CoreError {
        CoreError::DiskFull {
            dir: self.dir.display().to_string(),
            free_mb: free >> 20,
            reserve_mb: self.reserve_bytes >> 20,
        }
    }

    /// An I/O error of this store's files: `disk_full` when it says so, else a storage error.
    fn io_error(&self, what: &str, e: std::io::Error) -> CoreError {
        if is_disk_full(&e) {
            return self.disk_full(fs2::available_space(&self.dir).unwrap_or(0));
        }
        CoreError::storage_in(format_args!("{what} {}", self.dir.display()), e)
    }

    /// Why this store can no longer write until it is opened again, if it cannot (a failed
    /// `fdatasync`: the kernel may have dropped what it did not write, so nothing after it can
    /// be acknowledged). A host should exit and be restarted ([`crate::store`] docs).
    pub fn failure(&self) -> Option<String> {
        self.journal.failure()
    }

    fn journal_written(&self) -> u64 {
        self.journal.written()
    }

    /// Signs what this store records from now on with `signer`'s key (replacing any before).
    pub fn sign_with(&self, signer: Signer) {
        *self.signer.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(signer));
    }

    /// The signer this store records with, if any.
    pub fn signer(&self) -> Option<Arc<Signer>> {
        self.signer.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The device this store belongs to (None at the office).
    pub fn device(&self) -> Option<DeviceId> {
        self.device.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Gives the store to another device id: only for a device that lost its signing key (it
    /// can no longer sign as the old one) and enrolled again under a new id.
    pub fn rebind_device(&self, d: &DeviceId) -> Result<()> {
        meta::rebind_device(&self.dir, d)?;
        *self.device.lock().unwrap_or_else(|e| e.into_inner()) = Some(d.clone());
        self.heads.lock().unwrap_or_else(|e| e.into_inner()).clear();
        Ok(())
    }

    /// The digest of the last event this store's signer signed in `tournament` (its chain's head).
    fn chain_head(&self, tournament: &TournamentId) -> Result<Option<crate::event::EventDigest>> {
        if let Some(d) = self.heads.lock().unwrap_or_else(|e| e.into_inner()).get(tournament) {
            return Ok(Some(*d));
        }
        let me = self.device().map_or_else(|| crate::event::OFFICE_SIGNER.to_owned(), |d| d.to_string());
        let v = match self.chain_heads.get(keys::chain_head(tournament, &me)).map_err(storage)? {
            Some(v) => Some(v),
            // Where builds before the heads' own tree kept it.
            None => self.db.get(keys::meta(&format!("chain/{tournament}/{me}"))).map_err(storage)?,
        };
        let head = v.and_then(|b| <[u8; 32]>::try_from(b.as_ref()).ok()).map(crate::event::EventDigest);
        if let Some(d) = head {
            self.heads.lock().unwrap_or_else(|e| e.into_inner()).insert(tournament.clone(), d);
        }
        Ok(head)
    }

    /// Records a new local event: stamps it with this device's HLC and a fresh UUIDv7 at
    /// `now`, signs it (when the store has a signer), stores it durably and puts it in the
    /// outbox. `random` fills the id's random bits.
    pub fn record(
        &self,
        tournament: TournamentId,
        game: Option<GameId>,
        author: Author,
        body: EventBody,
        now: DateTime<Utc>,
        random: [u8; 10],
    ) -> Result<Event> {
        EventStore::record(self, tournament, game, author, body, now, random)
    }

    /// Records several new local events by one author at once (a round's pairing, an import):
    /// each stamped like [`Store::record`], all stored under one lock and one sync, in order.
    /// Nothing is stored if any of them is invalid. `random` gives each id's random bits.
    pub fn record_all(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<crate::event::NewEvent>,
        now: DateTime<Utc>,
        random: impl FnMut() -> Result<[u8; 10]>,
    ) -> Result<Vec<Event>> {
        self.record_made(tournament, author, bodies, now, now, random)
    }

    /// [`Store::record_all`] of records made at `made` (their `wall_time`), stamped now: what an
    /// official's phone recorded while it could not reach the office (`stamp`).
    pub fn record_made(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<crate::event::NewEvent>,
        now: DateTime<Utc>,
        made: DateTime<Utc>,
        mut random: impl FnMut() -> Result<[u8; 10]>,
    ) -> Result<Vec<Event>> {
        self.check_space()?;
        let guard = self.lock();
        let mut clock = HybridClock::resume(meta::hlc(&self.db)?);
        let signer = self.signer();
        let head = match &signer {
            Some(_) => self.chain_head(tournament)?,
            None => None,
        };
        let stamp::Stamped { events, digests } =
            stamp::stamp(signer.as_deref(), head, &mut clock, tournament, author, bodies, now, made, &mut random)?;
        self.sealed.lock().unwrap_or_else(|e| e.into_inner()).extend(events.iter().map(|e| e.id).zip(digests));
        // Before the batch (and its checkpoint): a checkpoint sled kept covers these stamps.
        meta::set_hlc(&self.db, clock.last())?;
        let encoded: Vec<String> = events.iter().map(wire::encode).collect();
        let sealed = Sealed::new(&encoded);
        let results = self.apply(&guard, &events, &encoded, Origin::Local, Lines::Write(&sealed))?;
        drop(guard);
        let synced = self.journal.sync(self.journal_written());
        // Durable (or not to be): a tablet's next nonces are prepared now, not while it waits
        // for its disk (`ledger/nonce.rs`).
        if let Some(s) = &signer {
            s.key.refill_nonces();
        }
        synced.map_err(storage)?;
        results.into_iter().find_map(|r| r.err()).map_or(Ok(events), Err)
    }

    /// Under the write lock: checks each event, writes new ones to the journal (unsynced), then
    /// indexes them in sled by where their lines are. sled's atomic batches cost ~50 µs each
    /// and, worse, their writes must be flushed by the journal's ext4 commit; plain inserts in a
    /// fixed order cost a few µs. The batch's id index key (`primary.rs`) goes last, so an event
    /// indexed means the others were written; `reconcile` repairs whatever a crash cut short (docs/durability.md).
    /// `encoded`: each event's line (`wire::encode`, or the text it was decoded from), in
    /// `events`' order.
    fn apply(
        &self,
        _guard: &MutexGuard<'_, ()>,
        events: &[Event],
        encoded: &[String],
        origin: Origin,
        lines: Lines<'_>,
    ) -> Result<Vec<Result<Appended>>> {
        if encoded.len() != events.len() {
            return Err(CoreError::Broken("a batch's lines do not match its events"));
        }
        let mut fresh: Vec<Fresh<'_>> = Vec::new();
        // Where each id is in `fresh`: a batch may carry an event twice.
        let mut in_batch: HashMap<EventId, usize> = HashMap::with_capacity(events.len());
        let mut out = Vec::with_capacity(events.len());
        let mut seq = self.next_seq.load(Ordering::SeqCst);
        for ((i, e), line) in events.iter().enumerate().zip(encoded) {
            let same = match in_batch.get(&e.id).and_then(|&k| fresh.get(k)) {
                // Compared as events: two copies may come written differently.
                Some(f) => Some((f.seq, Ok(f.event == e))),
                None => self.primaries.value(&self.db, &e.id)?.map(|v| self.same_as_stored(e, line, &v)),
            };
            if let Some((s, same)) = same {
                out.push(match same {
                    Ok(true) => Ok(Appended::Duplicate(s)),
                    Ok(false) => Err(DomainError::ConflictingDuplicate(e.id.to_string()).into()),
                    Err(damaged) => Err(damaged),
                });
                continue;
            }
            seq += 1;
            out.push(Ok(Appended::New(seq)));
            in_batch.insert(e.id, fresh.len());
            let at = match lines {
                Lines::InJournal(at) => {
                    at.get(i).copied().ok_or(CoreError::Broken("a re-applied event without its place"))?
                }
                // Set below, once the batch's lines are written and their place is known.
                Lines::Write(_) => journal::Position { segment: 0, offset: 0, len: 0 },
            };
            fresh.push(Fresh { seq, event: e, index: i, at });
        }
        if fresh.is_empty() {
            return Ok(out);
        }
        if let Lines::Write(sealed) = lines {
            // Nearly always every line is new and the sealed batch goes as it is.
            let bytes: std::borrow::Cow<'_, [u8]> = if fresh.len() == events.len() {
                sealed.bytes.as_slice().into()
            } else {
                fresh.iter().flat_map(|f| sealed.line(f.index)).copied().collect::<Vec<u8>>().into()
            };
            // Journal first: a crash before sled has everything leaves lines that reopening re-applies.
            let written = self.journal.append(&bytes).map_err(|e| self.io_error("cannot write the journal in", e))?;
            let mut offset = written.at.offset;
            for f in &mut fresh {
                // The line's bytes without the newline.
                let len = u32::try_from(sealed.line(f.index).len() - 1)
                    .map_err(|_| CoreError::Broken("a journal line longer than 4 GiB"))?;
                f.at = journal::Position { segment: written.at.segment, offset, len };
                offset += u64::from(len) + 1;
            }
        }
        let indexed = self.index(&fresh, origin, seq);
        if indexed.is_err() {
            // Its lines are in the journal but maybe not all its keys in sled: no later
            // checkpoint may claim them; the next open reads them again.
            self.checkpoints.store(false, Ordering::SeqCst);
        }
        indexed?;
        self.events.fetch_add(fresh.len() as u64, Ordering::SeqCst);
        if let Lines::Write(_) = lines {
            self.checkpoint()?;
        }
        Ok(out)
    }

    /// Whether `e` (encoded as `line`) is the event stored as `v`: the same bytes, or, for a line
    /// an older build encoded otherwise, the same event. A stored event that cannot be read is
    /// this event's error, not the batch's.
    fn same_as_stored(&self, e: &Event, line: &str, v: &[u8]) -> (u64, Result<bool>) {
        let seq = keys::u64_of(v).unwrap_or(0);
        let same = self.stored_line(&e.id, v).map(|(_, stored)| {
            stored.as_ref() == line.as_bytes() || decode_line(&e.id, &stored).is_ok_and(|s| s == *e)
        });
        (seq, same)
    }

    /// Writes a batch's keys to sled (see `apply`): its arrival-log value, each local event's
    /// outbox key, one index group per game (and set-up) of the batch, under the batch's first
    /// sequence number like the log; then once per game its version key and the removal of its
    /// summary; then the batch's id index group (`primary.rs`) — so an event indexed after a
    /// crash means everything before it was written, and a summary present is current. A batch cut short
    /// and applied again on open leaves its groups twice: reads list each event once.
    fn index(&self, fresh: &[Fresh<'_>], origin: Origin, seq: u64) -> Result<()> {
        let entries: Vec<(u64, Vec<u8>)> = fresh
            .iter()
            .map(|f| {
                let e = f.event;
                (f.seq, keys::log_value(&e.tournament, e.game.as_ref(), e.author.device.as_str(), &e.id))
            })
            .collect();
        if let Some((first, _)) = entries.first() {
            let batch = keys::log_batch(entries.iter().map(|(s, v)| (*s, v.as_slice())));
            self.db.insert(keys::seq_key(keys::LOG, *first), batch).map_err(storage)?;
        }
        let mut primaries = Vec::with_capacity(fresh.len());
        let mut games: HashSet<(&TournamentId, &GameId)> = HashSet::new();
        // Each game's (and the set-up's) events of the batch, listed under one key.
        let mut groups: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
        let first = fresh.first().map_or(seq, |f| f.seq);
        for f in fresh {
            let e = f.event;
            if origin == Origin::Local {
                self.db.insert(keys::seq_key(keys::OUTBOX, f.seq), e.id.as_uuid().as_bytes()).map_err(storage)?;
            }
            let prefix = match &e.game {
                Some(g) => {
                    games.insert((&e.tournament, g));
                    keys::game_prefix(&e.tournament, g)
                }
                None => keys::setup_prefix(&e.tournament),
            };
            groups.entry(keys::index_group(prefix, first)).or_default().extend_from_slice(&keys::order(e.hlc, &e.id));
            primaries.push((e.id, primary::Place { seq: f.seq, at: f.at, hlc: e.hlc }));
        }
        for (k, v) in groups {
            self.db.insert(k, v).map_err(storage)?;
        }
        // The signer's chain heads move with the batch (before its id index key: a batch applied
        // again on open, after a crash, moves them again).
        let me = self.device().map_or_else(|| crate::event::OFFICE_SIGNER.to_owned(), |d| d.to_string());
        let mut heads: BTreeMap<&TournamentId, &Event> = BTreeMap::new();
        for f in fresh.iter().filter(|f| f.event.sig.as_ref().is_some_and(|s| s.by.as_str() == me)) {
            heads.insert(&f.event.tournament, f.event);
        }
        if !heads.is_empty() {
            let mut sealed = self.sealed.lock().unwrap_or_else(|e| e.into_inner());
            let mut known = self.heads.lock().unwrap_or_else(|e| e.into_inner());
            for (t, e) in heads {
                // Signed just now, its digest is known; re-applied on open, it is computed.
                let d = sealed.get(&e.id).copied().unwrap_or_else(|| e.digest());
                self.chain_heads.insert(keys::chain_head(t, &me), &d.0).map_err(storage)?;
                known.insert(t.clone(), d);
            }
            sealed.clear();
        }
        for (t, g) in games {
            self.db.insert(keys::game_key(keys::VERSION, t, g), Vec::new()).map_err(storage)?;
            self.db.remove(keys::game_key(keys::SUMMARY, t, g)).map_err(storage)?;
        }
        // Games whose new events all folded onto their kept states: their summaries are taken
        // from those states once, and written after the id index key (a summary sled has is
        // current).
        self.primaries.write(&self.db, first, &primaries)?;
        let mut folded_on: HashSet<(&TournamentId, &GameId)> = HashSet::new();
        for f in fresh {
            let on = self.projection.arrived(f.event);
            if let Some(g) = &f.event.game {
                let key = (&f.event.tournament, g);
                if on {
                    folded_on.insert(key);
                } else {
                    folded_on.remove(&key);
                }
            }
        }
        for (t, g) in folded_on {
            if let Some(bytes) = self.projection.summarise(t, g)? {
                self.db.insert(keys::game_key(keys::SUMMARY, t, g), bytes).map_err(storage)?;
            }
        }
        self.db.insert(keys::meta("next_seq"), &seq.to_be_bytes()).map_err(storage)?;
        self.next_seq.store(seq, Ordering::SeqCst);
        Ok(())
    }

    /// A stored event's sequence number and line: from the journal where sled keeps its place,
    /// else the line sled kept (before layout 4).
    fn stored_line<'v>(&self, id: &EventId, v: &'v [u8]) -> Result<(u64, std::borrow::Cow<'v, [u8]>)> {
        match keys::stored(v) {
            Some((seq, keys::Stored::Line(line))) => Ok((seq, line.into())),
            Some((seq, keys::Stored::At(at, _))) => Ok((seq, self.read_line(id, at)?.into())),
            None => Err(CoreError::Damaged { message: format!("event {id}: its sled entry is cut short") }),
        }
    }

    /// The JSON of event `id`'s journal line at `at`, its checksum checked.
    fn read_line(&self, id: &EventId, at: journal::Position) -> Result<Vec<u8>> {
        let mut bytes = self.read_raw(id, at)?;
        let json = line::open(&bytes).map_err(|_| self.corrupt(Some(id), at))?.len();
        bytes.truncate(json);
        Ok(bytes)
    }

    /// The journal's bytes at `at`, where event `id`'s line (or a run of lines from it) is, as
    /// they are (checksums included).
    fn read_raw(&self, id: &EventId, at: journal::Position) -> Result<Vec<u8>> {
        self.journal.read(at).map_err(|e| CoreError::Damaged {
            message: format!(
                "event {id}: its journal line (segment {}, offset {}) cannot be read: {e}; \
                 closed segments must stay beside the journal (copy them, do not move them)",
                at.segment, at.offset
            ),
        })
    }

    /// A line whose checksum fails: noted for `/health`, and the error that names it.
    pub(crate) fn corrupt(&self, id: Option<&EventId>, at: journal::Position) -> CoreError {
        let file = journal::segment_path(&self.dir, at.segment);
        let e = CoreError::JournalCorrupt {
            file: file.display().to_string(),
            offset: at.offset,
            event: id.map(ToString::to_string),
        };
        self.corrupt.lock().unwrap_or_else(|e| e.into_inner()).insert((at.segment, at.offset), e.to_string());
        e
    }

    /// Journal lines found corrupt since the store was opened (and on opening), as messages.
    pub fn corrupt_lines(&self) -> Vec<String> {
        self.corrupt.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect()
    }

    /// `read`'s answer, with an event whose journal line is corrupt passed over (it was noted):
    /// pulls and views go on with everything else.
    fn passing_corrupt(read: Result<Option<Event>>) -> Result<Option<Event>> {
        match read {
            Err(CoreError::JournalCorrupt { .. }) => Ok(None),
            other => other,
        }
    }

    /// One stored event, read and checked to be the event its key names.
    fn stored_event(&self, id: &EventId, v: &[u8]) -> Result<Event> {
        decode_line(id, &self.stored_line(id, v)?.1)
    }

    /// The event the arrival-log entry numbered `seq` names, or `None` if the id index holds
    /// another number: the entry was left by a batch a crash cut short (its log value written,
    /// its id index key not), and opening applied the event again under a new number — so each
    /// event is read from the log once.
    fn logged(&self, id: &EventId, seq: u64) -> Result<Option<Event>> {
        match self.primaries.value(&self.db, id)? {
            Some(v) if keys::u64_of(&v) == Some(seq) => Ok(Some(self.stored_event(id, &v)?)),
            _ => Ok(None),
        }
    }

    /// One event by id.
    pub fn get(&self, id: &EventId) -> Result<Option<Event>> {
        match self.primaries.value(&self.db, id)? {
            Some(v) => Ok(Some(self.stored_event(id, &v)?)),
            None => Ok(None),
        }
    }

    /// The events indexed under `prefixes`, in the agreed order (HLC, id), each once.
    fn events_under(&self, prefixes: &[Vec<u8>]) -> Result<Vec<Event>> {
        let mut orders = Vec::new();
        for prefix in prefixes {
            orders.extend(self.orders_in(prefix, self.db.scan_prefix(prefix))?);
        }
        self.events_of(orders)
    }

    /// The orders a game's batches after sequence number `seq` indexed (`prefix`: the game's):
    /// their groups are keyed by their first sequence number.
    fn orders_after(&self, prefix: &[u8], seq: u64) -> Result<Vec<keys::Order>> {
        let from = keys::index_group(prefix.to_vec(), seq.saturating_add(1));
        let to = keys::index_group(prefix.to_vec(), u64::MAX);
        self.orders_in(prefix, self.db.range(from..=to))
    }

    /// The orders listed by the index keys `index` yields (keys of `prefix`, named in errors).
    fn orders_in(&self, prefix: &[u8], index: sled::Iter) -> Result<Vec<keys::Order>> {
        let mut orders = Vec::new();
        for item in index {
            let (k, v) = item.map_err(storage)?;
            orders.extend(keys::index_orders(&k, &v).ok_or_else(|| CoreError::Damaged {
                message: format!("an index group of {} is cut short", String::from_utf8_lossy(prefix)),
            })?);
        }
        Ok(orders)
    }

    /// The events `orders` name, in the agreed order, each once.
    fn events_of(&self, mut orders: Vec<keys::Order>) -> Result<Vec<Event>> {
        orders.sort_unstable();
        orders.dedup();
        let mut out = Vec::with_capacity(orders.len());
        for o in orders {
            let read = keys::id_suffix(&o).map(|id| self.get(&id)).transpose().map(Option::flatten);
            if let Some(e) = Self::passing_corrupt(read)? {
                out.push(e);
            }
        }
        Ok(out)
    }

    /// A game's events, in the agreed order (HLC, id).
    pub fn game_events(&self, tournament: &TournamentId, game: &GameId) -> Result<Vec<Event>> {
        self.events_under(&[keys::game_prefix(tournament, game)])
    }

    /// A tournament's events, in the agreed order (HLC, id): its games' and its set-up's
    /// indexes merged. Export and the standings' preview read the whole tournament; keeping a
    /// third index for them cost every event a sled write.
    pub fn tournament_events(&self, tournament: &TournamentId) -> Result<Vec<Event>> {
        self.events_under(&[keys::keyspace(keys::GAME, tournament), keys::setup_prefix(tournament)])
    }

    /// A tournament's set-up events (everything not of a game), in the agreed order.
    pub fn setup_events(&self, tournament: &TournamentId) -> Result<Vec<Event>> {
        self.events_under(&[keys::setup_prefix(tournament)])
    }

    /// Events in arrival order after sequence number `after`, at most `limit` (every entry
    /// of the log, read whole: exports and checks; a pull uses [`Store::scan_log`]).
    pub fn since(&self, after: u64, limit: usize) -> Result<Vec<(u64, Event)>> {
        Ok(self.scan_log(after, self.last_seq(), limit, limit, |_| true)?.0)
    }

    /// Events in arrival order after `after` up to `until`, reading at most `max_scan` log
    /// entries and keeping at most `limit` events: those whose tag `keep` accepts, and only
    /// those are read. Returns them and the last sequence number looked at (`after` if none).
    /// A pull's cost so follows what it sends, not how far the log has grown.
    pub fn scan_log(
        &self,
        after: u64,
        until: u64,
        max_scan: usize,
        limit: usize,
        mut keep: impl FnMut(&keys::LogTag<'_>) -> bool,
    ) -> Result<(Vec<(u64, Event)>, u64)> {
        let mut out = Vec::new();
        let mut last = after;
        if until <= after {
            return Ok((out, last));
        }
        let mut scanned = 0;
        self.for_each_log(after, until, |_, seq, entry| {
            if scanned == max_scan {
                return Ok(ControlFlow::Break(()));
            }
            scanned += 1;
            last = seq;
            let Some(id) = keys::id_suffix(entry) else { return Ok(ControlFlow::Continue(())) };
            let event = match keys::log_tag(entry) {
                Some(tag) if !keep(&tag) => None,
                Some(_) => Self::passing_corrupt(self.logged(&id, seq))?,
                // An entry from before the tag: read the event to know.
                None => Self::passing_corrupt(self.logged(&id, seq))?.filter(|e| keep(&keys::LogTag::of(e))),
            };
            if let Some(e) = event {
                out.push((seq, e));
                if out.len() >= limit {
                    return Ok(ControlFlow::Break(()));
                }
            }
            Ok(ControlFlow::Continue(()))
        })?;
        Ok((out, last))
    }

    /// Calls `f` with each arrival-log entry numbered in `(after, until]`, in order: the number
    /// its batch is stored under, its own, and the entry; until `f` breaks.
    fn for_each_log(
        &self,
        after: u64,
        until: u64,
        mut f: impl FnMut(u64, u64, &[u8]) -> Result<ControlFlow<()>>,
    ) -> Result<()> {
        let first = after.saturating_add(1);
        if until < first {
            return Ok(());
        }
        // The batch holding `first` starts at or before it.
        let start = match self.db.range(keys::seq_key(keys::LOG, 0)..=keys::seq_key(keys::LOG, first)).next_back() {
            Some(item) => keys::u64_of(&item.map_err(storage)?.0[1..]).unwrap_or(first),
            None => first,
        };
        for item in self.db.range(keys::seq_key(keys::LOG, start)..=keys::seq_key(keys::LOG, until)) {
            let (k, v) = item.map_err(storage)?;
            let Some(key_seq) = keys::u64_of(&k[1..]) else { continue };
            let entries = keys::log_entries(key_seq, &v)
                .ok_or_else(|| CoreError::Damaged { message: format!("the arrival log at {key_seq} is cut short") })?;
            for (seq, entry) in entries {
                if seq > after && seq <= until && f(key_seq, seq, entry)?.is_break() {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// The newest arrival sequence number (0 when empty).
    pub fn last_seq(&self) -> u64 {
        self.next_seq.load(Ordering::SeqCst)
    }
}

/// sled's page cache in MB. Its default (1 GiB) lets a big event's history fill the office's
/// memory; views read kept state and summaries, so a smaller cache costs them little
/// (docs/PERFORMANCE.md, `--bench views`). `ARBITER_SLED_CACHE_MB` sets another size.
const SLED_CACHE_MB: u64 = 64;

/// Whether some handle holds the lock of the store in `dir` at this moment: asked of the lock
/// itself, without waiting (an office checks this before it waits for a lock that is only being
/// let go of). A store never opened is not held.
pub fn is_held(dir: &Path) -> bool {
    sled_lock_held(&dir.join("sled"))
}

/// Whether the sled database in `sled_dir` is locked by a handle: sled 0.34 takes an exclusive
/// flock on `db` in its folder for as long as it is open, so the lock is asked, not sled's
/// error message read.
fn sled_lock_held(sled_dir: &Path) -> bool {
    let Ok(file) = std::fs::OpenOptions::new().read(true).open(sled_dir.join("db")) else {
        return false;
    };
    // fs2's lock, as sled's own (std's File::try_lock_shared is newer than rust-version).
    match fs2::FileExt::try_lock_shared(&file) {
        Ok(()) => {
            let _ = fs2::FileExt::unlock(&file);
            false
        }
        Err(e) => e.kind() == std::io::ErrorKind::WouldBlock || e.raw_os_error() == Some(11),
    }
}

/// Whether sled's failure to open `sled_dir` is its lock, held by another handle: an I/O
/// failure while the lock is held.
fn is_lock_held(e: &sled::Error, sled_dir: &Path) -> bool {
    matches!(e, sled::Error::Io(_)) && sled_lock_held(sled_dir)
}

/// Opens sled, waiting (bounded, ~3 s) while a previous handle still holds its file lock:
/// sled 0.34's background work keeps a dropped database's file open for a moment, so a store
/// reopened in the same process (a restart, a test) must wait for it rather than fail.
pub(crate) fn open_sled(path: &Path, cache_bytes: u64) -> sled::Result<sled::Db> {
    let mut tries = 0;
    loop {
        match sled::Config::new().path(path).cache_capacity(cache_bytes).open() {
            // A process that is closing lets go within moments; one that is running does not,
            // and the caller hears so within 3 s (sled 0.34's flusher keeps a dropped database for a moment).
            Err(e) if is_lock_held(&e, path) && tries < 60 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

impl Drop for Store {
    /// sled 0.34 does not flush pending writes when its last handle drops; events are safe in
    /// the journal anyway, but the cursor, acknowledgements and last-sync time would be lost.
    fn drop(&mut self) {
        // Derived data: a state not written is folded on (or again) when next read.
        let _ = self.store_kept_states();
        let _ = self.db.flush();
    }
}

/// The highest sequence number in the arrival log: `next_seq` may lag it after a crash.
fn last_logged_seq(db: &sled::Db) -> Result<u64> {
    match db.range(keys::seq_key(keys::LOG, 0)..=keys::seq_key(keys::LOG, u64::MAX)).next_back() {
        Some(item) => {
            let (k, v) = item.map_err(storage)?;
            let key_seq = keys::u64_of(&k[1..]).unwrap_or(0);
            Ok(keys::log_entries(key_seq, &v).and_then(|e| e.last().map(|(s, _)| *s)).unwrap_or(key_seq))
        }
        None => Ok(0),
    }
}

/// Decodes a stored line, checking that it is event `id`'s.
fn decode_line(id: &EventId, line: &[u8]) -> Result<Event> {
    let text = std::str::from_utf8(line)
        .map_err(|e| CoreError::Damaged { message: format!("stored event {id} is not UTF-8: {e}") })?;
    let e = wire::decode(text)
        .map_err(|e| CoreError::Damaged { message: format!("stored event {id} cannot be decoded: {e}") })?;
    if e.id != *id {
        return Err(CoreError::Damaged { message: format!("the line stored for event {id} is event {}'s", e.id) });
    }
    Ok(e)
}

#[cfg(test)]
mod tests;

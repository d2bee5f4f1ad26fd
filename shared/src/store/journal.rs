//! The journal: append-only files of JSON lines (one event per line) that are the durability
//! point of the store. A record is acknowledged only after `fdatasync` has returned for it.
//! Concurrent writers share syncs (group commit): whoever syncs covers every line written
//! before the sync started, and the others wait for it instead of syncing again.
//!
//! The journal is split into segments: `events.jsonl` (the first, and the whole journal of a
//! store written before segments), then `events.jsonl.000001`, `events.jsonl.000002`, … — so
//! `cat events.jsonl*` gives every line in order. A segment is closed once it holds
//! [`SEGMENT_BYTES`] (at a batch's end): it is synced before the next one is created and never
//! written again, so old segments can be copied away for audit while the store runs.
//!
//! Why not sled alone: sled 0.34's `flush` issues `sync_file_range`, not `fdatasync`, so a
//! flushed write survives a killed process but not a power loss (see docs/durability.md).

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The first segment's name inside the store directory (the whole journal before segments).
pub const JOURNAL_FILE: &str = "events.jsonl";

/// A segment is closed, and the next one started, once it holds this many bytes (64 MiB, about
/// 180,000 events). `ARBITER_JOURNAL_SEGMENT_KB` sets another size (`Store::open`).
pub const SEGMENT_BYTES: u64 = 64 << 20;

/// A line read back from the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalLine {
    /// 1-based line number, counted across segments.
    pub line: usize,
    pub text: String,
    /// Where its bytes are.
    pub at: Position,
}

/// Where one line's bytes are (without its `\n`): what sled keeps of an event instead of a
/// second copy of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub segment: u32,
    pub offset: u64,
    pub len: u32,
}

/// What [`Journal::append`] wrote: a ticket for [`Journal::sync`] and where the bytes start.
#[derive(Debug, Clone, Copy)]
pub struct Written {
    pub ticket: u64,
    pub at: Mark,
}

/// A place in the journal: a segment, the bytes up to there in it, and the lines up to there
/// in the whole journal.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mark {
    pub segment: u32,
    pub offset: u64,
    pub lines: u64,
}

/// What reading the journal found.
#[derive(Debug, Default)]
pub struct JournalScan {
    /// Where reading started: the checkpoint asked for, or the start if it did not fit.
    pub from: Mark,
    pub lines: Vec<JournalLine>,
    /// The end of the last complete line.
    pub end: Mark,
    /// Bytes of incomplete last lines (a write cut short by a crash) that were not read; the
    /// last segment's is cut off when the journal is opened for writing.
    pub torn_tail_bytes: u64,
    /// The segments read (from `from.segment` on).
    pub segments: usize,
    /// Lines whose checksum does not hold ([`super::line`]): not returned as lines.
    pub corrupt: Vec<CorruptLine>,
}

/// A line whose bytes changed after they were written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorruptLine {
    /// 1-based line number, counted across segments.
    pub line: usize,
    pub at: Position,
}

struct Writer {
    file: File,
    /// The end of what was written: the segment being written, bytes in it, lines in all.
    end: Mark,
}

struct SyncState {
    synced: u64,
    syncing: bool,
}

/// The open journal.
pub struct Journal {
    dir: PathBuf,
    segment_bytes: u64,
    writer: Mutex<Writer>,
    /// A second handle on the segment being written, used only for `fdatasync`, so syncing
    /// does not hold the writer lock. Replaced when a segment is closed.
    sync_handle: Mutex<Arc<File>>,
    /// Count of append calls whose bytes are fully written (not necessarily synced).
    written: AtomicU64,
    sync: Mutex<SyncState>,
    synced_cv: Condvar,
    /// Read handles, one per segment read from so far, each with the length its file had when
    /// last asked (segments only grow while open: a read within it needs no `fstat`).
    readers: Mutex<std::collections::HashMap<u32, Reader>>,
    /// Set when a write or a sync failed: after a failed `fdatasync` the kernel may have
    /// dropped the unwritten pages and a retry can report success, and after a failed write
    /// part of a line may be in the file. Nothing more is written or acknowledged until the
    /// store is opened again (which cuts a torn tail and re-reads what follows the checkpoint).
    failed: std::sync::atomic::AtomicBool,
}

/// A segment's read handle and the length it was last seen to have.
#[derive(Clone)]
struct Reader {
    file: Arc<File>,
    len: u64,
}

impl Reader {
    fn new(file: Arc<File>) -> Self {
        Reader { file, len: 0 }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock leaves nothing half-done that a later caller could see:
    // the files are append-only and the counters are monotonic.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The path of segment `n` in `dir`.
pub fn segment_path(dir: &Path, n: u32) -> PathBuf {
    if n == 0 {
        dir.join(JOURNAL_FILE)
    } else {
        dir.join(format!("{JOURNAL_FILE}.{n:06}"))
    }
}

/// The segments present in `dir`, in order (missing ones are skipped, not invented).
pub fn segments(dir: &Path) -> io::Result<Vec<u32>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name();
        let Some(name) = name.to_str() else { continue };
        if name == JOURNAL_FILE {
            out.push(0);
        } else if let Some(n) = name.strip_prefix(JOURNAL_FILE).and_then(|r| r.strip_prefix('.')) {
            // Only the names this module writes: six or more digits, not zero.
            if n.len() >= 6 && n.bytes().all(|b| b.is_ascii_digit()) {
                if let Ok(n @ 1..) = n.parse::<u32>() {
                    out.push(n);
                }
            }
        }
    }
    out.sort_unstable();
    Ok(out)
}

impl Journal {
    /// Opens (creating if needed) the journal in `dir`, cuts off a torn last line, and returns
    /// every complete line.
    pub fn open(dir: &Path) -> io::Result<(Self, JournalScan)> {
        Self::open_from(dir, Mark::default(), SEGMENT_BYTES)
    }

    /// Like [`Journal::open`], but returns only the lines after `from` (a checkpoint: what the
    /// index already holds), and closes segments at `segment_bytes`. If `from` does not fit the
    /// journal — its segment missing or shorter, or not at a line's end — everything is read.
    pub fn open_from(dir: &Path, from: Mark, segment_bytes: u64) -> io::Result<(Self, JournalScan)> {
        let mut present = segments(dir)?;
        if present.is_empty() {
            OpenOptions::new().append(true).create(true).open(segment_path(dir, 0))?;
            // Make the new file's directory entry durable too.
            File::open(dir)?.sync_all()?;
            present.push(0);
        }
        let last = present[present.len() - 1];
        let from = if present.contains(&from.segment) && fits(&segment_path(dir, from.segment), from)? {
            from
        } else {
            Mark { segment: present[0], ..Mark::default() }
        };
        let mut scan = JournalScan { from, end: from, ..JournalScan::default() };
        for &n in present.iter().filter(|&&n| n >= from.segment) {
            let start =
                if n == from.segment { scan.end } else { Mark { segment: n, offset: 0, lines: scan.end.lines } };
            let torn = read_segment(&mut File::open(segment_path(dir, n))?, start, &mut scan)?;
            if torn > 0 && n == last {
                // Only the segment being written can end in a write cut short; cut it off.
                let file = OpenOptions::new().write(true).open(segment_path(dir, n))?;
                file.set_len(scan.end.offset)?;
                file.sync_data()?;
            }
        }
        let path = segment_path(dir, last);
        let file = OpenOptions::new().read(true).append(true).open(&path)?;
        // The last segment is always read (it is at or after `from`), so `end` is in it.
        let end = scan.end;
        // One handle syncs and reads the segment being written (see `write_to`).
        let handle = Arc::new(File::open(&path)?);
        let journal = Journal {
            dir: dir.to_owned(),
            segment_bytes: segment_bytes.max(1),
            writer: Mutex::new(Writer { file, end }),
            sync_handle: Mutex::new(handle.clone()),
            written: AtomicU64::new(0),
            sync: Mutex::new(SyncState { synced: 0, syncing: false }),
            synced_cv: Condvar::new(),
            readers: Mutex::new(std::collections::HashMap::from([(last, Reader::new(handle))])),
            failed: std::sync::atomic::AtomicBool::new(false),
        };
        Ok((journal, scan))
    }

    /// The directory the segments live in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes `bytes` (whole lines, each ending in `\n`); returns where they start and a ticket
    /// for [`Self::sync`]. Not durable until `sync(ticket)` returns. Starts a new segment first
    /// if the current one is full, so a batch never spans two segments.
    pub fn append(&self, bytes: &[u8]) -> io::Result<Written> {
        let mut w = lock(&self.writer);
        self.check_not_failed()?;
        if w.end.offset >= self.segment_bytes {
            self.close_segment(&mut w).inspect_err(|_| self.fail())?;
        }
        let at = w.end;
        if let Err(e) = w.file.write_all(bytes) {
            // Part of it may be in the file: cut it off, so no later line follows a partial
            // one, and go on (the disk was full: the next write may find space). If it cannot
            // be cut off, nothing more is written until the journal is opened again.
            if w.file.set_len(at.offset).is_err() {
                self.fail();
            }
            return Err(e);
        }
        w.end.offset += bytes.len() as u64;
        w.end.lines += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        Ok(Written { ticket: self.written.fetch_add(1, Ordering::SeqCst) + 1, at })
    }

    /// Syncs and reads segment `n`, the one being written from now on, through one handle
    /// opened now: what was written is read from that file even if its path were replaced.
    fn write_to(&self, n: u32, path: &Path) -> io::Result<()> {
        let handle = Arc::new(File::open(path)?);
        *lock(&self.sync_handle) = handle.clone();
        lock(&self.readers).insert(n, Reader::new(handle));
        Ok(())
    }

    /// The bytes of one line (written, synced or not).
    pub fn read(&self, at: Position) -> io::Result<Vec<u8>> {
        let reader = {
            let mut readers = lock(&self.readers);
            match readers.get(&at.segment) {
                Some(r) => r.clone(),
                None => {
                    let r = Reader::new(Arc::new(File::open(segment_path(&self.dir, at.segment))?));
                    readers.insert(at.segment, r.clone());
                    r
                }
            }
        };
        let end = at.offset.saturating_add(u64::from(at.len));
        // A place past the end (or a damaged length) is refused before anything is allocated;
        // the file's length is asked for only past what it was last seen to hold.
        if end > reader.len {
            let len = reader.file.metadata()?.len();
            if let Some(r) = lock(&self.readers).get_mut(&at.segment) {
                r.len = r.len.max(len);
            }
            if end > len {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
        }
        let mut buf = vec![0; at.len as usize];
        // A file cut shorter since (a failed write's tail) reads short: an error here too.
        read_exact_at(&reader.file, &mut buf, at.offset)?;
        Ok(buf)
    }

    /// Syncs the full segment, then creates the next (its directory entry synced) and writes
    /// there from now on. Because the old segment is synced first, a sync that starts later
    /// needs only the new one.
    fn close_segment(&self, w: &mut Writer) -> io::Result<()> {
        w.file.sync_data()?;
        let next = w.end.segment + 1;
        let path = segment_path(&self.dir, next);
        let file = OpenOptions::new().read(true).append(true).create_new(true).open(&path)?;
        File::open(&self.dir)?.sync_all()?;
        self.write_to(next, &path)?;
        w.file = file;
        w.end = Mark { segment: next, offset: 0, lines: w.end.lines };
        Ok(())
    }

    /// The end of everything written so far (synced or not).
    pub fn end(&self) -> Mark {
        lock(&self.writer).end
    }

    /// The ticket of the newest completed append.
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::SeqCst)
    }

    /// Why nothing more can be written, if so.
    pub fn failure(&self) -> Option<String> {
        self.check_not_failed().err().map(|e| e.to_string())
    }

    fn fail(&self) {
        self.failed.store(true, Ordering::SeqCst);
    }

    fn check_not_failed(&self) -> io::Result<()> {
        if self.failed.load(Ordering::SeqCst) {
            return Err(io::Error::other(
                "an earlier write or sync of the journal failed; nothing more is written until the store is opened again",
            ));
        }
        Ok(())
    }

    /// Returns once everything up to `ticket` is on stable storage. One `fdatasync` serves every
    /// append that completed before it started.
    pub fn sync(&self, ticket: u64) -> io::Result<()> {
        let mut st = lock(&self.sync);
        loop {
            if st.synced >= ticket {
                return Ok(());
            }
            self.check_not_failed()?;
            if st.syncing {
                st = self.synced_cv.wait(st).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            st.syncing = true;
            let target = self.written.load(Ordering::SeqCst);
            // Taken after `target`: appends counted there are in this segment, or in one that
            // was synced when it was closed.
            let handle = lock(&self.sync_handle).clone();
            drop(st);
            let result = handle.sync_data();
            st = lock(&self.sync);
            st.syncing = false;
            match result {
                Ok(()) => st.synced = st.synced.max(target),
                Err(_) => self.fail(),
            }
            self.synced_cv.notify_all();
            result?;
        }
    }
}

#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
    while !buf.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buf, offset)? {
            0 => return Err(io::ErrorKind::UnexpectedEof.into()),
            n => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
        }
    }
    Ok(())
}

/// Whether `mark` can be where a line ends in the segment at `path`.
fn fits(path: &Path, mark: Mark) -> io::Result<bool> {
    if mark.offset == 0 {
        return Ok(true);
    }
    let mut file = File::open(path)?;
    if file.metadata()?.len() < mark.offset {
        return Ok(false);
    }
    file.seek(SeekFrom::Start(mark.offset - 1))?;
    let mut last = [0u8; 1];
    io::Read::read_exact(&mut file, &mut last)?;
    Ok(last[0] == b'\n')
}

/// Reads one segment's complete lines after `start` into `scan` (advancing `scan.end`); an
/// unterminated last line is counted as torn, not returned. Returns its bytes.
fn read_segment(file: &mut File, start: Mark, scan: &mut JournalScan) -> io::Result<u64> {
    file.seek(SeekFrom::Start(start.offset))?;
    let mut reader = BufReader::new(file);
    let mut buf = Vec::new();
    scan.end = start;
    scan.segments += 1;
    loop {
        buf.clear();
        let read = reader.read_until(b'\n', &mut buf)?;
        if read == 0 {
            return Ok(0);
        }
        if buf.last() != Some(&b'\n') {
            scan.torn_tail_bytes += read as u64;
            return Ok(read as u64);
        }
        let at = Position {
            segment: scan.end.segment,
            offset: scan.end.offset,
            len: u32::try_from(read - 1).unwrap_or(u32::MAX),
        };
        scan.end.offset += read as u64;
        scan.end.lines += 1;
        buf.pop();
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let line = scan.end.lines as usize;
        match super::line::open(&buf) {
            Ok(json) => scan.lines.push(JournalLine { line, text: String::from_utf8_lossy(json).into_owned(), at }),
            Err(_) => scan.corrupt.push(CorruptLine { line, at }),
        }
    }
}

/// Reads every segment of a journal without opening it for writing (salvage from a damaged
/// store, export, audit).
pub fn read_only(dir: &Path) -> io::Result<JournalScan> {
    let present = segments(dir)?;
    let mut scan = JournalScan::default();
    if present.is_empty() {
        return Err(io::Error::new(io::ErrorKind::NotFound, format!("no {JOURNAL_FILE} in {}", dir.display())));
    }
    scan.from.segment = present[0];
    for n in present {
        let start = Mark { segment: n, offset: 0, lines: scan.end.lines };
        read_segment(&mut File::open(segment_path(dir, n))?, start, &mut scan)?;
    }
    Ok(scan)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arbiter-journal-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn lines_survive_reopen_and_a_torn_tail_is_cut_off() {
        let dir = tmp("torn");
        {
            let (j, scan) = Journal::open(&dir).unwrap();
            assert!(scan.lines.is_empty());
            let t = j.append(b"{\"a\":1}\n{\"b\":2}\n").unwrap().ticket;
            j.sync(t).unwrap();
        }
        // A crash in the middle of a write leaves half a line.
        std::fs::OpenOptions::new().append(true).open(dir.join(JOURNAL_FILE)).unwrap().write_all(b"{\"c\":").unwrap();
        let (j, scan) = Journal::open(&dir).unwrap();
        assert_eq!(scan.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), ["{\"a\":1}", "{\"b\":2}"]);
        assert_eq!(scan.torn_tail_bytes, 5);
        let t = j.append(b"{\"d\":4}\n").unwrap().ticket;
        j.sync(t).unwrap();
        let scan = read_only(&dir).unwrap();
        assert_eq!(scan.lines.len(), 3);
        assert_eq!(scan.lines[2].text, "{\"d\":4}");
        assert_eq!(scan.torn_tail_bytes, 0);
    }

    /// Eight threads each append and sync 50 lines; returns the journal once all are done.
    fn eight_writers(j: Journal) -> Journal {
        let j = Arc::new(j);
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let j = j.clone();
                std::thread::spawn(move || {
                    for k in 0..50 {
                        let t = j.append(format!("{{\"w\":{i},\"k\":{k}}}\n").as_bytes()).unwrap().ticket;
                        j.sync(t).unwrap();
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        Arc::into_inner(j).unwrap()
    }

    #[test]
    fn concurrent_writers_all_get_synced() {
        let dir = tmp("group");
        eight_writers(Journal::open(&dir).unwrap().0);
        assert_eq!(read_only(&dir).unwrap().lines.len(), 400);
    }

    fn texts(scan: &JournalScan) -> Vec<&str> {
        scan.lines.iter().map(|l| l.text.as_str()).collect()
    }

    #[test]
    fn a_full_segment_is_closed_and_the_next_batch_starts_a_new_one() {
        let dir = tmp("segments");
        {
            // Segments of 16 bytes: each 16-byte batch below fills one.
            let (j, _) = Journal::open_from(&dir, Mark::default(), 16).unwrap();
            for i in 0..3 {
                let t = j.append(format!("{{\"a\":{i}}}\n{{\"b\":{i}}}\n").as_bytes()).unwrap().ticket;
                j.sync(t).unwrap();
            }
            assert_eq!(j.end(), Mark { segment: 2, offset: 16, lines: 6 });
            let t = j.append(b"{\"c\":3}\n").unwrap().ticket;
            j.sync(t).unwrap();
            assert_eq!(j.end(), Mark { segment: 3, offset: 8, lines: 7 });
        }
        assert_eq!(segments(&dir).unwrap(), [0, 1, 2, 3]);
        assert_eq!(std::fs::read_to_string(segment_path(&dir, 1)).unwrap(), "{\"a\":1}\n{\"b\":1}\n");
        assert!(dir.join("events.jsonl.000002").exists(), "named so that `cat events.jsonl*` reads in order");
        // Read back whole, in order, numbered across segments.
        let scan = read_only(&dir).unwrap();
        assert_eq!(texts(&scan).len(), 7);
        assert_eq!(scan.lines[4].line, 5);
        assert_eq!(scan.lines[4].text, "{\"a\":2}");
        assert_eq!(scan.segments, 4);
        // Reopened from a mark in a middle segment: only what follows it is read.
        let from = Mark { segment: 2, offset: 8, lines: 5 };
        let (j, scan) = Journal::open_from(&dir, from, 16).unwrap();
        assert_eq!(texts(&scan), ["{\"b\":2}", "{\"c\":3}"]);
        assert_eq!((scan.from, scan.segments, scan.lines[1].line), (from, 2, 7));
        assert_eq!(j.end(), Mark { segment: 3, offset: 8, lines: 7 });
        // A mark whose segment is gone, or that is not at a line's end, reads everything.
        for bad in [Mark { segment: 7, offset: 0, lines: 9 }, Mark { segment: 1, offset: 5, lines: 5 }] {
            let (_, scan) = Journal::open_from(&dir, bad, 16).unwrap();
            assert_eq!((scan.lines.len(), scan.from), (7, Mark::default()), "{bad:?}");
        }
    }

    #[test]
    fn only_the_segment_being_written_is_cut_at_a_torn_line() {
        let dir = tmp("segment-torn");
        {
            let (j, _) = Journal::open_from(&dir, Mark::default(), 8).unwrap();
            for i in 0..2 {
                let t = j.append(format!("{{\"a\":{i}}}\n").as_bytes()).unwrap().ticket;
                j.sync(t).unwrap();
            }
        }
        // Damage in the closed segment stays as it is; a write cut short in the last is cut off.
        let append = |n: u32, bytes: &[u8]| {
            std::fs::OpenOptions::new().append(true).open(segment_path(&dir, n)).unwrap().write_all(bytes).unwrap()
        };
        append(0, b"{\"x\"");
        append(1, b"{\"y\":");
        let (j, scan) = Journal::open_from(&dir, Mark::default(), 8).unwrap();
        assert_eq!(texts(&scan), ["{\"a\":0}", "{\"a\":1}"]);
        assert_eq!(scan.torn_tail_bytes, 9);
        assert_eq!(std::fs::read_to_string(segment_path(&dir, 0)).unwrap(), "{\"a\":0}\n{\"x\"");
        assert_eq!(std::fs::read_to_string(segment_path(&dir, 1)).unwrap(), "{\"a\":1}\n");
        let t = j.append(b"{\"z\":2}\n").unwrap().ticket;
        j.sync(t).unwrap();
        assert_eq!(texts(&read_only(&dir).unwrap()), ["{\"a\":0}", "{\"a\":1}", "{\"z\":2}"]);
    }

    #[test]
    fn a_place_past_the_end_is_refused_without_reading() {
        let dir = tmp("read-past");
        let (j, _) = Journal::open(&dir).unwrap();
        let at = j.append(b"{\"a\":1}\n").unwrap().at;
        assert_eq!(j.read(Position { segment: 0, offset: at.offset, len: 7 }).unwrap(), b"{\"a\":1}");
        for bad in [Position { segment: 0, offset: 0, len: u32::MAX }, Position { segment: 0, offset: 5, len: 7 }] {
            assert_eq!(j.read(bad).unwrap_err().kind(), io::ErrorKind::UnexpectedEof, "{bad:?}");
        }
        assert_eq!(j.read(Position { segment: 3, offset: 0, len: 1 }).unwrap_err().kind(), io::ErrorKind::NotFound);
        // A line written after the segment's length was last asked for is read (asked again);
        // one the file no longer holds (cut behind the journal's back) is an error, not bytes.
        let next = j.append(b"{\"b\":2}\n").unwrap().at;
        assert_eq!(j.read(Position { segment: 0, offset: next.offset, len: 7 }).unwrap(), b"{\"b\":2}");
        std::fs::OpenOptions::new().write(true).open(segment_path(&dir, 0)).unwrap().set_len(next.offset + 3).unwrap();
        let cut = j.read(Position { segment: 0, offset: next.offset, len: 7 }).unwrap_err();
        assert_eq!(cut.kind(), io::ErrorKind::UnexpectedEof);
    }

    #[test]
    fn after_a_failed_write_nothing_more_is_written_until_reopened() {
        let dir = tmp("segment-fail");
        let (j, _) = Journal::open_from(&dir, Mark::default(), 8).unwrap();
        let t = j.append(b"{\"a\":0}\n").unwrap().ticket;
        j.sync(t).unwrap();
        // The next segment cannot be created: something is in its place.
        std::fs::create_dir(segment_path(&dir, 1)).unwrap();
        assert!(j.append(b"{\"a\":1}\n").is_err());
        std::fs::remove_dir(segment_path(&dir, 1)).unwrap();
        let e = j.append(b"{\"a\":2}\n").unwrap_err();
        assert!(e.to_string().contains("opened again"), "{e}");
        assert!(j.sync(t + 1).is_err(), "nothing is acknowledged either");
        drop(j);
        let (j, scan) = Journal::open_from(&dir, Mark::default(), 8).unwrap();
        assert_eq!(texts(&scan), ["{\"a\":0}"]);
        let t = j.append(b"{\"a\":3}\n").unwrap().ticket;
        j.sync(t).unwrap();
        assert_eq!(texts(&read_only(&dir).unwrap()), ["{\"a\":0}", "{\"a\":3}"]);
    }

    #[test]
    fn concurrent_writers_across_segment_changes_all_get_synced_in_whole_lines() {
        let dir = tmp("segment-group");
        let j = eight_writers(Journal::open_from(&dir, Mark::default(), 256).unwrap().0);
        let scan = read_only(&dir).unwrap();
        assert_eq!((scan.lines.len(), scan.torn_tail_bytes), (400, 0));
        assert!(scan.segments > 20, "{} segments", scan.segments);
        assert_eq!(j.end().lines, 400);
    }
}

//! The journal: an append-only file of JSON lines (one event per line) that is the durability
//! point of the store. A record is acknowledged only after `fdatasync` has returned for it.
//! Concurrent writers share syncs (group commit): whoever syncs covers every line written
//! before the sync started, and the others wait for it instead of syncing again.
//!
//! Why not sled alone: sled 0.34's `flush` issues `sync_file_range`, not `fdatasync`, so a
//! flushed write survives a killed process but not a power loss (see docs/durability.md).

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// The journal file's name inside the store directory.
pub const JOURNAL_FILE: &str = "events.jsonl";

/// A line read back from the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalLine {
    /// 1-based line number.
    pub line: usize,
    pub text: String,
}

/// A place in the journal: its length in bytes and in lines up to there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mark {
    pub offset: u64,
    pub lines: u64,
}

/// What reading the journal found.
#[derive(Debug, Default)]
pub struct JournalScan {
    /// Where reading started: the checkpoint asked for, or the start if it did not fit the file.
    pub from: Mark,
    pub lines: Vec<JournalLine>,
    /// The end of the last complete line.
    pub end: Mark,
    /// Bytes of an incomplete last line (a write cut short by a crash) that were cut off.
    pub torn_tail_bytes: u64,
}

struct Writer {
    file: File,
}

struct SyncState {
    synced: u64,
    syncing: bool,
}

/// The open journal.
pub struct Journal {
    path: PathBuf,
    writer: Mutex<Writer>,
    /// A second handle used only for `fdatasync`, so syncing does not hold the writer lock.
    sync_handle: File,
    /// Count of append calls whose bytes are fully written (not necessarily synced).
    written: AtomicU64,
    /// The end of what was written: bytes and lines (under the writer lock).
    end: Mutex<Mark>,
    sync: Mutex<SyncState>,
    synced_cv: Condvar,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock leaves nothing half-done that a later caller could see:
    // the file is append-only and the counters are monotonic.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Journal {
    /// Opens (creating if needed) the journal in `dir`, cuts off a torn last line, and returns
    /// every complete line.
    pub fn open(dir: &Path) -> io::Result<(Self, JournalScan)> {
        Self::open_from(dir, Mark::default())
    }

    /// Like [`Journal::open`], but returns only the lines after `from` (a checkpoint: what the
    /// index already holds). If `from` does not fit the file — shorter, or not at a line's
    /// end — everything is read.
    pub fn open_from(dir: &Path, from: Mark) -> io::Result<(Self, JournalScan)> {
        let path = dir.join(JOURNAL_FILE);
        let existed = path.exists();
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(&path)?;
        if !existed {
            // Make the new file's directory entry durable too.
            File::open(dir)?.sync_all()?;
        }
        let from = if fits(&mut file, from)? { from } else { Mark::default() };
        let scan = read_lines(&mut file, from)?;
        if scan.torn_tail_bytes > 0 {
            let keep = file.metadata()?.len() - scan.torn_tail_bytes;
            file.set_len(keep)?;
            file.sync_data()?;
        }
        file.seek(SeekFrom::End(0))?;
        let end = scan.end;
        let sync_handle = OpenOptions::new().read(true).open(&path)?;
        let journal = Journal {
            path,
            writer: Mutex::new(Writer { file }),
            sync_handle,
            written: AtomicU64::new(0),
            end: Mutex::new(end),
            sync: Mutex::new(SyncState { synced: 0, syncing: false }),
            synced_cv: Condvar::new(),
        };
        Ok((journal, scan))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` (whole lines, each ending in `\n`) and returns a ticket for [`Self::sync`].
    /// Not durable until `sync(ticket)` returns.
    pub fn append(&self, bytes: &[u8]) -> io::Result<u64> {
        let mut w = lock(&self.writer);
        w.file.write_all(bytes)?;
        let mut end = lock(&self.end);
        end.offset += bytes.len() as u64;
        end.lines += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        Ok(self.written.fetch_add(1, Ordering::SeqCst) + 1)
    }

    /// The end of everything written so far (synced or not).
    pub fn end(&self) -> Mark {
        *lock(&self.end)
    }

    /// The ticket of the newest completed append.
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::SeqCst)
    }

    /// Returns once everything up to `ticket` is on stable storage. One `fdatasync` serves every
    /// append that completed before it started.
    pub fn sync(&self, ticket: u64) -> io::Result<()> {
        let mut st = lock(&self.sync);
        loop {
            if st.synced >= ticket {
                return Ok(());
            }
            if st.syncing {
                st = self.synced_cv.wait(st).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            st.syncing = true;
            let target = self.written.load(Ordering::SeqCst);
            drop(st);
            let result = self.sync_handle.sync_data();
            st = lock(&self.sync);
            st.syncing = false;
            if result.is_ok() {
                st.synced = st.synced.max(target);
            }
            self.synced_cv.notify_all();
            result?;
        }
    }
}

/// Whether `mark` can be where a line ends in `file`.
fn fits(file: &mut File, mark: Mark) -> io::Result<bool> {
    if mark.offset == 0 {
        return Ok(true);
    }
    if file.metadata()?.len() < mark.offset {
        return Ok(false);
    }
    file.seek(SeekFrom::Start(mark.offset - 1))?;
    let mut last = [0u8; 1];
    io::Read::read_exact(file, &mut last)?;
    Ok(last[0] == b'\n')
}

/// Reads complete lines after `from`; an unterminated last line is reported as torn, not returned.
fn read_lines(file: &mut File, from: Mark) -> io::Result<JournalScan> {
    file.seek(SeekFrom::Start(from.offset))?;
    let mut reader = BufReader::new(file);
    let mut scan = JournalScan { from, end: from, ..JournalScan::default() };
    let mut buf = Vec::new();
    let mut n = from.lines as usize;
    loop {
        buf.clear();
        let read = reader.read_until(b'\n', &mut buf)?;
        if read == 0 {
            break;
        }
        n += 1;
        if buf.last() != Some(&b'\n') {
            scan.torn_tail_bytes = read as u64;
            break;
        }
        scan.end = Mark { offset: scan.end.offset + read as u64, lines: n as u64 };
        buf.pop();
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        scan.lines.push(JournalLine { line: n, text: String::from_utf8_lossy(&buf).into_owned() });
    }
    Ok(scan)
}

/// Reads a journal without opening it for writing (salvage from a damaged store).
pub fn read_only(dir: &Path) -> io::Result<JournalScan> {
    let mut file = File::open(dir.join(JOURNAL_FILE))?;
    read_lines(&mut file, Mark::default())
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
            let t = j.append(b"{\"a\":1}\n{\"b\":2}\n").unwrap();
            j.sync(t).unwrap();
        }
        // A crash in the middle of a write leaves half a line.
        std::fs::OpenOptions::new().append(true).open(dir.join(JOURNAL_FILE)).unwrap().write_all(b"{\"c\":").unwrap();
        let (j, scan) = Journal::open(&dir).unwrap();
        assert_eq!(scan.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), ["{\"a\":1}", "{\"b\":2}"]);
        assert_eq!(scan.torn_tail_bytes, 5);
        let t = j.append(b"{\"d\":4}\n").unwrap();
        j.sync(t).unwrap();
        let scan = read_only(&dir).unwrap();
        assert_eq!(scan.lines.len(), 3);
        assert_eq!(scan.lines[2].text, "{\"d\":4}");
        assert_eq!(scan.torn_tail_bytes, 0);
    }

    #[test]
    fn concurrent_writers_all_get_synced() {
        let dir = tmp("group");
        let (j, _) = Journal::open(&dir).unwrap();
        let j = std::sync::Arc::new(j);
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let j = j.clone();
                std::thread::spawn(move || {
                    for k in 0..50 {
                        let t = j.append(format!("{{\"w\":{i},\"k\":{k}}}\n").as_bytes()).unwrap();
                        j.sync(t).unwrap();
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        assert_eq!(read_only(&dir).unwrap().lines.len(), 400);
    }
}

//! `backup` and `restore`: a whole office in one file, taken while it serves.
//!
//! The file is JSON lines: a header (`{"weiqi_arbiter_backup": 1, …}`), the data directory's
//! small files (the office's signing key, its TLS certificate and key: base64, with their
//! modes), the accounts keyspace (officials, hashed tokens, devices, codes, revocations: hex
//! key and value), a marker line (`{"events_follow": true}`), every event up to the backup's
//! point exactly as `export` writes them, and a last line with their count
//! (`{"weiqi_arbiter_backup_end": N}`) — a file cut short has none and restores nothing. It holds private keys: it is written readable by its owner
//! only, and must be kept like the data directory itself.
//!
//! Consistency: the events are those stored up to one sequence number, read after the accounts;
//! every event acknowledged before the backup began is in it. sled is not copied: `restore`
//! rebuilds it by importing the events into a new directory.

use std::io::{BufRead as _, Write};
use std::path::{Path, PathBuf};

use arbiter_core::store::Store;
use base64::Engine as _;

use crate::error::{Clash, Fault, OfficeError, RequestFault};

/// The format's version.
pub const VERSION: u32 = 1;

/// Files of a data directory a backup carries (the rest is the store, rebuilt on restore).
const FILES: &[&str] =
    &[arbiter_core::ledger::KEY_FILE, "tls/office.crt", "tls/office.key", "tls/next.crt", "tls/next.key"];

/// The sled keyspaces a backup carries.
const TREES: &[&str] = &crate::keyspaces::BACKED_UP;

#[derive(serde::Serialize, serde::Deserialize)]
struct Header {
    weiqi_arbiter_backup: u32,
    created: chrono::DateTime<chrono::Utc>,
    /// The last sequence number it holds: every event stored up to it.
    up_to_seq: u64,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
enum Part {
    File { file: String, mode: u32, base64: String },
    Tree { tree: String, key: String, value: String },
    EventsFollow { events_follow: bool },
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Footer {
    weiqi_arbiter_backup_end: u64,
}

/// What a backup wrote.
#[derive(schemars::JsonSchema, Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct BackupReport {
    pub events: u64,
    pub up_to_seq: u64,
    pub files: usize,
    pub records: usize,
}

fn line(out: &mut impl Write, v: &impl serde::Serialize) -> Result<(), OfficeError> {
    serde_json::to_writer(&mut *out, v)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Writes a backup of the office whose store is `store` and data directory `data`.
pub fn write(store: &Store, data: &Path, out: &mut impl Write) -> Result<BackupReport, OfficeError> {
    let up_to_seq = store.last_seq();
    line(out, &Header { weiqi_arbiter_backup: VERSION, created: chrono::Utc::now(), up_to_seq })?;
    let mut files = 0;
    for name in FILES {
        let path = data.join(name);
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(source) => return Err(OfficeError::Read { path: path.display().to_string(), source }),
        };
        let mode = mode_of(&path);
        line(
            out,
            &Part::File {
                file: (*name).to_owned(),
                mode,
                base64: base64::engine::general_purpose::STANDARD.encode(bytes),
            },
        )?;
        files += 1;
    }
    let mut records = 0;
    for name in TREES {
        for item in store.open_tree(name)?.iter() {
            let (k, v) =
                item.map_err(|source| OfficeError::Internal(Fault::Sled { what: format!("reading {name}"), source }))?;
            line(out, &Part::Tree { tree: (*name).to_owned(), key: hex::encode(k), value: hex::encode(v) })?;
            records += 1;
        }
    }
    line(out, &Part::EventsFollow { events_follow: true })?;
    let events = store.export_until(up_to_seq, out)? as u64;
    line(out, &Footer { weiqi_arbiter_backup_end: events })?;
    out.flush()?;
    Ok(BackupReport { events, up_to_seq, files, records })
}

#[cfg(unix)]
fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).map_or(0o600, |m| m.permissions().mode() & 0o777)
}

#[cfg(not(unix))]
fn mode_of(_: &Path) -> u32 {
    0o600
}

/// What a restore put back.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RestoreReport {
    pub events: usize,
    pub files: usize,
    pub records: usize,
    pub up_to_seq: u64,
}

fn bad_backup(from: &Path, line: usize, why: impl std::fmt::Display) -> OfficeError {
    OfficeError::bad(RequestFault::BadBackup, format!("{}:{line}: {why}; nothing was restored", from.display()))
}

/// Writes a backup to the new file `to` (readable by its owner only: it holds private keys),
/// whole or not at all.
pub fn write_file(store: &Store, data: &Path, to: &Path) -> Result<BackupReport, OfficeError> {
    if to.exists() {
        return Err(OfficeError::Conflict(Clash::BackupExists { path: to.to_owned() }));
    }
    let tmp = to.with_extension("partial");
    let failed =
        |source: std::io::Error| OfficeError::Internal(Fault::File { what: "cannot write", path: tmp.clone(), source });
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(&tmp).map_err(failed)?;
    let mut out = std::io::BufWriter::new(file);
    let written = write(store, data, &mut out).and_then(|report| {
        let file = out.into_inner().map_err(|e| failed(e.into_error()))?;
        file.sync_all().map_err(failed)?;
        std::fs::rename(&tmp, to).map_err(failed)?;
        Ok(report)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    let report = written?;
    Ok(report)
}

/// Restores the backup `from` into `data`, which must not exist or be empty; on any error
/// what was begun there is removed again.
pub fn restore(from: &Path, data: &Path) -> Result<RestoreReport, OfficeError> {
    if std::fs::read_dir(data).is_ok_and(|mut d| d.next().is_some()) {
        return Err(OfficeError::Conflict(Clash::RestoreNotEmpty { path: data.to_owned() }));
    }
    let restored = restore_into(from, data);
    if restored.is_err() {
        let _ = std::fs::remove_dir_all(data);
    }
    restored
}

fn restore_into(from: &Path, data: &Path) -> Result<RestoreReport, OfficeError> {
    let file =
        std::fs::File::open(from).map_err(|source| OfficeError::Read { path: from.display().to_string(), source })?;
    let mut lines = std::io::BufReader::new(file).lines().enumerate();
    let read = |l: Option<(usize, std::io::Result<String>)>| -> Result<(usize, String), OfficeError> {
        match l {
            Some((i, Ok(text))) => Ok((i + 1, text)),
            Some((_, Err(source))) => Err(OfficeError::Read { path: from.display().to_string(), source }),
            None => Err(bad_backup(from, 0, "the file ends before its events")),
        }
    };
    let (n, text) = read(lines.next())?;
    let header: Header = serde_json::from_str(&text).map_err(|e| bad_backup(from, n, format!("not a backup ({e})")))?;
    if header.weiqi_arbiter_backup != VERSION {
        return Err(bad_backup(
            from,
            n,
            format!("backup format {} (this build reads {VERSION})", header.weiqi_arbiter_backup),
        ));
    }
    // Everything but the events is read first, so a broken file restores nothing of them.
    let mut parts = Vec::new();
    loop {
        let (n, text) = read(lines.next())?;
        match serde_json::from_str::<Part>(&text).map_err(|e| bad_backup(from, n, e))? {
            Part::EventsFollow { .. } => break,
            part => parts.push((n, part)),
        }
    }
    std::fs::create_dir_all(data).map_err(|source| {
        OfficeError::Internal(Fault::File { what: "cannot create", path: data.to_path_buf(), source })
    })?;
    let (mut files, mut records) = (0, 0);
    for (n, part) in &parts {
        if let Part::File { file, mode, base64 } = part {
            let bytes =
                base64::engine::general_purpose::STANDARD.decode(base64).map_err(|e| bad_backup(from, *n, e))?;
            let path = safe_join(data, file)
                .ok_or_else(|| bad_backup(from, *n, format!("`{file}` is not a file of an office")))?;
            let dir = path.parent().unwrap_or(data).to_path_buf();
            std::fs::create_dir_all(&dir).map_err(|source| {
                OfficeError::Internal(Fault::File { what: "cannot create", path: dir.clone(), source })
            })?;
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if mode & 0o077 == 0 {
                arbiter_core::store::file::write_atomic_private(&dir, name, &bytes)?;
            } else {
                arbiter_core::store::file::write_atomic(&dir, name, &bytes)?;
            }
            files += 1;
        }
    }
    let store = Store::open(data, None)?;
    for (n, part) in &parts {
        if let Part::Tree { tree, key, value } = part {
            if !TREES.contains(&tree.as_str()) {
                return Err(bad_backup(from, *n, format!("unknown keyspace `{tree}`")));
            }
            let k = hex::decode(key).map_err(|e| bad_backup(from, *n, e))?;
            let v = hex::decode(value).map_err(|e| bad_backup(from, *n, e))?;
            store.open_tree(tree)?.insert(k, v).map_err(|source| {
                OfficeError::Internal(Fault::Sled { what: format!("restoring into {tree}"), source })
            })?;
            records += 1;
        }
    }
    for tree in TREES {
        store
            .open_tree(tree)?
            .flush()
            .map_err(|source| OfficeError::Internal(Fault::Sled { what: format!("flushing {tree}"), source }))?;
    }
    // The events, stored a thousand to a durable batch, up to the count at the end.
    let (mut events, mut batch) = (0usize, Vec::with_capacity(1_000));
    let expected = loop {
        let (n, text) = read(lines.next())?;
        if let Ok(end) = serde_json::from_str::<Footer>(&text) {
            break end.weiqi_arbiter_backup_end;
        }
        batch.push(arbiter_core::event::wire::decode(&text).map_err(|e| bad_backup(from, n, e))?);
        if batch.len() == 1_000 {
            events += store_batch(&store, &mut batch)?;
        }
    };
    events += store_batch(&store, &mut batch)?;
    if events as u64 != expected {
        return Err(bad_backup(from, 0, format!("{events} events stored, the backup says {expected}")));
    }
    Ok(RestoreReport { events, files, records, up_to_seq: header.up_to_seq })
}

fn store_batch(store: &Store, batch: &mut Vec<arbiter_core::event::Event>) -> Result<usize, OfficeError> {
    let stored = store.append(batch, arbiter_core::store::Origin::Remote)?;
    batch.clear();
    let n = stored.len();
    if let Some(Err(e)) = stored.into_iter().find(Result::is_err) {
        return Err(OfficeError::Internal(Fault::failed("an event of the backup was refused", e)));
    }
    Ok(n)
}

/// `data/name` for a name a backup may carry (one of [`FILES`]), never a path outside `data`.
fn safe_join(data: &Path, name: &str) -> Option<PathBuf> {
    FILES.contains(&name).then(|| data.join(name))
}

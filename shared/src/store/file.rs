//! Small files that must survive power loss: written to a temporary name, synced, renamed over
//! the old one, and the directory synced, so a reader sees the old or the new content, whole.

use std::path::Path;

use crate::error::{CoreError, Result};

/// Replaces `dir/name` with `bytes` durably.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    write(dir, name, bytes, 0o644)
}

/// [`write_atomic`] for a secret (a private key): readable by its owner only, from the first byte.
pub fn write_atomic_private(dir: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    write(dir, name, bytes, 0o600)
}

fn write(dir: &Path, name: &str, bytes: &[u8], mode: u32) -> Result<()> {
    let path = dir.join(name);
    let tmp = dir.join(format!("{name}.tmp"));
    let write = || -> std::io::Result<()> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
        #[cfg(not(unix))]
        let _ = mode;
        // A leftover temporary file would keep its old permissions.
        let _ = std::fs::remove_file(&tmp);
        let mut f = options.open(&tmp)?;
        std::io::Write::write_all(&mut f, bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)?;
        std::fs::File::open(dir)?.sync_all()
    };
    write().map_err(|e| CoreError::storage_in(format_args!("cannot write {}", path.display()), e))
}

/// Reads `dir/name`, or `None` when it does not exist.
pub fn read(dir: &Path, name: &str) -> Result<Option<Vec<u8>>> {
    let path = dir.join(name);
    match std::fs::read(&path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(CoreError::storage_in(format_args!("cannot read {}", path.display()), e)),
    }
}

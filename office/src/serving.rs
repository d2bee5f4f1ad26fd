//! Which office process serves a data directory: `serve` writes `serving.json` (its process id,
//! since when, at which address) once it listens and removes it when it stops, so that a second
//! `serve` — or `export`, `import`, `standings --data` — on the same directory can say who has
//! it (`office_running`) instead of calling the store damaged.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Fault, OfficeError};

const FILE: &str = "serving.json";

/// The office process serving a directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Serving {
    pub pid: u32,
    pub since: chrono::DateTime<chrono::Utc>,
    pub address: String,
    /// What `backup --data` on this machine shows the running office to ask it for a backup
    /// (the file is readable by the office's user only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup_secret: Option<String>,
}

/// Says that this process serves `data` at `address` (a file others read; losing it costs only
/// the detail in their message).
/// Returns the backup secret it wrote.
pub fn announce(data: &Path, address: &str) -> Result<String, OfficeError> {
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| OfficeError::Internal(Fault::Randomness(e)))?;
    let secret = hex::encode(secret);
    let me = Serving {
        pid: std::process::id(),
        since: chrono::Utc::now(),
        address: address.to_owned(),
        backup_secret: Some(secret.clone()),
    };
    let bytes = serde_json::to_vec_pretty(&me)
        .map_err(|source| OfficeError::Internal(Fault::Json { what: "serving.json".into(), source }))?;
    arbiter_core::store::file::write_atomic_private(data, FILE, &bytes)?;
    Ok(secret)
}

/// Takes the announcement back (at a clean stop).
pub fn withdraw(data: &Path) {
    let _ = std::fs::remove_file(data.join(FILE));
}

/// Who serves `data`, as far as its file says.
pub fn who(data: &Path) -> Option<Serving> {
    serde_json::from_slice(&std::fs::read(data.join(FILE)).ok()?).ok()
}

/// The error for a store another process holds: who, since when, where, and what to do instead.
pub fn in_use(data: &Path) -> OfficeError {
    let dir = data.display();
    let holder = match who(data) {
        Some(s) => {
            format!("process {} has served it since {} at {}", s.pid, s.since.format("%Y-%m-%d %H:%M UTC"), s.address)
        }
        None => "another process has it open".to_owned(),
    };
    OfficeError::OfficeRunning(format!(
        "an office is already running on {dir}: {holder}. Nothing is damaged. Use that office \
         (its pages, or GET /api/v1/export with the organiser's token), or stop it first and run \
         this again"
    ))
}

/// Whether the process `pid` is alive (Linux: its `/proc` entry; elsewhere it is taken to be).
fn alive(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).is_dir()
}

/// The office process serving `data` right now: its announcement names a live process other
/// than this one, and the store's lock is held (a killed office leaves its file behind, and its
/// process id may since belong to something else; the lock goes with the process).
pub fn running(data: &Path) -> Option<Serving> {
    let s = who(data)?;
    (s.pid != std::process::id() && alive(s.pid) && arbiter_core::store::is_held(data)).then_some(s)
}

/// Opens the store in `data`, saying who has it when another process does: at once when a
/// running office has it, without waiting for a lock that is only being let go of.
pub fn open_store(data: &Path) -> Result<arbiter_core::store::Store, OfficeError> {
    if running(data).is_some() {
        return Err(in_use(data));
    }
    arbiter_core::store::Store::open(data, None).map_err(|e| match e {
        arbiter_core::CoreError::InUse { .. } => in_use(data),
        other => other.into(),
    })
}

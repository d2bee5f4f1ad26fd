//! The runtime the office works on: async threads for the network, and at most
//! [`BLOCKING_THREADS`] for store work (appends wait for `fdatasync`). The server and the venue's
//! forwarder both run their store work through [`blocking`].

use crate::error::OfficeError;

/// Threads the office runs store work on (each handler's `blocking` part) at most. tokio's
/// default is 512: a round's start burst (500 tablets pulling at once) then ran ~500 threads on
/// two cores, each leaving memory behind in malloc's arenas. Pushes share `fdatasync` (group
/// commit), so fewer threads do not mean fewer events per sync.
pub const BLOCKING_THREADS: usize = 32;

/// The runtime `serve` runs on.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().max_blocking_threads(BLOCKING_THREADS).build()
}

/// Runs blocking store work off the async threads (appends wait for `fdatasync`).
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, OfficeError> + Send + 'static,
) -> Result<T, OfficeError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| OfficeError::Internal(format!("worker failed: {e}")))?
}

//! The runtime the office works on: async threads for the network, and at most
//! [`BLOCKING_THREADS`] for store work (appends wait for `fdatasync`). The server and the venue's
//! forwarder both run their store work through [`blocking`].

use crate::error::{Fault, OfficeError};

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
    tokio::task::spawn_blocking(f).await.map_err(|e| OfficeError::Internal(Fault::Worker(e)))?
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic in store work is the office's own fault, a 500 that keeps the worker's error as
    /// its cause; the runtime goes on.
    #[test]
    fn a_panicking_worker_is_an_internal_fault_with_its_cause() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let err = rt
            .block_on(blocking(|| -> Result<(), OfficeError> { panic!("a fault for the test") }))
            .expect_err("the worker panicked");
        assert!(matches!(&err, OfficeError::Internal(Fault::Worker(e)) if e.is_panic()), "{err:?}");
        assert_eq!(err.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(err.code(), "internal");
        let OfficeError::Internal(fault) = &err else { unreachable!("matched above") };
        assert!(std::error::Error::source(fault).is_some(), "the join error is kept as the cause");
        assert_eq!(rt.block_on(blocking(|| Ok(7))).expect("the runtime goes on"), 7);
    }
}

//! The bounded waits of the tests that wait on another task or process: each polls for positive
//! evidence and fails saying what it waited for. (The office's own tests include this file by
//! path, as they do `pg.rs`.)

/// Polls `check` until it answers `Some` — every 25 ms, for at most `within` — and answers
/// that; panics naming `what` otherwise. The one bounded wait of the tests that wait on another
/// task or process: `eventually("the tables", secs(5), || ready(app.tables().ok()))`, or with
/// an `async move` block for a check that makes a request.
pub async fn eventually<T, F, Fut>(what: &str, within: std::time::Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let end = tokio::time::Instant::now() + within;
    loop {
        if let Some(v) = check().await {
            return v;
        }
        assert!(tokio::time::Instant::now() < end, "timed out after {within:?} waiting for {what}");
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
}

/// `n` seconds, for [`eventually`].
pub fn secs(n: u64) -> std::time::Duration {
    std::time::Duration::from_secs(n)
}

/// Polls a check that blocks (a child process, a `psql`) every 25 ms, for at most `within`:
/// its answer, or `None` when time ran out (the caller cleans up, then fails saying what).
pub fn poll_blocking<T>(within: std::time::Duration, mut check: impl FnMut() -> Option<T>) -> Option<T> {
    let end = std::time::Instant::now() + within;
    loop {
        if let Some(v) = check() {
            return Some(v);
        }
        if std::time::Instant::now() >= end {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}

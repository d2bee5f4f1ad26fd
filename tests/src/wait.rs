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
    let mut polls = Polls::within(within, std::time::Duration::from_millis(25));
    while polls.next().await {
        if let Some(v) = check().await {
            return v;
        }
    }
    panic!("timed out after {within:?} waiting for {what}")
}

/// [`eventually`] written as a loop, for a check that borrows what a closure cannot hold (the
/// fault harness's world, mutably) or that fails with a report of its own:
/// `let mut polls = Polls::within(secs(4), every); while polls.next().await { … }`. The first
/// `next` answers at once; each later one waits `every`, and answers `false` once `within`
/// has passed since the start.
pub struct Polls {
    end: tokio::time::Instant,
    every: std::time::Duration,
    first: bool,
}

impl Polls {
    /// Polls for at most `within`, `every` apart.
    pub fn within(within: std::time::Duration, every: std::time::Duration) -> Polls {
        Polls { end: tokio::time::Instant::now() + within, every, first: true }
    }

    /// Whether to check again: at once the first time; after `every` while time is left.
    pub async fn next(&mut self) -> bool {
        if std::mem::take(&mut self.first) {
            return true;
        }
        if tokio::time::Instant::now() >= self.end {
            return false;
        }
        tokio::time::sleep(self.every).await;
        true
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

//! The device's wall clock: the one place the app and the sync client read the time (an edge).
//! Tests hand in a clock that is wrong on purpose, as a tablet's is after a flat battery.

use std::sync::Arc;

use chrono::{DateTime, Utc};

/// Reads the time.
#[derive(Clone)]
pub struct WallClock(Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>);

impl WallClock {
    /// The operating system's clock.
    pub fn system() -> Self {
        WallClock(Arc::new(Utc::now))
    }

    /// A clock read from `file` (milliseconds since the epoch, as text) each time it is asked —
    /// the office's `serve --clock-file`, so end-to-end tests move time second by second. An
    /// unreadable file reads as the system's time.
    pub fn from_file(file: std::path::PathBuf) -> Self {
        WallClock(Arc::new(move || {
            std::fs::read_to_string(&file)
                .ok()
                .and_then(|s| s.trim().parse::<i64>().ok())
                .and_then(DateTime::from_timestamp_millis)
                .unwrap_or_else(Utc::now)
        }))
    }

    /// A clock `offset` away from the system's (a wrong tablet clock, in tests).
    pub fn off_by(offset: chrono::Duration) -> Self {
        WallClock(Arc::new(move || Utc::now() + offset))
    }

    pub fn now(&self) -> DateTime<Utc> {
        (self.0)()
    }

    /// Milliseconds since the Unix epoch (0 before it).
    pub fn now_ms(&self) -> u64 {
        u64::try_from(self.now().timestamp_millis()).unwrap_or(0)
    }
}

/// A clock that moves only when told: tests of the byo-yomi reader read it second by second.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<std::sync::atomic::AtomicI64>);

impl ManualClock {
    pub fn starting_at(t: DateTime<Utc>) -> Self {
        ManualClock(Arc::new(std::sync::atomic::AtomicI64::new(t.timestamp_millis())))
    }

    pub fn advance(&self, d: chrono::Duration) {
        self.0.fetch_add(d.num_milliseconds(), std::sync::atomic::Ordering::SeqCst);
    }

    /// The clock to hand to the app.
    pub fn wall_clock(&self) -> WallClock {
        let t = self.0.clone();
        WallClock(Arc::new(move || {
            DateTime::from_timestamp_millis(t.load(std::sync::atomic::Ordering::SeqCst)).unwrap_or_default()
        }))
    }
}

impl Default for WallClock {
    fn default() -> Self {
        WallClock::system()
    }
}

impl std::fmt::Debug for WallClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WallClock({})", self.now())
    }
}

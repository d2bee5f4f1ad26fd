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

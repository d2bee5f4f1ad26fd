//! Hybrid logical clock (Kulkarni et al.): a stamp that follows wall time where it can and
//! stays causal where wall clocks disagree. Pure: the caller passes the physical time.

use serde::{Deserialize, Serialize};

/// A hybrid logical clock stamp. Ordered by wall part, then logical counter; the event id
/// breaks the remaining ties, so every replica orders the same event set the same way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Hlc {
    /// Milliseconds since the Unix epoch (the largest physical time seen).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub wall_ms: u64,
    /// Counter among stamps with the same `wall_ms`.
    pub logical: u32,
}

impl Hlc {
    pub const fn new(wall_ms: u64, logical: u32) -> Self {
        Self { wall_ms, logical }
    }
}

/// One device's clock: the last stamp it issued or observed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HybridClock {
    last: Hlc,
}

impl HybridClock {
    /// Resumes a clock from the last stamp it issued (e.g. read back from the store).
    pub fn resume(last: Hlc) -> Self {
        Self { last }
    }

    pub fn last(&self) -> Hlc {
        self.last
    }

    /// A stamp for a new local event at physical time `now_ms`.
    pub fn tick(&mut self, now_ms: u64) -> Hlc {
        self.last = if now_ms > self.last.wall_ms {
            Hlc::new(now_ms, 0)
        } else {
            Hlc::new(self.last.wall_ms, self.last.logical.saturating_add(1))
        };
        self.last
    }

    /// Merges a peer's stamp, but never further than `max_ahead_ms` past `now_ms`: a peer whose
    /// clock runs far ahead cannot drag this clock with it (the office refuses such events).
    pub fn observe_within(&mut self, remote: Hlc, now_ms: u64, max_ahead_ms: u64) -> Hlc {
        let ceiling = now_ms.saturating_add(max_ahead_ms);
        let remote = if remote.wall_ms > ceiling { Hlc::new(ceiling, 0) } else { remote };
        self.observe(remote, now_ms)
    }

    /// Merges a stamp seen on another device's event, so later local stamps come after it.
    pub fn observe(&mut self, remote: Hlc, now_ms: u64) -> Hlc {
        let wall = now_ms.max(self.last.wall_ms).max(remote.wall_ms);
        let logical = match (wall == self.last.wall_ms, wall == remote.wall_ms) {
            (true, true) => self.last.logical.max(remote.logical).saturating_add(1),
            (true, false) => self.last.logical.saturating_add(1),
            (false, true) => remote.logical.saturating_add(1),
            (false, false) => 0,
        };
        self.last = Hlc::new(wall, logical);
        self.last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_strictly_increasing_even_when_the_wall_clock_goes_back() {
        let mut c = HybridClock::default();
        let a = c.tick(1_000);
        let b = c.tick(900); // wall clock stepped back
        let d = c.tick(1_000);
        assert!(a < b && b < d, "{a:?} {b:?} {d:?}");
        assert_eq!(c.tick(2_000), Hlc::new(2_000, 0));
    }

    #[test]
    fn a_tablet_hours_behind_still_orders_after_what_it_has_seen() {
        let mut office = HybridClock::default();
        let seen = office.tick(10 * 3_600_000);
        let mut tablet = HybridClock::default();
        tablet.observe(seen, 7 * 3_600_000); // three hours slow
        let next = tablet.tick(7 * 3_600_000 + 5);
        assert!(next > seen, "{next:?} must follow {seen:?}");
    }

    #[test]
    fn a_peer_a_year_ahead_moves_this_clock_no_further_than_the_bound() {
        let year = 365 * 24 * 3_600_000;
        let mut c = HybridClock::default();
        let now = 1_800_000_000_000;
        let merged = c.observe_within(Hlc::new(now + year, 3), now, 300_000);
        assert_eq!(merged.wall_ms, now + 300_000);
        // Within the bound a stamp merges as usual.
        let mut d = HybridClock::default();
        assert_eq!(d.observe_within(Hlc::new(now + 1_000, 2), now, 300_000), Hlc::new(now + 1_000, 3));
    }

    #[test]
    fn observe_covers_every_branch() {
        let mut c = HybridClock::resume(Hlc::new(100, 4));
        assert_eq!(c.observe(Hlc::new(100, 7), 50), Hlc::new(100, 8));
        assert_eq!(c.observe(Hlc::new(90, 9), 50), Hlc::new(100, 9));
        assert_eq!(c.observe(Hlc::new(200, 3), 50), Hlc::new(200, 4));
        assert_eq!(c.observe(Hlc::new(10, 3), 500), Hlc::new(500, 0));
    }
}

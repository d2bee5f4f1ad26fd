//! Failed attempts per client address: a few mistakes are free, then each further failure makes
//! the address wait twice as long (1 s, 2 s, … up to a minute), and after [`LOCK_AFTER`] the
//! address is locked out until the organiser lifts it. Guessing enrollment codes or tokens from
//! one address so costs hours for a handful of tries, while a referee who mistypes a code twice
//! notices nothing. Pure: an address's [`Entry`] and the time (Unix milliseconds) come in, the
//! verdict and the next entry go out; `crate::door` keeps the entries where every office
//! process serving one store sees them.

use std::net::IpAddr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Failures that cost nothing.
pub const FREE: u32 = 5;
/// Failures after which the address is locked out until lifted.
pub const LOCK_AFTER: u32 = 20;
/// The first wait; each further failure doubles it.
pub const FIRST_WAIT: Duration = Duration::from_secs(1);
/// The longest wait between tries before the lock-out.
pub const MAX_WAIT: Duration = Duration::from_secs(60);
/// An address with no failure for this long is forgotten (unless locked out).
pub const FORGET_AFTER: Duration = Duration::from_secs(3600);

/// Whether an address may try now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Back off: try again after this long.
    Wait(Duration),
    /// Locked out until the organiser lifts it.
    Locked,
}

/// One address's failures, as stored (times in Unix milliseconds, so that every process
/// reads them alike).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub failures: u32,
    pub last_ms: u64,
    /// Not before this may the address try again.
    pub until_ms: Option<u64>,
}

/// What the organiser sees of an address with failures.
#[derive(schemars::JsonSchema, Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tracked {
    pub address: IpAddr,
    pub failures: u32,
    pub locked: bool,
    /// Seconds until the address may try again (0: now), while not locked.
    pub wait_seconds: u64,
}

/// How patient the door is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub free: u32,
    pub lock_after: u32,
    pub first_wait: Duration,
    pub max_wait: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Policy { free: FREE, lock_after: LOCK_AFTER, first_wait: FIRST_WAIT, max_wait: MAX_WAIT }
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Policy {
    /// May an address with `entry` try at `now_ms`?
    pub fn verdict(&self, entry: Option<&Entry>, now_ms: u64) -> Verdict {
        match entry {
            Some(e) if self.locks(e) => Verdict::Locked,
            Some(Entry { until_ms: Some(u), .. }) if *u > now_ms => Verdict::Wait(Duration::from_millis(u - now_ms)),
            _ => Verdict::Allow,
        }
    }

    /// The entry after one more failure at `now_ms` (a stale entry starts again).
    pub fn failed(&self, entry: Option<Entry>, now_ms: u64) -> Entry {
        let mut e = entry.filter(|e| !self.is_stale(e, now_ms)).unwrap_or_default();
        e.failures = e.failures.saturating_add(1);
        e.last_ms = now_ms;
        if e.failures > self.free && e.failures < self.lock_after {
            let wait = self.first_wait.saturating_mul(1 << (e.failures - self.free - 1).min(20)).min(self.max_wait);
            e.until_ms = Some(now_ms.saturating_add(ms(wait)));
        } else if e.failures >= self.lock_after {
            e.until_ms = None;
        }
        e
    }

    /// Whether `entry` is a lock-out (which only the organiser lifts; a success does not).
    pub fn locks(&self, entry: &Entry) -> bool {
        entry.failures >= self.lock_after
    }

    /// Whether `entry` can be forgotten: not locked, and quiet for [`FORGET_AFTER`].
    pub fn is_stale(&self, entry: &Entry, now_ms: u64) -> bool {
        !self.locks(entry) && now_ms.saturating_sub(entry.last_ms) > ms(FORGET_AFTER)
    }

    /// What the organiser sees of `address`'s entry.
    pub fn tracked(&self, address: IpAddr, entry: &Entry, now_ms: u64) -> Tracked {
        Tracked {
            address,
            failures: entry.failures,
            locked: self.locks(entry),
            wait_seconds: entry.until_ms.map_or(0, |u| u.saturating_sub(now_ms) / 1000),
        }
    }
}

/// Locked addresses first, then by failures.
pub fn sort_tracked(list: &mut [Tracked]) {
    list.sort_by(|a, b| (b.locked, b.failures, a.address).cmp(&(a.locked, a.failures, b.address)));
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: u64 = 1_795_000_000_000;

    #[test]
    fn a_few_mistakes_are_free_then_waits_double_then_the_address_is_locked() {
        let p = Policy::default();
        let mut e = None;
        for _ in 0..FREE {
            e = Some(p.failed(e, T0));
            assert_eq!(p.verdict(e.as_ref(), T0), Verdict::Allow);
        }
        let fail = |e: &mut Option<Entry>| {
            *e = Some(p.failed(*e, T0));
            p.verdict(e.as_ref(), T0)
        };
        assert_eq!(fail(&mut e), Verdict::Wait(Duration::from_secs(1)));
        assert_eq!(p.verdict(e.as_ref(), T0 + 1_000), Verdict::Allow);
        assert_eq!(fail(&mut e), Verdict::Wait(Duration::from_secs(2)));
        assert_eq!(fail(&mut e), Verdict::Wait(Duration::from_secs(4)));
        let mut last = Verdict::Allow;
        for _ in FREE + 3..LOCK_AFTER {
            last = fail(&mut e);
        }
        assert_eq!(last, Verdict::Locked);
        assert_eq!(p.verdict(e.as_ref(), T0 + 86_400_000), Verdict::Locked, "a lock-out does not expire");
        assert!(!p.is_stale(&e.unwrap(), T0 + 86_400_000), "nor is it forgotten");
        assert_eq!(p.verdict(None, T0), Verdict::Allow, "an address without failures may try");
        let addr = IpAddr::from([127, 0, 0, 1]);
        assert_eq!(
            p.tracked(addr, &e.unwrap(), T0),
            Tracked { address: addr, failures: LOCK_AFTER, locked: true, wait_seconds: 0 }
        );
    }

    #[test]
    fn quiet_addresses_are_forgotten_and_start_again() {
        let p = Policy::default();
        let mut e = None;
        for _ in 0..FREE + 2 {
            e = Some(p.failed(e, T0));
        }
        let later = T0 + ms(FORGET_AFTER) + 1;
        assert!(p.is_stale(&e.unwrap(), later));
        let fresh = p.failed(e, later);
        assert_eq!((fresh.failures, fresh.until_ms), (1, None), "a stale entry starts again");
    }

    #[test]
    fn waits_never_exceed_a_minute() {
        let p = Policy::default();
        let (mut e, mut longest) = (None, Duration::ZERO);
        for _ in 0..LOCK_AFTER - 1 {
            e = Some(p.failed(e, T0));
            if let Verdict::Wait(w) = p.verdict(e.as_ref(), T0) {
                longest = longest.max(w);
            }
        }
        assert_eq!(longest, MAX_WAIT);
    }
}

//! Failed attempts per client address: a few mistakes are free, then each further failure makes
//! the address wait twice as long (1 s, 2 s, … up to a minute), and after [`LOCK_AFTER`] the
//! address is locked out until the organiser lifts it. Guessing enrollment codes or tokens from
//! one address so costs hours for a handful of tries, while a referee who mistypes a code twice
//! notices nothing. Pure: the caller passes the time.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use serde::Serialize;

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
/// Addresses tracked at most; the oldest unlocked ones make room.
pub const MAX_TRACKED: usize = 100_000;

/// Whether an address may try now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Back off: try again after this long.
    Wait(Duration),
    /// Locked out until the organiser lifts it.
    Locked,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    failures: u32,
    last: Instant,
    until: Option<Instant>,
}

/// What the organiser sees of an address with failures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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

/// Failed attempts by address.
#[derive(Debug, Default)]
pub struct Attempts {
    policy: Policy,
    by_addr: HashMap<IpAddr, Entry>,
}

impl Attempts {
    pub fn new(policy: Policy) -> Self {
        Attempts { policy, by_addr: HashMap::new() }
    }

    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// May `addr` try at `now`?
    pub fn check(&self, addr: IpAddr, now: Instant) -> Verdict {
        match self.by_addr.get(&addr) {
            Some(e) if e.failures >= self.policy.lock_after => Verdict::Locked,
            Some(Entry { until: Some(u), .. }) if *u > now => Verdict::Wait(*u - now),
            _ => Verdict::Allow,
        }
    }

    /// Counts a failure of `addr` at `now`, and says what follows from it.
    pub fn failed(&mut self, addr: IpAddr, now: Instant) -> Verdict {
        self.forget(now);
        let p = self.policy;
        let e = self.by_addr.entry(addr).or_insert(Entry { failures: 0, last: now, until: None });
        e.failures = e.failures.saturating_add(1);
        e.last = now;
        if e.failures > p.free && e.failures < p.lock_after {
            let wait = p.first_wait.saturating_mul(1 << (e.failures - p.free - 1).min(20)).min(p.max_wait);
            e.until = Some(now + wait);
        } else if e.failures >= p.lock_after {
            e.until = None;
        }
        self.check(addr, now)
    }

    /// A success from `addr` clears its failures, unless it is locked out.
    pub fn succeeded(&mut self, addr: IpAddr) {
        if self.by_addr.get(&addr).is_some_and(|e| e.failures < self.policy.lock_after) {
            self.by_addr.remove(&addr);
        }
    }

    /// The organiser lifts `addr`'s lock-out (and its failures); false if it had none.
    pub fn lift(&mut self, addr: IpAddr) -> bool {
        self.by_addr.remove(&addr).is_some()
    }

    /// Addresses with failures, locked ones first.
    pub fn tracked(&self, now: Instant) -> Vec<Tracked> {
        let mut out: Vec<Tracked> = self
            .by_addr
            .iter()
            .map(|(a, e)| Tracked {
                address: *a,
                failures: e.failures,
                locked: e.failures >= self.policy.lock_after,
                wait_seconds: e.until.map_or(0, |u| u.saturating_duration_since(now).as_secs()),
            })
            .collect();
        out.sort_by(|a, b| (b.locked, b.failures, a.address).cmp(&(a.locked, a.failures, b.address)));
        out
    }

    fn forget(&mut self, now: Instant) {
        let lock_after = self.policy.lock_after;
        let stale = |e: &Entry| e.failures < lock_after && now.saturating_duration_since(e.last) > FORGET_AFTER;
        self.by_addr.retain(|_, e| !stale(e));
        if self.by_addr.len() >= MAX_TRACKED {
            // Make room by dropping the quietest unlocked address.
            if let Some(a) = self
                .by_addr
                .iter()
                .filter(|(_, e)| e.failures < lock_after)
                .min_by_key(|(_, e)| e.last)
                .map(|(a, _)| *a)
            {
                self.by_addr.remove(&a);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    #[test]
    fn a_few_mistakes_are_free_then_waits_double_then_the_address_is_locked() {
        let t0 = Instant::now();
        let mut a = Attempts::default();
        for _ in 0..FREE {
            assert_eq!(a.failed(addr(1), t0), Verdict::Allow);
        }
        assert_eq!(a.failed(addr(1), t0), Verdict::Wait(Duration::from_secs(1)));
        assert_eq!(a.check(addr(1), t0 + Duration::from_secs(1)), Verdict::Allow);
        assert_eq!(a.failed(addr(1), t0), Verdict::Wait(Duration::from_secs(2)));
        assert_eq!(a.failed(addr(1), t0), Verdict::Wait(Duration::from_secs(4)));
        let mut last = Verdict::Allow;
        for _ in FREE + 3..LOCK_AFTER {
            last = a.failed(addr(1), t0);
        }
        assert_eq!(last, Verdict::Locked);
        assert_eq!(a.check(addr(1), t0 + Duration::from_secs(86_400)), Verdict::Locked, "a lock-out does not expire");
        // Another address is untouched; a success does not unlock; the organiser does.
        assert_eq!(a.check(addr(2), t0), Verdict::Allow);
        a.succeeded(addr(1));
        assert_eq!(a.check(addr(1), t0), Verdict::Locked);
        assert_eq!(a.tracked(t0)[0], Tracked { address: addr(1), failures: LOCK_AFTER, locked: true, wait_seconds: 0 });
        assert!(a.lift(addr(1)));
        assert_eq!(a.check(addr(1), t0), Verdict::Allow);
    }

    #[test]
    fn a_success_forgives_and_quiet_addresses_are_forgotten() {
        let t0 = Instant::now();
        let mut a = Attempts::default();
        for _ in 0..FREE + 2 {
            a.failed(addr(3), t0);
        }
        a.succeeded(addr(3));
        assert!(a.tracked(t0).is_empty());
        a.failed(addr(4), t0);
        a.failed(addr(5), t0 + FORGET_AFTER + Duration::from_secs(1));
        let left: Vec<IpAddr> = a.tracked(t0).iter().map(|t| t.address).collect();
        assert_eq!(left, vec![addr(5)]);
    }

    #[test]
    fn waits_never_exceed_a_minute() {
        let t0 = Instant::now();
        let mut a = Attempts::default();
        let mut longest = Duration::ZERO;
        for _ in 0..LOCK_AFTER - 1 {
            if let Verdict::Wait(w) = a.failed(addr(6), t0) {
                longest = longest.max(w);
            }
        }
        assert_eq!(longest, MAX_WAIT);
    }
}

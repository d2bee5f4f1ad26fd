//! A generative fault harness over real processes: a league's match day as
//! a random history — tablets at two venue office processes (sled), a central office of two
//! processes on one PostgreSQL database — with faults at random points: SIGKILL of any office
//! process, a cut line between any two (a TCP relay the harness holds), a full disk under a
//! venue (a tmpfs, where the harness may mount one), PostgreSQL restarted, a tablet revoked,
//! re-enrolled, an older build without a key, a tablet's clock off within and beyond the bound.
//! At quiescence [`check`] holds the league's invariants.
//!
//! A history is its seed's ops ([`generate`]); a failing one is shrunk ([`shrink`]) to the
//! fewest ops that still fail, printed as `HARNESS_SEED=… HARNESS_KEEP=…` to replay.
//! What is not a process here: the tablets are the app's core in this process (a real sled store
//! and sync client each, over their own cut-able line); their own kill -9 is proven elsewhere
//! (`store_durability`, `restarts`).

mod check;
mod world;

pub use check::Violation;
pub use world::{Ctx, Played, Stats};

/// A tablet's place: slots 0–2 at venue 0, 3–5 at venue 1; a slot `% 3 == 2` begins with an
/// older build (no key), enrolled only by [`Op::Enroll`].
pub const SLOTS: u8 = 6;

/// A line the harness can cut: a tablet's to its venue, or a venue's to the central office.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    Tablet(u8),
    Upstream(u8),
}

/// A process the harness can kill: a central office process, or a venue's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proc {
    Central(u8),
    Venue(u8),
}

/// What a referee records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    /// A warning for disturbing (第二十四条): the second in a game loses it (第二十五条二).
    Warning {
        black: bool,
    },
    Advice {
        black: bool,
    },
    Result {
        black_wins: bool,
    },
}

/// One step of a history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Slot `tablet` records `what` on its venue's game `game` (0 or 1), its clock `skew_min`
    /// minutes ahead (the bound is 5).
    Record {
        tablet: u8,
        game: u8,
        what: Record,
        skew_min: u8,
    },
    Sync {
        tablet: u8,
    },
    Cut(Line),
    Restore(Line),
    Kill(Proc),
    Restart(Proc),
    /// Venue 0's disk fills (true) or is freed (false).
    DiskFull(bool),
    PgRestart,
    /// The venue's organiser revokes the tablet (lost, or stolen).
    Revoke {
        tablet: u8,
    },
    /// The slot's referee enrolls the tablet again, under a new device id.
    ReEnroll {
        tablet: u8,
    },
    /// The slot's older build tries to enroll without a key (refused up front), then updates
    /// and enrolls with one.
    Enroll {
        tablet: u8,
    },
    Pause {
        ms: u16,
    },
}

/// SplitMix64: small, seeded, the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    fn small(&mut self, n: u8) -> u8 {
        u8::try_from(self.below(u64::from(n))).unwrap_or(0)
    }
}

/// The ops of history `seed`: `len` of them, faults among the records.
pub fn generate(seed: u64, len: usize) -> Vec<Op> {
    let mut r = Rng::new(seed);
    let mut ops = Vec::with_capacity(len);
    for _ in 0..len {
        let roll = r.below(100);
        let op = match roll {
            0..=39 => {
                let what = match r.below(10) {
                    0..=3 => Record::Warning { black: r.below(2) == 0 },
                    4..=6 => Record::Advice { black: r.below(2) == 0 },
                    _ => Record::Result { black_wins: r.below(2) == 0 },
                };
                // Mostly on time; some a minute or two ahead (within the bound), a few far ahead.
                let skew_min = match r.below(20) {
                    0..=15 => 0,
                    16..=18 => 1 + r.small(3),
                    _ => 10 + r.small(50),
                };
                Op::Record { tablet: r.small(SLOTS), game: r.small(2), what, skew_min }
            }
            40..=59 => Op::Sync { tablet: r.small(SLOTS) },
            60..=67 => {
                let line = if r.below(3) == 0 { Line::Upstream(r.small(2)) } else { Line::Tablet(r.small(SLOTS)) };
                if r.below(2) == 0 {
                    Op::Cut(line)
                } else {
                    Op::Restore(line)
                }
            }
            68..=75 => {
                let p = if r.below(2) == 0 { Proc::Central(r.small(2)) } else { Proc::Venue(r.small(2)) };
                if r.below(3) == 0 {
                    Op::Restart(p)
                } else {
                    Op::Kill(p)
                }
            }
            76..=79 => Op::DiskFull(r.below(2) == 0),
            80..=81 => Op::PgRestart,
            82..=84 => Op::Revoke { tablet: r.small(SLOTS) },
            85..=87 => Op::ReEnroll { tablet: r.small(SLOTS) },
            88..=91 => Op::Enroll { tablet: r.small(SLOTS) },
            _ => Op::Pause { ms: 50 + u16::from(r.small(250)) },
        };
        ops.push(op);
    }
    ops
}

/// How many ops a history has: 20–40, drawn from its seed.
pub fn length(seed: u64) -> usize {
    20 + usize::try_from(Rng::new(seed ^ 0x5eed).below(21)).unwrap_or(0)
}

/// Runs history `seed` with only the ops at `keep` (all when None). Each op keeps its index,
/// and with it the time its records are stamped at, so a shrunk history is the same history
/// with ops left out, not a shifted one.
pub async fn run(ctx: &Ctx, seed: u64, keep: Option<&[usize]>) -> Played {
    let ops = generate(seed, length(seed));
    let chosen: Vec<(usize, Op)> = match keep {
        Some(k) => k.iter().filter_map(|&i| Some((i, *ops.get(i)?))).collect(),
        None => ops.into_iter().enumerate().collect(),
    };
    world::World::play(ctx, seed, &chosen).await
}

/// Shrinks failing history `seed` to a minimal set of its ops that still fails (removing runs of
/// ops, halves first, then single ones; at most `budget` runs). A candidate counts as failing
/// only if it breaks one of the invariants the first run broke, so shrinking never wanders
/// off to another failure. Answers the ops kept and the violations of the last failing run.
pub async fn shrink(ctx: &Ctx, seed: u64, first: Vec<Violation>, budget: usize) -> (Vec<usize>, Vec<Violation>) {
    let broken: std::collections::BTreeSet<&'static str> = first.iter().map(|v| v.invariant).collect();
    let mut keep: Vec<usize> = (0..length(seed)).collect();
    let mut last = first;
    let mut runs = 0;
    let mut chunk = keep.len() / 2;
    while chunk >= 1 && runs < budget {
        let mut start = 0;
        while start < keep.len() && runs < budget {
            let candidate: Vec<usize> =
                keep.iter().enumerate().filter(|(i, _)| *i < start || *i >= start + chunk).map(|(_, &k)| k).collect();
            runs += 1;
            let played = run(ctx, seed, Some(&candidate)).await;
            if played.violations.iter().any(|v| broken.contains(v.invariant)) {
                keep = candidate;
                last = played.violations;
            } else {
                start += chunk;
            }
        }
        chunk /= 2;
    }
    (keep, last)
}

/// The line that replays a history's kept ops.
pub fn replay_line(seed: u64, keep: &[usize]) -> String {
    let keep: Vec<String> = keep.iter().map(usize::to_string).collect();
    format!(
        "HARNESS_SEED={seed} HARNESS_KEEP={} cargo test -p arbiter-tests --test it league_harness -- --nocapture",
        keep.join(",")
    )
}

//! The generative fault harness over real processes (`arbiter_tests::harness`):
//! random histories of a league's match day with faults, each checked at quiescence. Bounded
//! here (`HARNESS_HISTORIES`, 40 by default, from `HARNESS_FROM`); a failure is shrunk and
//! printed as the line that replays it (`HARNESS_SEED`, `HARNESS_KEEP`). Every seed it found a
//! bug with stays below as a regression case. `HARNESS_OFFICE` runs a copy of the office
//! program instead of the one cargo built (a long run, while building goes on).

use arbiter_tests::harness::{self, Ctx, Stats};
use arbiter_tests::pg::PgCluster;

const OFFICE: &str = env!("CARGO_BIN_EXE_office");

/// Histories that found bugs, replayed first every run: a seed and the ops kept of it, each
/// the shrunk line its bug's mutant (`tests/mutants/`, `scripts/harness-mutant`) fails on.
/// - 11 (ops 8, 22: the venue's disk fills, then a tablet is revoked): a revocation on a full
///   disk revoked the device's token but not its key in the ledger, and told the organiser it had
///   failed (the tablet was cut off unseen); now the token is given back when the ledger cannot
///   record the revocation, and on a full disk nothing changes.
/// - 197 (ops 13, 15, 19: a tablet records, syncs, is revoked): the revocation, stamped by the
///   venue's clock, came before the tablet's record stamped ahead of it (within the bound), so
///   a tablet pulling it later refused the record as signed after — the replicas differed. A
///   revocation is now stamped after every event of the device the office holds.
const REGRESSIONS: &[History] = &[(11, Some(&[8, 22])), (197, Some(&[13, 15, 19]))];

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// Runs history `seed` (its ops at `keep`, or all) twice: both runs must give the same trace.
async fn twice(ctx: &Ctx, seed: u64, keep: Option<&[usize]>) -> harness::Played {
    let first = harness::run(ctx, seed, keep).await;
    let second = harness::run(ctx, seed, keep).await;
    let differ: Vec<String> = first
        .trace
        .iter()
        .zip(&second.trace)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("  first:  {a}\n  second: {b}"))
        .collect();
    assert!(
        differ.is_empty() && first.trace.len() == second.trace.len(),
        "history {seed} did not replay: its two runs differ in {} line(s)\n{}\nthe first run's trace:\n  {}",
        differ.len(),
        differ.join("\n"),
        first.trace.join("\n  ")
    );
    let broke =
        |p: &harness::Played| p.violations.iter().map(|v| v.invariant).collect::<std::collections::BTreeSet<_>>();
    assert_eq!(broke(&first), broke(&second), "history {seed} broke other invariants the second time");
    second
}

/// Shrinks failing history `seed` and says what it shrank to, with the line that replays it.
async fn shrunk(ctx: &Ctx, seed: u64, found: Vec<harness::Violation>) -> String {
    eprintln!("history {seed} broke {} invariant(s); shrinking…", found.len());
    let budget = usize::try_from(env_u64("HARNESS_SHRINK_RUNS").unwrap_or(40)).unwrap_or(40);
    let (keep, last) = harness::shrink(ctx, seed, found, budget).await;
    let ops = harness::generate(seed, harness::length(seed));
    let kept: Vec<String> = keep.iter().filter_map(|&i| ops.get(i)).map(|op| format!("  {op:?}")).collect();
    format!(
        "history {seed}, shrunk to {} op(s):\n{}\n{}\nreplay: {}",
        keep.len(),
        kept.join("\n"),
        last.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"),
        harness::replay_line(seed, &keep)
    )
}

/// A history to play: its seed, and the ops kept of it (all when `None`).
type History = (u64, Option<&'static [usize]>);

/// What one lane of the bounded run found: its histories' figures, the seeds that failed (with
/// their shrunk reports), and the trace of the run's first history where this lane played it.
#[derive(Default)]
struct Lane {
    total: Stats,
    count: usize,
    failed: Vec<(u64, String)>,
    first_trace: Option<Vec<String>>,
}

/// Plays `histories` one after another on a context of the lane's own (its own PostgreSQL
/// cluster: a history's `PgRestart` must not reach another lane's), on a runtime of its own.
fn lane(office: String, name: String, from: u64, histories: Vec<History>) -> Lane {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("a runtime for {name}: {e}"));
    runtime.block_on(async move {
        let ctx = Ctx { office, pg: PgCluster::start(&name) };
        let mut lane = Lane::default();
        for (seed, keep) in histories {
            let played = harness::run(&ctx, seed, keep).await;
            if seed == from && keep.is_none() {
                lane.first_trace = Some(played.trace.clone());
            }
            lane.count += 1;
            if played.violations.is_empty() {
                lane.total += played.stats;
                continue;
            }
            let report = shrunk(&ctx, seed, played.violations).await;
            // A long run goes on to find what else breaks; the bounded one stops here.
            if std::env::var_os("HARNESS_KEEP_GOING").is_none() {
                lane.failed.push((seed, report));
                return lane;
            }
            eprintln!("{report}");
            lane.failed.push((seed, report));
        }
        // The first history again: a seed is its history, timing included, or shrinking
        // would shrink noise. Replayed while the other lanes run, as under any load.
        if let Some(first) = &lane.first_trace {
            let replayed = harness::run(&ctx, from, None).await;
            assert_eq!(first, &replayed.trace, "history {from} did not replay to the same trace");
        }
        lane
    })
}

#[test]
fn random_histories_with_faults_keep_the_leagues_invariants() {
    // A long run may use a copy of the office program, so that building goes on meanwhile.
    let office = std::env::var("HARNESS_OFFICE").unwrap_or_else(|_| OFFICE.to_owned());
    let started = std::time::Instant::now();
    if let Some(seed) = env_u64("HARNESS_SEED") {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("a runtime: {e}"));
        return runtime.block_on(async move {
            let ctx = Ctx { office, pg: PgCluster::start("harness") };
            let keep: Option<Vec<usize>> = std::env::var("HARNESS_KEEP")
                .ok()
                .map(|k| k.split(',').filter_map(|i| i.trim().parse().ok()).collect());
            // Twice, to show the line replays: the same trace and the same invariants broken.
            let played = twice(&ctx, seed, keep.as_deref()).await;
            for line in &played.trace {
                println!("  {line}");
            }
            if played.violations.is_empty() {
                println!("history {seed}: invariants hold, twice — {:?}", played.stats);
                return;
            }
            let found: Vec<String> = played.violations.iter().map(ToString::to_string).collect();
            if keep.is_some() {
                panic!("history {seed} broke the same invariants both times:\n{}", found.join("\n"));
            }
            panic!("{}", shrunk(&ctx, seed, played.violations).await);
        });
    }
    let n = env_u64("HARNESS_HISTORIES").unwrap_or(40);
    let from = env_u64("HARNESS_FROM").unwrap_or(1);
    // Histories are independent worlds of processes, mostly waiting on each other: lanes of them
    // run side by side (`HARNESS_LANES`, 3 by default), each history still played op by op.
    let lanes = usize::try_from(env_u64("HARNESS_LANES").unwrap_or(3).max(1)).unwrap_or(3);
    let regressions = REGRESSIONS.iter().copied();
    let histories: Vec<History> = regressions.chain((from..from + n).map(|seed| (seed, None))).collect();
    let mut dealt: Vec<Vec<History>> = vec![Vec::new(); lanes];
    for (i, h) in histories.into_iter().enumerate() {
        dealt[i % lanes].push(h);
    }
    let played: Vec<Lane> = std::thread::scope(|scope| {
        let handles: Vec<_> = dealt
            .into_iter()
            .enumerate()
            .map(|(i, histories)| {
                let office = office.clone();
                scope.spawn(move || lane(office, format!("harness-lane{i}"), from, histories))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut total = Stats::default();
    let mut count = 0;
    let mut failed: Vec<(u64, String)> = Vec::new();
    for lane in played {
        total += lane.total;
        count += lane.count;
        failed.extend(lane.failed);
    }
    if std::env::var_os("HARNESS_KEEP_GOING").is_none() {
        if let Some((_, report)) = failed.first() {
            panic!("{report}");
        }
    }
    let seeds: Vec<u64> = failed.iter().map(|(seed, _)| *seed).collect();
    assert!(failed.is_empty(), "{} of {count} histories broke invariants: seeds {seeds:?}", failed.len());
    println!(
        "harness: {count} histories (seeds {from}–{}, and {} regression histories) in {lanes} lanes, 0 violations, history {from} replayed alike, {:.1} s — {total:?}",
        from + n - 1,
        REGRESSIONS.len(),
        started.elapsed().as_secs_f64()
    );
    // Every fault the harness can inject happened somewhere in the run.
    let Stats {
        acknowledged,
        kills,
        restarts,
        cuts,
        disk_full,
        pg_restarts,
        keyless_refused,
        revoked,
        re_enrolled,
        refused_at_venue,
        ..
    } = total;
    let exercised = [
        ("acknowledged records", acknowledged),
        ("kills", kills),
        ("restarts", restarts),
        ("cut lines", cuts),
        ("PostgreSQL restarts", pg_restarts),
        ("keyless builds refused", keyless_refused),
        ("revocations", revoked),
        ("re-enrolments", re_enrolled),
        ("records refused at a venue", refused_at_venue),
    ];
    // A short run (a handful of seeds by hand) need not meet every fault.
    if n < 40 {
        return;
    }
    for (what, n) in exercised {
        assert!(n > 0, "no {what} in {count} histories: {total:?}");
    }
    if arbiter_tests::procs::is_root() {
        assert!(disk_full > 0, "no full disk in {count} histories: {total:?}");
    } else {
        println!("harness: no full disk was exercised — mounting the venue's small tmpfs needs root");
    }
}

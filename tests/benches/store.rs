//! The store alone, no HTTP: how fast a stream of pushed batches is stored, how big the store
//! grows and how long it takes to open again, at two sizes in the same run (the smaller is the
//! baseline the larger is compared with).
//!
//! `cargo bench -p arbiter-tests --bench store` (`STORE_SIZES=100000,1000000` by default)
//!
//! Each size: a fresh office store receives its events as devices push them — batches of 200,
//! spread over 5,000 games (`Store::append`, one `fdatasync` each); then the store is closed and
//! a copy of it opened (sled replays its log since its last snapshot, which it writes only when
//! it opens: the copy keeps the first reopen's cost for the second try).

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::path::Path;
use std::time::{Duration, Instant};

use arbiter_core::clock::Hlc;
use arbiter_core::event::{Event, SCHEMA_VERSION};
use arbiter_core::model::EventId;
use arbiter_core::store::{Origin, Store};
use arbiter_tests::*;

const GAMES: u64 = 5_000;
const BATCH: usize = 200;

struct Row {
    events: usize,
    rate: f64,
    sled_mb: f64,
    journal_mb: f64,
    open: Vec<Duration>,
}

/// Bytes of the files under `dir` (all the way down) whose names `keep` accepts, in MB.
fn dir_mb(dir: &Path, keep: &dyn Fn(&str) -> bool) -> f64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0.0 };
    let mut mb = 0.0;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Ok(meta) = e.metadata() else { continue };
        if meta.is_dir() {
            mb += dir_mb(&e.path(), keep);
        } else if keep(&name) {
            mb += meta.len() as f64 / 1e6;
        }
    }
    mb
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("copy");
    for e in std::fs::read_dir(from).expect("read").flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).expect("copy");
        }
    }
}

fn measure(events: usize) -> Row {
    let dir = scratch(&format!("bench-store-{events}"));
    let store = Store::open(&dir, None).expect("store");
    let start_ms = 1_795_000_000_000u64;
    let mut batch = Vec::with_capacity(BATCH);
    let t = Instant::now();
    for j in 0..events as u64 {
        let at = start_ms + j;
        batch.push(Event {
            schema: SCHEMA_VERSION,
            rules: Some(arbiter_core::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(at, random_from(j)),
            tournament: tournament(),
            game: Some(game((j % GAMES) as u32 + 1)),
            author: referee(&format!("tab-{}", j % GAMES / 2)),
            hlc: Hlc::new(at, 0),
            wall_time: chrono::DateTime::from_timestamp_millis(at as i64).expect("time"),
            body: advice(j),
        });
        if batch.len() == BATCH || j + 1 == events as u64 {
            store.append(&batch, Origin::Remote).expect("append");
            batch.clear();
        }
    }
    let rate = events as f64 / t.elapsed().as_secs_f64();
    drop(store);
    // sled's background flusher lets go of the directory a moment after the store is dropped.
    std::thread::sleep(Duration::from_secs(1));
    let sled_mb = dir_mb(&dir.join("sled"), &|_| true);
    let journal_mb = dir_mb(&dir, &|n| n.starts_with("events.jsonl"));
    let mut open = Vec::new();
    for _ in 0..2 {
        let copy = scratch(&format!("bench-store-{events}-copy"));
        copy_dir(&dir, &copy);
        let t = Instant::now();
        let s = Store::open(&copy, None).expect("open");
        open.push(t.elapsed());
        assert_eq!(s.len().expect("len"), events as u64);
        assert_eq!(s.open_report().journal_lines_read, 0, "the checkpoint covers the journal");
        drop(s);
        std::thread::sleep(Duration::from_secs(1));
        let _ = std::fs::remove_dir_all(&copy);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Row { events, rate, sled_mb, journal_mb, open }
}

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let sizes: Vec<usize> = std::env::var("STORE_SIZES")
        .unwrap_or_else(|_| "100000,1000000".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    println!("the store alone: batches of {BATCH} over {GAMES} games, then opened again (2 cores):");
    let rows: Vec<Row> = sizes.iter().map(|&n| measure(n)).collect();
    let Some(base) = rows.first() else { return };
    let base_open = base.open.iter().min().copied().unwrap_or_default().as_secs_f64();
    for r in &rows {
        let best = r.open.iter().min().copied().unwrap_or_default().as_secs_f64();
        println!(
            "  {:>9} events: append {:>7.0} events/s ({:.2}×) · sled {:>6.0} MB, journal {:>5.0} MB · open {} ({:.1}×)",
            r.events,
            r.rate,
            r.rate / base.rate,
            r.sled_mb,
            r.journal_mb,
            r.open.iter().map(|d| format!("{:.0} ms", d.as_secs_f64() * 1e3)).collect::<Vec<_>>().join(" / "),
            best / base_open
        );
    }
}

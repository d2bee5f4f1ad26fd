//! The office on PostgreSQL against the office on sled, in the same run, over real HTTPS on
//! loopback.
//!
//! `cargo bench -p arbiter-tests --bench pg_ingest`
//!
//! - Ingest: 10 enrolled devices, each with 600 signed events in its outbox, push at once:
//!   to one office on sled (the baseline), to one office on PostgreSQL, and split between two
//!   offices on one PostgreSQL database; events/s over the wall time (goal: PostgreSQL ≥ 0.5×
//!   sled). Three runs each, alternating; medians.
//! - A pull of 10,000 events by a device that was offline, from each.
//!
//! PostgreSQL is a throwaway cluster (`tests/src/pg.rs`) with its default settings, on the same
//! disk; every commit is fsynced (`synchronous_commit` on), as the sled store's journal is.

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::time::Instant;

use arbiter_core::model::Role;
use arbiter_core::rules::RulesetSpec;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;

const DEVICES: usize = 10;
const PER_DEVICE: u64 = 600;

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

/// `offices` offices on the database at `pg` (none: one on sled).
async fn offices(name: &str, pg: Option<&PgCluster>, count: usize) -> Vec<Office> {
    let Some(pg) = pg else { return vec![Office::start(name).await] };
    // Each run its own database, so that runs do not pile up on each other.
    let url = pg.database(&name.replace('-', "_"));
    let data = scratch(name);
    let first = AppState::open_on(&data, Some(&url)).expect("open");
    let report = init_tournament(&first, tournament(), "bench".into(), RulesetSpec::default()).expect("init");
    let mut out = vec![Office::serve(first, report.organiser_token.clone()).await];
    for _ in 1..count {
        out.push(
            Office::serve(AppState::open_on(&data, Some(&url)).expect("open"), report.organiser_token.clone()).await,
        );
    }
    out
}

/// Events/s of `DEVICES` devices pushing at once to `offices` (device i to office i mod n).
async fn ingest(name: &str, pg: Option<&PgCluster>, count: usize) -> f64 {
    let offices = offices(name, pg, count).await;
    offices[0].schedule(1);
    let mut devices = Vec::new();
    for i in 0..DEVICES {
        let office = &offices[i % offices.len()];
        let e = office.enroll(&format!("ref-{i}"), Role::Referee, &format!("tab-{i}")).await;
        let d = Device::new(&format!("{name}-tab-{i}"), &e, &office.endpoint(), |_| {});
        for j in 0..PER_DEVICE {
            d.record(1, advice(j));
        }
        devices.push(d);
    }
    let start = Instant::now();
    let pushed = push_all(&devices).await;
    let rate = pushed as f64 / start.elapsed().as_secs_f64();
    assert_eq!(pushed, DEVICES * PER_DEVICE as usize);
    for o in offices {
        o.shutdown().await;
    }
    rate
}

/// Seconds for a device that was offline to pull 10,000 events.
async fn pull(name: &str, pg: Option<&PgCluster>) -> f64 {
    let offices = offices(name, pg, 1).await;
    let office = &offices[0];
    office.schedule(1);
    let w = office.enroll("ref-w", Role::Referee, "tab-w").await;
    let writer = Device::new(&format!("{name}-w"), &w, &office.endpoint(), |_| {});
    for j in 0..10_000u64 {
        writer.record(1, advice(j));
    }
    writer.client.push().await.expect("push");
    let r = office.enroll("ref-r", Role::Referee, "tab-r").await;
    let reader = Device::new(&format!("{name}-r"), &r, &office.endpoint(), |_| {});
    let start = Instant::now();
    assert!(reader.client.pull().await.expect("pull") >= 10_000);
    start.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

async fn run() {
    let pg = PgCluster::start_fsynced("bench");
    let (mut sled, mut one, mut two) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..3 {
        sled.push(ingest(&format!("bench-pg-sled-{round}"), None, 1).await);
        one.push(ingest(&format!("bench-pg-one-{round}"), Some(&pg), 1).await);
        two.push(ingest(&format!("bench-pg-two-{round}"), Some(&pg), 2).await);
    }
    let (sled, one, two) = (median(sled), median(one), median(two));
    println!("ingest over HTTPS, {DEVICES} devices × {PER_DEVICE} signed events, medians of 3:");
    println!("  sled, one office           {sled:>8.0} events/s (baseline)");
    println!("  PostgreSQL, one office     {one:>8.0} events/s · {:.2}× sled (goal ≥ 0.5×)", one / sled);
    println!("  PostgreSQL, two offices    {two:>8.0} events/s · {:.2}× sled (goal ≥ 0.5×)", two / sled);
    let (s, p) = (pull("bench-pull-sled", None).await, pull("bench-pull-pg", Some(&pg)).await);
    println!(
        "a pull of 10,000 events: sled {s:.2} s ({:.0} events/s) · PostgreSQL {p:.2} s ({:.0} events/s) · {:.2}×",
        10_000.0 / s,
        10_000.0 / p,
        s / p
    );
}

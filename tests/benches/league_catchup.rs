//! A venue office catching up with the central office: a venue that was offline
//! holds 50,000 events its referees recorded; when its line comes back, one forwarding round
//! sends them all. Measured against the same venue forwarding to a central office on sled,
//! in the same run, over real HTTPS on loopback.
//!
//! `cargo bench -p arbiter-tests --bench league_catchup` (see docs/PERFORMANCE.md).

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::time::Instant;

use arbiter_core::model::Role;
use arbiter_core::rules::RulesetSpec;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::league::*;
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;

const EVENTS: u64 = 50_000;
const GAMES: u32 = 10;

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

/// Events/s of one forwarding round sending `EVENTS` to a central office on `pg` (none: sled).
async fn catch_up(name: &str, pg: Option<&PgCluster>) -> f64 {
    let data = scratch(&format!("{name}-central"));
    let state = match pg {
        Some(pg) => AppState::open_on(&data, Some(&pg.database(&name.replace('-', "_")))).expect("open"),
        None => AppState::open(&data).expect("open"),
    };
    let report = init_tournament(&state, tournament(), "联赛".into(), RulesetSpec::default()).expect("init");
    let central = Office::serve(state, report.organiser_token.clone()).await;
    central.schedule(GAMES);
    let code = central.code_for("venue-a", Role::Office).await;
    let tables: Vec<u32> = (1..=GAMES).collect();
    post(
        &central,
        &report.organiser_token,
        "/venues",
        serde_json::json!({"venue": "venue-a", "round": 1, "tables": tables}),
    )
    .await;
    central.issue("ref-a", Role::Referee).await;
    let mut venue = Venue::join(&format!("{name}-venue"), &central, &code).await;
    venue.go_offline();
    let tablet = venue.tablet("ref-a", &format!("{name}-tab")).await;
    for j in 0..EVENTS {
        tablet.record(1 + (j % u64::from(GAMES)) as u32, advice(j));
    }
    tablet.settle().await;
    let up = venue.office.state.upstream.clone().expect("a venue");
    let forwarder = arbiter_office::venue::Forwarder::new(
        up.as_ref().clone(),
        venue.office.state.store.clone(),
        venue.office.state.accounts.clone(),
    )
    .expect("forwarder");
    let start = Instant::now();
    let round = forwarder.round().await.expect("round");
    let rate = round.pushed as f64 / start.elapsed().as_secs_f64();
    assert_eq!(round.refused, 0);
    assert!(round.pushed as u64 >= EVENTS, "{round:?}");
    venue.office.shutdown().await;
    central.shutdown().await;
    rate
}

async fn run() {
    let pg = PgCluster::start_fsynced("catchup");
    let sled = catch_up("catchup-sled", None).await;
    let postgres = catch_up("catchup-pg", Some(&pg)).await;
    println!("a venue's catch-up of {EVENTS} signed events in one forwarding round, over HTTPS:");
    println!("  to a central office on sled        {sled:>8.0} events/s (baseline)");
    println!("  to a central office on PostgreSQL  {postgres:>8.0} events/s · {:.2}× sled", postgres / sled);
}

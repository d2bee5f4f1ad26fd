//! The office's views as the history grows — issue 8's baseline, measured before any of its
//! work: a tournament of 500 scheduled games, its log filled with referees' incidents to
//! 10,000 and then 100,000 events, served over real HTTPS on loopback.
//!
//! `cargo bench -p arbiter-tests --bench views`
//!
//! For each size: opening the store (the office's `AppState::open`, journal and sled), one
//! game's page (`GET /games/{g}`, p50/p99 of 40), the tables page, the chief arbiter's queue,
//! a device's pull of the next page of events, and the bench process's resident memory (the
//! office runs in it). The baseline is the same request at 10,000 events in the same run: the
//! ratio says how each view grows with the history (the goal is flat for per-game views).

use std::time::{Duration, Instant};

use arbiter_core::domain::Role;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_office::server::AppState;
use arbiter_tests::*;

const GAMES: u32 = 500;
const SIZES: [usize; 2] = [10_000, 100_000];

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

struct Row {
    events: usize,
    open: Duration,
    game_p50: Duration,
    game_p99: Duration,
    tables: Duration,
    queue: Duration,
    pull: Duration,
    rss_mb: f64,
}

fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).map(str::to_owned))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|kb| kb.parse::<f64>().ok()))
        .map_or(0.0, |kb| kb / 1024.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn timed_get(http: &reqwest::Client, url: &str, token: &str) -> Duration {
    let t = Instant::now();
    let r = http.get(url).bearer_auth(token).send().await.expect("request");
    assert!(r.status().is_success(), "{url}: {}", r.status());
    let _ = r.bytes().await.expect("body");
    t.elapsed()
}

async fn measure(events: usize) -> Row {
    let office = Office::start(&format!("bench-views-{events}")).await;
    office.schedule(GAMES);
    let chief = office.enroll("chief-v", Role::ChiefArbiter, "desk-v").await;
    let referee = office.enroll("ref-v", Role::Referee, "tab-v").await;
    let author = arbiter_core::domain::Author {
        device: referee.device.clone(),
        person: referee.person.clone(),
        role: referee.role,
    };
    // Incidents (advice, which never ends a game) spread over the games, in batches.
    let mut n = GAMES as usize;
    let mut k = 0u64;
    while n < events {
        let batch: Vec<arbiter_core::event::NewEvent> =
            (0..1_000.min(events - n)).map(|i| (Some(game(1 + ((n + i) as u32 % GAMES))), advice(i as u64))).collect();
        n += batch.len();
        office
            .state
            .store
            .record_all(&tournament(), &author, batch, chrono::Utc::now(), || {
                k += 1;
                Ok(random_from(1_000_000 + k))
            })
            .expect("fill");
    }
    let dir = office.state.store.dir().to_path_buf();
    let token = office.organiser_token.clone();
    office.shutdown().await;

    let t = Instant::now();
    let state = AppState::open(&dir).expect("reopen");
    let open = t.elapsed();
    let office = Office::serve(state, token).await;
    let http = office.http();
    let base = format!("{}{API_PREFIX}", office.url);
    // Warm the connection, then measure.
    timed_get(&http, &format!("{base}/games/g1"), &chief.token).await;
    let mut game_times = Vec::new();
    for i in 0..40u32 {
        game_times.push(timed_get(&http, &format!("{base}/games/g{}", 1 + (i * 13) % GAMES), &chief.token).await);
    }
    game_times.sort();
    let tables = timed_get(&http, &format!("{base}/tables"), &chief.token).await;
    let queue = timed_get(&http, &format!("{base}/queue"), &chief.token).await;
    let pull = timed_get(&http, &format!("{base}/events?after={}&limit=500", events / 2), &referee.token).await;
    let row = Row {
        events,
        open,
        game_p50: percentile(&game_times, 0.5),
        game_p99: percentile(&game_times, 0.99),
        tables,
        queue,
        pull,
        rss_mb: rss_mb(),
    };
    office.shutdown().await;
    row
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

async fn run() {
    println!("office views, {GAMES} games, HTTPS on loopback (the office in this process):");
    let mut base: Option<Row> = None;
    for size in SIZES {
        let r = measure(size).await;
        let ratio = |f: fn(&Row) -> Duration| {
            base.as_ref().map_or(String::new(), |b| format!(" ({:.1}×)", f(&r).as_secs_f64() / f(b).as_secs_f64()))
        };
        println!("  {} events:", r.events);
        println!("    open the store: {}{}", ms(r.open), ratio(|r| r.open));
        println!(
            "    one game's page: p50 {}{} · p99 {}{}",
            ms(r.game_p50),
            ratio(|r| r.game_p50),
            ms(r.game_p99),
            ratio(|r| r.game_p99)
        );
        println!("    tables page: {}{}", ms(r.tables), ratio(|r| r.tables));
        println!("    chief arbiter's queue: {}{}", ms(r.queue), ratio(|r| r.queue));
        println!("    pull of the next 500 events: {}{}", ms(r.pull), ratio(|r| r.pull));
        println!("    resident memory of the process: {:.0} MB", r.rss_mb);
        if base.is_none() {
            base = Some(r);
        }
    }
}

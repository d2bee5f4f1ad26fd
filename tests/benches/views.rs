//! The office's views as the history grows: a tournament of 500 scheduled games (or
//! one per `VIEWS_EVENTS_PER_GAME` events), its log filled with referees' incidents to 10,000 and
//! then 100,000 events (or the sizes in `VIEWS_SIZES`, e.g. `VIEWS_SIZES=10000,100000,1000000`),
//! served over real HTTPS on loopback.
//!
//! `cargo bench -p arbiter-tests --bench views`
//!
//! The office is filled in this process, reading the games' summaries every 10,000 events as a
//! hall display polling the tables page would; then it is restarted as its own process (the
//! `office` test binary, as `arbiter-office serve` runs), so start-up and memory are its own.
//! Measured then: start to listening (opening the store), one game's page on its first visit
//! (folds that game; p50/p99 of 200 games) and again after the office is stopped and started once
//! more (each state read back from sled, stored as it closed), the first tables page (summaries read back from
//! sled), the tables page and the queue again, the tables page after one new incident pushed by
//! a referee, the game pages again, a device's pull of the next page of events, and the office
//! process's resident memory. The baseline is the same request at the first size in the same
//! run: the ratio says how each view grows with the history.

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::time::{Duration, Instant};

use arbiter_core::model::Role;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_tests::*;

/// Games of the event: 500, or one per `VIEWS_EVENTS_PER_GAME` events (the history then grows
/// by games, as an event does round by round, and each game keeps its size).
fn games_for(events: usize) -> u32 {
    match std::env::var("VIEWS_EVENTS_PER_GAME").ok().and_then(|k| k.parse::<usize>().ok()) {
        Some(k) if k > 0 => u32::try_from(events / k).unwrap_or(u32::MAX).clamp(1, u32::from(u16::MAX)),
        _ => 500,
    }
}
fn sizes() -> Vec<usize> {
    std::env::var("VIEWS_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect::<Vec<usize>>())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| vec![10_000, 100_000])
}

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

struct Row {
    events: usize,
    games: u32,
    open: Duration,
    tables_first: Duration,
    tables: Duration,
    queue: Duration,
    /// The queue with 100 escalations (previewed) and 100 after-result items open over 50 games.
    desk_open: Duration,
    tables_after_incident: Duration,
    game_cold_p50: Duration,
    game_cold_p99: Duration,
    /// The same first visits after the office is stopped and started again: each game's state
    /// read back from sled, not folded.
    game_stored_p50: Duration,
    game_stored_p99: Duration,
    game_p50: Duration,
    game_p99: Duration,
    /// A game's page right after a clock press on it (folded onto its kept state), after a new
    /// incident on it (folded on too), after a chief arbiter's ruling on that incident (folded
    /// on: the walk again), and after a press stamped ten seconds before the game's last event
    /// (a late delivery: the game folded again from its events, the baseline): p50, p99.
    after_press: (Duration, Duration),
    after_incident: (Duration, Duration),
    after_ruling: (Duration, Duration),
    after_late: (Duration, Duration),
    pull: Duration,
    rss_mb: f64,
    tablet_sync: Duration,
    tablet_events: u64,
    tablet_mb: f64,
    tablet_game_cold: Duration,
    tablet_game: Duration,
    /// Opening the game screen after a second app restart (the state the first stored on close).
    tablet_game_stored: Duration,
}

/// Bytes under `dir`, in MB.
fn dir_mb(dir: &std::path::Path) -> f64 {
    fn size(p: &std::path::Path) -> u64 {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                std::fs::read_dir(p).map(|d| d.flatten().map(|e| size(&e.path())).sum()).unwrap_or(0)
            }
            Ok(m) => m.len(),
            Err(_) => 0,
        }
    }
    size(dir) as f64 / 1e6
}

const OFFICE: &str = env!("CARGO_BIN_EXE_office");

/// Pushes one event on `g` as `author`, stamped now less `back_ms` (now: after everything the
/// game holds).
#[allow(clippy::too_many_arguments)]
async fn push_one(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    author: &arbiter_core::model::Author,
    g: u32,
    body: arbiter_core::event::EventBody,
    seed: u64,
    back_ms: i64,
) -> arbiter_core::model::EventId {
    let now = chrono::Utc::now() - chrono::Duration::milliseconds(back_ms);
    let ms = now.timestamp_millis() as u64;
    let mut one = arbiter_core::event::Event {
        schema: arbiter_core::event::SCHEMA_VERSION,
        rules: Some(arbiter_core::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: arbiter_core::model::EventId::from_parts(ms, random_from(seed)),
        tournament: tournament(),
        game: Some(game(g)),
        author: author.clone(),
        hlc: arbiter_core::clock::Hlc::new(ms, 0),
        wall_time: now,
        body,
    };
    // Signed as the author's tablet signs (the office checks every push).
    test_key(author.device.as_str()).sign(&mut one, author.device.clone());
    let pushed = http
        .post(format!("{base}/events"))
        .bearer_auth(token)
        .json(&serde_json::json!({ "events": [one] }))
        .send()
        .await;
    let status = pushed.expect("push").status();
    assert!(status.is_success(), "push: {status}");
    one.id
}

/// p50 and p99 of a game's page read right after pushing `body` on it (stamped `back_ms`
/// before now), over 100 of the games just visited (so kept).
#[allow(clippy::too_many_arguments)]
async fn page_after(
    http: &reqwest::Client,
    base: &str,
    (pusher, reader): (&str, &str),
    author: &arbiter_core::model::Author,
    games: &[u32],
    body: impl Fn(usize) -> arbiter_core::event::EventBody,
    seed: u64,
    back_ms: i64,
) -> ((Duration, Duration), Vec<arbiter_core::model::EventId>) {
    let (mut took, mut pushed) = (Vec::new(), Vec::new());
    for (i, &g) in games.iter().cycle().take(100).enumerate() {
        pushed.push(push_one(http, base, pusher, author, g, body(i), seed + i as u64, back_ms).await);
        took.push(timed_get(http, &format!("{base}/games/g{g}"), reader).await);
    }
    took.sort();
    ((percentile(&took, 0.5).unwrap_or_default(), percentile(&took, 0.99).unwrap_or_default()), pushed)
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
    let games = games_for(events);
    office.schedule(games);
    let chief = office.enroll("chief-v", Role::ChiefArbiter, "desk-v").await;
    let referee = office.enroll("ref-v", Role::Referee, "tab-v").await;
    // A referee's tablet at tables 1 and 2 (第三十一条三): it is sent only what it needs.
    let tablet = office.enroll("ref-tab", Role::Referee, "tab-t").await;
    office
        .state
        .store
        .record(
            tournament(),
            None,
            arbiter_core::model::Author {
                device: arbiter_core::model::DeviceId::new("office-t1").expect("id"),
                person: arbiter_core::model::PersonId::new("organiser").expect("id"),
                role: Role::Organiser,
            },
            arbiter_core::event::EventBody::RefereeAssigned { referee: tablet.person.clone(), tables: vec![1, 2] },
            chrono::Utc::now(),
            random_from(888_888_888),
        )
        .expect("assign");
    let author = arbiter_core::model::Author {
        device: referee.device.clone(),
        person: referee.person.clone(),
        role: referee.role,
    };
    // Incidents (advice, which never ends a game) spread over the games, in batches.
    let mut n = games as usize;
    let mut k = 0u64;
    while n < events {
        let batch: Vec<arbiter_core::event::NewEvent> =
            (0..1_000.min(events - n)).map(|i| (Some(game(1 + ((n + i) as u32 % games))), advice(i as u64))).collect();
        n += batch.len();
        office
            .state
            .store
            .record_all(&tournament(), &author, batch, chrono::Utc::now(), &mut || {
                k += 1;
                Ok(random_from(1_000_000 + k))
            })
            .expect("fill");
        // A hall display polls the tables page as the event goes on: the office summarises the
        // games written since its last look, and keeps those summaries across the restart.
        if n % 10_000 == 0 || n >= events {
            office.state.store.game_summaries(&tournament()).expect("summaries");
        }
    }
    let dir = office.state.data.to_path_buf();
    let pin = office.pin();
    let office_pin = office.pin();
    office.shutdown().await;

    // The office restarted as its own process: its start-up and its memory are its own. sled's
    // background flusher holds the closed store's lock for a moment: let it go first.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let port = free_port();
    let t = Instant::now();
    let mut child = start_office_process(OFFICE, &dir, port);
    let open = t.elapsed();
    let http = arbiter_core::sync::tls::client_builder(&arbiter_core::sync::tls::Pins::new(pin))
        .expect("client")
        .build()
        .expect("client");
    let base = format!("https://127.0.0.1:{port}{API_PREFIX}");
    let old_port = format!(":{port}/");
    // The connection first (TLS handshake), on a view that reads nothing.
    timed_get(&http, &format!("{base}/status"), &chief.token).await;
    // 200 games visited once each (first visits), then five times each again: a p99 of 1,000
    // samples (one of 40 was only the slowest request).
    let pages: Vec<String> =
        (0..200u32.min(games)).map(|i| format!("{base}/games/g{}", 1 + (i * 13) % games)).collect();
    let mut cold = Vec::new();
    for url in &pages {
        cold.push(timed_get(&http, url, &chief.token).await);
    }
    let tables_first = timed_get(&http, &format!("{base}/tables"), &chief.token).await;
    let tables = timed_get(&http, &format!("{base}/tables"), &chief.token).await;
    let queue = timed_get(&http, &format!("{base}/queue"), &chief.token).await;
    let mut one = arbiter_core::event::Event {
        schema: arbiter_core::event::SCHEMA_VERSION,
        rules: Some(arbiter_core::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: arbiter_core::model::EventId::from_parts(
            chrono::Utc::now().timestamp_millis() as u64,
            random_from(999_999_999),
        ),
        tournament: tournament(),
        game: Some(game(7)),
        author: author.clone(),
        hlc: arbiter_core::clock::Hlc::new(chrono::Utc::now().timestamp_millis() as u64, 0),
        wall_time: chrono::Utc::now(),
        body: advice(0),
    };
    test_key(author.device.as_str()).sign(&mut one, author.device.clone());
    let pushed = http
        .post(format!("{base}/events"))
        .bearer_auth(&referee.token)
        .json(&serde_json::json!({ "events": [one] }))
        .send()
        .await
        .expect("push");
    assert!(pushed.status().is_success(), "push: {}", pushed.status());
    let tables_after_incident = timed_get(&http, &format!("{base}/tables"), &chief.token).await;
    let mut warm = Vec::new();
    for _ in 0..5 {
        for url in &pages {
            warm.push(timed_get(&http, url, &chief.token).await);
        }
    }
    // Play going on at 50 of those tables: the page after a clock press, after an incident, and
    // after the chief arbiter's ruling on that incident.
    let playing: Vec<u32> = (0..50u32.min(games)).map(|i| 1 + (i * 13) % games).collect();
    let tokens = (referee.token.as_str(), chief.token.as_str());
    let press = |i: usize| arbiter_core::event::EventBody::ClockPressed {
        by: if i % 2 == 0 { arbiter_core::model::Colour::Black } else { arbiter_core::model::Colour::White },
    };
    let (after_press, _) = page_after(&http, &base, tokens, &author, &playing, press, 700_000_000, 0).await;
    let (after_incident, incidents) =
        page_after(&http, &base, tokens, &author, &playing, |i| advice(i as u64), 710_000_000, 0).await;
    let chief_author =
        arbiter_core::model::Author { device: chief.device.clone(), person: chief.person.clone(), role: chief.role };
    let ruling = |i: usize| arbiter_core::event::EventBody::RulingIssued {
        incident: incidents[i],
        ruling: arbiter_core::rules::Ruling::Warning,
        note: None,
    };
    let by_chief = (chief.token.as_str(), chief.token.as_str());
    let (after_ruling, _) = page_after(&http, &base, by_chief, &chief_author, &playing, ruling, 720_000_000, 0).await;
    let (after_late, _) = page_after(&http, &base, tokens, &author, &playing, press, 730_000_000, 10_000).await;
    // The desk with something on it: 100 more incidents at those 50 tables, each escalated by
    // the referee. The chief's queue is then 200 cards: the 100 escalations, each with its
    // rulings previewed, and the 100 late presses above, recorded after the games' results
    // (the chief's warnings ended them). The empty queue above is the baseline.
    let (_, asked) = page_after(&http, &base, tokens, &author, &playing, |i| advice(i as u64), 735_000_000, 0).await;
    let escalate =
        |i: usize| arbiter_core::event::EventBody::Escalated { incident: asked[i], to: Role::ChiefArbiter, note: None };
    page_after(&http, &base, tokens, &author, &playing, escalate, 740_000_000, 0).await;
    let desk_open = timed_get(&http, &format!("{base}/queue"), &chief.token).await;
    let cards: serde_json::Value = http
        .get(format!("{base}/queue"))
        .bearer_auth(&chief.token)
        .send()
        .await
        .expect("queue")
        .json()
        .await
        .expect("json");
    let mut kinds: std::collections::BTreeMap<String, usize> = Default::default();
    for c in cards.as_array().into_iter().flatten() {
        *kinds.entry(c["kind"].as_str().unwrap_or("?").to_owned()).or_default() += 1;
    }
    assert_eq!((kinds.get("escalation"), kinds.get("after_result")), (Some(&100), Some(&100)), "{kinds:?}");
    cold.sort();
    warm.sort();
    let pull = timed_get(&http, &format!("{base}/events?after={}&limit=500", events / 2), &referee.token).await;

    // The tablet: its first sync, its store on disk, and opening a game screen after a restart
    // of the app (the kept state is folded on the first look) and again — what `App::game` does.
    let endpoint = Endpoint { url: format!("https://127.0.0.1:{port}"), pin: office_pin };
    let device = Device::new(&format!("bench-tablet-{events}"), &tablet, &endpoint, |_| {});
    let t = Instant::now();
    device.settle().await;
    let tablet_sync = t.elapsed();
    let tablet_dir = device.store.dir().to_path_buf();
    drop(device);
    let tablet_events;
    let open_screen = |store: &arbiter_core::store::Store| {
        let t = Instant::now();
        let state = store.game_state(&tournament(), &game(1)).expect("state").expect("game 1 is held");
        let setup = store.setup(&tournament()).expect("setup");
        let seals = arbiter_core::app::seals_of(store, &state).expect("seals");
        let view = arbiter_core::app::game_view(&setup, state.clone(), seals).expect("view");
        std::hint::black_box(serde_json::to_vec(&view).expect("json"));
        t.elapsed()
    };
    let (tablet_game_cold, tablet_game) = {
        let store = arbiter_core::store::Store::open(&tablet_dir, None).expect("tablet store");
        tablet_events = store.len().expect("len");
        (open_screen(&store), open_screen(&store))
    };
    let tablet_game_stored = open_screen(&arbiter_core::store::Store::open(&tablet_dir, None).expect("tablet store"));
    let tablet_mb = dir_mb(&tablet_dir);
    let _ = std::fs::remove_dir_all(&tablet_dir);
    let rss_mb = rss_mb(child.id());
    // Stopped (SIGTERM, as a service manager stops it) and started again: the games' first visits
    // read back the states it stored as it closed.
    let _ = std::process::Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
    let _ = child.wait();
    let port = free_port();
    let mut child = start_office_process(OFFICE, &dir, port);
    let base = format!("https://127.0.0.1:{port}{API_PREFIX}");
    timed_get(&http, &format!("{base}/status"), &chief.token).await;
    let mut stored = Vec::new();
    for url in &pages {
        stored.push(timed_get(&http, &url.replacen(&old_port, &format!(":{port}/"), 1), &chief.token).await);
    }
    stored.sort();
    let row = Row {
        events,
        games,
        open,
        tables_first,
        tables,
        queue,
        desk_open,
        tables_after_incident,
        game_cold_p50: percentile(&cold, 0.5).unwrap_or_default(),
        game_cold_p99: percentile(&cold, 0.99).unwrap_or_default(),
        game_stored_p50: percentile(&stored, 0.5).unwrap_or_default(),
        game_stored_p99: percentile(&stored, 0.99).unwrap_or_default(),
        game_p50: percentile(&warm, 0.5).unwrap_or_default(),
        game_p99: percentile(&warm, 0.99).unwrap_or_default(),
        after_press,
        after_incident,
        after_ruling,
        after_late,
        pull,
        rss_mb,
        tablet_sync,
        tablet_events,
        tablet_mb,
        tablet_game_cold,
        tablet_game,
        tablet_game_stored,
    };
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    row
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

async fn run() {
    println!("office views, HTTPS on loopback, the office restarted as its own process:");
    let mut base: Option<Row> = None;
    for size in sizes() {
        let r = measure(size).await;
        let ratio = |f: fn(&Row) -> Duration| {
            base.as_ref().map_or(String::new(), |b| format!(" ({:.1}×)", f(&r).as_secs_f64() / f(b).as_secs_f64()))
        };
        println!("  {} events, {} games:", r.events, r.games);
        println!("    office process start to listening (opens the store): {}{}", ms(r.open), ratio(|r| r.open));
        println!("    tables page, first after the restart: {}{}", ms(r.tables_first), ratio(|r| r.tables_first));
        println!("    tables page: {}{}", ms(r.tables), ratio(|r| r.tables));
        println!("    chief arbiter's queue: {}{}", ms(r.queue), ratio(|r| r.queue));
        println!(
            "    the desk with 200 items open over 50 games (100 escalations, each ruling previewed): {}{} — {:.1}× the empty queue",
            ms(r.desk_open),
            ratio(|r| r.desk_open),
            r.desk_open.as_secs_f64() / r.queue.as_secs_f64()
        );
        println!(
            "    tables page after one new incident: {}{}",
            ms(r.tables_after_incident),
            ratio(|r| r.tables_after_incident)
        );
        println!(
            "    one game's page, first visit: p50 {}{} · p99 {}{}",
            ms(r.game_cold_p50),
            ratio(|r| r.game_cold_p50),
            ms(r.game_cold_p99),
            ratio(|r| r.game_cold_p99)
        );
        println!(
            "    one game's page, first visit after the office was stopped and started again (its state \
             read back from sled): p50 {} · p99 {} — {:.2}× / {:.2}× the first visit's",
            ms(r.game_stored_p50),
            ms(r.game_stored_p99),
            r.game_stored_p50.as_secs_f64() / r.game_cold_p50.as_secs_f64(),
            r.game_stored_p99.as_secs_f64() / r.game_cold_p99.as_secs_f64()
        );
        println!(
            "    one game's page, again: p50 {}{} · p99 {}{}",
            ms(r.game_p50),
            ratio(|r| r.game_p50),
            ms(r.game_p99),
            ratio(|r| r.game_p99)
        );
        let late = |d: Duration| d.as_secs_f64() / r.after_late.0.as_secs_f64();
        println!(
            "    one game's page right after, on it, a clock press (folded on): p50 {} · p99 {}; an incident \
             (folded on): p50 {} · p99 {}; a chief arbiter's ruling (folded on, the walk again): p50 {} · p99 {}; \
             a press stamped 10 s before its last event (folded again, the baseline): p50 {} · p99 {} — p50 \
             press / incident / ruling against it: {:.2}× / {:.2}× / {:.2}×",
            ms(r.after_press.0),
            ms(r.after_press.1),
            ms(r.after_incident.0),
            ms(r.after_incident.1),
            ms(r.after_ruling.0),
            ms(r.after_ruling.1),
            ms(r.after_late.0),
            ms(r.after_late.1),
            late(r.after_press.0),
            late(r.after_incident.0),
            late(r.after_ruling.0),
        );
        println!("    pull of the next 500 events: {}{}", ms(r.pull), ratio(|r| r.pull));
        println!("    resident memory of the office process: {:.0} MB", r.rss_mb);
        println!(
            "    a referee's tablet at tables 1–2: first sync {} ({} events, store {:.1} MB on disk); \
             opening a game screen {} after an app restart, {} again, {} after a second restart (its \
             state read back)",
            ms(r.tablet_sync),
            r.tablet_events,
            r.tablet_mb,
            ms(r.tablet_game_cold),
            ms(r.tablet_game),
            ms(r.tablet_game_stored)
        );
        if base.is_none() {
            base = Some(r);
        }
    }
}

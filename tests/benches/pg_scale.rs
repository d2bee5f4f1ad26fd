//! A game page on the office on PostgreSQL when the database holds years of events:
//! 10,000,000 events across 1,000 tournaments (each: 16 players, 8 rounds of 8 games, ~150
//! events of play per game), against the same page when it held 100,000 events of 10
//! tournaments — measured in the same run, on the same office process, over real HTTPS.
//!
//! `cargo bench -p arbiter-tests --bench pg_scale` (about 10 minutes and 12 GB of disk at full
//! size; `PG_SCALE_TOURNAMENTS=100` for a smaller run).
//!
//! Pages are `GET /api/v1/games/{game}` with the organiser's token of a random tournament and a
//! random game in it: almost every one is a game no process has read yet (64,000 games, 1,024
//! kept in memory), so the page folds the game from its events through the index by game.
//! Goal: p99 < 10 ms at full size.

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::time::{Duration, Instant};

use arbiter_core::event::{Event, EventBody, SCHEMA_VERSION};
use arbiter_core::model::{Author, Colour, DeviceId, EventId, GameId, PersonId, Role, TournamentId};
use arbiter_core::rules::{Incident, RulesetSpec, Ruling};
use arbiter_core::store::{EventStore, Origin};
use arbiter_office::pg::PgStore;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;

const PER_TOURNAMENT: usize = 10_000;
const PLAYERS: usize = 16;
const ROUNDS: usize = 8;
const TABLES: usize = 8;
const SMALL: usize = 10;
const PAGES: usize = 2_000;

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

fn tid(i: usize) -> TournamentId {
    TournamentId::new(format!("t{i:04}")).expect("id")
}

fn body(json: serde_json::Value) -> EventBody {
    serde_json::from_value(json).expect("body")
}

/// Tournament `i`'s events after its creation (which `init` recorded): players, schedules,
/// then play spread over its games. Ids and stamps grow with `n`, unique across tournaments.
fn tournament_events(i: usize) -> Vec<Event> {
    let t = tid(i);
    let mut out = Vec::with_capacity(PER_TOURNAMENT);
    let base_ms = 1_795_000_000_000 + (i as u64) * 100_000_000;
    let event = |n: usize, game: Option<String>, role: Role, device: String, body: EventBody| {
        let ms = base_ms + n as u64 * 1_000;
        let mut random = [0x80u8; 10];
        random[2..6].copy_from_slice(&(i as u32).to_be_bytes());
        random[6..].copy_from_slice(&(n as u32).to_be_bytes());
        Event {
            schema: SCHEMA_VERSION,
            rules: Some(arbiter_core::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(ms, random),
            tournament: t.clone(),
            game: game.map(|g| GameId::new(g).expect("game")),
            author: Author {
                device: DeviceId::new(device).expect("device"),
                person: PersonId::new(format!("{role:?}").to_lowercase()).expect("person"),
                role,
            },
            hlc: arbiter_core::clock::Hlc::new(ms, 0),
            wall_time: chrono::DateTime::from_timestamp_millis(ms as i64).expect("time"),
            body,
        }
    };
    let mut n = 0;
    let mut next = || {
        n += 1;
        n
    };
    for p in 0..PLAYERS {
        let data = serde_json::json!({"id": format!("p{p}"), "name": format!("选手{p}"), "rank": "3d"});
        out.push(event(
            next(),
            None,
            Role::Organiser,
            "office".into(),
            body(serde_json::json!({"kind": "player_registered", "data": data})),
        ));
    }
    let games: Vec<(String, usize)> =
        (0..ROUNDS).flat_map(|r| (0..TABLES).map(move |tb| (format!("r{}-t{}", r + 1, tb + 1), tb))).collect();
    for (k, (g, table)) in games.iter().enumerate() {
        let round = k / TABLES;
        let data = serde_json::json!({"id": g, "round": round + 1, "table": table + 1,
            "black": format!("p{}", (2 * table + round) % PLAYERS), "white": format!("p{}", (2 * table + 1 + round) % PLAYERS),
            "ruleset": {"preset": "chinese_1988"}, "time_control": {"main_minutes": 60, "reserved_minutes": 5},
            "allowed_lateness_minutes": 15});
        out.push(event(
            next(),
            Some(g.clone()),
            Role::Organiser,
            "office".into(),
            body(serde_json::json!({"kind": "game_scheduled", "data": data})),
        ));
    }
    // Play fills the tournament to exactly PER_TOURNAMENT with `init`'s two events.
    let plays = PER_TOURNAMENT - 2 - out.len();
    for (k, (g, table)) in games.iter().enumerate() {
        let per_game = plays / games.len() + usize::from(k < plays % games.len());
        let device = format!("tab-{}", table + 1);
        out.push(event(next(), Some(g.clone()), Role::Referee, device.clone(), EventBody::ClockStarted));
        for k in 1..per_game {
            let colour = if k % 2 == 1 { Colour::Black } else { Colour::White };
            let b = if k % 50 == 0 {
                EventBody::IncidentRecorded {
                    incident: Incident::Disturbing { offender: colour },
                    ruling: Some(Ruling::Advice),
                    note: None,
                }
            } else {
                EventBody::ClockPressed { by: colour }
            };
            out.push(event(next(), Some(g.clone()), Role::Referee, device.clone(), b));
        }
    }
    out
}

/// Loads tournaments `from..to`: `init` (the office records and signs their creation), then
/// their events appended directly in one batch each. Events per second.
fn load(state: &AppState, loader: &PgStore, from: usize, to: usize, tokens: &mut Vec<String>) -> f64 {
    let start = Instant::now();
    let mut count = 0;
    for i in from..to {
        let report = init_tournament(state, tid(i), format!("联赛 {i}"), RulesetSpec::default()).expect("init");
        tokens.push(report.organiser_token);
        let events = tournament_events(i);
        count += 2 + events.len();
        for r in loader.append(&events, Origin::Remote).expect("append") {
            r.expect("stored");
        }
        if i % 100 == 99 {
            eprintln!("  … {} tournaments, {:.0} s", i + 1, start.elapsed().as_secs_f64());
        }
    }
    count as f64 / start.elapsed().as_secs_f64()
}

/// p50 and p99 of `PAGES` random game pages across the tournaments of `tokens`.
async fn pages(office: &Office, tokens: &[String], seed: u64) -> (Duration, Duration) {
    let http = office.http();
    let mut x = seed | 1;
    let mut took = Vec::with_capacity(PAGES);
    for _ in 0..PAGES {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let t = (x % tokens.len() as u64) as usize;
        let g = ((x >> 32) % (ROUNDS * TABLES) as u64) as usize;
        let url = format!("{}/api/v1/games/r{}-t{}", office.url, g / TABLES + 1, g % TABLES + 1);
        let start = Instant::now();
        let r = http.get(url).bearer_auth(&tokens[t]).send().await.expect("get");
        assert!(r.status().is_success(), "{}", r.status());
        let page: serde_json::Value = r.json().await.expect("json");
        took.push(start.elapsed());
        assert!(page.is_object());
    }
    took.sort();
    (percentile(&took, 0.5).expect("p50"), percentile(&took, 0.99).expect("p99"))
}

async fn run() {
    let tournaments: usize =
        std::env::var("PG_SCALE_TOURNAMENTS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000).max(SMALL + 1);
    let pg = PgCluster::start_fsynced("scale");
    let url = pg.database("scale");
    let data = scratch("bench-pg-scale");
    let state = AppState::open_on(&data, Some(&url)).expect("open");
    let loader = PgStore::connect(&url).expect("loader");
    let mut tokens = Vec::new();
    let small_rate = load(&state, &loader, 0, SMALL, &mut tokens);
    let first_token = tokens[0].clone();
    let office = Office::serve(state, first_token).await;
    let small_events = loader.last_seq().expect("last");
    let (s50, s99) = pages(&office, &tokens, 7).await;
    eprintln!("loading {} more tournaments …", tournaments - SMALL);
    let rate = load(&office.state, &loader, SMALL, tournaments, &mut tokens);
    let all_events = loader.last_seq().expect("last");
    let (b50, b99) = pages(&office, &tokens, 11).await;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("loaded {small_events} events ({small_rate:.0}/s), then up to {all_events} ({rate:.0}/s) in {tournaments} tournaments");
    println!("game page, {PAGES} random pages each, over HTTPS:");
    println!(
        "  {small_events:>10} events / {SMALL:>4} tournaments   p50 {:>6.2} ms  p99 {:>6.2} ms (baseline)",
        ms(s50),
        ms(s99)
    );
    println!(
        "  {all_events:>10} events / {tournaments:>4} tournaments   p50 {:>6.2} ms  p99 {:>6.2} ms · p99 {:.2}× baseline (goal p99 < 10 ms)",
        ms(b50),
        ms(b99),
        ms(b99) / ms(s99)
    );
    office.shutdown().await;
}

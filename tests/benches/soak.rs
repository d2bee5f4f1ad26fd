//! Soak: the real office, as its own process, and N referees' tablets — each a real
//! store on disk and the real sync client over HTTPS on loopback — through a whole event,
//! compressed in time: set-up, then for each round the draw, the round's start as a burst (every
//! tablet pulls its game and starts the clocks), incidents at a steady rate, some tablets off the
//! network for a while, the round's end as a burst (every result at once). The office is killed
//! (`kill -9`) once mid-round and restarted. At the end: every event a tablet recorded is at the
//! office exactly once, every tablet holds exactly its tables' games as the office has them
//! (the chief arbiter's: everything), and every replica's game states are equal.
//!
//! `cargo bench -p arbiter-tests --bench soak` — not a CI test (about ten minutes).
//! Knobs: `SOAK_DEVICES` (500 referees, one per table, plus a chief arbiter's tablet),
//! `SOAK_ROUNDS` (10), `SOAK_PLAY_SECS` (25: a round's play, compressed), `SOAK_INCIDENTS` (4
//! per game), `SOAK_OFFLINE_PCT` (10: tablets off the network for part of each round).
//! Writes `target/soak/soak.csv` (a row a second: office RSS, events acknowledged, push latency)
//! and `soak.svg`, rendered to `soak.png` by Debian's Chromium when it is installed.

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::collections::HashSet;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::event::{Event, EventBody};
use arbiter_core::model::{Colour, EventId, GameId, Role};
use arbiter_core::store::Store;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_core::sync::tls::{client_builder, Pin, Pins};
use arbiter_tests::*;
use serde_json::{json, Value};

const OFFICE: &str = env!("CARGO_BIN_EXE_office");

fn knob<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

struct Config {
    devices: usize,
    rounds: u16,
    play: Duration,
    incidents: u32,
    offline_pct: u64,
}

impl Config {
    fn from_env() -> Config {
        Config {
            devices: knob("SOAK_DEVICES", 500usize).max(2),
            rounds: knob("SOAK_ROUNDS", 10u16).max(1),
            play: Duration::from_secs(knob("SOAK_PLAY_SECS", 25u64).max(4)),
            incidents: knob("SOAK_INCIDENTS", 4u32),
            offline_pct: knob("SOAK_OFFLINE_PCT", 10u64).min(100),
        }
    }
}

/// What the run observed, as it went.
struct Meter {
    start: Instant,
    /// When (s since start) each push that reached the office was answered, and how long it took.
    pushes: Mutex<Vec<(f64, Duration)>>,
    /// When each push failed (the office down, or slower than the client's timeout).
    failures: Mutex<Vec<f64>>,
    acked: AtomicUsize,
    round: AtomicU16,
    phase: Mutex<&'static str>,
    office_pid: AtomicU32,
    samples: Mutex<Vec<Sample>>,
}

struct Sample {
    t: f64,
    round: u16,
    phase: &'static str,
    office_rss: f64,
    harness_rss: f64,
    acked: usize,
}

impl Meter {
    fn secs(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    fn set(&self, round: u16, phase: &'static str) {
        self.round.store(round, SeqCst);
        *lock(&self.phase) = phase;
    }

    fn sample(&self) {
        let s = Sample {
            t: self.secs(),
            round: self.round.load(SeqCst),
            phase: *lock(&self.phase),
            office_rss: rss_mb(self.office_pid.load(SeqCst)),
            harness_rss: rss_mb(std::process::id()),
            acked: self.acked.load(SeqCst),
        };
        lock(&self.samples).push(s);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A referee's tablet at one table, and what it recorded.
struct Tablet {
    device: Device,
    table: u16,
    recorded: Mutex<Vec<EventId>>,
}

/// splitmix64: a fixed, seedable sequence, so a run's plan can be replayed.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One tablet's round: when its incidents happen and when (if) it is off the network.
struct Plan {
    incidents: Vec<Duration>,
    offline: Option<(Duration, Duration)>,
}

impl Plan {
    fn of(cfg: &Config, table: u16, round: u16) -> Plan {
        let mut r = mix(u64::from(table) << 16 | u64::from(round));
        let mut next = |n: u64| {
            r = mix(r);
            r % n.max(1)
        };
        let play_ms = cfg.play.as_millis() as u64;
        // Incidents spread over the play, not in its last second (the result comes then).
        let mut incidents: Vec<Duration> =
            (0..cfg.incidents).map(|_| Duration::from_millis(next(play_ms * 9 / 10))).collect();
        incidents.sort();
        let offline = (next(100) < cfg.offline_pct).then(|| {
            let from = next(play_ms / 2);
            (Duration::from_millis(from), Duration::from_millis(from + play_ms / 4 + next(play_ms / 4)))
        });
        Plan { incidents, offline }
    }

    fn online_at(&self, at: Duration) -> bool {
        self.offline.is_none_or(|(from, to)| at < from || at >= to)
    }
}

async fn record(tablet: &Arc<Tablet>, game: &GameId, body: EventBody) -> Event {
    let (t, g) = (tablet.clone(), game.clone());
    let e = tokio::task::spawn_blocking(move || t.device.record_on(&g, body)).await.expect("record task");
    lock(&tablet.recorded).push(e.id);
    e
}

/// Pushes the outbox once; counts what the office acknowledged, or the failure.
async fn push(tablet: &Tablet, m: &Meter) -> bool {
    let t = Instant::now();
    match tablet.device.client.push().await {
        Ok(n) => {
            m.acked.fetch_add(n, SeqCst);
            lock(&m.pushes).push((m.secs(), t.elapsed()));
            true
        }
        Err(_) => {
            lock(&m.failures).push(m.secs());
            false
        }
    }
}

/// The game the office drew at this tablet's table for `round`, once the tablet holds it.
fn game_at(store: &Store, round: u16, table: u16) -> Option<GameId> {
    let summaries = store.game_summaries(&tournament()).ok()?;
    summaries
        .iter()
        .find(|s| s.schedule.as_ref().is_some_and(|g| g.round == round && g.table == table))
        .map(|s| s.game.clone())
}

/// A tablet through one round: pull the draw and start the clocks (the burst), the incidents
/// as planned (pushed at once unless off the network), the result when the round ends (a burst;
/// a tablet that was off the network comes back here and pushes everything).
async fn play_round(tablet: Arc<Tablet>, m: Arc<Meter>, plan: Plan, round: u16, start: Instant, play: Duration) {
    let mut game = None;
    for _ in 0..150 {
        let _ = tablet.device.client.pull().await;
        game = game_at(&tablet.device.store, round, tablet.table);
        if game.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let Some(game) = game else { panic!("table {} never received round {round}'s game", tablet.table) };
    record(&tablet, &game, EventBody::ClockStarted).await;
    push(&tablet, &m).await;
    for (k, at) in plan.incidents.iter().enumerate() {
        tokio::time::sleep_until((start + *at).into()).await;
        let body = match k % 3 {
            0 | 1 => advice(k as u64),
            _ => EventBody::RemainingTimeAsked { by: Colour::Black, reserved_minutes_left: 4 },
        };
        record(&tablet, &game, body).await;
        if plan.online_at(*at) {
            push(&tablet, &m).await;
        }
    }
    tokio::time::sleep_until((start + play).into()).await;
    let by = if (u32::from(tablet.table) + u32::from(round)) % 2 == 0 { Colour::Black } else { Colour::White };
    record(&tablet, &game, EventBody::Resigned { by }).await;
    // The result must reach the office before the next draw; the office may be restarting.
    for _ in 0..120 {
        if push(&tablet, &m).await && tablet.device.store.pending().unwrap_or(1) == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("table {}: round {round}'s result never reached the office", tablet.table);
}

/// The organiser's calls to the office process.
struct Organiser {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Organiser {
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut r = self.http.request(method, format!("{}{API_PREFIX}{path}", self.base)).bearer_auth(&self.token);
        if let Some(b) = body {
            r = r.json(&b);
        }
        let resp = r.send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
        let status = resp.status();
        let text = resp.text().await.unwrap_or_default();
        assert!(status.is_success(), "{path}: {status} {text}");
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }
}

fn players_csv(n: usize) -> String {
    let ranks = ["7d", "6d", "5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k"];
    let mut csv = String::from("name,rank,club\n");
    for i in 0..n {
        csv.push_str(&format!("棋手{i:04},{},俱乐部{}\n", ranks[i * ranks.len() / n], i % 37));
    }
    csv
}

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(1024)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(run(Config::from_env()));
}

async fn run(cfg: Config) {
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let out = tmp.parent().unwrap_or(tmp).join("soak");
    std::fs::create_dir_all(&out).expect("output dir");
    println!(
        "soak: {} referees' tablets + a chief arbiter's, {} rounds of {} s play, {} incidents a game, {} % offline a round",
        cfg.devices,
        cfg.rounds,
        cfg.play.as_secs(),
        cfg.incidents,
        cfg.offline_pct
    );

    // Set-up on the office in this process (the organiser's desk), then the office restarted
    // as its own process, which the tablets use: its memory and its kill are its own.
    let setup_t = Instant::now();
    let office = Office::start("soak-office").await;
    let org = Organiser { http: office.http(), base: office.url.clone(), token: office.organiser_token.clone() };
    org.call(
        reqwest::Method::PUT,
        "/tournament",
        Some(json!({
            "name": "浸泡测试杯",
            "ruleset": {"preset": "chinese_1988", "komi": 3.75},
            "settings": {"begin": "2026-11-21", "end": "2026-11-25", "venue": "体育馆",
                         "time_control": {"main_minutes": 60, "reserved_minutes": 5},
                         "allowed_lateness_minutes": 15, "system": {"kind": "swiss"}, "rounds": cfg.rounds}
        })),
    )
    .await;
    let csv = players_csv(cfg.devices * 2);
    let r = office
        .http()
        .post(format!("{}{API_PREFIX}/players/import", office.url))
        .bearer_auth(&office.organiser_token)
        .body(csv)
        .send()
        .await
        .expect("import");
    assert!(r.status().is_success(), "import: {}", r.text().await.unwrap_or_default());
    let mut enrolled = Vec::with_capacity(cfg.devices);
    for i in 0..cfg.devices {
        let person = format!("ref-{i:03}");
        enrolled.push(office.enroll(&person, Role::Referee, &format!("tab-{i:03}")).await);
        org.call(reqwest::Method::POST, "/referees", Some(json!({"referee": person, "tables": [i + 1]}))).await;
    }
    let chief_e = office.enroll("chief-soak", Role::ChiefArbiter, "tab-chief").await;
    let dir = office.state.data.to_path_buf();
    let pin = office.pin();
    office.shutdown().await;
    // sled's background flusher holds the closed store's lock for a moment.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let port = free_port();
    let child = start_office_process(OFFICE, &dir, port);
    let url = format!("https://127.0.0.1:{port}");
    let endpoint = Endpoint { url: url.clone(), pin: pin.clone() };
    let org = Organiser { http: client(&pin), base: url.clone(), token: org.token };
    let m = Arc::new(Meter {
        start: Instant::now(),
        pushes: Mutex::default(),
        failures: Mutex::default(),
        acked: AtomicUsize::new(0),
        round: AtomicU16::new(0),
        phase: Mutex::new("set-up"),
        office_pid: AtomicU32::new(child.id()),
        samples: Mutex::default(),
    });
    let child = Arc::new(Mutex::new(child));
    let tablets: Vec<Arc<Tablet>> = enrolled
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let device = Device::new(&format!("soak-tab-{i:03}"), e, &endpoint, |_| {});
            Arc::new(Tablet { device, table: u16::try_from(i + 1).expect("table"), recorded: Mutex::default() })
        })
        .collect();
    let chief = Device::new("soak-chief", &chief_e, &endpoint, |_| {});
    println!(
        "set-up: {} officials enrolled, {} players, in {:.1} s",
        cfg.devices + 1,
        cfg.devices * 2,
        setup_t.elapsed().as_secs_f64()
    );

    let sampler = {
        let m = m.clone();
        tokio::spawn(async move {
            loop {
                m.sample();
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    };

    // Referees sync as they arrive at the hall, before the first round: the set-up (players,
    // officials, assignments) reaches every tablet then, all at once here.
    m.set(0, "first sync");
    let t = Instant::now();
    let syncs: Vec<_> = tablets
        .iter()
        .map(|tab| {
            tokio::spawn({
                let tab = tab.clone();
                async move { tab.device.settle().await }
            })
        })
        .collect();
    for s in syncs {
        s.await.expect("first sync");
    }
    chief.settle().await;
    let first_sync = t.elapsed();
    println!(
        "first sync: {} tablets took the set-up ({} events each) in {:.1} s",
        tablets.len() + 1,
        chief.store.len().unwrap_or(0),
        first_sync.as_secs_f64()
    );

    let kill_round = cfg.rounds / 2 + 1;
    let mut rounds = Vec::new();
    let mut restart = None;
    for round in 1..=cfg.rounds {
        m.set(round, "draw");
        let t = Instant::now();
        org.call(reqwest::Method::POST, &format!("/rounds/{round}/pair"), None).await;
        let draw = t.elapsed();
        m.set(round, "play");
        let start = Instant::now();
        let acked_before = m.acked.load(SeqCst);
        let pushes_before = lock(&m.pushes).len();
        let tasks: Vec<_> = tablets
            .iter()
            .map(|tab| {
                tokio::spawn(play_round(
                    tab.clone(),
                    m.clone(),
                    Plan::of(&cfg, tab.table, round),
                    round,
                    start,
                    cfg.play,
                ))
            })
            .collect();
        let killer = (round == kill_round).then(|| {
            let (m, child, dir, play) = (m.clone(), child.clone(), dir.clone(), cfg.play);
            tokio::spawn(async move {
                tokio::time::sleep_until((start + play / 2).into()).await;
                let down = Instant::now();
                {
                    let mut c = lock(&child);
                    c.kill().expect("kill -9 the office");
                    let _ = c.wait();
                }
                m.set(round, "office down");
                tokio::time::sleep(Duration::from_secs(3)).await;
                let t = Instant::now();
                let next = tokio::task::spawn_blocking(move || start_office_process(OFFICE, &dir, port))
                    .await
                    .expect("restart");
                let open = t.elapsed();
                m.office_pid.store(next.id(), SeqCst);
                *lock(&child) = next;
                m.set(round, "play");
                (down.elapsed(), open)
            })
        });
        for t in tasks {
            t.await.expect("tablet task");
        }
        if let Some(k) = killer {
            restart = Some(k.await.expect("killer"));
        }
        let burst_end = start.elapsed().saturating_sub(cfg.play);
        m.set(round, "chief");
        chief.settle().await;
        let mut lat: Vec<Duration> = lock(&m.pushes)[pushes_before..].iter().map(|(_, d)| *d).collect();
        lat.sort();
        let r = RoundRow {
            round,
            draw,
            end_burst: burst_end,
            acked: m.acked.load(SeqCst) - acked_before,
            p50: percentile(&lat, 0.5).unwrap_or_default(),
            p99: percentile(&lat, 0.99).unwrap_or_default(),
            office_rss: rss_mb(m.office_pid.load(SeqCst)),
        };
        println!(
            "round {:2}: draw {:6.0} ms, results in {:5.2} s after the bell, {:6} events acknowledged, push p50 {:6.1} ms p99 {:7.1} ms, office RSS {:6.1} MB",
            r.round,
            ms(r.draw),
            r.end_burst.as_secs_f64(),
            r.acked,
            ms(r.p50),
            ms(r.p99),
            r.office_rss
        );
        rounds.push(r);
    }
    m.set(cfg.rounds, "settle");
    for t in &tablets {
        t.device.settle().await;
    }
    chief.settle().await;
    sampler.abort();
    m.sample();
    let wall = m.secs();
    {
        let mut c = lock(&child);
        let _ = c.kill();
        let _ = c.wait();
    }

    // The checks, against the office's store opened here after its process is gone.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let office_store = Store::open(&dir, None).expect("open the office's store");
    let verdict = check(&office_store, &tablets, &chief.store);
    let (down, open) = restart.unwrap_or_default();
    let pushes: Vec<(f64, Duration)> = lock(&m.pushes).clone();
    let mut all: Vec<Duration> = pushes.iter().map(|(_, d)| *d).collect();
    all.sort();
    let failures = lock(&m.failures).len();
    let acked = m.acked.load(SeqCst);
    println!(
        "office killed in round {kill_round}: down {:.1} s, its restart (open + listening) {:.2} s",
        down.as_secs_f64(),
        open.as_secs_f64()
    );
    println!(
        "pushes: {} answered, {failures} failed while the office was down; p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        ms(percentile(&all, 0.5).unwrap_or_default()),
        ms(percentile(&all, 0.99).unwrap_or_default()),
        ms(all.last().copied().unwrap_or_default())
    );
    println!("throughput: {acked} events acknowledged in {wall:.0} s ({:.0} events/s on average)", acked as f64 / wall);
    let warm = rounds.get(1).map_or(0.0, |r| r.office_rss);
    let last = rounds.last().map_or(0.0, |r| r.office_rss);
    println!(
        "office RSS at the end of round 2: {warm:.1} MB, of round {}: {last:.1} MB ({:.2}×); this process (all tablets): {:.0} MB",
        cfg.rounds,
        last / warm.max(1.0),
        rss_mb(std::process::id())
    );
    println!(
        "events: {} at the office, {} recorded by tablets; lost {}, duplicated {}; replicas equal {}/{}",
        verdict.office_events, verdict.recorded, verdict.lost, verdict.duplicated, verdict.equal, verdict.replicas
    );
    let samples = std::mem::take(&mut *lock(&m.samples));
    write_csv(&out.join("soak.csv"), &samples, &pushes, &lock(&m.failures));
    let svg = out.join("soak.svg");
    std::fs::write(&svg, plot(&samples, &pushes, &rounds_start(&samples))).expect("write svg");
    match render_png(&svg, &out.join("soak.png")) {
        Ok(()) => println!("wrote {}/soak.csv, soak.svg and soak.png", out.display()),
        Err(e) => println!("wrote {}/soak.csv and soak.svg; no PNG: {e}", out.display()),
    }
    let passed = verdict.lost == 0 && verdict.duplicated == 0 && verdict.equal == verdict.replicas;
    if passed {
        // 502 stores (several GB): kept only when a check failed, to look into.
        let mut dirs: Vec<std::path::PathBuf> = tablets.iter().map(|t| t.device.store.dir().to_path_buf()).collect();
        dirs.push(chief.store.dir().to_path_buf());
        dirs.push(dir.clone());
        drop((tablets, chief, office_store));
        for d in dirs {
            let _ = std::fs::remove_dir_all(d);
        }
    }
    assert!(verdict.lost == 0 && verdict.duplicated == 0, "events lost or duplicated");
    assert_eq!(verdict.equal, verdict.replicas, "replicas differ: {:?}", verdict.differing);
}

fn client(pin: &Pin) -> reqwest::Client {
    client_builder(&Pins::new(pin.clone())).expect("client").build().expect("client")
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

struct RoundRow {
    round: u16,
    draw: Duration,
    end_burst: Duration,
    acked: usize,
    p50: Duration,
    p99: Duration,
    office_rss: f64,
}

struct Verdict {
    office_events: usize,
    recorded: usize,
    lost: usize,
    duplicated: usize,
    replicas: usize,
    equal: usize,
    differing: Vec<String>,
}

/// Every event a tablet recorded is at the office once; each tablet holds exactly its table's
/// games as the office holds them, with equal states; the chief arbiter's tablet holds all.
fn check(office: &Store, tablets: &[Arc<Tablet>], chief: &Store) -> Verdict {
    let t = tournament();
    let log: Vec<EventId> = office.since(0, usize::MAX).expect("office log").into_iter().map(|(_, e)| e.id).collect();
    let held: HashSet<EventId> = log.iter().copied().collect();
    let recorded: Vec<EventId> = tablets.iter().flat_map(|tab| lock(&tab.recorded).clone()).collect();
    let lost = recorded.iter().filter(|id| !held.contains(id)).count();
    let mut differing = Vec::new();
    let summaries = office.game_summaries(&t).expect("office summaries");
    let state = |s: &Store, g: &GameId| {
        serde_json::to_string(&s.game_state(&t, g).ok().flatten().as_deref()).unwrap_or_default()
    };
    for tab in tablets {
        let store = &tab.device.store;
        let own: Vec<GameId> = summaries
            .iter()
            .filter(|s| s.schedule.as_ref().is_some_and(|g| g.table == tab.table))
            .map(|s| s.game.clone())
            .collect();
        let mut holds: Vec<GameId> =
            store.game_summaries(&t).expect("summaries").iter().map(|s| s.game.clone()).collect();
        holds.sort();
        let mut want = own.clone();
        want.sort();
        let log: Vec<EventId> = store.since(0, usize::MAX).expect("log").into_iter().map(|(_, e)| e.id).collect();
        let unique = log.iter().collect::<HashSet<_>>().len() == log.len();
        let same = own.iter().all(|g| {
            let ids = |s: &Store| s.game_events(&t, g).unwrap_or_default().iter().map(|e| e.id).collect::<Vec<_>>();
            ids(store) == ids(office) && state(store, g) == state(office, g)
        });
        if holds != want || !unique || !same {
            differing.push(format!(
                "table {} (holds {} games of {}, log unique {unique}, same {same})",
                tab.table,
                holds.len(),
                want.len()
            ));
        }
    }
    if event_set(chief) != event_set(office)
        || summaries.iter().any(|s| state(chief, &s.game) != state(office, &s.game))
    {
        differing.push("the chief arbiter's tablet".into());
    }
    let replicas = tablets.len() + 1;
    Verdict {
        office_events: log.len(),
        recorded: recorded.len(),
        lost,
        duplicated: log.len() - held.len(),
        replicas,
        equal: replicas - differing.len(),
        differing,
    }
}

/// Seconds since the start at which each round's draw began (from the samples' round column).
fn rounds_start(samples: &[Sample]) -> Vec<(u16, f64)> {
    let mut out: Vec<(u16, f64)> = Vec::new();
    for s in samples {
        if s.round > 0 && out.last().is_none_or(|(r, _)| *r != s.round) {
            out.push((s.round, s.t));
        }
    }
    out
}

/// Push latencies answered in [t - 1 s, t): (count, p50, p99) in ms.
fn window(pushes: &[(f64, Duration)], t: f64) -> (usize, f64, f64) {
    let mut lat: Vec<Duration> = pushes.iter().filter(|(at, _)| *at >= t - 1.0 && *at < t).map(|(_, d)| *d).collect();
    lat.sort();
    (lat.len(), ms(percentile(&lat, 0.5).unwrap_or_default()), ms(percentile(&lat, 0.99).unwrap_or_default()))
}

fn write_csv(path: &std::path::Path, samples: &[Sample], pushes: &[(f64, Duration)], failures: &[f64]) {
    let mut csv = String::from(
        "t_s,round,phase,office_rss_mb,harness_rss_mb,acked_total,acked_per_s,pushes,push_p50_ms,push_p99_ms,push_failures\n",
    );
    let mut prev = 0;
    for s in samples {
        let (n, p50, p99) = window(pushes, s.t);
        let failed = failures.iter().filter(|at| **at >= s.t - 1.0 && **at < s.t).count();
        csv.push_str(&format!(
            "{:.1},{},{},{:.1},{:.1},{},{},{n},{p50:.2},{p99:.2},{failed}\n",
            s.t,
            s.round,
            s.phase,
            s.office_rss,
            s.harness_rss,
            s.acked,
            s.acked.saturating_sub(prev)
        ));
        prev = s.acked;
    }
    std::fs::write(path, csv).expect("write csv");
}

/// A line on the plot: its name, colour and points (t, value).
type Series<'a> = (&'a str, &'a str, &'a [(f64, f64)]);

/// Three panels over time — office RSS, events acknowledged a second, push latency (p50, p99)
/// — with each round's draw marked, and the office's kill.
fn plot(samples: &[Sample], pushes: &[(f64, Duration)], rounds: &[(u16, f64)]) -> String {
    let (w, h, left, right, panel, gap, top) = (1200.0, 900.0, 80.0, 20.0, 240.0, 50.0, 40.0);
    let t_max = samples.last().map_or(1.0, |s| s.t).max(1.0);
    let x = |t: f64| left + (w - left - right) * t / t_max;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\
         <text x=\"{left}\" y=\"22\" font-size=\"16\">Weiqi Arbiter soak: office process and tablets over the event (x: seconds)</text>"
    );
    let mut prev = 0usize;
    let rate: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| {
            let r = (s.t, s.acked.saturating_sub(prev) as f64);
            prev = s.acked;
            r
        })
        .collect();
    let p50: Vec<(f64, f64)> = samples.iter().map(|s| (s.t, window(pushes, s.t).1)).collect();
    let p99: Vec<(f64, f64)> = samples.iter().map(|s| (s.t, window(pushes, s.t).2)).collect();
    let rss: Vec<(f64, f64)> = samples.iter().map(|s| (s.t, s.office_rss)).collect();
    let panels: [(&str, Vec<Series>); 3] = [
        ("office RSS (MB)", vec![("RSS", "#1f77b4", &rss)]),
        ("events acknowledged per second", vec![("events/s", "#2ca02c", &rate)]),
        ("push latency (ms), each second", vec![("p50", "#ff7f0e", &p50), ("p99", "#d62728", &p99)]),
    ];
    for (i, (title, series)) in panels.iter().enumerate() {
        let y0 = top + i as f64 * (panel + gap);
        let y_max = series.iter().flat_map(|(_, _, pts)| pts.iter().map(|p| p.1)).fold(1.0f64, f64::max) * 1.1;
        let y = |v: f64| y0 + panel - panel * v / y_max;
        svg.push_str(&format!(
            "<text x=\"{left}\" y=\"{}\" font-size=\"14\">{title}</text>\
             <rect x=\"{left}\" y=\"{y0}\" width=\"{}\" height=\"{panel}\" fill=\"none\" stroke=\"#999\"/>",
            y0 - 6.0,
            w - left - right
        ));
        for k in 0..=4 {
            let v = y_max * f64::from(k) / 4.0;
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v:.0}</text>",
                left - 6.0,
                y(v) + 4.0
            ));
        }
        for (r, t) in rounds {
            svg.push_str(&format!(
                "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{y0}\" y2=\"{1}\" stroke=\"#ccc\" stroke-dasharray=\"4 3\"/>\
                 <text x=\"{2:.1}\" y=\"{3}\" fill=\"#888\">R{r}</text>",
                x(*t),
                y0 + panel,
                x(*t) + 3.0,
                y0 + 14.0
            ));
        }
        if let Some(down) = samples.iter().find(|s| s.phase == "office down") {
            svg.push_str(&format!(
                "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{y0}\" y2=\"{1}\" stroke=\"#d62728\"/>\
                 <text x=\"{2:.1}\" y=\"{3}\" fill=\"#d62728\">office killed</text>",
                x(down.t),
                y0 + panel,
                x(down.t) + 3.0,
                y0 + 28.0
            ));
        }
        for (j, (name, colour, pts)) in series.iter().enumerate() {
            let line: Vec<String> = pts.iter().map(|(t, v)| format!("{:.1},{:.1}", x(*t), y(*v))).collect();
            svg.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\"/>\
                 <text x=\"{}\" y=\"{}\" fill=\"{colour}\">{name}</text>",
                line.join(" "),
                w - right - 120.0 + j as f64 * 50.0,
                y0 - 6.0
            ));
        }
        svg.push_str(&format!(
            "<text x=\"{left}\" y=\"{0}\">0</text><text x=\"{1}\" y=\"{0}\" text-anchor=\"end\">{t_max:.0} s</text>",
            y0 + panel + 16.0,
            w - right
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// Renders the SVG with Debian's Chromium (headless), the browser the UI tests use.
fn render_png(svg: &std::path::Path, png: &std::path::Path) -> Result<(), String> {
    let status = std::process::Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900"])
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", svg.canonicalize().map_err(|e| e.to_string())?.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("chromium: {e}"))?;
    if status.success() && png.exists() {
        Ok(())
    } else {
        Err(format!("chromium exited with {status}"))
    }
}

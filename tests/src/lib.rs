//! Helpers shared by the cross-crate tests: scratch directories and events to record.

use std::path::PathBuf;

pub mod harness;
pub mod league;
pub mod pg;
pub mod wait;
pub use wait::{eventually, poll_blocking, secs, Polls};
pub mod procs;

use arbiter_core::event::EventBody;
use arbiter_core::model::{Author, Colour, DeviceId, GameId, PersonId, Role, TournamentId};
use arbiter_core::rules::{Incident, Ruling};

/// A fresh scratch directory under the system temp dir, unique to this call: the tests share one
/// process, so two modules asking for the same `name` must not meet in one directory.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-tests-{name}-{}-{}", unique(), std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Removes, when dropped, every [`scratch`] directory of this process: a benchmark holds one for
/// its whole run (its offices and devices take gigabytes over a run, and a developer runs it
/// again and again). Tests keep theirs, to look at after a failure.
pub struct ScratchCleanup;

impl Drop for ScratchCleanup {
    fn drop(&mut self) {
        let suffix = format!("-{}", std::process::id());
        let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with("arbiter-tests-") && name.ends_with(&suffix) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

/// A number no other call in this process gets.
pub fn unique() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

pub fn tournament() -> TournamentId {
    TournamentId::new("t1").unwrap_or_else(|e| panic!("{e}"))
}

pub fn game(n: u32) -> GameId {
    GameId::new(format!("g{n}")).unwrap_or_else(|e| panic!("{e}"))
}

pub fn referee(device: &str) -> Author {
    Author {
        device: DeviceId::new(device).unwrap_or_else(|e| panic!("{e}")),
        person: PersonId::new(format!("ref-{device}")).unwrap_or_else(|e| panic!("{e}")),
        role: Role::Referee,
    }
}

/// An advice under 第二十四条二, alternating colours: a typical ~300-byte event.
pub fn advice(i: u64) -> EventBody {
    let offender = if i % 2 == 0 { Colour::Black } else { Colour::White };
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender },
        ruling: Some(Ruling::Advice),
        note: None,
    }
}

/// Ten id bytes from a counter, with a valid RFC 4122 variant.
pub fn random_from(n: u64) -> [u8; 10] {
    let mut r = [0u8; 10];
    r[0] = 0x80;
    r[2..].copy_from_slice(&n.to_be_bytes());
    r
}

// ---- A real office and real devices, on loopback ----

use std::sync::Arc;

use arbiter_core::event::{wire, Event};
use arbiter_core::game::{fold_game, GameState};
use arbiter_core::model::{Game, PlayerId, TimeControl};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::store::{EventStore, Store};
use arbiter_core::sync::client::{SyncClient, SyncConfig};
use arbiter_core::sync::protocol::{EnrollResponse, API_PREFIX};
use arbiter_core::sync::tls::{self, CertFingerprint, Pin, Pins};
use arbiter_office::server::{app, app_with_pages, init_tournament, pages::Pages, serve_on, AppState, Transport};
use tokio::sync::Notify;

/// Where a device syncs to: an address and the certificates it trusts there.
#[derive(Debug, Clone)]
pub struct Endpoint {
    pub url: String,
    pub pin: Pin,
}

impl Endpoint {
    /// A plain-http address on loopback (a test proxy in front of the office).
    pub fn plain(url: impl Into<String>) -> Endpoint {
        Endpoint { url: url.into(), pin: Pin::Nothing }
    }
}

/// An office server running in this process on 127.0.0.1 with a port the OS picked, speaking
/// HTTPS with its own certificate (as `serve` does), unless started insecure.
pub struct Office {
    /// `https://127.0.0.1:PORT` (or `http://` when started insecure).
    pub url: String,
    /// The certificate it serves, which its devices pin.
    pub cert: Option<CertFingerprint>,
    pub state: AppState,
    pub organiser_token: String,
    pub tournament: TournamentId,
    stop: Arc<Notify>,
    task: tokio::task::JoinHandle<()>,
}

impl Office {
    /// Starts an office on a fresh data directory with tournament `t1` (Chinese rules).
    pub async fn start(name: &str) -> Office {
        let state = AppState::open(&scratch(name)).unwrap_or_else(|e| panic!("open office: {e}"));
        let report = init_tournament(&state, tournament(), "测试杯".into(), RulesetSpec::default())
            .unwrap_or_else(|e| panic!("{e}"));
        Office::serve(state, report.organiser_token).await
    }

    /// Serves an already opened office state on a port the OS picks.
    pub async fn serve(state: AppState, organiser_token: String) -> Office {
        Office::serve_on(state, organiser_token, 0).await
    }

    /// Serves an already opened office state on 127.0.0.1:`port` (0: any free port).
    pub async fn serve_on(state: AppState, organiser_token: String, port: u16) -> Office {
        Office::serve_limited(state, organiser_token, port, Default::default()).await
    }

    /// Serves with given connection limits (slow-client tests).
    pub async fn serve_limited(
        state: AppState,
        organiser_token: String,
        port: u16,
        limits: arbiter_office::server::conn::ConnLimits,
    ) -> Office {
        Office::serve_with(state, organiser_token, port, limits, true).await
    }

    /// Starts an office speaking plain HTTP (`serve --insecure-http`), for the sniffing test's
    /// control run.
    pub async fn start_insecure(name: &str) -> Office {
        let state = AppState::open(&scratch(name)).unwrap_or_else(|e| panic!("open office: {e}"));
        let report = init_tournament(&state, tournament(), "测试杯".into(), RulesetSpec::default())
            .unwrap_or_else(|e| panic!("{e}"));
        Office::serve_with(state, report.organiser_token, 0, Default::default(), false).await
    }

    /// Serves an already opened office state over plain HTTP (`serve --insecure-http`).
    pub async fn serve_insecure(state: AppState, organiser_token: String) -> Office {
        Office::serve_with(state, organiser_token, 0, Default::default(), false).await
    }

    /// Starts an office that also serves the built UI in `ui` as its web pages (`serve --ui`).
    pub async fn start_with_ui(name: &str, ui: PathBuf) -> Office {
        let state = AppState::open(&scratch(name)).unwrap_or_else(|e| panic!("open office: {e}"));
        let report = init_tournament(&state, tournament(), "测试杯".into(), RulesetSpec::default())
            .unwrap_or_else(|e| panic!("{e}"));
        Office::serve_full(state, report.organiser_token, 0, Default::default(), true, Some(ui)).await
    }

    async fn serve_with(
        state: AppState,
        organiser_token: String,
        port: u16,
        limits: arbiter_office::server::conn::ConnLimits,
        https: bool,
    ) -> Office {
        Office::serve_full(state, organiser_token, port, limits, https, None).await
    }

    async fn serve_full(
        mut state: AppState,
        organiser_token: String,
        port: u16,
        limits: arbiter_office::server::conn::ConnLimits,
        https: bool,
        ui: Option<PathBuf>,
    ) -> Office {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap_or_else(|e| panic!("bind: {e}"));
        let addr = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
        let transport = if https {
            Transport::Https(state.with_certificate().unwrap_or_else(|e| panic!("certificate: {e}")))
        } else {
            Transport::InsecureHttp
        };
        let url = format!("{}://{addr}", if https { "https" } else { "http" });
        state.tablet_url = Some(url.clone());
        let stop = Arc::new(Notify::new());
        let router = match ui {
            Some(dir) => app_with_pages(state.clone(), Pages::Dir(dir)),
            None => app(state.clone()),
        };
        let s = stop.clone();
        let task = tokio::spawn(async move {
            let _ = serve_on(listener, router, limits, transport, async move { s.notified().await }).await;
        });
        Office { url, cert: state.cert, state, organiser_token, tournament: tournament(), stop, task }
    }

    /// What its devices trust.
    pub fn pin(&self) -> Pin {
        self.cert.map_or(Pin::Nothing, |c| Pin::Exact(vec![c]))
    }

    /// Its address with the pin, for a device.
    pub fn endpoint(&self) -> Endpoint {
        Endpoint { url: self.url.clone(), pin: self.pin() }
    }

    /// An HTTP client that trusts this office's certificate (and no other).
    pub fn http(&self) -> reqwest::Client {
        self.http_builder().build().unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Office::http`] before it is built, for tests that set more (a local address).
    pub fn http_builder(&self) -> reqwest::ClientBuilder {
        tls::client_builder(&Pins::new(self.pin())).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `GET {API_PREFIX}{path}` as `token`'s holder; the answer's JSON (a failure status fails the test).
    pub async fn get_json(&self, path: &str, token: &str) -> serde_json::Value {
        let r = self
            .http()
            .get(format!("{}{API_PREFIX}{path}", self.url))
            .bearer_auth(token)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.json().await.unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    pub async fn shutdown(self) {
        self.stop.notify_one();
        let _ = self.task.await;
    }

    /// Registers an official and returns a one-time enrollment code for them.
    pub async fn code_for(&self, person: &str, role: Role) -> String {
        let issued = self.issue(person, role).await;
        issued["code"].as_str().unwrap_or_else(|| panic!("no code: {issued}")).to_owned()
    }

    /// Registers an official and returns the enrollment link their QR code holds (address,
    /// one-time code, certificate).
    pub async fn link_for(&self, person: &str, role: Role) -> String {
        let issued = self.issue(person, role).await;
        issued["link"].as_str().unwrap_or_else(|| panic!("no link: {issued}")).to_owned()
    }

    /// Registers an official and issues their code: the office's whole answer (code, link, QR).
    pub async fn issue(&self, person: &str, role: Role) -> serde_json::Value {
        self.issue_as(person, person, role).await
    }

    /// [`Office::issue`] for an official registered under a name of their own.
    pub async fn issue_as(&self, person: &str, name: &str, role: Role) -> serde_json::Value {
        let http = self.http();
        let r = http
            .post(format!("{}{API_PREFIX}/people", self.url))
            .bearer_auth(&self.organiser_token)
            .json(&serde_json::json!({"id": person, "name": name, "role": role}))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(r.status().is_success(), "register {person}: {}", r.text().await.unwrap_or_default());
        let code: serde_json::Value = http
            .post(format!("{}{API_PREFIX}/enrollment-codes", self.url))
            .bearer_auth(&self.organiser_token)
            .json(&serde_json::json!({"person": person}))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .json()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        code
    }

    /// Registers an official and enrolls a device for them; returns the device's token.
    pub async fn enroll(&self, person: &str, role: Role, device: &str) -> EnrollResponse {
        self.enroll_as(person, person, role, device).await
    }

    /// [`Office::enroll`] for an official registered under a name of their own.
    pub async fn enroll_as(&self, person: &str, name: &str, role: Role, device: &str) -> EnrollResponse {
        self.enroll_with(person, name, role, device, true).await
    }

    /// [`Office::enroll`] as a build from before signatures does: no key, its events unsigned.
    pub async fn enroll_unsigned(&self, person: &str, role: Role, device: &str) -> EnrollResponse {
        self.enroll_with(person, person, role, device, false).await
    }

    async fn enroll_with(&self, person: &str, name: &str, role: Role, device: &str, signs: bool) -> EnrollResponse {
        let issued = self.issue_as(person, name, role).await;
        let code = issued["code"].as_str().unwrap_or_else(|| panic!("no code: {issued}")).to_owned();
        let r = self
            .http()
            .post(format!("{}{API_PREFIX}/enroll", self.url))
            .json(
                &serde_json::json!({"code": code, "device": device, "label": device, "key": signs.then(|| test_key(device).public())}),
            )
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(r.status().is_success(), "enroll {device}: {}", r.text().await.unwrap_or_default());
        let mut enrolled: EnrollResponse = r.json().await.unwrap_or_else(|e| panic!("{e}"));
        if !signs {
            // An older build reads no office key: it neither signs nor checks.
            enrolled.office_key = None;
        }
        enrolled
    }

    /// Registers players (id, name, rank) at the office, as the organiser's page does.
    pub fn register_players(&self, players: &[(&str, &str, arbiter_core::model::Rank)]) {
        let organiser = Author {
            device: DeviceId::new("office-t1").unwrap_or_else(|e| panic!("{e}")),
            person: PersonId::new("organiser").unwrap_or_else(|e| panic!("{e}")),
            role: Role::Organiser,
        };
        let events = players
            .iter()
            .map(|(id, name, rank)| {
                let p = arbiter_core::model::Player {
                    id: PlayerId::new(*id).unwrap_or_else(|e| panic!("{e}")),
                    name: (*name).to_owned(),
                    rank: *rank,
                    club: None,
                    team: None,
                    board: None,
                    opengotha: None,
                };
                (None, EventBody::PlayerRegistered(p))
            })
            .collect();
        let mut k = 0;
        self.state
            .store
            .record_all(&tournament(), &organiser, events, chrono::Utc::now(), &mut || {
                k += 1;
                Ok(random_from(8_000 + k))
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// Schedules games `g1..=gN` (organiser events recorded at the office), 60 minutes and 5
    /// reserved minutes each.
    pub fn schedule(&self, games: u32) {
        self.schedule_with(games, TimeControl::reserved(60, 5));
    }

    /// Schedules games `g1..=gN` with `time_control` (one durable batch per 1,000 games).
    pub fn schedule_with(&self, games: u32, time_control: TimeControl) {
        let organiser = Author {
            device: DeviceId::new("office-t1").unwrap_or_else(|e| panic!("{e}")),
            person: PersonId::new("organiser").unwrap_or_else(|e| panic!("{e}")),
            role: Role::Organiser,
        };
        let scheduled = |n: u32| -> arbiter_core::event::NewEvent {
            let g = Game {
                id: game(n),
                round: 1,
                table: u16::try_from(n).unwrap_or(u16::MAX),
                black: PlayerId::new(format!("p{}", 2 * n - 1)).unwrap_or_else(|e| panic!("{e}")),
                white: PlayerId::new(format!("p{}", 2 * n)).unwrap_or_else(|e| panic!("{e}")),
                ruleset: RulesetSpec::default(),
                time_control,
                allowed_lateness_minutes: 15,
                handicap: 0,
                reason: None,
            };
            (Some(game(n)), EventBody::GameScheduled(g))
        };
        let all: Vec<u32> = (1..=games).collect();
        for chunk in all.chunks(1_000) {
            let mut k = u64::from(chunk[0]);
            self.state
                .store
                .record_all(
                    &tournament(),
                    &organiser,
                    chunk.iter().map(|&n| scheduled(n)).collect(),
                    chrono::Utc::now(),
                    &mut || {
                        k += 1;
                        Ok(random_from(9_000 + k))
                    },
                )
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// A referee's (or arbiter's) tablet: its own store and sync client.
pub struct Device {
    pub store: Arc<Store>,
    pub client: SyncClient,
    pub author: Author,
    counter: std::sync::atomic::AtomicU64,
}

/// The signing key a test device named `device` enrolls with (the same every time, so a test
/// can sign as that device again: a forgery needs the key of another).
pub fn test_key(device: &str) -> arbiter_core::ledger::SigningKey {
    use sha2::Digest as _;
    let seed: [u8; 32] = sha2::Sha256::digest(format!("weiqi-arbiter test key {device}")).into();
    arbiter_core::ledger::SigningKey::from_seed(&seed).unwrap_or_else(|e| panic!("{e}"))
}

impl Device {
    pub fn new(
        name: &str,
        enrolled: &EnrollResponse,
        office: &Endpoint,
        tweak: impl FnOnce(&mut SyncConfig),
    ) -> Device {
        Self::over(&scratch(name), enrolled, office, tweak, 0)
    }

    /// A device over the store in `dir`, numbering its records from `counter`. Enrolled with a
    /// key, it signs what it records and checks what it pulls, as the app does.
    fn over(
        dir: &std::path::Path,
        enrolled: &EnrollResponse,
        office: &Endpoint,
        tweak: impl FnOnce(&mut SyncConfig),
        counter: u64,
    ) -> Device {
        let store = Arc::new(Store::open(dir, Some(&enrolled.device)).unwrap_or_else(|e| panic!("{e}")));
        if enrolled.office_key.is_some() {
            store.sign_with(arbiter_core::store::Signer {
                id: enrolled.device.clone(),
                key: test_key(enrolled.device.as_str()),
                announces: false,
            });
        }
        let mut cfg = SyncConfig::new(&office.url, enrolled.token.clone(), office.pin.clone());
        cfg.office_key = enrolled.office_key;
        tweak(&mut cfg);
        let client = SyncClient::new(store.clone(), cfg).unwrap_or_else(|e| panic!("{e}"));
        let author = Author { device: enrolled.device.clone(), person: enrolled.person.clone(), role: enrolled.role };
        Device { store, client, author, counter: std::sync::atomic::AtomicU64::new(counter) }
    }

    /// Records an event on this device (offline: nothing is sent).
    pub fn record(&self, game_no: u32, body: EventBody) -> Event {
        self.record_on(&game(game_no), body)
    }

    /// Records an event on game `id` on this device (offline: nothing is sent).
    pub fn record_on(&self, id: &GameId, body: EventBody) -> Event {
        self.record_at(id, body, chrono::Utc::now()).unwrap_or_else(|e| panic!("record: {e}"))
    }

    /// Records an event on game `id` as this device's clock reads `now` (a clock off by some
    /// minutes records with it).
    pub fn record_at(
        &self,
        id: &GameId,
        body: EventBody,
        now: chrono::DateTime<chrono::Utc>,
    ) -> arbiter_core::Result<Event> {
        let n = self.counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let salt = u64::from(
            self.author.device.as_str().bytes().fold(0u32, |a, b| a.wrapping_mul(31).wrapping_add(u32::from(b))),
        );
        self.store.record(tournament(), Some(id.clone()), self.author.clone(), body, now, random_from((salt << 24) | n))
    }

    /// Rounds until a round moves nothing and the outbox is empty (bounded).
    pub async fn settle(&self) {
        for _ in 0..20 {
            if let Ok(r) = self.client.round().await {
                if r.pushed == 0 && r.pulled == 0 && self.store.pending().unwrap_or(1) == 0 {
                    return;
                }
            }
        }
        panic!("{} did not settle: {:?}", self.author.device, self.client.status());
    }
}

/// Every device pushes its outbox at once (a task each); the events pushed, in all.
pub async fn push_all(devices: &[Device]) -> usize {
    let pushes: Vec<_> = devices
        .iter()
        .map(|d| {
            let c = d.client.clone();
            tokio::spawn(async move { c.push().await })
        })
        .collect();
    let mut pushed = 0;
    for p in pushes {
        pushed += p.await.unwrap_or_else(|e| panic!("push task: {e}")).unwrap_or_else(|e| panic!("push: {e}"));
    }
    pushed
}

/// Every event of a store as sorted JSON lines: equal sets compare equal.
pub fn event_set(store: &dyn EventStore) -> Vec<String> {
    let all = store.since(0, usize::MAX).unwrap_or_default();
    let mut v: Vec<String> =
        all.iter().filter(|(_, e)| e.tournament == tournament()).map(|(_, e)| wire::encode(e)).collect();
    v.sort();
    v
}

/// The derived state of every game, as one JSON string: a state hash in readable form.
pub fn state_digest(store: &dyn EventStore, games: u32) -> String {
    let states: Vec<GameState> = (1..=games)
        .map(|n| {
            fold_game(&game(n), RulesetSpec::default(), &store.game_events(&tournament(), &game(n)).unwrap_or_default())
        })
        .collect();
    serde_json::to_string(&states).unwrap_or_default()
}

impl Device {
    /// A device over the store in `dir` (made if new), numbering its records from 0.
    pub fn at(dir: &std::path::Path, enrolled: &EnrollResponse, office: &Endpoint) -> Device {
        Self::over(dir, enrolled, office, |_| {}, 0)
    }

    /// A device over an existing store directory (not wiped), e.g. after its process was killed.
    pub fn reopen(dir: &std::path::Path, enrolled: &EnrollResponse, office: &Endpoint) -> Device {
        Self::over(dir, enrolled, office, |_| {}, 1_000_000)
    }
}

/// Reads a recorder's `ACK <id>` lines and kills it with SIGKILL once `want` records were
/// acknowledged (or `limit` passed): killed mid-stream at a point that varies with `want`, not
/// after a fixed time that a slow start-up can use up. Returns every acknowledged id.
pub fn kill_after_acks(
    mut child: std::process::Child,
    want: usize,
    limit: std::time::Duration,
) -> Vec<arbiter_core::model::EventId> {
    use std::io::BufRead;
    let Some(stdout) = child.stdout.take() else { panic!("the recorder's stdout must be piped") };
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for id in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| l.strip_prefix("ACK ").and_then(|id| id.parse::<arbiter_core::model::EventId>().ok()))
        {
            let _ = tx.send(id);
        }
    });
    let deadline = std::time::Instant::now() + limit;
    let mut acked = Vec::new();
    while acked.len() < want {
        match rx.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
            Ok(id) => acked.push(id),
            Err(_) => break,
        }
    }
    child.kill().unwrap_or_else(|e| panic!("SIGKILL: {e}"));
    child.wait().unwrap_or_else(|e| panic!("reap: {e}"));
    let _ = reader.join();
    acked.extend(rx.try_iter());
    acked
}

/// Prepares an office directory (its events in `store` if given) with tournament t1 and `n`
/// referees enrolled as builds from before signatures (no key: unsigned events), without a
/// server: for office processes a test kills.
pub fn prepare_office(dir: &std::path::Path, store: Option<&str>, n: usize) -> Vec<EnrollResponse> {
    let state = AppState::open_on(dir, store).unwrap();
    init_tournament(&state, tournament(), "重启杯".into(), Default::default()).unwrap();
    let now = chrono::Utc::now();
    (0..n)
        .map(|i| {
            let person = arbiter_core::model::PersonId::new(format!("ref-{i}")).unwrap();
            state.accounts.register_person(&tournament(), &person, "ref", Role::Referee).unwrap();
            let code = state.accounts.issue_code(&tournament(), &person, chrono::Duration::minutes(10), now).unwrap();
            let device = arbiter_core::model::DeviceId::new(format!("tab-{i}")).unwrap();
            let e = state.accounts.enroll(&code.code, &device, "tab", None, now).unwrap();
            EnrollResponse {
                token: e.token,
                tournament: tournament(),
                person,
                role: Role::Referee,
                device,
                office_time: None,
                office_key: None,
            }
        })
        .collect()
}

/// A loopback port free right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts the office test child (`office`, whose path the caller's `CARGO_BIN_EXE_office`
/// gives) on `dir` at 127.0.0.1:`port` and waits (bounded) for its listening line.
pub fn start_office_process(office: &str, dir: &std::path::Path, port: u16) -> std::process::Child {
    start_office_process_on(office, dir, port, None)
}

/// [`start_office_process`] with its events in `store` (a PostgreSQL connection string).
pub fn start_office_process_on(
    office: &str,
    dir: &std::path::Path,
    port: u16,
    store: Option<&str>,
) -> std::process::Child {
    procs::start_office_child(office, dir, port, store, &[], true)
}

/// The resident memory of process `pid`, in MB (0 when it is gone).
pub fn rss_mb(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).map(str::to_owned))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|kb| kb.parse::<f64>().ok()))
        .map_or(0.0, |kb| kb / 1024.0)
}

/// CPU time this process has used so far, every thread's, living or ended (user + system), from
/// `/proc/self/stat` in 10 ms ticks (Linux's USER_HZ, 100 on every architecture we run on): what
/// a benchmark divides by its work, steadier than wall time on a shared machine. Zero where
/// there is no `/proc`.
pub fn process_cpu() -> std::time::Duration {
    let ticks = std::fs::read_to_string("/proc/self/stat").ok().and_then(|s| {
        // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
        let rest = &s[s.rfind(')')? + 1..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
    });
    std::time::Duration::from_millis(ticks.unwrap_or(0) * 10)
}

/// The `p` quantile (0–1) of sorted samples, nearest rank; `None` when there are none.
pub fn percentile<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    let last = sorted.len().checked_sub(1)?;
    sorted.get((last as f64 * p).round() as usize).copied()
}

//! Devices and a real office on 127.0.0.1: offline recording, reconnection in every order,
//! convergence of events and derived state, and exactly-once effect through a proxy that drops,
//! delays, duplicates and cuts responses after the office committed.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Role};
use arbiter_core::rules::{Incident, Outcome, ResultReason, Ruling};
use arbiter_tests::*;
use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;

fn warning(c: Colour) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

fn permutations() -> Vec<[usize; 3]> {
    vec![[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_offline_devices_converge_in_every_reconnect_order() {
    for (k, order) in permutations().into_iter().enumerate() {
        let office = Office::start(&format!("conv-office-{k}")).await;
        office.schedule(2);
        let mut devices = Vec::new();
        for i in 0..3 {
            let e = office.enroll(&format!("ref-{i}"), Role::Referee, &format!("tab-{i}")).await;
            devices.push(Device::new(&format!("conv-{k}-tab-{i}"), &e, &office.endpoint(), |_| {}));
        }
        let chief_e = office.enroll("chief-liu", Role::ChiefArbiter, "chief-tab").await;
        let chief = Device::new(&format!("conv-{k}-chief"), &chief_e, &office.endpoint(), |_| {});

        // Offline: tablets 0 and 1 each warn Black in game 1 (together: 第二十五条二, Black
        // loses); tablet 2 records in game 2; everyone records some advice.
        let first_warning = devices[0].record(1, warning(Colour::Black));
        devices[1].record(1, warning(Colour::Black));
        for (i, d) in devices.iter().enumerate() {
            for j in 0..4u64 {
                d.record(2, advice(j + i as u64));
            }
        }
        devices[2].record(2, warning(Colour::White));
        let recorded = 2 + 3 * 4 + 1;

        for &i in &order {
            devices[i].client.round().await.unwrap_or_else(|e| panic!("order {order:?}: {e}"));
        }
        for &i in &order {
            devices[i].settle().await;
        }
        // The chief arbiter sees the two warnings and overturns the first into advice.
        chief.settle().await;
        let g1 = state_digest(&*chief.store, 2);
        assert!(g1.contains("second_warning"), "order {order:?}: the second warning must have lost the game");
        chief.record(1, EventBody::RulingIssued { incident: first_warning.id, ruling: Ruling::Advice, note: None });
        chief.settle().await;
        for &i in &order {
            devices[i].settle().await;
        }

        let office_set = event_set(&*office.state.store);
        // + the office's own key and each official's device key, registered in the ledger.
        assert_eq!(office_set.len(), 1 + 2 + 4 + recorded + 1 + 1 + 4, "order {order:?}: tournament, 2 schedules, 4 officials, the records and the ruling, the keys: nothing lost or doubled");
        let office_state = state_digest(&*office.state.store, 2);
        for d in devices.iter().chain(std::iter::once(&chief)) {
            assert_eq!(event_set(&*d.store), office_set, "order {order:?}: {} holds other events", d.author.device);
            assert_eq!(
                state_digest(&*d.store, 2),
                office_state,
                "order {order:?}: {} derives another state",
                d.author.device
            );
            let s = arbiter_core::game::fold_game(
                &game(1),
                Default::default(),
                &d.store.game_events(&tournament(), &game(1)).unwrap_or_default(),
            );
            let v = s.incident(first_warning.id).unwrap_or_else(|| panic!("incident missing"));
            assert_eq!(
                v.effective.map(|e| (e.ruling, e.rank)),
                Some((Ruling::Advice, 2)),
                "the chief's ruling reached {}",
                d.author.device
            );
            assert!(s.result.is_none(), "with the first warning overturned, Black has one warning and no loss");
        }
        office.shutdown().await;
    }
}

/// A proxy that misbehaves on purpose, deterministically from a seed.
#[derive(Clone)]
struct Chaos {
    upstream: String,
    http: reqwest::Client,
    seed: Arc<AtomicU64>,
    dropped: Arc<AtomicUsize>,
    cut: Arc<AtomicUsize>,
    duplicated: Arc<AtomicUsize>,
    delayed: Arc<AtomicUsize>,
}

impl Chaos {
    /// A proxy to `office`, its faults drawn from `seed`.
    fn to(office: &Office, seed: u64) -> Chaos {
        Chaos {
            upstream: office.url.clone(),
            http: office.http(),
            seed: Arc::new(AtomicU64::new(seed)),
            dropped: Arc::default(),
            cut: Arc::default(),
            duplicated: Arc::default(),
            delayed: Arc::default(),
        }
    }

    fn roll(&self) -> u64 {
        // xorshift: reproducible, no extra crate.
        let mut x = self.seed.load(Ordering::SeqCst);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.seed.store(x, Ordering::SeqCst);
        x % 100
    }

    async fn forward(
        &self,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
        body: &Bytes,
    ) -> Result<(StatusCode, Bytes), reqwest::Error> {
        let mut req = self
            .http
            .request(method.clone(), format!("{}{}", self.upstream, uri.path_and_query().map_or("", |p| p.as_str())));
        for name in ["authorization", "content-type", "content-encoding"] {
            if let Some(v) = headers.get(name) {
                req = req.header(name, v.clone());
            }
        }
        let resp = req.body(body.clone()).send().await?;
        Ok((resp.status(), resp.bytes().await?))
    }
}

/// Serves `router` on a loopback port: its URL, and the task to abort at the end.
async fn serve_proxy(router: axum::Router) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap_or_else(|e| panic!("{e}"));
    let url = format!("http://{}", listener.local_addr().unwrap_or_else(|e| panic!("{e}")));
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    (url, task)
}

/// Longer than the clients' request timeout: the client gives up and sees a network failure.
const HANG: Duration = Duration::from_millis(900);

async fn chaos_handler(
    axum::extract::State(c): axum::extract::State<Chaos>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    let roll = c.roll();
    let forward = |c: Chaos| {
        let (m, u, h, b) = (method.clone(), uri.clone(), headers.clone(), body.clone());
        async move { c.forward(&m, &u, &h, &b).await }
    };
    let answer = |r: Result<(StatusCode, Bytes), reqwest::Error>| match r {
        Ok((s, b)) => (s, [("content-type", "application/json")], b).into_response(),
        Err(_) => StatusCode::BAD_GATEWAY.into_response(),
    };
    match roll {
        0..=14 => {
            c.dropped.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(HANG).await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
        15..=29 => {
            // The office commits, the answer never arrives.
            let _ = forward(c.clone()).await;
            c.cut.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(HANG).await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
        30..=44 => {
            c.duplicated.fetch_add(1, Ordering::SeqCst);
            let _ = forward(c.clone()).await;
            answer(forward(c).await)
        }
        45..=59 => {
            c.delayed.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(60)).await;
            answer(forward(c).await)
        }
        _ => answer(forward(c).await),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_misbehaving_network_still_gives_exactly_once_effect() {
    let office = Office::start("chaos-office").await;
    office.schedule(1);
    let chaos = Chaos::to(&office, 0x9E37_79B9_7F4A_7C15);
    let (proxy_url, proxy) = serve_proxy(axum::Router::new().fallback(chaos_handler).with_state(chaos.clone())).await;

    let mut devices = Vec::new();
    for i in 0..3 {
        let e = office.enroll(&format!("ref-{i}"), Role::Referee, &format!("tab-{i}")).await;
        devices.push((
            e.clone(),
            Device::new(&format!("chaos-tab-{i}"), &e, &Endpoint::plain(proxy_url.clone()), |c| {
                c.request_timeout = Duration::from_millis(400);
                c.push_batch = 7;
                c.pull_limit = 11;
            }),
        ));
    }
    let mut recorded = Vec::new();
    for round in 0..12u64 {
        for (_, d) in &devices {
            for j in 0..3 {
                recorded.push(d.record(1, advice(round * 10 + j)).id);
            }
            let _ = d.client.round().await; // failures are expected here
        }
    }
    let faults = [&chaos.dropped, &chaos.cut, &chaos.duplicated, &chaos.delayed].map(|c| c.load(Ordering::SeqCst));
    assert!(faults.iter().all(|&n| n > 0), "every kind of fault must have happened: {faults:?}");

    // The network heals: straight to the office until everyone is in sync.
    let healed: Vec<Device> = devices
        .iter()
        .enumerate()
        .map(|(i, (e, _))| Device::new(&format!("chaos-tab-{i}"), e, &office.endpoint(), |_| {}))
        .collect();
    drop(devices);
    for d in &healed {
        d.settle().await;
    }
    for d in &healed {
        d.settle().await;
    }
    let office_set = event_set(&*office.state.store);
    assert_eq!(
        office_set.len(),
        1 + 3 + 1 + recorded.len() + 1 + 3,
        "exactly once: set-up, 3 officials, schedule, each record once, the office's key and the 3 devices' keys"
    );
    for id in &recorded {
        assert!(office.state.store.get(id).unwrap_or(None).is_some(), "{id} never reached the office");
    }
    for d in &healed {
        assert_eq!(event_set(&*d.store), office_set);
        assert_eq!(state_digest(&*d.store, 1), state_digest(&*office.state.store, 1));
    }
    proxy.abort();
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_second_warning_from_another_tablet_decides_the_game_everywhere() {
    let office = Office::start("second-warning-office").await;
    office.schedule(1);
    let a = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let b = office.enroll("ref-b", Role::Referee, "tab-b").await;
    let (a, b) =
        (Device::new("sw-a", &a, &office.endpoint(), |_| {}), Device::new("sw-b", &b, &office.endpoint(), |_| {}));
    a.record(1, warning(Colour::White));
    b.record(1, warning(Colour::White));
    a.settle().await;
    b.settle().await;
    a.settle().await;
    for d in [&a, &b] {
        let s = arbiter_core::game::fold_game(
            &game(1),
            Default::default(),
            &d.store.game_events(&tournament(), &game(1)).unwrap_or_default(),
        );
        let r = s.result.unwrap_or_else(|| panic!("{}: no result", d.author.device));
        assert_eq!((r.outcome, r.reason), (Outcome::win(Colour::Black), ResultReason::SecondWarning));
    }
    office.shutdown().await;
}

/// Forwards everything, but answers every pull after the first with a bad gateway.
async fn one_pull_handler(
    axum::extract::State((c, pulls)): axum::extract::State<(Chaos, Arc<AtomicUsize>)>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    if method == Method::GET && uri.path().ends_with("/events") && pulls.fetch_add(1, Ordering::SeqCst) > 0 {
        return StatusCode::BAD_GATEWAY.into_response();
    }
    match c.forward(&method, &uri, &headers, &body).await {
        Ok((s, b)) => (s, [("content-type", "application/json")], b).into_response(),
        Err(_) => StatusCode::BAD_GATEWAY.into_response(),
    }
}

/// A pull asks for its next page while it stores one: when that request fails (at once, here),
/// the page that came is still stored and the cursor is where it ends — the next pull goes on
/// from there. (Joined so that the first failure drops the other, the page would be lost.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pull_whose_next_page_fails_keeps_the_page_it_had() {
    let office = Office::start("one-page-office").await;
    office.schedule(1);
    let w = office.enroll("ref-w", Role::Referee, "tab-w").await;
    let writer = Device::new("one-page-w", &w, &office.endpoint(), |_| {});
    for j in 0..30 {
        writer.record(1, advice(j));
    }
    writer.settle().await;

    // The proxy forwards as the chaos test's does, with no faults of its own but one.
    let pulls = Arc::new(AtomicUsize::new(0));
    let (proxy_url, proxy) =
        serve_proxy(axum::Router::new().fallback(one_pull_handler).with_state((Chaos::to(&office, 1), pulls.clone())))
            .await;
    let r = office.enroll("ref-r", Role::Referee, "tab-r").await;
    let reader = Device::new("one-page-r", &r, &Endpoint::plain(proxy_url), |c| c.pull_limit = 10);
    assert!(reader.client.pull().await.is_err(), "the second page's request fails");
    assert_eq!(pulls.load(Ordering::SeqCst), 2, "the second page was asked for, once");
    let kept = event_set(&*reader.store);
    assert_eq!(kept.len(), 10, "the first page is stored whole");
    let cursor = reader.store.cursor().unwrap_or_else(|e| panic!("{e}"));
    assert!(cursor > 0, "the cursor moved past the stored page");

    // Straight to the office: the pull goes on from the cursor, and ends with everything.
    let dir = reader.store.dir().to_owned();
    drop(reader);
    let healed = Device::reopen(&dir, &r, &office.endpoint());
    assert_eq!(healed.store.cursor().unwrap_or_else(|e| panic!("{e}")), cursor);
    let more = healed.client.pull().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept.len() + more, event_set(&*office.state.store).len(), "nothing pulled twice");
    assert_eq!(event_set(&*healed.store), event_set(&*office.state.store));
    proxy.abort();
    office.shutdown().await;
}

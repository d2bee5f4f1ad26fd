//! A league's match day on real processes: a central office process on PostgreSQL,
//! two venue office processes on sled (each joined to the centre and forwarding), and a
//! referee's tablet at each venue. At Hangzhou a referee's second warning loses board 1
//! (第二十五条二); Hangzhou's line to the centre is cut, it finishes its match, the line comes
//! back; the centre's season standings and the player's discipline record show it; Shanghai's
//! events are untouched; every event is at the centre exactly once.

use std::future::ready;
use std::time::Duration;

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, EventId};
use arbiter_core::rules::{Incident, Outcome, RulesetSpec, Ruling};
use arbiter_core::store::EventStore;
use arbiter_core::sync::protocol::{EnrollResponse, API_PREFIX};
use arbiter_core::sync::tls::{self, CertFingerprint, Pin, Pins};
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::league::Link;
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;
use serde_json::{json, Value};

const OFFICE: &str = env!("CARGO_BIN_EXE_office");

/// An office process and how to reach it.
struct Proc {
    child: std::process::Child,
    url: String,
    cert: CertFingerprint,
    http: reqwest::Client,
}

impl Proc {
    fn start(dir: &std::path::Path, store: Option<&str>) -> Proc {
        let port = free_port();
        let child = start_office_process_on(OFFICE, dir, port, store);
        let cert = arbiter_office::tls::current(dir).unwrap().fingerprint;
        let http = tls::http_client(&Pins::new(Pin::Exact(vec![cert])), Some(Duration::from_secs(30))).unwrap();
        Proc { child, url: format!("https://127.0.0.1:{port}"), cert, http }
    }

    async fn call(&self, token: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut r = self.http.request(method, format!("{}{API_PREFIX}{path}", self.url)).bearer_auth(token);
        if let Some(b) = body {
            r = r.json(&b);
        }
        let resp = r.send().await.unwrap();
        let status = resp.status();
        let v: Value = resp.json().await.unwrap_or_default();
        assert!(status.is_success(), "{path}: {status} {v}");
        v
    }

    fn endpoint(&self) -> Endpoint {
        Endpoint { url: self.url.clone(), pin: Pin::Exact(vec![self.cert]) }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn warning() -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: Colour::Black },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

fn result(winner: Colour) -> EventBody {
    EventBody::ResultEntered { outcome: Outcome::win(winner), note: None, forfeit: false }
}

/// A tablet enrolled at the venue process `venue` for `person`, with the venue's organiser token.
async fn tablet(venue: &Proc, token: &str, person: &str, device: &str) -> Device {
    let code = venue.call(token, reqwest::Method::POST, "/enrollment-codes", Some(json!({"person": person}))).await;
    let r = venue
        .http
        .post(format!("{}{API_PREFIX}/enroll", venue.url))
        .json(&json!({"code": code["code"], "device": device, "label": device, "key": test_key(device).public()}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let enrolled: EnrollResponse = r.json().await.unwrap();
    Device::new(&format!("procs-{device}"), &enrolled, &venue.endpoint(), |_| {})
}

/// Records on the tablet the game `game` (a game id from the sheet) and returns the event's id.
fn on(d: &Device, game: &str, body: EventBody) -> EventId {
    d.record_on(&arbiter_core::model::GameId::new(game).unwrap(), body).id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_day_across_two_venue_processes_reaches_the_centre_once() {
    let pg = PgCluster::start("league-procs");
    let url = pg.url();
    let central_dir = scratch("procs-central");
    let org = {
        let state = AppState::open_on(&central_dir, Some(&url)).unwrap();
        init_tournament(&state, tournament(), "围甲联赛".into(), RulesetSpec::default()).unwrap().organiser_token
    };
    let central = Proc::start(&central_dir, Some(&url));
    let post = |path: &'static str, body: Value| central.call(&org, reqwest::Method::POST, path, Some(body));
    // The season: four teams on two boards, a team round robin; round 1 paired; its first
    // match (tables 1–2) at Hangzhou, its second (3–4) at Shanghai.
    let settings = json!({"system": {"kind": "team", "boards": 2, "pairing": "round_robin"}, "rounds": 3,
        "time_control": {"main_minutes": 60, "reserved_minutes": 5}, "allowed_lateness_minutes": 15});
    central
        .call(
            &org,
            reqwest::Method::PUT,
            "/tournament",
            Some(json!({"name": "围甲联赛", "ruleset": {"preset": "chinese_1988"}, "settings": settings})),
        )
        .await;
    for team in ["杭州", "上海", "北京", "深圳"] {
        for board in [1, 2] {
            post("/players", json!({"name": format!("{team}{board}台"), "rank": format!("{}d", 6 - board), "team": team, "board": board})).await;
        }
    }
    let sheet = post("/rounds/1/pair", json!({})).await;
    let boards: Vec<(String, String)> = sheet["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["game"].as_str().unwrap().to_owned(), b["black"]["id"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(boards.len(), 4);
    for (venue, tables) in [("venue-hz", [1, 2]), ("venue-sh", [3, 4])] {
        post("/people", json!({"id": venue, "name": venue, "role": "office"})).await;
        post("/venues", json!({"venue": venue, "round": 1, "tables": tables})).await;
    }
    for r in ["ref-hz", "ref-sh"] {
        post("/people", json!({"id": r, "name": r, "role": "referee"})).await;
    }

    // Hangzhou reaches the centre through a line the test can cut; Shanghai directly.
    let line = Link::to(central.url.trim_start_matches("https://").parse().unwrap()).await;
    let mut venues = Vec::new();
    let mut venue_dirs = Vec::new();
    for (name, via) in [("venue-hz", line.url.clone()), ("venue-sh", central.url.clone())] {
        let code = post("/enrollment-codes", json!({"person": name})).await["code"].as_str().unwrap().to_owned();
        let dir = scratch(&format!("procs-{name}"));
        let device = arbiter_core::model::DeviceId::new(name).unwrap();
        let joined = arbiter_office::server::join_office(&dir, &via, central.cert, &code, &device).await.unwrap();
        venues.push((Proc::start(&dir, None), joined.organiser_token));
        venue_dirs.push(dir);
    }
    let (hz, sh) = (&venues[0], &venues[1]);
    let li = tablet(&hz.0, &hz.1, "ref-hz", "tab-hz").await;
    let wu = tablet(&sh.0, &sh.1, "ref-sh", "tab-sh").await;

    // Hangzhou, board 1: Black warned twice — the second warning loses it (第二十五条二).
    let mut at_hz = vec![on(&li, &boards[0].0, warning()), on(&li, &boards[0].0, warning())];
    // Shanghai plays its match through.
    let at_sh = vec![on(&wu, &boards[2].0, result(Colour::White)), on(&wu, &boards[3].0, result(Colour::Black))];
    li.settle().await;
    wu.settle().await;

    // Hangzhou's line is cut; it finishes its match, its tablet syncing with the venue.
    line.cut().await;
    at_hz.push(on(&li, &boards[1].0, result(Colour::White)));
    li.settle().await;
    let store = arbiter_office::pg::PgStore::connect(&url).unwrap();
    let at_centre = |ids: &[EventId]| ids.iter().filter(|id| store.get(id).unwrap().is_some()).count();
    // The result waits at Hangzhou, unforwarded, and the centre has none of it.
    let health = hz.0.call(&hz.1, reqwest::Method::GET, "/health", None).await;
    assert!(health["forward_behind"].as_u64().is_some_and(|n| n >= 1), "{health}");
    assert_eq!(at_centre(&at_hz[2..]), 0, "nothing crosses a cut line");
    line.restore();
    eventually("Hangzhou caught up once its line came back, Shanghai too", secs(30), || {
        ready((at_centre(&at_hz) == at_hz.len() && at_centre(&at_sh) == at_sh.len()).then_some(()))
    })
    .await;

    // Each event at the centre once; Shanghai's games hold exactly what Shanghai recorded.
    let all = store.all_events().unwrap();
    for id in at_hz.iter().chain(&at_sh) {
        assert_eq!(all.iter().filter(|e| e.id == *id).count(), 1, "{id} exactly once");
    }
    for (k, id) in [(2, at_sh[0]), (3, at_sh[1])] {
        let game = arbiter_core::model::GameId::new(&boards[k].0).unwrap();
        let ids: Vec<EventId> = store.game_events(&tournament(), &game).unwrap().iter().map(|e| e.id).collect();
        assert_eq!(ids.len(), 2, "the schedule and Shanghai's result");
        assert_eq!(ids[1], id);
    }

    // The centre's season standings count every board; board 1 was lost by the second warning.
    let get = |path: String| {
        let (central, org) = (&central, &org);
        async move { central.call(org, reqwest::Method::GET, &path, None).await }
    };
    let sheet = get("/rounds/1/pairings".into()).await;
    let first = sheet["boards"][0].to_string();
    assert!(first.contains("second_warning"), "{first}");
    let standings = get("/standings".into()).await;
    assert_eq!(standings["pending"], 0, "{standings}");
    assert_eq!(standings["criteria"][0], "match_points");
    // The player's record at the centre: the two warnings and the loss they cost.
    let record = get(format!("/league/players/{}", boards[0].1)).await;
    assert_eq!(record["entry"]["warnings"], 2, "{record}");
    assert_eq!(record["entry"]["losses_by_penalty"], 1, "{record}");

    // An auditor's walk (docs/security.md): Hangzhou keeps the centre's receipts (what
    // `arbiter-office receipts --data` prints); a copy of the centre's ledger without Hangzhou's
    // last event has every chain whole, and only the receipts show it is cut (what
    // `verify --receipts` says).
    drop(li);
    drop(venues);
    let hz = AppState::open_on(&venue_dirs[0], None).unwrap();
    let receipts = hz.forwarder().unwrap().expect("a venue").receipts().unwrap();
    assert!(receipts.iter().any(|r| r.signer.as_str() == "tab-hz"), "{receipts:?}");
    let copy = store.all_events().unwrap();
    let honest = arbiter_office::verify::check_receipts(&copy, &receipts);
    assert!(honest.iter().all(|c| c.satisfied()), "{honest:?}");
    let last = *at_hz.last().unwrap();
    let cut: Vec<_> = copy.into_iter().filter(|e| e.id != last).collect();
    let mut report = arbiter_office::verify::verify(&cut, None, Vec::new());
    let tab = report.signers.iter().find(|s| s.signer.as_str() == "tab-hz").expect("the tablet's chain");
    assert!(tab.missing_links.is_empty() && tab.forged.is_empty(), "a cut end leaves no gap in the chain: {tab:?}");
    report.receipts = arbiter_office::verify::check_receipts(&cut, &receipts);
    let said = arbiter_office::verify::render_text(&report);
    assert!(said.contains("CUT") && said.contains("tab-hz"), "{said}");
    drop(line);
}

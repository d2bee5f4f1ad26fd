//! Two office processes' worth of servers on one PostgreSQL database (a real throwaway
//! cluster): devices enrolled and pushing through either, pulling from either, converge on the
//! same events and the same derived state, nothing lost or doubled; an enrollment code spent at
//! one is spent at the other; the office's pages read the same from both.

use arbiter_core::domain::{Colour, Role};
use arbiter_core::event::EventBody;
use arbiter_core::rules::{Incident, RulesetSpec, Ruling};
use arbiter_core::sync::protocol::{EnrollResponse, API_PREFIX};
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;

fn warning(c: Colour) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

async fn enroll_at(office: &Office, code: &str, device: &str) -> reqwest::Response {
    office
        .http()
        .post(format!("{}{API_PREFIX}/enroll", office.url))
        .json(&serde_json::json!({"code": code, "device": device, "label": device, "key": test_key(device).public()}))
        .send()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn devices_through_two_offices_on_one_database_converge_and_codes_are_spent_once() {
    let pg = PgCluster::start("two-offices");
    // One office folder (its key and certificate) that both processes share.
    let data = scratch("pg-two-offices");
    let first = AppState::open_on(&data, Some(&pg.url())).unwrap();
    let report = init_tournament(&first, tournament(), "联赛".into(), RulesetSpec::default()).unwrap();
    let a = Office::serve(first, report.organiser_token.clone()).await;
    let b = Office::serve(AppState::open_on(&data, Some(&pg.url())).unwrap(), report.organiser_token.clone()).await;
    assert_eq!(a.cert, b.cert, "one office, one certificate");
    a.schedule(2);

    // A code issued at one office and used at the other; then refused at both.
    let code = a.code_for("ref-0", Role::Referee).await;
    let r = enroll_at(&b, &code, "tab-0").await;
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    let enrolled_0: EnrollResponse = r.json().await.unwrap();
    for office in [&a, &b] {
        let again = enroll_at(office, &code, "tab-x").await;
        assert_eq!(again.status(), 401);
        let body: serde_json::Value = again.json().await.unwrap();
        assert!(body["message"].as_str().unwrap().contains("already used"), "{body}");
    }

    // Two referees through A, two through B; each records offline, then syncs.
    let mut devices = vec![Device::new("pg-tab-0", &enrolled_0, &b.endpoint(), |_| {})];
    for i in 1..4 {
        let (enrol_at, sync_at) = if i % 2 == 0 { (&b, &a) } else { (&a, &b) };
        let e = enrol_at.enroll(&format!("ref-{i}"), Role::Referee, &format!("tab-{i}")).await;
        devices.push(Device::new(&format!("pg-tab-{i}"), &e, &sync_at.endpoint(), |_| {}));
    }
    devices[0].record(1, warning(Colour::Black));
    devices[1].record(1, warning(Colour::Black));
    for (i, d) in devices.iter().enumerate() {
        for j in 0..5u64 {
            d.record(2, advice(10 * i as u64 + j));
        }
    }
    // Pushes to both at once, then again (duplicates): each event is stored once.
    let (r0, r1, r2, r3) = tokio::join!(
        devices[0].client.round(),
        devices[1].client.round(),
        devices[2].client.round(),
        devices[3].client.round()
    );
    for r in [r0, r1, r2, r3] {
        r.unwrap();
    }
    for d in &devices {
        d.settle().await;
    }
    for d in &devices {
        d.settle().await;
    }

    let office_set = event_set(&*a.state.store);
    assert_eq!(office_set, event_set(&*b.state.store), "one database");
    // tournament, 2 schedules, the office's key, 4 officials and their keys, 2 + 20 records.
    assert_eq!(office_set.len(), 1 + 2 + 1 + 4 + 4 + 22, "nothing lost or doubled");
    let office_state = state_digest(&*a.state.store, 2);
    assert!(office_state.contains("second_warning"), "the second warning lost game 1 (第二十五条二)");
    for d in &devices {
        assert_eq!(event_set(&*d.store), office_set, "{} holds other events", d.author.device);
        assert_eq!(state_digest(&*d.store, 2), office_state, "{} derives another state", d.author.device);
    }

    // The office's pages: the same tables and game from either process.
    for path in ["/tables", "/games/g1"] {
        let [x, y]: [serde_json::Value; 2] =
            [get_json(&a, path, &report.organiser_token).await, get_json(&b, path, &report.organiser_token).await];
        assert_eq!(x, y, "{path} differs between the two offices");
    }
    a.shutdown().await;
    b.shutdown().await;
}

async fn get_json(office: &Office, path: &str, token: &str) -> serde_json::Value {
    let r = office.http().get(format!("{}{API_PREFIX}{path}", office.url)).bearer_auth(token).send().await.unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_stopped_mid_event_is_a_503_devices_retry_and_nothing_acknowledged_is_lost() {
    let pg = PgCluster::start("stopped");
    let data = scratch("pg-stopped");
    let state = AppState::open_on(&data, Some(&pg.url())).unwrap();
    let report = init_tournament(&state, tournament(), "联赛".into(), RulesetSpec::default()).unwrap();
    let office = Office::serve(state, report.organiser_token.clone()).await;
    office.schedule(1);
    let e = office.enroll("ref-0", Role::Referee, "tab-0").await;
    let device = Device::new("pg-stopped-tab", &e, &office.endpoint(), |_| {});
    for j in 0..5 {
        device.record(1, advice(j));
    }
    device.settle().await;
    let before = event_set(&*office.state.store).len();

    // The database goes down while the referee goes on recording.
    pg.stop();
    for j in 5..15 {
        device.record(1, advice(j));
    }
    assert!(device.client.round().await.is_err(), "a push while the database is down is not acknowledged");
    assert_eq!(device.store.pending().unwrap(), 10, "the device keeps every unacknowledged event");
    let ready = office.http().get(format!("{}{API_PREFIX}/ready", office.url)).send().await.unwrap();
    assert_eq!(ready.status(), 503);
    let body: serde_json::Value = ready.json().await.unwrap();
    assert_eq!(body["code"], "store_unavailable", "{body}");
    let status = office
        .http()
        .get(format!("{}{API_PREFIX}/tables", office.url))
        .bearer_auth(&report.organiser_token)
        .send()
        .await
        .unwrap();
    assert_eq!(status.status(), 503, "a page while the database is down: 503, not a hang or a 500");

    // Back up: the device's next rounds deliver everything, once.
    pg.restart();
    device.settle().await;
    assert_eq!(device.store.pending().unwrap(), 0);
    let after = event_set(&*office.state.store);
    assert_eq!(after.len(), before + 10, "every event recorded while the database was down arrived, once");
    assert_eq!(event_set(&*device.store), after);
    office.shutdown().await;
}

/// The door counts across offices: an address guessing codes at one office and then at the
/// other is locked out at both, the organiser sees it at either, and a lift at one lifts it at
/// both. (Waits shortened by the policy, as in `abuse_limits.rs`; the counting is production's.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lock_out_at_one_office_holds_at_the_other_and_is_lifted_at_either() {
    let pg = PgCluster::start("door");
    let data = scratch("pg-door");
    let quick = arbiter_office::limits::Policy {
        first_wait: std::time::Duration::from_millis(10),
        max_wait: std::time::Duration::from_millis(20),
        ..Default::default()
    };
    let open = || {
        let mut state = AppState::open_on(&data, Some(&pg.url())).unwrap();
        let door = state.store.keyspace(arbiter_office::door::KEYSPACE).unwrap();
        state.door = std::sync::Arc::new(arbiter_office::door::Door::new(quick, door));
        state
    };
    let first = open();
    let report = init_tournament(&first, tournament(), "联赛".into(), RulesetSpec::default()).unwrap();
    let a = Office::serve(first, report.organiser_token.clone()).await;
    let b = Office::serve(open(), report.organiser_token.clone()).await;
    let from =
        |office: &Office| office.http_builder().local_address(std::net::IpAddr::from([127, 0, 0, 9])).build().unwrap();
    let guess = |office: &Office, n: u32| {
        let client = from(office);
        let url = format!("{}{API_PREFIX}/enroll", office.url);
        async move {
            let r = client
                .post(url)
                .json(&serde_json::json!({"code": format!("ZZZZ-{n:04}"), "device": "evil", "label": "evil"}))
                .send()
                .await
                .unwrap();
            let status = r.status().as_u16();
            let body: serde_json::Value = r.json().await.unwrap();
            (status, body["code"].as_str().unwrap_or_default().to_owned())
        }
    };
    // Half the guesses at A, the rest at B, until locked out: one count across both.
    let mut answered = 0;
    for n in 0..400u32 {
        let office = if answered < quick.lock_after / 2 { &a } else { &b };
        match guess(office, n).await {
            (401, _) => answered += 1,
            (429, code) if code == "too_many_attempts" => {
                tokio::time::sleep(std::time::Duration::from_millis(30)).await
            }
            (429, code) if code == "locked_out" => break,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    assert_eq!(answered, quick.lock_after, "the allowed number of guesses, counted across both offices");
    for office in [&a, &b] {
        assert_eq!(guess(office, 999).await, (429, "locked_out".to_owned()), "locked out at {}", office.url);
        let list = get_json(office, "/lockouts", &report.organiser_token).await;
        assert_eq!(list[0]["address"], "127.0.0.9", "{list}");
        assert_eq!(list[0]["locked"], true, "{list}");
    }
    let lift = b
        .http()
        .delete(format!("{}{API_PREFIX}/lockouts/127.0.0.9", b.url))
        .bearer_auth(&report.organiser_token)
        .send()
        .await
        .unwrap();
    assert_eq!(lift.status(), 200);
    assert_eq!(guess(&a, 1_000).await.0, 401, "lifted at B, the address is answered again at A");
    a.shutdown().await;
    b.shutdown().await;
}

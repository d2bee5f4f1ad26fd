//! Two office processes' worth of servers on one PostgreSQL database (a real throwaway
//! cluster): devices enrolled and pushing through either, pulling from either, converge on the
//! same events and the same derived state, nothing lost or doubled; an enrollment code spent at
//! one is spent at the other; the office's pages read the same from both; a lock-out at one
//! holds at the other. Faults: the database stopped mid-event, the connection pool exhausted
//! behind a lock, and two real office processes killed with SIGKILL mid-batch.

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Role};
use arbiter_core::rules::{Incident, RulesetSpec, Ruling};
use arbiter_core::store::EventStore;
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
            [a.get_json(path, &report.organiser_token).await, b.get_json(path, &report.organiser_token).await];
        assert_eq!(x, y, "{path} differs between the two offices");
    }
    a.shutdown().await;
    b.shutdown().await;
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
        let list = office.get_json("/lockouts", &report.organiser_token).await;
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

/// The connection pool exhausted: the events table locked from outside for longer than a
/// statement may run, and more pushes at once than the office has connections. Each push is
/// answered — 503 `store_unavailable` once PostgreSQL cancels its statement or no connection
/// comes free — none hangs, and once the lock is gone every event arrives, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_exhausted_pushes_get_503_none_hangs_and_all_arrive_later() {
    let pg = PgCluster::start("pool");
    let data = scratch("pg-pool");
    // Statements cancelled after 2 s here (30 s by default): the test's lock outlasts them.
    let url = format!("{} options='-c statement_timeout=2000'", pg.url());
    let state = AppState::open_on(&data, Some(&url)).unwrap();
    let report = init_tournament(&state, tournament(), "联赛".into(), RulesetSpec::default()).unwrap();
    let office = Office::serve(state, report.organiser_token.clone()).await;
    office.schedule(1);
    // More devices than the pool's 16 connections.
    let mut devices = Vec::new();
    for i in 0..24 {
        let e = office.enroll(&format!("ref-{i}"), Role::Referee, &format!("tab-{i}")).await;
        devices.push(Device::new(&format!("pg-pool-tab-{i}"), &e, &office.endpoint(), |c| {
            c.request_timeout = std::time::Duration::from_secs(60)
        }));
    }
    for (i, d) in devices.iter().enumerate() {
        d.record(1, advice(i as u64));
    }
    let before = event_set(&*office.state.store).len();

    let mut locker = pg.hold_lock("events", 8);
    let started = std::time::Instant::now();
    let pushes: Vec<_> = devices
        .iter()
        .map(|d| {
            let client = d.client.clone();
            tokio::spawn(async move { (client.push().await, started.elapsed()) })
        })
        .collect();
    let mut answers = Vec::new();
    for p in pushes {
        answers.push(p.await.unwrap());
    }
    let mut refused = 0;
    for (answer, took) in &answers {
        assert!(*took < std::time::Duration::from_secs(20), "a push waited {took:?}");
        match answer {
            Ok(_) => {}
            Err(arbiter_core::CoreError::Remote { status: 503, code, .. }) if code == "store_unavailable" => {
                refused += 1
            }
            Err(e) => panic!("a push while the pool is exhausted: {e:?}"),
        }
    }
    assert!(refused > 16, "more pushes than connections were refused, not hung ({refused} of 24)");
    locker.wait().unwrap();
    for d in &devices {
        d.settle().await;
    }
    let after = event_set(&*office.state.store);
    assert_eq!(after.len(), before + 24, "every event arrived once the lock was gone, once");
    office.shutdown().await;
}

const OFFICE: &str = env!("CARGO_BIN_EXE_office");

/// Two office processes on one database, each killed with SIGKILL in turn while devices push
/// to both in small batches, then started again: every event recorded reaches the database
/// once, and every device ends with the same events as the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn office_processes_killed_mid_batch_lose_nothing_acknowledged_and_store_nothing_twice() {
    let pg = PgCluster::start("kill");
    let data = scratch("pg-kill");
    let enrolled = prepare_office(&data, Some(&pg.url()), 4);
    let cert = arbiter_office::tls::current(&data).unwrap().fingerprint;
    let ports = [free_port(), free_port()];
    let endpoint = |port: u16| Endpoint {
        url: format!("https://127.0.0.1:{port}"),
        pin: arbiter_core::sync::tls::Pin::Exact(vec![cert]),
    };
    // Devices 0 and 2 sync through the first process, 1 and 3 through the second.
    let devices: Vec<Device> = enrolled
        .iter()
        .enumerate()
        .map(|(i, e)| {
            Device::new(&format!("pg-kill-tab-{i}"), e, &endpoint(ports[i % 2]), |c| {
                c.request_timeout = std::time::Duration::from_secs(2);
                c.push_batch = 5;
            })
        })
        .collect();
    let start = |port: u16| start_office_process_on(OFFICE, &data, port, Some(&pg.url()));
    let mut offices = [start(ports[0]), start(ports[1])];
    let mut recorded = Vec::new();
    for phase in 0..6u64 {
        let mut tasks = Vec::new();
        for d in &devices {
            recorded.extend((0..15).map(|j| d.record(1, advice(phase * 100 + j)).id));
            let client = d.client.clone();
            tasks.push(tokio::spawn(async move {
                for _ in 0..3 {
                    let _ = client.round().await;
                }
            }));
        }
        tokio::time::sleep(std::time::Duration::from_millis(15 + 10 * phase)).await;
        let victim = (phase % 2) as usize;
        offices[victim].kill().unwrap();
        offices[victim].wait().unwrap();
        for t in tasks {
            let _ = t.await;
        }
        offices[victim] = start(ports[victim]);
    }
    for _ in 0..2 {
        for d in &devices {
            d.settle().await;
        }
    }
    for o in &mut offices {
        o.kill().unwrap();
        o.wait().unwrap();
    }
    let store = arbiter_office::pg::PgStore::connect(&pg.url()).unwrap();
    for id in &recorded {
        assert!(store.get(id).unwrap().is_some(), "{id} was lost");
    }
    let stored = event_set(&store);
    // The office's key registration, the tournament, each record.
    assert_eq!(stored.len(), 2 + recorded.len(), "the tournament and each record exactly once");
    assert_eq!(store.last_seq().unwrap(), stored.len() as u64, "no number used twice or skipped");
    for d in &devices {
        assert_eq!(event_set(&*d.store), stored);
    }
}

//! What officials and organisers read from a real office: the incident list and its filters, the
//! chief arbiter's queue, per-game state and the results export; and the device's background
//! sync loop going offline and coming back.

use std::time::Duration;

use arbiter_core::domain::{Colour, Role};
use arbiter_core::event::EventBody;
use arbiter_core::rules::{Incident, Ruling};
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_tests::*;

async fn get(office: &Office, token: &str, path: &str) -> (u16, String) {
    let r = office.http().get(format!("{}{API_PREFIX}{path}", office.url)).bearer_auth(token).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn incidents_queue_state_and_export() {
    let office = Office::start("views-office").await;
    office.schedule(2);
    let e = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let d = Device::new("views-tab", &e, &office.endpoint(), |_| {});
    let warn = |c| EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: None,
    };
    d.record(1, warn(Colour::Black));
    d.record(1, warn(Colour::Black)); // 第二十五条二: Black (p1) loses game 1
    let moved = d.record(
        2,
        EventBody::IncidentRecorded {
            incident: Incident::MovedStones { mover: None, players_agree: false, deliberate: false },
            ruling: None,
            note: None,
        },
    );
    d.record(2, EventBody::Escalated { incident: moved.id, to: Role::ChiefArbiter, note: None });
    d.settle().await;

    let (s, body) = get(&office, &e.token, "/incidents").await;
    assert_eq!(s, 200);
    let all: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 3);
    let count = |q: &'static str| {
        let office = &office;
        let token = e.token.clone();
        async move {
            let (s, body) = get(office, &token, &format!("/incidents?{q}")).await;
            assert_eq!(s, 200, "{q}: {body}");
            serde_json::from_str::<serde_json::Value>(&body).unwrap().as_array().unwrap().len()
        }
    };
    assert_eq!(count("article=24.2").await, 2);
    assert_eq!(count("article=17.3").await, 1, "an unruled incident matches the article its table cites");
    assert_eq!(count("table=2").await, 1);
    assert_eq!(count("player=p1").await, 2, "Black of game 1 is p1");
    assert_eq!(count("player=p4").await, 1, "no known mover: both players of game 2");
    assert_eq!(count("round=2").await, 0);

    let (_, body) = get(&office, &e.token, "/queue").await;
    let queue: serde_json::Value = serde_json::from_str(&body).unwrap();
    let kinds: Vec<(&str, &str)> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q["kind"].as_str().unwrap_or_default(), q["for_role"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(kinds, [("escalation", "chief_arbiter")], "{body}");

    let (s, body) = get(&office, &e.token, "/games/g1/state").await;
    assert_eq!(s, 200);
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["result"]["reason"], "second_warning");

    let (s, csv) = get(&office, &office.organiser_token, "/export?format=csv").await;
    assert_eq!(s, 200);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "round,table,game,black,white,status,result,margin,reason,article,black_warnings,white_warnings"
    );
    assert_eq!(lines[1], "1,1,g1,p1,p2,finished,White wins,,second warning,第二十五条二 / Art. 25.2,2,0");
    assert_eq!(lines[2], "1,2,g2,p3,p4,scheduled,,,,,0,0");
    let (s, json) = get(&office, &office.organiser_token, "/export?format=json").await;
    assert_eq!(s, 200);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&json).unwrap()["games"].as_array().unwrap().len(), 2);
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_background_loop_goes_offline_and_catches_up_by_itself() {
    let office = Office::start("loop-office").await;
    office.schedule(1);
    let port: u16 = office.url.rsplit(':').next().unwrap().parse().unwrap();
    let e = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let d = Device::new("loop-tab", &e, &office.endpoint(), |c| {
        c.poll_interval = Duration::from_millis(200);
        c.backoff_min = Duration::from_millis(50);
        c.backoff_max = Duration::from_millis(400);
        c.request_timeout = Duration::from_millis(500);
    });
    let stop = std::sync::Arc::new(tokio::sync::Notify::new());
    let runner = tokio::spawn(d.client.clone().run(stop.clone()));
    let wait_for = |what: &'static str, cond: Box<dyn Fn() -> bool + Send>| async move {
        for _ in 0..100 {
            if cond() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("timed out waiting for: {what}");
    };
    let first = d.record(1, advice(1));
    d.client.nudge();
    let st = office.state.clone();
    wait_for("first record at the office", Box::new(move || st.store.get(&first.id).ok().flatten().is_some())).await;
    let c = d.client.clone();
    wait_for("online", Box::new(move || c.status().online)).await;

    // The office goes away: the tablet keeps recording and says it is offline.
    let (state, token) = (office.state.clone(), office.organiser_token.clone());
    office.shutdown().await;
    let offline = d.record(1, advice(2));
    d.client.nudge();
    let c = d.client.clone();
    wait_for("offline with an error in words", Box::new(move || !c.status().online && c.status().last_error.is_some()))
        .await;
    assert_eq!(d.client.status().pending, 1);

    // It comes back on the same address: the loop delivers without being asked.
    let office = Office::serve_on(state, token, port).await;
    let st = office.state.clone();
    wait_for("offline record delivered", Box::new(move || st.store.get(&offline.id).ok().flatten().is_some())).await;
    let c = d.client.clone();
    wait_for(
        "synced",
        Box::new(move || c.status().online && c.status().pending == 0 && c.status().last_error.is_none()),
    )
    .await;
    stop.notify_one();
    runner.await.unwrap();
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_office_reads_a_games_clock_and_the_calls_due() {
    let office = Office::start("reader-view-office").await;
    // 第十二条: no main time, two reserved minutes; the clock started 45 s ago.
    office.schedule_with(1, arbiter_core::domain::TimeControl { main_minutes: 0, reserved_minutes: 2 });
    let e = office.enroll("ref-c", Role::Referee, "tab-c").await;
    let started = chrono::Utc::now() - chrono::Duration::seconds(45);
    let author = arbiter_core::domain::Author { device: e.device.clone(), person: e.person.clone(), role: e.role };
    office
        .state
        .store
        .record(tournament(), Some(game(1)), author, EventBody::ClockStarted, started, random_from(77))
        .unwrap();
    let start_ms = started.timestamp_millis() as u64;
    let (status, body) = get(&office, &e.token, &format!("/games/g1/reader?after={}", start_ms + 29_500)).await;
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    // Slept through 30 and 40 seconds: only what is true now is said.
    assert_eq!(v["say"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["say"][0]["zh"], "40秒");
    assert_eq!(v["say"][0]["clip"], "s40");
    assert_eq!(v["clock"]["to_move"], "black");
    assert_eq!(v["clock"]["black"]["reserve"], 2);
    assert!(v["time_up"].is_null());
    let (status, body) = get(&office, &e.token, "/games/g1/reader?after=soon").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("bad_query"), "{body}");
    assert_eq!(get(&office, &e.token, "/games/nope/reader").await.0, 404);
    office.shutdown().await;
}

//! What officials and organisers read from a real office: the incident list and its filters, the
//! chief arbiter's queue, per-game state and the results export; and the device's background
//! sync loop going offline and coming back.

use std::time::Duration;

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Role};
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
            incident: Incident::MovedStones { mover: None, players_agree: false, deliberate: false, restorable: None },
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
    // Each wait: `eventually` over a check of what the test has in hand, for at most 5 s.
    let wait_for = |what: &'static str, cond: Box<dyn Fn() -> bool + Send>| async move {
        eventually(what, secs(5), || std::future::ready(cond().then_some(()))).await
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
    office.schedule_with(1, arbiter_core::model::TimeControl::reserved(0, 2));
    let e = office.enroll("ref-c", Role::Referee, "tab-c").await;
    let started = chrono::Utc::now() - chrono::Duration::seconds(45);
    let author = arbiter_core::model::Author { device: e.device.clone(), person: e.person.clone(), role: e.role };
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
    assert_eq!(v["say"][0]["words"]["zh"], "40秒");
    assert_eq!(v["say"][0]["words"]["ko"], "40초");
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

async fn post(office: &Office, token: &str, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
    send(office, reqwest::Method::POST, token, path, Some(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_counting_board_and_move_checks_are_served_to_the_browser() {
    let office = Office::start("board-office").await;
    let e = office.enroll("chief-b", Role::ChiefArbiter, "web-b").await;
    let fixture = |name: &str| {
        std::fs::read_to_string(format!("{}/../shared/domain/tests/fixtures/sgf/{name}", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
    };
    // A CGoban-scored 9×9 record: its final position and the dead stones its marks show.
    let (status, loaded) =
        post(&office, &e.token, "/board/record", serde_json::json!({"sgf": fixture("cgoban_9x9_w_5_half.sgf")})).await;
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["dead"], serde_json::json!(["G4", "A8", "B8"]));
    // Counted as KBA territory with 5.5 komi: 23 + 1 against 18 + 6 + 5.5, White by 5.5.
    let ask = serde_json::json!({"board": loaded["board"], "dead": loaded["dead"], "method": "territory", "komi": 5.5});
    let (status, counted) = post(&office, &e.token, "/board/count", ask.clone()).await;
    assert_eq!(status, 200, "{counted}");
    assert_eq!(
        (counted["tally"]["black"]["total_halves"].as_u64(), counted["tally"]["white"]["total_halves"].as_u64()),
        (Some(48), Some(48))
    );
    assert_eq!(counted["outcome"]["winner"], "white");
    // A 9×9 count is not a tournament result here: said so, not recorded.
    assert!(counted["count"].is_null());
    assert!(counted["not_recordable"].as_str().unwrap_or_default().contains("19×19"), "{counted}");
    // Bad input is a 400 that says what was wrong; nothing panics.
    let mut bad = ask.clone();
    bad["komi"] = serde_json::json!(6.3);
    let (status, err) = post(&office, &e.token, "/board/count", bad).await;
    assert_eq!((status, err["code"].as_str()), (400, Some("out_of_range")), "{err}");
    let mut bad = ask.clone();
    bad["dead"] = serde_json::json!(["E5", "E5"]);
    assert_eq!(post(&office, &e.token, "/board/count", bad).await.0, 400);
    let (status, err) = post(&office, &e.token, "/board/record", serde_json::json!({"sgf": "(;SZ[9];B[ee]"})).await;
    assert_eq!(status, 400);
    assert!(err["message"].as_str().unwrap_or_default().contains("line 1"), "{err}");
    // A move check: the KataGo record's move 5 is legal; move 400 does not exist.
    let katago = fixture("katago_botvbot_w_half.sgf");
    let (status, c) = post(&office, &e.token, "/board/check", serde_json::json!({"sgf": katago, "move_no": 5})).await;
    assert_eq!((status, c["verdict"]["verdict"].as_str()), (200, Some("legal")), "{c}");
    let (status, err) =
        post(&office, &e.token, "/board/check", serde_json::json!({"sgf": katago, "move_no": 400})).await;
    assert_eq!(status, 400, "{err}");
    // An immediate ko recapture in a record: 第二十条一, with the facts for the form.
    let ko = "(;SZ[19]AB[as][br][bq]AW[bs][cr][cq][ds];B[cs];W[bs];B[pd])";
    let (_, c) = post(&office, &e.token, "/board/check", serde_json::json!({"sgf": ko, "move_no": 2})).await;
    assert_eq!(c["verdict"]["article"], "20.1", "{c}");
    assert_eq!(c["verdict"]["incident"]["type"], "ko_recapture");
    assert_eq!(
        c["verdict"]["incident"]["facts"]["objection"],
        serde_json::json!({"by": "record", "offending_move": 2, "claimed_after_move": 3})
    );
    // Officials only.
    let r = office.http().post(format!("{}{API_PREFIX}/board/count", office.url)).json(&ask).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 401);
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reader_reads_byo_yomi_periods_as_the_organiser_set_them() {
    use arbiter_core::model::{Overtime, TimeControl};
    let office = Office::start("reader-periods-office").await;
    // No main time, 3 periods of 30 s (OpenGotha's STDBYOYOMI, Japanese and Korean practice).
    office.schedule_with(1, TimeControl::with(0, Overtime::Periods { periods: 3, seconds: 30 }));
    let e = office.enroll("ref-p", Role::Referee, "tab-p").await;
    let started = chrono::Utc::now() - chrono::Duration::seconds(45);
    let author = arbiter_core::model::Author { device: e.device.clone(), person: e.person.clone(), role: e.role };
    office
        .state
        .store
        .record(tournament(), Some(game(1)), author, EventBody::ClockStarted, started, random_from(78))
        .unwrap();
    let start_ms = started.timestamp_millis() as u64;
    let (status, body) = get(&office, &e.token, &format!("/games/g1/reader?after={}", start_ms + 29_500)).await;
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    // A period used at 30 s ("还剩2次") is said even though the reader slept past it; then 10 s
    // into the next.
    let said: Vec<&str> = v["say"].as_array().unwrap().iter().filter_map(|c| c["words"]["zh"].as_str()).collect();
    assert_eq!(said, ["还剩2次", "10秒"], "{v}");
    assert_eq!(v["clock"]["overtime"], serde_json::json!({"system": "periods", "count": 3, "period_ms": 30000}));
    assert_eq!(v["clock"]["black"]["reserve"], 2);
    office.shutdown().await;
}

async fn send(
    office: &Office,
    method: reqwest::Method,
    token: &str,
    path: &str,
    body: Option<serde_json::Value>,
) -> (u16, serde_json::Value) {
    let mut r = office.http().request(method, format!("{}{API_PREFIX}{path}", office.url)).bearer_auth(token);
    if let Some(b) = body {
        r = r.json(&b);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(serde_json::Value::Null))
}

/// 第三十一条: the chief arbiter writes an evaluation of each referee after the event; the
/// organiser and the committee read them, a referee may neither write nor read them, and they
/// never enter the ledger a tablet pulls.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chief_arbiter_evaluates_each_referee_and_no_tablet_receives_it() {
    use reqwest::Method;
    let office = Office::start("evaluations").await;
    let chief = office.enroll("chief-e", Role::ChiefArbiter, "web-chief").await;
    let referee = office.enroll("ref-e", Role::Referee, "tab-ref").await;
    let committee = office.enroll("com-e", Role::Committee, "web-com").await;
    let text = "判罚准确，第二十三条六的离席处理得当；读秒声音可再清楚些。";
    let (status, e) = send(
        &office,
        Method::PUT,
        &chief.token,
        "/referees/ref-e/evaluation",
        Some(serde_json::json!({ "text": text })),
    )
    .await;
    assert_eq!(status, 200, "{e}");
    assert_eq!(
        (e["referee"].as_str(), e["by"].as_str(), e["text"].as_str()),
        (Some("ref-e"), Some("chief-e"), Some(text))
    );
    // A second one replaces the first.
    let (status, _) = send(
        &office,
        Method::PUT,
        &chief.token,
        "/referees/ref-e/evaluation",
        Some(serde_json::json!({ "text": "很好" })),
    )
    .await;
    assert_eq!(status, 200);
    for token in [&office.organiser_token, &chief.token, &committee.token] {
        let (status, list) = send(&office, Method::GET, token, "/evaluations", None).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list.as_array().map(Vec::len), Some(1));
        assert_eq!(list[0]["text"], "很好");
    }
    // The referee may neither write nor read; nobody evaluates a person who is no referee, or
    // with no text.
    let (status, refused) = send(
        &office,
        Method::PUT,
        &referee.token,
        "/referees/ref-e/evaluation",
        Some(serde_json::json!({ "text": "x" })),
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("forbidden")));
    assert_eq!(send(&office, Method::GET, &referee.token, "/evaluations", None).await.0, 403);
    let (status, missing) = send(
        &office,
        Method::PUT,
        &chief.token,
        "/referees/chief-e/evaluation",
        Some(serde_json::json!({ "text": "x" })),
    )
    .await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("not_found")), "{missing}");
    let (status, empty) = send(
        &office,
        Method::PUT,
        &chief.token,
        "/referees/ref-e/evaluation",
        Some(serde_json::json!({ "text": "  " })),
    )
    .await;
    assert_eq!((status, empty["code"].as_str()), (400, Some("invalid_field")));
    // Nothing of it is in the ledger a tablet pulls.
    let mut exported = Vec::new();
    office.state.store.export(&mut exported).unwrap();
    assert!(!String::from_utf8(exported).unwrap().contains("很好"));
}

/// 第三十一条三: a referee records at the tables assigned to them. Referees on tables 1–2 and
/// 3–4: a record of one on the other's table is refused (403, naming the table and the
/// referee's tables) and nothing is stored; a cover the chief arbiter assigns lets it through;
/// the table list names each table's referee, for a referee's phone to put their own first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_records_only_at_their_own_tables() {
    use reqwest::Method;
    let office = Office::start("own-tables").await;
    office.schedule(4);
    let li = office.enroll("ref-li", Role::Referee, "web-li").await;
    let wang = office.enroll("ref-wang", Role::Referee, "web-wang").await;
    let chief = office.enroll("chief-ma", Role::ChiefArbiter, "web-ma").await;
    let org = office.organiser_token.clone();
    for (referee, tables) in [("ref-li", [1, 2]), ("ref-wang", [3, 4])] {
        let (s, r) = send(
            &office,
            Method::POST,
            &org,
            "/referees",
            Some(serde_json::json!({"referee": referee, "tables": tables})),
        )
        .await;
        assert_eq!(s, 200, "{r}");
    }
    let warning = serde_json::json!({"body": {"kind": "incident_recorded", "data": {"incident": {"type": "disturbing", "facts": {"offender": "black"}}, "ruling": "warning"}}});

    let (s, mine) = send(&office, Method::POST, &li.token, "/games/g1/events", Some(warning.clone())).await;
    assert_eq!(s, 200, "on their own table: {mine}");
    let (s, refused) = send(&office, Method::POST, &li.token, "/games/g3/events", Some(warning.clone())).await;
    assert_eq!((s, refused["code"].as_str()), (403, Some("not_your_table")), "{refused}");
    assert_eq!(
        refused["message"],
        "table 3 is not assigned to referee `ref-li` (their tables: 1, 2); the chief arbiter assigns a cover from the desk"
    );
    let (_, g3) = send(&office, Method::GET, &org, "/games/g3/state", None).await;
    assert_eq!(g3["incidents"].as_array().map(Vec::len), Some(0), "nothing stored: {g3}");

    // The chief arbiter is held to no table; a cover for table 3 lets ref-li record there.
    let (s, r) = send(&office, Method::POST, &chief.token, "/games/g4/events", Some(warning.clone())).await;
    assert_eq!(s, 200, "{r}");
    let (s, r) = send(
        &office,
        Method::POST,
        &chief.token,
        "/referees",
        Some(serde_json::json!({"referee": "ref-li", "tables": [3]})),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let (s, r) = send(&office, Method::POST, &li.token, "/games/g3/events", Some(warning.clone())).await;
    assert_eq!(s, 200, "covering table 3: {r}");
    let (s, r) = send(&office, Method::POST, &wang.token, "/games/g3/events", Some(warning)).await;
    assert_eq!((s, r["code"].as_str()), (403, Some("not_your_table")), "table 3 is no longer ref-wang's: {r}");

    let (_, rows) = send(&office, Method::GET, &li.token, "/tables", None).await;
    let referees: Vec<(u64, Option<&str>)> =
        rows.as_array().unwrap().iter().map(|r| (r["table"].as_u64().unwrap(), r["referee"].as_str())).collect();
    assert_eq!(referees, [(1, Some("ref-li")), (2, Some("ref-li")), (3, Some("ref-li")), (4, Some("ref-wang"))]);
    office.shutdown().await;
}

/// A record a phone made offline carries the moment it was made, on the office's clock as the
/// phone last learned it: the office keeps that moment as the event's wall time (what the rules'
/// times read) and its arrival as the HLC stamp; a moment beyond the clock-skew bound ahead, or
/// older than the office answers a request once, is refused with why and nothing is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_made_offline_keeps_the_moment_it_was_made_and_its_arrival() {
    use reqwest::Method;
    let office = Office::start("made-at").await;
    office.schedule(1);
    let li = office.enroll("ref-li", Role::Referee, "web-li").await;
    let (_, status) = send(&office, Method::GET, &li.token, "/status", None).await;
    let office_now = status["now_ms"].as_u64().expect("the office's clock in /status");
    let warning = |made: u64| serde_json::json!({"body": {"kind": "incident_recorded", "data": {"incident": {"type": "disturbing", "facts": {"offender": "black"}}, "ruling": "warning"}}, "made_at_ms": made});
    let made = office_now - 40_000;
    let (s, r) = send(&office, Method::POST, &li.token, "/games/g1/events", Some(warning(made))).await;
    assert_eq!(s, 200, "{r}");
    let t = tournament();
    let events = office.state.store.game_events(&t, &game(1)).unwrap();
    let e = events.iter().find(|e| matches!(e.body, EventBody::IncidentRecorded { .. })).expect("the warning stored");
    assert_eq!(e.wall_time.timestamp_millis(), made as i64, "the moment it was made");
    assert!(e.hlc.wall_ms >= office_now, "stamped on arrival: {} < {office_now}", e.hlc.wall_ms);
    let (_, state) = send(&office, Method::GET, &li.token, "/games/g1/state", None).await;
    assert_eq!(
        state["incidents"][0]["wall_time"]
            .as_str()
            .map(|w| chrono::DateTime::parse_from_rfc3339(w).unwrap().timestamp_millis()),
        Some(made as i64)
    );

    // With the moment this try was sent (Sent-At-Ms, on the same corrected clock): the record's
    // age on the phone is taken from the office's clock, so an offset an hour stale cancels out.
    let stale = office_now - 3_600_000;
    let before = chrono::Utc::now().timestamp_millis();
    let r = office
        .http()
        .post(format!("{}{API_PREFIX}/games/g1/events", office.url))
        .bearer_auth(&li.token)
        .header("Sent-At-Ms", (stale + 30_000).to_string())
        .json(&warning(stale))
        .send()
        .await
        .unwrap();
    let after = chrono::Utc::now().timestamp_millis();
    assert_eq!(r.status().as_u16(), 200, "{}", r.text().await.unwrap_or_default());
    let events = office.state.store.game_events(&t, &game(1)).unwrap();
    let aged = events.iter().rfind(|e| matches!(e.body, EventBody::IncidentRecorded { .. })).unwrap();
    let wall = aged.wall_time.timestamp_millis();
    assert!(
        wall >= before - 30_000 && wall <= after - 30_000,
        "made 30 s before it arrived: {wall} in {before}..{after}"
    );
    let (s, bad) = {
        let r = office
            .http()
            .post(format!("{}{API_PREFIX}/games/g1/events", office.url))
            .bearer_auth(&li.token)
            .header("Sent-At-Ms", "soon")
            .json(&warning(office_now))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json::<serde_json::Value>().await.unwrap())
    };
    assert_eq!((s, bad["code"].as_str()), (400, Some("bad_header")), "{bad}");

    // Beyond the bound: six minutes ahead, or a day and an hour ago. Nothing stored.
    let (s, ahead) =
        send(&office, Method::POST, &li.token, "/games/g1/events", Some(warning(office_now + 6 * 60_000))).await;
    assert_eq!((s, ahead["code"].as_str()), (400, Some("clock_ahead")), "{ahead}");
    assert!(
        ahead["message"].as_str().unwrap().contains("ahead of the office's clock (at most 300 s allowed)"),
        "{ahead}"
    );
    let (s, old) =
        send(&office, Method::POST, &li.token, "/games/g1/events", Some(warning(office_now - 25 * 3_600_000))).await;
    assert_eq!((s, old["code"].as_str()), (400, Some("made_too_long_ago")), "{old}");
    assert!(old["message"].as_str().unwrap().starts_with("made 25 h ago"), "{old}");
    let after = office.state.store.game_events(&t, &game(1)).unwrap();
    assert_eq!(after.len(), events.len(), "nothing stored for either");
    office.shutdown().await;
}

/// An incident recorded without a ruling and escalated in one request (what a phone keeps as one
/// record offline): both stored at once, the escalation naming the incident the office minted,
/// on the chief arbiter's desk; `escalate_to` with a ruled incident is refused, nothing stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unruled_incident_and_its_escalation_are_one_record() {
    use reqwest::Method;
    let office = Office::start("escalate-at-once").await;
    office.schedule(1);
    let li = office.enroll("ref-li", Role::Referee, "web-li").await;
    let chief = office.enroll("chief-ma", Role::ChiefArbiter, "web-ma").await;
    let moved = serde_json::json!({"type": "moved_stones", "facts": {"players_agree": false, "deliberate": false}});
    let (s, r) = send(
        &office,
        Method::POST,
        &li.token,
        "/games/g1/events",
        Some(serde_json::json!({"body": {"kind": "incident_recorded", "data": {"incident": moved}}, "escalate_to": "chief_arbiter"})),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let incident = r["state"]["incidents"][0].clone();
    assert_eq!(incident["escalated_to"], serde_json::json!(["chief_arbiter"]), "{incident}");
    let (_, queue) = send(&office, Method::GET, &chief.token, "/queue", None).await;
    let cards: Vec<(&str, &str)> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["kind"].as_str().unwrap_or_default(), c["incident"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(cards, [("escalation", incident["id"].as_str().unwrap())], "{queue}");

    let ruled = serde_json::json!({"body": {"kind": "incident_recorded", "data": {"incident": {"type": "disturbing", "facts": {"offender": "black"}}, "ruling": "warning"}}, "escalate_to": "chief_arbiter"});
    let (s, refused) = send(&office, Method::POST, &li.token, "/games/g1/events", Some(ruled)).await;
    assert_eq!((s, refused["code"].as_str()), (400, Some("not_escalable")), "{refused}");
    let (_, g) = send(&office, Method::GET, &li.token, "/games/g1", None).await;
    assert_eq!(g["state"]["incidents"].as_array().map(Vec::len), Some(1), "nothing more stored");
    office.shutdown().await;
}

/// 第二十三条 from a phone that tapped an arrival offline: the office runs the late-arrival timer
/// at the moment tapped, not at the arrival of the request. Round 1 started 20 minutes ago with
/// 15 minutes allowed: White seated 4 minutes after the start (tapped then, sent now) has 240 s
/// taken off (23.3) where "now" would forfeit; Black seated now forfeits (23.1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_arrival_tapped_offline_is_timed_at_the_moment_it_was_tapped() {
    use reqwest::Method;
    let office = Office::start("arrival-offline").await;
    office.schedule(2);
    let li = office.enroll("ref-li", Role::Referee, "web-li").await;
    let (_, status) = send(&office, Method::GET, &li.token, "/status", None).await;
    let now = status["now_ms"].as_u64().unwrap();
    let start = now - 20 * 60_000;
    let starts_at = chrono::DateTime::from_timestamp_millis(start as i64).unwrap().to_rfc3339();
    let (s, r) = send(
        &office,
        Method::PUT,
        &office.organiser_token,
        "/rounds/1",
        Some(serde_json::json!({"starts_at": starts_at})),
    )
    .await;
    assert_eq!(s, 200, "{r}");

    let (s, g2) = send(
        &office,
        Method::POST,
        &li.token,
        "/games/g2/arrival",
        Some(serde_json::json!({"side": "white", "made_at_ms": start + 4 * 60_000})),
    )
    .await;
    assert_eq!(s, 200, "{g2}");
    let i = &g2["state"]["incidents"][0];
    assert_eq!(
        (&i["incident"]["type"], &i["incident"]["facts"], &i["effective"]["ruling"]),
        (
            &serde_json::json!("late_arrival"),
            &serde_json::json!({"black_late_secs": 0, "white_late_secs": 240}),
            &serde_json::json!("deduct_late_time")
        ),
        "{i}"
    );
    assert_eq!(g2["state"]["result"], serde_json::Value::Null);

    let (s, g1) =
        send(&office, Method::POST, &li.token, "/games/g1/arrival", Some(serde_json::json!({"side": "black"}))).await;
    assert_eq!(s, 200, "{g1}");
    assert_eq!(g1["state"]["incidents"][0]["effective"]["ruling"], "forfeit", "{g1}");
    assert_eq!(g1["state"]["result"]["winner"], "white", "{g1}");
    office.shutdown().await;
}

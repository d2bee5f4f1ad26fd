//! Clock skew (hall security): a tablet whose clock is a year ahead and one a day behind. Both
//! learn the office's time when they enroll and on every sync, say so in the banner, and stamp
//! their events with the corrected time, so a game's incidents keep the order they happened
//! in; an event stamped far ahead (a device that did not correct) is refused by the office and
//! moves nobody's clock. Real office on 127.0.0.1, real app core and stores.

use std::sync::Arc;
use std::time::Duration;

use arbiter_core::app::App;
use arbiter_core::clock::{Hlc, MAX_AHEAD_MS};
use arbiter_core::event::{Event, EventBody, SCHEMA_VERSION};
use arbiter_core::game::fold_game;
use arbiter_core::model::{Author, Colour, EventId, Role};
use arbiter_core::rules::{Incident, ResultReason, Ruling};
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_core::wall_clock::WallClock;
use arbiter_tests::*;

const DAY_MS: i64 = 86_400_000;

fn warn(c: Colour) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

fn now_ms() -> u64 {
    u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap()
}

/// Waits (bounded) until `cond` holds.
async fn until(what: &str, cond: impl Fn() -> bool) {
    eventually(what, secs(10), || std::future::ready(cond().then_some(()))).await;
}

/// A clock that never strays beyond the bound from the real one.
fn sane(h: Hlc, label: &str) {
    let now = now_ms();
    assert!(h.wall_ms <= now + MAX_AHEAD_MS, "{label}: clock at {} is beyond the bound ({now})", h.wall_ms);
    assert!(h.wall_ms + 60_000 >= now.saturating_sub(DAY_MS as u64 * 2), "{label}: clock at {} far behind", h.wall_ms);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tablet_a_year_ahead_and_one_a_day_behind_keep_the_game_in_order() {
    let office = Office::start("skew-office").await;
    office.schedule(1);
    let ahead =
        Arc::new(App::open_with_clock(&scratch("skew-ahead"), WallClock::off_by(chrono::Duration::days(365))).unwrap());
    let behind =
        Arc::new(App::open_with_clock(&scratch("skew-behind"), WallClock::off_by(-chrono::Duration::days(1))).unwrap());
    ahead.enroll(&office.link_for("ref-a", Role::Referee).await, "", "", "tab-a", "A").await.unwrap();
    behind.enroll(&office.link_for("ref-b", Role::Referee).await, "", "", "tab-b", "B").await.unwrap();

    // Enrollment told each tablet how far off it is; the banner reads it from the status.
    let skew = |app: &App| app.status().sync.clock_skew.expect("measured at enrollment").offset_ms;
    assert!((skew(&ahead) + 365 * DAY_MS).abs() < 5_000, "{}", skew(&ahead));
    assert!((skew(&behind) - DAY_MS).abs() < 5_000, "{}", skew(&behind));
    assert!(ahead.status().sync.clock_skew.unwrap().noticeable());

    let stop = Arc::new(tokio::sync::Notify::new());
    let tasks = [tokio::spawn(ahead.sync_task(stop.clone())), tokio::spawn(behind.sync_task(stop.clone()))];
    until("the schedule reaches both tablets", || {
        ahead.tables().map(|t| t.len()).unwrap_or(0) == 1 && behind.tables().map(|t| t.len()).unwrap_or(0) == 1
    })
    .await;

    // The tablet a year ahead warns Black first; the office accepts it (stamped with the
    // corrected time), and the tablet a day behind sees it and warns Black again.
    ahead.record(&game(1), warn(Colour::Black)).unwrap();
    until("A's warning reaches B", || behind.game(&game(1)).map(|g| g.state.warnings(Colour::Black)).unwrap_or(0) == 1)
        .await;
    behind.record(&game(1), warn(Colour::Black)).unwrap();
    until("B's warning reaches the office", || {
        office.state.store.game_events(&office.tournament, &game(1)).map(|e| e.len()).unwrap_or(0) >= 3
    })
    .await;
    let events = office.state.store.game_events(&office.tournament, &game(1)).unwrap();
    let state = fold_game(&game(1), Default::default(), &events);
    let result = state.result.expect("the second warning decides the game (第二十五条二)");
    assert_eq!(result.reason, ResultReason::SecondWarning);
    let warnings: Vec<&str> = events
        .iter()
        .filter(|e| matches!(e.body, EventBody::IncidentRecorded { .. }))
        .map(|e| e.author.device.as_str())
        .collect();
    assert_eq!(warnings, ["tab-a", "tab-b"], "the game's order is the order things happened");
    for e in &events {
        sane(e.hlc, &format!("event by {}", e.author.device));
        // The wall time too: it is what the game clock reads (第十二条), so it is corrected.
        let wall = Hlc::new(u64::try_from(e.wall_time.timestamp_millis()).unwrap(), 0);
        sane(wall, &format!("wall time of an event by {}", e.author.device));
    }

    // A device that did not correct its clock: an event stamped a year ahead is refused.
    let rogue = office.enroll("ref-c", Role::Referee, "tab-c").await;
    let year_ahead = now_ms() + 365 * DAY_MS as u64;
    let mut e = Event {
        schema: SCHEMA_VERSION,
        rules: Some(arbiter_core::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: EventId::from_parts(year_ahead, [7; 10]),
        tournament: office.tournament.clone(),
        game: Some(game(1)),
        author: Author { device: rogue.device.clone(), person: rogue.person.clone(), role: Role::Referee },
        hlc: Hlc::new(year_ahead, 0),
        wall_time: chrono::DateTime::from_timestamp_millis(year_ahead as i64).unwrap(),
        body: warn(Colour::White),
    };
    test_key("tab-c").sign(&mut e, rogue.device.clone());
    let answer: serde_json::Value = office
        .http()
        .post(format!("{}{API_PREFIX}/events", office.url))
        .bearer_auth(&rogue.token)
        .json(&serde_json::json!({"events": [e]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["results"][0]["status"], "rejected", "{answer}");
    assert_eq!(answer["results"][0]["code"], "clock_ahead", "{answer}");
    assert!(answer["office_time"].is_string(), "every sync answer carries the office's time: {answer}");
    let refusals = office.state.accounts.refusals(&office.tournament, 100).unwrap();
    assert!(refusals.iter().any(|r| r.code == "clock_ahead"), "{refusals:?}");

    // Nobody's clock left the bound, once both tablets have synced after the refusal (had the
    // office taken the rogue's stamp, they would have pulled it).
    ahead.sync_once().await.unwrap();
    behind.sync_once().await.unwrap();
    sane(office.state.store.sled().unwrap().hlc().unwrap(), "office");
    sane(ahead.store().hlc().unwrap(), "tablet a year ahead");
    sane(behind.store().hlc().unwrap(), "tablet a day behind");
    stop.notify_waiters();
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(5), t).await;
    }
    office.shutdown().await;
}

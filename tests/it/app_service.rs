//! The app's use cases against a real office: what the referee's screens do, without a screen.

use std::future::ready;
use std::sync::Arc;

use arbiter_core::app::App;
use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Role};
use arbiter_core::rules::{Article, Incident, Outcome, ResultReason, Ruling};
use arbiter_core::{CoreError, DomainError};
use arbiter_tests::*;

fn warn(c: Colour) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_walks_a_game_through_the_app_service() {
    let office = Office::start("app-office").await;
    office.schedule(2);
    let app = Arc::new(App::open(&scratch("app-device")).unwrap());
    assert!(app.status().identity.is_none());
    let e = app.record(&game(1), warn(Colour::Black)).unwrap_err();
    assert!(matches!(e, CoreError::Domain(DomainError::NotEnrolled)), "not enrolled yet: {e:?}");

    // Typed by hand: the address, the code, and the short fingerprint the office page shows.
    let short = office.cert.unwrap().short();
    let bad = app.enroll(&office.url, "ZZZZ-ZZZZ", &short, "tab-1", "Table 1").await.unwrap_err();
    assert!(matches!(&bad, CoreError::Remote { status: 401, code, .. } if code == "unauthenticated"), "{bad:?}");
    let code = office.code_for("ref-wang", Role::Referee).await;
    let no_fp = app.enroll(&office.url, &code, "", "tab-1", "Table 1").await.unwrap_err();
    assert!(
        matches!(&no_fp, CoreError::Domain(DomainError::Invalid { field, .. }) if field == "fingerprint"),
        "{no_fp:?}"
    );
    let wrong_fp = app.enroll(&office.url, &code, "0000 0000 0000 0000", "tab-1", "Table 1").await.unwrap_err();
    assert!(matches!(wrong_fp, CoreError::OfficeCertificate { .. }), "{wrong_fp:?}");
    let hall_http = app.enroll("http://192.168.1.10:7878", &code, "", "tab-1", "Table 1").await.unwrap_err();
    assert!(hall_http.to_string().contains("only for an office on this machine"), "{hall_http}");
    assert!(app.status().identity.is_none(), "nothing kept from a refused enrollment");
    let me = app.enroll(&office.url, &code.to_lowercase(), &short.to_lowercase(), "tab-1", "Table 1").await.unwrap();
    assert_eq!(me.office_cert.as_deref(), Some(short.as_str()), "the whole certificate is pinned");
    assert_eq!((me.role, me.device.as_str()), (Role::Referee, "tab-1"));

    let stop = Arc::new(tokio::sync::Notify::new());
    let task = tokio::spawn(app.sync_task(stop.clone()));
    // The schedule arrives from the office.
    eventually("the schedule at the tablet", secs(5), || {
        ready((app.tables().map_or(0, |t| t.len()) == 2).then_some(()))
    })
    .await;
    let tables = app.tables().unwrap();
    assert_eq!(tables.iter().map(|t| (t.round, t.table)).collect::<Vec<_>>(), [(1, 1), (1, 2)]);

    app.record(&game(1), warn(Colour::Black)).unwrap();
    let p = app.preview(&game(1), warn(Colour::Black)).unwrap();
    let r = p.result_after.unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.article),
        (Outcome::win(Colour::White), ResultReason::SecondWarning, Article::Art25_2)
    );
    assert!(app.game(&game(1)).unwrap().state.result.is_none(), "a preview records nothing");
    // A ruling the article does not allow is shown as refused before confirming, and refused on record.
    let bad = EventBody::IncidentRecorded {
        incident: Incident::DoubleMove { offender: Colour::White, objection: None },
        ruling: Some(Ruling::Warning),
        note: None,
    };
    assert_eq!(app.preview(&game(2), bad.clone()).unwrap().refused.unwrap().code, "ruling_not_allowed");
    let e = app.record(&game(2), bad).unwrap_err();
    assert!(matches!(e, CoreError::Domain(DomainError::RulingNotAllowed { .. })), "{e:?}");

    let view = app.record(&game(1), warn(Colour::Black)).unwrap();
    assert_eq!(view.state.result.unwrap().reason, ResultReason::SecondWarning);
    assert_eq!(view.black.id.as_str(), "p1");
    assert!(view.catalogue.iter().any(|e| e.rulings.iter().any(|r| r.article == Article::Art17_3)));

    // Escalate a 17.3 disagreement: it lands in the queue for the chief arbiter.
    let moved = EventBody::IncidentRecorded {
        incident: Incident::MovedStones { mover: None, players_agree: false, deliberate: false, restorable: None },
        ruling: None,
        note: None,
    };
    let v = app.record(&game(2), moved).unwrap();
    let inc = v.state.incidents[0].id;
    app.record(&game(2), EventBody::Escalated { incident: inc, to: Role::ChiefArbiter, note: None }).unwrap();
    let q = app.queue().unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].item.for_role, Role::ChiefArbiter);

    // Everything reaches the office.
    eventually("everything at the office", secs(5), || {
        let s = app.status().sync;
        ready((s.pending == 0 && s.online).then_some(()))
    })
    .await;
    assert_eq!(event_set(&*office.state.store), event_set(&**app.store()));
    stop.notify_one();
    task.await.unwrap();

    // A restart keeps the banner's “synced at”.
    let dir = app.store().dir().to_owned();
    let synced = app.status().sync.last_success;
    assert!(synced.is_some());
    drop(app);
    let app = Arc::new(App::open(&dir).unwrap());
    assert_eq!(app.status().sync.last_success.map(|t| t.timestamp_millis()), synced.map(|t| t.timestamp_millis()));

    // Power-loss stand-in: sled's files are gone, the synced journal and identity file remain.
    let own = app
        .store()
        .tournament_events(&tournament())
        .unwrap()
        .iter()
        .filter(|e| e.author.device.as_str() == "tab-1")
        .count();
    drop(app);
    std::fs::remove_dir_all(dir.join("sled")).unwrap();
    let app = Arc::new(App::open(&dir).unwrap());
    assert_eq!(app.status().identity.map(|i| i.device.as_str().to_owned()).as_deref(), Some("tab-1"), "still enrolled");
    assert_eq!(app.store().pending().unwrap(), own, "its own events are back in the outbox");
    let before = event_set(&*office.state.store);
    let stop = Arc::new(tokio::sync::Notify::new());
    let task = tokio::spawn(app.sync_task(stop.clone()));
    eventually("the outbox sent again", secs(5), || ready((app.store().pending().unwrap() == 0).then_some(()))).await;
    assert_eq!(event_set(&*office.state.store), before, "resending is idempotent: nothing doubled");
    // For an auditor: the office's receipt of what it holds of this tablet's events, to a file.
    let (file, text) = app.export_receipts().unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let receipts: Vec<arbiter_core::ledger::Receipt> = serde_json::from_str(&text).unwrap();
    let mine: Vec<_> = receipts.iter().filter(|r| r.signer.as_str() == "tab-1").collect();
    assert_eq!(mine.len(), 1, "{text}");
    let signed = office
        .state
        .store
        .all_events()
        .unwrap()
        .iter()
        .filter(|e| e.sig.as_ref().is_some_and(|s| s.by.as_str() == "tab-1"))
        .count();
    assert_eq!(mine[0].count as usize, signed, "the office's count of this tablet's signed events");
    stop.notify_one();
    task.await.unwrap();
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tablet_enrolls_from_the_link_the_office_page_shows_as_a_qr_code() {
    let office = Office::start("qr-office").await;
    let issued = office.issue("ref-qr", Role::Referee).await;
    let link = issued["link"].as_str().unwrap().to_owned();
    let parsed = arbiter_core::sync::enroll_link::EnrollLink::parse(&link).unwrap();
    assert_eq!((parsed.office.as_str(), parsed.code.as_str()), (office.url.as_str(), issued["code"].as_str().unwrap()));
    let svg = issued["qr_svg"].as_str().unwrap();
    assert!(svg.contains("<svg") && svg.contains("<path") && svg.len() > 1_000, "{svg}");

    // The tablet reads the link (camera or paste) into the address field; no code typed.
    let app = App::open(&scratch("qr-device")).unwrap();
    assert_eq!(parsed.fingerprint, office.cert, "the link carries the certificate to pin");
    assert_eq!(issued["fingerprint"].as_str(), office.cert.map(|c| c.short()).as_deref());
    let bad = app.enroll("weiqi-arbiter:enroll?v=9&office=x&code=y", "", "", "tab-qr", "QR").await.unwrap_err();
    assert!(bad.to_string().contains("version 9"), "{bad}");
    let me = app.enroll(&link, "", "", "tab-qr", "QR").await.unwrap();
    assert_eq!((me.role, me.device.as_str()), (Role::Referee, "tab-qr"));
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_rotates_and_a_revoked_tablet_hands_over_what_it_did_not_send() {
    let office = Office::start("rotate-office").await;
    office.schedule(1);
    let api = |path: &str| format!("{}{}{path}", office.url, arbiter_core::sync::protocol::API_PREFIX);
    let http = office.http();

    // Rotation over HTTP: the old token is dead at once, the new one works.
    let e = office.enroll("ref-x", Role::Referee, "tab-x").await;
    let r = http.post(api("/token/rotate")).bearer_auth(&e.token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let new: serde_json::Value = r.json().await.unwrap();
    let new = new["token"].as_str().unwrap().to_owned();
    assert_ne!(new, e.token);
    assert_eq!(http.get(api("/status")).bearer_auth(&e.token).send().await.unwrap().status().as_u16(), 401);
    assert_eq!(http.get(api("/status")).bearer_auth(&new).send().await.unwrap().status().as_u16(), 200);

    // The app rotates its own token and keeps syncing with the new one.
    let app = Arc::new(App::open(&scratch("rotate-device")).unwrap());
    app.enroll(&office.link_for("ref-r", Role::Referee).await, "", "", "tab-r", "R").await.unwrap();
    app.rotate_token().await.unwrap();
    let stop = Arc::new(tokio::sync::Notify::new());
    let task = tokio::spawn(app.sync_task(stop.clone()));
    eventually("the table with the rotated token", secs(5), || {
        ready((app.tables().map_or(0, |t| t.len()) == 1).then_some(()))
    })
    .await;
    app.record(&game(1), warn(Colour::Black)).unwrap();
    eventually("synced with the rotated token", secs(5), || ready((app.status().sync.pending == 0).then_some(())))
        .await;

    // The tablet is lost: the organiser sees it among the devices and revokes it in one step.
    let devices: serde_json::Value =
        http.get(api("/devices")).bearer_auth(&office.organiser_token).send().await.unwrap().json().await.unwrap();
    let tab_r = devices.as_array().unwrap().iter().find(|d| d["device"] == "tab-r").unwrap().clone();
    assert_eq!((tab_r["person"].as_str(), tab_r["revoked"].as_bool()), (Some("ref-r"), Some(false)));
    let r = http.post(api("/devices/tab-r/revoke")).bearer_auth(&office.organiser_token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let devices: serde_json::Value =
        http.get(api("/devices")).bearer_auth(&office.organiser_token).send().await.unwrap().json().await.unwrap();
    assert!(devices.as_array().unwrap().iter().any(|d| d["device"] == "tab-r" && d["revoked"] == true));

    // What the revoked tablet records stays with it, for the chief arbiter to review.
    let before = office.state.store.last_seq().unwrap();
    let recorded = app.record(&game(1), warn(Colour::White)).unwrap();
    // The tablet tried and the office refused it (401, revoked): its sync says so.
    eventually("the office refusing the revoked tablet", secs(5), || {
        let s = app.status().sync;
        ready(s.last_error.is_some_and(|e| e.contains("(401)") && e.contains("revoked")).then_some(()))
    })
    .await;
    assert_eq!(office.state.store.last_seq().unwrap(), before, "a revoked device's event is never merged");
    assert_eq!(app.status().sync.pending, 1);
    let unsent = app.unsent().unwrap();
    let lines: Vec<_> = unsent.lines().map(|l| arbiter_core::event::wire::decode(l).unwrap()).collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].game.as_ref(), Some(&game(1)));
    assert!(recorded.state.warnings(Colour::White) >= 1);
    stop.notify_waiters();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), task).await;
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_byo_yomi_reader_reads_the_clock_the_referee_presses() {
    use arbiter_core::model::TimeControl;
    use arbiter_core::wall_clock::ManualClock;
    use chrono::Duration;

    let office = Office::start("reader-office").await;
    // Table 1 plays with a 2-minute limit whose last minute is reserved for byo-yomi (第十二条二:
    // 在时限内保留几分钟开始读秒), so 1 minute of main time first.
    office.schedule_with(1, TimeControl::reserved(2, 1));
    let time = ManualClock::starting_at(chrono::Utc::now());
    let app = App::open_with_clock(&scratch("reader-device"), time.wall_clock()).unwrap();
    app.enroll(&office.link_for("ref-r", Role::Referee).await, "", "", "tab-r", "R").await.unwrap();
    app.sync_once().await.unwrap();
    assert!(app.reader(&game(1), None).unwrap().clock.is_none(), "not started");

    app.record(&game(1), EventBody::ClockStarted).unwrap();
    let mut last = app.reader(&game(1), None).unwrap().now_ms;
    let mut heard: Vec<(i64, String)> = Vec::new();
    let started = last;
    // Black thinks 20 s and presses; White takes its whole minute and reads into byo-yomi.
    time.advance(Duration::seconds(20));
    app.record(&game(1), EventBody::ClockPressed { by: Colour::Black }).unwrap();
    let e = app.record(&game(1), EventBody::ClockPressed { by: Colour::Black }).unwrap_err();
    assert!(matches!(e, CoreError::Domain(DomainError::ConditionNotMet { .. })), "{e:?}");
    for _ in 0..125 {
        time.advance(Duration::seconds(1));
        let r = app.reader(&game(1), Some(last)).unwrap();
        heard.extend(r.say.iter().map(|s| (((s.at_ms - started) / 1000) as i64, s.words.zh.clone())));
        last = r.now_ms;
        if r.time_up.is_some() {
            break;
        }
    }
    let r = app.reader(&game(1), Some(last)).unwrap();
    let up = r.time_up.expect("White ran out of time (第二十三条五)");
    assert_eq!((up.side, (up.at_ms - started) / 1000), (Colour::White, 140), "20 s + 60 s main + 60 s byo-yomi");
    let said: Vec<&str> = heard.iter().map(|(_, w)| w.as_str()).collect();
    assert_eq!(said, ["30秒", "40秒", "50秒", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10，超时判负"]);
    assert_eq!(heard.first().map(|h| h.0), Some(110), "30 s into White's byo-yomi minute");
    assert_eq!(r.clock.unwrap().white.reserve, 0);
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_late_arrival_timer_counts_from_the_rounds_start_and_proposes_what_the_rules_take() {
    use arbiter_core::timing::LatenessProposal;
    use arbiter_core::wall_clock::ManualClock;
    use chrono::Duration;

    let office = Office::start("lateness-office").await;
    office.schedule(1); // 15 minutes' lateness allowed (第二十三条)
    let start = chrono::Utc::now();
    let r = office
        .http()
        .put(format!("{}{}/rounds/1", office.url, arbiter_core::sync::protocol::API_PREFIX))
        .bearer_auth(&office.organiser_token)
        .json(&serde_json::json!({ "starts_at": start }))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    let time = ManualClock::starting_at(start);
    let app = App::open_with_clock(&scratch("lateness-device"), time.wall_clock()).unwrap();
    app.enroll(&office.link_for("ref-l", Role::Referee).await, "", "", "tab-l", "L").await.unwrap();
    app.sync_once().await.unwrap();

    // Black sits down at 4:00; White is still out at 10:00 — wait; at 15:01 White forfeits.
    time.advance(Duration::minutes(4));
    let black = app.lateness(&game(1), None, None).unwrap().expect("the round has a start time").now_ms;
    time.advance(Duration::minutes(6));
    let s = app.lateness(&game(1), Some(black), None).unwrap().unwrap();
    // (The app reads the office's time: its clock correction may shift this by the round trip.)
    assert!(s.view.left_ms.abs_diff(5 * 60_000) < 1_000, "{:?}", s.view);
    assert_eq!(s.view.proposal, None);
    time.advance(Duration::seconds(5 * 60 + 1));
    let s = app.lateness(&game(1), Some(black), None).unwrap().unwrap();
    let Some(LatenessProposal::Forfeit { side, black_late_secs, white_late_secs }) = s.view.proposal else {
        panic!("{:?}", s.view)
    };
    assert_eq!(side, Colour::White);
    assert!((239..=240).contains(&black_late_secs) && (900..=902).contains(&white_late_secs), "{s:?}");
    // Recorded as proposed, the rules take it: 第二十三条一.
    let v = app
        .record(
            &game(1),
            EventBody::IncidentRecorded {
                incident: Incident::LateArrival { black_late_secs, white_late_secs },
                ruling: Some(Ruling::Forfeit),
                note: None,
            },
        )
        .unwrap();
    assert_eq!(v.state.result.map(|r| r.article), Some(Article::Art23_1));
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sealed_move_stays_on_the_tablet_until_the_referee_opens_it() {
    // 第十四条: the sealing player enters the point; the ledger (and the office) get only its seal.
    let office = Office::start("seal-office").await;
    office.schedule(1);
    let dir = scratch("seal-device");
    let app = App::open(&dir).unwrap();
    app.enroll(&office.link_for("ref-s", Role::Referee).await, "", "", "tab-s", "S").await.unwrap();
    app.sync_once().await.unwrap();
    app.record(&game(1), EventBody::ClockStarted).unwrap();
    let q16: arbiter_core::model::Point = "Q16".parse().unwrap();
    let v = app.seal_move(&game(1), Colour::White, q16).unwrap();
    assert!(matches!(v.state.status, arbiter_core::game::Status::Adjourned { seal: Some(_), .. }));
    app.sync_once().await.unwrap();
    // What the office holds names no point.
    let ledger = |office: &Office| {
        let mut out = Vec::new();
        office.state.store.export(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let exported = ledger(&office);
    assert!(exported.contains("game_adjourned") && !exported.contains("Q16"), "{exported}");
    // The app is killed and opened again: the sealed move is still on the tablet.
    drop(app);
    let app = App::open(&dir).unwrap();
    assert_eq!(app.sealed_move(&game(1)).unwrap(), Some(q16));
    let v = app.unseal_move(&game(1)).unwrap();
    assert_eq!(v.state.status, arbiter_core::game::Status::Playing);
    assert_eq!(app.sealed_move(&game(1)).unwrap(), None, "forgotten once opened");
    // Nothing held: the referee opens the paper envelope and types the point instead.
    let e = app.unseal_move(&game(1)).unwrap_err();
    assert!(e.to_string().contains("envelope"), "{e}");
    app.sync_once().await.unwrap();
    assert!(ledger(&office).contains("\"point\":\"Q16\""), "opened: the point and its salt are in the ledger");
    office.shutdown().await;
}

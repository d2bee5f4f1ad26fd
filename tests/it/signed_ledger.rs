//! The signed ledger: every event is signed by its device (or by the office for what
//! officials record in its pages), chained per signer, and checked by the office on push, by
//! devices on pull and by `arbiter-office verify` on an export. The forgery matrix: a body byte
//! changed, the author changed, the time changed, another device's key, a replay under a new id,
//! a revoked device's event after revocation — each refused by all three; an event deleted from
//! the middle of an export shows as a gap; an honest export verifies clean.

use arbiter_core::event::{wire, Event, EventBody};
use arbiter_core::model::{Colour, EventId, PersonId, Rank, Role};
use arbiter_core::rules::{Incident, Ruling};
use arbiter_core::store::Origin;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_office::verify::verify;
use arbiter_tests::*;

async fn push(office: &Office, token: &str, e: &Event) -> (u16, serde_json::Value) {
    let r = office
        .http()
        .post(format!("{}{API_PREFIX}/events", office.url))
        .bearer_auth(token)
        .json(&serde_json::json!({ "events": [e] }))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

fn export(office: &Office) -> Vec<Event> {
    let mut out = Vec::new();
    office.state.store.export(&mut out).unwrap();
    wire::decode_jsonl(std::str::from_utf8(&out).unwrap()).0
}

/// A new event as tablet `device` would sign it next (naming its chain's head), not yet stored.
fn signed_next(office: &Office, device: &str, person: &str, body: EventBody, n: u64) -> Event {
    let all = export(office);
    let head =
        all.iter().filter(|e| e.sig.as_ref().is_some_and(|s| s.by.as_str() == device)).max_by_key(|e| e.order_key());
    let last = all.iter().map(|e| e.hlc).max().unwrap();
    let mut e = Event {
        schema: arbiter_core::event::SCHEMA_VERSION,
        rules: Some(arbiter_core::rules::RULES_REVISION),
        prev: head.map(Event::digest),
        sig: None,
        id: EventId::from_parts(last.wall_ms + n, [0x80, 1, 2, 3, 4, 5, 6, 7, 8, n as u8]),
        tournament: tournament(),
        game: Some(game(1)),
        author: arbiter_core::model::Author {
            device: arbiter_core::model::DeviceId::new(device).unwrap(),
            person: PersonId::new(person).unwrap(),
            role: Role::Referee,
        },
        hlc: arbiter_core::clock::Hlc::new(last.wall_ms + n, 0),
        wall_time: chrono::Utc::now(),
        body,
    };
    let by = e.author.device.clone();
    test_key(device).sign(&mut e, by);
    e
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_events_are_refused_by_the_office_by_a_device_pulling_and_by_verify() {
    let office = Office::start("signed-office").await;
    office.register_players(&[("p1", "李明", Rank::Dan(5)), ("p2", "陈静", Rank::Dan(4))]);
    office.schedule(1);
    let a = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let b = office.enroll("chief-b", Role::ChiefArbiter, "tab-b").await;
    assert!(a.office_key.is_some(), "the office gives its key at enrollment");
    let tab_a = Device::new("signed-tab-a", &a, &office.endpoint(), |_| {});
    tab_a.record(1, EventBody::ClockStarted);
    let warning = tab_a.record(
        1,
        EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: Colour::Black },
            ruling: Some(Ruling::Warning),
            note: None,
        },
    );
    tab_a.record(1, EventBody::ClockPressed { by: Colour::Black });
    tab_a.settle().await;

    // The honest ledger verifies clean: the office's own events (its key, the devices' keys,
    // the set-up) and the tablet's, each chain whole.
    let honest = export(&office);
    let report = verify(&honest, None, Vec::new());
    assert!(report.is_clean(), "{report:#?}");
    assert_eq!(report.office_key, Some(office.state.office_key));
    let of = |s: &str| report.signers.iter().find(|r| r.signer == s).cloned().unwrap_or_default();
    assert_eq!((of("tab-a").verified, of("tab-a").unsigned), (3, 0), "{report:#?}");
    assert!(of("office").verified >= 4, "key registrations and set-up: {report:#?}");
    // Pinned to another office key, nothing the office signed holds.
    let other = test_key("another office").public();
    assert!(!verify(&honest, Some(other), Vec::new()).is_clean());

    // The forgeries, each made from a correctly signed new event of tab-a.
    let fresh = |n: u64| signed_next(&office, "tab-a", "ref-a", EventBody::ClockPressed { by: Colour::White }, n);
    let mut body = fresh(1);
    body.body = EventBody::ClockPressed { by: Colour::Black };
    let mut author = fresh(2);
    author.author.person = PersonId::new("chief-b").unwrap();
    let mut time = fresh(3);
    time.wall_time += chrono::Duration::days(365);
    let mut other_key = fresh(4);
    let by = other_key.author.device.clone();
    test_key("tab-b").sign(&mut other_key, by);
    let mut replayed = honest.iter().find(|e| e.id == warning.id).unwrap().clone();
    replayed.id =
        EventId::from_parts(replayed.id.as_uuid().get_timestamp().map_or(0, |t| t.to_unix().0 * 1000) + 7, [0x80; 10]);
    let forgeries =
        [("body", body), ("author", author), ("time", time), ("another key", other_key), ("new id", replayed)];

    let tab_b = Device::new("signed-tab-b", &b, &office.endpoint(), |_| {});
    tab_b.settle().await;
    for (what, forged) in &forgeries {
        // The office refuses it on push (the author changed is refused as not the caller).
        let (status, answer) = push(&office, &a.token, forged).await;
        assert_eq!(status, 200);
        let code = answer["results"][0]["code"].as_str().unwrap_or_default();
        assert!(code == "forged" || (*what == "author" && code == "forbidden"), "{what}: {answer}");
        assert!(office.state.store.get(&forged.id).unwrap().is_none(), "{what}: not stored");
        // verify refuses it in an export.
        let mut copy = honest.clone();
        copy.push(forged.clone());
        let r = verify(&copy, None, Vec::new());
        assert!(
            !r.is_clean() && r.signers.iter().any(|s| s.forged.iter().any(|(id, _)| *id == forged.id)),
            "{what}: {r:#?}"
        );
    }
    // A device pulling refuses them too: put them in the office's store behind its back (a data
    // directory changed by hand), and tab-b pulls.
    let planted: Vec<Event> = forgeries.iter().map(|(_, e)| e.clone()).collect();
    office.state.store.append(&planted, Origin::Remote).unwrap();
    tab_b.client.pull().await.unwrap();
    let status = tab_b.client.status();
    for (what, forged) in &forgeries {
        assert!(
            status.forged.iter().any(|r| r.id == forged.id.to_string() && r.error.code == "forged"),
            "{what}: {status:#?}"
        );
        assert!(tab_b.store.get(&forged.id).unwrap().is_none(), "{what}: the device does not store it");
    }
    // What the honest tablet signed still came through.
    assert!(tab_b.store.get(&warning.id).unwrap().is_some());

    // An event deleted from the middle of an export: the next one names what is not there.
    let a_events: Vec<&Event> =
        honest.iter().filter(|e| e.sig.as_ref().is_some_and(|s| s.by.as_str() == "tab-a")).collect();
    let cut = a_events[1].id;
    let holed: Vec<Event> = honest.iter().filter(|e| e.id != cut).cloned().collect();
    let r = verify(&holed, None, Vec::new());
    let tab = r.signers.iter().find(|s| s.signer == "tab-a").unwrap();
    assert_eq!(tab.missing_links, vec![a_events[2].id], "{r:#?}");
    assert!(tab.after_forged.is_empty(), "nothing before the gap was changed: {r:#?}");
    // The same event changed instead: the next one's link is missing because of it.
    let changed: Vec<Event> = honest
        .iter()
        .map(|e| {
            let mut e = e.clone();
            if e.id == cut {
                e.wall_time += chrono::Duration::seconds(1);
            }
            e
        })
        .collect();
    let r = verify(&changed, None, Vec::new());
    let tab = r.signers.iter().find(|s| s.signer == "tab-a").unwrap();
    assert_eq!(tab.after_forged, vec![(a_events[2].id, cut)], "{r:#?}");

    // After revocation, an event tab-a signs is refused: by the office (its token is dead),
    // by a device pulling and by verify (stamped after the revocation).
    let r = office
        .http()
        .post(format!("{}{API_PREFIX}/devices/tab-a/revoke", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let late = signed_next(&office, "tab-a", "ref-a", EventBody::ClockPressed { by: Colour::White }, 50);
    let (status, _) = push(&office, &a.token, &late).await;
    assert_eq!(status, 401);
    let mut copy = export(&office);
    copy.push(late.clone());
    let r = verify(&copy, None, Vec::new());
    let why = &r.signers.iter().find(|s| s.signer == "tab-a").unwrap().forged;
    assert!(why.iter().any(|(id, m)| *id == late.id && m.contains("revoked")), "{r:#?}");
    office.state.store.append(std::slice::from_ref(&late), Origin::Remote).unwrap();
    tab_b.client.pull().await.unwrap();
    assert!(tab_b.client.status().forged.iter().any(|f| f.id == late.id.to_string()));
    assert!(tab_b.store.get(&late.id).unwrap().is_none());
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_private_key_stays_on_the_device_and_a_device_without_it_enrolls_again() {
    let office = Office::start("signed-keys").await;
    office.register_players(&[("p1", "李明", Rank::Dan(5)), ("p2", "陈静", Rank::Dan(4))]);
    office.schedule(1);
    let dir = scratch("signed-app");
    let app = arbiter_core::app::App::open(&dir).unwrap();
    let code = office.code_for("ref-k", Role::Referee).await;
    let pin = office.cert.as_ref().unwrap().short();
    app.enroll(&office.url, &code, &pin, "tab-k", "tablet").await.unwrap();
    app.sync_once().await.unwrap();
    let key_file = dir.join(arbiter_core::ledger::KEY_FILE);
    let private = std::fs::read(&key_file).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        assert_eq!(std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let v = app.record(&game(1), EventBody::ClockStarted).unwrap();
    assert_eq!(v.state.events, 2);
    app.sync_once().await.unwrap();
    // Signed by the tablet, checked by the office on the way in.
    let stored = office.state.store.game_events(&tournament(), &game(1)).unwrap();
    let mine = stored.iter().find(|e| e.author.device.as_str() == "tab-k").unwrap();
    assert_eq!(mine.sig.as_ref().map(|s| s.by.as_str()), Some("tab-k"));
    // The private key is in no export, no pull answer and no stored event.
    let mut exported = Vec::new();
    office.state.store.export(&mut exported).unwrap();
    let pulled = office
        .http()
        .get(format!("{}{API_PREFIX}/events?after=0", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    // The PKCS#8 document holds the 32-byte secret seed after `04 22 04 20` (its public half
    // follows, and is meant to be everywhere).
    let at = private.windows(4).position(|w| w == [0x04, 0x22, 0x04, 0x20]).unwrap() + 4;
    let secret = &private[at..at + 32];
    let hex_secret: String = secret.iter().map(|b| format!("{b:02x}")).collect();
    // Nor in what the screens are given (the status banner, a game's page).
    let screens = format!(
        "{}{}",
        serde_json::to_string(&app.status()).unwrap(),
        serde_json::to_string(&app.game(&game(1)).unwrap()).unwrap()
    );
    for (what, bytes) in [("export", &exported[..]), ("pull", &pulled[..]), ("screens", screens.as_bytes())] {
        assert!(!bytes.windows(32).any(|w| w == secret), "{what} holds the key's bytes");
        assert!(!String::from_utf8_lossy(bytes).contains(&hex_secret), "{what} holds the key in hex");
    }
    drop(app);
    // Restored from a backup without its key: it cannot sign, so it must enroll again.
    std::fs::remove_file(&key_file).unwrap();
    let app = arbiter_core::app::App::open(&dir).unwrap();
    let status = app.status();
    assert_eq!(status.notice.as_ref().map(|n| n.code.as_str()), Some("key_missing"), "{status:?}");
    assert!(status.identity.is_none());
    assert!(app.record(&game(1), EventBody::ClockPaused { reason: None }).is_err(), "nothing recorded unsigned");
    let code = office.code_for("ref-k", Role::Referee).await;
    app.enroll(&office.url, &code, &pin, "tab-k2", "tablet").await.unwrap();
    let e = app.record(&game(1), EventBody::ClockPaused { reason: None }).unwrap();
    assert!(app.status().notice.is_none());
    app.sync_once().await.unwrap();
    let last = office.state.store.game_events(&tournament(), &game(1)).unwrap();
    let paused = last.iter().find(|x| matches!(x.body, EventBody::ClockPaused { .. })).unwrap();
    assert_eq!(paused.sig.as_ref().map(|s| s.by.as_str()), Some("tab-k2"), "{e:?}");
    // Both of its identities' events verify; the first identity's chain simply ends.
    let report = verify(&export(&office), Some(office.state.office_key), Vec::new());
    assert!(report.is_clean(), "{report:#?}");
    let by = |d: &str| report.signers.iter().find(|s| s.signer == d).map(|s| s.verified);
    assert_eq!((by("tab-k"), by("tab-k2")), (Some(1), Some(1)), "{report:#?}");
    office.shutdown().await;
}

/// Receipts: each push answer carries the office's signed receipt of what it now
/// holds from the signer; the device keeps the latest. A copy of the ledger cut at its end —
/// which the chains alone cannot show — is caught by anyone holding a receipt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receipt_shows_a_copy_cut_at_its_end() {
    use arbiter_office::verify::{check_receipts, render_text};
    let office = Office::start("receipt-office").await;
    office.register_players(&[("p1", "李明", Rank::Dan(5)), ("p2", "陈静", Rank::Dan(4))]);
    office.schedule(1);
    let a = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let tab = Device::new("receipt-tab-a", &a, &office.endpoint(), |_| {});
    tab.record(1, EventBody::ClockStarted);
    tab.settle().await;
    tab.record(1, EventBody::ClockPressed { by: Colour::Black });
    let last = tab.record(1, EventBody::ClockPressed { by: Colour::White });
    tab.settle().await;
    let receipts = tab.client.receipts().unwrap();
    assert_eq!(receipts.len(), 1, "{receipts:?}");
    let r = &receipts[0];
    assert_eq!((r.signer.as_str(), r.count, r.office), ("tab-a", 3, office.state.office_key), "{r:?}");
    let honest = export(&office);
    let stored_last = honest.iter().find(|e| e.id == last.id).unwrap();
    assert_eq!(r.last, stored_last.digest(), "the receipt's last is the device's last event");
    let checks = check_receipts(&honest, &receipts);
    assert!(checks.iter().all(|c| c.satisfied()), "{checks:?}");

    // The copy without tab-a's last event: every chain still whole, so only a receipt shows it.
    let cut: Vec<Event> = honest.iter().filter(|e| e.id != last.id).cloned().collect();
    let mut report = verify(&cut, None, Vec::new());
    assert!(report.is_clean(), "a cut end leaves no gap: {report:#?}");
    report.receipts = check_receipts(&cut, &receipts);
    assert!(!report.is_clean());
    let c = &report.receipts[0];
    assert_eq!((c.held, c.last_held, c.signed), (2, false, true), "{c:?}");
    assert!(
        render_text(&report).contains("CUT t1 tab-a: a receipt says the office held 3"),
        "{}",
        render_text(&report)
    );
    // A receipt changed after the office signed it proves nothing.
    let mut inflated = receipts.clone();
    inflated[0].count = 2;
    assert!(!check_receipts(&honest, &inflated)[0].signed);
}

//! The office's events in PostgreSQL, on a real throwaway cluster, with several
//! offices on one database (what one store alone cannot show; the single-store suite is
//! `store_conformance.rs`): pulls by arrival number are exact while two offices append at once
//! (no number is passed by), the same events pushed through both are stored once, and a
//! second office connecting finds the schema done and every event.

use arbiter_core::event::{Event, SCHEMA_VERSION};
use arbiter_core::store::{EventStore, Origin};
use arbiter_office::pg::PgStore;
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;

fn event(device: &str, n: u64) -> Event {
    let mut random = [0x80u8; 10];
    random[2..].copy_from_slice(&n.to_be_bytes());
    random[0] = 0x80 | (device.len() as u8 & 0x3f);
    let at = 1_795_000_000_000 + n;
    Event {
        schema: SCHEMA_VERSION,
        rules: Some(arbiter_core::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: arbiter_core::model::EventId::from_parts(at, random),
        tournament: tournament(),
        game: Some(game(1)),
        author: referee(device),
        hlc: arbiter_core::clock::Hlc::new(at, 0),
        wall_time: chrono::DateTime::from_timestamp_millis(at as i64).unwrap(),
        body: advice(n),
    }
}

#[test]
fn pulls_are_exact_while_two_offices_append_and_the_same_events_through_both_are_stored_once() {
    let pg = PgCluster::start("ledger");
    let a = PgStore::connect(&pg.url()).unwrap();
    // A second office on the same database, appending at the same time as the first, while a
    // third pulls page after page: a number passed by while its append was still uncommitted
    // would be an event that pull never gets.
    let b = PgStore::connect(&pg.url()).unwrap();
    let reader = PgStore::connect(&pg.url()).unwrap();
    let from_a: Vec<Event> = (10..210).map(|n| event("tab-a", n)).collect();
    let from_b: Vec<Event> = (10..210).map(|n| event("tab-bb", n)).collect();
    let done = std::sync::atomic::AtomicBool::new(false);
    let seen = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::scope(|s| {
                s.spawn(|| from_a.chunks(5).for_each(|c| drop(a.append(c, Origin::Remote).unwrap())));
                s.spawn(|| from_b.chunks(5).for_each(|c| drop(b.append(c, Origin::Remote).unwrap())));
            });
            done.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        let (mut after, mut seen) = (0, Vec::new());
        loop {
            let finished = done.load(std::sync::atomic::Ordering::SeqCst);
            let page = reader.since(after, 37).unwrap();
            match page.last() {
                Some((last, _)) => after = *last,
                None if finished => break seen,
                None => std::thread::yield_now(),
            }
            seen.extend(page);
        }
    });
    let numbers: Vec<u64> = seen.iter().map(|(s, _)| *s).collect();
    assert_eq!(numbers, (1..=400).collect::<Vec<u64>>(), "pulled while appending, nothing passed by");
    let mut ids: Vec<_> = seen.iter().map(|(_, e)| e.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 400, "every event once");
    let sent: std::collections::HashMap<_, _> = from_a.iter().chain(&from_b).map(|e| (e.id, e)).collect();
    assert!(seen.iter().all(|(_, e)| sent[&e.id] == e), "each event comes back as it was stored");

    // The same new events pushed to both offices at once (a device retrying through the other):
    // each is stored once, and each office answers new or duplicate, never an error.
    let same: Vec<Event> = (500..540).map(|n| event("tab-c", n)).collect();
    let (x, y) = std::thread::scope(|s| {
        let x = s.spawn(|| a.append(&same, Origin::Remote).unwrap());
        let y = s.spawn(|| b.append(&same, Origin::Remote).unwrap());
        (x.join().unwrap(), y.join().unwrap())
    });
    for r in x.into_iter().chain(y) {
        assert!(r.is_ok(), "{r:?}");
    }
    assert_eq!(reader.since(400, 1_000).unwrap().len(), 40);
    assert_eq!(reader.last_seq().unwrap(), 440);

    // Reads by game, in the agreed order.
    let g = reader.game_events(&tournament(), &game(1)).unwrap();
    assert_eq!(g.len(), 440);
    assert!(g.windows(2).all(|w| w[0].order_key() <= w[1].order_key()));
    // A pull scanning the log by tags: only tab-c's, in arrival order, the scan bounded.
    let mut keep = |t: &arbiter_core::store::LogTag<'_>| t.device == "tab-c";
    let (page, last) = reader.scan_log(0, 440, 1_000, 1_000, &mut keep).unwrap();
    assert_eq!(page.iter().map(|(_, e)| e.id).collect::<Vec<_>>(), same.iter().map(|e| e.id).collect::<Vec<_>>());
    assert_eq!(last, 440);
    let (page, last) = reader.scan_log(0, 440, 100, 1_000, &mut keep).unwrap();
    assert!(page.is_empty() && last == 100, "a scan stops after max_scan entries, saying where");
}

/// A database made by the build before the seats table (migrations 1–3) is brought up to date
/// when an office connects: migration 4 fills each game's seat from its latest schedule in the
/// agreed order, as the store that kept it all along would have it.
#[test]
fn an_older_database_gets_its_seats_from_the_schedules_it_holds() {
    let pg = PgCluster::start("migrate-seats");
    let url = pg.database("older");
    let store = PgStore::connect(&url).unwrap();
    let schedule = |n: u64, table: u16, at: u64| {
        let mut e = event("office", n);
        let g = arbiter_core::model::Game {
            id: game(1),
            round: 2,
            table,
            black: arbiter_core::model::PlayerId::new("a").unwrap(),
            white: arbiter_core::model::PlayerId::new("b").unwrap(),
            ruleset: Default::default(),
            time_control: arbiter_core::model::TimeControl::reserved(60, 5),
            allowed_lateness_minutes: 15,
            handicap: 0,
            reason: None,
        };
        e.body = arbiter_core::event::EventBody::GameScheduled(g);
        e.hlc = arbiter_core::clock::Hlc::new(at, 0);
        e
    };
    // The later schedule (by HLC) arrives first: the seat is table 7, whatever the arrival.
    store.append(&[schedule(1, 7, 1_795_000_009_000), schedule(2, 3, 1_795_000_001_000)], Origin::Remote).unwrap();
    let seat = store.game_seats(&tournament()).unwrap()[&game(1)];
    assert_eq!((seat.round, seat.table), (2, 7));
    drop(store);
    pg.psql("older", "DROP TABLE seats; DELETE FROM schema_migrations WHERE version = 4;");
    let again = PgStore::connect(&url).unwrap();
    let seat = again.game_seats(&tournament()).unwrap()[&game(1)];
    assert_eq!((seat.round, seat.table), (2, 7), "migrated from the stored schedules");
}

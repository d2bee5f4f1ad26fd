//! The office's events in PostgreSQL (issue 29, under way), on a real throwaway cluster:
//! appends are idempotent by event id, a changed event under a known id is refused, pulls by
//! arrival number are exact while two connections append at once (no number is passed by), and
//! a second office connecting to the same database finds the schema done and every event.

use arbiter_core::event::{Event, SCHEMA_VERSION};
use arbiter_core::store::Appended;
use arbiter_office::pg::PgLedger;
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
        id: arbiter_core::domain::EventId::from_parts(at, random),
        tournament: tournament(),
        game: Some(game(1)),
        author: referee(device),
        hlc: arbiter_core::clock::Hlc::new(at, 0),
        wall_time: chrono::DateTime::from_timestamp_millis(at as i64).unwrap(),
        body: advice(n),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_are_idempotent_pulls_are_exact_and_a_second_office_shares_the_database() {
    let pg = PgCluster::start("ledger");
    let mut a = PgLedger::connect(&pg.url()).await.unwrap();
    let first: Vec<Event> = (0..3).map(|n| event("tab-a", n)).collect();
    let stored = a.append(&first).await.unwrap();
    assert!(matches!(stored[..], [Ok(Appended::New(1)), Ok(Appended::New(2)), Ok(Appended::New(3))]), "{stored:?}");
    // The same events again: duplicates under their numbers; one changed: refused.
    let mut changed = first[1].clone();
    changed.wall_time += chrono::Duration::seconds(1);
    let again = a.append(&[first[0].clone(), changed]).await.unwrap();
    assert!(matches!(again[0], Ok(Appended::Duplicate(1))), "{again:?}");
    assert_eq!(again[1].as_ref().unwrap_err().code(), "conflicting_duplicate");

    // A second office on the same database, appending at the same time as the first, while a
    // third connection pulls page after page: a number passed by while its append was still
    // uncommitted would be an event that pull never gets.
    let mut b = PgLedger::connect(&pg.url()).await.unwrap();
    let reader = PgLedger::connect(&pg.url()).await.unwrap();
    let from_a: Vec<Event> = (10..210).map(|n| event("tab-a", n)).collect();
    let from_b: Vec<Event> = (10..210).map(|n| event("tab-bb", n)).collect();
    let done = std::sync::atomic::AtomicBool::new(false);
    let appends = async {
        tokio::join!(
            async {
                for chunk in from_a.chunks(5) {
                    a.append(chunk).await.unwrap();
                }
            },
            async {
                for chunk in from_b.chunks(5) {
                    b.append(chunk).await.unwrap();
                }
            }
        );
        done.store(true, std::sync::atomic::Ordering::SeqCst);
    };
    let pulls = async {
        let (mut after, mut seen) = (0, Vec::new());
        loop {
            let finished = done.load(std::sync::atomic::Ordering::SeqCst);
            let page = reader.since(after, 37).await.unwrap();
            match page.last() {
                Some((last, _)) => after = *last,
                None if finished => break seen,
                None => tokio::task::yield_now().await,
            }
            seen.extend(page);
        }
    };
    let ((), seen) = tokio::join!(appends, pulls);
    let numbers: Vec<u64> = seen.iter().map(|(s, _)| *s).collect();
    assert_eq!(numbers, (1..=403).collect::<Vec<u64>>(), "pulled while appending, nothing passed by");
    let mut ids: Vec<_> = seen.iter().map(|(_, e)| e.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 403, "every event once");
    assert_eq!(seen[0].1, first[0], "an event comes back as it was stored");

    // The same new events pushed to both offices at once (a device retrying through the other):
    // each is stored once, and each office answers new or duplicate, never an error.
    let same: Vec<Event> = (500..540).map(|n| event("tab-c", n)).collect();
    let (x, y) = tokio::join!(a.append(&same), b.append(&same));
    for r in x.unwrap().into_iter().chain(y.unwrap()) {
        assert!(r.is_ok(), "{r:?}");
    }
    assert_eq!(reader.since(403, 1_000).await.unwrap().len(), 40);

    // Reads by game (in the agreed order) and by device (in arrival order).
    let g = reader.game_events(&tournament(), &game(1)).await.unwrap();
    assert_eq!(g.len(), 443);
    assert!(g.windows(2).all(|w| w[0].order_key() <= w[1].order_key()));
    let c = reader.device_events(&tournament(), &arbiter_core::domain::DeviceId::new("tab-c").unwrap()).await.unwrap();
    assert_eq!(c.iter().map(|(_, e)| e.id).collect::<Vec<_>>(), same.iter().map(|e| e.id).collect::<Vec<_>>());
}

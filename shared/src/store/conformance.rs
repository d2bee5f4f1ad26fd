//! What every [`EventStore`] must do, as checks that take a way to open one: the sled store's
//! tests and the PostgreSQL store's (tests crate, `store_conformance.rs`) run the same suite:
//! what one promises, the other must. Built for tests only (`cfg(test)` or the `testkit`
//! feature).
//!
//! Events here are made up to order: the `n`th event's id and HLC both grow with `n`.

// A test kit: a check that fails panics, as a test does.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chrono::DateTime;

use crate::app::tables;
use crate::clock::Hlc;
use crate::error::{CoreError, DomainError};
use crate::event::wire::{self, Lined};
use crate::event::{Event, EventBody, SCHEMA_VERSION};
use crate::game::{GameState, GameSummary};
use crate::model::{Author, Colour, DeviceId, EventId, GameId, PersonId, Role, TournamentId};
use crate::rules::{Incident, Ruling};
use crate::store::{Appended, EventStore, LogTag, Origin};
use crate::tournament::replay_states;

/// Opens the store under test, each time on the same place (a directory, a database): what an
/// earlier opening stored must be there. The caller drops the last one before opening again.
pub type Opener<'a> = &'a mut dyn FnMut() -> Box<dyn EventStore>;

const GAMES: u8 = 3;

/// The tournament every event here belongs to.
pub fn t() -> TournamentId {
    TournamentId::new("t1").unwrap()
}

fn author(role: Role) -> Author {
    let who = format!("{role:?}").to_lowercase();
    Author { device: DeviceId::new(format!("dev-{who}")).unwrap(), person: PersonId::new(who).unwrap(), role }
}

/// An event body from its wire JSON.
pub fn body(json: serde_json::Value) -> EventBody {
    serde_json::from_value(json).unwrap()
}

/// The `n`th event: its id and HLC both grow with `n` (HLC ties are broken by id).
pub fn event(n: u32, game: Option<u8>, role: Role, body: EventBody) -> Event {
    let ms = 1_795_000_000_000 + u64::from(n) * 1_000;
    let mut random = [0x80u8; 10];
    random[6..].copy_from_slice(&n.to_be_bytes());
    Event {
        schema: SCHEMA_VERSION,
        rules: Some(crate::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: EventId::from_parts(ms, random),
        tournament: t(),
        game: game.map(|g| GameId::new(format!("g{g}")).unwrap()),
        author: author(role),
        hlc: Hlc::new(ms, 0),
        wall_time: DateTime::from_timestamp_millis(ms as i64).unwrap(),
        body,
    }
}

const RULINGS: [Ruling; 5] =
    [Ruling::Warning, Ruling::Advice, Ruling::RestoreWithWarning, Ruling::OffenderLoses, Ruling::Forfeit];

/// A tournament's events: two `tournament_created` (the second changes the default ruleset),
/// players, three games (one never scheduled, so it folds under the default ruleset), and per
/// step an incident, a chief arbiter's ruling on an earlier one, or a fact.
pub fn universe(steps: &[(u8, u8, u8)]) -> Vec<Event> {
    let mut n = 0;
    let mut next = || {
        n += 1;
        n
    };
    let created = |preset: &str| {
        body(
            serde_json::json!({"kind": "tournament_created", "data": {"id": "t1", "name": "杯", "ruleset": {"preset": preset}}}),
        )
    };
    let mut out = vec![event(next(), None, Role::Organiser, created("chinese_1988"))];
    for p in 1..=4 {
        let data = serde_json::json!({"id": format!("p{p}"), "name": format!("选手{p}"), "rank": "3d"});
        out.push(event(
            next(),
            None,
            Role::Organiser,
            body(serde_json::json!({"kind": "player_registered", "data": data})),
        ));
    }
    // Game `g` scheduled at `table` by the organiser.
    let scheduled = |n: u32, g: u8, table: u8| {
        let data = serde_json::json!({"id": format!("g{g}"), "round": 1, "table": table, "black": format!("p{}", 2 * g - 1),
            "white": format!("p{}", 2 * g), "ruleset": {"preset": "chinese_1988"},
            "time_control": {"main_minutes": 60, "reserved_minutes": 5}, "allowed_lateness_minutes": 15});
        event(n, Some(g), Role::Organiser, body(serde_json::json!({"kind": "game_scheduled", "data": data})))
    };
    for g in 1..GAMES {
        out.push(scheduled(next(), g, g));
    }
    let mut incidents: Vec<(u8, EventId)> = Vec::new();
    for (i, &(kind, g, r)) in steps.iter().enumerate() {
        let game = 1 + g % GAMES;
        let offender = if r % 2 == 0 { Colour::Black } else { Colour::White };
        let ruling = RULINGS[usize::from(r) % RULINGS.len()];
        if i == steps.len() / 2 {
            out.push(event(next(), None, Role::Organiser, created("korean")));
        }
        match kind % 5 {
            0 | 1 => {
                let e = event(
                    next(),
                    Some(game),
                    Role::Referee,
                    EventBody::IncidentRecorded {
                        incident: Incident::Disturbing { offender },
                        ruling: Some(ruling),
                        note: None,
                    },
                );
                incidents.push((game, e.id));
                out.push(e);
            }
            2 => out.push(event(
                next(),
                Some(game),
                Role::Referee,
                EventBody::IncidentRecorded {
                    incident: Incident::StoneLifted { offender, dropped: false },
                    ruling: None,
                    note: None,
                },
            )),
            3 if !incidents.is_empty() => {
                let (game, incident) = incidents[usize::from(r) % incidents.len()];
                out.push(event(
                    next(),
                    Some(game),
                    Role::ChiefArbiter,
                    EventBody::RulingIssued { incident, ruling, note: None },
                ));
            }
            // A pairing corrected: the game moves to another table (a pull scope follows it).
            4 if r % 3 == 0 => out.push(scheduled(next(), game, 10 + r % 4)),
            // Clock presses: what a kept state has folded onto it in place.
            4 if r % 3 == 1 => {
                out.push(event(next(), Some(game), Role::Referee, EventBody::ClockPressed { by: offender }))
            }
            _ => out.push(event(next(), Some(game), Role::Referee, EventBody::Resigned { by: offender })),
        }
    }
    out
}

fn json(v: impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(v).unwrap()
}

/// Every event the store holds, in arrival order.
pub fn all_events(store: &dyn EventStore) -> Vec<Event> {
    store.all_events().unwrap()
}

/// Everything the store keeps derived — summaries, set-up, tables, states, the tournament
/// view — against the full fold of what it holds.
pub fn assert_same_as_full_fold(store: &dyn EventStore) {
    let all: Vec<Event> = all_events(store).into_iter().filter(|e| e.tournament == t()).collect();
    let Some(full) = replay_states(&all).into_iter().next() else {
        assert!(store.tournament_view(&t()).unwrap().is_none());
        return;
    };
    // Summaries first: after a reopen they come from storage, not from states folded here.
    let kept: Vec<GameSummary> = store.game_summaries(&t()).unwrap().iter().map(|s| GameSummary::clone(s)).collect();
    let expected: Vec<GameSummary> = full.games.iter().map(GameSummary::of).collect();
    assert_eq!(kept, expected);
    let setup = store.setup(&t()).unwrap();
    assert_eq!(json(tables(&setup, &kept)), json(tables(&full.summarised(), &expected)));
    for g in &full.games {
        assert_eq!(*store.game_state(&t(), &g.game).unwrap().unwrap(), *g, "game {}", g.game);
    }
    assert_eq!(store.tournament_view(&t()).unwrap().as_ref(), Some(&full.summarised()));
    let states: Vec<GameState> = store.game_states(&t()).unwrap().iter().map(|s| GameState::clone(s)).collect();
    assert_eq!(states, full.games);
    let seats: std::collections::HashMap<GameId, crate::store::Seat> = full
        .games
        .iter()
        .filter_map(|g| Some((g.game.clone(), crate::store::Seat::of(g.schedule.as_ref()?))))
        .collect();
    assert_eq!(*store.game_seats(&t()).unwrap(), seats);
}

/// One case of the arrivals property: the universe of `steps`, with `dups` copies added, shuffled
/// by `order`, appended in batches of `cuts`, the store reopened after the batches `reopen_at`'s
/// bits name — and after every batch the derived state is the full fold's.
pub fn arrivals_fold_like_the_full_fold(
    open: Opener<'_>,
    steps: &[(u8, u8, u8)],
    order: u64,
    dups: &[usize],
    cuts: &[usize],
    reopen_at: u64,
) {
    let mut events = universe(steps);
    for d in dups {
        events.push(events[d % events.len()].clone());
    }
    // A seeded shuffle: late set-up, rulings before their incidents, duplicates anywhere.
    let mut seed = order | 1;
    for i in (1..events.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        events.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    let mut store = open();
    let (mut at, mut batch) = (0, 0);
    while at < events.len() {
        let n = cuts[batch % cuts.len()].min(events.len() - at);
        store.append(&events[at..at + n], Origin::Remote).unwrap();
        at += n;
        // Reopened after some batches: what is stored read back, what came after folded on.
        if (reopen_at >> (batch % 64)) & 1 == 1 {
            drop(store);
            store = open();
        }
        assert_same_as_full_fold(&*store);
        batch += 1;
    }
}

/// Appends are idempotent by event id: the same event again is a duplicate under its first
/// number, a changed copy is refused (`conflicting_duplicate`) and never stored, also within
/// one batch.
pub fn append_is_idempotent_and_refuses_a_changed_copy(open: Opener<'_>) {
    let store = open();
    let first: Vec<Event> = (1..=3).map(|n| event(n, Some(1), Role::Referee, advice(n))).collect();
    let stored = store.append(&first, Origin::Remote).unwrap();
    assert!(matches!(stored[..], [Ok(Appended::New(1)), Ok(Appended::New(2)), Ok(Appended::New(3))]), "{stored:?}");
    let mut changed = first[1].clone();
    changed.wall_time += chrono::Duration::seconds(1);
    let again = store.append(&[first[0].clone(), changed], Origin::Remote).unwrap();
    assert!(matches!(again[0], Ok(Appended::Duplicate(1))), "{again:?}");
    assert!(matches!(again[1], Err(CoreError::Domain(DomainError::ConflictingDuplicate(_)))), "{:?}", again[1]);
    let (twice, other) = (event(4, Some(1), Role::Referee, advice(4)), event(5, Some(2), Role::Referee, advice(5)));
    let mut changed_twin = other.clone();
    changed_twin.wall_time += chrono::Duration::seconds(1);
    let batch = store.append(&[twice.clone(), twice, other.clone(), changed_twin], Origin::Remote).unwrap();
    assert!(
        matches!(batch[..3], [Ok(Appended::New(4)), Ok(Appended::Duplicate(4)), Ok(Appended::New(5))]),
        "{batch:?}"
    );
    assert!(matches!(batch[3], Err(CoreError::Domain(DomainError::ConflictingDuplicate(_)))), "{:?}", batch[3]);
    assert_eq!(store.last_seq().unwrap(), 5);
    assert_eq!(store.get(&other.id).unwrap().as_ref(), Some(&other), "the first copy is the one kept");
}

/// An event given with the line it came in (`Lined`: a push) reads back as that event; the
/// same event written otherwise (another key order, a pretty-printed copy, the store's own
/// writing) is a duplicate of it, in one batch or later, also after a reopen; a changed copy is
/// still refused.
pub fn events_keep_the_lines_they_came_in(open: Opener<'_>) {
    let store = open();
    let (a, b) = (event(1, Some(1), Role::Referee, advice(1)), event(2, Some(2), Role::Referee, advice(2)));
    let lined = |text: &str| Lined::decode(text).unwrap();
    let stored = store
        .append_lined(vec![lined(&reordered(&a)), lined(&reordered(&b)), lined(&pretty(&b))], Origin::Remote)
        .unwrap();
    assert!(
        matches!(stored[..], [Ok(Appended::New(1)), Ok(Appended::New(2)), Ok(Appended::Duplicate(2))]),
        "{stored:?}"
    );
    let again = store.append(&[a.clone(), b.clone()], Origin::Remote).unwrap();
    assert!(matches!(again[..], [Ok(Appended::Duplicate(1)), Ok(Appended::Duplicate(2))]), "{again:?}");
    let mut changed = a.clone();
    changed.wall_time += chrono::Duration::seconds(1);
    let refused = store.append_lined(vec![lined(&reordered(&changed))], Origin::Remote).unwrap();
    assert!(matches!(refused[0], Err(CoreError::Domain(DomainError::ConflictingDuplicate(_)))), "{:?}", refused[0]);
    drop(store);
    let store = open();
    assert_eq!(store.since(0, 10).unwrap(), vec![(1, a.clone()), (2, b.clone())]);
    assert_eq!(store.get(&a.id).unwrap(), Some(a.clone()));
    let after = store.append_lined(vec![lined(&pretty(&a)), lined(&reordered(&b))], Origin::Remote).unwrap();
    assert!(matches!(after[..], [Ok(Appended::Duplicate(1)), Ok(Appended::Duplicate(2))]), "{after:?}");
    let mut out = Vec::new();
    assert_eq!(store.export(&mut out).unwrap(), 2);
    let (exported, errors) = wire::decode_jsonl(&String::from_utf8(out).unwrap());
    assert_eq!((exported, errors), (vec![a, b], vec![]), "an export reads back as the events");
}

/// `e` as one line with its envelope's keys in reverse order: what another writer may send.
pub fn reordered(e: &Event) -> String {
    let serde_json::Value::Object(fields) = serde_json::to_value(e).unwrap() else { unreachable!() };
    let reversed: serde_json::Map<String, serde_json::Value> = fields.into_iter().rev().collect();
    serde_json::to_string(&reversed).unwrap()
}

/// `e` pretty-printed: newlines and indentation between its tokens.
fn pretty(e: &Event) -> String {
    serde_json::to_string_pretty(e).unwrap()
}

fn advice(n: u32) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: if n % 2 == 0 { Colour::Black } else { Colour::White } },
        ruling: Some(Ruling::Advice),
        note: None,
    }
}

/// Pulls read in arrival order, page after page, exactly (arrival, not HLC: an event stamped
/// earlier that arrives later comes later); a scan of the log by tags keeps what its test
/// keeps, bounded, saying where it stopped; a game's events come in the agreed order.
pub fn pulls_follow_arrival_and_reads_follow_the_agreed_order(open: Opener<'_>) {
    let store = open();
    // Arriving newest first: arrival order is the reverse of the agreed order.
    let events: Vec<Event> =
        (1..=30).rev().map(|n| event(n, Some(1 + (n % 2) as u8), Role::Referee, advice(n))).collect();
    for chunk in events.chunks(7) {
        store.append(chunk, Origin::Remote).unwrap();
    }
    let (mut after, mut pulled) = (0, Vec::new());
    loop {
        let page = store.since(after, 4).unwrap();
        assert!(page.len() <= 4);
        let Some(&(last, _)) = page.last() else { break };
        pulled.extend(page);
        after = last;
    }
    assert_eq!(pulled.iter().map(|(s, _)| *s).collect::<Vec<_>>(), (1..=30).collect::<Vec<u64>>());
    assert_eq!(pulled.into_iter().map(|(_, e)| e).collect::<Vec<_>>(), events);
    let g1 = store.game_events(&t(), &GameId::new("g1").unwrap()).unwrap();
    assert_eq!(g1.len(), 15);
    assert!(g1.windows(2).all(|w| w[0].order_key() < w[1].order_key()), "agreed order");
    let mut odd = |tag: &LogTag<'_>| tag.game == Some("g2");
    let (page, last) = store.scan_log(0, 30, 1_000, 1_000, &mut odd).unwrap();
    assert_eq!(page.len(), 15);
    assert!(page.iter().all(|(_, e)| e.game.as_ref().is_some_and(|g| g.as_str() == "g2")));
    assert_eq!(last, 30);
    let (page, last) = store.scan_log(0, 30, 10, 1_000, &mut odd).unwrap();
    assert_eq!((page.len(), last), (5, 10), "a scan stops after max_scan entries, saying where");
    let (page, _) = store.scan_log(10, 30, 1_000, 3, &mut odd).unwrap();
    assert_eq!(page.iter().map(|(s, _)| *s).collect::<Vec<_>>(), vec![12, 14, 16], "at most `limit`");
}

/// Events, numbers, the office's keyspaces and derived state survive closing and opening again;
/// numbering goes on after the last.
pub fn everything_survives_a_reopen(open: Opener<'_>) {
    let events = universe(&[(0, 0, 0), (3, 1, 2), (4, 2, 1), (2, 0, 3), (0, 1, 1)]);
    {
        let store = open();
        store.append(&events, Origin::Remote).unwrap();
        let accounts = store.keyspace("accounts").unwrap();
        accounts.insert(b"dev/t1/tab", b"one").unwrap();
        assert_same_as_full_fold(&*store);
    }
    let store = open();
    assert_eq!(store.last_seq().unwrap(), events.len() as u64);
    assert_eq!(all_events(&*store), events);
    assert_eq!(store.keyspace("accounts").unwrap().get(b"dev/t1/tab").unwrap().as_deref(), Some(&b"one"[..]));
    assert_same_as_full_fold(&*store);
    let next = event(1_000, Some(1), Role::Referee, advice(1));
    let stored = store.append(&[next], Origin::Remote).unwrap();
    assert!(matches!(stored[..], [Ok(Appended::New(n))] if n == events.len() as u64 + 1), "{stored:?}");
}

/// A keyspace: insert, get, remove answering what it held, compare-and-swap from a value and from
/// absence (one of two swaps from the same value succeeds), prefix scans in key order, and
/// keyspaces apart from one another.
pub fn keyspaces_swap_and_scan(open: Opener<'_>) {
    let store = open();
    let k = store.keyspace("conformance").unwrap();
    let other = store.keyspace("other").unwrap();
    k.insert(b"code/2", b"b").unwrap();
    k.insert(b"code/1", b"a").unwrap();
    k.insert(b"dev/1", b"x").unwrap();
    assert_eq!(other.get(b"code/1").unwrap(), None, "keyspaces are apart");
    let scanned = k.scan_prefix(b"code/").unwrap();
    assert_eq!(scanned, vec![(b"code/1".to_vec(), b"a".to_vec()), (b"code/2".to_vec(), b"b".to_vec())]);
    assert!(k.compare_and_swap(b"code/1", Some(b"a"), Some(b"spent")).unwrap());
    assert!(!k.compare_and_swap(b"code/1", Some(b"a"), Some(b"again")).unwrap(), "the second swap fails");
    assert!(!k.compare_and_swap(b"code/1", None, Some(b"new")).unwrap(), "present, not absent");
    assert!(k.compare_and_swap(b"code/3", None, Some(b"c")).unwrap());
    assert!(k.compare_and_swap(b"code/3", Some(b"c"), None).unwrap());
    assert_eq!(k.get(b"code/3").unwrap(), None);
    assert_eq!(k.remove(b"code/2").unwrap().as_deref(), Some(&b"b"[..]));
    assert_eq!(k.remove(b"code/2").unwrap(), None, "a second remove finds nothing");
    assert_eq!(k.get(b"code/1").unwrap().as_deref(), Some(&b"spent"[..]));
}

/// Recording stamps each event after the one recorded before it, signs it with the store's key, chains
/// it to the signer's previous event in the tournament, and stores nothing of an invalid batch.
pub fn recording_stamps_signs_and_chains(open: Opener<'_>) {
    let store = open();
    let key = crate::ledger::SigningKey::from_seed(&[7; 32]).unwrap();
    let office = DeviceId::new(crate::event::OFFICE_SIGNER).unwrap();
    let public = key.public();
    store.sign_with(crate::store::Signer { id: office, key, announces: true });
    store.append(&universe(&[]), Origin::Remote).unwrap();
    let before = store.last_seq().unwrap();
    let now = DateTime::from_timestamp_millis(1_795_000_000_000).unwrap();
    let organiser = author(Role::Organiser);
    let mut n = 0u8;
    let mut random = || {
        n += 1;
        Ok([0x80, n, 0, 0, 0, 0, 0, 0, 0, 0])
    };
    let first =
        store.record(t(), Some(GameId::new("g1").unwrap()), organiser.clone(), advice(1), now, [0x80; 10]).unwrap();
    let two = store
        .record_all(&t(), &organiser, vec![(Some(GameId::new("g1").unwrap()), advice(2)); 2], now, &mut random)
        .unwrap();
    assert!(two[0].hlc > first.hlc && two[1].hlc > two[0].hlc);
    // The office's first signed event in the tournament registers its key: the chain's root.
    let root = store.since(before, 1).unwrap().remove(0).1;
    assert!(matches!(root.body, EventBody::KeyRegistered { .. }), "{root:?}");
    let keyring = crate::ledger::Keyring::pinned(public);
    for e in [&root, &first, &two[0], &two[1]] {
        assert!(e.sig.is_some(), "signed");
        assert!(keyring.check(e).is_ok(), "{:?}", keyring.check(e));
    }
    assert_eq!(first.prev, Some(root.digest()), "chained to the signer's last");
    assert_eq!(two[0].prev, Some(first.digest()));
    assert_eq!(two[1].prev, Some(two[0].digest()));
    // An invalid batch (a game's event without its game) stores nothing.
    let bad = store.record_all(
        &t(),
        &organiser,
        vec![(Some(GameId::new("g1").unwrap()), advice(3)), (None, advice(4))],
        now,
        &mut random,
    );
    assert!(bad.is_err());
    assert_eq!(store.last_seq().unwrap(), before + 4);
}

/// A check of the suite.
pub type Check = fn(Opener<'_>);

/// Every check above but the property, by name, for a runner that opens a fresh place per check.
pub const CHECKS: &[(&str, Check)] = &[
    ("append_is_idempotent_and_refuses_a_changed_copy", append_is_idempotent_and_refuses_a_changed_copy),
    ("pulls_follow_arrival_and_reads_follow_the_agreed_order", pulls_follow_arrival_and_reads_follow_the_agreed_order),
    ("everything_survives_a_reopen", everything_survives_a_reopen),
    ("keyspaces_swap_and_scan", keyspaces_swap_and_scan),
    ("recording_stamps_signs_and_chains", recording_stamps_signs_and_chains),
    ("events_keep_the_lines_they_came_in", events_keep_the_lines_they_came_in),
];

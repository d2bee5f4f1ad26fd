//! How the sled store keeps derived state: folded onto in place, migrated from older layouts,
//! within its memory budget, read back after a reopen — each time equal to the full fold
//! ([`crate::tournament::replay_states`]). The property over random arrivals runs on every
//! store in the tests crate (`store_conformance.rs`).

use crate::clock::Hlc;
use crate::event::{Event, EventBody};
use crate::model::{Colour, EventId, GameId, Role};
use crate::rules::{Incident, Ruling};
use crate::store::conformance::{assert_same_as_full_fold, body, event, t, universe};
use crate::store::tests::tmp;
use crate::store::{Origin, Store};

/// A game read (so kept) then played on: its presses, facts, new incidents and a chief arbiter's
/// ruling fold onto the kept state in place, and the state and summary stay the full fold's; a
/// press arriving late drops it and the next read folds the game again.
#[test]
fn events_sorting_last_fold_onto_a_kept_state_and_the_rest_refold() {
    let dir = tmp("fold-on");
    let s = Store::open(&dir, None).unwrap();
    let mut events = universe(&[]);
    let g1 = GameId::new("g1").unwrap();
    s.append(&events, Origin::Remote).unwrap();
    s.game_state(&t(), &g1).unwrap();
    let mut n = 100;
    let mut play = |s: &Store, events: &mut Vec<Event>, body: EventBody, role: Role| {
        n += 1;
        let e = event(n, Some(1), role, body);
        events.push(e.clone());
        s.append(&[e], Origin::Remote).unwrap();
    };
    let facts = [
        EventBody::ClockStarted,
        EventBody::ClockPressed { by: Colour::Black },
        EventBody::ClockPressed { by: Colour::White },
        EventBody::Resigned { by: Colour::White },
        EventBody::ClockPressed { by: Colour::Black },
    ];
    for (i, body) in facts.into_iter().enumerate() {
        play(&s, &mut events, body, Role::Referee);
        assert_eq!(s.projection.folded_on(), i as u64 + 1);
        assert!(s.projection.keeps_state(&t(), &g1));
        let key = super::keys::game_key(super::keys::SUMMARY, &t(), &g1);
        assert!(s.db.get(key).unwrap().is_some(), "the batch stored the summary it folded on to");
        assert_same_as_full_fold(&s);
    }
    play(
        &s,
        &mut events,
        EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: Colour::Black },
            ruling: Some(Ruling::Warning),
            note: None,
        },
        Role::Referee,
    );
    assert_eq!(s.projection.folded_on(), 6, "a new incident folds on too");
    assert_same_as_full_fold(&s);
    let incident = events.last().unwrap().id;
    play(&s, &mut events, EventBody::RulingIssued { incident, ruling: Ruling::Advice, note: None }, Role::ChiefArbiter);
    assert_eq!(s.projection.folded_on(), 7, "a chief arbiter's ruling folds on (the walk again, no event read)");
    assert!(s.projection.keeps_state(&t(), &g1));
    assert_same_as_full_fold(&s);
    // A press stamped before the last event: folded again, not onto.
    let mut late = event(n + 1, Some(1), Role::Referee, EventBody::ClockPressed { by: Colour::White });
    late.hlc = Hlc::new(late.hlc.wall_ms - 5_000, 0);
    s.append(&[late], Origin::Remote).unwrap();
    assert_eq!(s.projection.folded_on(), 7);
    assert!(!s.projection.keeps_state(&t(), &g1));
    assert_same_as_full_fold(&s);
}

#[test]
fn a_layout_1_store_is_migrated_and_its_setup_indexed() {
    let dir = tmp("migrate-1-2");
    let events = universe(&[(0, 0, 0), (3, 1, 2), (4, 2, 1)]);
    {
        let s = Store::open(&dir, None).unwrap();
        s.append(&events, Origin::Remote).unwrap();
        // Back to layout 1: no set-up index, no summaries, an old cache entry.
        for prefix in [super::keys::SETUP, super::keys::SUMMARY] {
            for item in s.db.scan_prefix([prefix]) {
                s.db.remove(item.unwrap().0).unwrap();
            }
        }
        s.db.insert([super::keys::OLD_CACHE, b'x'], b"stale".to_vec()).unwrap();
        s.db.insert(super::keys::meta("schema"), &1u64.to_be_bytes()).unwrap();
        super::super::tests::to_lines_in_sled(&s);
        s.db.flush().unwrap();
    }
    let s = Store::open(&dir, None).unwrap();
    assert!(s.db.scan_prefix([super::keys::OLD_CACHE]).next().is_none());
    assert_eq!(s.setup(&t()).unwrap().players.len(), 4);
    assert_same_as_full_fold(&s);
}

#[test]
fn a_layout_2_store_loses_its_tournament_index_and_reads_the_same() {
    let dir = tmp("migrate-2-3");
    let events = universe(&[(0, 0, 0), (3, 1, 2), (4, 2, 1), (2, 3, 3)]);
    let before = {
        let s = Store::open(&dir, None).unwrap();
        s.append(&events, Origin::Remote).unwrap();
        // Layout 2 kept a third index in (HLC, id) order under `t`.
        for e in &events {
            let mut k = super::keys::keyspace(super::keys::OLD_TOURNAMENT, &e.tournament);
            k.extend_from_slice(super::keys::order_suffix(&super::keys::setup_index(&e.tournament, e.hlc, &e.id)));
            s.db.insert(k, Vec::new()).unwrap();
        }
        s.db.insert(super::keys::meta("schema"), &2u64.to_be_bytes()).unwrap();
        super::super::tests::to_lines_in_sled(&s);
        s.db.flush().unwrap();
        s.tournament_events(&t()).unwrap()
    };
    let mut expected = events.clone();
    expected.sort_by_key(|e| e.order_key());
    expected.dedup_by_key(|e| e.id);
    assert_eq!(before, expected, "the merged indexes give the agreed order");
    let s = Store::open(&dir, None).unwrap();
    assert!(s.db.scan_prefix([super::keys::OLD_TOURNAMENT]).next().is_none());
    assert_eq!(
        s.db.get(super::keys::meta("schema")).unwrap().as_deref(),
        Some(&crate::store::STORE_SCHEMA.to_be_bytes()[..])
    );
    assert_eq!(s.tournament_events(&t()).unwrap(), expected);
    assert_same_as_full_fold(&s);
}

#[test]
fn memory_keeps_the_games_last_read_and_tournament_views_keep_none() {
    let dir = tmp("states-kept");
    let store = Store::open(&dir, None).unwrap();
    let games = super::STATES_KEPT as u32 + 40;
    let mut events = universe(&[]);
    let first = events.len() as u32 + 1;
    for n in 0..games {
        let data = serde_json::json!({"id": format!("x{n}"), "round": 1, "table": n + 10, "black": "p1", "white": "p2",
            "ruleset": {"preset": "chinese_1988"}, "time_control": {"main_minutes": 60, "reserved_minutes": 5},
            "allowed_lateness_minutes": 15});
        let mut e =
            event(first + n, None, Role::Organiser, body(serde_json::json!({"kind": "game_scheduled", "data": data})));
        e.game = Some(GameId::new(format!("x{n}")).unwrap());
        events.push(e);
    }
    store.append(&events, Origin::Remote).unwrap();
    let view = store.tournament_view(&t()).unwrap().unwrap();
    assert_eq!(view.games.len() as u32, games + 2);
    assert_eq!(store.game_states(&t()).unwrap().len() as u32, games + 2);
    assert_eq!(store.projection.states_kept(), 0, "pairing, standings and exports keep no game whole");

    let x = |n: u32| GameId::new(format!("x{n}")).unwrap();
    // x0 is read again every 100 games; the rest once, in order.
    for n in 0..games {
        store.game_state(&t(), &x(n)).unwrap().unwrap();
        if n % 100 == 0 {
            store.game_state(&t(), &x(0)).unwrap().unwrap();
        }
    }
    assert_eq!(store.projection.states_kept(), super::STATES_KEPT);
    assert!(store.projection.keeps_state(&t(), &x(0)), "read recently, so kept");
    assert!(!store.projection.keeps_state(&t(), &x(1)), "the least recently read went first");
    assert!(store.projection.keeps_state(&t(), &x(games - 1)));
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn long_games_are_let_go_sooner_the_kept_events_stay_within_their_budget() {
    let mut inner = super::Inner::default();
    let key = |n: u32| (t(), GameId::new(format!("x{n}")).unwrap());
    let state = |n: u32, events: usize| {
        let mut s = crate::game::fold_game(&key(n).1, Default::default(), &[]);
        s.events = events;
        std::sync::Arc::new(s)
    };
    let last = (Hlc::new(0, 0), EventId::from_parts(0, [0x80; 10]));
    let kept = |n: u32, events: usize| super::Kept {
        state: state(n, events),
        read: 0,
        last,
        default_ruleset: Default::default(),
        stored: true,
    };
    // 400-event games: the budget holds 125 of them, far below the count cap.
    for n in 0..200 {
        inner.keep_state(key(n), kept(n, 400));
        assert!(inner.state_events <= super::STATE_EVENTS_KEPT);
    }
    assert_eq!(inner.states.len(), super::STATE_EVENTS_KEPT / 400);
    assert!(inner.states.contains_key(&key(199)) && !inner.states.contains_key(&key(0)));
    // Kept again with more events: counted once, at its new size.
    inner.keep_state(key(199), kept(199, 1_000));
    let counted: usize = inner.states.values().map(|k| k.state.events).sum();
    assert_eq!(inner.state_events, counted);
    // A game bigger than the whole budget is still kept (alone): its page must be served.
    inner.keep_state(key(500), kept(500, super::STATE_EVENTS_KEPT + 1));
    assert_eq!(inner.states.len(), 1);
    assert!(inner.kept_state(&key(500)).is_some());
}

#[test]
fn a_summary_stored_by_an_older_build_is_folded_again() {
    let dir = tmp("old-summary");
    // A warning, then the chief arbiter's advice in its place: a ruling overruled.
    let events = universe(&[(0, 0, 0), (0, 1, 0), (3, 0, 1), (3, 0, 4)]);
    {
        let s = Store::open(&dir, None).unwrap();
        s.append(&events, Origin::Remote).unwrap();
        let changed = s.game_summaries(&t()).unwrap().iter().any(|g| !g.overruled.is_empty());
        assert!(changed, "the universe overrules a ruling");
        // As a build before the standings' changes moved into the summary stored it.
        for item in s.db.scan_prefix([super::keys::SUMMARY]) {
            let (k, v) = item.unwrap();
            let mut old: serde_json::Value = serde_json::from_slice(&v).unwrap();
            let summary = old["summary"].as_object_mut().unwrap();
            assert!(summary.remove("earlier_results").is_some() && summary.remove("overruled").is_some());
            s.db.insert(k, serde_json::to_vec(&old).unwrap()).unwrap();
        }
        s.db.flush().unwrap();
    }
    let s = Store::open(&dir, None).unwrap();
    assert_same_as_full_fold(&s);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game's state is stored in sled (behind the reads: every 30 s at the office, and on close):
/// a reopened store reads it back instead of folding; one stored before later events (the store
/// killed before storing the newer; a ruling) has them folded on; one an event after it cannot
/// be folded onto (one stamped before its last), or that cannot be read, is folded again; and
/// what another build's fold computed is let go on open.
#[test]
fn a_reopened_store_reads_game_states_back_and_folds_on_what_came_after() {
    let dir = tmp("stored-states");
    let g1 = GameId::new("g1").unwrap();
    let state_key = super::keys::game_key(super::keys::STATE, &t(), &g1);
    let events = universe(&[(0, 0, 0)]);
    let incident = events.iter().find(|e| matches!(e.body, EventBody::IncidentRecorded { .. })).unwrap().id;
    let in_g1 = |events: &[Event]| events.iter().filter(|e| e.game.as_ref() == Some(&g1)).count();
    let mut n = 100;
    let mut next = |body: EventBody, role: Role| {
        n += 1;
        event(n, Some(1), role, body)
    };
    let presses: Vec<Event> = [
        EventBody::ClockStarted,
        EventBody::ClockPressed { by: Colour::Black },
        EventBody::ClockPressed { by: Colour::White },
    ]
    .into_iter()
    .map(|b| next(b, Role::Referee))
    .collect();
    let older = {
        let s = Store::open(&dir, None).unwrap();
        s.append(&events, Origin::Remote).unwrap();
        s.game_state(&t(), &g1).unwrap();
        assert!(s.db.get(&state_key).unwrap().is_none(), "a read does not write");
        assert_eq!(s.store_kept_states().unwrap(), 1, "what the office does every 30 s");
        assert_eq!(s.store_kept_states().unwrap(), 0, "nothing changed since");
        let older = s.db.get(&state_key).unwrap().unwrap();
        s.append(&presses, Origin::Remote).unwrap();
        assert_eq!(s.projection.folded_on(), 3);
        older
    };
    let s = Store::open(&dir, None).unwrap();
    assert_eq!(s.game_state(&t(), &g1).unwrap().unwrap().events, in_g1(&events) + presses.len());
    assert_eq!(s.projection.folds(), 0, "closing stored the state the presses were folded onto");
    assert_same_as_full_fold(&s);
    drop(s);
    // As if killed before the newer state was stored: the presses are folded onto the older.
    {
        let s = Store::open(&dir, None).unwrap();
        s.db.insert(&state_key, older.clone()).unwrap();
    }
    let s = Store::open(&dir, None).unwrap();
    assert_eq!(s.game_state(&t(), &g1).unwrap().unwrap().events, in_g1(&events) + presses.len());
    assert_eq!(s.projection.folds(), 0, "the events after the stored state were folded on");
    assert_eq!(s.store_kept_states().unwrap(), 1);
    assert_ne!(s.db.get(&state_key).unwrap().unwrap(), older, "stored again with the presses");
    assert_same_as_full_fold(&s);
    drop(s);
    // Changed by a store that keeps nothing (the game not read), then read by a reopened one: how
    // many games that read folded from their events.
    let changed_then_read = |change: &dyn Fn(&Store)| {
        change(&Store::open(&dir, None).unwrap());
        let s = Store::open(&dir, None).unwrap();
        s.game_state(&t(), &g1).unwrap();
        assert_same_as_full_fold(&s);
        s.projection.folds()
    };
    // A chief arbiter's ruling on an earlier incident: folded onto the stored state too (its walk
    // run again over the kept steps).
    let ruling = next(EventBody::RulingIssued { incident, ruling: Ruling::Advice, note: None }, Role::ChiefArbiter);
    assert_eq!(changed_then_read(&|s| drop(s.append(std::slice::from_ref(&ruling), Origin::Remote).unwrap())), 0);
    // A press stamped before the stored state's last event: the game is folded again.
    let mut late = next(EventBody::ClockPressed { by: Colour::White }, Role::Referee);
    late.hlc = Hlc::new(1_795_000_000_500, 0);
    assert_eq!(changed_then_read(&|s| drop(s.append(std::slice::from_ref(&late), Origin::Remote).unwrap())), 1);
    // An unreadable stored state is folded again, not reported.
    assert_eq!(changed_then_read(&|s| drop(s.db.insert(&state_key, b"{\"seq\": \"cut".to_vec()).unwrap())), 1);
    let s = Store::open(&dir, None).unwrap();
    // Derived data another build's fold computed goes on open.
    s.db.insert(super::keys::meta("derived"), b"0.0.0+fold0".to_vec()).unwrap();
    drop(s);
    let s = Store::open(&dir, None).unwrap();
    for prefix in [super::keys::STATE, super::keys::SUMMARY] {
        assert!(s.db.scan_prefix([prefix]).next().is_none(), "{}", char::from(prefix));
    }
    assert_same_as_full_fold(&s);
    assert!(s.projection.folds() > 0);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

//! What the store keeps derived equals the full fold ([`crate::tournament::replay_states`]) after
//! every arrival: events in random orders, late and older ones, duplicates, batches, the set-up
//! changing the default ruleset, and the store reopened midway (summaries and game states read
//! back from sled).

use chrono::DateTime;
use proptest::prelude::*;

use crate::app::tables;
use crate::clock::Hlc;
use crate::domain::{Author, Colour, DeviceId, EventId, GameId, PersonId, Role, TournamentId};
use crate::event::{Event, EventBody, SCHEMA_VERSION};
use crate::game::{GameState, GameSummary};
use crate::rules::{Incident, Ruling};
use crate::store::tests::tmp;
use crate::store::{Origin, Store};
use crate::tournament::replay_states;

const GAMES: u8 = 3;

fn t() -> TournamentId {
    TournamentId::new("t1").unwrap()
}

fn author(role: Role) -> Author {
    let who = format!("{role:?}").to_lowercase();
    Author { device: DeviceId::new(format!("dev-{who}")).unwrap(), person: PersonId::new(who).unwrap(), role }
}

fn body(json: serde_json::Value) -> EventBody {
    serde_json::from_value(json).unwrap()
}

/// The `n`th event of the universe: its id and HLC both grow with `n` (HLC ties are broken by id).
fn event(n: u32, game: Option<u8>, role: Role, body: EventBody) -> Event {
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
fn universe(steps: &[(u8, u8, u8)]) -> Vec<Event> {
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

/// Everything the store keeps, against the full fold of what it holds.
fn assert_same_as_full_fold(store: &Store) {
    let all = store.tournament_events(&t()).unwrap();
    let Some(full) = replay_states(&all).into_iter().next() else {
        assert!(store.tournament_view(&t()).unwrap().is_none());
        return;
    };
    // Summaries first: after a reopen they come from sled, not from states folded here.
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
    let tables: std::collections::HashMap<GameId, u16> =
        full.games.iter().filter_map(|g| Some((g.game.clone(), g.schedule.as_ref()?.table))).collect();
    assert_eq!(*store.game_tables(&t()).unwrap(), tables);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn kept_state_equals_the_full_fold_after_every_arrival(
        steps in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 1..24),
        order in any::<u64>(),
        dups in proptest::collection::vec(any::<usize>(), 0..6),
        cuts in proptest::collection::vec(1usize..5, 1..40),
        reopen_at in any::<u64>(),
    ) {
        let mut events = universe(&steps);
        for d in &dups {
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
        let dir = tmp(&format!("projection-{order}"));
        let mut store = Store::open(&dir, None).unwrap();
        let (mut at, mut batch) = (0, 0);
        while at < events.len() {
            let n = cuts[batch % cuts.len()].min(events.len() - at);
            store.append(&events[at..at + n], Origin::Remote).unwrap();
            at += n;
            // Reopened after some batches: states and summaries read back from sled, the
            // events after a stored state folded on (or the game folded again).
            if (reopen_at >> (batch % 64)) & 1 == 1 {
                drop(store);
                store = Store::open(&dir, None).unwrap();
            }
            assert_same_as_full_fold(&store);
            batch += 1;
        }
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

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

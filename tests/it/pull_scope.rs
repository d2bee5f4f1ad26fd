//! A referee's tablet holds what it needs (`sync::scope`, docs/sync.md): the set-up,
//! the games at its tables (第三十一条三) and its own records — never another table's events —
//! and it still converges on what it holds; a new table or a game moved onto one brings that
//! game's earlier events. Everyone else is sent everything. Real office and stores, loopback.

use std::collections::HashSet;

use arbiter_core::event::{Event, EventBody};
use arbiter_core::game::fold_game;
use arbiter_core::model::{Author, Colour, DeviceId, Game, GameId, PersonId, Role, TimeControl};
use arbiter_core::rules::{Incident, RulesetSpec, Ruling};
use arbiter_core::store::{EventStore, Store};

use arbiter_tests::*;

fn organiser() -> Author {
    Author {
        device: DeviceId::new("office-t1").unwrap(),
        person: PersonId::new("organiser").unwrap(),
        role: Role::Organiser,
    }
}

fn at_office(office: &Office, game: Option<GameId>, body: EventBody, n: u64) {
    office
        .state
        .store
        .record(tournament(), game, organiser(), body, chrono::Utc::now(), random_from(77_000 + n))
        .unwrap();
}

fn assign(office: &Office, referee: &str, tables: &[u16], n: u64) {
    let body = EventBody::RefereeAssigned { referee: PersonId::new(referee).unwrap(), tables: tables.to_vec() };
    at_office(office, None, body, n);
}

fn events_of(store: &dyn EventStore, n: u32) -> Vec<Event> {
    store.game_events(&tournament(), &game(n)).unwrap()
}

fn games_held(store: &Store) -> HashSet<GameId> {
    store.tournament_events(&tournament()).unwrap().into_iter().filter_map(|e| e.game).collect()
}

fn warning() -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: Colour::Black },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_is_sent_its_tables_and_converges_on_them() {
    let office = Office::start("scope-office").await;
    office.schedule(4);
    assign(&office, "ref-wang", &[1, 2], 1);
    let wang_e = office.enroll("ref-wang", Role::Referee, "tab-wang").await;
    let li_e = office.enroll("ref-li", Role::Referee, "tab-li").await;
    let chief_e = office.enroll("chief-liu", Role::ChiefArbiter, "tab-chief").await;
    let wang = Device::new("scope-wang", &wang_e, &office.endpoint(), |_| {});
    let li = Device::new("scope-li", &li_e, &office.endpoint(), |_| {});
    let chief = Device::new("scope-chief", &chief_e, &office.endpoint(), |_| {});

    // ref-li is assigned no table, so is sent everything, and records on every table.
    for n in 1..=4u32 {
        li.record(n, advice(u64::from(n)));
    }
    li.settle().await;
    wang.record(1, warning());
    // A record on another table (a referee helping out) stays on the device that made it.
    let own = wang.record(3, advice(9));
    for d in [&wang, &chief, &li, &wang] {
        d.settle().await;
    }

    let office_store = &*office.state.store;
    assert_eq!(wang.store.pull_scope().unwrap().as_deref(), Some("tables:1,2"));
    assert_eq!(games_held(&wang.store), [1, 2, 3].map(game).into_iter().collect());
    assert_eq!(events_of(&*wang.store, 3), vec![own], "of table 3, only its own record");
    for n in [1, 2] {
        assert_eq!(events_of(&*wang.store, n), events_of(office_store, n), "game {n}");
        let fold = |s: &dyn EventStore| fold_game(&game(n), RulesetSpec::default(), &events_of(s, n));
        assert_eq!(fold(&*wang.store), fold(office_store), "game {n} converges");
    }
    assert_eq!(wang.store.setup(&tournament()).unwrap().referees.len(), 2, "the set-up is held whole");
    for everyone in [&chief, &li] {
        assert_eq!(everyone.store.pull_scope().unwrap().as_deref(), Some("all"));
        assert_eq!(event_set(&*everyone.store), event_set(office_store));
    }

    // 第三十一条三: ref-wang takes table 4 too. Its scope changes, it pulls again from the
    // start, and game 4's earlier events arrive.
    assign(&office, "ref-wang", &[4], 2);
    wang.settle().await;
    assert_eq!(wang.store.pull_scope().unwrap().as_deref(), Some("tables:1,2,4"));
    assert_eq!(events_of(&*wang.store, 4), events_of(office_store, 4));

    // Game 3 is moved onto table 2 (a pairing corrected): it comes whole, with its schedule.
    let moved = Game {
        id: game(3),
        round: 1,
        table: 2,
        black: arbiter_core::model::PlayerId::new("p5").unwrap(),
        white: arbiter_core::model::PlayerId::new("p6").unwrap(),
        ruleset: RulesetSpec::default(),
        time_control: TimeControl::reserved(60, 5),
        allowed_lateness_minutes: 15,
        handicap: 0,
        reason: None,
    };
    at_office(&office, Some(game(3)), EventBody::GameScheduled(moved), 3);
    wang.settle().await;
    assert_eq!(events_of(&*wang.store, 3), events_of(office_store, 3));
    assert_eq!(event_set(&*wang.store), event_set(office_store), "its tables now hold every game");
    office.shutdown().await;
}

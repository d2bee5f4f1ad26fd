//! OpenGotha in and out on files this project makes: an event run here, written as OpenGotha
//! XML and read back, keeps its players, parameters, pairings, results and byes — and its
//! McMahon standings; brought back in as events, it gives the same standings again.

use arbiter_domain::clock::Hlc;
use arbiter_domain::event::{Event, EventBody, SCHEMA_VERSION};
use arbiter_domain::interop::opengotha;
use arbiter_domain::model::*;
use arbiter_domain::rules::{Outcome, RulesetSpec};
use arbiter_domain::tournament::standings::mcmahon;
use arbiter_domain::tournament::{replay, run, System, TournamentView};

fn event(n: usize, role: Role, game: Option<GameId>, body: EventBody) -> Event {
    let ms = 1_795_000_000_000 + n as u64 * 1000;
    let mut random = [0u8; 10];
    random[0] = 0x80;
    random[8..].copy_from_slice(&(n as u16).to_be_bytes());
    Event {
        schema: SCHEMA_VERSION,
        rules: Some(arbiter_domain::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: EventId::from_parts(ms, random),
        tournament: TournamentId::new("t1").unwrap(),
        game,
        author: Author { device: DeviceId::new("office").unwrap(), person: PersonId::new("org").unwrap(), role },
        hlc: Hlc::new(ms, 0),
        wall_time: chrono::DateTime::from_timestamp_millis(ms as i64).unwrap(),
        body,
    }
}

fn view(events: &[Event]) -> TournamentView {
    replay(events).remove(0)
}

/// A seven-player McMahon event over three rounds, run by the pairer, results by rank.
fn event_run_here() -> Vec<Event> {
    let settings = Settings {
        begin: chrono::NaiveDate::from_ymd_opt(2026, 11, 21),
        end: chrono::NaiveDate::from_ymd_opt(2026, 11, 22),
        venue: Some("杭州棋院".into()),
        time_control: Some(TimeControl::reserved(90, 1)),
        allowed_lateness_minutes: Some(15),
        system: Some(System::McMahon {
            bar: Rank::Dan(3),
            floor: Rank::Kyu(10),
            pairing: None,
            handicap: None,
            scoring: None,
            criteria: None,
        }),
        rounds: Some(3),
        no_shared_places: false,
        komi_half_points: None,
        languages: Vec::new(),
    };
    let t = Tournament {
        id: TournamentId::new("t1").unwrap(),
        name: "西湖杯".into(),
        ruleset: RulesetSpec::default(),
        settings,
    };
    let mut events = vec![event(0, Role::Organiser, None, EventBody::TournamentCreated(t))];
    let names = [
        ("王 一", Rank::Dan(5)),
        ("李 二", Rank::Dan(2)),
        ("Smith John", Rank::Dan(1)),
        ("赵 四", Rank::Kyu(3)),
        ("钱 五", Rank::Kyu(6)),
        ("孙 六", Rank::Kyu(12)),
        ("周 七", Rank::Kyu(15)),
    ];
    for (i, (name, rank)) in names.iter().enumerate() {
        let p = Player {
            id: PlayerId::new(format!("p{i}")).unwrap(),
            name: (*name).into(),
            rank: *rank,
            club: Some(format!("club{}", i % 3)),
            team: None,
            board: None,
            opengotha: None,
        };
        events.push(event(events.len(), Role::Organiser, None, EventBody::PlayerRegistered(p)));
    }
    for round in 1..=3 {
        let (_, bodies) = run::pair_round(&view(&events), round).unwrap();
        for (g, body) in bodies {
            let result = if let EventBody::GameScheduled(game) = &body {
                let strength = |p: &PlayerId| p.as_str()[1..].parse::<usize>().unwrap();
                let winner =
                    if (strength(&game.black) + round as usize) % 3 == 0 { Colour::White } else { Colour::Black };
                Some((g.clone(), if round == 2 && game.table == 2 { Outcome::Draw } else { Outcome::win(winner) }))
            } else {
                None
            };
            events.push(event(events.len(), Role::ChiefArbiter, g, body));
            if let Some((g, outcome)) = result {
                events.push(event(
                    events.len(),
                    Role::Referee,
                    g,
                    EventBody::ResultEntered { outcome, note: None, forfeit: false },
                ));
            }
        }
    }
    events
}

#[test]
fn an_event_run_here_survives_opengotha_out_and_in() {
    let events = event_run_here();
    let v = view(&events);
    let og = opengotha::from_view(&v);
    let xml = opengotha::write(&og);
    let back = opengotha::parse(&xml).unwrap();
    assert_eq!(back.name, "西湖杯");
    assert_eq!((back.begin_date.as_str(), back.location.as_str()), ("2026-11-21", "杭州棋院"));
    assert_eq!(back.field.rounds, 3);
    assert_eq!(back.mcmahon, og.mcmahon);
    assert_eq!(back.criteria, og.criteria);
    assert_eq!(back.field.entrants.len(), 7);
    for (a, b) in og.field.entrants.iter().zip(&back.field.entrants) {
        // Surname and given name come back joined as the script writes them: 王 一 as 王一.
        let (surname, given) = arbiter_domain::interop::players_csv::split_name(&a.name);
        let written = arbiter_domain::interop::players_csv::join_name(&surname, &given);
        assert_eq!((written, a.rank), (b.name.clone(), b.rank));
    }
    // Games and byes keep who played whom, the colours, tables and results.
    let key = |o: &opengotha::OpenGotha, id: &PlayerId| {
        let i = o.field.entrants.iter().position(|e| &e.id == id).unwrap();
        o.players[i].key.clone()
    };
    let games = |o: &opengotha::OpenGotha| {
        let mut g: Vec<_> =
            o.field.games.iter().map(|g| (g.round, g.table, key(o, &g.black), key(o, &g.white), g.score)).collect();
        g.sort_by_key(|x| (x.0, x.1));
        g
    };
    assert_eq!(games(&back), games(&og));
    assert_eq!(games(&og).len(), 9, "three boards in each of three rounds");
    assert_eq!(back.field.byes.len(), 3);
    // McMahon standings are the same before and after the trip.
    let s1 = mcmahon::standings(&og.field, &og.mcmahon, &og.criteria, 3, &og.ratings()).unwrap();
    let s2 = mcmahon::standings(&back.field, &back.mcmahon, &back.criteria, 3, &back.ratings()).unwrap();
    let rows = |s: &arbiter_domain::tournament::Standings| {
        s.rows.iter().map(|r| (r.name.replace(' ', ""), r.place, r.values.clone())).collect::<Vec<_>>()
    };
    assert_eq!(rows(&s1), rows(&s2));
    // And back into events: the imported event ranks the same as the one run here.
    let (bodies, notes) =
        opengotha::to_events(&back, &TournamentId::new("t1").unwrap(), RulesetSpec::default()).unwrap();
    assert!(notes.iter().all(|n| !matches!(n, arbiter_domain::interop::note::ImportNote::BothWin { .. })), "{notes:?}");
    let imported: Vec<Event> =
        bodies.into_iter().enumerate().map(|(i, (g, b))| event(i, Role::Organiser, g, b)).collect();
    let here = run::standings(&v, None).unwrap();
    let there = run::standings(&view(&imported), None).unwrap();
    assert_eq!(rows(&here.standings), rows(&there.standings));
    assert_eq!(Some(&there.system), v.tournament.as_ref().unwrap().settings.system.as_ref());
}

#[test]
fn bad_files_are_refused_with_what_was_wrong() {
    let cases = [
        ("not xml at all <<<", "XML"),
        ("<Other/>", "not an OpenGotha tournament file"),
        ("<Tournament><Players/></Tournament>", "GeneralParameterSet"),
        (
            r#"<Tournament><Players><Player name="A" firstName="B" rank="99Q"/></Players><GeneralParameterSet numberOfRounds="3"/></Tournament>"#,
            "rank",
        ),
        (
            r#"<Tournament><Players/><Games><Game blackPlayer="X" whitePlayer="Y" roundNumber="1" result="RESULT_WHITEWINS"/></Games><GeneralParameterSet/></Tournament>"#,
            "not among the players",
        ),
        (
            r#"<Tournament><Players><Player name="A" firstName="B" rank="1D"/><Player name="C" firstName="D" rank="1D"/></Players><Games><Game blackPlayer="AB" whitePlayer="CD" roundNumber="1" result="RESULT_SOMETHING"/></Games><GeneralParameterSet/></Tournament>"#,
            "RESULT_SOMETHING",
        ),
        (
            r#"<Tournament><Players><Player name="A" firstName="B" rank="1D"/><Player name="C" firstName="D" rank="1D"/><Player name="E" firstName="F" rank="1D"/></Players><Games><Game blackPlayer="AB" whitePlayer="CD" roundNumber="1" result="RESULT_WHITEWINS"/><Game blackPlayer="AB" whitePlayer="EF" roundNumber="1" result="RESULT_WHITEWINS"/></Games><GeneralParameterSet/></Tournament>"#,
            "round 1: `AB` is in two games",
        ),
        (
            r#"<Tournament><Players><Player name="A" firstName="B" rank="1D"/><Player name="C" firstName="D" rank="1D"/></Players><Games><Game blackPlayer="AB" whitePlayer="CD" roundNumber="2" result="RESULT_WHITEWINS"/></Games><ByePlayers><ByePlayer player="CD" roundNumber="2"/></ByePlayers><GeneralParameterSet numberOfRounds="2"/></Tournament>"#,
            "has the bye",
        ),
    ];
    for (xml, says) in cases {
        let e = opengotha::parse(xml).unwrap_err();
        // A bad player is one of the file's bad lines; the rest, the file's own refusal.
        let want = if xml.contains("Player name") && !xml.contains("<Game") { "bad_lines" } else { "invalid_field" };
        assert_eq!(e.code(), want, "{xml}");
        assert!(e.to_string().contains(says), "{xml}: {e}");
    }
}

#[test]
fn time_systems_go_to_opengotha_and_back() {
    // OpenGotha's own file: 60 minutes, then STDBYOYOMI of 30 s a move — one period.
    let path = format!("{}/tests/fixtures/opengotha/Tournoi de Juvisy.xml", env!("CARGO_MANIFEST_DIR"));
    let og = opengotha::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(og.time_control, Some(TimeControl::with(60, Overtime::Periods { periods: 1, seconds: 30 })));
    // Each system this project keeps, written and read back; several reserved minutes are one in
    // OpenGotha (it has no number of periods). 第十二条二's reserve is within the limit, OpenGotha's
    // byo-yomi after its basic time: a 90-minute limit with 5 reserved is 85 minutes' basic time,
    // which comes back as 85 + the one reserved minute.
    for (tc, back) in [
        (TimeControl::reserved(90, 1), TimeControl::reserved(90, 1)),
        (TimeControl::reserved(90, 5), TimeControl::reserved(86, 1)),
        (TimeControl::reserved(45, 0), TimeControl::reserved(45, 0)),
        (
            TimeControl::with(60, Overtime::Periods { periods: 3, seconds: 30 }),
            TimeControl::with(60, Overtime::Periods { periods: 1, seconds: 30 }),
        ),
        (
            TimeControl::with(30, Overtime::Canadian { moves: 15, seconds: 300 }),
            TimeControl::with(30, Overtime::Canadian { moves: 15, seconds: 300 }),
        ),
        (
            TimeControl::with(40, Overtime::Fischer { seconds: 20 }),
            TimeControl::with(40, Overtime::Fischer { seconds: 20 }),
        ),
    ] {
        let mut o = og.clone();
        o.time_control = Some(tc);
        let read = opengotha::parse(&opengotha::write(&o)).unwrap();
        assert_eq!(read.time_control, Some(back), "{tc:?}");
    }
    // A system OpenGotha does not write is refused, with what was wrong.
    let mut o = og.clone();
    o.time_control = Some(TimeControl::reserved(60, 1));
    let bad = opengotha::write(&o).replace("STDBYOYOMI", "HOURGLASS");
    assert!(opengotha::parse(&bad).unwrap_err().to_string().contains("HOURGLASS"));
}

#[test]
fn every_bad_player_of_a_file_is_named_with_its_line() {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament dataVersion=\"201\"><Players>\n\
<Player name=\"Wang\" firstName=\"Yi\" rank=\"3X\" rating=\"2300\"/>\n\
<Player name=\"Li\" firstName=\"Er\" rank=\"1D\" rating=\"2100\"/>\n\
<Player name=\"Zhang\" firstName=\"San\" rank=\"2K\" egfPin=\"123\" rating=\"1900\"/>\n\
</Players></Tournament>\n";
    match opengotha::parse(xml) {
        Err(arbiter_domain::error::DomainError::BadLines { file: "opengotha file", lines }) => {
            let at: Vec<u32> = lines.iter().map(|f| f.line).collect();
            assert_eq!(at, vec![3, 5]);
            assert!(lines[0].message.contains("3X"), "{}", lines[0].message);
            assert!(lines[1].message.contains("8 digits"), "{}", lines[1].message);
        }
        other => panic!("{other:?}"),
    }
}

//! Running an event through its events, as the office does: set-up, pairing each round by the
//! system (第二十七条), results from the games' folds or entered (第十三条一), withdrawals
//! (第二十九条), standings (第二十八条), and a result an appeal changed shown as changed.

use arbiter_domain::clock::Hlc;
use arbiter_domain::event::{AppealDecision, Event, EventBody, SCHEMA_VERSION};
use arbiter_domain::model::*;
use arbiter_domain::rules::{Incident, Outcome, RulesetSpec, Ruling};
use arbiter_domain::tournament::standings::{Criterion, SwissReading};
use arbiter_domain::tournament::{replay, run, System, TeamPairing, TournamentView};

struct Log {
    events: Vec<Event>,
    ms: u64,
}

impl Log {
    fn new(system: System, rounds: u16, players: &[(&str, Rank)]) -> Log {
        Log::under(RulesetSpec::default(), system, rounds, players)
    }

    fn under(ruleset: RulesetSpec, system: System, rounds: u16, players: &[(&str, Rank)]) -> Log {
        let mut log = Log { events: vec![], ms: 1_795_000_000_000 };
        let settings = Settings {
            system: Some(system),
            rounds: Some(rounds),
            time_control: Some(TimeControl::reserved(60, 5)),
            allowed_lateness_minutes: Some(15),
            ..Settings::default()
        };
        let t = Tournament { id: TournamentId::new("t1").unwrap(), name: "城市杯".into(), ruleset, settings };
        log.push(Role::Organiser, None, EventBody::TournamentCreated(t));
        for (id, rank) in players {
            let p = Player {
                id: PlayerId::new(*id).unwrap(),
                name: id.to_uppercase(),
                rank: *rank,
                club: None,
                team: None,
                board: None,
                opengotha: None,
            };
            log.push(Role::Organiser, None, EventBody::PlayerRegistered(p));
        }
        log
    }

    fn push(&mut self, role: Role, game: Option<GameId>, body: EventBody) -> EventId {
        self.ms += 1_000;
        let mut random = [0u8; 10];
        random[0] = 0x80;
        random[8..].copy_from_slice(&(self.events.len() as u16).to_be_bytes());
        let person = format!("{role:?}").to_lowercase();
        let e = Event {
            schema: SCHEMA_VERSION,
            rules: Some(arbiter_domain::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(self.ms, random),
            tournament: TournamentId::new("t1").unwrap(),
            game,
            author: Author {
                device: DeviceId::new(format!("dev-{person}")).unwrap(),
                person: PersonId::new(person).unwrap(),
                role,
            },
            hlc: Hlc::new(self.ms, 0),
            wall_time: chrono::DateTime::from_timestamp_millis(self.ms as i64).unwrap(),
            body,
        };
        let id = e.id;
        self.events.push(e);
        id
    }

    fn view(&self) -> TournamentView {
        replay(&self.events).remove(0)
    }

    /// Pairs `round` and records the pairing as the office would.
    fn pair(&mut self, round: u16) -> Vec<(GameId, PlayerId, PlayerId)> {
        let (_, events) = run::pair_round(&self.view(), round).unwrap();
        let mut games = vec![];
        for (game, body) in events {
            if let EventBody::GameScheduled(g) = &body {
                games.push((g.id.clone(), g.black.clone(), g.white.clone()));
            }
            self.push(Role::ChiefArbiter, game, body);
        }
        games
    }

    fn result(&mut self, game: &GameId, outcome: Outcome) {
        self.push(Role::Referee, Some(game.clone()), EventBody::ResultEntered { outcome, note: None, forfeit: false });
    }
}

/// (black, white, handicap) of each board of `round`, by table.
fn pairs(log: &Log, round: u16) -> Vec<(String, String, u8)> {
    let mut games: Vec<_> = log
        .events
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::GameScheduled(g) if g.round == round => Some(g),
            _ => None,
        })
        .collect();
    games.sort_by_key(|g| g.table);
    games.iter().map(|g| (g.black.to_string(), g.white.to_string(), g.handicap)).collect()
}

fn pid(s: &str) -> PlayerId {
    PlayerId::new(s).unwrap()
}

#[test]
fn a_swiss_event_runs_round_by_round_and_the_higher_seed_wins() {
    let players =
        [("a", Rank::Dan(5)), ("b", Rank::Dan(4)), ("c", Rank::Dan(3)), ("d", Rank::Dan(2)), ("e", Rank::Dan(1))];
    let mut log = Log::new(System::Swiss { reading: SwissReading::TieBreak }, 3, &players);
    let strength = |p: &PlayerId| players.iter().position(|(id, _)| *id == p.as_str()).unwrap();
    for round in 1..=3 {
        let games = log.pair(round);
        assert_eq!(games.len(), 2, "five players: two boards and a bye");
        if round < 3 {
            let err = run::pair_round(&log.view(), round + 1).unwrap_err();
            assert!(err.to_string().contains("no result yet"), "{err}");
        }
        for (g, b, w) in games {
            let winner = if strength(&b) < strength(&w) { Colour::Black } else { Colour::White };
            log.result(&g, Outcome::win(winner));
        }
    }
    let view = log.view();
    assert_eq!(view.byes.len(), 3);
    let byes: std::collections::BTreeSet<_> = view.byes.values().flatten().collect();
    assert_eq!(byes.len(), 3, "three different players had the byes");
    let s = run::standings(&view, None).unwrap();
    assert_eq!(s.standings.round, 3);
    assert_eq!(s.pending, 0);
    assert_eq!(s.standings.rows[0].player, pid("a"), "{:#?}", s.standings.rows);
    assert_eq!(s.standings.rows[0].values[0].to_string(), "6", "three wins (or two and a bye) make 6 points");
    let err = run::pair_round(&view, 4).unwrap_err();
    assert_eq!(
        err,
        arbiter_domain::DomainError::Outside {
            what: arbiter_domain::error::Noun::Round,
            detail: arbiter_domain::error::Detail::RoundOutside { round: 4, max: 3 }
        },
        "the event has 3 rounds"
    );
}

#[test]
fn a_round_robin_runs_every_round_and_a_withdrawal_after_half_credits_the_rest() {
    let players = [("a", Rank::Dan(3)), ("b", Rank::Dan(2)), ("c", Rank::Dan(1)), ("d", Rank::Kyu(1))];
    let mut log = Log::new(System::RoundRobin { double: false }, 3, &players);
    for round in 1..=2 {
        for (g, _, _) in log.pair(round) {
            log.result(&g, Outcome::Draw);
        }
    }
    // 第二十九条二: d played 2 of 3 rounds, then withdrew.
    log.push(Role::ChiefArbiter, None, EventBody::PlayerWithdrew { player: pid("d"), after_round: 2, note: None });
    let games = log.pair(3);
    assert_eq!(games.len(), 1, "d's round-3 game is not paired");
    for (g, _, _) in games {
        log.result(&g, Outcome::Draw);
    }
    let s = run::standings(&log.view(), Some(3)).unwrap();
    let d_opponent_in_round_3 = ["a", "b", "c"]
        .into_iter()
        .find(|p| s.standings.rows.iter().any(|r| r.player.as_str() == *p && r.values[0].to_string() == "4"))
        .expect("d's last opponent has 2 draws + the credited win = 4 points");
    assert!(s.standings.notes.iter().any(|n| n.zh.contains("第二十九条二")), "{d_opponent_in_round_3}");
    assert!(s.standings.notes.iter().all(|n| n.whole()), "a note not in every language: {:?}", s.standings.notes);
    assert_eq!(s.standings.criteria, [Criterion::Points, Criterion::BeatenOpponents, Criterion::Warnings]);
}

/// The committee overturns a second warning on appeal (第十六条四): the loss is taken back, the
/// standings count the game again and list it as changed.
#[test]
fn an_appeal_that_takes_a_loss_back_changes_the_standings_and_says_so() {
    let players = [("a", Rank::Dan(2)), ("b", Rank::Dan(1))];
    let mut log = Log::new(System::Swiss { reading: SwissReading::TieBreak }, 1, &players);
    let (g, black, _) = log.pair(1).remove(0);
    let some = Some(g.clone());
    let disturb = || EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: Colour::Black },
        ruling: Some(Ruling::Warning),
        note: None,
    };
    log.push(Role::Referee, some.clone(), EventBody::ClockStarted);
    log.push(Role::Referee, some.clone(), disturb());
    let second = log.push(Role::Referee, some.clone(), disturb());
    let before = run::standings(&log.view(), None).unwrap();
    let black_points =
        |s: &run::EventStandings| s.standings.rows.iter().find(|r| r.player == black).unwrap().values[0].to_string();
    assert_eq!(black_points(&before), "0", "第二十五条二: the second warning lost the game");
    assert!(before.changes.is_empty());
    let appeal = log.push(
        Role::Referee,
        some.clone(),
        EventBody::AppealFiled { incident: second, by: Colour::Black, grounds: "我没有说话".into() },
    );
    log.push(
        Role::Committee,
        some.clone(),
        EventBody::AppealDecided {
            appeal,
            decision: AppealDecision::Overturned { ruling: Ruling::Advice },
            note: None,
        },
    );
    log.result(&g, Outcome::win(Colour::Black));
    let after = run::standings(&log.view(), None).unwrap();
    assert_eq!(black_points(&after), "2");
    assert_eq!(after.changes.len(), 1, "{:#?}", after.changes);
    let c = &after.changes[0];
    assert_eq!((c.overruled[0].was, c.overruled[0].now, c.overruled[0].rank), (Ruling::Warning, Ruling::Advice, 3));
    assert_eq!(c.now.unwrap().outcome, Outcome::win(Colour::Black));
}

#[test]
fn pairing_needs_the_set_up_first() {
    let mut log =
        Log::new(System::Swiss { reading: SwissReading::TieBreak }, 3, &[("a", Rank::Dan(1)), ("b", Rank::Dan(1))]);
    let EventBody::TournamentCreated(mut t) = log.events[0].body.clone() else { panic!() };
    t.settings.time_control = None;
    log.push(Role::Organiser, None, EventBody::TournamentCreated(t));
    let err = run::pair_round(&log.view(), 1).unwrap_err();
    assert!(err.to_string().contains("time control"), "{err}");
}

#[test]
fn a_mcmahon_event_ranks_by_mms_sos_sosos() {
    let players = [("a", Rank::Dan(4)), ("b", Rank::Dan(1)), ("c", Rank::Kyu(5)), ("d", Rank::Kyu(10))];
    let mut log = Log::new(
        System::McMahon {
            bar: Rank::Dan(2),
            floor: Rank::Kyu(8),
            pairing: None,
            handicap: None,
            scoring: None,
            criteria: None,
        },
        2,
        &players,
    );
    // Starting scores (OpenGotha counts from 30k): a at the bar (2d: 31), b 1d (30), c 5k
    // (25), d at the floor (8k: 22).
    //
    // Round 1 seeds a–b and c–d. a–b is even (MMS 32 and 30 are both at or above the 1d
    // no-handicap threshold); c–d is 25 − 22 = 3 less the correction of 1: two stones, c White.
    let r1 = log.pair(1);
    assert_eq!(pairs(&log, 1), [("a", "b", 0), ("d", "c", 2)].map(|(b, w, h)| (b.into(), w.into(), h)));
    // a (Black) beats b; c (White) beats d.
    log.result(&r1[0].0, Outcome::win(Colour::Black));
    log.result(&r1[1].0, Outcome::win(Colour::White));
    // Round 2: a 32, b 30, c 26, d 22 and a–b met. a–c with b–d is 6 and 8 groups apart, a–d
    // with b–c 10 and 4: the score criterion's concave curve prefers the first. Handicaps: a
    // (capped at the 1d threshold) gives c 4 − 1 = 3 stones, b gives d 8 − 1 = 7.
    let r2 = log.pair(2);
    assert_eq!(pairs(&log, 2), [("c", "a", 3), ("d", "b", 7)].map(|(b, w, h)| (b.into(), w.into(), h)));
    for (g, _, _) in &r2 {
        log.result(g, Outcome::win(Colour::White));
    }
    let s = run::standings(&log.view(), None).unwrap();
    assert_eq!(s.standings.criteria, [Criterion::Mms, Criterion::Sosm, Criterion::Sososm]);
    // MMS a 33, b 31, c 26, d 22. SOSM is each opponent's final MMS, plus the stones given
    // when White, less those received when Black (OpenGotha):
    // a = b 31 + (c 26 + 3) = 60; b = a 33 + (d 22 + 7) = 62;
    // c = (d 22 + 2) + (a 33 − 3) = 54; d = (c 26 − 2) + (b 31 − 7) = 48.
    let rows: Vec<_> = s
        .standings
        .rows
        .iter()
        .map(|r| (r.player.to_string(), r.values[0].to_string(), r.values[1].to_string()))
        .collect();
    assert_eq!(
        rows,
        [
            ("a".into(), "33".into(), "60".into()),
            ("b".into(), "31".into(), "62".into()),
            ("c".into(), "26".into(), "54".into()),
            ("d".into(), "22".into(), "48".into()),
        ]
    );
}

/// 第二十七条四 三局两胜: two players, colours alternating, the match stops once decided; a
/// withdrawal mid-match leaves the unplayed games to the opponent (第二十九条四).
#[test]
fn a_best_of_three_match_stops_when_decided_and_a_withdrawal_gives_the_rest_away() {
    let players = [("a", Rank::Dan(9)), ("b", Rank::Dan(8))];
    let mut log = Log::new(System::Match { best_of: 3 }, 3, &players);
    let (g1, b1, _) = log.pair(1).remove(0);
    assert_eq!(b1, pid("a"), "the first seed takes Black in game 1");
    log.result(&g1, Outcome::win(Colour::Black));
    let (g2, b2, _) = log.pair(2).remove(0);
    assert_eq!(b2, pid("b"), "colours alternate");
    log.result(&g2, Outcome::win(Colour::White));
    let err = run::pair_round(&log.view(), 3).unwrap_err();
    assert!(err.to_string().contains("decided"), "a won games 1 and 2: {err}");
    let s = run::standings(&log.view(), None).unwrap();
    assert_eq!(s.standings.rows[0].player, pid("a"));
    assert_eq!(s.standings.rows[0].values[0].to_string(), "4");
    assert!(s.standings.notes.iter().any(|n| n.en.contains("decided")));
    assert!(s.standings.notes.iter().all(|n| n.whole()), "a note not in every language: {:?}", s.standings.notes);

    // 第二十九条四: b wins game 1, then a withdraws: the two unplayed games go to b.
    let mut log = Log::new(System::Match { best_of: 3 }, 3, &players);
    let (g1, _, _) = log.pair(1).remove(0);
    log.result(&g1, Outcome::win(Colour::White));
    log.push(Role::ChiefArbiter, None, EventBody::PlayerWithdrew { player: pid("a"), after_round: 1, note: None });
    assert!(run::pair_round(&log.view(), 2).unwrap_err().to_string().contains("Art. 29.4"));
    let s = run::standings(&log.view(), None).unwrap();
    let points = |p: &str| s.standings.rows.iter().find(|r| r.player.as_str() == p).unwrap().values[0].to_string();
    assert_eq!((points("b"), points("a")), ("6".into(), "0".into()));
    assert!(s.standings.notes.iter().any(|n| n.zh.contains("第二十九条四")));
    assert!(s.standings.notes.iter().all(|n| n.whole()), "a note not in every language: {:?}", s.standings.notes);
}

/// Plays every board of `round`: the stronger player (earlier in `players`) wins, unless the
/// pair is in `upsets`, where the weaker wins.
fn play_round(
    log: &mut Log,
    round: u16,
    players: &[(&str, Rank)],
    upsets: &[(&str, &str)],
) -> Vec<(PlayerId, PlayerId)> {
    let strength = |p: &PlayerId| players.iter().position(|(id, _)| *id == p.as_str()).unwrap();
    let games = log.pair(round);
    let mut winners_losers = vec![];
    for (g, b, w) in games {
        let upset =
            upsets.iter().any(|(x, y)| (b.as_str(), w.as_str()) == (*x, *y) || (w.as_str(), b.as_str()) == (*x, *y));
        let black_stronger = strength(&b) < strength(&w);
        let winner = if black_stronger != upset { Colour::Black } else { Colour::White };
        log.result(&g, Outcome::win(winner));
        let (win, lose) = if winner == Colour::Black { (b, w) } else { (w, b) };
        winners_losers.push((win, lose));
    }
    winners_losers
}

#[test]
fn a_single_elimination_of_six_seeds_the_bracket_and_gives_the_top_two_the_byes() {
    // 第二十七条一 单败淘汰: six players in a bracket of eight, seeds 1 and 2 sit out round 1.
    let players: Vec<(&str, Rank)> =
        [("s1", 9), ("s2", 8), ("s3", 7), ("s4", 6), ("s5", 5), ("s6", 4)].map(|(p, d)| (p, Rank::Dan(d))).to_vec();
    let mut log = Log::new(System::Knockout { losses: 1 }, 3, &players);
    let (pairing, _) = run::pair_round(&log.view(), 1).unwrap();
    let byes: Vec<&str> = pairing.byes.iter().map(|p| p.as_str()).collect();
    assert_eq!(byes, ["s1", "s2"], "the top seeds get the byes");
    let first: Vec<(&str, &str)> = pairing.boards.iter().map(|b| (b.black.as_str(), b.white.as_str())).collect();
    assert_eq!(first.len(), 2);
    // 4 meets 5 and 3 meets 6, whatever the colours.
    let met = |x: &str, y: &str| first.iter().any(|(b, w)| (*b, *w) == (x, y) || (*b, *w) == (y, x));
    assert!(met("s4", "s5") && met("s3", "s6"), "{first:?}");
    // s5 beats s4; s3 beats s6.
    play_round(&mut log, 1, &players, &[("s4", "s5")]);
    assert_eq!(log.view().byes[&1].len(), 2, "both byes are in the ledger");
    let second = play_round(&mut log, 2, &players, &[]);
    let pairs: Vec<(&str, &str)> = second.iter().map(|(w, l)| (w.as_str(), l.as_str())).collect();
    // The bracket: s1 meets the winner of 4–5, s2 the winner of 3–6.
    assert!(pairs.contains(&("s1", "s5")) && pairs.contains(&("s2", "s3")), "{pairs:?}");
    let s = run::standings(&log.view(), None).unwrap();
    assert!(s.standings.notes.iter().any(|n| n.en.contains("2 players still in")));
    assert!(s.standings.notes.iter().all(|n| n.whole()), "a note not in every language: {:?}", s.standings.notes);
    let final_ = play_round(&mut log, 3, &players, &[("s1", "s2")]);
    assert_eq!(final_, vec![(pid("s2"), pid("s1"))]);
    let err = run::pair_round(&log.view(), 4).unwrap_err();
    assert!(err.to_string().contains("outside") || err.to_string().contains("over"), "{err}");

    let s = run::standings(&log.view(), None).unwrap();
    assert_eq!(s.standings.criteria, vec![Criterion::Reached]);
    let place = |p: &str| s.standings.rows.iter().find(|r| r.player.as_str() == p).unwrap();
    assert_eq!(place("s2").place, 1);
    assert_eq!(place("s1").place, 2);
    // Out in round 2, shared third (第二十八条 C); out in round 1, shared fifth.
    assert!(place("s3").shared && place("s3").place == 3 && place("s5").place == 3);
    assert!(place("s4").shared && place("s4").place == 5 && place("s6").place == 5);
    assert!(s.standings.notes.iter().any(|n| n.en.contains("S2 won")), "{:?}", s.standings.notes);
    assert!(s.standings.notes.iter().all(|n| n.whole()), "a note not in every language: {:?}", s.standings.notes);
}

#[test]
fn a_double_elimination_gives_each_player_a_second_life_and_pairs_by_losses() {
    // 第二十七条一 双败淘汰: out after two defeats; pairs meet players with the same record.
    let players: Vec<(&str, Rank)> = [("a", 9), ("b", 8), ("c", 7), ("d", 6)].map(|(p, d)| (p, Rank::Dan(d))).to_vec();
    let mut log = Log::new(System::Knockout { losses: 2 }, 9, &players);
    play_round(&mut log, 1, &players, &[]);
    // Round 2: the two unbeaten meet, and the two with one loss.
    let view = log.view();
    let (p2, _) = run::pair_round(&view, 2).unwrap();
    let field = arbiter_domain::tournament::ledger::field(&view);
    let index = field.index();
    for b in &p2.boards {
        let l = |p| arbiter_domain::tournament::pairing::knockout::losses(&index, p, 1);
        assert_eq!(l(&b.black), l(&b.white), "equal records meet: {b:?}");
    }
    let mut round = 2;
    loop {
        match run::pair_round(&log.view(), round) {
            Ok(_) => {
                play_round(&mut log, round, &players, &[]);
                round += 1;
            }
            Err(e) => {
                assert!(e.to_string().contains("over: a won"), "{e}");
                break;
            }
        }
        assert!(round < 9, "a four-player double elimination ends within 8 rounds");
    }
    let s = run::standings(&log.view(), None).unwrap();
    assert_eq!(s.standings.rows[0].player, pid("a"));
    assert_eq!(s.standings.rows[0].place, 1);
    // Nobody who lost once was put out; everyone but the winner lost twice.
    let field = arbiter_domain::tournament::ledger::field(&log.view());
    let index = field.index();
    for (p, _) in &players[1..] {
        assert_eq!(arbiter_domain::tournament::pairing::knockout::losses(&index, &pid(p), round), 2, "{p}");
    }
}

fn register(log: &mut Log, id: &str, team: Option<&str>, rank: Rank) {
    let p = Player {
        id: pid(id),
        name: id.to_uppercase(),
        rank,
        club: None,
        team: team.map(str::to_owned),
        board: None,
        opengotha: None,
    };
    log.push(Role::Organiser, None, EventBody::PlayerRegistered(p));
}

/// Three teams of two boards and a reserve: `x1` (7段) sits on board 1, `x2` (5段) on board 2,
/// `x3` (3段) is the reserve.
fn three_teams(pairing: TeamPairing) -> Log {
    let mut log = Log::new(System::Team { boards: 2, pairing, reading: SwissReading::TieBreak }, 3, &[]);
    for team in ["a", "b", "c"] {
        for (k, dan) in [(1, 7), (2, 5), (3, 3)] {
            register(&mut log, &format!("{team}{k}"), Some(&format!("{}队", team.to_uppercase())), Rank::Dan(dan));
        }
    }
    log
}

#[test]
fn a_team_round_robin_sits_teams_by_board_and_breaks_a_tie_on_board_one() {
    // 第二十八条二1, worked by hand: every match is drawn 2–2 in game points, so every team has
    // 2 match points and 4 game points; board 1 decides — A won both its board-1 games (4),
    // C won one (2), B none (0).
    let mut log = three_teams(TeamPairing::RoundRobin);
    let board_winner = |board: u8, x: char, y: char| -> char {
        let pair = if x < y { (x, y) } else { (y, x) };
        match (board, pair) {
            (1, ('a', _)) => 'a',
            (2, ('a', other)) => other,
            (1, ('b', 'c')) => 'c',
            _ => 'b',
        }
    };
    let mut bumped = None;
    for round in 1..=3 {
        let view = log.view();
        let (pairing, _) = run::pair_round(&view, round).unwrap();
        assert_eq!(pairing.boards.len(), 2, "one match of two boards");
        assert_eq!(pairing.byes.len(), 2, "the team that sits out: both its boards");
        for b in &pairing.boards {
            let board = ((b.table - 1) % 2 + 1) as u8;
            let (black, white) = (b.black.as_str(), b.white.as_str());
            assert!(!black.ends_with('3') && !white.ends_with('3'), "the reserve does not play");
            assert!(black.ends_with(&board.to_string()), "{black} on board {board}");
            assert!(white.ends_with(&board.to_string()), "{white} on board {board}");
        }
        // Colours alternate by board: the team with Black on board 1 has White on board 2.
        let (b1, b2) = (&pairing.boards[0], &pairing.boards[1]);
        assert_eq!(b1.black.as_str()[..1], b2.white.as_str()[..1]);
        let games = log.pair(round);
        for (g, black, white) in &games {
            let board = if black.as_str().ends_with('1') { 1 } else { 2 };
            let (x, y) = (black.as_str().chars().next().unwrap(), white.as_str().chars().next().unwrap());
            let w = board_winner(board, x, y);
            log.result(g, Outcome::win(if w == x { Colour::Black } else { Colour::White }));
        }
        if round == 1 {
            // 第二十六条二: the board order is locked once a team has played — a later rank
            // correction for a board-2 player does not move them to board 1.
            let b2 = games.iter().find(|(_, b, _)| b.as_str().ends_with('2')).unwrap().1.clone();
            register(&mut log, b2.as_str(), Some(&format!("{}队", b2.as_str()[..1].to_uppercase())), Rank::Dan(9));
            bumped = Some(b2);
        }
    }
    let bumped = bumped.unwrap();
    let view = log.view();
    let played_on_board_2 = view
        .games
        .iter()
        .filter_map(|g| g.schedule.as_ref())
        .filter(|s| s.black == bumped || s.white == bumped)
        .all(|s| s.table % 2 == 0);
    assert!(played_on_board_2, "{bumped} stays on board 2 after the rank correction");

    let s = run::standings(&view, None).unwrap().standings;
    assert_eq!(s.criteria[..4], [Criterion::MatchPoints, Criterion::GamePoints, Criterion::Board1, Criterion::Board2]);
    let names: Vec<&str> = s.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["A队", "C队", "B队"]);
    let values = |i: usize| s.rows[i].values.iter().map(|v| v.to_string()).collect::<Vec<_>>();
    assert_eq!(values(0), ["2", "4", "4", "0"]);
    assert_eq!(values(1), ["2", "4", "2", "2"]);
    assert_eq!(values(2), ["2", "4", "0", "4"]);
    assert_eq!(s.rows[1].decided_by, Some(Criterion::Board1));
    assert!(s.notes.iter().any(|n| n.en.contains("reserves")));
}

#[test]
fn a_team_swiss_pairs_winners_together_and_a_team_event_refuses_a_player_without_a_team() {
    let mut log =
        Log::new(System::Team { boards: 2, pairing: TeamPairing::Swiss, reading: SwissReading::TieBreak }, 2, &[]);
    for team in ["a", "b", "c", "d"] {
        for (k, dan) in [(1, 7), (2, 5)] {
            register(&mut log, &format!("{team}{k}"), Some(&team.to_uppercase()), Rank::Dan(dan));
        }
    }
    register(&mut log, "loner", None, Rank::Dan(1));
    let err = run::pair_round(&log.view(), 1).unwrap_err();
    assert!(err.to_string().contains("LONER (loner) has no team"), "{err}");
    log.push(Role::Organiser, None, EventBody::PlayerWithdrew { player: pid("loner"), after_round: 0, note: None });
    // Round 1: the team with Black on board 1 wins both boards.
    for (g, black, _) in log.pair(1) {
        let black_board_one = black.as_str().ends_with('1');
        log.result(&g, Outcome::win(if black_board_one { Colour::Black } else { Colour::White }));
    }
    let s = run::standings(&log.view(), Some(1)).unwrap().standings;
    let winners: std::collections::BTreeSet<String> =
        s.rows.iter().filter(|r| r.values[0].to_string() == "2").map(|r| r.name.clone()).collect();
    assert_eq!(winners.len(), 2);
    // Round 2: the two match winners meet.
    let (p2, _) = run::pair_round(&log.view(), 2).unwrap();
    let team_of = |p: &PlayerId| p.as_str()[..1].to_uppercase();
    let first_match: std::collections::BTreeSet<String> =
        [team_of(&p2.boards[0].black), team_of(&p2.boards[0].white)].into();
    assert_eq!(first_match, winners, "winners meet at match 1");
    assert_eq!(s.swiss_reading, Some(SwissReading::TieBreak));
    assert_eq!(s.criteria[..2], [Criterion::MatchPoints, Criterion::OpponentsTerm]);
}

#[test]
fn a_leitai_keeps_the_winner_on_and_ends_when_a_teams_last_player_loses() {
    // 第二十七条六: a1 beats b1, b2 beats a1, a2 beats b2, b3 beats a2, a3 (A's captain) beats
    // b3 — B has nobody left, A wins with one player standing.
    let mut log = Log::new(System::Leitai, 9, &[]);
    for team in ["a", "b"] {
        for (k, dan) in [(1, 1), (2, 3), (3, 5)] {
            register(&mut log, &format!("{team}{k}"), Some(&format!("{}队", team.to_uppercase())), Rank::Dan(dan));
        }
    }
    let script = [("a1", "b1", "a1"), ("a1", "b2", "b2"), ("a2", "b2", "a2"), ("a2", "b3", "b3"), ("a3", "b3", "a3")];
    for (round, (a, b, winner)) in script.iter().enumerate() {
        let round = round as u16 + 1;
        let (g, black, white) = log.pair(round).remove(0);
        let on: std::collections::BTreeSet<&str> = [black.as_str(), white.as_str()].into();
        assert_eq!(on, [*a, *b].into(), "round {round}: weakest first, the winner stays on");
        if round > 1 {
            // The player who has just come on takes Black against the one who stays.
            let (_, _, stayed) = script[round as usize - 2];
            assert_eq!(white.as_str(), stayed, "round {round}");
        }
        log.result(&g, Outcome::win(if black.as_str() == *winner { Colour::Black } else { Colour::White }));
    }
    let err = run::pair_round(&log.view(), 6).unwrap_err();
    assert!(err.to_string().contains("over: A队 won"), "{err}");
    let s = run::standings(&log.view(), None).unwrap().standings;
    assert_eq!(s.criteria, vec![Criterion::PlayersLeft]);
    assert_eq!((s.rows[0].name.as_str(), s.rows[0].values[0].to_string()), ("A队", "1".into()));
    assert_eq!((s.rows[1].name.as_str(), s.rows[1].values[0].to_string()), ("B队", "0".into()));
    assert!(s.notes.iter().any(|n| n.en == "Art. 27.6 winner stays on: A队 won"));
    assert!(s.notes.iter().any(|n| n.en == "B队: B2 won 1"), "{:?}", s.notes);
}

/// 第二十六条 (分台定人制): a team's boards are fixed by rank and the order, once set, holds.
#[test]
fn in_a_team_event_the_reserve_moves_up_and_a_team_that_cannot_fill_its_boards_stops_playing() {
    let mut log = three_teams(TeamPairing::RoundRobin);
    for (g, _, _) in log.pair(1) {
        log.result(&g, Outcome::win(Colour::Black));
    }
    // 第二十九条: A's board 1 withdraws; A's order without them is a2, then the reserve a3.
    log.push(Role::ChiefArbiter, None, EventBody::PlayerWithdrew { player: pid("a1"), after_round: 1, note: None });
    let (p2, _) = run::pair_round(&log.view(), 2).unwrap();
    let seat = |p: &str| {
        p2.boards.iter().find(|b| b.black.as_str() == p || b.white.as_str() == p).map(|b| (b.table - 1) % 2 + 1)
    };
    let sits_out = |p: &str| p2.byes.iter().any(|b| b.as_str() == p);
    assert!(seat("a1").is_none() && !sits_out("a1"));
    assert!(seat("a2") == Some(1) || sits_out("a2"), "{p2:?}");
    assert!(seat("a3") == Some(2) || sits_out("a3"), "{p2:?}");
    for (g, _, _) in log.pair(2) {
        log.result(&g, Outcome::win(Colour::White));
    }
    // A's other two withdraw as well: A cannot fill two boards, its round-3 match is not played.
    for p in ["a2", "a3"] {
        log.push(Role::ChiefArbiter, None, EventBody::PlayerWithdrew { player: pid(p), after_round: 2, note: None });
    }
    let (p3, _) = run::pair_round(&log.view(), 3).unwrap();
    assert!(
        p3.boards.iter().all(|b| !b.black.as_str().starts_with('a') && !b.white.as_str().starts_with('a')),
        "{p3:?}"
    );
    assert!(p3.byes.iter().all(|b| !b.as_str().starts_with('a')), "{p3:?}");
}

/// OpenGotha's Swiss: ranked by NBW, SOSW, SOSOSW and paired as OpenGotha pairs it, even games.
#[test]
fn an_opengotha_swiss_event_pairs_by_split_and_slip_then_by_wins() {
    let players = [("a", Rank::Dan(4)), ("b", Rank::Dan(1)), ("c", Rank::Kyu(5)), ("d", Rank::Kyu(10))];
    let mut log = Log::new(
        System::OpenGothaSwiss { pairing: None, handicap: None, scoring: None, bar_floor: None, criteria: None },
        2,
        &players,
    );
    // Round 1: one score group, ordered by rating (OpenGotha's initial rating from the rank);
    // OpenGotha's Swiss seeds by split and slip: 1st–3rd and 2nd–4th, even games.
    let r1 = log.pair(1);
    let pairs = |log: &Log, round| {
        let mut p: Vec<_> = pairs(log, round)
            .into_iter()
            .map(|(b, w, h)| {
                assert_eq!(h, 0, "Swiss plays even");
                if b < w {
                    (b, w)
                } else {
                    (w, b)
                }
            })
            .collect();
        p.sort();
        p
    };
    assert_eq!(pairs(&log, 1), [("a".into(), "c".into()), ("b".into(), "d".into())]);
    // The stronger wins each game.
    let stronger_wins = |black: &PlayerId, white: &PlayerId| {
        Outcome::win(if black.as_str() < white.as_str() { Colour::Black } else { Colour::White })
    };
    for (g, b, w) in &r1 {
        log.result(g, stronger_wins(b, w));
    }
    // Round 2: the winners (a, b) meet, the losers (c, d) meet.
    let r2 = log.pair(2);
    assert_eq!(pairs(&log, 2), [("a".into(), "b".into()), ("c".into(), "d".into())]);
    for (g, b, w) in &r2 {
        log.result(g, stronger_wins(b, w));
    }
    let s = run::standings(&log.view(), None).unwrap();
    assert_eq!(s.standings.criteria, [Criterion::Nbw, Criterion::Sosw, Criterion::Sososw]);
    // NBW a 2, b 1, c 1, d 0; SOSW: a = c 1 + b 1, b = d 0 + a 2, c = a 2 + d 0, d = b 1 + c 1:
    // 2 for everyone, and SOSOSW 4 for everyone, so b and c share second place.
    let row = |id: &str| s.standings.rows.iter().find(|r| r.player.as_str() == id).unwrap();
    let values = |id: &str| (row(id).values[0].to_string(), row(id).values[1].to_string(), row(id).place);
    assert_eq!(values("a"), ("2".into(), "2".into(), 1));
    assert_eq!(values("b"), ("1".into(), "2".into(), 2));
    assert_eq!(values("c"), ("1".into(), "2".into(), 2));
    assert_eq!(values("d"), ("0".into(), "2".into(), 4));
}

/// Seed 003 五 under a handicap system: the boards the pairing makes handicap games are
/// balanced as the Ing rules say — the weaker side Black, 4 points for one 段 (½ 先), stones
/// only past one 先 (級位: a 先 a rank) — and the count is decided against that komi; an even
/// board keeps 8 points.
#[test]
fn an_ing_mcmahon_event_balances_its_handicap_games_by_rank_difference() {
    use arbiter_domain::rules::{Count, HalfStones, IngKomi, Margin};
    use arbiter_domain::tournament::pairing::opengotha::HandicapParams;
    // Handicaps by rank between every rank (no threshold, no correction).
    let handicap = HandicapParams { based_on_mms: false, no_handicap_rank_threshold: 8, correction: 0, ceiling: 9 };
    let players = [("a", Rank::Dan(2)), ("b", Rank::Dan(1)), ("c", Rank::Kyu(5)), ("d", Rank::Kyu(7))];
    let system = System::McMahon {
        bar: Rank::Dan(2),
        floor: Rank::Kyu(8),
        pairing: None,
        handicap: Some(handicap),
        scoring: None,
        criteria: None,
    };
    let mut log = Log::under(RulesetSpec::ING, system, 1, &players);
    let games = log.pair(1);
    let scheduled: Vec<Game> = log
        .events
        .iter()
        .filter_map(|e| match &e.body {
            EventBody::GameScheduled(g) => Some(g.clone()),
            _ => None,
        })
        .collect();
    let by_black =
        |p: &str| scheduled.iter().find(|g| g.black.as_str() == p).unwrap_or_else(|| panic!("{p} is not Black"));
    // 2d–1d: one 段 apart, ½ 先: the 1d Black, komi 8 − 4 = 4 points, no stones.
    let dan = by_black("b");
    assert_eq!((dan.white.as_str(), dan.handicap), ("a", 0));
    assert_eq!(dan.ruleset, RulesetSpec::Ing { komi_points: IngKomi::new(4) });
    // 5k–7k: two 先 (a 先 a 級): two stones, no komi.
    let kyu = by_black("d");
    assert_eq!((kyu.white.as_str(), kyu.handicap), ("c", 2));
    assert_eq!(kyu.ruleset, RulesetSpec::Ing { komi_points: IngKomi::new(0) });
    // The 1d counts 183 points: against 178 + 4 it wins by 1 point.
    let (game, ..) = games.iter().find(|(g, ..)| *g == dan.id).unwrap().clone();
    log.push(Role::Referee, Some(game.clone()), EventBody::EndConfirmed { first: Colour::Black });
    let count =
        Count::Points { black_points: HalfStones::new(366).unwrap(), black_penalty_stones: 0, white_penalty_stones: 0 };
    log.push(Role::Referee, Some(game.clone()), EventBody::CountRecorded { count });
    let view = log.view();
    let result = view.games.iter().find(|g| g.game == game).and_then(|g| g.result).expect("a result");
    assert_eq!(result.outcome, Outcome::Win { winner: Colour::Black, margin: Some(Margin::Points(2)) });
}

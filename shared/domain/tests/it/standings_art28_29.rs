//! 第二十八条 standings and 第二十九条 withdrawals, worked by hand: each tie-break step in turn
//! decides a place, warnings come from the referees' ledger, and each withdrawal case changes
//! exactly what the article says.

use crate::support;

use arbiter_domain::event::{Event, EventBody, SCHEMA_VERSION};
use arbiter_domain::model::{Author, DeviceId, EventId, PersonId, Player, PlayerId, Rank, Role, TournamentId};
use arbiter_domain::rules::{Incident, Ruling};
use arbiter_domain::tournament::standings::{art28, Criterion, Standings, SwissReading};
use arbiter_domain::tournament::{ledger, replay, Entrant, Field, FieldGame, Frac, GameScore};
use support::*;

fn id(s: &str) -> PlayerId {
    PlayerId::new(s).unwrap()
}

fn field(n: usize, rounds: u16) -> Field {
    Field {
        entrants: (1..=n).map(|i| Entrant::new(id(&format!("p{i}")), format!("P{i}"), Rank::Dan(1))).collect(),
        rounds,
        bye_points: 0,
        ..Field::default()
    }
}

fn play(f: &mut Field, round: u16, black: &str, white: &str, score: GameScore) {
    let table = f.games.iter().filter(|g| g.round == round).count() as u16 + 1;
    f.games.push(FieldGame { round, table, black: id(black), white: id(white), handicap: 0, score, by_default: false });
}

/// (player, place, shared, playoff_or_lots, decided_by) in standings order.
fn table(s: &Standings) -> Vec<(String, u32, bool, bool, Option<Criterion>)> {
    s.rows.iter().map(|r| (r.player.to_string(), r.place, r.shared, r.playoff_or_lots, r.decided_by)).collect()
}

fn value(s: &Standings, player: &str, c: Criterion) -> Frac {
    let i = s.criteria.iter().chain(&s.shown).position(|&x| x == c).unwrap();
    s.rows.iter().find(|r| r.player.as_str() == player).unwrap().values[i]
}

use GameScore::{BlackWins as B, Draw as D, WhiteWins as W};

/// 第二十八条一1: points first, then A (points of the opponents beaten). P1 and P2 both have
/// 4 points; P1 beat P2 (4) and P3 (2): A = 6; P2 beat P3 and P4: A = 4. P3 and P4 both have 2;
/// P4 beat P1 (A = 4), P3 beat P4 (A = 2).
#[test]
fn round_robin_points_then_beaten_opponents() {
    let mut f = field(4, 3);
    play(&mut f, 1, "p1", "p2", B);
    play(&mut f, 1, "p3", "p4", B);
    play(&mut f, 2, "p1", "p3", B);
    play(&mut f, 2, "p2", "p4", B);
    play(&mut f, 3, "p4", "p1", B);
    play(&mut f, 3, "p2", "p3", B);
    let s = art28::round_robin(&f, 3, true);
    assert_eq!(s.criteria, [Criterion::Points, Criterion::BeatenOpponents, Criterion::Warnings]);
    assert_eq!(
        table(&s),
        [
            ("p1".into(), 1, false, false, None),
            ("p2".into(), 2, false, false, Some(Criterion::BeatenOpponents)),
            ("p4".into(), 3, false, false, Some(Criterion::Points)),
            ("p3".into(), 4, false, false, Some(Criterion::BeatenOpponents)),
        ]
    );
    assert_eq!(value(&s, "p1", Criterion::BeatenOpponents), Frac::int(6));
    assert_eq!(value(&s, "p4", Criterion::BeatenOpponents), Frac::int(4));
}

/// A counts half the points of a drawn opponent: P1 drew P2 (3 points) and beat P3 (0):
/// A = 1.5 + 0 = 1.5.
#[test]
fn a_counts_half_of_a_drawn_opponents_points() {
    let mut f = field(3, 3);
    play(&mut f, 1, "p1", "p2", D);
    play(&mut f, 2, "p1", "p3", B);
    play(&mut f, 3, "p2", "p3", B);
    let s = art28::round_robin(&f, 3, true);
    assert_eq!(value(&s, "p1", Criterion::BeatenOpponents), Frac::new(3, 2));
    assert_eq!(value(&s, "p2", Criterion::BeatenOpponents), Frac::new(3, 2));
    assert_eq!(value(&s, "p2", Criterion::Points), Frac::int(3));
}

fn t1_event(ms: u64, body: EventBody) -> Event {
    let mut random = [0u8; 10];
    random[0] = 0x80;
    Event {
        schema: SCHEMA_VERSION,
        rules: Some(arbiter_domain::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: EventId::from_parts(ms, random),
        tournament: TournamentId::new("t1").unwrap(),
        game: None,
        author: Author {
            device: DeviceId::new("dev-org").unwrap(),
            person: PersonId::new("org").unwrap(),
            role: Role::Organiser,
        },
        hlc: arbiter_domain::clock::Hlc::new(ms, 0),
        wall_time: chrono::DateTime::from_timestamp_millis(ms as i64).unwrap(),
        body,
    }
}

/// 第二十八条一1 B from the ledger: four players, every game drawn, so points (3) and A (4.5) tie;
/// the referees gave P2 one warning and P3 two (in different games) — fewer warnings rank
/// higher. P1 and P4 stay level on everything: C, a shared place; where shared places are not
/// allowed, D flags them for a play-off or lots.
#[test]
fn warnings_from_the_ledger_break_a_tie_then_places_are_shared_or_played_off() {
    let mut events = Vec::new();
    for (i, p) in ["p1", "p2", "p3", "p4"].iter().enumerate() {
        let player = Player {
            id: id(p),
            name: p.to_uppercase(),
            rank: Rank::Dan(2),
            club: None,
            team: None,
            board: None,
            opengotha: None,
        };
        events.push(t1_event(START_MS + i as u64, EventBody::PlayerRegistered(player)));
    }
    let pairs = [(1, "p1", "p2"), (1, "p3", "p4"), (2, "p1", "p3"), (2, "p2", "p4"), (3, "p4", "p1"), (3, "p2", "p3")];
    for (n, (round, black, white)) in pairs.into_iter().enumerate() {
        let mut t = Table::at(
            &format!("r{round}-{black}-{white}"),
            round,
            1,
            black,
            white,
            START_MS + 100_000 * (n as u64 + 1),
        );
        t.referee(EventBody::ClockStarted);
        // 第二十四条二: P2 disturbs once in round 1; P3 once in each of rounds 2 and 3.
        match (round, black, white) {
            (1, "p1", "p2") => {
                t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
            }
            (2, "p1", "p3") => {
                t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
            }
            (3, "p2", "p3") => {
                t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
            }
            _ => {}
        }
        t.try_push(Role::Referee, EventBody::EndConfirmed { first: Black }).unwrap();
        // 第九条/第十一条: with komi 2 子, black 182½ less 2 is exactly 180½: a draw.
        let even =
            arbiter_domain::rules::Count::Area { black_stones: arbiter_domain::rules::HalfStones::new(365).unwrap() };
        t.try_push(Role::Referee, EventBody::CountRecorded { count: even }).unwrap();
        events.extend(t.events);
    }
    let view = replay(&events).remove(0);
    let f = ledger::field(&view);
    assert_eq!(f.warnings.get(&id("p2")), Some(&1));
    assert_eq!(f.warnings.get(&id("p3")), Some(&2), "warnings from two different games add up");
    assert!(f.games.iter().all(|g| g.score == GameScore::Draw), "{:?}", f.games);

    let s = art28::round_robin(&f, 3, true);
    assert_eq!(
        table(&s),
        [
            ("p1".into(), 1, true, false, None),
            ("p4".into(), 1, true, false, None),
            ("p2".into(), 3, false, false, Some(Criterion::Warnings)),
            ("p3".into(), 4, false, false, Some(Criterion::Warnings)),
        ]
    );
    let no_shared = art28::round_robin(&f, 3, false);
    assert_eq!(table(&no_shared)[..2], [("p1".into(), 1, false, true, None), ("p4".into(), 1, false, true, None)]);
    assert!(no_shared.notes.iter().any(|n| n.zh.contains("第二十八条 D") && n.en.contains("Art. 28 D")));
    assert!(no_shared.notes.iter().any(|n| n.ko.starts_with("제28조 D") && n.ja.starts_with("第二十八条 D")));
}

/// 第二十八条一2, six players, two rounds (½ maximum = 2): total = points + SOS ÷ 2 − 2.
/// P1 4 + (2+2)/2−2 = 4; P2 2 + (4+1)/2−2 = 2.5; P3 2 + (1+4)/2−2 = 2.5; P6 2 + (1+1)/2−2 = 1;
/// P4 1 + (2+2)/2−2 = 1; P5 1 + (2+2)/2−2 = 1. P3 has a warning, so P2 is ahead by B.
/// Read as a tie-break P6 (2 points) stays fourth; read literally its total 1 ties P4 and P5.
#[test]
fn swiss_total_both_readings() {
    let mut f = field(6, 2);
    play(&mut f, 1, "p1", "p2", B);
    play(&mut f, 1, "p3", "p4", B);
    play(&mut f, 1, "p5", "p6", D);
    play(&mut f, 2, "p1", "p3", B);
    play(&mut f, 2, "p2", "p5", B);
    play(&mut f, 2, "p4", "p6", D);
    f.warnings.insert(id("p3"), 1);
    let s = art28::swiss(&f, 2, SwissReading::TieBreak, true);
    assert_eq!(s.swiss_reading, Some(SwissReading::TieBreak));
    assert!(s.notes[0].en.contains("tie-break"));
    assert_eq!(s.shown, [Criterion::SwissTotal]);
    assert_eq!(value(&s, "p2", Criterion::SwissTotal), Frac::new(5, 2));
    assert_eq!(value(&s, "p6", Criterion::OpponentsTerm), Frac::int(-1));
    assert_eq!(
        table(&s),
        [
            ("p1".into(), 1, false, false, None),
            ("p2".into(), 2, false, false, Some(Criterion::Points)),
            ("p3".into(), 3, false, false, Some(Criterion::Warnings)),
            ("p6".into(), 4, false, false, Some(Criterion::OpponentsTerm)),
            ("p4".into(), 5, true, false, Some(Criterion::Points)),
            ("p5".into(), 5, true, false, None),
        ]
    );
    let lit = art28::swiss(&f, 2, SwissReading::Literal, true);
    assert!(lit.notes[0].en.contains("literally"));
    let places: Vec<_> = table(&lit).into_iter().map(|(p, place, ..)| (p, place)).collect();
    assert_eq!(places[3..], [("p4".into(), 4), ("p5".into(), 4), ("p6".into(), 4)]);
}

/// 第二十九条二, fewer than half: five players, five rounds; P5 withdraws after one round
/// having beaten P1. That result is void: P1 loses nothing, P5 leaves the standings.
#[test]
fn round_robin_withdrawal_before_half_voids_every_result() {
    let mut f = field(5, 5);
    play(&mut f, 1, "p5", "p1", B);
    play(&mut f, 1, "p2", "p3", B);
    play(&mut f, 2, "p1", "p2", B);
    f.entrants[4].withdrawn_after = Some(1);
    let s = art28::round_robin(&f, 2, true);
    assert!(s.rows.iter().all(|r| r.player.as_str() != "p5"));
    assert_eq!(value(&s, "p1", Criterion::Points), Frac::int(2));
    assert_eq!(value(&s, "p1", Criterion::BeatenOpponents), Frac::int(2), "P1 beat P2 (2 points)");
    assert!(s
        .notes
        .iter()
        .any(|n| n.zh.contains("第二十九条二") && n.zh.contains("全部无效") && n.en.contains("void")));
}

/// 第二十九条二, at least half: four players, three rounds; P4 withdraws after two rounds
/// (2 of 3 played). P4's round 3 game against P1 is P1's win; P4 keeps its results.
#[test]
fn round_robin_withdrawal_after_half_gives_the_rest_to_the_opponents() {
    let mut f = field(4, 3);
    play(&mut f, 1, "p4", "p2", B);
    play(&mut f, 1, "p1", "p3", B);
    play(&mut f, 2, "p3", "p4", B);
    play(&mut f, 2, "p2", "p1", B);
    play(&mut f, 3, "p2", "p3", D);
    f.entrants[3].withdrawn_after = Some(2);
    let s = art28::round_robin(&f, 3, true);
    assert_eq!(value(&s, "p1", Criterion::Points), Frac::int(4), "beat P3, lost to P2, credited the win over P4");
    assert_eq!(value(&s, "p4", Criterion::Points), Frac::int(2));
    assert_eq!(value(&s, "p1", Criterion::BeatenOpponents), Frac::new(3 + 2, 1), "P3 (3) + P4 (2)");
    assert!(s.notes.iter().any(|n| n.zh.contains("其余 1 局作对手胜") && n.en.contains("1 unplayed game(s)")));
    assert!(s.notes.iter().any(|n| n.zh_hant.contains("其餘 1 局作對手勝") && n.ko.contains("남은 1국")));
}

/// 第二十九条三: in a three-round Swiss P9 wins round 1 and withdraws. After round 3 its
/// opponent P1 counts it as 2 + A × 2 unplayed, A = 2 ÷ 1 game = 2, capped at 1: 4 points.
/// A second withdrawn opponent with a loss (A = 0) counts 0.
#[test]
fn swiss_withdrawn_opponents_count_the_capped_average() {
    let mut f = field(9, 3);
    play(&mut f, 1, "p9", "p1", B);
    play(&mut f, 1, "p8", "p2", W);
    play(&mut f, 2, "p1", "p8", B);
    f.entrants[8].withdrawn_after = Some(1);
    f.entrants[7].withdrawn_after = Some(2);
    let s = art28::swiss(&f, 3, SwissReading::TieBreak, true);
    // P1's opponents: P9 (2 + 1×2 = 4) and P8 (0 + 0×1 = 0): SOS 4, term 4/3 − 3.
    assert_eq!(value(&s, "p1", Criterion::OpponentsTerm), Frac::new(4, 3) - Frac::int(3));
    assert!(s.notes.iter().any(|n| n.zh.contains("第二十九条三")));
}

/// The seven-player, five-round Swiss of the chief arbiter's account below (A–G as p1–p7;
/// byes worth 2): who played whom and how it ended, round by round.
fn bye_then_withdrawal(f: &mut Field) {
    let (a, b, c, d, e, ff, g) = ("p1", "p2", "p3", "p4", "p5", "p6", "p7");
    for (round, black, white, score) in [
        (1, a, c, B),
        (1, b, d, B),
        (1, e, ff, B),
        (2, a, e, B),
        (2, b, ff, B),
        (2, d, g, B),
        (3, c, d, D),
        (3, a, b, B),
        (3, e, g, B),
        (4, a, d, B),
        (4, b, e, B),
        (4, ff, g, B),
        (5, a, ff, B),
        (5, b, g, B),
        (5, d, e, B),
    ] {
        play(f, round, black, white, score);
    }
}

/// 第二十九条三 (seed 001: "已赛部分积分有效。未赛部分应为A(即:积分/已赛局数)*未赛局数。A如大于1,则按1计算",
/// the rounds after a withdrawal "不再编排"), as the chief arbiter tells it: "Seven players, five
/// rounds of Swiss, a bye worth a win. Player C lost to A in round 1, had the bye in round 2,
/// drew with D in round 3 and withdrew after round 3. C's opponents A and D are credited C's
/// 3 points — the bye's 2 stand, C's results stand — plus, for rounds 4 and 5 that C did not
/// play, A = 1 point from 2 games = ½ a round: 3 + ½ × 2 = 4."
///
/// By hand, after round 5 (win 2, draw 1, bye 2): A 10, B 8, C 3 (0 + bye 2 + 1), D 5, E 4,
/// F 4 (bye in 3), G 2 (bye in 1). C as an opponent: 3 + ½ × (5 − 3) = 4. A met C, E, B, D,
/// F: 4 + 4 + 8 + 5 + 4 = 25, term 25 ÷ 5 − 5 = 0. D met B, G, C, A, E: 8 + 2 + 4 + 10 + 4 =
/// 28, term 28 ÷ 5 − 5 = 3/5. The old reading took 5 − 2 games = 3 unplayed (the bye round
/// again): C 4½, A's term 1/10, D's 7/10. Counting the bye as a game for A would give A = 3/3
/// = 1 and C 5 — the bye's points then counted in A as well as in the played part.
#[test]
fn swiss_bye_before_a_withdrawal_is_credited_once() {
    let mut f = Field { bye_points: 2, ..field(7, 5) };
    bye_then_withdrawal(&mut f);
    f.byes = vec![(1, id("p7")), (2, id("p3")), (3, id("p6"))];
    f.entrants[2].withdrawn_after = Some(3);
    let index = f.index();
    use arbiter_domain::tournament::standings::art29_withdrawal::swiss_opponent_points;
    assert_eq!(swiss_opponent_points(&index, &id("p3"), 5), Frac::int(4));
    let s = art28::swiss(&f, 5, SwissReading::TieBreak, true);
    assert_eq!(value(&s, "p3", Criterion::Points), Frac::int(3), "the bye's 2 and the draw's 1 stand");
    assert_eq!(value(&s, "p1", Criterion::OpponentsTerm), Frac::ZERO);
    assert_eq!(value(&s, "p4", Criterion::OpponentsTerm), Frac::new(3, 5));
    assert_eq!(
        value(&s, "p2", Criterion::OpponentsTerm),
        Frac::new(5 + 4 + 10 + 4 + 2, 5) - Frac::int(5),
        "B never met C"
    );
    // Standings after round 3, when C has just withdrawn: nothing unplayed yet, C counts 3.
    assert_eq!(swiss_opponent_points(&index, &id("p3"), 3), Frac::int(3));
    // After round 4: one round unplayed, 3 + ½.
    assert_eq!(swiss_opponent_points(&index, &id("p3"), 4), Frac::new(7, 2));
}

fn organiser_event(ms: u64, rules: u16, body: EventBody) -> Event {
    Event { rules: Some(rules), ..t1_event(ms, body) }
}

/// 第二十九条三, the same account from the ledger: the withdrawal recorded under rules revision 5 keeps the
/// reading it had (C counts 4½ to its opponents: A's term 1/10, D's 7/10); recorded under this
/// build's revision, C counts 4 (A's term 0, D's 3/5). Only the `player_withdrew` event's
/// revision decides it.
#[test]
fn a_withdrawal_recorded_under_an_earlier_revision_keeps_its_credit() {
    use arbiter_domain::rules::{RULES_REVISION, UNPLAYED_AFTER_WITHDRAWAL_SINCE};
    let standings = |withdrawal_rules: u16| {
        let mut events = Vec::new();
        for i in 1..=7 {
            let p = format!("p{i}");
            let player = Player {
                id: id(&p),
                name: p.to_uppercase(),
                rank: Rank::Dan(2),
                club: None,
                team: None,
                board: None,
                opengotha: None,
            };
            events.push(organiser_event(START_MS + i, RULES_REVISION, EventBody::PlayerRegistered(player)));
        }
        for (n, (round, p)) in [(1, "p7"), (2, "p3"), (3, "p6")].into_iter().enumerate() {
            let bye = EventBody::ByeAssigned { round, player: id(p) };
            events.push(organiser_event(START_MS + 100 + n as u64, RULES_REVISION, bye));
        }
        let withdrew = EventBody::PlayerWithdrew { player: id("p3"), after_round: 3, note: None };
        events.push(organiser_event(START_MS + 200, withdrawal_rules, withdrew));
        let view = replay(&events).remove(0);
        let mut f = ledger::field(&view);
        // The games' results as their folds would give them (their ledgers are not the point).
        bye_then_withdrawal(&mut f);
        art28::swiss(&f, 5, SwissReading::TieBreak, true)
    };
    let old = standings(UNPLAYED_AFTER_WITHDRAWAL_SINCE - 1);
    assert_eq!(value(&old, "p1", Criterion::OpponentsTerm), Frac::new(1, 10));
    assert_eq!(value(&old, "p4", Criterion::OpponentsTerm), Frac::new(7, 10));
    let new = standings(RULES_REVISION);
    assert_eq!(value(&new, "p1", Criterion::OpponentsTerm), Frac::ZERO);
    assert_eq!(value(&new, "p4", Criterion::OpponentsTerm), Frac::new(3, 5));
    assert_eq!(value(&new, "p3", Criterion::Points), Frac::int(3), "the ledger's bye is worth 2");
}

/// 第二十九条三 without a bye: the two readings agree: every round up to the withdrawal has a game, so the
/// rounds without one are the rounds after it. The capped-average scenario above gives P1's
/// term 4/3 − 3 whichever revision each withdrawal was recorded under.
#[test]
fn a_withdrawal_without_a_bye_reads_the_same_under_every_revision() {
    use arbiter_domain::rules::UNPLAYED_AFTER_WITHDRAWAL_SINCE;
    for (p9, p8) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let mut f = field(9, 3);
        play(&mut f, 1, "p9", "p1", B);
        play(&mut f, 1, "p8", "p2", W);
        play(&mut f, 2, "p1", "p8", B);
        f.entrants[8].withdrawn_after = Some(1);
        f.entrants[8].withdrawn_under = UNPLAYED_AFTER_WITHDRAWAL_SINCE - p9;
        f.entrants[7].withdrawn_after = Some(2);
        f.entrants[7].withdrawn_under = UNPLAYED_AFTER_WITHDRAWAL_SINCE - p8;
        let s = art28::swiss(&f, 3, SwissReading::TieBreak, true);
        assert_eq!(value(&s, "p1", Criterion::OpponentsTerm), Frac::new(4, 3) - Frac::int(3), "{p9} {p8}");
    }
}

/// 第二十九条一: withdrawn before round 1, the player is not drawn.
#[test]
fn withdrawal_before_the_first_round_leaves_the_player_out_of_the_draw() {
    let mut f = field(5, 3);
    f.entrants[2].withdrawn_after = Some(0);
    let p = arbiter_domain::tournament::pairing::swiss::pair(&f, 1, &|_| 0).unwrap();
    assert_eq!(p.boards.len(), 2);
    assert!(p.byes.is_empty());
    assert!(p.boards.iter().all(|b| b.black.as_str() != "p3" && b.white.as_str() != "p3"));
}

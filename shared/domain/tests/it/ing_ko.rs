//! The Ing rules' ko (seed 003, 二 變窮打劫、劫分爭攪) on drawn positions: a triple ko and an
//! eternal life are decided — the hot stone that would close the round may not be taken at
//! once — a disturbing ko (sending two, returning one) lets the disturbing side go round once
//! and never again, and an ordinary ko is the ko everywhere. Each also as a move check on an
//! SGF record. The same positions under the Chinese rules still end as 第二十条三 says.

use arbiter_domain::board::{check, KoRule, MoveError, Position, Record, Verdict};
use arbiter_domain::interop::sgf;
use arbiter_domain::model::Colour::{self, Black, White};
use arbiter_domain::rules::{Article, Cycle, Incident};
use support::positions::{at, eternal_life, triple_ko, two_for_one};

use crate::support;

fn play_all(r: &mut Record, moves: &[(Colour, &str, usize)]) {
    for &(colour, point, taken) in moves {
        assert_eq!(r.play(colour, Some(at(point))).map(|c| c.len()), Ok(taken), "{colour:?} {point}");
    }
}

const TRIPLE_KO_ROUND: [(Colour, &str, usize); 5] =
    [(Black, "C8", 1), (White, "G8", 1), (Black, "C3", 1), (White, "B8", 1), (Black, "H8", 1)];

#[test]
fn ing_a_triple_ko_is_decided_the_hot_stone_waits_a_move() {
    let mut r = Record::from(triple_ko(), Black).unwrap().under(KoRule::Ing);
    play_all(&mut r, &TRIPLE_KO_ROUND);
    // White's retake at B3 would bring the start back: the hot stone may not be taken now.
    let e = r.play(White, Some(at("B3"))).unwrap_err();
    assert_eq!(e, MoveError::HotStone(Cycle::TripleKo));
    assert_eq!(e.article(), Some(Article::Ing2));
    // White plays elsewhere; Black connects at B3 and the third ko is Black's: decided.
    play_all(&mut r, &[(White, "J1", 0), (Black, "B3", 0)]);
    assert!(r.play(White, Some(at("C3"))).is_err(), "C3 is Black's stone now");
}

#[test]
fn chinese_the_same_triple_ko_ends_the_game_under_article_20_3() {
    let mut r = Record::from(triple_ko(), Black).unwrap();
    play_all(&mut r, &TRIPLE_KO_ROUND);
    let e = r.play(White, Some(at("B3"))).unwrap_err();
    assert_eq!(e, MoveError::Cycle(Cycle::TripleKo));
    assert_eq!(e.article(), Some(Article::Art20_3));
}

#[test]
fn ing_eternal_life_is_decided_and_under_chinese_rules_it_is_a_cycle() {
    let round = [(Black, "C1", 0), (White, "E1", 2), (Black, "D1", 2)];
    let mut ing = Record::from(eternal_life(), Black).unwrap().under(KoRule::Ing);
    play_all(&mut ing, &round);
    let e = ing.play(White, Some(at("F1"))).unwrap_err();
    assert!(matches!(e, MoveError::HotStone(_)), "{e:?}");
    assert_eq!(e.article(), Some(Article::Ing2));
    // White must play elsewhere; the round is broken and play goes on to a result.
    play_all(&mut ing, &[(White, "J9", 0)]);
    let mut chinese = Record::from(eternal_life(), Black).unwrap();
    play_all(&mut chinese, &round);
    assert_eq!(chinese.play(White, Some(at("F1"))).unwrap_err().article(), Some(Article::Art20_3));
}

#[test]
fn ing_a_disturbing_ko_lets_the_disturber_round_once_and_not_again() {
    let mut r = Record::from(two_for_one(), White).unwrap().under(KoRule::Ing);
    // White gives two, takes one: one round, allowed (White lost more: White disturbs).
    play_all(&mut r, &[(White, "A1", 0), (Black, "C1", 2), (White, "B1", 1)]);
    // Black passes; White throwing in again would go round a second time.
    r.play(Black, None).unwrap();
    let e = r.play(White, Some(at("A1"))).unwrap_err();
    assert_eq!(e, MoveError::Disturbing);
    assert_eq!(e.article(), Some(Article::Ing2));
    // The disturbed side is not bound: White plays elsewhere, Black may go on as it likes.
    play_all(&mut r, &[(White, "J9", 0), (Black, "A1", 0)]);
    // Under the Chinese rules the first round already ends the game (第二十条三).
    let mut chinese = Record::from(two_for_one(), White).unwrap();
    play_all(&mut chinese, &[(White, "A1", 0), (Black, "C1", 2)]);
    assert_eq!(chinese.play(White, Some(at("B1"))).unwrap_err(), MoveError::Cycle(Cycle::Other));
}

#[test]
fn ing_an_ordinary_ko_is_the_ko_everywhere_and_cites_ing_2() {
    for (ko, article) in [(KoRule::Ing, Article::Ing2), (KoRule::Chinese, Article::Art20_1)] {
        let mut r = Record::from(triple_ko(), Black).unwrap().under(ko);
        play_all(&mut r, &[(Black, "C8", 1)]);
        match check(&r, White, Some(at("B8"))) {
            Verdict::Illegal { article: a, incident: Some(Incident::KoRecapture { offender, .. }), .. } => {
                assert_eq!((a, offender), (article, White));
            }
            other => panic!("{ko:?}: {other:?}"),
        }
        // After a move elsewhere, the ko may be taken back.
        play_all(&mut r, &[(White, "J1", 0), (Black, "J2", 0), (White, "B8", 1)]);
    }
}

/// The position as SGF set-up stones, then `moves` (`;B[cb]`…), under `rules`.
fn sgf_of(p: &Position, rules: &str, moves: &str) -> sgf::SgfGame {
    let (mut ab, mut aw) = (String::new(), String::new());
    for y in 0..9u8 {
        for x in 0..9u8 {
            let s = format!("[{}{}]", char::from(b'a' + x), char::from(b'a' + 8 - y));
            match p.get(arbiter_domain::board::Coord { x, y }) {
                Some(Black) => ab.push_str(&s),
                Some(White) => aw.push_str(&s),
                None => {}
            }
        }
    }
    sgf::parse(&format!("(;GM[1]FF[4]SZ[9]RU[{rules}]AB{ab}AW{aw}{moves})")).unwrap()
}

#[test]
fn move_checks_on_records_name_ing_2_under_the_ing_rules_and_20_3_under_the_chinese() {
    // C8 G8 C3 B8 H8, then White's B3.
    let moves = ";B[cb];W[gb];B[cg];W[bb];B[hb];W[bg]";
    let ing = sgf::check_move(&sgf_of(&triple_ko(), "Ing", moves), 6).unwrap();
    match ing.verdict {
        Verdict::Illegal { article, incident: Some(Incident::KoRecapture { offender, .. }), .. } => {
            assert_eq!((article, offender), (Article::Ing2, White));
        }
        other => panic!("{other:?}"),
    }
    let chinese = sgf::check_move(&sgf_of(&triple_ko(), "Chinese", moves), 6).unwrap();
    match chinese.verdict {
        Verdict::Illegal { article, incident: Some(Incident::RareCycle { cycle, .. }), .. } => {
            assert_eq!((article, cycle), (Article::Art20_3, Cycle::TripleKo));
        }
        other => panic!("{other:?}"),
    }
    // The disturbing ko: White A1, Black C1, White B1, Black passes, White A1 again.
    let moves = ";W[ai];B[ci];W[bi];B[];W[ai]";
    let g = sgf_of(&two_for_one(), "GOE", moves);
    assert_eq!(sgf::check_move(&g, 3).unwrap().verdict, Verdict::Legal);
    match sgf::check_move(&g, 5).unwrap().verdict {
        Verdict::Illegal { article, .. } => assert_eq!(article, Article::Ing2),
        other => panic!("{other:?}"),
    }
}

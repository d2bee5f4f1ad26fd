//! The board engine on drawn positions (KataGo's style: ASCII boards, top row first): capture
//! first (第四条), forbidden points (第五条), the ko recapture (第二十条一), hashes that follow
//! the stones, and 第九条 area counting.

use arbiter_domain::board::{area, Coord, MoveError, PlaceError, Position, Record};
use arbiter_domain::model::Colour::{Black, White};
use arbiter_domain::rules::Article;
use proptest::prelude::*;
use support::positions::{at, board, eternal_life, triple_ko, two_for_one};

use crate::support;

#[test]
fn art4_the_opponents_stones_without_liberties_are_taken_off() {
    let p = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O . . . . . . . .
         . O . . . . . . .",
    );
    assert_eq!(p.place(Black, at("A2")).unwrap_err(), PlaceError::Occupied);
    // Black in the corner would have no liberty... and captures nothing: 第五条.
    let e = p.place(Black, at("A1")).unwrap_err();
    assert_eq!((e, e.article()), (PlaceError::Forbidden, Some(Article::Art5)));
    // The same point when it captures is legal: capture comes first.
    let p = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X . . . . . . . .
         O X . . . . . . .
         . O X . . . . . .",
    );
    let placed = p.place(Black, at("A1")).unwrap();
    let mut taken = placed.captured.clone();
    taken.sort_by_key(|c| (c.y, c.x));
    assert_eq!(taken, vec![at("B1"), at("A2")]);
    assert_eq!(placed.position.get(at("A1")), Some(Black));
    assert_eq!(placed.position.get(at("A2")), None);
}

#[test]
fn art20_1_the_ko_is_not_retaken_at_once_but_after_a_threat_it_is() {
    let ko = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . X O . . . . . .
         X O . O . . . . .
         . X O . . . . . .",
    );
    let mut g = Record::from(ko, Black).unwrap();
    // Black takes the ko at C2, capturing B2.
    assert_eq!(g.play(Black, Some(at("C2"))).unwrap(), vec![at("B2")]);
    // White retakes at once at B2: 第二十条一.
    let e = g.play(White, Some(at("B2"))).unwrap_err();
    assert_eq!((e, e.article()), (MoveError::KoRecapture, Some(Article::Art20_1)));
    // A threat and an answer elsewhere, then the retake is allowed.
    g.play(White, Some(at("H8"))).unwrap();
    g.play(Black, Some(at("H7"))).unwrap();
    assert_eq!(g.play(White, Some(at("B2"))).unwrap(), vec![at("C2")]);
    assert_eq!((g.prisoners(Black), g.prisoners(White)), (1, 1));
    // And Black may not retake at once either.
    assert_eq!(g.play(Black, Some(at("C2"))).unwrap_err(), MoveError::KoRecapture);
    assert_eq!(g.play(White, None).unwrap_err(), MoveError::NotToMove(White));
}

#[test]
fn art9_area_counting_stones_plus_surrounded_points_shared_points_half_each() {
    // An empty 9×9 board: 81 shared points, 40½ each.
    let c = area(&Position::empty(9).unwrap());
    assert_eq!((c.black.total_halves, c.white.total_halves, c.shared), (81, 81, 81));
    // A wall down the middle: Black owns columns A–D and its wall (E), White F–J; no dame.
    let p = board(
        ". . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .",
    );
    let c = area(&p);
    assert_eq!((c.black.total_halves / 2, c.white.total_halves / 2, c.shared), (45, 36, 0));
    // A shared point between the walls counts half for each.
    let p = board(
        ". . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .",
    );
    let c = area(&p);
    assert_eq!((c.black.total_halves, c.white.total_halves, c.shared), (2 * 36 + 9, 2 * 36 + 9, 9));
    // The ledger records counts of 19×19 games, the board 第九条 counts against 180½.
    let e = c.to_count().unwrap_err();
    assert!(e.to_string().contains("19×19"), "{e}");
}

#[test]
fn dead_stones_marked_at_the_end_are_taken_off_before_counting() {
    let p = board(
        ". . . . X O . . .
         . . . . X O . X .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .
         . . . . X O . . .",
    );
    // The black stone at H8 is dead in White's area.
    let with = area(&p);
    assert!(with.white.total_halves < 2 * 36);
    let c = area(&p.without(&[at("H8")]));
    assert_eq!((c.black.total_halves / 2, c.white.total_halves / 2), (45, 36));
}

proptest! {
    /// Whatever is played, the hash is the hash of the stones (recomputed from a drawing of the
    /// same position), and a refused move changes nothing.
    #[test]
    fn the_hash_follows_the_stones(moves in prop::collection::vec((0u8..9, 0u8..9, any::<bool>()), 1..150)) {
        let mut g = Record::new(9).unwrap();
        for (x, y, pass) in moves {
            let who = g.to_move();
            let before = g.position().clone();
            let at = (!pass).then_some(Coord { x, y });
            if g.play(who, at).is_err() {
                prop_assert_eq!(g.position(), &before);
                continue;
            }
            let drawn = Position::from_ascii(&format!("{:?}", g.position())).unwrap();
            prop_assert_eq!(drawn.hash(), g.position().hash());
            let c = area(g.position());
            prop_assert_eq!(c.black.total_halves + c.white.total_halves, 162);
        }
    }
}

/// A seki on the top edge: Black B9–D9/A8–D8 with one eye at A9, White F9–H9/E8–J8 with one eye
/// at J9, the liberty E9 shared; whoever fills E9 is taken first. Below, White owns A1–C6 and
/// Black F1–J6.
fn seki_board() -> Position {
    board(
        ". X X X . O O O .
         X X X X O O O O O
         O O O O X X X X X
         . . . O X . . . .
         . . . O X . . . .
         . . . O X . . . .
         . . . O X . . . .
         . . . O X . . . .
         . . . O X . . . .",
    )
}

#[test]
fn seki_is_counted_as_each_ruleset_counts_it() {
    use arbiter_domain::board::{tally, Method, Owner};
    let p = seki_board();
    // It is a seki: Black filling E9 puts White in atari but is taken first at A9.
    let after = p.place(Black, at("E9")).unwrap().position;
    assert!(after.place(White, at("A9")).unwrap().captured.len() == 8);
    let t = tally(&p, Method::Area, [0, 0]);
    let owner = |c: Coord| t.owners[usize::from(c.y) * 9 + usize::from(c.x)];
    assert_eq!(owner(at("A9")), Some(Owner::SekiBlack));
    assert_eq!(owner(at("J9")), Some(Owner::SekiWhite));
    assert_eq!(owner(at("E9")), Some(Owner::Shared));
    assert_eq!(owner(at("A1")), Some(Owner::White));
    assert_eq!(owner(at("J1")), Some(Owner::Black));
    // 第九条: 18 stones + 24 points + the eye A9 + half of E9 = 43½ for Black; 18 + 18 + J9 + ½
    // = 37½ for White.
    assert_eq!((t.black.total_halves, t.white.total_halves, t.shared, t.seki_eyes), (87, 75, 1, 2));
    // Ing (seed 003): the same points.
    let ing = tally(&p, Method::Ing, [0, 0]);
    assert_eq!((ing.black.total_halves, ing.white.total_halves), (87, 75));
    // Seed 004 第十一条: the eyes of the seki are nobody's territory, nor is E9.
    let k = tally(&p, Method::Territory, [0, 0]);
    assert_eq!((k.black.territory, k.white.territory), (24, 18));
}

#[test]
fn a_living_group_with_a_second_eye_keeps_its_eyes_beside_an_unfilled_dame() {
    use arbiter_domain::board::{tally, Method, Owner};
    // As above, but White's top group has a second eye at G9 (its stone there gone): it is
    // alive, and both its eyes are its territory though it touches E9. (Black's one-eyed group
    // beside it still reads as seki by its shape; against two eyes it is in fact dead, which
    // the referee marks.)
    let p = seki_board().without(&[at("G9")]);
    let t = tally(&p, Method::Territory, [0, 0]);
    let owner = |c: Coord| t.owners[usize::from(c.y) * 9 + usize::from(c.x)];
    assert_eq!(owner(at("G9")), Some(Owner::White));
    assert_eq!(owner(at("J9")), Some(Owner::White));
    assert_eq!(t.white.territory, 18 + 2);
}

#[test]
fn art20_3_a_triple_ko_cycle_is_named_when_it_comes_round() {
    let mut r = Record::from(triple_ko(), Black).unwrap();
    // Black takes one ko, White another, and so on: each move one stone, none at once.
    for (colour, point) in [(Black, "C8"), (White, "G8"), (Black, "C3"), (White, "B8"), (Black, "H8")] {
        assert_eq!(r.play(colour, Some(at(point))).map(|c| c.len()), Ok(1), "{point}");
    }
    // White's retake at B3 brings back the starting position, six single captures later.
    let e = r.play(White, Some(at("B3"))).unwrap_err();
    assert_eq!(e, MoveError::Cycle(arbiter_domain::rules::Cycle::TripleKo));
    assert_eq!(e.article(), Some(Article::Art20_3));
}

#[test]
fn art20_3_sending_two_returning_one_is_a_cycle() {
    // White throws in at A1 beside its stone at B1 (two stones, one liberty at C1); Black takes
    // the two at C1; White takes that one stone back at B1 — and the board is as it was.
    let mut r = Record::from(two_for_one(), White).unwrap();
    assert_eq!(r.play(White, Some(at("A1"))).map(|c| c.len()), Ok(0));
    assert_eq!(r.play(Black, Some(at("C1"))).map(|c| c.len()), Ok(2));
    let e = r.play(White, Some(at("B1"))).unwrap_err();
    assert_eq!(e, MoveError::Cycle(arbiter_domain::rules::Cycle::Other));
    assert_eq!(e.article(), Some(Article::Art20_3));
}

#[test]
fn art20_3_eternal_life_is_a_cycle() {
    // 长生 as the UIUC Go Club draws it (blog 2020-09-05, "Shape of the Week: Eternal Life"):
    // Black C1; White E1 takes two; Black D1 takes two back; White F1 — and round again.
    let mut r = Record::from(eternal_life(), Black).unwrap();
    for (colour, point, taken) in [(Black, "C1", 0), (White, "E1", 2), (Black, "D1", 2)] {
        assert_eq!(r.play(colour, Some(at(point))).map(|c| c.len()), Ok(taken), "{point}");
    }
    let e = r.play(White, Some(at("F1"))).unwrap_err();
    assert_eq!(e, MoveError::Cycle(arbiter_domain::rules::Cycle::Other));
    assert_eq!(e.article(), Some(Article::Art20_3));
    // Nothing changed by the refused move: White may play elsewhere.
    assert_eq!(r.play(White, Some(at("J9"))).map(|c| c.len()), Ok(0));
}

#[test]
fn a_repetition_through_a_pass_is_article_6_not_a_cycle() {
    // Black takes a ko, both pass, and White retakes: the position repeats, but a pass broke
    // the round: 第六条.
    let mut r = Record::from(triple_ko(), Black).unwrap();
    r.play(Black, Some(at("C8"))).unwrap();
    r.play(White, None).unwrap();
    r.play(Black, None).unwrap();
    assert_eq!(r.play(White, Some(at("B8"))).unwrap_err(), MoveError::Repetition);
}

#[test]
fn move_checks_for_rulings_name_the_article_and_the_incident() {
    use arbiter_domain::board::Verdict;
    use arbiter_domain::interop::sgf;
    use arbiter_domain::rules::{Incident, Objection};
    // The triple-ko board as set-up stones; Black takes at C8 and White retakes at once (20.1).
    let mut text = String::from("(;GM[1]FF[4]SZ[9]");
    let p = triple_ko();
    let mut ab = String::new();
    let mut aw = String::new();
    for y in 0..9u8 {
        for x in 0..9u8 {
            let s = format!("[{}{}]", char::from(b'a' + x), char::from(b'a' + 8 - y));
            match p.get(Coord { x, y }) {
                Some(Black) => ab.push_str(&s),
                Some(White) => aw.push_str(&s),
                None => {}
            }
        }
    }
    text.push_str(&format!("AB{ab}AW{aw};B[cb];W[bb];B[ee])"));
    let g = sgf::parse(&text).unwrap();
    assert_eq!(sgf::check_move(&g, 1).unwrap().verdict, Verdict::Legal);
    let c = sgf::check_move(&g, 2).unwrap();
    assert_eq!((c.colour, c.point.as_deref(), c.moves_after), (White, Some("B8"), 1));
    match c.verdict {
        Verdict::Illegal { article, incident, .. } => {
            assert_eq!(article, Article::Art20_1);
            // The record says play went on one move past it before anyone checked (KBA 付則第三条1).
            let when = Objection::Record { offending_move: 2, claimed_after_move: 3 };
            assert_eq!(
                incident,
                Some(Incident::KoRecapture {
                    offender: White,
                    point: Some("B8".parse().unwrap()),
                    objection: Some(when)
                })
            );
        }
        v => panic!("{v:?}"),
    }
    // A later move is not checked past an illegal one: the answer points at move 2.
    let e = sgf::check_move(&g, 3).unwrap_err();
    assert!(e.to_string().contains("move 2"), "{e}");
    assert!(sgf::check_move(&g, 4).is_err() && sgf::check_move(&g, 0).is_err());
}

#[test]
fn a_forbidden_point_in_a_record_is_article_19_at_the_table() {
    use arbiter_domain::board::Verdict;
    use arbiter_domain::interop::sgf;
    let g = sgf::parse("(;GM[1]FF[4]SZ[9]AW[ah][bi];B[ee];W[ff];B[ai])").unwrap();
    match sgf::check_move(&g, 3).unwrap().verdict {
        Verdict::Illegal { article, incident: Some(i), .. } => {
            assert_eq!(article, Article::Art19);
            assert_eq!(i.kind(), arbiter_domain::rules::IncidentType::ForbiddenPoint);
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn an_attached_record_is_looked_at_for_its_first_illegal_move_or_the_one_named() {
    use arbiter_domain::board::Verdict;
    use arbiter_domain::interop::sgf;
    // Black takes the ko at C2 (move 9), White retakes at B2 at once (move 10, 第二十条一).
    let ko = "(;GM[1]FF[4]SZ[19];B[bq];W[cq];B[ar];W[br];B[bs];W[dr];B[ki];W[cs];B[cr];W[br];B[pd])";
    let g = sgf::parse_attached(ko).unwrap();
    let first = sgf::record_at(&g, None).unwrap();
    let c = first.check.unwrap();
    assert_eq!((c.move_no, c.colour, c.point.as_deref(), first.moves), (10, White, Some("B2"), 11));
    assert!(matches!(c.verdict, Verdict::Illegal { article: Article::Art20_1, .. }), "{:?}", c.verdict);
    // The board before move 10: White's B2 is off, Black's C2 on it, one prisoner.
    assert_eq!((first.position.position().get(at("B2")), first.position.position().get(at("C2"))), (None, Some(Black)));
    assert_eq!(first.position.prisoners(Black), 1);
    // Named, a legal move is said legal, with the board before it.
    let named = sgf::record_at(&g, Some(9)).unwrap();
    assert_eq!(named.check.unwrap().verdict, Verdict::Legal);
    assert_eq!(named.position.position().get(at("B2")), Some(White));
    // A record without an illegal move: nothing checked, the final position.
    let legal = sgf::parse_attached("(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    let all = sgf::record_at(&legal, None).unwrap();
    assert_eq!((all.check, all.moves, all.position.moves()), (None, 2, 2));
    // Past the illegal move, or past the end, nothing is checked, and the answer says why.
    assert!(sgf::record_at(&g, Some(11)).unwrap_err().to_string().contains("move 10"));
    assert!(sgf::record_at(&g, Some(12)).unwrap_err().to_string().contains("no move 12"));
}

#[test]
fn hostile_records_are_refused_not_followed() {
    use arbiter_domain::interop::sgf;
    // Nesting past the bound would exhaust the stack of the thread reading it.
    let deep = format!("{}{}", "(;".repeat(100_000), ")".repeat(100_000));
    assert!(sgf::parse(&deep).unwrap_err().to_string().contains("nested more than 1000"));
    // An ordinary nesting depth reads.
    let nested = format!("(;GM[1]SZ[9]{};B[ee]{})", "(;".repeat(900), ")".repeat(900));
    assert_eq!(sgf::parse(&nested).unwrap().moves.len(), 1);
    let huge = format!("(;GM[1]SZ[9]C[{}])", "x".repeat(70_000));
    assert!(sgf::parse(&huge).is_ok(), "any size reads on the board screens");
    assert!(sgf::parse_attached(&huge).unwrap_err().to_string().contains("at most 65536"));
}

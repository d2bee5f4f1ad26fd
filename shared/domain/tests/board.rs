//! The board engine on drawn positions (KataGo's style: ASCII boards, top row first): capture
//! first (第四条), forbidden points (第五条), the ko recapture (第二十条一), hashes that follow
//! the stones, and 第九条 area counting.

use arbiter_domain::board::{area, Coord, MoveError, PlaceError, Position, Record};
use arbiter_domain::domain::Colour::{Black, White};
use arbiter_domain::rules::Article;
use proptest::prelude::*;

fn board(text: &str) -> Position {
    Position::from_ascii(text).expect("a 9×9, 13×13 or 19×19 drawing")
}

/// Column letter and row number as on a 9×9 sheet: "A1" is the bottom left.
fn at(name: &str) -> Coord {
    let x = b"ABCDEFGHJ".iter().position(|&c| c == name.as_bytes()[0]).unwrap() as u8;
    let y: u8 = name[1..].parse().unwrap();
    Coord { x, y: y - 1 }
}

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
    assert_eq!((c.black_halves, c.white_halves, c.shared), (81, 81, 81));
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
    assert_eq!((c.black_halves / 2, c.white_halves / 2, c.shared), (45, 36, 0));
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
    assert_eq!((c.black_halves, c.white_halves, c.shared), (2 * 36 + 9, 2 * 36 + 9, 9));
    assert!(c.to_count().is_ok());
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
    assert!(with.white_halves < 2 * 36);
    let c = area(&p.without(&[at("H8")]));
    assert_eq!((c.black_halves / 2, c.white_halves / 2), (45, 36));
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
            prop_assert_eq!(c.black_halves + c.white_halves, 162);
        }
    }
}

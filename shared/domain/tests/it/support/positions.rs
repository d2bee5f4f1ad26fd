//! Drawn positions the board tests share (KataGo's style: ASCII, top row first).
#![allow(dead_code)]

use arbiter_domain::board::{Coord, Position};

pub fn board(text: &str) -> Position {
    Position::from_ascii(text).expect("a 9×9, 13×13 or 19×19 drawing")
}

/// Column letter and row number as on a 9×9 sheet: "A1" is the bottom left.
pub fn at(name: &str) -> Coord {
    let x = b"ABCDEFGHJ".iter().position(|&c| c == name.as_bytes()[0]).unwrap() as u8;
    let y: u8 = name[1..].parse().unwrap();
    Coord { x, y: y - 1 }
}

/// Three kos: at B8/C8, G8/H8 and B3/C3 (9×9).
pub fn triple_ko() -> Position {
    board(
        ". X O . . . X O .
         X O . O . X . X O
         . X O . . . X O .
         . . . . . . . . .
         . . . . . . . . .
         . X O . . . . . .
         X O . O . . . . .
         . X O . . . . . .
         . . . . . . . . .",
    )
}

/// 长生 as the UIUC Go Club draws it (blog 2020-09-05, "Shape of the Week: Eternal Life"):
/// Black C1; White E1 takes two; Black D1 takes two back; White F1 — and round again.
pub fn eternal_life() -> Position {
    board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . O . . . . . . .
         . . . . . . . . .
         . O O O O O . . .
         . X X X X O . . .
         X O O O X X O O .
         . O . X . O X . .",
    )
}

/// Sending two, returning one: White throws in at A1 beside B1; Black takes the two at C1;
/// White takes one back at B1 — and the board is as it was.
pub fn two_for_one() -> Position {
    board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X X O O . . . . .
         . O . O . . . . .",
    )
}

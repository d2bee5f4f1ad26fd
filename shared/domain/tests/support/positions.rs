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

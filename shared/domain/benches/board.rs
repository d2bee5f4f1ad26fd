//! The board engine on 19×19: replaying a 300-move game with every check (capture, forbidden
//! point, ko, whole-board repetition by Zobrist hash), and area-counting its final position —
//! against a baseline measured in the same run: the same replay with repetition checked by
//! comparing the new position with every earlier one, as a board without hashing would.
//!
//! `cargo bench -p arbiter-domain --bench board` (see docs/PERFORMANCE.md).

#![allow(clippy::disallowed_methods, clippy::disallowed_types)] // a benchmark reads the clock: outside the pure library (clippy.toml)

use std::hint::black_box;
use std::time::Instant;

use arbiter_domain::board::{area, tally, Coord, Method, Position, Record};

const MOVES: usize = 300;
const ROUNDS: usize = 50;

/// A deterministic game of legal moves: pseudo-random points, skipping refused ones.
fn game() -> Vec<Option<Coord>> {
    let mut g = Record::new(19).expect("19×19");
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut moves = Vec::new();
    while moves.len() < MOVES {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let at = Coord { x: (seed % 19) as u8, y: ((seed >> 8) % 19) as u8 };
        if g.play(g.to_move(), Some(at)).is_ok() {
            moves.push(Some(at));
        }
    }
    moves
}

/// The replay as shipped: each move checked against every position by hash.
fn replay(moves: &[Option<Coord>]) -> Position {
    let mut g = Record::new(19).expect("19×19");
    for m in moves {
        g.play(g.to_move(), *m).expect("legal");
    }
    g.position().clone()
}

/// The baseline: the same placing, repetition found by comparing whole positions.
fn replay_by_comparison(moves: &[Option<Coord>]) -> Position {
    let mut p = Position::empty(19).expect("19×19");
    let mut colour = arbiter_domain::model::Colour::Black;
    let mut history: Vec<Position> = vec![p.clone()];
    for m in moves {
        if let Some(at) = m {
            let next = p.place(colour, *at).expect("legal").position;
            assert!(!history.iter().any(|h| h == &next), "repetition");
            history.push(next.clone());
            p = next;
        }
        colour = colour.opponent();
    }
    p
}

fn per(f: impl Fn() -> Position, n: usize) -> f64 {
    let start = Instant::now();
    for _ in 0..ROUNDS {
        black_box(f());
    }
    start.elapsed().as_secs_f64() * 1e6 / (ROUNDS * n) as f64
}

fn main() {
    let moves = game();
    assert_eq!(replay(&moves), replay_by_comparison(&moves), "both replays reach the same position");
    let hashed = per(|| replay(&moves), MOVES);
    let compared = per(|| replay_by_comparison(&moves), MOVES);
    let end = replay(&moves);
    let start = Instant::now();
    for _ in 0..ROUNDS * 10 {
        black_box(area(black_box(&end)));
    }
    let count_us = start.elapsed().as_secs_f64() * 1e6 / (ROUNDS * 10) as f64;
    // Territory counting also joins chains into groups to find seki eyes (seed 004 第十一条).
    let start = Instant::now();
    for _ in 0..ROUNDS * 10 {
        black_box(tally(black_box(&end), Method::Territory, [0, 0]));
    }
    let territory_us = start.elapsed().as_secs_f64() * 1e6 / (ROUNDS * 10) as f64;
    println!("19×19, a {MOVES}-move game, {ROUNDS} replays (2 cores):");
    println!("  replay with every check (Zobrist repetition): {hashed:.2} µs per move");
    println!(
        "  baseline, repetition by comparing positions: {compared:.2} µs per move — the shipped replay takes {:.2}× its time",
        hashed / compared
    );
    println!("  area count of the final position: {count_us:.1} µs per count");
    println!("  territory count (with the seki test): {territory_us:.1} µs per count");
}

//! 第九条 area counting of a final position (dead stones already taken off): each side's stones
//! plus the empty points only it surrounds; points touching both (dame, and the eyes of a seki)
//! are shared half each. The result is in half-stones (子), as the rules' counting takes it.

use serde::Serialize;

use crate::domain::Colour;
use crate::rules::{Count, HalfStones};

use super::position::Position;

/// Each side's area, in halves of a stone (1 子 = 2 points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AreaCount {
    pub black_halves: u32,
    pub white_halves: u32,
    /// Empty points touching both colours (split half each).
    pub shared: u32,
}

impl AreaCount {
    /// As the count the rules decide a game by (第九条, with the game's komi).
    pub fn to_count(self) -> crate::Result<Count> {
        Ok(Count::Area { black_stones: HalfStones::new(self.black_halves)? })
    }
}

/// The area count of `position`.
pub fn area(position: &Position) -> AreaCount {
    let stones = position.stones();
    let mut owner_halves = [0u32; 2];
    let mut shared = 0;
    let mut seen = vec![false; stones.len()];
    let side = |c: Colour| usize::from(c == Colour::White);
    for i in 0..stones.len() {
        match stones[i] {
            Some(c) => owner_halves[side(c)] += 2,
            None if !seen[i] => {
                // Flood the empty region and note which colours border it.
                let mut region = vec![i];
                seen[i] = true;
                let mut borders = [false; 2];
                let mut k = 0;
                while k < region.len() {
                    let at = region[k];
                    k += 1;
                    for nb in position.neighbours_of(at) {
                        match stones[nb] {
                            Some(c) => borders[side(c)] = true,
                            None if !seen[nb] => {
                                seen[nb] = true;
                                region.push(nb);
                            }
                            None => {}
                        }
                    }
                }
                let n = region.len() as u32;
                match borders {
                    [true, false] => owner_halves[0] += 2 * n,
                    [false, true] => owner_halves[1] += 2 * n,
                    // Shared, or an empty board: half each.
                    _ => {
                        shared += n;
                        owner_halves[0] += n;
                        owner_halves[1] += n;
                    }
                }
            }
            None => {}
        }
    }
    AreaCount { black_halves: owner_halves[0], white_halves: owner_halves[1], shared }
}

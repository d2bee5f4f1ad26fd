//! 五 貼還點數、平衡局差 (seed 003): within one 先 of rank difference the weaker side takes
//! Black and the komi shrinks by the difference, counted in the seed's own units — a 品位
//! (professional rank) is ¼ 先 = 2 points, a 段位 (amateur dan) ½ 先 = 4 points; an even game
//! gives White 8 points (one 先 is 8 points: 4 品 or 2 段 make Black's move free of komi). A 級位
//! is a whole 先 each, "無須貼點": kyu differences are played as handicaps, not points. Pure.

use crate::error::{DomainError, Result};
use crate::model::Rank;
use crate::rules::IngKomi;

use super::EVEN_KOMI_POINTS;

/// How a game between two ranks is balanced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compensation {
    /// The weaker side (or either, if equal) takes Black; White receives this many points.
    Komi { points: u32 },
    /// `先` whole moves apart (kyu ranks, or more than one 先): a handicap game, no points.
    Handicap { sen: u32 },
}

/// Quarter-先 between `a` and `b`, where the seed gives a unit: both professionals (¼ each),
/// both dan (½ each), both kyu (1 each).
fn quarters_apart(a: Rank, b: Rank) -> Result<u32> {
    let (x, y, unit) = match (a, b) {
        (Rank::Pro(x), Rank::Pro(y)) => (x, y, 1),
        (Rank::Dan(x), Rank::Dan(y)) => (x, y, 2),
        (Rank::Kyu(x), Rank::Kyu(y)) => (x, y, 4),
        _ => {
            return Err(DomainError::Invalid {
                field: "rank".into(),
                detail: crate::error::Detail::RanksOfTwoKinds { a, b },
            })
        }
    };
    Ok(u32::from(x.abs_diff(y)) * unit)
}

/// A game the pairing made a handicap game, balanced as 五 says: the weaker side Black, the
/// komi the rank difference leaves, handicap stones only past one 先.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balanced {
    /// Whether the pairing's Black is the stronger and the colours change.
    pub swap: bool,
    pub komi: IngKomi,
    /// Stones placed before White's first move (none within one 先: one 先 is Black's move
    /// without komi).
    pub stones: u8,
}

/// Balances a game of `black` against `white` (the pairing's colours) under 五.
pub fn balance(black: Rank, white: Rank) -> Result<Balanced> {
    // Within one kind: more dan or 品 is stronger, more kyu weaker.
    let strength = |r: Rank| match r {
        Rank::Kyu(n) => -i32::from(n),
        Rank::Dan(n) | Rank::Pro(n) => i32::from(n),
    };
    let swap = strength(black) > strength(white);
    let zero = IngKomi::new(0).unwrap_or(IngKomi::EVEN);
    Ok(match compensation(black, white)? {
        Compensation::Komi { points } => Balanced { swap, komi: IngKomi::new(points).unwrap_or(zero), stones: 0 },
        Compensation::Handicap { sen } => {
            Balanced { swap, komi: zero, stones: if sen >= 2 { u8::try_from(sen).unwrap_or(u8::MAX) } else { 0 } }
        }
    })
}

/// The balance for a game between `a` and `b` under 五.
pub fn compensation(a: Rank, b: Rank) -> Result<Compensation> {
    let q = quarters_apart(a, b)?;
    if q <= 4 {
        // Each quarter-先 is 2 points of the 8 an even game gives.
        return Ok(Compensation::Komi { points: EVEN_KOMI_POINTS - 2 * q });
    }
    Ok(Compensation::Handicap { sen: q / 4 })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 五 貼還點數、平衡局差: seed 003's own numbers.
    #[test]
    fn the_seeds_numbers_worked_by_hand() {
        // Even: 8 points to White.
        assert_eq!(compensation(Rank::Dan(3), Rank::Dan(3)).unwrap(), Compensation::Komi { points: 8 });
        // One 品 apart: ¼ 先 = 2 points less, 6 points.
        assert_eq!(compensation(Rank::Pro(9), Rank::Pro(8)).unwrap(), Compensation::Komi { points: 6 });
        // Three 品: 8 − 6 = 2 points.
        assert_eq!(compensation(Rank::Pro(4), Rank::Pro(1)).unwrap(), Compensation::Komi { points: 2 });
        // Four 品 = one 先: Black without komi.
        assert_eq!(compensation(Rank::Pro(5), Rank::Pro(1)).unwrap(), Compensation::Komi { points: 0 });
        // One 段: ½ 先 = 4 points; two 段: one 先, no komi.
        assert_eq!(compensation(Rank::Dan(2), Rank::Dan(1)).unwrap(), Compensation::Komi { points: 4 });
        assert_eq!(compensation(Rank::Dan(5), Rank::Dan(3)).unwrap(), Compensation::Komi { points: 0 });
        // Three 段 is one and a half 先: past points, a handicap of one whole 先.
        assert_eq!(compensation(Rank::Dan(6), Rank::Dan(3)).unwrap(), Compensation::Handicap { sen: 1 });
        // 級位: a 先 a rank, no points.
        assert_eq!(compensation(Rank::Kyu(5), Rank::Kyu(5)).unwrap(), Compensation::Komi { points: 8 });
        assert_eq!(compensation(Rank::Kyu(7), Rank::Kyu(5)).unwrap(), Compensation::Handicap { sen: 2 });
        assert_eq!(compensation(Rank::Kyu(6), Rank::Kyu(5)).unwrap(), Compensation::Komi { points: 0 });
    }

    #[test]
    fn a_handicap_game_is_balanced_with_the_weaker_side_black() {
        let k = |p| IngKomi::new(p).unwrap();
        // 3d (Black) against 4d: already the weaker Black, 4 points.
        assert_eq!(balance(Rank::Dan(3), Rank::Dan(4)).unwrap(), Balanced { swap: false, komi: k(4), stones: 0 });
        // 5p (Black) against 2p: the colours change, 8 − 6 = 2 points; 5p against 4p too.
        assert_eq!(balance(Rank::Pro(5), Rank::Pro(2)).unwrap(), Balanced { swap: true, komi: k(2), stones: 0 });
        assert_eq!(balance(Rank::Pro(5), Rank::Pro(4)).unwrap(), Balanced { swap: true, komi: k(6), stones: 0 });
        // 9k against 6k: three 先, three stones, no komi.
        assert_eq!(balance(Rank::Kyu(9), Rank::Kyu(6)).unwrap(), Balanced { swap: false, komi: k(0), stones: 3 });
        // 2k against 1k: one 先 — Black's move without komi, no stone.
        assert_eq!(balance(Rank::Kyu(2), Rank::Kyu(1)).unwrap(), Balanced { swap: false, komi: k(0), stones: 0 });
    }

    #[test]
    fn ranks_of_two_kinds_are_refused_with_why() {
        let e = compensation(Rank::Dan(1), Rank::Kyu(1)).unwrap_err();
        assert!(e.to_string().contains("one kind"), "{e}");
    }
}

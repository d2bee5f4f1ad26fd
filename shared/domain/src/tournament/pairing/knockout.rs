//! 第二十七条一 淘汰制: a player is out after `losses` defeats (单败 1, 双败 2, 多败 more) and
//! may not play on. Single elimination runs on a seeded bracket: seed 1 meets the lowest seed,
//! seeds 1 and 2 can meet only in the final, and when the field is not a power of two the top
//! seeds get the first round's byes. With two or more lives the survivors are paired in groups
//! of equal losses (the Swiss search over "fewer losses is the higher score"), so a player meets
//! someone with the same record, never a rematch while one can be avoided, and the last two
//! survivors play until one of them has lost `losses` times.

use crate::error::{DomainError, Result};
use crate::model::PlayerId;
use crate::tournament::field::{Field, FieldIndex, GameScore};

use super::{swiss, Board, RoundPairing};

/// The most lives an event may give (多败淘汰); more would be a Swiss.
pub const MAX_LOSSES: u8 = 3;

/// Refuses a number of lives the system does not run.
pub fn check(losses: u8) -> Result<()> {
    if (1..=MAX_LOSSES).contains(&losses) {
        return Ok(());
    }
    Err(DomainError::Outside {
        what: crate::error::Noun::Knockout,
        detail: crate::error::Detail::KnockoutLosses { losses },
    })
}

/// Defeats of `p` over rounds `..=up_to`. A draw is no defeat (the game has to be replayed);
/// 双方判负 is a defeat for both.
pub fn losses(index: &FieldIndex, p: &PlayerId, up_to: u16) -> u32 {
    index
        .games_of(p)
        .filter(|g| g.round <= up_to)
        .filter(|g| g.colour_of(p).and_then(|c| g.score.points(c)) == Some(0))
        .count() as u32
}

/// The round after which `p` was out: the round of the defeat that used the last life, or the
/// round after which the player withdrew (第二十九条).
pub fn out_after(index: &FieldIndex, p: &PlayerId, lives: u8) -> Option<u16> {
    let mut defeats = index
        .games_of(p)
        .filter(|g| g.colour_of(p).and_then(|c| g.score.points(c)) == Some(0))
        .map(|g| g.round)
        .collect::<Vec<_>>();
    defeats.sort_unstable();
    let knocked_out = defeats.get(usize::from(lives) - 1).copied();
    let withdrew = index.field.entrant(p).and_then(|e| e.withdrawn_after);
    match (knocked_out, withdrew) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Bracket positions of seeds 1..=size (a power of two), top to bottom: 1, size, size/2+1, …,
/// so that seed `s` and seed `size + 1 - s` meet first and the top seeds are apart.
pub fn bracket(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The pairing of `round` of a knockout over `seeds` (strongest first).
pub fn pair(field: &Field, seeds: &[PlayerId], round: u16, lives: u8) -> Result<RoundPairing> {
    check(lives)?;
    if field.games.iter().any(|g| g.round == round) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::AlreadyPaired { round },
        });
    }
    let index = field.index();
    let before = round.saturating_sub(1);
    if let Some(g) = field.games.iter().find(|g| g.round <= before && g.score == GameScore::Draw) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::KnockoutDraw { round: g.round, table: g.table },
        });
    }
    let alive = |p: &PlayerId| out_after(&index, p, lives).is_none_or(|r| r >= round);
    let survivors: Vec<&PlayerId> = seeds.iter().filter(|p| alive(p)).collect();
    if survivors.len() < 2 {
        let detail = match survivors.first() {
            Some(w) => crate::error::Detail::KnockoutWon { winner: w.to_string() },
            None => crate::error::Detail::KnockoutEmpty,
        };
        return Err(DomainError::Outside { what: crate::error::Noun::Round, detail });
    }
    if lives == 1 {
        single_elimination(&index, seeds, round)
    } else {
        // Fewer losses pair first; the Swiss search keeps groups together and avoids rematches.
        let mut live = field.clone();
        for e in &mut live.entrants {
            if !alive(&e.id) {
                e.withdrawn_after = Some(e.withdrawn_after.map_or(before, |w| w.min(before)));
            }
        }
        swiss::pair(&live, round, &|p| -i64::from(losses(&index, p, before)))
    }
}

/// Walks the seeded bracket through the rounds played: in each of its matches, whoever is still
/// in goes on; a match with one player in it is a bye.
fn single_elimination(index: &FieldIndex, seeds: &[PlayerId], round: u16) -> Result<RoundPairing> {
    let size = seeds.len().next_power_of_two();
    let mut slots: Vec<Option<&PlayerId>> = bracket(size).into_iter().map(|s| seeds.get(s - 1)).collect();
    for played in 1..round {
        slots = slots
            .chunks(2)
            .map(|pair| {
                let still_in: Vec<&PlayerId> = pair
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|p| out_after(index, p, 1).is_none_or(|r| r > played))
                    .collect();
                match still_in[..] {
                    [] => Ok(None),
                    [p] => Ok(Some(p)),
                    [a, b, ..] => Err(DomainError::Outside {
                        what: crate::error::Noun::Round,
                        detail: crate::error::Detail::BothStillIn { round: played, a: a.to_string(), b: b.to_string() },
                    }),
                }
            })
            .collect::<Result<_>>()?;
    }
    if slots.len() < 2 {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::NoBracketRound { round },
        });
    }
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    for pair in slots.chunks(2) {
        match (pair[0], pair[1]) {
            (Some(a), Some(b)) => {
                // Black to whoever has had more Whites; on equal terms the upper line in odd rounds.
                let upper_black = match index.colour_balance(a).cmp(&index.colour_balance(b)) {
                    std::cmp::Ordering::Equal => round % 2 == 1,
                    o => o == std::cmp::Ordering::Greater,
                };
                let (black, white) = if upper_black { (a, b) } else { (b, a) };
                boards.push(Board {
                    table: boards.len() as u16 + 1,
                    black: black.clone(),
                    white: white.clone(),
                    handicap: 0,
                });
            }
            (Some(p), None) | (None, Some(p)) => byes.push(p.clone()),
            (None, None) => {}
        }
    }
    Ok(RoundPairing { round, boards, byes, rematches: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bracket_keeps_the_top_seeds_apart() {
        assert_eq!(bracket(2), vec![1, 2]);
        assert_eq!(bracket(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        for size in [2, 4, 8, 16, 32, 64] {
            let b = bracket(size);
            // Each first-round match adds up to size + 1; 1 and 2 are in different halves.
            assert!(b.chunks(2).all(|m| m[0] + m[1] == size + 1));
            let half = size / 2;
            assert!(b[..half].contains(&1) && b[half..].contains(&2));
        }
    }

    #[test]
    fn lives_beyond_three_are_refused() {
        assert!(check(0).is_err() && check(4).is_err());
        assert!(check(1).is_ok() && check(2).is_ok() && check(3).is_ok());
    }
}

//! 第二十七条三 Swiss (积分编排制): pair within equal or nearest score groups, never a rematch
//! while one can be avoided, balance colours, at most one bye per player and to the lowest
//! eligible. The office's Swiss events and team Swiss pair this way; McMahon events pair as
//! OpenGotha does (`super::opengotha`). Deterministic: no randomness, ties broken by rank and
//! then by id.
//!
//! The search is depth first over "the highest unpaired player takes the best partner left":
//! partners are tried in order of (score difference, colour clash, distance from the fold
//! partner — the top of a score group meets the top of its lower half). Backtracking makes it
//! exhaustive, so a rematch happens only when no rematch-free pairing exists; a step budget
//! bounds the search, after which rematches are allowed and counted in the result.

use std::collections::HashSet;

use crate::error::{DomainError, Result};
use crate::model::{Colour, PlayerId};
use crate::tournament::field::Field;

use super::{Board, RoundPairing};

/// Backtracking steps tried before a rematch is allowed (per bye candidate).
const STEP_BUDGET: u32 = 50_000;
/// Bye candidates tried, lowest first, before the lowest is taken anyway.
const BYE_TRIES: usize = 8;

struct Player<'a> {
    id: &'a PlayerId,
    score: i64,
    balance: i32,
    last: Option<Colour>,
}

/// Pairs `round` of `field`; `score` is each entrant's pairing score (points for Swiss, the
/// McMahon score for McMahon, any integer scale).
pub fn pair(field: &Field, round: u16, score: &dyn Fn(&PlayerId) -> i64) -> Result<RoundPairing> {
    if field.games.iter().any(|g| g.round == round) || field.byes.iter().any(|(r, _)| *r == round) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::AlreadyPaired { round },
        });
    }
    let by_player = field.index();
    let mut players: Vec<(Player, i32)> = field
        .entrants
        .iter()
        .filter(|e| e.available(round))
        .map(|e| {
            let p = Player {
                id: &e.id,
                score: score(&e.id),
                balance: by_player.colour_balance(&e.id),
                last: by_player.last_colour(&e.id),
            };
            (p, e.rank.value())
        })
        .collect();
    players.sort_by(|(a, ar), (b, br)| (b.score, br).cmp(&(a.score, ar)).then_with(|| a.id.cmp(b.id)));
    let players: Vec<Player> = players.into_iter().map(|(p, _)| p).collect();
    if players.len() < 2 {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::TooFewToPair { round, available: players.len() },
        });
    }
    let index: std::collections::HashMap<&PlayerId, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let met: HashSet<(usize, usize)> =
        field.met().iter().filter_map(|(a, b)| Some((*index.get(a)?, *index.get(b)?))).collect();

    // An odd count: the lowest who has not had a bye sits out (then the lowest at all).
    let all: Vec<usize> = (0..players.len()).collect();
    let (bye, pairs, rematches) = if players.len() % 2 == 1 {
        // One bye at most per player outranks avoiding a rematch: a second bye only when
        // everyone has had one.
        let mut candidates: Vec<usize> =
            all.iter().rev().copied().filter(|&i| !by_player.had_bye(players[i].id)).collect();
        if candidates.is_empty() {
            candidates = all.iter().rev().copied().collect();
        }
        let strict = candidates.iter().take(BYE_TRIES).find_map(|&b| {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != b).collect();
            search(&players, &rest, &met, true).map(|p| (Some(b), p, 0))
        });
        match strict {
            Some(found) => found,
            None => {
                let b = candidates[0];
                let rest: Vec<usize> = all.iter().copied().filter(|&i| i != b).collect();
                let p = search(&players, &rest, &met, false).unwrap_or_default();
                let rematches = count_rematches(&p, &met);
                (Some(b), p, rematches)
            }
        }
    } else {
        match search(&players, &all, &met, true) {
            Some(p) => (None, p, 0),
            None => {
                let p = search(&players, &all, &met, false).unwrap_or_default();
                let rematches = count_rematches(&p, &met);
                (None, p, rematches)
            }
        }
    };

    // Tables: the strongest pair (by score, then by seeding) at table 1.
    let mut pairs = pairs;
    pairs.sort_by_key(|&(a, b)| (std::cmp::Reverse(players[a].score.max(players[b].score)), a.min(b)));
    let boards = pairs
        .iter()
        .enumerate()
        .map(|(t, &(a, b))| {
            let table = t as u16 + 1;
            let (black, white) = colours(&players[a], &players[b], table);
            Board { table, black: black.clone(), white: white.clone(), handicap: 0 }
        })
        .collect();
    Ok(RoundPairing { round, boards, byes: bye.map(|b| players[b].id.clone()).into_iter().collect(), rematches })
}

fn count_rematches(pairs: &[(usize, usize)], met: &HashSet<(usize, usize)>) -> usize {
    pairs.iter().filter(|p| met.contains(p)).count()
}

/// Black and White for a pair where `a` is the higher seed: the one with more Whites so far
/// takes Black; equal, each alternates from the last game; still equal, the higher seed takes
/// White on odd tables and Black on even ones, so colours spread over the hall.
fn colours<'a>(a: &Player<'a>, b: &Player<'a>, table: u16) -> (&'a PlayerId, &'a PlayerId) {
    let a_black = if a.balance != b.balance {
        a.balance > b.balance
    } else if a.last.is_some() && a.last != b.last {
        a.last == Some(Colour::White)
    } else {
        table % 2 == 0
    };
    if a_black {
        (a.id, b.id)
    } else {
        (b.id, a.id)
    }
}

/// Depth-first search for a perfect pairing of `pool` (in seeding order). `strict`: rematches
/// are excluded; otherwise they only rank last. `None` when none exists within the budget.
fn search(
    players: &[Player],
    pool: &[usize],
    met: &HashSet<(usize, usize)>,
    strict: bool,
) -> Option<Vec<(usize, usize)>> {
    struct Frame {
        p: usize,
        candidates: Vec<usize>,
        next: usize,
        partner: Option<usize>,
    }
    let mut paired: HashSet<usize> = HashSet::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut steps = 0u32;
    loop {
        let unpaired: Vec<usize> = pool.iter().copied().filter(|i| !paired.contains(i)).collect();
        if let Some(&p) = unpaired.first() {
            let candidates = candidates(players, &unpaired, met, strict);
            stack.push(Frame { p, candidates, next: 0, partner: None });
        } else {
            return Some(stack.iter().filter_map(|f| f.partner.map(|q| (f.p, q))).collect());
        }
        // Advance the top frame, backtracking while it has no candidate left.
        loop {
            let top = stack.last_mut()?;
            if let Some(q) = top.partner.take() {
                paired.remove(&top.p);
                paired.remove(&q);
            }
            if let Some(&q) = top.candidates.get(top.next) {
                top.next += 1;
                top.partner = Some(q);
                paired.insert(top.p);
                paired.insert(q);
                break;
            }
            stack.pop();
            steps += 1;
            if steps > STEP_BUDGET {
                return None;
            }
        }
    }
}

/// Partners for the first of `unpaired`, best first.
fn candidates(players: &[Player], unpaired: &[usize], met: &HashSet<(usize, usize)>, strict: bool) -> Vec<usize> {
    let p = unpaired[0];
    let group: Vec<usize> = unpaired.iter().copied().filter(|&i| players[i].score == players[p].score).collect();
    // The fold partner: the top of the group's lower half.
    let ideal = unpaired.iter().position(|&i| Some(&i) == group.get(group.len() / 2)).unwrap_or(1);
    let clash = |q: usize| {
        let (x, y) = (players[p].balance, players[q].balance);
        (x > 0 && y > 0) || (x < 0 && y < 0)
    };
    let mut c: Vec<(usize, usize)> =
        unpaired.iter().copied().enumerate().skip(1).filter(|&(_, q)| !(strict && met.contains(&(p, q)))).collect();
    c.sort_by_key(|&(pos, q)| {
        (met.contains(&(p, q)), (players[p].score - players[q].score).abs(), clash(q), pos.abs_diff(ideal), pos)
    });
    c.into_iter().map(|(_, q)| q).collect()
}

//! 第二十七条二 round robin (循环制), single or double, by Berger tables (the circle method):
//! every entrant meets every other exactly once per cycle; with an odd count one sits out each
//! round. Colours alternate so that nobody has more than one White more than Black per cycle;
//! the second cycle of a double round robin swaps every colour.

use crate::error::{DomainError, Result};
use crate::model::PlayerId;

use super::{Board, RoundPairing};

/// Rounds in one cycle for `n` entrants.
pub fn rounds_per_cycle(n: usize) -> u16 {
    (n + n % 2).saturating_sub(1) as u16
}

/// The pairing of `round` (1-based) for `seeds`, in the order the draw gave them (第三十一条四:
/// the chief arbiter runs the first-round draw).
pub fn berger(seeds: &[PlayerId], round: u16, double: bool) -> Result<RoundPairing> {
    let n = seeds.len() + seeds.len() % 2; // an odd count gets a bye slot
    let cycle = rounds_per_cycle(seeds.len());
    let cycles = if double { 2 } else { 1 };
    if seeds.len() < 2 {
        return Err(DomainError::Outside {
            what: crate::error::Noun::RoundRobin,
            detail: crate::error::Detail::TwoEntrantsNeeded,
        });
    }
    if round == 0 || round > cycle * cycles {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::RoundOutsideRoundRobin { round, max: cycle * cycles },
        });
    }
    let second_cycle = round > cycle;
    let r = usize::from((round - 1) % cycle);
    let m = n - 1;
    let slot = |i: usize| seeds.get(i);
    // (black slot, white slot)
    let mut pairs = vec![if r % 2 == 0 { (r, n - 1) } else { (n - 1, r) }];
    for i in 1..n / 2 {
        let (a, b) = ((r + i) % m, (r + m - i) % m);
        pairs.push(if i % 2 == 1 { (a, b) } else { (b, a) });
    }
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    for (b, w) in pairs {
        let (b, w) = if second_cycle { (w, b) } else { (b, w) };
        match (slot(b), slot(w)) {
            (Some(b), Some(w)) => {
                boards.push(Board { table: boards.len() as u16 + 1, black: b.clone(), white: w.clone(), handicap: 0 })
            }
            (Some(p), None) | (None, Some(p)) => byes.push(p.clone()),
            (None, None) => {}
        }
    }
    Ok(RoundPairing { round, boards, byes, rematches: 0 })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn ids(n: usize) -> Vec<PlayerId> {
        (0..n).map(|i| PlayerId::new(format!("p{i:02}")).unwrap()).collect()
    }

    /// 第二十七条二: everyone meets everyone exactly once (twice in a double round robin), one
    /// game per round each, colours within one of even, for 2–30 entrants.
    #[test]
    fn everyone_meets_everyone_once_per_cycle_with_balanced_colours() {
        for n in 2..=30 {
            for double in [false, true] {
                let seeds = ids(n);
                let rounds = rounds_per_cycle(n) * if double { 2 } else { 1 };
                let mut met: BTreeMap<(PlayerId, PlayerId), u32> = BTreeMap::new();
                let mut balance: BTreeMap<PlayerId, i32> = BTreeMap::new();
                let mut byes: BTreeMap<PlayerId, u32> = BTreeMap::new();
                for round in 1..=rounds {
                    let p = berger(&seeds, round, double).unwrap();
                    let mut seen = std::collections::BTreeSet::new();
                    for b in &p.boards {
                        assert!(seen.insert(b.black.clone()) && seen.insert(b.white.clone()), "n={n} r={round}");
                        let key = if b.black < b.white {
                            (b.black.clone(), b.white.clone())
                        } else {
                            (b.white.clone(), b.black.clone())
                        };
                        *met.entry(key).or_default() += 1;
                        *balance.entry(b.white.clone()).or_default() += 1;
                        *balance.entry(b.black.clone()).or_default() -= 1;
                    }
                    for b in p.byes {
                        assert!(seen.insert(b.clone()));
                        *byes.entry(b).or_default() += 1;
                    }
                    assert_eq!(seen.len(), n, "everyone is placed in round {round}");
                }
                let times = if double { 2 } else { 1 };
                assert_eq!(met.len(), n * (n - 1) / 2, "n={n}");
                assert!(met.values().all(|&c| c == times), "n={n} double={double}");
                assert!(balance.values().all(|b| b.abs() <= 1), "n={n} double={double}: {balance:?}");
                if n % 2 == 1 {
                    assert_eq!(byes.len(), n);
                    assert!(byes.values().all(|&c| c == times));
                }
            }
        }
    }

    #[test]
    fn rounds_outside_the_table_are_refused() {
        assert!(berger(&ids(4), 0, false).is_err());
        assert!(berger(&ids(4), 4, false).is_err());
        assert!(berger(&ids(4), 6, true).is_ok());
        assert!(berger(&ids(1), 1, false).is_err());
    }
}

//! 第二十七条三 Swiss (积分编排) and McMahon pairing, as properties over simulated events with
//! random results: everyone available is placed once a round; no rematch while a rematch-free
//! pairing exists (checked by brute force over every bye choice and every pairing); at most
//! one bye per player; pairing within score groups; the same input gives the same pairing.

use std::collections::BTreeSet;

use arbiter_domain::model::{PlayerId, Rank};
use arbiter_domain::tournament::pairing::opengotha::{self, Person, Settings};
use arbiter_domain::tournament::pairing::{swiss, RoundPairing};
use arbiter_domain::tournament::standings::mcmahon::McMahonParams;
use arbiter_domain::tournament::{Entrant, Field, FieldGame, GameScore};
use proptest::prelude::*;

fn field(ranks: &[u8]) -> Field {
    Field {
        entrants: ranks
            .iter()
            .enumerate()
            .map(|(i, &r)| Entrant::new(PlayerId::new(format!("p{i:02}")).unwrap(), format!("P{i}"), Rank::Kyu(r)))
            .collect(),
        rounds: 0,
        bye_points: 2,
        ..Field::default()
    }
}

/// A McMahon round as OpenGotha pairs it with its McMahon defaults (ratings from rank).
fn mcmahon_pair(f: &Field, round: u16, params: &McMahonParams) -> RoundPairing {
    let people: Vec<Person> = f.entrants.iter().map(|e| Person::of_entrant(e, "")).collect();
    opengotha::pair(f, &people, &Settings::mcmahon(*params, 5), round).unwrap().round_pairing()
}

fn apply(f: &mut Field, p: &RoundPairing, results: &[u8]) {
    for (i, b) in p.boards.iter().enumerate() {
        let score = match results[i % results.len()] % 5 {
            0 | 1 => GameScore::BlackWins,
            2 | 3 => GameScore::WhiteWins,
            _ => GameScore::Draw,
        };
        f.games.push(FieldGame {
            round: p.round,
            table: b.table,
            black: b.black.clone(),
            white: b.white.clone(),
            handicap: 0,
            score,
            by_default: false,
        });
    }
    for b in &p.byes {
        f.byes.push((p.round, b.clone()));
    }
    f.rounds = p.round;
}

/// Whether the players of `pool` can be paired (one left out when odd, from `bye_ok`) with
/// nobody meeting again.
fn rematch_free_exists(pool: &[PlayerId], met: &BTreeSet<(PlayerId, PlayerId)>, bye_ok: &[PlayerId]) -> bool {
    fn perfect(rest: &[PlayerId], met: &BTreeSet<(PlayerId, PlayerId)>) -> bool {
        let Some((first, others)) = rest.split_first() else { return true };
        (0..others.len()).any(|j| {
            !met.contains(&(first.clone(), others[j].clone())) && {
                let mut r = others.to_vec();
                r.remove(j);
                perfect(&r, met)
            }
        })
    }
    if pool.len() % 2 == 0 {
        return perfect(pool, met);
    }
    bye_ok.iter().any(|b| {
        let rest: Vec<_> = pool.iter().filter(|p| *p != b).cloned().collect();
        perfect(&rest, met)
    })
}

/// `bye_first`: the bye is chosen before the pairing (OpenGotha's `chooseAByePlayer`), so a
/// rematch is only wrong if the others could have been paired without one.
fn check_round(f: &Field, p: &RoundPairing, bye_first: bool) -> Result<(), TestCaseError> {
    let available: BTreeSet<_> = f.entrants.iter().filter(|e| e.available(p.round)).map(|e| e.id.clone()).collect();
    let mut placed = BTreeSet::new();
    for b in &p.boards {
        prop_assert!(placed.insert(b.black.clone()) && placed.insert(b.white.clone()), "placed twice");
    }
    prop_assert!(p.byes.len() <= 1, "Swiss and McMahon give one bye at most");
    for b in &p.byes {
        prop_assert!(placed.insert(b.clone()));
        prop_assert_eq!(available.len() % 2, 1, "a bye only for an odd count");
    }
    prop_assert_eq!(&placed, &available);
    let met = f.met();
    let rematches = p.boards.iter().filter(|b| met.contains(&(b.black.clone(), b.white.clone()))).count();
    prop_assert_eq!(rematches, p.rematches);
    if rematches > 0 {
        let pool: Vec<_> = available.iter().cloned().collect();
        let mut bye_ok: Vec<_> =
            if bye_first { p.byes.clone() } else { pool.iter().filter(|x| !f.had_bye(x)).cloned().collect() };
        if bye_ok.is_empty() {
            bye_ok = pool.clone();
        }
        prop_assert!(!rematch_free_exists(&pool, &met, &bye_ok), "round {}: a rematch-free pairing existed", p.round);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn swiss_pairings_hold_the_rules(ranks in prop::collection::vec(1u8..30, 2..11), rounds in 1u16..8, results in prop::collection::vec(any::<u8>(), 1..20)) {
        let mut f = field(&ranks);
        for round in 1..=rounds {
            let score = |p: &PlayerId| f.points(p, round - 1);
            let p = swiss::pair(&f, round, &score).unwrap();
            prop_assert_eq!(&p, &swiss::pair(&f, round, &score).unwrap(), "deterministic");
            check_round(&f, &p, false)?;
            apply(&mut f, &p, &results);
        }
        // At most one bye each while there are players who have not had one.
        if usize::from(rounds) <= ranks.len() {
            let mut seen = BTreeSet::new();
            for (_, b) in &f.byes {
                prop_assert!(seen.insert(b.clone()), "{} had two byes", b);
            }
        }
    }

    #[test]
    fn mcmahon_pairings_hold_the_rules(ranks in prop::collection::vec(1u8..30, 2..11), rounds in 1u16..6, results in prop::collection::vec(any::<u8>(), 1..20)) {
        let params = McMahonParams { bar: Rank::Kyu(5).value(), floor: Rank::Kyu(20).value(), ..McMahonParams::default() };
        let mut f = field(&ranks);
        for round in 1..=rounds {
            let p = mcmahon_pair(&f, round, &params);
            prop_assert_eq!(&p, &mcmahon_pair(&f, round, &params), "deterministic");
            check_round(&f, &p, true)?;
            apply(&mut f, &p, &results);
        }
    }

    /// After a round 1 without draws the field splits into winners and losers; round 2 pairs
    /// inside those groups, with at most one pair across them (an odd group floats one down).
    #[test]
    fn swiss_pairs_within_score_groups(n in 4usize..40, results in prop::collection::vec(0u8..4, 1..20)) {
        let mut f = field(&vec![10; n]);
        let p1 = swiss::pair(&f, 1, &|_| 0).unwrap();
        apply(&mut f, &p1, &results);
        let score = |p: &PlayerId| f.points(p, 1);
        let p2 = swiss::pair(&f, 2, &score).unwrap();
        let across = p2.boards.iter().filter(|b| score(&b.black) != score(&b.white)).count();
        prop_assert!(across <= 1, "{} pairs across score groups", across);
        prop_assert_eq!(p2.rematches, 0);
    }
}

/// McMahon starting scores come from rank framed by bar and floor: in round 1 the strongest
/// players (at or above the bar) meet each other, not the weakest.
#[test]
fn mcmahon_round_one_pairs_by_starting_score() {
    let f = field(&[1, 2, 3, 4, 25, 26, 27, 28]);
    let params = McMahonParams { bar: Rank::Kyu(3).value(), floor: Rank::Kyu(26).value(), ..McMahonParams::default() };
    let p = mcmahon_pair(&f, 1, &params);
    let strong: BTreeSet<_> = ["p00", "p01", "p02"].into_iter().collect();
    for b in &p.boards {
        let (x, y) = (strong.contains(b.black.as_str()), strong.contains(b.white.as_str()));
        assert!(!(x ^ y) || b.table == 2, "table {}: {} vs {}", b.table, b.black, b.white);
    }
    assert_eq!(p.boards[0].table, 1);
    let top: BTreeSet<_> = [p.boards[0].black.as_str(), p.boards[0].white.as_str()].into_iter().collect();
    assert!(top.is_subset(&strong), "table 1 is in the bar group: {top:?}");
}

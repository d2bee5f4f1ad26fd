//! The blossom matching against brute force: on every small complete graph (n ≤ 12) the total
//! weight it finds is the greatest any perfect matching has; it is perfect, deterministic, and
//! leaves exactly one vertex out on odd counts.

use arbiter_domain::tournament::pairing::matching::{max_weight_matching, Weights};
use proptest::prelude::*;

/// The greatest total over all perfect matchings (or near-perfect, for odd n), by recursion.
fn brute(w: &Weights, free: &mut Vec<usize>) -> i128 {
    if free.len() < 2 {
        return 0;
    }
    let odd = free.len() % 2 == 1;
    let first = free.remove(0);
    let mut best = i128::MIN;
    if odd {
        // `first` may be the one left out.
        best = brute(w, free);
    }
    for k in 0..free.len() {
        let j = free.remove(k);
        let v = i128::from(w.get(first, j)) + brute(w, free);
        best = best.max(v);
        free.insert(k, j);
    }
    free.insert(0, first);
    best
}

fn graph(n: usize, values: &[i64]) -> Weights {
    let mut w = Weights::new(n);
    let mut it = values.iter().cycle();
    for i in 0..n {
        for j in i + 1..n {
            w.set(i, j, *it.next().unwrap());
        }
    }
    w
}

fn check(w: &Weights) -> Result<(), TestCaseError> {
    let n = w.len();
    let m = max_weight_matching(w);
    prop_assert_eq!(m.len(), n / 2, "perfect (or one left out)");
    let mut seen = vec![false; n];
    for &(a, b) in &m {
        prop_assert!(a < b && !seen[a] && !seen[b]);
        seen[a] = true;
        seen[b] = true;
    }
    let best = brute(w, &mut (0..n).collect());
    prop_assert_eq!(w.total(&m), best);
    prop_assert_eq!(&m, &max_weight_matching(w), "deterministic");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Small weights: many ties and many blossoms.
    #[test]
    fn small_weights_equal_brute_force(n in 2usize..=12, values in prop::collection::vec(1i64..6, 1..60)) {
        check(&graph(n, &values))?;
    }

    /// OpenGotha-sized weights (up to ~10¹⁵): exact, no overflow.
    #[test]
    fn huge_weights_equal_brute_force(n in 2usize..=12, values in prop::collection::vec(1i64..1_000_000_000_000_000, 1..60)) {
        check(&graph(n, &values))?;
    }
}

#[test]
fn twelve_vertices_equal_brute_force() {
    // A fixed pseudo-random graph at the largest size brute force is quick for.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let values: Vec<i64> = (0..66)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 50) as i64 + 1
        })
        .collect();
    let w = graph(12, &values);
    check(&w).unwrap();
    let w = graph(11, &values);
    check(&w).unwrap();
}

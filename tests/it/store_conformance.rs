//! One store test suite, two stores: every check of `store::conformance` — appends
//! idempotent by id, pulls exact in arrival order, reads in the agreed order, everything back
//! after a reopen, keyspaces, recording stamped, signed and chained — and the property that what
//! a store keeps derived equals the full fold after every arrival (random orders, duplicates,
//! batches, reopens), run on the sled store and on the PostgreSQL store (a real throwaway
//! cluster; a fresh database for each check and each case).

use arbiter_core::store::conformance::{arrivals_fold_like_the_full_fold, CHECKS};
use arbiter_core::store::{EventStore, Store};
use arbiter_office::pg::PgStore;
use arbiter_tests::pg::PgCluster;
use arbiter_tests::scratch;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

fn sled_at(dir: std::path::PathBuf) -> impl FnMut() -> Box<dyn EventStore> {
    move || Box::new(Store::open(&dir, None).unwrap())
}

fn postgres(pg: &PgCluster, name: &str) -> impl FnMut() -> Box<dyn EventStore> {
    let url = pg.database(name);
    move || Box::new(PgStore::connect(&url).unwrap())
}

#[test]
fn the_sled_store_passes_every_check() {
    for (name, check) in CHECKS {
        check(&mut sled_at(scratch(&format!("conformance-{name}"))));
    }
}

#[test]
fn the_postgres_store_passes_every_check() {
    let pg = PgCluster::start("conformance-checks");
    for (name, check) in CHECKS {
        check(&mut postgres(&pg, name));
    }
}

type Case = (Vec<(u8, u8, u8)>, u64, Vec<usize>, Vec<usize>, u64);

/// Runs the arrivals property for `cases` cases, each on a store `open_for` opens for it.
fn arrivals(cases: u32, open_for: &dyn Fn(u32) -> Box<dyn FnMut() -> Box<dyn EventStore>>) {
    let strategy = (
        proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 1..24),
        any::<u64>(),
        proptest::collection::vec(any::<usize>(), 0..6),
        proptest::collection::vec(1usize..5, 1..40),
        any::<u64>(),
    );
    let mut runner = TestRunner::new(ProptestConfig { cases, ..ProptestConfig::default() });
    let n = std::cell::Cell::new(0);
    let outcome = runner.run(&strategy, |(steps, order, dups, cuts, reopen_at): Case| {
        n.set(n.get() + 1);
        let mut open = open_for(n.get());
        arrivals_fold_like_the_full_fold(&mut *open, &steps, order, &dups, &cuts, reopen_at);
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

#[test]
fn the_sled_stores_derived_state_is_the_full_fold_after_every_arrival() {
    arrivals(40, &|n| Box::new(sled_at(scratch(&format!("conformance-arrivals-{n}")))));
}

#[test]
fn the_postgres_stores_derived_state_is_the_full_fold_after_every_arrival() {
    let pg = PgCluster::start("conformance-arrivals");
    arrivals(40, &|n| Box::new(postgres(&pg, &format!("arrivals_{n}"))));
}

//! Table numbers as OpenGotha gives them (`renumberTablesByBestScoreThenRating`), by the rule of
//! the release an event follows ([`TableOrder`]).
//!
//! Both releases order the games by their "best" player under the placement criteria at this
//! round, then by rating, with Java's `List.sort` (`GameComparator`, `BEST_SCR_ORDER`). They
//! differ in which player of a board is its best and in how two boards whose best players tie on
//! scores and ratings compare: OpenGotha 3.52 corrected the signs of `ScoredPlayerComparator`
//! and `GameComparator`, so its tables differ from 3.51's in most rounds though its pairs do not.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::info::Infos;
use super::java_sort;
use super::weight::{self, Parts};
use super::PairedBoard;
use crate::tournament::field::Field;
use crate::tournament::standings::mcmahon::Scores;
use crate::tournament::standings::Criterion;

/// Which OpenGotha release's table numbering a round follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum TableOrder {
    /// OpenGotha 3.52 and later (3.52.03 is the release organisers run): a board's best player
    /// is the better by score (on equal scores the higher rated); boards whose best players tie
    /// on scores and ratings each answer "before" the other.
    #[default]
    #[serde(rename = "opengotha_3_52")]
    OpenGotha352,
    /// OpenGotha 3.51.02 and before: the signs of its comparators make Black a board's "best"
    /// whenever White scores better; boards whose best players tie on scores and ratings each
    /// answer "after" the other. Kept for events brought in from files those releases saved.
    #[serde(rename = "opengotha_3_51")]
    OpenGotha351,
}

impl TableOrder {
    /// The order of the OpenGotha version that wrote a file (`fullVersionNumber`, e.g.
    /// "3.51.02"); the current release's when the version is missing or unreadable.
    pub fn of_version(version: &str) -> TableOrder {
        match super::version_parts(version) {
            Some(v) if v < vec![3, 52] => TableOrder::OpenGotha351,
            _ => TableOrder::OpenGotha352,
        }
    }
}

/// Table numbers by `renumberTablesByBestScoreThenRating`: the games in order of their better
/// player by the placement criteria at this round, then by rating. OpenGotha reads those
/// criteria from the scores it cached before pairing (its pairing window marks the tournament
/// changed only once the round is paired), so this round's new games and bye are not in them:
/// every player counts as absent from it (checked against OpenGotha's own engine,
/// tests/oracle/).
pub(super) fn number(infos: &Infos, past: &Field, round: u16, games: Vec<(weight::Game, Parts)>) -> Vec<PairedBoard> {
    let ids = |i: usize| infos.field.entrants[i].id.clone();
    let scores = Scores::new(past, &infos.settings.mcmahon, round);
    let r = Some(usize::from(round) - 1);
    let crit = |c: Criterion, i: usize| match c {
        // DC and SDC as OpenGotha keeps them from listing the players to pair.
        Criterion::Rating | Criterion::Cat | Criterion::Dc | Criterion::Sdc => infos.crit(c, i, r),
        _ => scores.crit2(c, i, r).unwrap_or(0),
    };
    // ScoredPlayerComparator(pps, round, keepExAequo = true): Less = `a` better.
    let cmp = |a: usize, b: usize| -> Ordering {
        for &c in &infos.settings.criteria {
            let (x, y) = (crit(c, a), crit(c, b));
            if x != y {
                return y.cmp(&x);
            }
        }
        Ordering::Equal
    };
    let rating = |i: usize| infos.people[i].rating;
    let order_of = infos.settings.pairing.table_order;
    // GameComparator's best player of a board: White unless Black is preferred.
    let best = |g: &weight::Game| {
        let by_rating = cmp(g.white, g.black) == Ordering::Equal && rating(g.white) < rating(g.black);
        let black = match order_of {
            // 3.51: `compare(w, b) == -1` (White better) makes Black the best.
            TableOrder::OpenGotha351 => by_rating || cmp(g.white, g.black) == Ordering::Less,
            // 3.52: `compare(w, b) == 1` (Black better) does.
            TableOrder::OpenGotha352 => by_rating || cmp(g.white, g.black) == Ordering::Greater,
        };
        if black {
            g.black
        } else {
            g.white
        }
    };
    // The better best player first; on equal scores the higher rating. On equal ratings too
    // OpenGotha's comparator answers the same both ways ("after" in 3.51, "before" in 3.52), so
    // the order is the one Java's TimSort leaves from the games in the order the pairing made
    // them — followed step for step (`java_sort`).
    let tie = match order_of {
        TableOrder::OpenGotha351 => 1,
        TableOrder::OpenGotha352 => -1,
    };
    let mut order: Vec<usize> = (0..games.len()).collect();
    java_sort::sort(&mut order, &|&x, &y| {
        let (a, b) = (best(&games[x].0), best(&games[y].0));
        match cmp(a, b) {
            Ordering::Less => -1,
            Ordering::Greater => 1,
            Ordering::Equal => match rating(a).cmp(&rating(b)) {
                Ordering::Greater => -1,
                Ordering::Less => 1,
                Ordering::Equal => tie,
            },
        }
    });
    order
        .into_iter()
        .enumerate()
        .map(|(t, k)| {
            let (g, parts) = &games[k];
            PairedBoard {
                table: t as u16 + 1,
                white: ids(g.white),
                black: ids(g.black),
                handicap: g.handicap as u8,
                weight: *parts,
            }
        })
        .collect()
}

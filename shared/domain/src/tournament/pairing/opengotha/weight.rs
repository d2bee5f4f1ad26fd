//! The weight of one pair (OpenGotha's `Tournament.costValue`) and the game it would be
//! (`Tournament.gameBetween`: colours and handicap).
//!
//! Each part is computed as OpenGotha computes it, operation by operation: where OpenGotha
//! takes a weight times a concavity curve in `double` and truncates to `long`, so does this
//! (IEEE-754 doubles give the same bits in Rust as in Java, and `as i64` truncates toward zero as
//! Java's `(long)` cast does); where it divides integers, this divides the same integers in the
//! same order. Only then is the sum exact integer arithmetic, and the matching on it too.

use serde::Serialize;

use super::info::{Infos, MIN_RANK, SMMS_CORR_MAX, SMMS_CORR_MIN};
use super::params::{DuddMode, SeedSystem};
use super::{Kind, Person, RandomRule};

/// A pair's weight, part by part (what `--explain` prints). The weight is their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Parts {
    /// 1: no pair weighs 0 ("no matching allowed").
    pub base: i64,
    /// Base 1: the two have not met.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub avoid_duplicate: i64,
    /// Base 2: OpenGotha's deterministic "random".
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub random: i64,
    /// Base 3: colours balance out (even games only).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub balance_wb: i64,
    /// Main 1: same category.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub categories: i64,
    /// Main 2: close scores.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub score: i64,
    /// Main 3: a draw-up/draw-down as the modes and the history ask.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub dudd: i64,
    /// Main 4: seeding inside a score group.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seeding: i64,
    /// Secondary 1: a small handicap.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub handicap: i64,
    /// Secondary 2–4: different clubs, clubs groups and countries.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub geography: i64,
}

impl Parts {
    pub fn total(&self) -> i64 {
        self.base
            + self.avoid_duplicate
            + self.random
            + self.balance_wb
            + self.categories
            + self.score
            + self.dudd
            + self.seeding
            + self.handicap
            + self.geography
    }
}

/// The game OpenGotha would make of a pair: who is White, and the handicap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// Entrant indices.
    pub white: usize,
    pub black: usize,
    pub handicap: i32,
}

/// `Pairing.detRandom(max, p1, p2)`: a number in 0..=max from the two names. Since OpenGotha
/// 3.51.01 the names are taken in alphabetical order and `max − n` undoes a swap, so the
/// colour it decides no longer depends on which player is first; before, it did
/// ([`RandomRule::Ordered`]). Java `char`s are UTF-16 code units, and `long` arithmetic wraps.
pub fn det_random(rule: RandomRule, max: i64, p1: &Person, p2: &Person) -> i64 {
    let a = format!("{}{}", p1.name, p1.first_name);
    let b = format!("{}{}", p2.name, p2.first_name);
    let inverse = rule == RandomRule::Symmetric && super::info::java_cmp(&a, &b).is_gt();
    let s = if inverse { b + &a } else { a + &b };
    let mut n: i64 = 0;
    for (i, c) in s.encode_utf16().enumerate() {
        n = n.wrapping_add(i64::from(c).wrapping_mul(i as i64 + 1));
    }
    n = n.wrapping_mul(1_234_567) % (max + 1);
    if inverse {
        max - n
    } else {
        n
    }
}

/// The "rather N×1 than 1×N" curve: `w · (1 − x) · (1 + k·x)`, truncated, in OpenGotha's order
/// of operations.
fn concave(w: i64, x: f64, k: f64) -> i64 {
    (w as f64 * (1.0 - x) * (1.0 + k * x)) as i64
}

impl Infos<'_> {
    /// `gameBetween(sP1, sP2)`: the handicap from ranks (or MMS), corrected and capped; for an
    /// even game the one with more Whites takes Black, and equal balances are settled by
    /// `detRandom(1)`.
    pub fn game_between(&self, p1: usize, p2: usize) -> Game {
        let h = &self.settings.handicap;
        let (a, b) = (&self.infos[p1], &self.infos[p2]);
        let (mut r1, mut r2) = (a.rank, b.rank);
        if h.based_on_mms {
            r1 = (a.mms2 / 2) as i32 + MIN_RANK;
            r2 = (b.mms2 / 2) as i32 + MIN_RANK;
        }
        r1 = r1.min(h.no_handicap_rank_threshold);
        r2 = r2.min(h.no_handicap_rank_threshold);
        let mut hd = r1 - r2;
        if hd > 0 {
            hd = (hd - h.correction).max(0);
        }
        if hd < 0 {
            hd = (hd + h.correction).min(0);
        }
        if hd > h.ceiling {
            hd = h.ceiling;
        }
        if hd < -h.ceiling {
            hd = -h.ceiling;
        }
        let p1_white = match hd {
            1.. => true,
            ..0 => false,
            0 => match a.wb_balance.cmp(&b.wb_balance) {
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => {
                    det_random(self.settings.random_rule, 1, &self.people[p1], &self.people[p2]) == 0
                }
            },
        };
        let (white, black) = if p1_white { (p1, p2) } else { (p2, p1) };
        Game { white, black, handicap: hd.abs() }
    }

    /// `costValue(sP1, sP2)`, part by part.
    pub fn weight(&self, p1: usize, p2: usize) -> Parts {
        let s = self.settings;
        let pp = &s.pairing;
        let (a, b) = (&self.infos[p1], &self.infos[p2]);
        let k = pp.nx1_factor();
        let rn = self.rn as i32;
        let mut parts = Parts { base: 1, ..Parts::default() };

        // Base 1: avoid a game played before.
        if self.games_between(p1, p2) == 0 {
            parts.avoid_duplicate = pp.avoid_duplicate_game;
        }
        // Base 2: OpenGotha's "random" (a non-deterministic one cannot be reproduced: the
        // deterministic one stands in for it).
        parts.random = det_random(self.settings.random_rule, pp.random, &self.people[p1], &self.people[p2]);
        // Base 3: balance White and Black, only for an even game: in full when the balances
        // have opposite signs, half when one is 0 and the other at least 2 away.
        if self.game_between(p1, p2).handicap == 0 {
            let (w1, w2) = (a.wb_balance, b.wb_balance);
            if w1 * w2 < 0 {
                parts.balance_wb = pp.balance_wb;
            } else if (w1 == 0 && w2.abs() >= 2) || (w2 == 0 && w1.abs() >= 2) {
                parts.balance_wb = pp.balance_wb / 2;
            }
        }

        // Main 1: avoid mixing categories.
        let categories = s.category_limits.len() as i32 + 1;
        if categories > 1 {
            let x = f64::from((a.category - b.category).abs()) / f64::from(categories);
            parts.categories = concave(pp.avoid_mixing_categories, x, k);
        }
        // Main 2: minimise the score difference (score groups within one category).
        let sco_range = self.number_of_groups;
        if a.category == b.category {
            let x = f64::from((a.group - b.group).abs()) / f64::from(sco_range);
            parts.score = concave(pp.minimize_score_difference, x, k);
        }
        // Main 3: a draw-up/draw-down between nearby groups (OpenGotha 3.44.05's scenarios).
        if (a.group - b.group).abs() < 4 && a.group != b.group {
            parts.dudd = self.dudd(p1, p2);
        }
        let gap = i64::from((a.category - b.category).abs()) + 1;
        parts.dudd = parts.dudd / gap / gap / gap / gap;
        // Main 4: seeding inside one score group.
        if a.group == b.group {
            parts.seeding = self.seeding(p1, p2);
        }

        // Secondary criteria apply only to players under every threshold; one above them is
        // treated as having the highest McMahon score there can be.
        let nbw2_threshold = if pp.nb_wins_threshold_active { i64::from(s.rounds) } else { 2 * i64::from(s.rounds) };
        let mm_bar = s.mcmahon.bar - MIN_RANK;
        let max_mms = i64::from(s.mcmahon.bar + SMMS_CORR_MAX - MIN_RANK + rn);
        let pseudo = |i: &super::info::Info| {
            let strong = 2 * i64::from(i.rank) + i.nbw2 >= 2 * i64::from(pp.rank_threshold);
            let many_wins = i.nbw2 >= nbw2_threshold;
            let above_bar = i.smms >= mm_bar && pp.bar_threshold_active;
            if many_wins || strong || above_bar {
                max_mms
            } else {
                i.mms2 / 2
            }
        };
        let (m1, m2) = (pseudo(a), pseudo(b));
        // Secondary 1: minimise the handicap.
        let sec_range = match s.kind() {
            Kind::McMahon => i64::from(sco_range),
            _ => i64::from(s.mcmahon.bar - s.mcmahon.floor + SMMS_CORR_MAX - SMMS_CORR_MIN + rn),
        };
        let x = (m1 - m2).abs() as f64 / sec_range as f64;
        parts.handicap = concave(pp.minimize_handicap, x, k);
        // Secondary 2–4: geography.
        parts.geography = self.geography(p1, p2, f64::from(sco_range), k);
        parts
    }

    fn dudd(&self, p1: usize, p2: usize) -> i64 {
        let pp = &self.settings.pairing;
        let (a, b) = (&self.infos[p1], &self.infos[p2]);
        // 0: both already drawn this way; 1: one of them; 2: neither, or one more and one
        // compensated; 3 and 4: it compensates an earlier draw for one or both.
        let mut scenario = 2;
        if a.nb_du > 0 && a.group > b.group {
            scenario -= 1;
        }
        if a.nb_dd > 0 && a.group < b.group {
            scenario -= 1;
        }
        if b.nb_du > 0 && b.group > a.group {
            scenario -= 1;
        }
        if b.nb_dd > 0 && b.group < a.group {
            scenario -= 1;
        }
        if scenario != 0 && a.nb_du > 0 && a.nb_dd < a.nb_du && a.group < b.group {
            scenario += 1;
        }
        if scenario != 0 && a.nb_dd > 0 && a.nb_du < a.nb_dd && a.group > b.group {
            scenario += 1;
        }
        if scenario != 0 && b.nb_du > 0 && b.nb_dd < b.nb_du && b.group < a.group {
            scenario += 1;
        }
        if scenario != 0 && b.nb_dd > 0 && b.nb_du < b.nb_dd && b.group > a.group {
            scenario += 1;
        }
        let w = pp.dudd_weight / 5;
        let (upper, lower) = if a.group < b.group { (a, b) } else { (b, a) };
        // Integer arithmetic, left to right, as OpenGotha's `long` expressions.
        let place = |mode: DuddMode, i: &super::info::Info| -> i64 {
            let (size, inner) = (i64::from(i.group_size), i64::from(i.inner));
            match mode {
                DuddMode::Top => w / 2 * (size - 1 - inner) / size,
                DuddMode::Mid => w / 2 * (size - 1 - (2 * inner - size + 1).abs()) / size,
                DuddMode::Bot => w / 2 * inner / size,
            }
        };
        let mut cost = place(pp.dudd_upper_mode, upper) + place(pp.dudd_lower_mode, lower);
        cost += match scenario {
            0 => 0,
            1 => w,
            3 if pp.compensate_dudd => 3 * w,
            4 if pp.compensate_dudd => 4 * w,
            _ => 2 * w,
        };
        cost
    }

    fn seeding(&self, p1: usize, p2: usize) -> i64 {
        let pp = &self.settings.pairing;
        let (a, b) = (&self.infos[p1], &self.infos[p2]);
        let size = i64::from(a.group_size);
        let (c1, c2) = (i64::from(a.inner), i64::from(b.inner));
        let max = pp.maximize_seeding;
        let system =
            if self.rn < usize::from(pp.last_round_for_seed_system1) { pp.seed_system1 } else { pp.seed_system2 };
        match system {
            SeedSystem::SplitAndRandom => {
                if (2 * c1 < size && 2 * c2 >= size) || (2 * c1 >= size && 2 * c2 < size) {
                    let range = (max as f64 * 0.2) as i64;
                    max - det_random(self.settings.random_rule, range, &self.people[p1], &self.people[p2])
                } else {
                    0
                }
            }
            SeedSystem::SplitAndFold => {
                let x = c1 + c2 - (size - 1);
                max - (max * x / (size - 1) * x / (size - 1))
            }
            SeedSystem::SplitAndSlip => {
                let x = 2 * (c1 - c2).abs() - size;
                max - (max * x / size * x / size)
            }
        }
    }

    fn geography(&self, p1: usize, p2: usize, sco_range: f64, k: f64) -> i64 {
        let pp = &self.settings.pairing;
        let (a, b) = (&self.people[p1], &self.people[p2]);
        let max = pp.avoid_same_geo;
        let country_factor = pp.prefer_mms_diff_rather_than_same_country;
        let club_factor = pp.prefer_mms_diff_rather_than_same_club;
        let same_country = a.country.to_lowercase() == b.country.to_lowercase();
        let same_club = a.club.to_lowercase() == b.club.to_lowercase();
        let same_group = self.settings.in_common_clubs_group(a.club, b.club);
        let mut country = 0.0;
        if !same_country && country_factor != 0 {
            country = (f64::from(country_factor) / sco_range).min(1.0);
        }
        let mut club = 0.0;
        if club_factor != 0 && !same_club {
            club = if same_group {
                f64::from(club_factor) / 2.0 / sco_range
            } else {
                f64::from(club_factor) * 1.2 / sco_range
            };
        }
        if club > 1.0 {
            club = 1.0;
        }
        let mut ratio = country.max(club) + country.min(club) / 2.0;
        if ratio > 0.0 {
            ratio += 0.5 / sco_range;
        }
        let curve = max as f64 * (1.0 - ratio) * (1.0 + k * ratio);
        // OpenGotha subtracts from the score-difference weight, not from the geography one.
        // Saturating: equal to Java's for every value the set-up admits, never an overflow.
        pp.minimize_score_difference.saturating_sub(curve as i64).min(max)
    }
}

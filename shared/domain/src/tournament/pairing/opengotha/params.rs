//! OpenGotha's `PairingParameterSet` and `HandicapParameterSet`, field for field, with the
//! defaults OpenGotha's own file reader applies when an attribute is missing
//! (`ExternalDocument.importTournamentFromXMLFile`), so a file reads here as it reads there.

use serde::{Deserialize, Serialize};

use super::TableOrder;
use crate::error::{DomainError, Result};
use crate::tournament::standings::Criterion;

/// The largest weight a parameter may take: OpenGotha's ceiling for avoiding a rematch.
pub const MAX_WEIGHT: i64 = 500_000_000_000_000;

/// The most a "prefer a score difference rather than the same country/club/group" factor may
/// be: each counts in score groups and is capped at the whole range, so more changes nothing.
pub const MAX_GEO_FACTOR: i64 = 1000;

fn bad(detail: crate::error::Detail) -> DomainError {
    DomainError::Outside { what: crate::error::Noun::Settings, detail }
}

/// Where, inside its score group, a player drawn up or down should come from (TOP, MID, BOT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum DuddMode {
    Top,
    #[default]
    Mid,
    Bot,
}

/// How players of one score group are seeded against each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum SeedSystem {
    /// Top half against bottom half, partners chosen by a deterministic "random".
    SplitAndRandom,
    /// 1 v n, 2 v n−1, …
    SplitAndFold,
    /// 1 v n/2+1, 2 v n/2+2, …
    SplitAndSlip,
}

/// The weights and switches of OpenGotha's pairing (its `PairingParameterSet`). Weights are
/// OpenGotha's own integers; `last_round_for_seed_system1` is 1-based, as in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PairingParams {
    /// Concavity of the "rather N×1 than 1×N" curve, in thousandths (OpenGotha's 0.5 is 500):
    /// an integer keeps the settings comparable, and `n / 1000.0` is the same double as
    /// OpenGotha's reading of the decimal.
    pub nx1_factor_per_mille: u16,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub avoid_duplicate_game: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub random: i64,
    pub deterministic: bool,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub balance_wb: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub avoid_mixing_categories: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub minimize_score_difference: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub dudd_weight: i64,
    pub compensate_dudd: bool,
    pub dudd_upper_mode: DuddMode,
    pub dudd_lower_mode: DuddMode,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub maximize_seeding: i64,
    pub last_round_for_seed_system1: u16,
    pub seed_system1: SeedSystem,
    pub seed_system2: SeedSystem,
    /// Added after the placement criteria to order a score group (None: OpenGotha's NULL).
    pub additional_criterion1: Option<Criterion>,
    pub additional_criterion2: Option<Criterion>,
    pub bar_threshold_active: bool,
    /// OpenGotha's rank value (30k = −30, 1d = 0, 9d = 8).
    pub rank_threshold: i32,
    pub nb_wins_threshold_active: bool,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub def_sec_crit: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub minimize_handicap: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub avoid_same_geo: i64,
    pub prefer_mms_diff_rather_than_same_country: i32,
    pub prefer_mms_diff_rather_than_same_club: i32,
    /// Kept for the file's round trip; OpenGotha itself no longer reads it.
    pub prefer_mms_diff_rather_than_same_clubs_group: i32,
    /// Which release's table numbering: not an OpenGotha parameter but its version's behaviour
    /// (3.52's unless an event brought in from a file 3.51 saved keeps 3.51's).
    pub table_order: TableOrder,
}

impl Default for PairingParams {
    /// What OpenGotha's reader takes for a file that names none of them.
    fn default() -> Self {
        PairingParams {
            nx1_factor_per_mille: 500,
            avoid_duplicate_game: 500_000_000_000_000,
            random: 0,
            deterministic: true,
            balance_wb: 1000,
            avoid_mixing_categories: 20_000_000_000_000,
            minimize_score_difference: 100_000_000_000,
            dudd_weight: 100_000_000,
            compensate_dudd: true,
            dudd_upper_mode: DuddMode::Mid,
            dudd_lower_mode: DuddMode::Mid,
            maximize_seeding: 5_000_000,
            last_round_for_seed_system1: 2,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndFold,
            additional_criterion1: Some(Criterion::Rating),
            additional_criterion2: None,
            bar_threshold_active: true,
            rank_threshold: 3,
            nb_wins_threshold_active: true,
            def_sec_crit: 100_000_000_000,
            minimize_handicap: 0,
            avoid_same_geo: 100_000_000_000,
            prefer_mms_diff_rather_than_same_country: 1,
            prefer_mms_diff_rather_than_same_club: 3,
            prefer_mms_diff_rather_than_same_clubs_group: 2,
            table_order: TableOrder::OpenGotha352,
        }
    }
}

impl PairingParams {
    /// The concavity factor k as OpenGotha's double.
    pub fn nx1_factor(&self) -> f64 {
        f64::from(self.nx1_factor_per_mille) / 1000.0
    }

    /// Whether the organiser's values make sense: weights not negative, k at most 1, the seed
    /// system switch at round 1 or later. A refusal names the field.
    pub fn check(&self) -> Result<()> {
        let weights = [
            ("avoid_duplicate_game", self.avoid_duplicate_game),
            ("random", self.random),
            ("balance_wb", self.balance_wb),
            ("avoid_mixing_categories", self.avoid_mixing_categories),
            ("minimize_score_difference", self.minimize_score_difference),
            ("dudd_weight", self.dudd_weight),
            ("maximize_seeding", self.maximize_seeding),
            ("def_sec_crit", self.def_sec_crit),
            ("minimize_handicap", self.minimize_handicap),
            ("avoid_same_geo", self.avoid_same_geo),
        ];
        for (name, w) in weights {
            // OpenGotha's own ceilings keep a round's total below 2⁶³ (PAIBA_MAX_AVOIDDUPLGAME).
            if !(0..=MAX_WEIGHT).contains(&w) {
                return Err(bad(crate::error::Detail::WeightRange {
                    name: name.to_owned(),
                    value: w,
                    max: MAX_WEIGHT,
                }));
            }
        }
        for (name, f) in [
            ("prefer_mms_diff_rather_than_same_country", self.prefer_mms_diff_rather_than_same_country),
            ("prefer_mms_diff_rather_than_same_club", self.prefer_mms_diff_rather_than_same_club),
            ("prefer_mms_diff_rather_than_same_clubs_group", self.prefer_mms_diff_rather_than_same_clubs_group),
        ] {
            // A factor divided by the number of score groups, then capped at 1: a negative one
            // sends the geography weight past any integer (found by format_fuzz.rs).
            if !(0..=MAX_GEO_FACTOR).contains(&i64::from(f)) {
                return Err(bad(crate::error::Detail::GeoFactor {
                    name: name.to_owned(),
                    value: f,
                    max: MAX_GEO_FACTOR,
                }));
            }
        }
        if self.nx1_factor_per_mille > 1000 {
            return Err(bad(crate::error::Detail::Nx1Factor { factor: crate::error::Number(self.nx1_factor()) }));
        }
        if self.last_round_for_seed_system1 == 0 {
            return Err(bad(crate::error::Detail::SeedSystemRound));
        }
        Ok(())
    }

    /// What OpenGotha sets when an organiser creates a McMahon tournament
    /// (`PairingParameterSet.initForMM`): the defaults the set-up page offers.
    pub fn mcmahon() -> PairingParams {
        PairingParams {
            balance_wb: 1_000_000,
            avoid_mixing_categories: 0,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndSlip,
            additional_criterion2: None,
            rank_threshold: 0,
            nb_wins_threshold_active: false,
            def_sec_crit: 100_000_000_000,
            minimize_handicap: 0,
            avoid_same_geo: 100_000_000_000,
            prefer_mms_diff_rather_than_same_country: 1,
            prefer_mms_diff_rather_than_same_club: 3,
            ..PairingParams::default()
        }
    }

    /// What OpenGotha sets for a Swiss tournament (`initForSwiss`): no secondary criteria.
    pub fn swiss() -> PairingParams {
        PairingParams {
            balance_wb: 1_000_000,
            avoid_mixing_categories: 0,
            seed_system1: SeedSystem::SplitAndSlip,
            seed_system2: SeedSystem::SplitAndSlip,
            additional_criterion2: Some(Criterion::Rating),
            rank_threshold: -30,
            nb_wins_threshold_active: true,
            def_sec_crit: 20_000_000_000_000,
            minimize_handicap: 0,
            avoid_same_geo: 0,
            prefer_mms_diff_rather_than_same_country: 0,
            prefer_mms_diff_rather_than_same_club: 0,
            ..PairingParams::default()
        }
    }
}

/// OpenGotha's `HandicapParameterSet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct HandicapParams {
    /// Handicap from the McMahon scores rather than the ranks.
    pub based_on_mms: bool,
    /// Ranks at or above this count as this rank (no handicap between them).
    pub no_handicap_rank_threshold: i32,
    /// Stones taken off the rank difference.
    pub correction: i32,
    pub ceiling: i32,
}

impl Default for HandicapParams {
    fn default() -> Self {
        HandicapParams { based_on_mms: true, no_handicap_rank_threshold: 0, correction: 1, ceiling: 9 }
    }
}

impl HandicapParams {
    /// Whether the organiser's values make sense: a threshold that is a rank (30k–9d), a
    /// correction and a ceiling of 0 to 9 stones. A refusal names the field.
    pub fn check(&self) -> Result<()> {
        if !(-30..=8).contains(&self.no_handicap_rank_threshold) {
            return Err(bad(crate::error::Detail::HandicapThreshold { value: self.no_handicap_rank_threshold }));
        }
        for (name, v) in [("correction", self.correction), ("ceiling", self.ceiling)] {
            if !(0..=9).contains(&v) {
                return Err(bad(crate::error::Detail::HandicapStones { name: name.to_owned(), value: v }));
            }
        }
        Ok(())
    }

    /// Even games whatever the ranks (OpenGotha's `HandicapParameterSet.initForSwiss`).
    pub fn none() -> HandicapParams {
        HandicapParams { based_on_mms: false, no_handicap_rank_threshold: -30, correction: 0, ceiling: 0 }
    }
}

/// Writes OpenGotha's McMahon and Swiss defaults beside the generated TypeScript types, so the
/// set-up page offers the same values the pairing falls back on (`cargo test -p arbiter-domain
/// --features ts`).
#[cfg(all(test, feature = "ts"))]
#[allow(clippy::disallowed_methods)] // a test writing the generated file, not the library
mod export {
    #[test]
    fn export_defaults_json() {
        use super::{HandicapParams, PairingParams};
        let dir = std::env::var("TS_RS_EXPORT_DIR").unwrap_or_else(|_| "bindings".into());
        let defaults = serde_json::json!({
            "mcmahon": { "pairing": PairingParams::mcmahon(), "handicap": HandicapParams::default() },
            "opengotha_swiss": { "pairing": PairingParams::swiss(), "handicap": HandicapParams::none() },
        });
        let json = serde_json::to_string_pretty(&defaults).unwrap() + "\n";
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("opengotha-defaults.json"), json).unwrap();
    }
}

//! OpenGotha's `PairingParameterSet` and `HandicapParameterSet`, field for field, with the
//! defaults OpenGotha's own file reader applies when an attribute is missing
//! (`ExternalDocument.importTournamentFromXMLFile`), so a file reads here as it reads there.

use serde::{Deserialize, Serialize};

use crate::tournament::standings::Criterion;

/// Where, inside its score group, a player drawn up or down should come from (TOP, MID, BOT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum DuddMode {
    Top,
    #[default]
    Mid,
    Bot,
}

/// How players of one score group are seeded against each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PairingParams {
    /// Concavity of the "rather N×1 than 1×N" curve (0 ≤ k ≤ 1).
    pub standard_nx1_factor: f64,
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
}

impl Default for PairingParams {
    /// What OpenGotha's reader takes for a file that names none of them.
    fn default() -> Self {
        PairingParams {
            standard_nx1_factor: 0.5,
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
        }
    }
}

impl PairingParams {
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
    /// Even games whatever the ranks (OpenGotha's `HandicapParameterSet.initForSwiss`).
    pub fn none() -> HandicapParams {
        HandicapParams { based_on_mms: false, no_handicap_rank_threshold: -30, correction: 0, ceiling: 0 }
    }
}

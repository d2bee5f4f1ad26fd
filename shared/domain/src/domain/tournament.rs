//! The tournament itself.

use serde::{Deserialize, Serialize};

use crate::domain::ids::TournamentId;
use crate::rules::RulesetSpec;

/// A tournament and the ruleset its games use unless a game says otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Tournament {
    pub id: TournamentId,
    pub name: String,
    pub ruleset: RulesetSpec,
}

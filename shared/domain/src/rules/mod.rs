//! The rules: articles, incidents, rulings, rulesets and their penalty tables, and the pure
//! functions that admit a ruling and compute its consequence.

pub mod article;
pub mod authority;
pub mod catalogue;
mod chinese;
pub mod condition;
pub mod consequence;
pub mod counting;
pub mod facts;
pub mod incident;
pub mod ing;
mod korean;
pub mod outcome;
pub mod penalty;
pub mod quick;
pub mod revision;
pub mod ruleset;
pub mod ruling;

pub use article::Article;
pub use catalogue::{catalogue, CatalogueEntry, CatalogueRuling};
pub use consequence::{consequence, ClockAdjustment, Consequence};
pub use counting::{Count, HalfStones};
pub use facts::{facts, FactField, FactKind};
pub use incident::{Cycle, Incident, IncidentGroup, IncidentType, Objection, ScatterCause};
pub use outcome::{Margin, Outcome, ResultReason};
pub use penalty::{allowed, check, AllowedRuling, RuleContext};
pub use quick::{quick_actions, QuickAction};
pub use revision::{
    FIRST_RESULT_STANDS_SINCE, MOVED_STONES_PUT_BACK_SINCE, RESERVE_WITHIN_LIMIT_SINCE, RULES_REVISION,
    UNDO_FROM_MADE_SINCE, UNPLAYED_AFTER_WITHDRAWAL_SINCE, WARNINGS_BY_KIND_SINCE,
};
pub use ruleset::{ChineseKomi, Counting, IngKomi, KoRule, Komi, Preset, Ruleset, RulesetSpec};
pub use ruling::Ruling;

//! Correcting a result: its own act, never a side effect. Once a game is decided its first
//! decisive event stands (from rules revision 3, `rules::revision`); a later ruling that would
//! decide it again is kept and flagged for the chief arbiter. The result changes only by a
//! `result_corrected` event that names the result it replaces (its deciding event) and why:
//! by the chief arbiter for any cause, by the committee for an appeal (第十六条四), by the
//! organiser for a result an organiser entered (第十三条一, a score sheet typed wrong).
//!
//! The same check runs on the device before recording and in every replica's fold, so a
//! correction of a result the game no longer has is refused everywhere alike.

use serde::{Deserialize, Serialize};

use crate::error::{CorrectionRefusal, DomainError, Result};
use crate::game::state::GameResult;
use crate::labels::{display_via_label, Label, Labelled};
use crate::model::{EventId, Role};
use crate::rules::{Article, Outcome};

/// The longest reason a correction may give.
pub const MAX_WHY_CHARS: usize = 500;

/// Why a result is corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum CorrectionCause {
    /// The result was entered wrong (the wrong game, the wrong winner): 第十三条一.
    WrongEntry,
    /// The ruling that decided the game was annulled or set aside by the chief arbiter.
    RulingAnnulled,
    /// The organising committee's decision on an appeal (第十六条四).
    Appeal,
}

impl CorrectionCause {
    pub const ALL: [CorrectionCause; 3] =
        [CorrectionCause::WrongEntry, CorrectionCause::RulingAnnulled, CorrectionCause::Appeal];

    /// The article a corrected result is decided under.
    pub fn article(self) -> Article {
        match self {
            CorrectionCause::WrongEntry | CorrectionCause::RulingAnnulled => Article::Art13_1,
            CorrectionCause::Appeal => Article::Art16_4,
        }
    }

    /// Whether `role` may correct for this cause: the committee only by an appeal's decision.
    fn open_to(self, role: Role) -> bool {
        match role {
            Role::ChiefArbiter | Role::Organiser => true,
            Role::Committee => self == CorrectionCause::Appeal,
            Role::Referee | Role::Office => false,
        }
    }
}

impl Labelled for CorrectionCause {
    fn label(&self) -> Label {
        match self {
            CorrectionCause::WrongEntry => Label::new("结果录入有误", "result entered wrong"),
            CorrectionCause::RulingAnnulled => Label::new("判决已撤销", "ruling set aside"),
            CorrectionCause::Appeal => Label::new("申诉决定", "appeal decided"),
        }
    }
}
display_via_label!(CorrectionCause);

/// A correction as the fold applied it: what it replaced, what it made the result, who and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Correction {
    /// The `result_corrected` event.
    pub event: EventId,
    /// The result it replaced.
    pub replaced: GameResult,
    /// The result it gave; `None`: the game has no result again.
    pub outcome: Option<Outcome>,
    pub cause: CorrectionCause,
    pub why: String,
    /// The role that made it.
    pub by: Role,
    /// The official who made it.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<crate::model::PersonId>,
    /// What was flagged after the result before it: the chief arbiter has dealt with it.
    pub closes: Vec<EventId>,
}

/// Refuses a correction by `role` of the game whose result is `result`: it must name the
/// result in force by its deciding event, give a reason, and come from a role that may.
pub fn check(
    result: Option<&GameResult>,
    role: Role,
    replaces: EventId,
    cause: CorrectionCause,
    why: &str,
) -> Result<()> {
    let refuse = |r| Err(DomainError::CorrectionRefused(r));
    let Some(result) = result else { return refuse(CorrectionRefusal::NoResult) };
    if result.event != replaces {
        return refuse(CorrectionRefusal::NotInForce { named: replaces.to_string() });
    }
    let why = why.trim();
    if why.is_empty() {
        return refuse(CorrectionRefusal::NoReason);
    }
    if why.chars().count() > MAX_WHY_CHARS {
        return refuse(CorrectionRefusal::ReasonTooLong { max: MAX_WHY_CHARS });
    }
    if !cause.open_to(role) {
        return refuse(CorrectionRefusal::CauseNotOpen { role, cause });
    }
    // 第十三条一: the office corrects its own score sheets; a ruling's result is the officials'.
    if role == Role::Organiser && result.by != Some(Role::Organiser) {
        return refuse(CorrectionRefusal::NotOrganisersEntry);
    }
    Ok(())
}

//! The pure crate's one error type. Every variant has a stable machine `code` so the UI and
//! HTTP see `{code, message}` and never have to match on text.

use serde::Serialize;

use crate::model::Role;
use crate::rules::{Article, IncidentType, Ruling};

/// Everything the rules, the wire format and the folds can refuse, with enough context to say what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// A line of the wire format is not JSON at all.
    #[error("not valid JSON: {0}")]
    MalformedJson(String),
    /// A field is missing, has the wrong type or an unknown value.
    #[error("field `{field}`: {message}")]
    InvalidField { field: String, message: String },
    /// A value inside a decoded event refused for its own reason — a malformed id
    /// (`invalid_id`), a rank, point or komi out of range (`out_of_range`) — at `field`.
    #[error("field `{field}`: {message}")]
    InField { code: &'static str, field: String, message: String },
    /// The event says it is of a schema version this build does not read.
    #[error("schema version {found} is not supported (this build reads versions 1 to {supported})")]
    UnsupportedSchema { found: u64, supported: u16 },
    /// An id is empty, too long or uses characters outside `[A-Za-z0-9._-]`.
    #[error("invalid {kind} id `{value}`: {reason}")]
    InvalidId { kind: &'static str, value: String, reason: &'static str },
    /// A number or coordinate outside what the rules allow.
    #[error("{what}: {message}")]
    OutOfRange { what: &'static str, message: String },
    /// The ruleset in force has no such ruling for this incident.
    #[error("{article}: ruling “{ruling}” is not allowed for “{incident}” (allowed: {allowed})")]
    RulingNotAllowed { article: String, incident: String, ruling: String, allowed: String },
    /// The ruling exists for this incident but the recorded facts do not permit it.
    #[error("{article}: {message}")]
    ConditionNotMet { article: String, message: String },
    /// The author's role may not do this.
    #[error("{role} may not {action}{needs}")]
    NotAuthorized { role: String, action: String, needs: String },
    /// A fact the article needs was not recorded.
    #[error("{article}: the fact `{fact}` must be recorded for this ruling")]
    MissingFact { article: String, fact: &'static str },
    /// The ruleset in force does not cover this kind of incident.
    #[error("the {ruleset} ruleset has no article for “{incident}”; record it as `other_foul` (第二十五条一, any other foul)")]
    NotInRuleset { ruleset: String, incident: String },
    /// A ruling, escalation or appeal names an incident this replica does not have.
    #[error("{what} refers to incident {incident}, which is not known here (yet)")]
    UnknownIncident { what: &'static str, incident: String },
    /// An appeal decision names an appeal this replica does not have.
    #[error("appeal decision refers to appeal {0}, which is not known here (yet)")]
    UnknownAppeal(String),
    /// The event does not belong to the game or tournament it was folded into.
    #[error("{0}")]
    WrongScope(String),
    /// The game has a result; only the chief arbiter or the committee may change it.
    #[error("game already decided ({0}); kept and flagged for the chief arbiter")]
    AfterResult(String),
    /// The same event id arrived with two different contents.
    #[error("event id {0} was seen with different contents; the other copy is kept")]
    ConflictingDuplicate(String),
    /// The tournament's set-up lacks what this needs (a system, 第二十七条; a time control,
    /// 第十二条; the allowed lateness, 第二十三条): the organiser has not chosen it yet.
    #[error("the tournament's set-up has no {missing} yet")]
    SetupIncomplete { missing: &'static str },
    /// An undo the rules of undo refuse (game::undo): too late, another device's, already ruled on.
    #[error("cannot undo: {0}")]
    UndoRefused(String),
}

impl DomainError {
    /// Stable code for UIs and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            Self::MalformedJson(_) => "malformed_json",
            Self::InvalidField { .. } => "invalid_field",
            Self::InField { code, .. } => code,
            Self::UnsupportedSchema { .. } => "unsupported_schema",
            Self::InvalidId { .. } => "invalid_id",
            Self::OutOfRange { .. } => "out_of_range",
            Self::RulingNotAllowed { .. } => "ruling_not_allowed",
            Self::ConditionNotMet { .. } => "condition_not_met",
            Self::NotAuthorized { .. } => "not_authorized",
            Self::MissingFact { .. } => "missing_fact",
            Self::NotInRuleset { .. } => "not_in_ruleset",
            Self::UnknownIncident { .. } => "unknown_incident",
            Self::UnknownAppeal(_) => "unknown_appeal",
            Self::WrongScope(_) => "wrong_scope",
            Self::AfterResult(_) => "after_result",
            Self::ConflictingDuplicate(_) => "conflicting_duplicate",
            Self::SetupIncomplete { .. } => "setup_incomplete",
            Self::UndoRefused(_) => "undo_refused",
        }
    }

    /// The `{code, message}` form shown to UIs and HTTP clients.
    pub fn body(&self) -> ErrorBody {
        ErrorBody { code: self.code().to_owned(), message: self.to_string() }
    }

    pub fn not_authorized(role: Role, action: impl Into<String>, needs: Option<Role>) -> Self {
        Self::NotAuthorized {
            role: role.to_string(),
            action: action.into(),
            needs: needs.map(|r| format!(" (needs {r})")).unwrap_or_default(),
        }
    }

    pub fn ruling_not_allowed(article: Article, incident: IncidentType, ruling: Ruling, allowed: &[Ruling]) -> Self {
        let allowed = if allowed.is_empty() {
            "none".to_owned()
        } else {
            allowed.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
        };
        Self::RulingNotAllowed {
            article: article.cite(),
            incident: incident.to_string(),
            ruling: ruling.to_string(),
            allowed,
        }
    }
}

/// Codes a value's own refusal keeps through decoding (see [`DomainError::InField`]).
const KEPT_CODES: [&str; 2] = ["invalid_id", "out_of_range"];

/// Carries `e` through serde: its code rides in front of the message (`[invalid_id] …`) so
/// that the decoder can report it as itself, at the field serde names.
pub fn to_serde<E: serde::de::Error>(e: DomainError) -> E {
    E::custom(format!("[{}] {e}", e.code()))
}

/// The error a decoder reports for `message` at `field`: the value's own code where
/// [`to_serde`] carried one, else `invalid_field`.
pub fn at_field(field: String, message: String) -> DomainError {
    for code in KEPT_CODES {
        if let Some(rest) = message.strip_prefix(&format!("[{code}] ")) {
            return DomainError::InField { code, field, message: rest.to_owned() };
        }
    }
    DomainError::InvalidField { field, message }
}

/// The wire shape of an error: a code to branch on and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
}

/// Result alias for the pure crate.
pub type Result<T, E = DomainError> = std::result::Result<T, E>;

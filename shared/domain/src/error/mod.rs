//! The pure crate's one error type. Every variant has a stable machine `code` so the UI and
//! HTTP see `{code, message}` and never have to match on text.

use serde::Serialize;

use crate::event::EventKind;
use crate::labels::{Label, Said};
use crate::model::{Colour, Role};
use crate::rules::condition::Condition;
use crate::rules::{Article, IncidentType, Preset, Ruling};

mod detail;
mod messages;

pub use detail::{Detail, IdFault, Noun, Number, Seat};
pub use messages::words;

/// One of each refusal, every sub-reason included (for the crate's language checks).
#[cfg(test)]
pub(crate) fn every_refusal() -> Vec<DomainError> {
    messages::tests::one_of_each()
}

#[cfg(test)]
pub(crate) use detail::every_detail;

/// Everything the rules, the wire format and the folds can refuse, with enough context to say
/// what was wrong. What a referee meets at the table is kept as values (articles, rulings,
/// colours), so [`DomainError::said`] can say it in each language; the wire format's refusals
/// keep their technical detail as written, in a sentence of each language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// A line of the wire format is not JSON at all.
    MalformedJson(String),
    /// A field refused in words this crate does not own: a caller's free text (the office's
    /// handlers) or a parser's, quoted as written in each language ([`Detail::AsWritten`]).
    InvalidField { field: String, message: String },
    /// A field is missing, has the wrong type or an unknown value: why, typed.
    Invalid { field: String, detail: Detail },
    /// A value inside a decoded event refused for its own reason — a malformed id, a rank,
    /// point or komi out of range — at `field`: the value's own refusal, kept whole.
    InField { field: String, refusal: Box<DomainError> },
    /// The event says it is of a schema version this build does not read.
    UnsupportedSchema { found: u64, supported: u16 },
    /// An OpenGotha file of a tournament system this build neither pairs nor ranks: `system`
    /// is OpenGotha's name for it (Breizh, OpenGotha 3.52's groups by BZS score).
    UnsupportedOpenGothaSystem { system: &'static str },
    /// An id is empty, too long or uses characters outside `[A-Za-z0-9._-]`.
    InvalidId { kind: Noun, value: String, reason: IdFault },
    /// A number outside what is allowed, in a caller's free text (the office's handlers):
    /// `what` is read as a [`Noun`] where it names one, the message quoted as written.
    OutOfRange { what: &'static str, message: String },
    /// A number, coordinate or setting outside what the rules allow: what it is and why, typed.
    Outside { what: Noun, detail: Detail },
    /// The ruleset in force has no such ruling for this incident.
    RulingNotAllowed { article: Article, incident: IncidentType, ruling: Ruling, allowed: Vec<Ruling> },
    /// The ruling exists for this incident but the recorded facts do not permit it.
    ConditionNotMet { article: Article, why: Unmet },
    /// The author's role may not do this.
    NotAuthorized { role: Role, action: Forbidden, needs: Option<Role> },
    /// A device that has not enrolled tries to record.
    NotEnrolled,
    /// A fact the article needs was not recorded.
    MissingFact { article: Article, fact: Label },
    /// The ruleset in force does not cover this kind of incident.
    NotInRuleset { ruleset: Preset, incident: IncidentType },
    /// A ruling, escalation or appeal names an incident this replica does not have.
    UnknownIncident { what: &'static str, incident: String },
    /// An appeal decision names an appeal this replica does not have.
    UnknownAppeal(String),
    /// The event or request does not belong to the game or tournament it names.
    WrongScope(Scope),
    /// The same event id arrived with two different contents.
    ConflictingDuplicate(String),
    /// The tournament's set-up lacks what this needs (a system, 第二十七条; a time control,
    /// 第十二条; the allowed lateness, 第二十三条): the organiser has not chosen it yet.
    SetupIncomplete { missing: Label },
    /// An undo the rules of undo refuse (game::undo): too late, another device's, already ruled on.
    UndoRefused(UndoRefusal),
    /// A result correction the rules of correction refuse (game::correction).
    CorrectionRefused(CorrectionRefusal),
    /// A file brought in (a players' CSV, a rating list) has bad lines: every one of them, each
    /// with what is wrong, so the organiser fixes them all at once. Nothing was stored.
    BadLines { file: &'static str, lines: Vec<LineFault> },
    /// A count, length, index or number read from a file or a request outside its documented
    /// bound (docs/security.md), refused before it sizes an allocation or a loop: the `field`,
    /// the `line` it is on (from 1; 0 for a request, which has no lines), the value as written
    /// (cut short) and the bounds. Nothing was stored.
    OverBound { file: &'static str, field: String, line: u32, value: String, min: i64, max: i64 },
}

/// One bad line of a file brought in: its number (from 1) and what is wrong with it. On the
/// wire `{line, message, said}`: the English, and the sentence in each language for the screen
/// to pick from (a preview is answered before anyone says which language it is read in).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LineFault {
    pub line: u32,
    /// What is wrong, typed.
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub detail: Detail,
    /// The English of `detail`.
    pub message: String,
    /// `detail` in each language.
    pub said: Said,
}

impl LineFault {
    /// Line `line` (from 1) refused for `detail`.
    pub fn new(line: u32, detail: Detail) -> Self {
        LineFault { line, message: detail.said(crate::labels::Lang::En), said: Said::each(|l| detail.said(l)), detail }
    }
}

/// Why the recorded facts do not permit a ruling or an event of play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmet {
    /// The table row for this ruling applies only when its condition holds.
    Condition { ruling: Ruling, when: Condition },
    /// KBA Appendix 3.1: the objection came after play went on.
    PlayWentOn,
    /// 第十六条四: the appeal already has its decision.
    AppealDecided,
    /// 第二十三条六: one approved absence per player and game.
    OneApprovedAbsence(Colour),
    /// 第十二条: only a running clock is pressed.
    ClockNotRunning,
    /// 第十二条: only the side to move presses.
    NotToMove { to_move: Colour, by: Colour },
    /// 第十四条: only a paused clock resumes.
    NotPaused,
    /// 第十四条: only an adjourned game with a sealed move is unsealed.
    NotAdjourned,
    /// 第十四条: only a game in play is adjourned.
    NotInPlay,
    /// 第二十三条四: captured stones are already being removed.
    RemovalUnderWay,
    /// 第二十三条四: no removal of captured stones is under way to end.
    NoRemoval,
    /// 第十六条三: the game's result in force was not decided by a count.
    NoCountToCorrect,
    /// KBA 競技第二条2 2): the toilet break in byo-yomi is the Korean ruleset's alone.
    KoreanRulesOnly,
    /// 競技第二条2 2): only a player in byo-yomi stops the clock for the toilet.
    NotInByoYomi(Colour),
    /// 競技第二条2 2) ("着手をしてから"): the break comes after the player's own move and press,
    /// while the opponent is to move.
    NotAfterOwnMove(Colour),
    /// 競技第二条2 3): this player is on a toilet break; their return is recorded first.
    BreakUnderWay(Colour),
    /// 競技第二条2 3): no toilet break is under way to end.
    NoBreak,
}

/// What a role was refused (see [`DomainError::NotAuthorized`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forbidden {
    /// Record an event of this kind.
    Record(EventKind),
    /// Record a signing key: the office records them itself, at enrollment and revocation.
    RecordKey(EventKind),
    /// Find that no foul happened (第三十一条六, 第十六条四).
    FindNoFoul(IncidentType),
    /// Rule on an incident at all.
    RuleOn(IncidentType),
    /// Make this ruling on this incident, here (its row needs a higher role).
    Rule(Ruling, IncidentType),
    /// Escalate, other than up to the chief arbiter or the committee.
    EscalateTo(Role),
}

/// What a request named that is not here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// A game event without a game.
    NeedsGame,
    /// No such game (yet): not synced, or mistyped.
    NoGame(String),
    /// The game exists but no round has scheduled it.
    NotScheduled(String),
    /// No such incident in the game.
    NoIncident { incident: String, game: String },
    /// The event attaches no record.
    NoRecord(String),
}

/// Why an undo is refused (`game::undo`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoRefusal {
    AlreadyUndone,
    /// Only the recording device may undo.
    OtherDevice(String),
    /// The window has passed: seconds waited, seconds allowed.
    TooLate {
        waited_s: u64,
        window_s: u64,
    },
    /// A ruling, an escalation or an appeal has acted on it.
    ActedOn,
}

/// Why a result correction is refused (`game::correction`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorrectionRefusal {
    /// The game has no result to correct.
    NoResult,
    /// It names a result the game does not have (another, or one already replaced).
    NotInForce { named: String },
    /// No reason given.
    NoReason,
    /// The reason is longer than this many characters.
    ReasonTooLong { max: usize },
    /// This role may not correct for this cause (the committee: by an appeal only).
    CauseNotOpen { role: Role, cause: crate::game::CorrectionCause },
    /// The organiser corrects only a result an organiser entered.
    NotOrganisersEntry,
}

impl DomainError {
    /// Stable code for UIs and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            Self::MalformedJson(_) => "malformed_json",
            Self::InvalidField { .. } | Self::Invalid { .. } => "invalid_field",
            Self::InField { refusal, .. } => refusal.code(),
            Self::UnsupportedSchema { .. } => "unsupported_schema",
            Self::UnsupportedOpenGothaSystem { .. } => "unsupported_opengotha_system",
            Self::InvalidId { .. } => "invalid_id",
            Self::OutOfRange { .. } | Self::Outside { .. } => "out_of_range",
            Self::RulingNotAllowed { .. } => "ruling_not_allowed",
            Self::ConditionNotMet { .. } => "condition_not_met",
            Self::NotAuthorized { .. } | Self::NotEnrolled => "not_authorized",
            Self::MissingFact { .. } => "missing_fact",
            Self::NotInRuleset { .. } => "not_in_ruleset",
            Self::UnknownIncident { .. } => "unknown_incident",
            Self::UnknownAppeal(_) => "unknown_appeal",
            Self::WrongScope(_) => "wrong_scope",
            Self::ConflictingDuplicate(_) => "conflicting_duplicate",
            Self::SetupIncomplete { .. } => "setup_incomplete",
            Self::UndoRefused(_) => "undo_refused",
            Self::CorrectionRefused(_) => "correction_refused",
            Self::BadLines { .. } => "bad_lines",
            Self::OverBound { .. } => "over_bound",
        }
    }

    /// The `{code, message}` form shown to UIs and HTTP clients, with the sentence in each language.
    pub fn body(&self) -> ErrorBody {
        ErrorBody { code: self.code().to_owned(), message: self.to_string(), said: Some(Box::new(self.said())) }
    }

    pub fn not_authorized(role: Role, action: Forbidden, needs: Option<Role>) -> Self {
        Self::NotAuthorized { role, action, needs }
    }

    /// [`DomainError::OverBound`], the value cut to 24 characters (it may be megabytes long).
    pub fn over_bound(
        file: &'static str,
        field: impl Into<String>,
        line: u32,
        value: impl std::fmt::Display,
        (min, max): (i64, i64),
    ) -> Self {
        let value = value.to_string();
        let value = match value.char_indices().nth(24) {
            Some((at, _)) => format!("{}…", &value[..at]),
            None => value,
        };
        Self::OverBound { file, field: field.into(), line, value, min, max }
    }

    pub fn ruling_not_allowed(article: Article, incident: IncidentType, ruling: Ruling, allowed: &[Ruling]) -> Self {
        Self::RulingNotAllowed { article, incident, ruling, allowed: allowed.to_vec() }
    }

    /// What the refusal says was wrong, to be said again of a line of a file or a player in it:
    /// a value's own refusal (a rank's, a PIN's, an id's) typed; the words of a reader this
    /// crate does not own as written. The readers of a line refuse with these only; the rules'
    /// own refusals, which no line of a file meets, are said in their English as written.
    pub fn into_detail(self) -> Detail {
        match self {
            Self::Invalid { detail, .. } => detail,
            Self::Outside { what, detail } => Detail::of(what, detail),
            Self::InvalidId { kind, value, reason } => Detail::Id { kind, value, reason },
            Self::InField { refusal, .. } => refusal.into_detail(),
            Self::InvalidField { message, .. } | Self::OutOfRange { message, .. } => Detail::AsWritten(message),
            other => Detail::AsWritten(other.to_string()),
        }
    }

    /// The refusal in each language: what the referee reads after “不能记录：”.
    pub fn said(&self) -> Said {
        Said::each(|l| messages::domain(self, l))
    }
}

/// The `message`: the English as it always read (see `messages::message`); the screens' English is in [`DomainError::said`].
impl std::fmt::Display for DomainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&messages::message(self))
    }
}

/// “a, b, c”, or “none”; `legacy`: each as “中文 (English)”, as [`DomainError`]'s `message` says them.
fn listed(rulings: &[Ruling], legacy: bool) -> String {
    if rulings.is_empty() {
        return "none".to_owned();
    }
    let each = |r: &Ruling| if legacy { r.to_string() } else { crate::labels::Labelled::label(r).en.to_owned() };
    rulings.iter().map(each).collect::<Vec<_>>().join(", ")
}

/// Carries `e` through serde, whose errors are text only: a value's own refusal (an id's, an
/// [`DomainError::Outside`]) typed, as JSON that [`at_field`] reads back.
pub fn to_serde<E: serde::de::Error>(e: DomainError) -> E {
    E::custom(detail::carry(e))
}

/// The error a decoder reports for `message` at `field`: the value's own refusal where
/// [`to_serde`] carried one, else the parser's words as written.
pub fn at_field(field: String, message: String) -> DomainError {
    match detail::carried(&message) {
        Some(refusal) => DomainError::InField { field, refusal: Box::new(refusal) },
        None => DomainError::Invalid { field, detail: Detail::AsWritten(message) },
    }
}

/// The value's own refusal that a serde error's text carries ([`to_serde`]), if it does.
pub fn carried(text: &str) -> Option<DomainError> {
    detail::carried(text)
}

/// The wire shape of an error: a code to branch on and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
    /// The message in each language, where the core says it (its rules' refusals); absent
    /// where only English was written (an office's own refusals) and in bodies stored before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub said: Option<Box<Said>>,
}

impl ErrorBody {
    /// A body with no sentence in other languages.
    pub fn english(code: impl Into<String>, message: impl Into<String>) -> Self {
        ErrorBody { code: code.into(), message: message.into(), said: None }
    }
}

/// Result alias for the pure crate.
pub type Result<T, E = DomainError> = std::result::Result<T, E>;

//! The penalty table: which rulings an article allows for which facts, and who may make them.
//! The table is data (one row per incident × ruling × condition, citing its article);
//! [`check`] is the single place a ruling is admitted or refused, used by the referee's
//! command path, the office's validation and the replay fold alike.

use serde::Serialize;

use crate::error::{words, DomainError, Forbidden, Result, Unmet};
use crate::labels::Label;
use crate::model::Role;
pub use crate::rules::condition::Condition;
use crate::rules::{Article, Incident, IncidentType, Ruleset, Ruling, ScatterCause};

/// Facts about the game a condition may need beyond the incident itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleContext {
    /// 赛场规定时间 for this game, if the game is scheduled here.
    pub allowed_lateness_secs: Option<u32>,
    /// The rules revision the incident was recorded under: its checks apply
    /// ([`crate::rules::revision`]).
    pub revision: u16,
}

impl RuleContext {
    /// The context of a game as scheduled (or of an unscheduled one: nothing known), for what
    /// is recorded now.
    pub fn for_game(game: Option<&crate::model::Game>) -> Self {
        Self {
            allowed_lateness_secs: game.map(|g| u32::from(g.allowed_lateness_minutes) * 60),
            revision: crate::rules::RULES_REVISION,
        }
    }

    /// The same game's context for an incident recorded under `revision`.
    pub fn under(self, revision: u16) -> Self {
        Self { revision, ..self }
    }
}

/// One row of a penalty table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PenaltyEntry {
    pub incident: IncidentType,
    pub ruling: Ruling,
    /// The article this row applies, cited in the consequence.
    pub article: Article,
    /// The lowest role that may make this ruling.
    pub min_role: Role,
    pub when: Condition,
}

/// Shorthand for writing table rows.
pub(crate) const fn row(
    incident: IncidentType,
    ruling: Ruling,
    article: Article,
    min_role: Role,
    when: Condition,
) -> PenaltyEntry {
    PenaltyEntry { incident, ruling, article, min_role, when }
}

/// A ruleset's penalty table: sections searched in order, the first section that knows an
/// incident type answers for it (so a ruleset can override some rows and borrow the rest).
#[derive(Debug)]
pub struct PenaltyTable {
    pub sections: &'static [&'static [PenaltyEntry]],
}

impl PenaltyTable {
    /// The rows that govern this incident type (from the first section that knows it), or none
    /// if the ruleset does not cover it.
    pub fn rows_for(&self, kind: IncidentType) -> impl Iterator<Item = &'static PenaltyEntry> + Clone {
        let section: &'static [PenaltyEntry] =
            self.sections.iter().copied().find(|s| s.iter().any(|e| e.incident == kind)).unwrap_or(&[]);
        section.iter().filter(move |e| e.incident == kind)
    }

    /// Every incident type this table covers, in table order.
    pub fn incident_types(&self) -> Vec<IncidentType> {
        let mut out: Vec<IncidentType> = Vec::new();
        for e in self.sections.iter().flat_map(|s| s.iter()) {
            if !out.contains(&e.incident) {
                out.push(e.incident);
            }
        }
        out
    }
}

/// A ruling an official could make now, for the UI's picker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct AllowedRuling {
    pub ruling: Ruling,
    pub article: Article,
}

impl Condition {
    fn holds(self, incident: &Incident, ctx: RuleContext, article: Article) -> Result<bool> {
        use Condition::*;
        Ok(match (self, incident) {
            (Always, _) => true,
            (StoneNotDropped, Incident::StoneLifted { dropped, .. }) => !dropped,
            (StoneDropped, Incident::StoneLifted { dropped, .. }) => *dropped,
            (AgreedNotDeliberate, Incident::MovedStones { players_agree, deliberate, .. }) => {
                *players_agree && !deliberate
            }
            (DisagreedNotDeliberate, Incident::MovedStones { players_agree, deliberate, .. }) => {
                !players_agree && !deliberate
            }
            (DeliberatelyMoved, Incident::MovedStones { deliberate, .. }) => *deliberate,
            // 付則第一条3 as written from rules revision 7; before it, agreement alone decided.
            (Restorable, Incident::MovedStones { restorable, .. }) => {
                ctx.revision < crate::rules::revision::MOVED_STONES_PUT_BACK_SINCE || *restorable != Some(false)
            }
            (NotRestorableAgreed | NotRestorableNotAgreed, Incident::MovedStones { players_agree, restorable, .. }) => {
                let cannot =
                    ctx.revision < crate::rules::revision::MOVED_STONES_PUT_BACK_SINCE || *restorable == Some(false);
                cannot && *players_agree == (self == NotRestorableAgreed)
            }
            (Scattered(want, rec), Incident::BoardScattered { cause, reconstructable, .. }) => {
                *cause == want && rec.is_none_or(|r| r == *reconstructable)
            }
            (
                OneLateBeyondLimit | BothLateBeyondLimit | LateWithinLimit,
                Incident::LateArrival { black_late_secs, white_late_secs },
            ) => {
                let limit = ctx
                    .allowed_lateness_secs
                    .ok_or(DomainError::MissingFact { article, fact: words::ALLOWED_LATENESS })?;
                let beyond = [*black_late_secs, *white_late_secs].iter().filter(|&&s| s > limit).count();
                let late = [*black_late_secs, *white_late_secs].iter().filter(|&&s| s > 0).count();
                match self {
                    OneLateBeyondLimit => beyond == 1,
                    BothLateBeyondLimit => beyond == 2,
                    _ => beyond == 0 && late > 0,
                }
            }
            (Overtime, Incident::AwayInByoyomi { overtime, .. }) => *overtime,
            (NoOvertime, Incident::AwayInByoyomi { overtime, .. }) => !overtime,
            (ApprovableAbsence, Incident::AwayInByoyomi { overtime, requested_in_opponent_time, .. }) => {
                !overtime && *requested_in_opponent_time
            }
            (CountedByKind, _) => ctx.revision >= crate::rules::revision::WARNINGS_BY_KIND_SINCE,
            // 囲碁規則 第十二条3 from rules revision 8; before it, 第十六条 ruled every repetition.
            (AtEnd | DuringPlay, Incident::RareCycle { at_end, .. }) => {
                let end = ctx.revision >= crate::rules::revision::TRIPLE_KO_CHOICE_SINCE && *at_end == Some(true);
                end == (self == AtEnd)
            }
            (BeforeCountedByKind, _) => ctx.revision < crate::rules::revision::WARNINGS_BY_KIND_SINCE,
            (RingOnly, Incident::PhoneRang { call, .. }) => !call,
            (CallInHall, Incident::PhoneRang { call, .. }) => *call,
            (ObjectedAtOnce | PlayWentOn, i) => {
                let Some(objection) = i.objection() else {
                    // Recorded before the objection fact existed for its kind: the ruling stands
                    // as given.
                    let since = crate::rules::revision::objection_since(i.kind())
                        .unwrap_or(crate::rules::revision::OBJECTION_REQUIRED_SINCE);
                    if ctx.revision < since {
                        return Ok(self == ObjectedAtOnce);
                    }
                    return Err(DomainError::MissingFact { article: Article::KrA3_1, fact: words::OBJECTION });
                };
                let went_on = objection
                    .play_went_on()
                    .map_err(|detail| DomainError::Invalid { field: "incident.facts.objection".into(), detail })?;
                if self == ObjectedAtOnce && went_on {
                    // Refused under the sentence that decides it, not the row's own article.
                    return Err(DomainError::ConditionNotMet { article: Article::KrA3_1, why: Unmet::PlayWentOn });
                }
                went_on == (self == PlayWentOn)
            }
            // A condition about other facts never holds: the table row is for another kind.
            _ => false,
        })
    }

    /// What must be true for a row with this condition, in words for forms and error messages
    /// (the Chinese is the whole clause, “仅当…时适用”; the English follows “applies”).
    pub fn describe(self) -> Label {
        use Condition::*;
        use ScatterCause::*;
        let (zh, en) = match self {
            Always => ("任何情况下均适用", "always"),
            StoneNotDropped => ("仅当棋子并非从手中失落时适用", "only when the stone did not just fall from the hand"),
            StoneDropped => ("仅当棋子确系从手中失落时适用", "only when the stone truly fell from the hand"),
            AgreedNotDeliberate => {
                ("仅当双方认可且并非故意移动时适用", "only when both players agree and nothing was moved deliberately")
            }
            DisagreedNotDeliberate => (
                "仅当双方意见不一（由裁判长裁决）且并非故意移动时适用",
                "only when the players disagree (the chief arbiter rules) and nothing was moved deliberately",
            ),
            DeliberatelyMoved => ("仅当故意移动棋子时适用", "only when the stones were moved deliberately"),
            Restorable => ("仅当棋子能够放回原处时适用", "only when the stones can be put back where they were played"),
            NotRestorableAgreed => (
                "仅当棋子无法放回原处且双方认可照现状续弈时适用",
                "only when the stones cannot be put back and both players agree to play on as they are",
            ),
            NotRestorableNotAgreed => (
                "仅当棋子无法放回原处且双方不认可时适用",
                "only when the stones cannot be put back and the players do not agree",
            ),
            Scattered(ForceMajeure, Some(true)) => (
                "仅当因不可抗力弄乱且能够复原时适用",
                "only when scattered by force majeure and the players can reconstruct it",
            ),
            Scattered(ForceMajeure, _) => (
                "仅当因不可抗力弄乱且无法复原时适用",
                "only when scattered by force majeure and it cannot be reconstructed",
            ),
            Scattered(Unintentional, Some(true)) => {
                ("仅当无意弄乱且能够复原时适用", "only when scattered unintentionally and it can be reconstructed")
            }
            Scattered(Unintentional, _) => {
                ("仅当无意弄乱且无法复原时适用", "only when scattered unintentionally and it cannot be reconstructed")
            }
            Scattered(Deliberate, _) => ("仅当故意弄乱时适用", "only when scattered deliberately"),
            OneLateBeyondLimit => {
                ("仅当恰有一方迟到超过允许时间时适用", "only when exactly one side is later than the allowed lateness")
            }
            BothLateBeyondLimit => {
                ("仅当双方迟到均超过允许时间时适用", "only when both sides are later than the allowed lateness")
            }
            LateWithinLimit => (
                "仅当有人迟到但均未超过允许时间时适用",
                "only when someone is late and nobody beyond the allowed lateness",
            ),
            Overtime => ("仅当该方超时时适用", "only when the player's time ran out"),
            ApprovableAbsence => (
                "仅当未超时且在对方用时期间提出时适用",
                "only without overtime, and when asked for during the opponent's time",
            ),
            NoOvertime => ("仅当该方未超时时适用", "only when the player's time did not run out"),
            RingOnly => ("仅当手机响铃而未接听时适用", "only for a ring without a call"),
            CallInHall => ("仅当在赛场内接听电话时适用", "only when a call was taken in the hall"),
            ObjectedAtOnce => (
                "仅当对方在对局继续前当即提出异议时适用",
                "only when the opponent objected at once, before play went on",
            ),
            PlayWentOn => ("仅当提出异议前对局已继续时适用", "only when play had gone on before the objection"),
            CountedByKind => (
                "仅当按种类计次（规则修订7起）时适用",
                "only where each kind is counted on its own (rules revision 7 on)",
            ),
            BeforeCountedByKind => ("仅当记录于规则修订7之前时适用", "only when recorded before rules revision 7"),
            AtEnd => (
                "仅当在双方放弃着手权之后的终局阶段出现时适用",
                "only when met at the end, after both sides gave up the right to move",
            ),
            DuringPlay => ("仅当在对局途中出现时适用", "only when it arose during play"),
        };
        Label::new(zh, en)
    }
}

/// Does this ruling need to know whom it falls on?
fn needs_offender(ruling: Ruling) -> bool {
    use Ruling::*;
    matches!(
        ruling,
        OffenderLoses | RestoreWithWarning | Advice | Warning | WarningAndReport | MoveVoidPass | AbsenceApproved
    )
}

/// Admits or refuses `ruling` on `incident` by an official in `role` under `ruleset`.
/// On success returns the table row, whose article the consequence cites.
pub fn check(
    ruleset: &Ruleset,
    incident: &Incident,
    ruling: Ruling,
    role: Role,
    ctx: RuleContext,
) -> Result<PenaltyEntry> {
    let kind = incident.kind();
    let rows = ruleset.table.rows_for(kind);
    let Some(first) = rows.clone().next() else {
        return Err(DomainError::NotInRuleset { ruleset: ruleset.preset, incident: kind });
    };
    // Annulment is no article's penalty: whoever may overrule a referee (the chief arbiter,
    // 第三十一条六; the committee on appeal, 第十六条四) may find that no foul happened, under the
    // article the incident was recorded under.
    if ruling == Ruling::Void {
        return if role.ruling_rank() >= Role::ChiefArbiter.ruling_rank() {
            Ok(PenaltyEntry {
                incident: kind,
                ruling,
                article: first.article,
                min_role: Role::ChiefArbiter,
                when: Condition::Always,
            })
        } else {
            Err(DomainError::not_authorized(role, Forbidden::FindNoFoul(kind), Some(Role::ChiefArbiter)))
        };
    }
    let with_ruling: Vec<&'static PenaltyEntry> = rows.clone().filter(|e| e.ruling == ruling).collect();
    let Some(&example) = with_ruling.first() else {
        let mut allowed: Vec<Ruling> = Vec::new();
        for e in rows {
            if !allowed.contains(&e.ruling) {
                allowed.push(e.ruling);
            }
        }
        return Err(DomainError::ruling_not_allowed(first.article, kind, ruling, &allowed));
    };
    let mut met = Vec::new();
    for e in &with_ruling {
        if e.when.holds(incident, ctx, e.article)? {
            met.push(*e);
        }
    }
    if met.is_empty() {
        return Err(DomainError::ConditionNotMet {
            article: example.article,
            why: Unmet::Condition { ruling, when: example.when },
        });
    }
    // KBA 付則第三条1 over a foul whose own row asks nothing of the claim (the table gives the
    // kind a row for a claim raised once play went on): it is ruled on only when the opponent
    // objected at once (rules revision 9 on).
    if !met.iter().any(|e| matches!(e.when, Condition::ObjectedAtOnce | Condition::PlayWentOn))
        && ruleset.table.rows_for(kind).any(|e| e.when == Condition::PlayWentOn)
        && crate::rules::revision::objection_since(kind).is_some_and(|since| ctx.revision >= since)
    {
        Condition::ObjectedAtOnce.holds(incident, ctx, Article::KrA3_1)?;
    }
    if role.ruling_rank().is_none() {
        return Err(DomainError::not_authorized(role, Forbidden::RuleOn(kind), Some(Role::Referee)));
    }
    let Some(entry) = met.iter().copied().find(|e| role >= e.min_role) else {
        let needs = met.iter().map(|e| e.min_role).min();
        return Err(DomainError::not_authorized(role, Forbidden::Rule(ruling, kind), needs));
    };
    if needs_offender(ruling) && incident.offender().is_none() {
        return Err(DomainError::MissingFact { article: entry.article, fact: words::OFFENDER });
    }
    Ok(*entry)
}

/// The rulings `role` could make on `incident` now: what the UI offers.
pub fn allowed(ruleset: &Ruleset, incident: &Incident, role: Role, ctx: RuleContext) -> Vec<AllowedRuling> {
    let mut out: Vec<AllowedRuling> = Vec::new();
    for e in ruleset.table.rows_for(incident.kind()) {
        if out.iter().all(|a| a.ruling != e.ruling) {
            if let Ok(entry) = check(ruleset, incident, e.ruling, role, ctx) {
                out.push(AllowedRuling { ruling: e.ruling, article: entry.article });
            }
        }
    }
    if let Ok(entry) = check(ruleset, incident, Ruling::Void, role, ctx) {
        out.push(AllowedRuling { ruling: Ruling::Void, article: entry.article });
    }
    out
}

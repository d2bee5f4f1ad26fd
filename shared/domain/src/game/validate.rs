//! Command-side checks: before a device turns an official's intent into an event, the intent is
//! checked against the game as it stands. The fold applies the same penalty check, so an event
//! that slips past here (another device, an old build) is still refused on every replica.

use crate::error::{DomainError, Result, Unmet};
use crate::event::{AppealDecision, EventBody};
use crate::game::state::{GameState, Status};
use crate::model::Role;
use crate::rules::authority::{check_author, check_escalation};
use crate::rules::penalty::check;
use crate::rules::{counting, Incident, Ruleset, Ruling};

/// Refuses `body`, proposed by an official in `role`, if the rules or the game's state forbid it.
pub fn validate(state: &GameState, role: Role, body: &EventBody) -> Result<()> {
    check_author(role, body.kind())?;
    let ruleset = Ruleset::from_spec(state.ruleset);
    let ctx = state.rule_context();
    let incident_of = |id| {
        state
            .incident(id)
            .map(|v| &v.incident)
            .ok_or_else(|| DomainError::UnknownIncident { what: "this", incident: id.to_string() })
    };
    match body {
        EventBody::IncidentRecorded { incident, ruling: Some(r), .. } => {
            admit(state, &ruleset, incident, *r, role, ctx)
        }
        EventBody::RulingIssued { incident, ruling, .. } => {
            // A ruling on an incident is checked as the incident was recorded (rules::revision).
            let rules = state.incident(*incident).map_or(ctx.revision, |v| v.rules);
            admit(state, &ruleset, incident_of(*incident)?, *ruling, role, ctx.under(rules))
        }
        EventBody::Escalated { incident, to, .. } => {
            incident_of(*incident)?;
            check_escalation(role, *to)
        }
        EventBody::AppealFiled { incident, .. } => incident_of(*incident).map(drop),
        EventBody::RecordAttached { incident, sgf, move_no } => {
            incident_of(*incident)?;
            let mut g = crate::interop::sgf::parse_attached(sgf)?;
            g.ko = Some(ruleset.ko);
            crate::interop::sgf::record_at(&g, *move_no).map(drop)
        }
        EventBody::AppealDecided { appeal, decision, .. } => {
            let a = state
                .appeals
                .iter()
                .find(|a| a.id == *appeal)
                .ok_or_else(|| DomainError::UnknownAppeal(appeal.to_string()))?;
            let appealed = ctx.under(state.incident(a.incident).map_or(ctx.revision, |v| v.rules));
            if a.decision.is_some() {
                return Err(DomainError::ConditionNotMet {
                    article: crate::rules::Article::Art16_4,
                    why: Unmet::AppealDecided,
                });
            }
            match decision {
                AppealDecision::Upheld => Ok(()),
                AppealDecision::Overturned { ruling } => {
                    admit(state, &ruleset, incident_of(a.incident)?, *ruling, Role::Committee, appealed)
                }
                AppealDecision::Annulled => admit(
                    state,
                    &ruleset,
                    incident_of(a.incident)?,
                    crate::rules::Ruling::Void,
                    Role::Committee,
                    appealed,
                ),
            }
        }
        EventBody::ClockResumed if state.status != Status::Paused => Err(status_error(Unmet::NotPaused)),
        // 第十二条: only a running clock is pressed, and only by the side to move.
        EventBody::ClockPressed { .. } if state.status != Status::Playing => Err(press_error(Unmet::ClockNotRunning)),
        EventBody::ClockPressed { by } => match state.clock().map(|c| (c.to_move(), c.on_break())) {
            Some((to_move, _)) if to_move != *by => Err(press_error(Unmet::NotToMove { to_move, by: *by })),
            // KBA 競技第二条2 3): the player at the toilet plays once seated again.
            Some((_, Some(away))) if away == *by => Err(break_error(Unmet::BreakUnderWay(away))),
            _ => Ok(()),
        },
        // KBA 競技第二条2 2) and 3): a player in byo-yomi, after its own move and press, stops
        // the clock for the toilet (Korean ruleset only); one break at a time, ended by that
        // player's return.
        EventBody::BreakStarted { by } | EventBody::BreakEnded { by } => {
            let unmet = |why| Err(break_error(why));
            let clock = state.clock();
            let away = clock.as_ref().and_then(|c| c.on_break());
            if ruleset.preset != crate::rules::Preset::Korean {
                return unmet(Unmet::KoreanRulesOnly);
            }
            if state.status != Status::Playing {
                return unmet(Unmet::ClockNotRunning);
            }
            match (body, clock) {
                (EventBody::BreakEnded { .. }, _) if away != Some(*by) => unmet(Unmet::NoBreak),
                (EventBody::BreakEnded { .. }, _) => Ok(()),
                (_, _) if away.is_some() => unmet(Unmet::BreakUnderWay(away.unwrap_or(*by))),
                (_, None) => unmet(Unmet::ClockNotRunning),
                (_, Some(c)) if c.to_move() == *by => unmet(Unmet::NotAfterOwnMove(*by)),
                (_, Some(c)) if !c.in_byo_yomi(*by) => unmet(Unmet::NotInByoYomi(*by)),
                _ => Ok(()),
            }
        }
        // 第二十三条四 (競技第二条2 1) in a Korean game): the side to move removes its captures,
        // in a running game; one removal at a time, ended once.
        EventBody::RemovalStarted { by } | EventBody::RemovalEnded { by } => {
            let article = removal_article(&ruleset);
            let unmet = |why| Err(DomainError::ConditionNotMet { article, why });
            let clock = state.clock();
            let started = matches!(body, EventBody::RemovalStarted { .. });
            match clock.as_ref().map(|c| (c.to_move(), c.removing())) {
                _ if state.status != Status::Playing => unmet(Unmet::ClockNotRunning),
                _ if clock.as_ref().and_then(|c| c.on_break()).is_some() => {
                    Err(break_error(Unmet::BreakUnderWay(clock.as_ref().and_then(|c| c.on_break()).unwrap_or(*by))))
                }
                Some((to_move, _)) if to_move != *by => unmet(Unmet::NotToMove { to_move, by: *by }),
                Some((_, true)) if started => unmet(Unmet::RemovalUnderWay),
                Some((_, false)) | None if !started => unmet(Unmet::NoRemoval),
                _ => Ok(()),
            }
        }
        EventBody::MoveUnsealed { .. } if !matches!(state.status, Status::Adjourned { .. }) => {
            Err(status_error(Unmet::NotAdjourned))
        }
        // 第十四条: the point opened must be the one sealed, when the seal can tell.
        EventBody::MoveUnsealed { point, salt: Some(salt) } => match state.status {
            Status::Adjourned { seal: Some(seal), .. }
                if crate::game::SealDigest::of(&state.game, *point, salt) != seal =>
            {
                Err(DomainError::Invalid {
                    field: "point".into(),
                    detail: crate::error::Detail::NotTheSealedMove { point: point.to_string() },
                })
            }
            _ => Ok(()),
        },
        EventBody::GameAdjourned { .. } if !matches!(state.status, Status::Playing | Status::Paused) => {
            Err(status_error(Unmet::NotInPlay))
        }
        EventBody::CountRecorded { count } => counting::decide(*count, &ruleset).map(drop),
        EventBody::CountCorrected { count, .. } => {
            crate::game::fold::recount_replaces(state.result.as_ref())?;
            counting::decide(*count, &ruleset).map(drop)
        }
        EventBody::ResultCorrected { replaces, cause, why, .. } => {
            crate::game::correction::check(state.result.as_ref(), role, *replaces, *cause, why)
        }
        // Nothing in the game's state forbids these: an incident left for a higher authority,
        // the clock facts the game's status allows (above), what is asked at the table, an
        // undo (its window: game::undo), and what is not a game's.
        EventBody::IncidentRecorded { ruling: None, .. }
        | EventBody::ClockStarted
        | EventBody::ClockPaused { .. }
        | EventBody::ClockResumed
        | EventBody::MoveUnsealed { salt: None, .. }
        | EventBody::GameAdjourned { .. }
        | EventBody::EndConfirmed { .. }
        | EventBody::Resigned { .. }
        | EventBody::ResultEntered { .. }
        | EventBody::RemainingTimeAsked { .. }
        | EventBody::IncidentWithdrawn { .. }
        | EventBody::GameScheduled(_)
        | EventBody::TournamentCreated(_)
        | EventBody::PersonRegistered(_)
        | EventBody::PlayerRegistered(_)
        | EventBody::PlayerWithdrew { .. }
        | EventBody::PlayerDeleted { .. }
        | EventBody::PlayerAbsences { .. }
        | EventBody::ByeAssigned { .. }
        | EventBody::RoundScheduled { .. }
        | EventBody::RefereeAssigned { .. }
        | EventBody::VenueAssigned { .. }
        | EventBody::KeyRegistered { .. }
        | EventBody::KeyRevoked { .. } => Ok(()),
    }
}

fn admit(
    state: &GameState,
    ruleset: &Ruleset,
    incident: &Incident,
    ruling: Ruling,
    role: Role,
    ctx: crate::rules::RuleContext,
) -> Result<()> {
    let entry = check(ruleset, incident, ruling, role, ctx)?;
    if ruling == Ruling::AbsenceApproved {
        if let Some(who) = incident.offender() {
            if !state.sides.get(who).approved_absences.is_empty() {
                return Err(DomainError::ConditionNotMet {
                    article: entry.article,
                    why: Unmet::OneApprovedAbsence(who),
                });
            }
        }
    }
    Ok(())
}

/// The article a removal of captures is refused under: the KBA's 競技第二条2 in a Korean game,
/// 第二十三条四 elsewhere.
fn removal_article(ruleset: &Ruleset) -> crate::rules::Article {
    match ruleset.preset {
        crate::rules::Preset::Korean => crate::rules::Article::KrC2_2,
        _ => crate::rules::Article::Art23_4,
    }
}

/// KBA 競技第二条2: a toilet break's refusal.
fn break_error(why: Unmet) -> DomainError {
    DomainError::ConditionNotMet { article: crate::rules::Article::KrC2_2, why }
}

fn press_error(why: Unmet) -> DomainError {
    DomainError::ConditionNotMet { article: crate::rules::Article::Art12, why }
}

fn status_error(why: Unmet) -> DomainError {
    DomainError::ConditionNotMet { article: crate::rules::Article::Art14, why }
}

//! Who may write what, and whose ruling supersedes whose.

use crate::error::{DomainError, Forbidden, Result};
use crate::event::EventKind;
use crate::model::Role;

/// Roles that may author events of `kind`.
pub fn authors_of(kind: EventKind) -> &'static [Role] {
    use EventKind::*;
    use Role::*;
    match kind {
        TournamentCreated | PersonRegistered | PlayerRegistered => &[Organiser],
        // 第三十一条: the chief arbiter runs the draw and oversees pairings.
        GameScheduled | PlayerWithdrew | PlayerAbsences | ByeAssigned => &[Organiser, ChiefArbiter],
        RoundScheduled => &[Organiser],
        // Registration is the organiser's: so is undoing one made by mistake.
        PlayerDeleted => &[Organiser],
        // A league's schedule is the central office's: which venue hosts which boards.
        VenueAssigned => &[Organiser],
        // 第三十一条三: the chief arbiter assigns the referees.
        RefereeAssigned => &[ChiefArbiter, Organiser],
        // 第十三条一: a referee's decision ends a game; the chief arbiter may enter it too, and
        // the office enters score sheets and imported results (rank 0: never over a ruling).
        ResultEntered => &[Referee, ChiefArbiter, Organiser],
        ClockStarted | ClockPaused | ClockResumed | ClockPressed | RemovalStarted | RemovalEnded | BreakStarted
        | BreakEnded | GameAdjourned | MoveUnsealed | EndConfirmed | CountRecorded | CountCorrected | Resigned
        | RemainingTimeAsked | IncidentRecorded | RulingIssued => &[Referee, ChiefArbiter],
        Escalated => &[Referee, ChiefArbiter],
        // A player has no device: the official at hand records the appeal for them.
        AppealFiled => &[Referee, ChiefArbiter, Committee],
        // 第十六条四: appeals go to the organising committee.
        AppealDecided => &[Committee],
        // Evidence for whoever decides the incident: the table's referee, the chief arbiter, or
        // the committee hearing an appeal.
        RecordAttached => &[Referee, ChiefArbiter, Committee],
        // Undo: whoever recorded the incident at the table, on the same device (game::undo).
        IncidentWithdrawn => &[Referee, ChiefArbiter],
        // A result changes only by this act (game::correction): the chief arbiter, the
        // committee deciding an appeal (第十六条四), the organiser for its own entries.
        ResultCorrected => &[ChiefArbiter, Committee, Organiser],
        // Keys are the office's own record (it refuses them from anyone who pushes); a venue
        // office records its own devices' keys, and forwards them.
        KeyRegistered | KeyRevoked => &[Organiser, Office],
    }
}

/// Refuses an event whose author's role may not write it.
pub fn check_author(role: Role, kind: EventKind) -> Result<()> {
    let allowed = authors_of(kind);
    if allowed.contains(&role) {
        Ok(())
    } else {
        Err(DomainError::not_authorized(role, Forbidden::Record(kind), allowed.first().copied()))
    }
}

/// Refuses an escalation that does not go up.
pub fn check_escalation(from: Role, to: Role) -> Result<()> {
    let ok = matches!(to, Role::ChiefArbiter | Role::Committee) && to > from;
    if ok {
        Ok(())
    } else {
        Err(DomainError::not_authorized(from, Forbidden::EscalateTo(to), None))
    }
}

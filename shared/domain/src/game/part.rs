//! What each kind of event is to a game's fold, in one exhaustive match: a new kind of event is
//! a compile error here until someone decides how a game's state reads it (and so in
//! [`crate::game::validate`] and the walk, which match every kind too).

use crate::event::EventKind;

/// What an event is to a game's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Not a game's: the tournament's set-up, its people and players, rounds, keys.
    Tournament,
    /// The game's schedule: it sets the ruleset every check reads (a new one: fold it again).
    Schedule,
    /// An incident at the table: indexed, its ruling settled, walked in order.
    Incident,
    /// A ruling, an escalation, an appeal filed or decided: indexed, then the walk runs again.
    Decision,
    /// An incident undone within its window: it takes an incident out (fold the game again).
    Withdrawal,
    /// Evidence for an incident's story (a record attached): the story reads it, not the state.
    Evidence,
    /// A clock press or a removal of captures (第二十三条四): a step of the walk.
    Press,
    /// A recount (第十六条三): replaces the count in force.
    Recount,
    /// A fact the walk applies in event order: the clock, an adjournment, the end, a count, a
    /// resignation, a result.
    Fact,
    /// A result corrected (game::correction): a fact, never folded on (one that takes a result
    /// away needs the status under it, which a state with a result does not keep).
    Correction,
    /// Asked at the table and answered there (the time left): nothing in the state.
    Query,
}

/// What events of `kind` are to a game's state.
pub fn part(kind: EventKind) -> Part {
    use EventKind as K;
    match kind {
        K::TournamentCreated
        | K::PersonRegistered
        | K::PlayerRegistered
        | K::PlayerWithdrew
        | K::PlayerDeleted
        | K::PlayerAbsences
        | K::ByeAssigned
        | K::RoundScheduled
        | K::RefereeAssigned
        | K::VenueAssigned
        | K::KeyRegistered
        | K::KeyRevoked => Part::Tournament,
        K::GameScheduled => Part::Schedule,
        K::IncidentRecorded => Part::Incident,
        K::RulingIssued | K::Escalated | K::AppealFiled | K::AppealDecided => Part::Decision,
        K::IncidentWithdrawn => Part::Withdrawal,
        K::RecordAttached => Part::Evidence,
        K::ClockPressed | K::RemovalStarted | K::RemovalEnded | K::BreakStarted | K::BreakEnded => Part::Press,
        K::CountCorrected => Part::Recount,
        K::ClockStarted
        | K::ClockPaused
        | K::ClockResumed
        | K::GameAdjourned
        | K::MoveUnsealed
        | K::EndConfirmed
        | K::CountRecorded
        | K::Resigned
        | K::ResultEntered => Part::Fact,
        K::ResultCorrected => Part::Correction,
        K::RemainingTimeAsked => Part::Query,
    }
}

impl Part {
    /// Whether [`crate::game::fold_onto`] takes it onto a kept state (else: fold the game again).
    pub fn folds_on(self) -> bool {
        match self {
            Part::Incident | Part::Decision | Part::Evidence | Part::Press | Part::Recount | Part::Fact => true,
            Part::Tournament | Part::Schedule | Part::Withdrawal | Part::Correction | Part::Query => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The event layer's own split (whether a kind names a game) agrees with the fold's.
    #[test]
    fn a_kind_is_a_games_exactly_when_the_fold_reads_it_as_one() {
        for k in EventKind::ALL {
            assert_eq!(k.is_game_scoped(), part(k) != Part::Tournament, "{k:?}");
        }
    }
}

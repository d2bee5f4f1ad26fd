//! 第二十三条 计时 (the allowed lateness of the test game is 15 minutes).

use crate::support;

use arbiter_domain::error::{words, Unmet};
use arbiter_domain::rules::penalty::Condition;
use arbiter_domain::rules::{Article, Incident, IncidentType, Outcome, ResultReason, RulesetSpec, Ruling};
use arbiter_domain::DomainError;
use support::*;

fn late(black_min: u32, white_min: u32) -> Incident {
    Incident::LateArrival { black_late_secs: black_min * 60, white_late_secs: white_min * 60 }
}

#[test]
fn art_23_1_one_side_beyond_the_allowed_lateness_forfeits() {
    // 一方迟到超过赛场规定时间，判其弃权作负。
    let mut t = Table::chinese();
    t.try_incident(late(16, 0), Ruling::Forfeit).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::Forfeit, Article::Art23_1));
    // The other side's lateness within the limit does not save the latecomer.
    let mut t = Table::chinese();
    t.try_incident(late(5, 20), Ruling::Forfeit).unwrap();
    assert_eq!(t.state().result.unwrap().outcome, Outcome::win(Black));
}

#[test]
fn art_23_2_both_beyond_the_allowed_lateness_both_forfeit() {
    // 双方迟到超过赛场规定时间，则判双方弃权作负。
    let mut t = Table::chinese();
    assert_eq!(
        t.try_incident(late(20, 30), Ruling::Forfeit).unwrap_err(),
        unmet(Article::Art23_1, Ruling::Forfeit, Condition::OneLateBeyondLimit)
    );
    t.try_incident(late(20, 30), Ruling::BothForfeit).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::BothLose, ResultReason::Forfeit, Article::Art23_2));
}

#[test]
fn art_23_3_lateness_within_the_limit_is_deducted_from_the_late_sides_clock() {
    // 一方或双方迟到均未超过规定时间，则在一方或双方时限内分别扣除各自的迟到时间。
    let mut t = Table::chinese();
    assert_eq!(
        t.try_incident(late(15, 0), Ruling::Forfeit).unwrap_err(),
        unmet(Article::Art23_1, Ruling::Forfeit, Condition::OneLateBeyondLimit),
        "exactly at the limit is not beyond it"
    );
    let id = t.try_incident(late(15, 4), Ruling::DeductLateTime).unwrap();
    let s = t.state();
    assert_eq!(s.sides.black.clock_adjustment_secs, -900);
    assert_eq!(s.sides.white.clock_adjustment_secs, -240);
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::Art23_3);
    assert!(s.result.is_none());
}

#[test]
fn lateness_needs_someone_late_and_a_scheduled_limit() {
    let mut t = Table::chinese();
    for (r, article, when) in [
        (Ruling::Forfeit, Article::Art23_1, Condition::OneLateBeyondLimit),
        (Ruling::BothForfeit, Article::Art23_2, Condition::BothLateBeyondLimit),
        (Ruling::DeductLateTime, Article::Art23_3, Condition::LateWithinLimit),
    ] {
        assert_eq!(t.try_incident(late(0, 0), r).unwrap_err(), unmet(article, r, when));
    }
    let mut t = Table::unscheduled();
    let err = t.try_incident(late(20, 0), Ruling::Forfeit).unwrap_err();
    assert_eq!(err, DomainError::MissingFact { article: Article::Art23_1, fact: words::ALLOWED_LATENESS });
    assert!(err.to_string().contains("allowed_lateness"), "{err}");
    // Once the schedule arrives (from another device, say), the same record applies.
    t.referee(record(late(20, 0), Some(Ruling::Forfeit)));
    assert!(t.state().result.is_none());
    t.schedule(RulesetSpec::default(), 15);
    assert_eq!(t.state().result.unwrap().outcome, Outcome::win(White));
}

#[test]
fn art_23_4_pressing_the_clock_before_removing_captures_is_advice_or_a_warning() {
    // 违者劝告或警告一次。
    let mut t = Table::chinese();
    let a = t.try_incident(Incident::ClockBeforeCapture { offender: Black }, Ruling::Advice).unwrap();
    let w = t.try_incident(Incident::ClockBeforeCapture { offender: Black }, Ruling::Warning).unwrap();
    let s = t.state();
    assert_eq!(s.sides.black.advice, vec![a]);
    assert_eq!(s.sides.black.warnings, vec![w]);
    assert_eq!(
        t.try_incident(Incident::ClockBeforeCapture { offender: Black }, Ruling::OffenderLoses).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art23_4,
            IncidentType::ClockBeforeCapture,
            Ruling::OffenderLoses,
            &[Ruling::Advice, Ruling::Warning]
        )
    );
}

#[test]
fn art_23_5_exceeding_the_time_loses() {
    // 对局者用时（包括读秒）超过时限，一律判负。
    let mut t = Table::chinese();
    t.try_incident(Incident::TimeExceeded { offender: White }, Ruling::OffenderLoses).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(Black), ResultReason::Time, Article::Art23_5));
}

fn away(overtime: bool, asked_in_opponent_time: bool) -> Incident {
    Incident::AwayInByoyomi { offender: Black, overtime, requested_in_opponent_time: asked_in_opponent_time }
}

#[test]
fn art_23_6_away_in_byo_yomi_the_count_goes_on_and_overtime_loses() {
    // 读秒时间棋手离席，裁判员应按规定继续读秒计时，超时判负。
    let mut t = Table::chinese();
    assert_eq!(
        t.try_incident(away(true, false), Ruling::NoPenalty).unwrap_err(),
        unmet(Article::Art23_6, Ruling::NoPenalty, Condition::NoOvertime)
    );
    t.try_incident(away(true, false), Ruling::OffenderLoses).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::Time, Article::Art23_6));
}

#[test]
fn art_23_6_one_approved_absence_per_game_asked_during_the_opponents_time() {
    // 棋手如急需离席，须在对方思考时提出，并征得裁判员同意，但每局只限一次。
    let mut t = Table::chinese();
    assert_eq!(
        t.try_incident(away(false, false), Ruling::AbsenceApproved).unwrap_err(),
        unmet(Article::Art23_6, Ruling::AbsenceApproved, Condition::ApprovableAbsence)
    );
    let first = t.try_incident(away(false, true), Ruling::AbsenceApproved).unwrap();
    let err = t.try_incident(away(false, true), Ruling::AbsenceApproved).unwrap_err();
    let once = DomainError::ConditionNotMet { article: Article::Art23_6, why: Unmet::OneApprovedAbsence(Black) };
    assert_eq!(err, once);
    assert!(err.to_string().contains("one approved absence"), "{err}");
    // A second approval that reaches the fold anyway (another tablet) is refused there too.
    let second = t.referee(record(away(false, true), Some(Ruling::AbsenceApproved)));
    let s = t.state();
    assert_eq!(s.sides.black.approved_absences, vec![first]);
    assert_eq!(refusal(&s, second), Some(&once.body()), "{:?}", s.rejected);
    // The other player still has their own.
    t.try_incident(
        Incident::AwayInByoyomi { offender: White, overtime: false, requested_in_opponent_time: true },
        Ruling::AbsenceApproved,
    )
    .unwrap();
}

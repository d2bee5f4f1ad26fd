//! Chapter 2 facts a referee records: clock, pause, adjournment, end, count, resignation.

use crate::support;

use arbiter_domain::error::{Forbidden, Unmet};
use arbiter_domain::event::{EventBody, EventKind};
use arbiter_domain::game::Status;
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, ChineseKomi, Count, HalfStones, Margin, Outcome, ResultReason, RulesetSpec};
use arbiter_domain::DomainError;
use support::*;

#[test]
fn clock_start_pause_resume() {
    // 第十四条: 暂停时间不计入对局时限.
    let mut t = Table::chinese();
    assert_eq!(t.state().status, Status::Scheduled);
    t.referee(EventBody::ClockStarted);
    assert_eq!(t.state().status, Status::Playing);
    assert_eq!(
        t.try_push(Role::Referee, EventBody::ClockResumed).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::Art14, why: Unmet::NotPaused }
    );
    t.try_push(Role::Referee, EventBody::ClockPaused { reason: Some("午休".into()) }).unwrap();
    assert_eq!(t.state().status, Status::Paused);
    t.try_push(Role::Referee, EventBody::ClockResumed).unwrap();
    assert_eq!(t.state().status, Status::Playing);
}

fn area(black: u32) -> Count {
    Count::Area { black_stones: HalfStones::new(black * 2).unwrap() }
}

/// 第七条一 and 第十三条二: both confirm the end, the side to move first; then the count.
#[test]
fn end_confirmed_then_counted_under_the_games_komi() {
    // 第十三条二, 第九条, 第十一条: with 3¾ black needs 184½ or more.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.referee(EventBody::EndConfirmed { first: White });
    assert_eq!(t.state().status, Status::EndConfirmed);
    let id = t.referee(EventBody::CountRecorded { count: area(185) });
    let r = t.state().result.unwrap();
    assert_eq!(r.outcome, Outcome::Win { winner: Black, margin: Some(Margin::Stones(3)) });
    assert_eq!((r.reason, r.article, r.event), (ResultReason::Count, Article::Art9, id));

    // The same count under the 1988 komi of 2 子 is a bigger win.
    let mut t = Table::new(RulesetSpec::Chinese1988 { komi: ChineseKomi::Two });
    t.referee(EventBody::CountRecorded { count: area(185) });
    assert_eq!(t.state().result.unwrap().outcome, Outcome::Win { winner: Black, margin: Some(Margin::Stones(10)) });
}

#[test]
fn resignation_ends_the_game() {
    // 第七条二: 对局中，有一方中途认输，为终局.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.referee(EventBody::Resigned { by: Black });
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::Resignation, Article::Art7_2));
    assert_eq!(s.status, Status::Finished);
}

#[test]
fn asking_the_remaining_time_is_recorded_and_changes_nothing() {
    // 第十六条一.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let before = t.state();
    t.referee(EventBody::RemainingTimeAsked { by: White, reserved_minutes_left: 3 });
    let after = t.state();
    assert_eq!(after.events, before.events + 1);
    assert_eq!((after.status, after.result, &after.sides), (before.status, before.result, &before.sides));
}

#[test]
fn the_referee_records_events_only_for_their_roles_kinds() {
    let mut t = Table::chinese();
    assert_eq!(
        t.try_push(Role::Organiser, EventBody::ClockStarted).unwrap_err(),
        DomainError::not_authorized(Role::Organiser, Forbidden::Record(EventKind::ClockStarted), Some(Role::Referee))
    );
    assert_eq!(
        t.try_push(Role::Committee, EventBody::Resigned { by: Black }).unwrap_err(),
        DomainError::not_authorized(Role::Committee, Forbidden::Record(EventKind::Resigned), Some(Role::Referee))
    );
}

#[test]
fn art13_1_a_forfeit_or_a_referees_decision_ends_the_game() {
    // 第十三条一: 凡比赛一方弃权或因各种原因被裁判员判负、判和的对局，也作终局处理.
    let mut t = Table::chinese();
    t.referee(EventBody::ResultEntered { outcome: Outcome::win(White), note: None, forfeit: true });
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::Forfeit, Article::Art13_1));
    assert_eq!(s.status, Status::Finished);
}

// ---- 第十六条三: the players' right to have a miscount corrected ----

fn winner(o: Outcome) -> Option<arbiter_domain::model::Colour> {
    match o {
        Outcome::Win { winner, .. } => Some(winner),
        _ => None,
    }
}

/// A game counted at the end: `black` stones for Black (komi 3¾).
fn counted(black: u32) -> (Table, arbiter_domain::model::EventId) {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.referee(EventBody::EndConfirmed { first: White });
    let id = t.referee(EventBody::CountRecorded { count: area(black) });
    (t, id)
}

#[test]
fn art16_3_a_recount_a_player_asked_for_replaces_the_first_count() {
    // The referee's account: "I counted Black 183 stones: with 3¾ komi White won. Black said at
    // once that a row had been counted twice wrong and asked for the count to be corrected; I
    // counted again with both players watching: 185. Black wins by 3 stones."
    let (mut t, first) = counted(183);
    let r = t.state().result.unwrap();
    assert_eq!((winner(r.outcome), r.event), (Some(White), first));
    let recount = t.try_push(Role::Referee, EventBody::CountCorrected { count: area(185), asked_by: Black }).unwrap();
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(r.outcome, Outcome::Win { winner: Black, margin: Some(Margin::Stones(3)) });
    assert_eq!(
        (r.reason, r.article, r.event, r.by),
        (ResultReason::Count, Article::Art16_3, recount, Some(Role::Referee))
    );
    // The first count is kept in the history as the result it replaced, not applied.
    assert_eq!(s.superseded_results.iter().map(|r| r.event).collect::<Vec<_>>(), vec![first]);
    assert!(s.after_result.is_empty() && s.open.is_empty(), "nothing flagged: the recount is the player's right");
    // A second recount corrects the corrected count, as the first did.
    t.try_push(Role::Referee, EventBody::CountCorrected { count: area(184), asked_by: White }).unwrap();
    assert_eq!(winner(t.state().result.unwrap().outcome), Some(White));
}

#[test]
fn art16_3_a_second_count_recorded_without_the_demand_is_kept_and_flagged_not_applied() {
    // What the referee must not do instead: record a new count as if none were there. The first
    // decisive event stands (rules revision 3); only the recount of 第十六条三 replaces it.
    let (mut t, first) = counted(183);
    t.referee(EventBody::CountRecorded { count: area(185) });
    let s = t.state();
    assert_eq!((s.result.unwrap().event, winner(s.result.unwrap().outcome)), (first, Some(White)));
    assert_eq!(s.after_result.len(), 1);
}

#[test]
fn art16_3_there_is_a_count_to_correct_only_while_a_count_decided_the_game() {
    let recount = EventBody::CountCorrected { count: area(185), asked_by: Black };
    let refused = DomainError::ConditionNotMet { article: Article::Art16_3, why: Unmet::NoCountToCorrect };
    // No count yet: nothing to correct.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    assert_eq!(t.try_push(Role::Referee, recount.clone()).unwrap_err(), refused);
    // A resignation decided the game: no count.
    t.referee(EventBody::Resigned { by: White });
    let err = t.try_push(Role::Referee, recount.clone()).unwrap_err();
    assert_eq!(err, refused);
    assert!(err.to_string().contains("第十六条三"), "{err}");
    // Once the chief arbiter corrected the result by its own act, a recount no longer applies;
    // further changes are the chief arbiter's (game::correction).
    let (mut t, first) = counted(183);
    t.push(
        Role::ChiefArbiter,
        EventBody::ResultCorrected {
            replaces: first,
            outcome: Some(Outcome::win(Black)),
            cause: arbiter_domain::game::CorrectionCause::WrongEntry,
            why: "记分表填错".into(),
        },
    );
    assert_eq!(t.try_push(Role::Referee, recount.clone()).unwrap_err(), refused);
    // Every replica refuses it too: pushed past the device's check, it changes nothing.
    t.push(Role::Referee, recount);
    let s = t.state();
    assert_eq!(s.result.unwrap().reason, ResultReason::Corrected);
    assert_eq!(s.rejected.last().map(|r| r.error.code.as_str()), Some("condition_not_met"));
}

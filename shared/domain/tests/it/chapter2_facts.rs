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

//! A decided game stays decided (rules revision 3): the first decisive event stands, a later
//! ruling or fact that would decide the game again — the chief arbiter's included — is kept and
//! flagged for the chief arbiter, and the result changes only by a `result_corrected` event
//! naming the result it replaces and why (game::correction). What changes the ruling that
//! decided the game (the chief arbiter on that incident, an appeal, an undo) still moves the
//! result, since the result follows the rulings in force.

use crate::support::*;

use arbiter_domain::error::CorrectionRefusal;
use arbiter_domain::event::{AppealDecision, EventBody};
use arbiter_domain::game::{CorrectionCause, OpenKind, Status};
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, Count, HalfStones, Incident, Outcome, ResultReason, Ruling};
use arbiter_domain::DomainError;

fn disturbing(c: arbiter_domain::model::Colour) -> Incident {
    Incident::Disturbing { offender: c }
}

fn after_result_items(s: &arbiter_domain::game::GameState) -> Vec<arbiter_domain::model::EventId> {
    s.open.iter().filter(|o| o.kind == OpenKind::AfterResult).map(|o| o.incident.unwrap_or(o.event)).collect()
}

/// 第二十五条二 decides; the chief arbiter's time loss (第二十三条五) after it is kept and flagged.
fn second_warning_then_chiefs_time_loss() -> (Table, arbiter_domain::model::EventId, arbiter_domain::model::EventId) {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.incident(disturbing(Black), Ruling::Warning);
    let second = t.incident(disturbing(Black), Ruling::Warning);
    let late = t
        .try_push(Role::ChiefArbiter, record(Incident::TimeExceeded { offender: White }, Some(Ruling::OffenderLoses)))
        .unwrap();
    (t, second, late)
}

#[test]
fn second_warning_stands_over_the_chief_arbiters_later_loss_ruling() {
    let (t, second, late) = second_warning_then_chiefs_time_loss();
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.article, r.event),
        (Outcome::win(White), ResultReason::SecondWarning, Article::Art25_2, second)
    );
    assert_eq!(r.by, Some(Role::Referee));
    assert!(s.superseded_results.is_empty());
    let v = s.incident(late).unwrap();
    assert!(v.after_result && v.would_decide, "kept, and flagged as one that would have decided the game");
    assert_eq!(v.effective.unwrap().ruling, Ruling::OffenderLoses, "the chief arbiter's ruling is on record");
    assert_eq!(after_result_items(&s), vec![late], "on the chief arbiter's desk as after the result");
    assert_eq!(s.open[0].for_role, Role::ChiefArbiter);
}

#[test]
fn the_same_scenario_corrected_gives_the_corrected_result_with_its_history() {
    let (mut t, second, late) = second_warning_then_chiefs_time_loss();
    let fix = t
        .try_push(
            Role::ChiefArbiter,
            correct(
                second,
                Some(Outcome::win(Black)),
                CorrectionCause::RulingAnnulled,
                "  白方先超时，第二次警告在超时之后  ",
            ),
        )
        .unwrap();
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.article, r.event, r.by),
        (Outcome::win(Black), ResultReason::Corrected, Article::Art13_1, fix, Some(Role::ChiefArbiter))
    );
    assert_eq!(s.status, Status::Finished);
    assert_eq!(s.superseded_results.len(), 1);
    assert_eq!(s.superseded_results[0].reason, ResultReason::SecondWarning);
    let c = &s.corrections[0];
    assert_eq!(
        (c.event, c.replaced.event, c.outcome, c.cause, c.by),
        (fix, second, Some(Outcome::win(Black)), CorrectionCause::RulingAnnulled, Role::ChiefArbiter)
    );
    assert_eq!(c.why, "白方先超时，第二次警告在超时之后", "the reason as given, trimmed");
    assert_eq!(c.closes, vec![late], "it deals with what was flagged before it");
    assert!(after_result_items(&s).is_empty());
    // A second correction names the first correction as the result it replaces.
    let err = t
        .try_push(Role::ChiefArbiter, correct(second, Some(Outcome::Draw), CorrectionCause::WrongEntry, "再改"))
        .unwrap_err();
    assert_eq!(err, DomainError::CorrectionRefused(CorrectionRefusal::NotInForce { named: second.to_string() }));
    t.try_push(Role::ChiefArbiter, correct(fix, Some(Outcome::Draw), CorrectionCause::WrongEntry, "再改")).unwrap();
    let s = t.state();
    assert_eq!(s.result.unwrap().outcome, Outcome::Draw);
    assert_eq!(s.corrections.len(), 2);
    assert_eq!(
        s.superseded_results.iter().map(|r| r.reason).collect::<Vec<_>>(),
        [ResultReason::SecondWarning, ResultReason::Corrected]
    );
}

#[test]
fn a_count_stands_over_a_later_time_loss_and_a_correction_replaces_it() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let count =
        t.referee(EventBody::CountRecorded { count: Count::Area { black_stones: HalfStones::new(370).unwrap() } });
    let decided = t.state().result.unwrap();
    assert_eq!((decided.reason, decided.event), (ResultReason::Count, count));
    // A tablet that had not seen the count records a time loss; the chief arbiter confirms it.
    let late = t.incident(Incident::TimeExceeded { offender: Black }, Ruling::OffenderLoses);
    let s = t.state();
    assert_eq!(s.result, Some(decided));
    assert!(s.incident(late).unwrap().after_result);
    assert_eq!(after_result_items(&s), vec![late]);
    t.try_push(Role::ChiefArbiter, rule(late, Ruling::OffenderLoses)).unwrap();
    let s = t.state();
    assert_eq!(s.result, Some(decided), "the chief arbiter's ruling on it does not turn the game over");
    assert!(s.incident(late).unwrap().would_decide);
    assert!(after_result_items(&s).is_empty(), "ruled on by the chief arbiter: dealt with");
    // The explicit act does.
    let fix = t
        .try_push(
            Role::ChiefArbiter,
            correct(count, Some(Outcome::win(White)), CorrectionCause::RulingAnnulled, "黑方在数子前已超时"),
        )
        .unwrap();
    let s = t.state();
    assert_eq!(s.result.map(|r| (r.outcome, r.event)), Some((Outcome::win(White), fix)));
    assert_eq!(s.superseded_results, vec![decided]);
}

#[test]
fn a_resignation_stands_over_a_later_forfeit_until_corrected() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let resign = t.referee(EventBody::Resigned { by: White });
    let forfeit = t
        .try_push(
            Role::ChiefArbiter,
            EventBody::ResultEntered { outcome: Outcome::win(White), note: None, forfeit: true },
        )
        .unwrap();
    let s = t.state();
    assert_eq!(s.result.map(|r| (r.reason, r.event)), Some((ResultReason::Resignation, resign)));
    assert_eq!(s.after_result, vec![forfeit], "kept");
    assert_eq!(after_result_items(&s), vec![forfeit], "and flagged");
    t.try_push(
        Role::ChiefArbiter,
        correct(resign, Some(Outcome::win(White)), CorrectionCause::WrongEntry, "记错了认输方"),
    )
    .unwrap();
    let s = t.state();
    assert_eq!(s.result.unwrap().outcome, Outcome::win(White));
    assert_eq!(s.after_result, vec![forfeit], "still in the history");
    assert!(after_result_items(&s).is_empty());
}

#[test]
fn what_changes_the_deciding_ruling_still_moves_the_result() {
    // The chief arbiter's advice in place of the second warning: no 25.2 loss, and the time
    // loss flagged after it becomes the first decisive event.
    let (mut t, second, late) = second_warning_then_chiefs_time_loss();
    t.try_push(Role::ChiefArbiter, rule(second, Ruling::Advice)).unwrap();
    let s = t.state();
    assert_eq!(s.result.map(|r| (r.outcome, r.reason, r.event)), Some((Outcome::win(Black), ResultReason::Time, late)));
    assert!(!s.incident(late).unwrap().after_result);
    assert!(s.superseded_results.is_empty());

    // 第十六条四: an appeal annulled restores play; upheld, the warning's loss stands.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.incident(disturbing(Black), Ruling::Warning);
    let second = t.incident(disturbing(Black), Ruling::Warning);
    let appeal = t.referee(EventBody::AppealFiled { incident: second, by: Black, grounds: "没有喧哗".into() });
    let mut upheld = t.clone();
    t.committee(EventBody::AppealDecided { appeal, decision: AppealDecision::Annulled, note: None });
    let s = t.state();
    assert_eq!(s.result, None);
    assert_eq!(s.status, Status::Playing, "the game back in play");
    upheld.committee(EventBody::AppealDecided { appeal, decision: AppealDecision::Upheld, note: None });
    assert_eq!(upheld.state().result.map(|r| r.reason), Some(ResultReason::SecondWarning));

    // Undo within 30 s: the second warning decides nothing.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.incident(disturbing(Black), Ruling::Warning);
    let second = t.incident(disturbing(Black), Ruling::Warning);
    t.referee(EventBody::IncidentWithdrawn { incident: second });
    assert_eq!(t.state().result, None);
}

#[test]
fn a_correction_that_takes_the_result_away_reopens_the_game() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let entered = t
        .try_push(Role::Organiser, EventBody::ResultEntered { outcome: Outcome::BothLose, note: None, forfeit: false })
        .unwrap();
    assert_eq!(t.state().result.unwrap().by, Some(Role::Organiser));
    let undo = t.try_push(Role::Organiser, correct(entered, None, CorrectionCause::WrongEntry, "录错了")).unwrap();
    let s = t.state();
    assert_eq!(s.result, None);
    assert_eq!(s.status, Status::Playing, "as it stood before the entry");
    assert_eq!(s.corrections[0].event, undo);
    // The right result entered afterwards decides the game.
    let right = t
        .try_push(
            Role::Organiser,
            EventBody::ResultEntered { outcome: Outcome::win(Black), note: None, forfeit: false },
        )
        .unwrap();
    let s = t.state();
    assert_eq!(s.result.map(|r| (r.outcome, r.event)), Some((Outcome::win(Black), right)));
    assert!(s.after_result.is_empty());
}

#[test]
fn bad_corrections_are_refused_with_what_was_wrong_and_change_nothing() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let none =
        t.try_push(Role::ChiefArbiter, correct(t.events[0].id, Some(Outcome::Draw), CorrectionCause::WrongEntry, "x"));
    assert_eq!(none.unwrap_err(), DomainError::CorrectionRefused(CorrectionRefusal::NoResult));
    t.incident(disturbing(Black), Ruling::Warning);
    let second = t.incident(disturbing(Black), Ruling::Warning);
    let fix = |why: &str, cause| correct(second, Some(Outcome::Draw), cause, why);
    let cases: Vec<(Role, EventBody, DomainError)> = vec![
        (
            Role::ChiefArbiter,
            fix(" \n ", CorrectionCause::WrongEntry),
            DomainError::CorrectionRefused(CorrectionRefusal::NoReason),
        ),
        (
            Role::ChiefArbiter,
            fix(&"长".repeat(501), CorrectionCause::WrongEntry),
            DomainError::CorrectionRefused(CorrectionRefusal::ReasonTooLong { max: 500 }),
        ),
        (
            Role::Committee,
            fix("委员会", CorrectionCause::WrongEntry),
            DomainError::CorrectionRefused(CorrectionRefusal::CauseNotOpen {
                role: Role::Committee,
                cause: CorrectionCause::WrongEntry,
            }),
        ),
        (
            Role::Organiser,
            fix("组织者", CorrectionCause::WrongEntry),
            DomainError::CorrectionRefused(CorrectionRefusal::NotOrganisersEntry),
        ),
        (
            Role::ChiefArbiter,
            correct(t.events[0].id, Some(Outcome::Draw), CorrectionCause::WrongEntry, "别的结果"),
            DomainError::CorrectionRefused(CorrectionRefusal::NotInForce { named: t.events[0].id.to_string() }),
        ),
        (
            Role::Referee,
            fix("裁判员", CorrectionCause::WrongEntry),
            DomainError::not_authorized(
                Role::Referee,
                arbiter_domain::error::Forbidden::Record(arbiter_domain::event::EventKind::ResultCorrected),
                Some(Role::ChiefArbiter),
            ),
        ),
    ];
    let before = t.state();
    for (role, body, expected) in cases {
        assert_eq!(t.try_push(role, body.clone()).unwrap_err(), expected, "{role:?}");
        // Pushed anyway (another device, an old build): every replica refuses it alike.
        let mut forged = t.clone();
        let id = forged.push(role, body);
        let s = forged.state();
        assert_eq!(s.result, before.result);
        assert!(s.corrections.is_empty());
        let refused = s.rejected.iter().find(|r| r.event == id).expect("refused");
        assert_eq!(refused.error, expected.body());
    }
    // The committee corrects by an appeal's decision.
    t.try_push(Role::Committee, fix("申诉成立（第十六条四）", CorrectionCause::Appeal)).unwrap();
    assert_eq!(t.state().result.map(|r| (r.outcome, r.article)), Some((Outcome::Draw, Article::Art16_4)));
}

#[test]
fn under_rules_revision_2_the_chief_arbiters_later_ruling_still_replaces_the_result() {
    // What an earlier build recorded keeps its meaning (rules::revision).
    let mut t = Table::chinese();
    t.rules = 2;
    t.referee(EventBody::ClockStarted);
    t.incident(disturbing(Black), Ruling::Warning);
    let second = t.incident(disturbing(Black), Ruling::Warning);
    let late = t.chief(record(Incident::TimeExceeded { offender: White }, Some(Ruling::OffenderLoses)));
    let s = t.state();
    assert_eq!(s.result.map(|r| (r.outcome, r.event)), Some((Outcome::win(Black), late)));
    assert_eq!(s.superseded_results[0].event, second);
    assert!(!s.incident(late).unwrap().would_decide);
}

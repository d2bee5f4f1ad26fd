//! Who overrides whom: chief arbiter over referee, committee (appeal) over both; same-rank
//! conflicts become disputes; nothing is deleted; results change only by authority.

use crate::support;

use arbiter_domain::error::{Forbidden, Unmet};
use arbiter_domain::event::{AppealDecision, EventBody, EventKind};
use arbiter_domain::game::OpenKind;
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, Incident, Outcome, ResultReason, Ruling};
use arbiter_domain::DomainError;
use support::*;

fn disturbing(c: arbiter_domain::model::Colour) -> Incident {
    Incident::Disturbing { offender: c }
}

#[test]
fn a_chief_arbiters_ruling_supersedes_the_referees_and_history_stays() {
    let mut t = Table::chinese();
    let inc = t.try_incident(disturbing(Black), Ruling::Warning).unwrap();
    let chief = t.try_push(Role::ChiefArbiter, rule(inc, Ruling::Advice)).unwrap();
    let s = t.state();
    let v = s.incident(inc).unwrap();
    assert_eq!(v.effective.unwrap().ruling, Ruling::Advice);
    assert_eq!(v.effective.unwrap().event, chief);
    assert_eq!(v.rulings.len(), 2, "nothing is deleted");
    assert_eq!(v.rulings[0].superseded_by, Some(chief));
    assert_eq!(s.warnings(Black), 0);
    assert_eq!(s.sides.black.advice, vec![inc]);
}

#[test]
fn overturning_the_second_warning_takes_the_loss_back() {
    let mut t = Table::chinese();
    t.try_incident(disturbing(Black), Ruling::Warning).unwrap();
    let second = t.try_incident(disturbing(Black), Ruling::Warning).unwrap();
    assert_eq!(t.state().result.unwrap().reason, ResultReason::SecondWarning);
    t.try_push(Role::ChiefArbiter, rule(second, Ruling::Advice)).unwrap();
    let s = t.state();
    assert!(s.result.is_none(), "the loss came from a warning that no longer stands");
    assert_eq!(s.warnings(Black), 1);
}

/// 第十六条四, 第三十条: the organising committee decides the appeal, over every other ruling.
#[test]
fn an_appeal_decision_supersedes_both_and_closes_the_appeal() {
    // 第十六条四: 如有疑议应通过组织程序立即向大会提出申诉.
    let mut t = Table::chinese();
    let inc = t.try_incident(Incident::Consulting { offender: White }, Ruling::Warning).unwrap();
    t.try_push(Role::ChiefArbiter, rule(inc, Ruling::OffenderLoses)).unwrap();
    assert_eq!(t.state().result.unwrap().outcome, Outcome::win(Black));
    let appeal = t
        .try_push(
            Role::Referee,
            EventBody::AppealFiled { incident: inc, by: White, grounds: "talked about lunch".into() },
        )
        .unwrap();
    let s = t.state();
    assert!(s.open.iter().any(|o| o.kind == OpenKind::Appeal && o.for_role == Role::Committee && o.event == appeal));

    // Only the committee decides appeals.
    let decision = EventBody::AppealDecided {
        appeal,
        decision: AppealDecision::Overturned { ruling: Ruling::Warning },
        note: None,
    };
    assert_eq!(
        t.try_push(Role::ChiefArbiter, decision.clone()).unwrap_err(),
        DomainError::not_authorized(
            Role::ChiefArbiter,
            Forbidden::Record(EventKind::AppealDecided),
            Some(Role::Committee)
        )
    );
    let decided = t.try_push(Role::Committee, decision.clone()).unwrap();
    let s = t.state();
    let v = s.incident(inc).unwrap();
    assert_eq!(v.effective.unwrap().event, decided);
    assert_eq!(v.effective.unwrap().rank, 3);
    assert_eq!(v.rulings.len(), 3);
    assert!(v.rulings[..2].iter().all(|r| r.superseded_by == Some(decided)));
    assert!(s.result.is_none(), "the loss is overturned into a warning");
    assert_eq!(s.warnings(White), 1);
    assert!(s.open.is_empty());
    assert_eq!(
        t.try_push(Role::Committee, decision).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::Art16_4, why: Unmet::AppealDecided },
        "decided once"
    );
}

#[test]
fn an_upheld_appeal_leaves_the_ruling_in_force() {
    let mut t = Table::chinese();
    let inc = t.try_incident(disturbing(Black), Ruling::Warning).unwrap();
    let appeal =
        t.try_push(Role::Referee, EventBody::AppealFiled { incident: inc, by: Black, grounds: "".into() }).unwrap();
    t.try_push(Role::Committee, EventBody::AppealDecided { appeal, decision: AppealDecision::Upheld, note: None })
        .unwrap();
    let s = t.state();
    assert_eq!(s.incident(inc).unwrap().effective.unwrap().ruling, Ruling::Warning);
    assert!(s.open.is_empty());
    assert!(s.appeals[0].decision.is_some());
}

#[test]
fn two_referee_rulings_that_disagree_are_a_dispute_for_the_chief_arbiter() {
    let mut t = Table::chinese();
    let inc = t.try_incident(disturbing(Black), Ruling::Warning).unwrap();
    t.try_push(Role::Referee, rule(inc, Ruling::Advice)).unwrap();
    let s = t.state();
    let v = s.incident(inc).unwrap();
    assert!(v.disputed);
    assert_eq!(v.effective.unwrap().ruling, Ruling::Warning, "the first ruling given stands until decided");
    assert!(s
        .open
        .iter()
        .any(|o| o.kind == OpenKind::Dispute && o.for_role == Role::ChiefArbiter && o.incident == Some(inc)));
    t.try_push(Role::ChiefArbiter, rule(inc, Ruling::Advice)).unwrap();
    let s = t.state();
    assert!(!s.incident(inc).unwrap().disputed);
    assert!(s.open.is_empty());
    assert_eq!(s.warnings(Black), 0);
}

#[test]
fn agreeing_rulings_of_the_same_rank_are_no_dispute() {
    let mut t = Table::chinese();
    let inc = t.try_incident(disturbing(Black), Ruling::Warning).unwrap();
    t.try_push(Role::Referee, rule(inc, Ruling::Warning)).unwrap();
    let s = t.state();
    assert!(!s.incident(inc).unwrap().disputed);
    assert_eq!(s.warnings(Black), 1, "one incident is one warning however often it is confirmed");
}

#[test]
fn roles_that_may_not_rule_are_refused_on_every_path() {
    let mut t = Table::chinese();
    let inc = t.try_incident(disturbing(Black), Ruling::Advice).unwrap();
    // The committee rules only by deciding an appeal, never by a ruling of its own.
    for role in [Role::Organiser, Role::Committee] {
        assert_eq!(
            t.try_push(role, rule(inc, Ruling::Warning)).unwrap_err(),
            DomainError::not_authorized(role, Forbidden::Record(EventKind::RulingIssued), Some(Role::Referee))
        );
    }
    assert_eq!(
        t.try_push(Role::ChiefArbiter, EventBody::Escalated { incident: inc, to: Role::ChiefArbiter, note: None })
            .unwrap_err(),
        DomainError::not_authorized(Role::ChiefArbiter, Forbidden::EscalateTo(Role::ChiefArbiter), None),
        "escalations go up"
    );
    // Events that bypass the device's check are refused by the fold on every replica.
    let forged = t.push(Role::Organiser, rule(inc, Ruling::Warning));
    let s = t.state();
    assert_eq!(s.warnings(Black), 0);
    let forbidden =
        DomainError::not_authorized(Role::Organiser, Forbidden::Record(EventKind::RulingIssued), Some(Role::Referee));
    assert_eq!(refusal(&s, forged), Some(&forbidden.body()));
}

#[test]
fn a_ruling_on_an_unknown_incident_is_refused_with_a_clear_error() {
    let mut t = Table::chinese();
    let ghost = Table::chinese().event(Role::Referee, EventBody::ClockStarted).id;
    let err = t.try_push(Role::ChiefArbiter, rule(ghost, Ruling::Warning)).unwrap_err();
    assert_eq!(err, DomainError::UnknownIncident { what: "this", incident: ghost.to_string() });
    let id = t.chief(rule(ghost, Ruling::Warning));
    let unknown = DomainError::UnknownIncident { what: "a ruling", incident: ghost.to_string() };
    assert_eq!(refusal(&t.state(), id), Some(&unknown.body()));
}

#[test]
fn under_rules_revision_2_referee_facts_after_a_result_are_flagged_and_a_chief_arbiter_may_still_decide() {
    // Revision 3 keeps the first result for everyone (result_correction.rs); what an earlier
    // build recorded keeps its meaning.
    let mut t = Table::chinese();
    t.rules = 2;
    t.referee(EventBody::ClockStarted);
    let resign = t.referee(EventBody::Resigned { by: White });
    // A tablet that did not see the resignation records a second resignation and an incident.
    let late_fact = t.referee(EventBody::Resigned { by: Black });
    let late = t.try_incident(Incident::Consulting { offender: Black }, Ruling::OffenderLoses).unwrap();
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!((r.outcome, r.reason, r.event), (Outcome::win(Black), ResultReason::Resignation, resign));
    assert_eq!(s.after_result, vec![late_fact]);
    assert!(s.incident(late).unwrap().after_result);
    assert_eq!(s.open.iter().filter(|o| o.kind == OpenKind::AfterResult).count(), 2);

    // The chief arbiter confirms the late incident: now it applies, and the old result is kept.
    t.try_push(Role::ChiefArbiter, rule(late, Ruling::OffenderLoses)).unwrap();
    let s = t.state();
    assert_eq!(s.result.unwrap().outcome, Outcome::win(White));
    assert_eq!(s.superseded_results.len(), 1);
    assert_eq!(s.superseded_results[0].event, resign);
    assert_eq!(
        s.open.iter().filter(|o| o.kind == OpenKind::AfterResult).count(),
        1,
        "only the stray resignation is left"
    );
}

#[test]
fn the_agreed_order_is_the_hybrid_clock_not_the_id() {
    // A tablet whose wall clock runs fast mints ids that sort late, but its HLC (merged from the
    // office) places its events correctly. The fold must follow the HLC.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let mut warning = t.event(Role::Referee, record(disturbing(Black), Some(Ruling::Warning)));
    let mut second = t.event(Role::Referee, record(disturbing(Black), Some(Ruling::Warning)));
    let resign = t.event(Role::Referee, EventBody::Resigned { by: White });
    // The two warnings' HLCs put them after the resignation, whatever their ids say.
    warning.hlc = arbiter_domain::clock::Hlc::new(resign.hlc.wall_ms + 10, 0);
    second.hlc = arbiter_domain::clock::Hlc::new(resign.hlc.wall_ms + 20, 0);
    assert!(warning.id < resign.id);
    t.events.extend([warning.clone(), second.clone(), resign.clone()]);
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!((r.outcome, r.reason), (Outcome::win(Black), ResultReason::Resignation));
    assert!(s.incident(second.id).unwrap().after_result);
}

//! 第十六条四 and 第三十一条六: an appeal whose decision the rules refuse stays open (in the fold
//! and in the committee's queue, the refusal beside it) until a valid decision closes it; the
//! committee, and the chief arbiter, can find that no foul happened — the ruling is void — for
//! a warning, a loss and an imposed pass: the effect goes, every event stays, the result is
//! recomputed. After an imposed pass the state says who is to move (轮对方下子).

use crate::support;

use arbiter_domain::error::Forbidden;
use arbiter_domain::event::{AppealDecision, EventBody};
use arbiter_domain::game::OpenKind;
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, Incident, IncidentType, Outcome, Preset, ResultReason, Ruling};
use arbiter_domain::tournament::replay;
use arbiter_domain::DomainError;
use support::*;

fn disturbing() -> Incident {
    Incident::Disturbing { offender: Black }
}

fn appeal(t: &mut Table, incident: arbiter_domain::model::EventId) -> arbiter_domain::model::EventId {
    t.try_push(Role::Referee, EventBody::AppealFiled { incident, by: Black, grounds: "我没有说话".into() }).unwrap()
}

fn decide(appeal: arbiter_domain::model::EventId, decision: AppealDecision) -> EventBody {
    EventBody::AppealDecided { appeal, decision, note: None }
}

#[test]
fn a_refused_committee_decision_leaves_the_appeal_open_with_the_refusal_beside_it() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let w = t.try_incident(disturbing(), Ruling::Warning).unwrap();
    let a = appeal(&mut t, w);
    // 第二十四条二 allows advice or a warning: `no_penalty` is not among them. A device that
    // skipped the check (or an old one) records it anyway; every replica refuses it in the fold.
    let refused = t.committee(decide(a, AppealDecision::Overturned { ruling: Ruling::NoPenalty }));
    let s = t.state();
    let ap = &s.appeals[0];
    assert!(ap.decision.is_none(), "a refused decision decides nothing");
    let not_allowed = DomainError::ruling_not_allowed(
        Article::Art24_2,
        IncidentType::Disturbing,
        Ruling::NoPenalty,
        &[Ruling::Advice, Ruling::Warning],
    );
    assert_eq!((ap.refused.len(), ap.refused[0].event, &ap.refused[0].error), (1, refused, &not_allowed.body()));
    assert_eq!(s.warnings(Black), 1, "the warning stays in force");
    let open = s.open.iter().find(|o| o.kind == OpenKind::Appeal).expect("still in the committee's queue");
    assert_eq!((open.for_role, open.refused.len()), (Role::Committee, 1));
    assert!(s.rejected.iter().any(|r| r.event == refused));
    // The committee's queue as the app and the office show it carries the refusal too.
    let q = queue_of(&replay(&t.events).remove(0));
    assert_eq!(q.len(), 1);
    assert!(q[0].contains("ruling_not_allowed"), "{}", q[0]);
    // A valid decision closes it: the committee annuls the warning.
    let ok = t.committee(decide(a, AppealDecision::Annulled));
    let s = t.state();
    assert_eq!(s.appeals[0].decision.map(|d| d.0), Some(ok));
    assert!(s.open.iter().all(|o| o.kind != OpenKind::Appeal));
    assert_eq!(s.warnings(Black), 0);
}

/// The open items of every game, as JSON (what the app's and the office's queue rows flatten).
fn queue_of(view: &arbiter_domain::tournament::TournamentView) -> Vec<String> {
    view.games.iter().flat_map(|g| g.open.iter().map(|o| serde_json::to_string(o).unwrap())).collect()
}

#[test]
fn the_committee_annuls_a_warning_a_loss_and_an_imposed_pass() {
    // A warning: the second warning's loss (第二十五条二) goes with it.
    let mut t = Table::chinese();
    t.try_incident(disturbing(), Ruling::Warning).unwrap();
    let second = t.try_incident(disturbing(), Ruling::Warning).unwrap();
    assert_eq!(t.state().result.unwrap().reason, ResultReason::SecondWarning);
    let a = appeal(&mut t, second);
    t.try_push(Role::Committee, decide(a, AppealDecision::Annulled)).unwrap();
    let s = t.state();
    assert!(s.result.is_none(), "the loss came from a warning that is void");
    assert_eq!(s.warnings(Black), 1);
    let v = s.incident(second).unwrap();
    assert_eq!((v.effective.unwrap().ruling, v.effective.unwrap().rank), (Ruling::Void, 3));
    assert_eq!(v.rulings.len(), 2, "the referee's warning is kept, superseded");
    assert_eq!(v.rulings[0].superseded_by, Some(v.effective.unwrap().event));
    assert_eq!(v.article, Some(Article::Art24_2), "the record says under which article no foul was found");

    // A loss (第二十四条三 consulting material): void, the game goes on without a result.
    let mut t = Table::chinese();
    let loss = t.try_incident(Incident::Consulting { offender: White }, Ruling::OffenderLoses).unwrap();
    assert_eq!(t.state().result.unwrap().outcome, Outcome::win(Black));
    let a = appeal(&mut t, loss);
    t.try_push(Role::Committee, decide(a, AppealDecision::Annulled)).unwrap();
    assert!(t.state().result.is_none());

    // An imposed pass (第十九条): void, no pass on the record.
    let mut t = Table::chinese();
    let pass = t
        .try_incident(Incident::ForbiddenPoint { offender: Black, point: None, objection: None }, Ruling::MoveVoidPass)
        .unwrap();
    assert_eq!(t.state().sides.black.imposed_passes, vec![pass]);
    let a = appeal(&mut t, pass);
    t.try_push(Role::Committee, decide(a, AppealDecision::Annulled)).unwrap();
    let s = t.state();
    assert!(s.sides.black.imposed_passes.is_empty());
    assert!(s.to_move.is_none(), "no pass, so no one is told to move");
    assert_eq!(s.events, 4, "every event is kept");
}

#[test]
fn the_chief_arbiter_finds_that_no_foul_happened_but_a_referee_cannot() {
    for (incident, ruling) in [
        (disturbing(), Ruling::Warning),
        (Incident::Consulting { offender: Black }, Ruling::OffenderLoses),
        (Incident::KoRecapture { offender: Black, point: None, objection: None }, Ruling::MoveVoidPass),
    ] {
        let mut t = Table::chinese();
        let id = t.try_incident(incident.clone(), ruling).unwrap();
        let err = t.try_push(Role::Referee, rule(id, Ruling::Void)).unwrap_err();
        let forbidden = Forbidden::FindNoFoul(incident.kind());
        assert_eq!(err, DomainError::not_authorized(Role::Referee, forbidden, Some(Role::ChiefArbiter)));
        let allowed = arbiter_domain::rules::allowed(
            &Default::default(),
            &incident,
            Role::ChiefArbiter,
            arbiter_domain::rules::RuleContext::for_game(None),
        );
        assert!(allowed.iter().any(|a| a.ruling == Ruling::Void), "offered to the chief arbiter");
        t.try_push(Role::ChiefArbiter, rule(id, Ruling::Void)).unwrap();
        let s = t.state();
        assert!(
            s.result.is_none() && s.warnings(Black) == 0 && s.sides.black.imposed_passes.is_empty(),
            "{incident:?}"
        );
        assert_eq!(s.incident(id).unwrap().rulings.len(), 2);
    }
}

#[test]
fn after_an_imposed_pass_the_opponent_is_to_move_until_something_else_happens() {
    // 第十九条 / 第二十条一 / 第二十二条: 判着手无效，弃权一次，轮对方下子.
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let ko = t
        .try_incident(Incident::KoRecapture { offender: White, point: None, objection: None }, Ruling::MoveVoidPass)
        .unwrap();
    let m = t.state().to_move.expect("the state says who is to move");
    assert_eq!((m.colour, m.after_pass, m.article), (Black, ko, Article::Art20_1));
    t.referee(EventBody::ClockPaused { reason: None });
    assert!(t.state().to_move.is_none(), "once something else happened, it is no longer known");
}

#[test]
fn the_not_in_ruleset_message_names_the_incident_type_to_use() {
    let mut t = Table::chinese();
    let err = t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap_err();
    assert_eq!(err, DomainError::NotInRuleset { ruleset: Preset::Chinese1988, incident: IncidentType::Noise });
    assert!(err.to_string().contains("`other_foul`") && err.to_string().contains("第二十五条一"), "{err}");
}

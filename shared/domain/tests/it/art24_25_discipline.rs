//! 第二十四条 赛场纪律 and 第二十五条 其它 — above all 25.2: the second warning loses the game.

use crate::support;

use arbiter_domain::error::words;
use arbiter_domain::event::EventBody;
use arbiter_domain::game::OpenKind;
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, Incident, IncidentType, Outcome, ResultReason, Ruling};
use arbiter_domain::DomainError;
use support::*;

#[test]
fn art_24_1_leaving_the_hall_is_a_warning_and_a_report_to_the_committee() {
    // 无故中途退场，警告一次并申报大会组委会。
    let mut t = Table::chinese();
    let id = t.try_incident(Incident::LeftHall { offender: White }, Ruling::WarningAndReport).unwrap();
    let s = t.state();
    assert_eq!(s.sides.white.warnings, vec![id]);
    assert_eq!(s.sides.white.reported_to_committee, vec![id]);
    assert_eq!(
        t.try_incident(Incident::LeftHall { offender: White }, Ruling::Warning).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art24_1,
            IncidentType::LeftHall,
            Ruling::Warning,
            &[Ruling::WarningAndReport]
        ),
        "the report is not optional"
    );
}

#[test]
fn art_24_2_disturbing_others_is_advice_or_a_warning() {
    let mut t = Table::chinese();
    t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Advice).unwrap();
    assert_eq!(t.state().sides.black.advice.len(), 1);
    assert_eq!(
        t.try_incident(Incident::Disturbing { offender: Black }, Ruling::OffenderLoses).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art24_2,
            IncidentType::Disturbing,
            Ruling::OffenderLoses,
            &[Ruling::Advice, Ruling::Warning]
        )
    );
}

#[test]
fn art_24_3_consulting_is_a_warning_or_a_loss_by_severity() {
    let mut t = Table::chinese();
    t.try_incident(Incident::Consulting { offender: Black }, Ruling::Warning).unwrap();
    assert_eq!(t.state().warnings(Black), 1);
    let mut t = Table::chinese();
    t.try_incident(Incident::Consulting { offender: Black }, Ruling::OffenderLoses).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::win(White), Article::Art24_3));
}

#[test]
fn art_25_1_the_referee_rules_an_uncovered_foul_or_refers_it_to_the_chief_arbiter() {
    // 裁判员根据总则或竞赛规程的精神，作合理的判决，对不能确认的判例，应及时申报裁判长处理。
    let foul = Incident::OtherFoul { offender: Some(Black), description: "phone on the table".into() };
    let mut t = Table::chinese();
    t.try_incident(foul.clone(), Ruling::Advice).unwrap();
    assert_eq!(t.state().sides.black.advice.len(), 1);

    let mut t = Table::chinese();
    let id = t.referee(record(foul.clone(), None));
    t.try_push(Role::Referee, EventBody::Escalated { incident: id, to: Role::ChiefArbiter, note: None }).unwrap();
    let s = t.state();
    assert_eq!(s.open.len(), 1);
    assert_eq!((s.open[0].kind, s.open[0].for_role), (OpenKind::Escalation, Role::ChiefArbiter));
    t.try_push(Role::ChiefArbiter, rule(id, Ruling::Warning)).unwrap();
    let s = t.state();
    assert!(s.open.is_empty());
    assert_eq!(s.warnings(Black), 1);
    // A loss under 25.1 needs to know who committed the foul.
    let mut t = Table::chinese();
    let anon = Incident::OtherFoul { offender: None, description: "noise".into() };
    assert_eq!(
        t.try_incident(anon, Ruling::OffenderLoses).unwrap_err(),
        DomainError::MissingFact { article: Article::Art25_1, fact: words::OFFENDER }
    );
}

#[test]
fn art_25_2_the_second_warning_in_one_game_loses_it() {
    // 对局者被判的警告，应记录在案，在一局棋里满二次者，判该局为负。
    let mut t = Table::chinese();
    let first =
        t.try_incident(Incident::StoneLifted { offender: Black, dropped: false }, Ruling::RestoreWithWarning).unwrap();
    let s = t.state();
    assert_eq!(s.sides.black.warnings, vec![first]);
    assert!(s.result.is_none(), "one warning does not lose");
    let second = t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Warning).unwrap();
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(r.outcome, Outcome::win(White));
    assert_eq!(r.reason, ResultReason::SecondWarning);
    assert_eq!(r.article, Article::Art25_2);
    assert_eq!(r.event, second, "the result links to the warning that decided it");
    assert_eq!(s.sides.black.warnings, vec![first, second]);
}

#[test]
fn art_25_2_advice_does_not_count_and_warnings_are_per_player() {
    let mut t = Table::chinese();
    for _ in 0..3 {
        t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Advice).unwrap();
    }
    t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Warning).unwrap();
    t.try_incident(Incident::WrongfulRemoval { offender: White, objection: None }, Ruling::RestoreWithWarning).unwrap();
    let s = t.state();
    assert_eq!((s.warnings(Black), s.warnings(White)), (1, 1));
    assert!(s.result.is_none(), "one warning each loses nobody the game");
}

#[test]
fn art_25_2_the_first_to_reach_two_loses_and_a_later_warning_does_not_change_it() {
    let mut t = Table::chinese();
    t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
    t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Warning).unwrap();
    t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
    // The game is over; a referee's further warning is kept and flagged, not applied.
    let late = t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Warning).unwrap();
    let s = t.state();
    assert_eq!(s.result.unwrap().outcome, Outcome::win(Black));
    assert_eq!(s.warnings(Black), 1);
    assert!(s.incident(late).unwrap().after_result);
    assert!(s
        .open
        .iter()
        .any(|o| o.kind == OpenKind::AfterResult && o.event == late && o.for_role == Role::ChiefArbiter));
}

#[test]
fn the_referee_sees_the_second_warnings_loss_before_confirming() {
    // The UI's “第二次警告：白方判负（第二十五条二）” comes from this preview.
    let mut t = Table::chinese();
    t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
    let proposed = t.event(Role::Referee, record(Incident::Consulting { offender: White }, Some(Ruling::Warning)));
    let p = arbiter_domain::game::preview(&t.events, Default::default(), &proposed).unwrap();
    assert!(p.result_before.is_none());
    let r = p.result_after.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(Black), ResultReason::SecondWarning, Article::Art25_2));
    assert_eq!(p.warnings_after.white, 2);
    assert_eq!(p.consequence.unwrap().article, Article::Art24_3);
    assert!(!p.flagged_after_result && p.refused.is_none());
    assert_eq!(t.state().result, None, "a preview records nothing");

    // A ruling the article does not allow is shown as refused, with the reason.
    let bad = t.event(Role::Referee, record(Incident::Consulting { offender: White }, Some(Ruling::Advice)));
    let p = arbiter_domain::game::preview(&t.events, Default::default(), &bad).unwrap();
    let not_allowed = DomainError::ruling_not_allowed(
        Article::Art24_3,
        IncidentType::Consulting,
        Ruling::Advice,
        &[Ruling::Warning, Ruling::OffenderLoses],
    );
    assert_eq!(p.refused, Some(not_allowed.body()));
}

/// The desk's previews fold a draft onto the kept state instead of folding the game twice:
/// for every kind of decision they must say what the full folds say.
#[test]
fn a_preview_on_the_kept_state_equals_the_full_folds() {
    use arbiter_domain::game::{preview, preview_on};
    let mut t = Table::chinese();
    let first = t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
    let moved = t
        .try_push(
            Role::Referee,
            record(
                Incident::MovedStones { mover: None, players_agree: false, deliberate: false, restorable: None },
                None,
            ),
        )
        .unwrap();
    let bodies = [
        record(Incident::Consulting { offender: White }, Some(Ruling::Warning)),
        record(Incident::Consulting { offender: White }, Some(Ruling::Advice)),
        EventBody::RulingIssued { incident: first, ruling: Ruling::Advice, note: None },
        EventBody::RulingIssued { incident: moved, ruling: Ruling::Draw, note: None },
        EventBody::Escalated { incident: moved, to: Role::ChiefArbiter, note: None },
        EventBody::ClockStarted,
    ];
    let before = t.state();
    for body in bodies {
        let proposed = t.event(Role::ChiefArbiter, body.clone());
        assert_eq!(
            preview_on(&before, &t.events, Default::default(), &proposed),
            preview(&t.events, Default::default(), &proposed),
            "{body:?}"
        );
    }
}

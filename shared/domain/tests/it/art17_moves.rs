//! 第十七条 行棋: scenarios from the rule text.

use crate::support;

use arbiter_domain::error::{words, Forbidden};
use arbiter_domain::game::{OpenKind, Status};
use arbiter_domain::model::Role;
use arbiter_domain::rules::penalty::Condition;
use arbiter_domain::rules::{Article, Incident, IncidentType, Outcome, ResultReason, Ruling, ScatterCause};
use arbiter_domain::DomainError;
use support::*;

#[test]
fn art_17_1_the_double_mover_loses() {
    // 一方并未表示弃权，另一方连走二步，判连走二步者为负。
    let mut t = Table::chinese();
    t.referee(arbiter_domain::event::EventBody::ClockStarted);
    let id = t.incident(Incident::DoubleMove { offender: White, objection: None }, Ruling::OffenderLoses);
    let s = t.state();
    let r = s.result.expect("a result");
    assert_eq!(r.outcome, Outcome::win(Black));
    assert_eq!(r.reason, ResultReason::DoubleMove);
    assert_eq!(r.article, Article::Art17_1);
    assert_eq!(r.event, id);
    assert_eq!(s.status, Status::Finished);
}

#[test]
fn art_17_1_allows_no_lesser_ruling() {
    let mut t = Table::chinese();
    let err = t.try_incident(Incident::DoubleMove { offender: White, objection: None }, Ruling::Warning).unwrap_err();
    assert_eq!(
        err,
        DomainError::ruling_not_allowed(
            Article::Art17_1,
            IncidentType::DoubleMove,
            Ruling::Warning,
            &[Ruling::OffenderLoses]
        )
    );
    assert!(err.to_string().contains("第十七条一"), "{err}");
}

#[test]
fn art_17_2_a_lifted_stone_goes_back_with_one_warning() {
    // 棋子下完后，又从棋盘上拿起下在别处。判棋子放回原处，警告一次。
    let mut t = Table::chinese();
    let id = t.incident(Incident::StoneLifted { offender: Black, dropped: false }, Ruling::RestoreWithWarning);
    let s = t.state();
    assert_eq!(s.sides.black.warnings, vec![id]);
    assert!(s.sides.white.warnings.is_empty());
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::Art17_2);
    assert!(s.result.is_none());
}

#[test]
fn art_17_2_a_stone_that_truly_fell_is_replayed_without_warning() {
    // 如棋子确系掉落，允许其拣起后任选着点。
    let mut t = Table::chinese();
    t.incident(Incident::StoneLifted { offender: Black, dropped: true }, Ruling::DroppedStoneReplayed);
    assert_eq!(t.state().warnings(Black), 0);
    // And a dropped stone cannot be punished as a lifted one, nor the reverse.
    let err = t.try_incident(Incident::StoneLifted { offender: Black, dropped: true }, Ruling::RestoreWithWarning);
    assert_eq!(err.unwrap_err(), unmet(Article::Art17_2, Ruling::RestoreWithWarning, Condition::StoneNotDropped));
    let err = t.try_incident(Incident::StoneLifted { offender: Black, dropped: false }, Ruling::DroppedStoneReplayed);
    assert_eq!(err.unwrap_err(), unmet(Article::Art17_2, Ruling::DroppedStoneReplayed, Condition::StoneDropped));
}

fn moved(agree: bool, deliberate: bool, mover: Option<arbiter_domain::model::Colour>) -> Incident {
    Incident::MovedStones { mover, players_agree: agree, deliberate, restorable: None }
}

#[test]
fn art_17_3_with_both_players_agreeing_the_referee_restores_or_accepts() {
    // 在征得对局者一致意见后，可判移动之子挪回原处，或者判移子有效。
    for ruling in [Ruling::Restore, Ruling::Accept] {
        let mut t = Table::chinese();
        let id = t.try_incident(moved(true, false, None), ruling).unwrap();
        let s = t.state();
        assert_eq!(s.incident(id).unwrap().effective.unwrap().ruling, ruling);
        assert!(s.result.is_none() && s.open.is_empty());
    }
    // With agreement only restore or accept: a draw or a replay is for when the players disagree.
    let mut t = Table::chinese();
    for ruling in [Ruling::Draw, Ruling::Replay] {
        assert_eq!(
            t.try_incident(moved(true, false, None), ruling).unwrap_err(),
            unmet(Article::Art17_3, ruling, Condition::DisagreedNotDeliberate)
        );
    }
}

#[test]
fn art_17_3_when_the_players_disagree_only_the_chief_arbiter_rules() {
    // 在对局者意见不一致时，应立即报请裁判长处理。
    let mut t = Table::chinese();
    let err = t.try_incident(moved(false, false, None), Ruling::Restore).unwrap_err();
    assert_eq!(
        err,
        DomainError::not_authorized(
            Role::Referee,
            Forbidden::Rule(Ruling::Restore, IncidentType::MovedStones),
            Some(Role::ChiefArbiter)
        )
    );
    assert!(err.to_string().contains("chief arbiter"), "{err}");

    let id = t.referee(record(moved(false, false, None), None));
    let s = t.state();
    assert_eq!(s.open.len(), 1);
    assert_eq!((s.open[0].kind, s.open[0].for_role), (OpenKind::AwaitingRuling, Role::ChiefArbiter));

    // 裁判长可判：1 挪回原处 2 有效 3 和棋 4 重下.
    for (ruling, outcome) in [
        (Ruling::Restore, None),
        (Ruling::Accept, None),
        (Ruling::Draw, Some(Outcome::Draw)),
        (Ruling::Replay, Some(Outcome::ReplayOrdered)),
    ] {
        let mut t2 = t.clone();
        t2.try_push(Role::ChiefArbiter, rule(id, ruling)).unwrap();
        let s = t2.state();
        assert_eq!(s.result.map(|r| r.outcome), outcome, "{ruling:?}");
        assert!(s.open.is_empty(), "{ruling:?} settles it: {:?}", s.open);
    }
}

#[test]
fn art_17_3_deliberately_moving_stones_loses() {
    // 如属故意移子，应判移子者为负。
    let mut t = Table::chinese();
    t.try_incident(moved(false, true, Some(White)), Ruling::OffenderLoses).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.article),
        (Outcome::win(Black), ResultReason::DeliberateMovedStones, Article::Art17_3)
    );
    // Without knowing who moved them there is no one to declare the loser.
    let mut t = Table::chinese();
    let err = t.try_incident(moved(false, true, None), Ruling::OffenderLoses).unwrap_err();
    assert_eq!(err, DomainError::MissingFact { article: Article::Art17_3, fact: words::OFFENDER });
}

fn scattered(cause: ScatterCause, by: Option<arbiter_domain::model::Colour>, reconstructable: bool) -> Incident {
    Incident::BoardScattered { cause, by, reconstructable }
}

#[test]
fn art_17_4_force_majeure_reconstruct_or_else_draw_or_replay() {
    // 因外界不可抗拒的原因导致棋局散乱，应经双方复盘确认后，继续比赛。如双方没有能力复盘，则判和或重下。
    let mut t = Table::chinese();
    t.try_incident(scattered(ScatterCause::ForceMajeure, None, true), Ruling::Reconstruct).unwrap();
    assert!(t.state().result.is_none());
    assert_eq!(
        t.try_incident(scattered(ScatterCause::ForceMajeure, None, true), Ruling::Draw).unwrap_err(),
        unmet(Article::Art17_4, Ruling::Draw, Condition::Scattered(ScatterCause::ForceMajeure, Some(false)))
    );
    for (ruling, outcome) in [(Ruling::Draw, Outcome::Draw), (Ruling::Replay, Outcome::ReplayOrdered)] {
        let mut t = Table::chinese();
        t.try_incident(scattered(ScatterCause::ForceMajeure, None, false), ruling).unwrap();
        assert_eq!(t.state().result.unwrap().outcome, outcome);
    }
}

#[test]
fn art_17_4_unintentional_reconstruct_or_else_the_scatterer_loses() {
    // 如对局者确属无意散乱了棋局，可复盘续赛。不能复盘的，则判散乱棋局一方为负。
    let mut t = Table::chinese();
    t.try_incident(scattered(ScatterCause::Unintentional, Some(Black), true), Ruling::Reconstruct).unwrap();
    assert!(t.state().result.is_none());
    let mut t = Table::chinese();
    // The only draw under 17.4 is for force majeure.
    assert_eq!(
        t.try_incident(scattered(ScatterCause::Unintentional, Some(Black), false), Ruling::Draw).unwrap_err(),
        unmet(Article::Art17_4, Ruling::Draw, Condition::Scattered(ScatterCause::ForceMajeure, Some(false)))
    );
    t.try_incident(scattered(ScatterCause::Unintentional, Some(Black), false), Ruling::OffenderLoses).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::ScatteredBoard, Article::Art17_4));
}

#[test]
fn art_17_4_deliberate_scattering_loses_even_if_reconstructable() {
    // 如对局一方故意散乱棋局，判负。
    let mut t = Table::chinese();
    // The refusal names the first reconstruct row (force majeure); no row is for deliberate scattering.
    assert_eq!(
        t.try_incident(scattered(ScatterCause::Deliberate, Some(White), true), Ruling::Reconstruct).unwrap_err(),
        unmet(Article::Art17_4, Ruling::Reconstruct, Condition::Scattered(ScatterCause::ForceMajeure, Some(true)))
    );
    t.try_incident(scattered(ScatterCause::Deliberate, Some(White), true), Ruling::OffenderLoses).unwrap();
    assert_eq!(t.state().result.unwrap().outcome, Outcome::win(Black));
}

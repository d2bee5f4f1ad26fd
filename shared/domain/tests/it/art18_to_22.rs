//! 第十八条 提子, 第十九条 禁着点, 第二十条 全局同形再现, 第二十一条 终局, 第二十二条 封棋.

use crate::support;

use arbiter_domain::error::Unmet;
use arbiter_domain::event::EventBody;
use arbiter_domain::game::Status;
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, Cycle, Incident, IncidentType, Outcome, Ruling};
use arbiter_domain::DomainError;
use support::*;

#[test]
fn art_18_wrongful_removal_warns_the_remover_and_restores() {
    // 误将对方有气之子提取，判误提者警告一次，把有气之子放回原处。
    let mut t = Table::chinese();
    let id = t
        .try_incident(Incident::WrongfulRemoval { offender: White, objection: None }, Ruling::RestoreWithWarning)
        .unwrap();
    let s = t.state();
    assert_eq!(s.sides.white.warnings, vec![id]);
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::Art18);
    assert_eq!(
        t.try_incident(Incident::WrongfulRemoval { offender: White, objection: None }, Ruling::OffenderLoses)
            .unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art18,
            IncidentType::WrongfulRemoval,
            Ruling::OffenderLoses,
            &[Ruling::RestoreWithWarning]
        )
    );
}

#[test]
fn art_19_a_move_on_a_forbidden_point_is_void_and_counts_as_one_pass() {
    // 棋子下子在禁着点上，判着手无效，弃权一次。
    let mut t = Table::chinese();
    let p = "D4".parse().ok();
    let id = t
        .try_incident(Incident::ForbiddenPoint { offender: Black, point: p, objection: None }, Ruling::MoveVoidPass)
        .unwrap();
    let s = t.state();
    assert_eq!(s.sides.black.imposed_passes, vec![id]);
    assert_eq!(s.warnings(Black), 0, "a pass is not a warning");
    assert!(s.result.is_none(), "弃权一次 is not a forfeit");
}

#[test]
fn art_20_1_an_immediate_ko_recapture_is_void_and_counts_as_one_pass() {
    // 劫争马上回提，判回提者着手无效，弃权一次。
    let mut t = Table::chinese();
    let id = t
        .try_incident(Incident::KoRecapture { offender: White, point: None, objection: None }, Ruling::MoveVoidPass)
        .unwrap();
    let s = t.state();
    assert_eq!(s.sides.white.imposed_passes, vec![id]);
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::Art20_1);
}

#[test]
fn art_20_2_false_life_is_not_alive() {
    let mut t = Table::chinese();
    t.try_incident(Incident::FalseLife { owner: Black }, Ruling::NotAlive).unwrap();
    assert!(t.state().result.is_none());
    assert_eq!(
        t.try_incident(Incident::FalseLife { owner: Black }, Ruling::TreatedAsSeki).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art20_2,
            IncidentType::FalseLife,
            Ruling::TreatedAsSeki,
            &[Ruling::NotAlive]
        )
    );
}

#[test]
fn art_20_3_rare_cycles_are_a_draw_or_a_replay() {
    // 三劫、四劫循环，长生、双提二子等罕见特例，可判和棋或者重下。
    for cycle in [Cycle::TripleKo, Cycle::QuadrupleKo, Cycle::EternalLife, Cycle::DoubleTwoStoneCapture] {
        for (ruling, outcome) in [(Ruling::Draw, Outcome::Draw), (Ruling::Replay, Outcome::ReplayOrdered)] {
            let mut t = Table::chinese();
            t.try_incident(Incident::RareCycle { cycle, at_end: None }, ruling).unwrap();
            let r = t.state().result.unwrap();
            assert_eq!((r.outcome, r.article), (outcome, Article::Art20_3));
        }
    }
    let mut t = Table::chinese();
    assert_eq!(
        t.try_incident(Incident::RareCycle { cycle: Cycle::TripleKo, at_end: None }, Ruling::NoResult).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art20_3,
            IncidentType::RareCycle,
            Ruling::NoResult,
            &[Ruling::Draw, Ruling::Replay]
        )
    );
}

#[test]
fn art_20_4_a_repetition_shape_is_no_reason_to_refuse_the_end() {
    let mut t = Table::chinese();
    t.try_incident(Incident::RepetitionEndRefusal { by: White }, Ruling::MustEnd).unwrap();
    assert_eq!(
        t.try_incident(Incident::RepetitionEndRefusal { by: White }, Ruling::PlayContinues).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art20_4,
            IncidentType::RepetitionEndRefusal,
            Ruling::PlayContinues,
            &[Ruling::MustEnd]
        )
    );
}

#[test]
fn art_21_1_when_the_other_side_plays_on_the_game_continues() {
    // 轮走方确认终局，着手随之弃权，如对方不同意终局，可再下子……对局继续进行。
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    t.try_incident(Incident::EndProposed { by: Black }, Ruling::PlayContinues).unwrap();
    let s = t.state();
    assert_eq!(s.status, Status::Playing);
    assert!(s.result.is_none());
}

#[test]
fn art_21_2_and_21_3_neutral_points_are_seki_and_disputes_are_settled_by_play() {
    let mut t = Table::chinese();
    t.try_incident(Incident::NeutralPoints, Ruling::TreatedAsSeki).unwrap();
    t.try_incident(Incident::LifeAndDeathDispute, Ruling::SettledByPlay).unwrap();
    assert_eq!(
        t.try_incident(Incident::LifeAndDeathDispute, Ruling::Draw).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Art21_3,
            IncidentType::LifeAndDeathDispute,
            Ruling::Draw,
            &[Ruling::SettledByPlay]
        )
    );
    let s = t.state();
    assert_eq!(s.incidents.len(), 2);
    assert!(s.result.is_none() && s.open.is_empty());
}

#[test]
fn art_14_the_sealed_move_stays_hidden_until_it_is_opened_and_must_match_its_seal() {
    use arbiter_domain::game::{Salt, SealDigest};
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let game = t.state().game;
    let salt = Salt::from_bytes([7; 16]);
    let q16: arbiter_domain::model::Point = "Q16".parse().unwrap();
    let seal = SealDigest::of(&game, q16, &salt);
    let body = EventBody::GameAdjourned { sealer: White, seal: Some(seal) };
    // What syncs to every official names no point.
    let wire = serde_json::to_string(&body).unwrap();
    assert!(!wire.contains("Q16") && !wire.contains("q16"), "{wire}");
    t.try_push(Role::Referee, body).unwrap();
    assert_eq!(t.state().status, Status::Adjourned { sealer: White, seal: Some(seal) });
    // Opened as another point: refused, the game stays adjourned.
    let e = t
        .try_push(Role::Referee, EventBody::MoveUnsealed { point: "D4".parse().unwrap(), salt: Some(salt) })
        .unwrap_err();
    assert!(e.to_string().contains("Art. 14") && e.to_string().contains("D4"), "{e}");
    // The right point with a wrong salt is no better.
    let wrong = Salt::from_bytes([8; 16]);
    assert_eq!(
        t.try_push(Role::Referee, EventBody::MoveUnsealed { point: q16, salt: Some(wrong) }).unwrap_err(),
        DomainError::Invalid {
            field: "point".into(),
            detail: arbiter_domain::error::Detail::NotTheSealedMove { point: "Q16".into() }
        }
    );
    assert!(matches!(t.state().status, Status::Adjourned { .. }));
    t.try_push(Role::Referee, EventBody::MoveUnsealed { point: q16, salt: Some(salt) }).unwrap();
    assert_eq!(t.state().status, Status::Playing);
    // Seal and salt travel as hex.
    let json = serde_json::to_value(EventBody::MoveUnsealed { point: q16, salt: Some(salt) }).unwrap();
    assert_eq!(json["data"]["salt"], "07070707070707070707070707070707");
    assert!(serde_json::from_value::<Salt>(serde_json::json!("07")).is_err());
}

#[test]
fn art_14_and_22_sealed_move_adjourn_unseal_and_an_occupied_point_is_one_pass() {
    // 第十四条: 轮下子的一方……把准备下子的点写在记录纸上，然后密封交裁判员。续赛时，裁判员当场启封。
    // 第二十二条: 如封棋之点已有棋子时，判弃权一次，轮对方下子。
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    assert_eq!(
        t.try_push(Role::Referee, EventBody::MoveUnsealed { point: "Q16".parse().unwrap(), salt: None }).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::Art14, why: Unmet::NotAdjourned }
    );
    t.try_push(Role::Referee, EventBody::GameAdjourned { sealer: White, seal: None }).unwrap();
    assert_eq!(t.state().status, Status::Adjourned { sealer: White, seal: None });
    t.try_push(Role::Referee, EventBody::MoveUnsealed { point: "Q16".parse().unwrap(), salt: None }).unwrap();
    assert_eq!(t.state().status, Status::Playing);
    let id = t
        .try_incident(Incident::SealedPointOccupied { sealer: White, point: "Q16".parse().ok() }, Ruling::MoveVoidPass)
        .unwrap();
    let s = t.state();
    assert_eq!(s.sides.white.imposed_passes, vec![id]);
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::Art22);
}

//! The Korean Baduk Association profile (seed 004).

mod support;

use arbiter_domain::event::EventBody;
use arbiter_domain::rules::{Article, Count, Cycle, Incident, Margin, Outcome, ResultReason, Ruling};
use support::*;

#[test]
fn an_illegal_move_loses_at_once() {
    // 付則 第一条1: 第五・七・八条を守らなかった場合 → 反則負け.
    for inc in [
        Incident::ForbiddenPoint { offender: Black, point: None },
        Incident::KoRecapture { offender: Black, point: None },
        Incident::DoubleMove { offender: Black },
    ] {
        let mut t = Table::korean();
        assert!(t.try_incident(inc.clone(), Ruling::MoveVoidPass).is_err(), "no pass under KBA: {inc:?}");
        t.try_incident(inc, Ruling::OffenderLoses).unwrap();
        let r = t.state().result.unwrap();
        assert_eq!((r.outcome, r.article), (Outcome::win(White), Article::KrA1_1));
    }
}

#[test]
fn a_phone_ring_is_a_yellow_card_the_second_loses_and_a_call_loses() {
    // 競技の規則 第一条1.
    let mut t = Table::korean();
    t.try_incident(Incident::PhoneRang { offender: White, call: false }, Ruling::Warning).unwrap();
    assert!(t.state().result.is_none());
    t.try_incident(Incident::PhoneRang { offender: White, call: false }, Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(Black), ResultReason::SecondWarning, Article::KrA1_5));

    let mut t = Table::korean();
    assert!(t.try_incident(Incident::PhoneRang { offender: White, call: true }, Ruling::Warning).is_err());
    t.try_incident(Incident::PhoneRang { offender: White, call: true }, Ruling::OffenderLoses).unwrap();
    assert_eq!(t.state().result.unwrap().article, Article::KrC1_1);
}

#[test]
fn noise_is_a_warning_then_a_loss() {
    let mut t = Table::korean();
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    assert!(t.state().result.is_none());
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    assert_eq!(t.state().result.unwrap().outcome, Outcome::win(White));
}

#[test]
fn moved_stones_restored_or_continued_by_agreement_else_both_lose() {
    // 付則 第一条3.
    let moved = |agree| Incident::MovedStones { mover: None, players_agree: agree, deliberate: false };
    let mut t = Table::korean();
    t.try_incident(moved(false), Ruling::Restore).unwrap();
    assert!(t.try_incident(moved(false), Ruling::Accept).is_err());
    t.try_incident(moved(true), Ruling::Accept).unwrap();
    assert!(t.state().result.is_none());
    t.try_incident(moved(false), Ruling::BothLose).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::BothLose, Article::KrA1_3));
}

#[test]
fn repetition_neither_side_yields_is_no_result() {
    // 囲碁規則 第十六条: 無勝負.
    let mut t = Table::korean();
    assert!(t.try_incident(Incident::RareCycle { cycle: Cycle::TripleKo }, Ruling::Draw).is_err());
    t.try_incident(Incident::RareCycle { cycle: Cycle::TripleKo }, Ruling::NoResult).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::NoResult, Article::Kr16));
}

#[test]
fn clock_and_capture_fouls_lose() {
    for (inc, art) in [
        (Incident::ClockPressedWithoutMove { offender: Black }, Article::KrC2_3),
        (Incident::ClockStoppedFillingDame { offender: Black }, Article::KrA1_4),
        (Incident::CaptureLeftOnBoard { offender: Black }, Article::KrA1_6),
        (Incident::WrongfulRemoval { offender: Black }, Article::KrA1_2),
    ] {
        let mut t = Table::korean();
        t.try_incident(inc, Ruling::OffenderLoses).unwrap();
        assert_eq!(t.state().result.unwrap().article, art);
    }
}

#[test]
fn where_seed_004_is_silent_the_chinese_article_applies_and_is_cited() {
    let mut t = Table::korean();
    t.try_incident(Incident::LateArrival { black_late_secs: 1_200, white_late_secs: 0 }, Ruling::Forfeit).unwrap();
    assert_eq!(t.state().result.unwrap().article, Article::Art23_1);
}

#[test]
fn korean_only_incidents_are_refused_under_the_chinese_rules() {
    let mut t = Table::chinese();
    let err = t.try_incident(Incident::PhoneRang { offender: Black, call: false }, Ruling::Warning).unwrap_err();
    assert_eq!(err.code(), "not_in_ruleset");
}

#[test]
fn territory_count_with_komi_and_the_game_record_shows_the_ruleset() {
    let mut t = Table::korean();
    t.referee(EventBody::EndConfirmed { first: Black });
    let area =
        EventBody::CountRecorded { count: serde_json::from_str(r#"{"method":"area","black_stones":185}"#).unwrap() };
    assert_eq!(t.try_push(arbiter_domain::domain::Role::Referee, area).unwrap_err().code(), "invalid_field");
    t.referee(EventBody::CountRecorded { count: Count::Territory { black_points: 70, white_points: 62 } });
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(r.outcome, Outcome::Win { winner: Black, margin: Some(Margin::Points(3)) });
    assert_eq!(r.article, Article::Kr14);
    assert_eq!(s.ruleset, arbiter_domain::rules::RulesetSpec::Korean);
}

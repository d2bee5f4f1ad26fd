//! The Korean Baduk Association profile (seed 004).

use crate::support;

use arbiter_domain::error::{words, Unmet};
use arbiter_domain::event::EventBody;
use arbiter_domain::rules::penalty::Condition;
use arbiter_domain::rules::{
    Article, Count, Cycle, Incident, IncidentType, Margin, Objection, Outcome, Preset, ResultReason, Ruling,
};
use arbiter_domain::DomainError;
use support::*;

/// 付則 第三条1: the objection came after play went on, so the foul counts as accepted.
const TOO_LATE: DomainError = DomainError::ConditionNotMet { article: Article::KrA3_1, why: Unmet::PlayWentOn };

/// The opponent objected before playing on (付則 第三条1), as the referee confirms.
const AT_ONCE: Option<Objection> = Some(Objection::Referee { play_went_on: false });

#[test]
fn an_illegal_move_loses_at_once() {
    // 付則 第一条1: 第五・七・八条を守らなかった場合 → 反則負け.
    for inc in [
        Incident::ForbiddenPoint { offender: Black, point: None, objection: AT_ONCE },
        Incident::KoRecapture { offender: Black, point: None, objection: AT_ONCE },
        Incident::DoubleMove { offender: Black, objection: AT_ONCE },
    ] {
        let mut t = Table::korean();
        assert_eq!(
            t.try_incident(inc.clone(), Ruling::MoveVoidPass).unwrap_err(),
            DomainError::ruling_not_allowed(
                Article::KrA1_1,
                inc.kind(),
                Ruling::MoveVoidPass,
                &[Ruling::OffenderLoses, Ruling::NoPenalty]
            ),
            "no pass under KBA: {inc:?}"
        );
        t.try_incident(inc, Ruling::OffenderLoses).unwrap();
        let r = t.state().result.unwrap();
        assert_eq!((r.outcome, r.article), (Outcome::win(White), Article::KrA1_1));
    }
}

/// Moved stones (KBA 付則第一条3), with the players' agreement and whether they can be put back.
fn moved(agree: bool, restorable: Option<bool>) -> Incident {
    Incident::MovedStones { mover: None, players_agree: agree, deliberate: false, restorable }
}

#[test]
fn appendix_1_3_stones_are_put_back_and_only_those_that_cannot_be_go_to_agreement() {
    // 付則 第一条3: 元々着手されていたところに戻しておくことを原則とする。戻せなかった場合そのまま
    // 対局を続けることもできるが、合意がなされなければ両負けである。
    // The referee's account: "A sleeve moved three of White's stones; both players showed where
    // they stood, so they went back. Later two stones were knocked off their points and neither
    // player could say where they had been: Black would play on as they are, White would not, so
    // both lose."
    let mut t = Table::korean();
    t.try_incident(moved(false, Some(true)), Ruling::Restore).unwrap();
    // What can be put back is put back: no disagreement makes it a loss, no agreement leaves it.
    assert_eq!(
        t.try_incident(moved(false, Some(true)), Ruling::BothLose).unwrap_err(),
        unmet(Article::KrA1_3, Ruling::BothLose, Condition::NotRestorableNotAgreed)
    );
    assert_eq!(
        t.try_incident(moved(true, Some(true)), Ruling::Accept).unwrap_err(),
        unmet(Article::KrA1_3, Ruling::Accept, Condition::NotRestorableAgreed)
    );
    // Not said whether they can: putting back is the principle.
    assert_eq!(
        t.try_incident(moved(false, None), Ruling::BothLose).unwrap_err(),
        unmet(Article::KrA1_3, Ruling::BothLose, Condition::NotRestorableNotAgreed)
    );
    // They cannot be put back: played on as they are when both agree...
    assert_eq!(
        t.try_incident(moved(true, Some(false)), Ruling::Restore).unwrap_err(),
        unmet(Article::KrA1_3, Ruling::Restore, Condition::Restorable)
    );
    t.try_incident(moved(true, Some(false)), Ruling::Accept).unwrap();
    assert!(t.state().result.is_none());
    // ...and without agreement both lose.
    t.try_incident(moved(false, Some(false)), Ruling::BothLose).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::BothLose, Article::KrA1_3));
}

#[test]
fn appendix_1_3_before_revision_7_agreement_alone_decided() {
    // A ledger from before rules revision 7, where nobody was asked whether the stones could be
    // put back: its "both lose" for want of agreement stands.
    let mut t = Table::korean();
    t.rules = 6;
    t.incident(moved(false, None), Ruling::BothLose);
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::BothLose, Article::KrA1_3));
}

#[test]
fn repetition_neither_side_yields_is_no_result() {
    // 囲碁規則 第十六条: 無勝負.
    let mut t = Table::korean();
    // A draw is 第十二条3's, at the end only.
    assert_eq!(
        t.try_incident(Incident::RareCycle { cycle: Cycle::TripleKo, at_end: None }, Ruling::Draw).unwrap_err(),
        DomainError::ConditionNotMet {
            article: Article::Kr12_3,
            why: Unmet::Condition { ruling: Ruling::Draw, when: Condition::AtEnd }
        }
    );
    assert_eq!(
        t.try_incident(Incident::RareCycle { cycle: Cycle::TripleKo, at_end: None }, Ruling::Replay).unwrap_err(),
        DomainError::ruling_not_allowed(
            Article::Kr12_3,
            IncidentType::RareCycle,
            Ruling::Replay,
            &[Ruling::Draw, Ruling::TreatedAsSeki, Ruling::NoResult]
        )
    );
    t.try_incident(Incident::RareCycle { cycle: Cycle::TripleKo, at_end: None }, Ruling::NoResult).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::NoResult, Article::Kr16));
}

#[test]
fn article_12_3_a_triple_ko_met_at_the_end_is_a_draw_or_seki_as_the_stronger_side_chooses() {
    // 囲碁規則 第十二条3 "眼あり眼なしの三劫のように反復するような形は権利の強い方から引き分け、または
    // セキを選択出来る". The referee's account: "Both players have given up the right to move. A
    // triple ko with and without eyes is left on the board; White, whose right is the stronger,
    // chooses." Seki: the game goes on to the count, no result is given by the ruling.
    let at_end = Incident::RareCycle { cycle: Cycle::TripleKo, at_end: Some(true) };
    let mut t = Table::korean();
    let id = t.try_incident(at_end.clone(), Ruling::TreatedAsSeki).unwrap();
    assert_eq!(t.state().incident(id).unwrap().effective.unwrap().article, Article::Kr12_3);
    assert!(t.state().result.is_none(), "seki: the game is counted");
    // A draw, as the other choice.
    let mut t = Table::korean();
    t.try_incident(at_end.clone(), Ruling::Draw).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::Draw, Article::Kr12_3));
    // At the end the choice is the players', not 第十六条's 無勝負 (which is for during play).
    let mut t = Table::korean();
    assert_eq!(
        t.try_incident(at_end, Ruling::NoResult).unwrap_err(),
        DomainError::ConditionNotMet {
            article: Article::Kr16,
            why: Unmet::Condition { ruling: Ruling::NoResult, when: Condition::DuringPlay }
        }
    );
    // During play (said, or not said) it stays 無勝負 (第十六条).
    let during = Incident::RareCycle { cycle: Cycle::TripleKo, at_end: Some(false) };
    let mut t = Table::korean();
    t.try_incident(during, Ruling::NoResult).unwrap();
    assert_eq!(t.state().result.unwrap().article, Article::Kr16);
}

#[test]
fn article_12_3_before_rules_revision_8_every_repetition_was_no_result() {
    // A ledger of revision 7 keeps its meaning: 第十六条 ruled every repetition, at the end too.
    let mut t = Table::korean();
    t.rules = 7;
    t.incident(Incident::RareCycle { cycle: Cycle::TripleKo, at_end: Some(true) }, Ruling::NoResult);
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::NoResult, Article::Kr16));
}

#[test]
fn row_a_repetition_at_the_end_is_a_draw_or_seki_under_article_12_3() {
    let at_end = Incident::RareCycle { cycle: Cycle::TripleKo, at_end: Some(true) };
    assert_eq!(cites(at_end.clone(), Ruling::Draw), (Article::Kr12_3, Some(Article::Kr12_3)));
    assert_eq!(cites(at_end, Ruling::TreatedAsSeki), (Article::Kr12_3, None));
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
    assert_eq!(err, DomainError::NotInRuleset { ruleset: Preset::Chinese1988, incident: IncidentType::PhoneRang });
}

#[test]
fn territory_count_with_komi_and_the_game_record_shows_the_ruleset() {
    let mut t = Table::korean();
    t.referee(EventBody::EndConfirmed { first: Black });
    let area =
        EventBody::CountRecorded { count: serde_json::from_str(r#"{"method":"area","black_stones":185}"#).unwrap() };
    let err = t.try_push(arbiter_domain::model::Role::Referee, area).unwrap_err();
    assert!(matches!(&err, DomainError::Invalid { field, .. } if field == "count.method"), "{err:?}");
    assert!(err.to_string().contains("territory"), "{err}");
    t.referee(EventBody::CountRecorded { count: Count::Territory { black_points: 70, white_points: 62 } });
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(r.outcome, Outcome::Win { winner: Black, margin: Some(Margin::Points(3)) });
    assert_eq!(r.article, Article::Kr14);
    assert_eq!(s.ruleset, arbiter_domain::rules::RulesetSpec::Korean);
}

// One test per row of the KBA table (seed 004): the article each ruling and result cites is
// the sentence that decides it.

/// Records `inc` with `ruling` on a fresh Korean game: (the ruling's article, the result's).
fn cites(inc: Incident, ruling: Ruling) -> (Article, Option<Article>) {
    let mut t = Table::korean();
    let id = t.try_incident(inc, ruling).unwrap();
    let s = t.state();
    (s.incident(id).unwrap().effective.unwrap().article, s.result.map(|r| r.article))
}

#[test]
fn row_double_move_loses_under_appendix_1_1() {
    // 付則第一条1: 第五条 (alternate moves) broken.
    assert_eq!(
        cites(Incident::DoubleMove { offender: Black, objection: AT_ONCE }, Ruling::OffenderLoses),
        (Article::KrA1_1, Some(Article::KrA1_1))
    );
}

#[test]
fn row_forbidden_point_loses_under_appendix_1_1() {
    // 付則第一条1: 第七条 (forbidden point) broken.
    let inc = Incident::ForbiddenPoint { offender: Black, point: None, objection: AT_ONCE };
    assert_eq!(cites(inc, Ruling::OffenderLoses), (Article::KrA1_1, Some(Article::KrA1_1)));
}

#[test]
fn row_ko_recapture_loses_under_appendix_1_1() {
    // 付則第一条1: 第八条 (ko) broken.
    let inc = Incident::KoRecapture { offender: White, point: None, objection: AT_ONCE };
    assert_eq!(cites(inc, Ruling::OffenderLoses), (Article::KrA1_1, Some(Article::KrA1_1)));
}

#[test]
fn row_wrongful_removal_loses_under_appendix_1_2() {
    // 付則第一条2: 盤上に残っていない石を取り上げた場合.
    assert_eq!(
        cites(Incident::WrongfulRemoval { offender: Black, objection: AT_ONCE }, Ruling::OffenderLoses),
        (Article::KrA1_2, Some(Article::KrA1_2))
    );
}

#[test]
fn row_moved_stones_restored_under_appendix_1_3() {
    assert_eq!(cites(moved(false, Some(true)), Ruling::Restore), (Article::KrA1_3, None));
}

#[test]
fn row_moved_stones_continued_by_agreement_under_appendix_1_3() {
    assert_eq!(cites(moved(true, Some(false)), Ruling::Accept), (Article::KrA1_3, None));
}

#[test]
fn row_moved_stones_without_agreement_both_lose_under_appendix_1_3() {
    assert_eq!(cites(moved(false, Some(false)), Ruling::BothLose), (Article::KrA1_3, Some(Article::KrA1_3)));
}

#[test]
fn appendix_1_4_and_1_5_the_first_clock_stop_while_filling_dame_is_a_foul_the_second_loses() {
    // 付則第一条4 "駄目を詰める際、対局時計を止めても反則である"; 第一条5 "付則第二条の罰則規定一項を
    // 二回行った場合" (付則第二条1: the clock is not stopped while dame are filled). The referee's
    // account: "Filling dame, Black stopped the clock: a foul, a yellow card. A few moves later
    // Black stopped it again: the second time, Black loses."
    let stop = || Incident::ClockStoppedFillingDame { offender: Black, objection: AT_ONCE };
    let mut t = Table::korean();
    assert_eq!(
        t.try_incident(stop(), Ruling::OffenderLoses).unwrap_err(),
        unmet(Article::KrA1_4, Ruling::OffenderLoses, Condition::BeforeCountedByKind),
        "the first stop does not lose at once"
    );
    assert_eq!(cites(stop(), Ruling::Warning), (Article::KrA1_4, None));
    t.try_incident(stop(), Ruling::Warning).unwrap();
    assert_eq!(t.state().result, None);
    // A yellow card of another kind between them does not count toward this one.
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    assert_eq!(t.state().result, None);
    t.try_incident(stop(), Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::SecondWarning, Article::KrA1_5));
}

#[test]
fn appendix_1_4_a_first_stop_recorded_before_revision_7_still_loses() {
    let mut t = Table::korean();
    t.rules = 6;
    // As a build of that revision admitted it (today's device refuses it: `validate` checks new
    // records under this build's revision).
    let id = t.incident(Incident::ClockStoppedFillingDame { offender: Black, objection: None }, Ruling::OffenderLoses);
    let s = t.state();
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::KrA1_4);
    assert_eq!(s.result.map(|r| (r.outcome, r.article)), Some((Outcome::win(White), Article::KrA1_4)));
}

#[test]
fn row_capture_left_on_board_loses_under_appendix_1_6() {
    assert_eq!(
        cites(Incident::CaptureLeftOnBoard { offender: White, objection: AT_ONCE }, Ruling::OffenderLoses),
        (Article::KrA1_6, Some(Article::KrA1_6))
    );
}

#[test]
fn row_phone_ring_is_a_yellow_card_under_competition_1_1_1_and_the_second_loses_under_1_1_2() {
    // 競技の規則 第一条1 1) 一回のベル：警告; 2) 二回のベル：反則負け.
    let ring = || Incident::PhoneRang { offender: White, call: false };
    assert_eq!(cites(ring(), Ruling::Warning), (Article::KrC1_1_1, None));
    let mut t = Table::korean();
    t.try_incident(ring(), Ruling::Warning).unwrap();
    t.try_incident(ring(), Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(Black), ResultReason::SecondWarning, Article::KrC1_1_2));
}

#[test]
fn row_call_in_the_hall_loses_under_competition_1_1_1() {
    // 競技の規則 第一条1 1) 対局場で通話をしたら反則負け; a call is no yellow card.
    let call = || Incident::PhoneRang { offender: White, call: true };
    let mut t = Table::korean();
    assert_eq!(
        t.try_incident(call(), Ruling::Warning).unwrap_err(),
        unmet(Article::KrC1_1_1, Ruling::Warning, Condition::RingOnly)
    );
    assert_eq!(cites(call(), Ruling::OffenderLoses), (Article::KrC1_1_1, Some(Article::KrC1_1_1)));
}

#[test]
fn row_noise_is_a_yellow_card_under_competition_1_2_1_and_the_second_loses_under_1_2_2() {
    // 競技の規則 第一条2 1) 1次：警告; 2) 2次：反則負け.
    assert_eq!(cites(Incident::Noise { offender: Black }, Ruling::Warning), (Article::KrC1_2_1, None));
    let mut t = Table::korean();
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::SecondWarning, Article::KrC1_2_2));
}

#[test]
fn row_clock_pressed_without_a_move_loses_under_competition_2_3() {
    assert_eq!(
        cites(Incident::ClockPressedWithoutMove { offender: Black, objection: AT_ONCE }, Ruling::OffenderLoses),
        (Article::KrC2_3, Some(Article::KrC2_3))
    );
}

#[test]
fn row_repetition_no_result_under_article_16() {
    assert_eq!(
        cites(Incident::RareCycle { cycle: Cycle::TripleKo, at_end: None }, Ruling::NoResult),
        (Article::Kr16, Some(Article::Kr16))
    );
}

#[test]
fn competition_1_a_ring_and_a_noise_each_count_on_their_own() {
    // 競技の規則 第一条1 "一回のベル：警告 二回のベル：反則負け" and 第一条2 "1次：警告 2次：反則負け".
    // The referee's account: "Black's phone rang early in the game: a yellow card. An hour later
    // Black rattled stones in the bowl: a yellow card. Each is Black's first of its kind, so the
    // game goes on. Then the phone rang again: that is the second ring, and Black loses."
    let ring = || Incident::PhoneRang { offender: Black, call: false };
    let mut t = Table::korean();
    t.try_incident(ring(), Ruling::Warning).unwrap();
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    let s = t.state();
    assert_eq!((s.result, s.warnings(Black)), (None, 2), "two yellow cards of two kinds lose nothing");
    t.try_incident(ring(), Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::SecondWarning, Article::KrC1_1_2));
}

#[test]
fn competition_1_a_yellow_card_does_not_add_to_a_borrowed_chinese_warning() {
    // Seed 004 counts rings and noises by kind and is silent on other warnings: those of the
    // Chinese rows the profile borrows (第二十四条二 disturbing another's thinking) count among
    // themselves under 第二十五条二, and a yellow card does not add to them.
    let mut t = Table::korean();
    t.try_incident(Incident::PhoneRang { offender: Black, call: false }, Ruling::Warning).unwrap();
    t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Warning).unwrap();
    assert_eq!(t.state().result, None);
    t.try_incident(Incident::Disturbing { offender: Black }, Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::win(White), Article::Art25_2));
}

#[test]
fn warnings_recorded_before_revision_7_keep_counting_together() {
    // A ledger from before rules revision 7: a ring and a noise lost the game under 第二十五条二,
    // and it still does (rules::revision: old ledgers keep their meaning).
    let mut t = Table::korean();
    t.rules = 6;
    t.try_incident(Incident::PhoneRang { offender: Black, call: false }, Ruling::Warning).unwrap();
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.reason, r.article), (Outcome::win(White), ResultReason::SecondWarning, Article::Art25_2));
    // The warning that decides is read under its own revision: a noise recorded now after a
    // ring recorded then is the first noise.
    let mut t = Table::korean();
    t.rules = 6;
    t.try_incident(Incident::PhoneRang { offender: Black, call: false }, Ruling::Warning).unwrap();
    t.rules = arbiter_domain::rules::RULES_REVISION;
    t.try_incident(Incident::Noise { offender: Black }, Ruling::Warning).unwrap();
    assert_eq!(t.state().result, None);
}

#[test]
fn appendix_3_1_an_objection_after_play_went_on_is_too_late() {
    // 付則 第三条1: 相手が反則をしたときには即座に異議を唱えなければならない。対局が進行された
    // 後では黙認したこととみなす。
    let late = Some(Objection::Referee { play_went_on: true });
    for inc in [
        Incident::ForbiddenPoint { offender: Black, point: None, objection: late },
        Incident::KoRecapture { offender: Black, point: None, objection: late },
        Incident::DoubleMove { offender: Black, objection: late },
        Incident::WrongfulRemoval { offender: Black, objection: late },
    ] {
        let mut t = Table::korean();
        let e = t.try_incident(inc.clone(), Ruling::OffenderLoses).unwrap_err();
        assert_eq!(e, TOO_LATE, "{inc:?}");
        assert!(e.to_string().contains("附则第三条1") && e.to_string().contains("accepted"), "{e}");
        // What the referee records instead: the foul stands, under 付則第三条1.
        assert_eq!(cites(inc, Ruling::NoPenalty), (Article::KrA3_1, None));
    }
}

#[test]
fn appendix_3_1_against_the_move_record() {
    // Ko recaptured at move 87: objected before move 88, it loses; after 88, it stands.
    let at = |after| Incident::KoRecapture {
        offender: White,
        point: None,
        objection: Some(Objection::Record { offending_move: 87, claimed_after_move: after }),
    };
    assert_eq!(cites(at(87), Ruling::OffenderLoses), (Article::KrA1_1, Some(Article::KrA1_1)));
    let mut t = Table::korean();
    assert_eq!(t.try_incident(at(88), Ruling::OffenderLoses).unwrap_err(), TOO_LATE);
    // A claim "after move 80" about move 87 is no claim: the facts are wrong.
    assert_eq!(
        t.try_incident(at(80), Ruling::OffenderLoses).unwrap_err(),
        DomainError::Invalid {
            field: "incident.facts.objection".into(),
            detail: arbiter_domain::error::Detail::ClaimBeforeFoul { claimed_after: 80, offending: 87 }
        }
    );
    assert!(t.state().result.is_none());
}

#[test]
fn appendix_3_1_needs_to_know_when_the_claim_was_raised() {
    let mut t = Table::korean();
    let e = t
        .try_incident(Incident::KoRecapture { offender: White, point: None, objection: None }, Ruling::OffenderLoses)
        .unwrap_err();
    assert_eq!(e, DomainError::MissingFact { article: Article::KrA3_1, fact: words::OBJECTION });
    assert!(e.to_string().contains("附则第三条1"), "{e}");
}

/// The three fouls 付則第三条1 reaches from rules revision 9, each with `objection` set.
fn reached(objection: Option<Objection>) -> [(Incident, Ruling, Article); 3] {
    [
        (Incident::ClockPressedWithoutMove { offender: White, objection }, Ruling::OffenderLoses, Article::KrC2_3),
        (Incident::ClockStoppedFillingDame { offender: White, objection }, Ruling::Warning, Article::KrA1_4),
        (Incident::CaptureLeftOnBoard { offender: White, objection }, Ruling::OffenderLoses, Article::KrA1_6),
    ]
}

#[test]
fn appendix_3_1_reaches_the_clock_pressed_without_a_move_the_clock_stopped_filling_dame_and_captures_left() {
    // 付則第三条1 "相手が反則をしたときには即座に異議を唱えなければならない。対局が進行された後では黙認した
    // こととみなす". The referee's account: "White pressed the clock without playing. Black said
    // nothing, played, and White answered; only after two more moves did Black call me. Play
    // had gone on: the foul stands accepted, White does not lose." And the same claim raised
    // at once: "Black stopped the clock and called me before playing: White loses."
    let late = Some(Objection::Record { offending_move: 120, claimed_after_move: 122 });
    for ((inc, ruling, article), (at_once, _, _)) in reached(late).into_iter().zip(reached(AT_ONCE)) {
        let mut t = Table::korean();
        assert_eq!(t.try_incident(inc.clone(), ruling).unwrap_err(), TOO_LATE, "{inc:?}");
        t.try_incident(inc.clone(), Ruling::NoPenalty).unwrap();
        assert_eq!(t.state().result, None, "accepted, no result: {inc:?}");
        assert_eq!(cites(inc, Ruling::NoPenalty), (Article::KrA3_1, None));
        // Raised at once, the foul's own row applies, and "no penalty" is no ruling for it.
        let mut t = Table::korean();
        assert_eq!(
            t.try_incident(at_once.clone(), Ruling::NoPenalty).unwrap_err(),
            unmet(Article::KrA3_1, Ruling::NoPenalty, Condition::PlayWentOn)
        );
        let id = t.try_incident(at_once.clone(), ruling).unwrap();
        assert_eq!(t.state().incident(id).unwrap().effective.unwrap().article, article, "{at_once:?}");
    }
    // Not said when the claim was raised: refused, as for the four kinds of revision 2.
    for (inc, ruling, _) in reached(None) {
        assert_eq!(
            Table::korean().try_incident(inc, ruling).unwrap_err(),
            DomainError::MissingFact { article: Article::KrA3_1, fact: words::OBJECTION }
        );
    }
}

#[test]
fn appendix_3_1_reach_applies_to_what_is_recorded_under_revision_9_never_to_what_was_ruled_before() {
    // A clock pressed without a move, ruled a loss under revision 8 without the claim's time:
    // the loss stands; "no penalty" was no ruling for it then and is none now.
    let old = || Incident::ClockPressedWithoutMove { offender: Black, objection: None };
    let mut t = Table::korean();
    t.rules = 8;
    let id = t.incident(old(), Ruling::OffenderLoses);
    let s = t.state();
    assert!(s.rejected.is_empty(), "{:?}", s.rejected);
    assert_eq!(s.incident(id).unwrap().effective.unwrap().article, Article::KrC2_3);
    assert_eq!(s.result.map(|r| (r.outcome, r.article)), Some((Outcome::win(White), Article::KrC2_3)));
    let mut t = Table::korean();
    t.rules = 8;
    t.incident(old(), Ruling::NoPenalty);
    assert_eq!(t.state().rejected.len(), 1, "no 'no penalty' row applied before revision 9");
}

#[test]
fn the_quick_action_for_a_clock_pressed_without_a_move_is_a_claim_raised_at_once() {
    // The referee taps as Black objects, before play goes on (付則第三条1).
    let rs = arbiter_domain::rules::Ruleset::from_spec(arbiter_domain::rules::RulesetSpec::Korean);
    let ctx = arbiter_domain::rules::RuleContext::for_game(None);
    let q = arbiter_domain::rules::quick_actions(&rs, ctx);
    let press = q.iter().find(|a| a.incident == IncidentType::ClockPressedWithoutMove).expect("offered");
    assert_eq!(press.black.objection(), AT_ONCE);
    assert_eq!((press.ruling, press.article), (Ruling::OffenderLoses, Article::KrC2_3));
}

#[test]
fn the_chinese_rules_have_no_objection_time_limit() {
    // 第十九条 under the Chinese rules: the move is void and a pass, however late it is noticed.
    let mut t = Table::chinese();
    let late = Some(Objection::Referee { play_went_on: true });
    t.try_incident(Incident::ForbiddenPoint { offender: Black, point: None, objection: late }, Ruling::MoveVoidPass)
        .unwrap();
}

/// Stable meaning (rules::revision): a Korean illegal-move loss recorded before the objection
/// fact existed — rules revision 1, no `objection` — keeps the loss the players were told; the
/// same record under revision 2 is refused; and a later chief's ruling on the old incident is
/// checked as the incident was recorded.
#[test]
fn appendix_3_1_applies_to_what_is_recorded_after_it_never_to_what_was_ruled_before() {
    let old = Incident::KoRecapture { offender: White, point: None, objection: None };
    let mut t = Table::korean();
    t.referee(EventBody::ClockStarted);
    let id = t.incident(old.clone(), Ruling::OffenderLoses);
    let last = t.events.last_mut().unwrap();
    last.rules = None; // as an older build wrote it: revision 1
    let s = t.state();
    let r = s.result.expect("the loss stands");
    assert_eq!((r.outcome, r.event), (arbiter_domain::rules::Outcome::Win { winner: Black, margin: None }, id));
    assert!(s.rejected.is_empty(), "{:?}", s.rejected);
    assert_eq!(s.incident(id).unwrap().rules, 1);
    // The chief arbiter confirms it later: the old incident's checks still apply.
    t.try_push(arbiter_domain::model::Role::ChiefArbiter, rule(id, Ruling::OffenderLoses)).unwrap();
    assert!(t.state().rejected.is_empty());
    // Recorded today without saying when the claim was raised, it is refused.
    let mut now = Table::korean();
    now.referee(EventBody::ClockStarted);
    now.incident(old, Ruling::OffenderLoses);
    let s = now.state();
    assert_eq!(s.result, None);
    let unsaid = DomainError::MissingFact { article: Article::KrA3_1, fact: words::OBJECTION };
    assert_eq!(s.rejected[0].error, unsaid.body());
}

#[test]
fn article_15_a_resignation_wins_for_the_other() {
    // 第十五条 (中押し勝ち): "対局の一方が負けの意思を表明した場合、対局を終わらせることができる".
    let mut t = Table::korean();
    t.referee(EventBody::ClockStarted);
    t.referee(EventBody::Resigned { by: Black });
    let r = t.state().result.unwrap();
    assert_eq!((r.outcome, r.article), (Outcome::win(White), Article::Kr15));
}

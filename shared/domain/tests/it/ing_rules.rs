//! The Ing rules as a tournament's ruleset (seed 003): a game counted by points against 8
//! komi, with penalty stones; a resignation cites 三; what the seed does not state (a second
//! warning) falls back to the 裁判法 (第二十五条二); and the counting board counts a real game
//! by it into the count the ledger records.

use crate::support;

use arbiter_domain::board::{count_final, Method, MoveError, PassPhase, Record, Verdict};
use arbiter_domain::event::EventBody;
use arbiter_domain::interop::sgf;
use arbiter_domain::model::Colour::{Black, White};
use arbiter_domain::rules::{Article, Count, HalfStones, Incident, Margin, Outcome, Ruleset, RulesetSpec, Ruling};
use support::Table;

fn ing() -> Table {
    Table::new(RulesetSpec::ING)
}

#[test]
fn a_game_counted_by_points_against_8_komi_and_penalty_stones() {
    let mut t = ing();
    t.referee(EventBody::EndConfirmed { first: Black });
    // An area count is not how the Ing rules count.
    let area =
        EventBody::CountRecorded { count: serde_json::from_str(r#"{"method":"area","black_stones":185}"#).unwrap() };
    let err = t.try_push(arbiter_domain::model::Role::Referee, area).unwrap_err();
    assert!(matches!(&err, arbiter_domain::DomainError::Invalid { field, .. } if field == "count.method"), "{err:?}");
    // Black 186 points, one penalty stone owed by Black: 186 against 175 + 2 + 8 = 185.
    let count =
        Count::Points { black_points: HalfStones::new(372).unwrap(), black_penalty_stones: 1, white_penalty_stones: 0 };
    t.referee(EventBody::CountRecorded { count });
    let s = t.state();
    let r = s.result.unwrap();
    assert_eq!(r.outcome, Outcome::Win { winner: Black, margin: Some(Margin::Points(2)) });
    assert_eq!(r.article, Article::Ing4);
    assert_eq!(s.ruleset, RulesetSpec::ING);
}

#[test]
fn what_seed_003_does_not_state_follows_the_referee_rules_a_second_warning_loses() {
    let mut t = ing();
    t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
    t.try_incident(Incident::Disturbing { offender: White }, Ruling::Warning).unwrap();
    let r = t.state().result.expect("the second warning decides the game");
    assert_eq!(r.outcome, Outcome::Win { winner: Black, margin: None });
    assert_eq!(r.article, Article::Art25_2);
}

#[test]
fn the_ruleset_says_what_it_is_and_what_it_falls_back_on() {
    let r = Ruleset::from_spec(RulesetSpec::ING);
    assert_eq!(r.resignation_article, Article::Ing3);
    assert!(r.description.0.contains("裁判法") && r.description.1.contains("referee rules"));
    assert_eq!(serde_json::to_string(&RulesetSpec::ING).unwrap(), r#"{"preset":"ing"}"#);
    assert_eq!(serde_json::from_str::<RulesetSpec>(r#"{"preset":"ing"}"#).unwrap(), RulesetSpec::ING);
}

#[test]
fn the_counting_board_counts_a_real_game_by_points_into_the_ledgers_count() {
    let path = format!("{}/tests/fixtures/sgf/katago_botvbot_w_half.sgf", env!("CARGO_MANIFEST_DIR"));
    let game = sgf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let record = sgf::replay(&game).unwrap();
    let dead = game.marked_dead(record.position());
    let t = count_final(record.position(), &dead, Method::Ing, [0, 0]).unwrap();
    // Black 184 points, White 177: 184 against 177 + 8 = 185, White by 1 point.
    let count = t.to_count().unwrap();
    assert_eq!(
        count,
        Count::Points { black_points: HalfStones::new(368).unwrap(), black_penalty_stones: 0, white_penalty_stones: 0 }
    );
    let outcome = arbiter_domain::rules::counting::decide(count, &Ruleset::from_spec(RulesetSpec::ING)).unwrap();
    assert_eq!(outcome, Outcome::Win { winner: White, margin: Some(Margin::Points(2)) });
}

/// 三's phases of passes on a 9×9 game: `moves` as (colour, point or none for a pass).
fn record_through(
    ko: arbiter_domain::board::KoRule,
    moves: &[(arbiter_domain::model::Colour, Option<&str>)],
) -> Record {
    let mut r = Record::new(9).unwrap().under(ko);
    for &(colour, at) in moves {
        r.play(colour, at.map(support::positions::at)).unwrap_or_else(|e| panic!("{colour:?} {at:?}: {e}"));
    }
    r
}

#[test]
fn passes_stop_moves_then_end_the_game_in_the_phases_of_seed_003() {
    use arbiter_domain::board::KoRule::{Chinese, Ing};
    // One side's pass alone (no point left to contest for it): the opponent plays on.
    let one = [(Black, Some("E5")), (White, None), (Black, Some("D4"))];
    assert_eq!(record_through(Ing, &one).phase(), PassPhase::Play);
    // Black's handicap stones against White's passes (二: passes with no right to a point)
    // are no pair of passes.
    let handicap = [(Black, Some("C3")), (White, None), (Black, Some("G7")), (White, None), (Black, Some("C7"))];
    assert_eq!(record_through(Ing, &handicap).phase(), PassPhase::Play);
    // A pass from each in a row: 單官着完, moves stop.
    let stopped = [(Black, Some("E5")), (White, None), (Black, None)];
    assert_eq!(record_through(Ing, &stopped).phase(), PassPhase::Stopped);
    // The players disagree on a group: play proves it, then a pass from each is the end —
    // and the pass that stopped moves is not half of the final pair.
    let mut r = record_through(Ing, &stopped);
    r.play(White, None).unwrap();
    assert_eq!(r.phase(), PassPhase::Stopped, "three passes in a row are not the end");
    r.play(Black, Some(support::positions::at("D4"))).unwrap();
    r.play(White, None).unwrap();
    assert_eq!(r.phase(), PassPhase::Stopped);
    r.play(Black, None).unwrap();
    assert_eq!(r.phase(), PassPhase::Ended);
    // 着手終了: nothing is played after the end, and a move check cites 三.
    let refused = r.play(White, Some(support::positions::at("F6"))).unwrap_err();
    assert_eq!((refused, refused.article()), (MoveError::AfterEnd, Some(Article::Ing3)));
    // The Chinese rules end a game by agreement (第二十一条): passes are only passes.
    let mut c = record_through(Chinese, &stopped);
    for (colour, at) in [(White, None), (Black, None), (White, Some("F6"))] {
        c.play(colour, at.map(support::positions::at)).unwrap();
    }
    assert_eq!(c.phase(), PassPhase::Play);
}

#[test]
fn a_move_after_the_end_is_checked_on_an_sgf_record_as_against_ing_3() {
    let moves = ";B[ee];W[];B[];W[];B[];W[ff]";
    let game = sgf::parse(&format!("(;GM[1]FF[4]SZ[9]RU[Ing]{moves})")).unwrap();
    match sgf::check_move(&game, 6).unwrap().verdict {
        Verdict::Illegal { article, incident, .. } => assert_eq!((article, incident), (Article::Ing3, None)),
        other => panic!("{other:?}"),
    }
    let chinese = sgf::parse(&format!("(;GM[1]FF[4]SZ[9]RU[Chinese]{moves})")).unwrap();
    assert_eq!(sgf::check_move(&chinese, 6).unwrap().verdict, Verdict::Legal);
}

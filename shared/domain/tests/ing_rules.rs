//! The Ing rules as a tournament's ruleset (seed 003): a game counted by points against 8
//! komi, with penalty stones; a resignation cites 三; what the seed does not state (a second
//! warning) falls back to the 裁判法 (第二十五条二); and the counting board counts a real game
//! by it into the count the ledger records.

mod support;

use arbiter_domain::board::{count_final, Method};
use arbiter_domain::domain::Colour::{Black, White};
use arbiter_domain::event::EventBody;
use arbiter_domain::interop::sgf;
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
    assert_eq!(t.try_push(arbiter_domain::domain::Role::Referee, area).unwrap_err().code(), "invalid_field");
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

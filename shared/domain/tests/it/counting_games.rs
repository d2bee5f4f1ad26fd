//! Counting checked on complete games with their published results (fixtures/sgf/README.md):
//! 第九条 area counting on a game played out under area scoring, KBA territory counting on
//! three 9×9 games CGoban scored (territory + captures for each side, as its comment says), and
//! Ing counting (seed 003) on the same 19×19 game.

use arbiter_domain::board::{count_final, tally, Method, Tally};
use arbiter_domain::interop::sgf;
use arbiter_domain::model::Colour;
use arbiter_domain::rules::{Margin, Outcome};

fn fixture(name: &str) -> sgf::SgfGame {
    let path = format!("{}/tests/fixtures/sgf/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    sgf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The record played through, its marked dead stones off, counted by `method`.
fn counted(name: &str, method: Method) -> (sgf::SgfGame, Tally) {
    let game = fixture(name);
    let record = sgf::replay(&game).unwrap_or_else(|(n, e)| panic!("{name}: move {n}: {e}"));
    let captured = [record.prisoners(Colour::Black), record.prisoners(Colour::White)];
    let dead = game.marked_dead(record.position());
    let t = count_final(record.position(), &dead, method, captured).expect("count");
    (game, t)
}

fn win(winner: Colour, margin: Margin) -> Outcome {
    Outcome::Win { winner, margin: Some(margin) }
}

#[test]
fn art9_area_count_of_a_game_played_out_matches_its_published_result() {
    let (game, t) = counted("katago_botvbot_w_half.sgf", Method::Area);
    assert_eq!(game.result.as_deref(), Some("W+0.5"));
    // Black 184 子, White 177 子: 361 points, nothing shared.
    assert_eq!((t.black.total_halves, t.white.total_halves, t.shared), (368, 354, 0));
    // Komi 7.5 points = 3¾ 子: Black needs 184¼ and has 184, White wins by ¼ 子 = 0.5 points.
    assert_eq!(t.outcome(15), win(Colour::White, Margin::Stones(1)));
    // As the ledger records it (第九条 against 180½ under chinese_1988 with 3¾).
    let rules = arbiter_domain::rules::Ruleset::default();
    let o = arbiter_domain::rules::counting::decide(t.to_count().unwrap(), &rules).unwrap();
    assert_eq!(o, win(Colour::White, Margin::Stones(1)));
}

#[test]
fn ing_count_of_the_same_game_against_eight_points() {
    // Seed 003: the same points as area counting (184 to 177, 7 apart), komi 8: White by 1.
    let (_, t) = counted("katago_botvbot_w_half.sgf", Method::Ing);
    assert_eq!((t.black.total_halves, t.white.total_halves), (368, 354));
    assert_eq!(t.outcome(16), win(Colour::White, Margin::Points(2)));
    // With 7 komi the same count is a draw, which Ing's counting allows (seed 003).
    assert_eq!(t.outcome(14), Outcome::Draw);
}

#[test]
fn territory_counts_of_three_scored_games_match_cgoban() {
    // (file, black territory, black captures, white territory, white captures, result)
    let cases = [
        ("cgoban_9x9_b_half.sgf", 24, 4, 22, 0, win(Colour::Black, Margin::Points(1))),
        ("cgoban_9x9_b_12_half.sgf", 37, 0, 19, 0, win(Colour::Black, Margin::Points(25))),
        ("cgoban_9x9_w_5_half.sgf", 23, 1, 18, 6, win(Colour::White, Margin::Points(11))),
    ];
    for (name, bt, bp, wt, wp, result) in cases {
        let (game, t) = counted(name, Method::Territory);
        assert_eq!(
            (t.black.territory, t.black.prisoners, t.white.territory, t.white.prisoners),
            (bt, bp, wt, wp),
            "{name}: {t:?}"
        );
        assert_eq!(game.komi.as_deref(), Some("5.5"));
        assert_eq!(t.outcome(11), result, "{name} ({:?})", game.result);
    }
}

#[test]
fn a_pro_game_replays_legally_to_its_last_move() {
    let game = fixture("cho_chikun_hane_naoki_2004.sgf");
    let record = sgf::replay(&game).unwrap_or_else(|(n, e)| panic!("move {n}: {e}"));
    assert_eq!(record.moves(), 228);
    assert_eq!(game.result.as_deref(), Some("W+0.5"));
}

#[test]
fn sgf_round_trip_keeps_the_territory_marks() {
    for name in ["cgoban_9x9_b_half.sgf", "katago_botvbot_w_half.sgf", "cho_chikun_hane_naoki_2004.sgf"] {
        let game = fixture(name);
        let again = sgf::parse(&sgf::write(&game)).unwrap();
        assert_eq!(again, game, "{name}");
    }
    let g = fixture("cgoban_9x9_b_half.sgf");
    assert_eq!((g.black_territory.len(), g.white_territory.len()), (24, 22));
}

#[test]
fn territory_counting_without_dead_stones_marked_differs_from_the_published_count() {
    // The check above is not vacuous: leave the dead stones on and the count changes.
    let game = fixture("cgoban_9x9_w_5_half.sgf");
    let record = sgf::replay(&game).unwrap();
    let captured = [record.prisoners(Colour::Black), record.prisoners(Colour::White)];
    let t = tally(record.position(), Method::Territory, captured);
    assert_ne!((t.black.territory, t.white.territory), (23, 18));
}

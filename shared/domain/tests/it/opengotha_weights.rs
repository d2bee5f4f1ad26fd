//! OpenGotha's pair weights (`Tournament.costValue`) worked by hand, criterion by criterion, on
//! small fields: each expected number below is the formula of OpenGotha 3.51 evaluated on paper
//! (or, for the concavity curves, in IEEE doubles as Java evaluates them), not read back from
//! our code. The parity test (`opengotha_pairing_parity.rs`) checks the same model against
//! rounds OpenGotha really paired.

use arbiter_domain::model::{PlayerId, Rank};
use arbiter_domain::tournament::pairing::opengotha::info::Infos;
use arbiter_domain::tournament::pairing::opengotha::weight::det_random;
use arbiter_domain::tournament::pairing::opengotha::{
    pair, HandicapParams, Parts, Person, RandomRule, SeedSystem, Settings,
};
use arbiter_domain::tournament::standings::mcmahon::McMahonParams;
use arbiter_domain::tournament::{Entrant, Field, FieldGame, GameScore};

/// OpenGotha's McMahon defaults (weights in `PairingParams::mcmahon`): duplicate 5·10¹⁴,
/// colour 10⁶, score 10¹¹, DUDD 10⁸, seeding 5·10⁶, geography 10¹¹; bar 1d, floor 20k, so
/// the score groups run from MMS 9 to 32 + the round (24 groups in round 1, 25 in round 2).
fn settings() -> Settings {
    let mm = McMahonParams { bar: Rank::Dan(1).value(), floor: Rank::Kyu(20).value(), ..McMahonParams::default() };
    Settings::mcmahon(mm, 5)
}

fn field(players: &[(&str, Rank)]) -> Field {
    Field {
        entrants: players.iter().map(|(n, r)| Entrant::new(id(n), *n, *r)).collect(),
        rounds: 5,
        bye_points: 2,
        ..Field::default()
    }
}

fn id(name: &str) -> PlayerId {
    PlayerId::new(name).unwrap()
}

/// A game of `round` won by Black (`black_wins`) or White, even.
fn game(round: u16, black: &str, white: &str, black_wins: bool) -> FieldGame {
    FieldGame {
        round,
        table: 0,
        black: id(black),
        white: id(white),
        handicap: 0,
        score: if black_wins { GameScore::BlackWins } else { GameScore::WhiteWins },
        by_default: false,
    }
}

fn people<'a>(f: &'a Field, clubs: &[&'a str], countries: &[&'a str]) -> Vec<Person<'a>> {
    f.entrants
        .iter()
        .enumerate()
        .map(|(i, e)| Person {
            country: countries.get(i).copied().unwrap_or(""),
            ..Person::of_entrant(e, clubs.get(i).copied().unwrap_or(""))
        })
        .collect()
}

/// The weight of the pair (`a`, `b`) when pairing `round` (`f` holds the rounds before it).
fn weight(f: &Field, people: &[Person], s: &Settings, round: u16, a: &str, b: &str) -> Parts {
    let infos = Infos::new(f, people, s, usize::from(round) - 1);
    let at = |n: &str| f.entrants.iter().position(|e| e.name == n).unwrap();
    infos.weight(at(a), at(b))
}

fn pairs(f: &Field, s: &Settings, round: u16) -> Vec<(String, String)> {
    let people = people(f, &[], &[]);
    let p = pair(f, &people, s, round).unwrap();
    let mut out: Vec<_> = p
        .boards
        .iter()
        .map(|b| {
            let (x, y) = (b.black.as_str().to_owned(), b.white.as_str().to_owned());
            if x < y {
                (x, y)
            } else {
                (y, x)
            }
        })
        .collect();
    out.sort();
    out
}

fn four() -> Field {
    field(&[("A", Rank::Kyu(5)), ("B", Rank::Kyu(5)), ("C", Rank::Kyu(5)), ("D", Rank::Kyu(5))])
}

/// Round 1, four equals (one score group, A B C D by name): split and fold weighs 1–4 and
/// 2–3 at the full seeding weight, 1–2 at 5·10⁶ − 5·10⁶·(−2)/3·(−2)/3 = 2 777 778.
#[test]
fn split_and_fold_weighs_first_against_last() {
    let f = four();
    let mut s = settings();
    s.pairing.seed_system1 = SeedSystem::SplitAndFold;
    let people = people(&f, &[], &[]);
    let ad = weight(&f, &people, &s, 1, "A", "D");
    assert_eq!(
        ad,
        Parts {
            base: 1,
            avoid_duplicate: 500_000_000_000_000,
            random: 0,
            balance_wb: 0,
            categories: 0,
            score: 100_000_000_000,
            dudd: 0,
            seeding: 5_000_000,
            handicap: 0,
            geography: 0,
        }
    );
    assert_eq!(weight(&f, &people, &s, 1, "B", "C").seeding, 5_000_000);
    assert_eq!(weight(&f, &people, &s, 1, "A", "B").seeding, 2_777_778);
    assert_eq!(ad.total(), 500_100_005_000_001);
    assert_eq!(pairs(&f, &s, 1), [("A".into(), "D".into()), ("B".into(), "C".into())]);
}

/// Split and slip: 1–3 and 2–4 in full; 1–2 at 5·10⁶ − 5·10⁶·(−2)/4·(−2)/4 = 3 750 000.
#[test]
fn split_and_slip_weighs_each_half_against_the_other() {
    let f = four();
    let mut s = settings();
    s.pairing.seed_system1 = SeedSystem::SplitAndSlip;
    let people = people(&f, &[], &[]);
    assert_eq!(weight(&f, &people, &s, 1, "A", "C").seeding, 5_000_000);
    assert_eq!(weight(&f, &people, &s, 1, "A", "B").seeding, 3_750_000);
    assert_eq!(weight(&f, &people, &s, 1, "A", "D").seeding, 3_750_000);
    assert_eq!(pairs(&f, &s, 1), [("A".into(), "C".into()), ("B".into(), "D".into())]);
}

/// Split and random: a pair across the halves gets 5·10⁶ less a "random" number in 0..=10⁶
/// from the names; a pair inside one half gets nothing.
#[test]
fn split_and_random_only_weighs_across_the_halves() {
    let f = four();
    let s = settings();
    assert_eq!(s.pairing.seed_system1, SeedSystem::SplitAndRandom);
    let people = people(&f, &[], &[]);
    assert_eq!(weight(&f, &people, &s, 1, "A", "B").seeding, 0);
    assert_eq!(weight(&f, &people, &s, 1, "C", "D").seeding, 0);
    for (a, b) in [("A", "C"), ("A", "D"), ("B", "C"), ("B", "D")] {
        let seeding = weight(&f, &people, &s, 1, a, b).seeding;
        assert!((4_000_000..=5_000_000).contains(&seeding), "{a}–{b}: {seeding}");
    }
}

/// After round 1 (A beat B with Black, C beat D with Black): a rematch loses the duplicate
/// weight; opposite colour balances earn the colour weight and the game gives White to the one
/// who had Black; one score group apart weighs 10¹¹·(1 − 1/25)·(1 + ½·1/25) = 97 920 000 000.
#[test]
fn rematch_colours_and_score_difference() {
    let mut f = four();
    f.games = vec![game(1, "A", "B", true), game(1, "C", "D", true)];
    f.rounds = 5;
    let s = settings();
    let people = people(&f, &[], &[]);
    let ab = weight(&f, &people, &s, 2, "A", "B");
    assert_eq!(ab.avoid_duplicate, 0, "A and B met in round 1");
    let ac = weight(&f, &people, &s, 2, "A", "C");
    assert_eq!((ac.avoid_duplicate, ac.balance_wb, ac.score), (500_000_000_000_000, 0, 100_000_000_000));
    let ad = weight(&f, &people, &s, 2, "A", "D");
    assert_eq!((ad.balance_wb, ad.score), (1_000_000, 97_920_000_000));
    // Winners meet winners.
    assert_eq!(pairs(&f, &s, 2), [("A".into(), "C".into()), ("B".into(), "D".into())]);
    // A (Black before) against D (White before), one group apart: handicap (26 − 25) − 1 = 0,
    // so an even game and A takes White.
    let infos = Infos::new(&f, &people, &s, 1);
    let g = infos.game_between(0, 3);
    assert_eq!((g.white, g.black, g.handicap), (0, 3, 0));
}

/// Six equals after round 1 (A, C, E won): three winners and three losers, so one pair crosses.
/// The middle modes favour the middle of each group: C (2nd of the winners) and D (2nd of the
/// losers) weigh 2·(10⁸/5) + (10⁷·2/3) + (10⁷·2/3) = 53 333 332; the group tops 40 000 000.
/// After C was drawn down to D in round 2 and lost, drawing C up in round 3 compensates: one
/// more 10⁸/5 with compensation on than off.
#[test]
fn draw_up_draw_down_by_the_middle_and_compensated() {
    let mut f = field(&[
        ("A", Rank::Kyu(5)),
        ("B", Rank::Kyu(5)),
        ("C", Rank::Kyu(5)),
        ("D", Rank::Kyu(5)),
        ("E", Rank::Kyu(5)),
        ("F", Rank::Kyu(5)),
    ]);
    f.games = vec![game(1, "A", "B", true), game(1, "C", "D", true), game(1, "E", "F", true)];
    let s = settings();
    let people = people(&f, &[], &[]);
    assert_eq!(weight(&f, &people, &s, 2, "C", "D").dudd, 53_333_332);
    assert_eq!(weight(&f, &people, &s, 2, "A", "B").dudd, 40_000_000);
    assert_eq!(weight(&f, &people, &s, 2, "A", "C").dudd, 0, "same group: no draw");

    // Round 2: A–E (E wins), C drawn down to D (D wins), B–F (B wins). After it: E 2 wins;
    // A, B, C, D 1 win; F none. C's only draw was down; drawing C up to E now compensates it.
    let mut f3 = f.clone();
    f3.games.extend([game(2, "A", "E", false), game(2, "C", "D", false), game(2, "B", "F", true)]);
    let with = weight(&f3, &people, &s, 3, "C", "E").dudd;
    let mut off = s.clone();
    off.pairing.compensate_dudd = false;
    let without = weight(&f3, &people, &off, 3, "C", "E").dudd;
    assert_eq!(with - without, 20_000_000);
    // F was never drawn: nothing to compensate, the same either way.
    assert_eq!(weight(&f3, &people, &s, 3, "F", "A").dudd, weight(&f3, &people, &off, 3, "F", "A").dudd);
}

/// Handicap from MMS (OpenGotha's McMahon default): 5k against 8k in round 1 is 3 ranks,
/// less the correction of 1: two stones, the stronger White. Swiss's setting plays it even.
#[test]
fn handicap_by_mms_less_the_correction() {
    let f = field(&[("S", Rank::Kyu(5)), ("W", Rank::Kyu(8))]);
    let people = people(&f, &[], &[]);
    let s = settings();
    let g = Infos::new(&f, &people, &s, 0).game_between(1, 0);
    assert_eq!((g.white, g.black, g.handicap), (0, 1, 2));
    let even = Settings { handicap: HandicapParams::none(), ..settings() };
    assert_eq!(Infos::new(&f, &people, &even, 0).game_between(1, 0).handicap, 0);
    // Only an even game weighs the colour balance.
    assert_eq!(weight(&f, &people, &s, 1, "S", "W").balance_wb, 0);
}

/// Geography in round 1 (24 score groups): other clubs are worth as much as 3·1.2/24 score
/// groups, a clubs group 3/2/24, another country 1/24, each plus 0.5/24; the weight is what the
/// score criterion would lose at that distance on the curve.
#[test]
fn geography_weighs_clubs_groups_and_countries() {
    let f = field(&[("A", Rank::Kyu(5)), ("B", Rank::Kyu(5)), ("C", Rank::Kyu(5)), ("D", Rank::Kyu(5))]);
    let clubs = ["Hangzhou", "hangzhou", "Ningbo", "Shanghai"];
    let countries = ["CN", "CN", "CN", "FR"];
    let people = people(&f, &clubs, &countries);
    let mut s = settings();
    s.clubs_groups = vec![vec!["Hangzhou".into(), "Ningbo".into()]];
    assert_eq!(weight(&f, &people, &s, 1, "A", "B").geography, 0, "one club, any case");
    assert_eq!(weight(&f, &people, &s, 1, "A", "C").geography, 4_513_888_889, "one clubs group");
    let no_groups = settings();
    assert_eq!(weight(&f, &people, &no_groups, 1, "A", "C").geography, 10_000_868_056);
    assert_eq!(weight(&f, &people, &no_groups, 1, "A", "D").geography, 11_420_138_889, "club and country");
}

/// Categories (limit 10k): 5k and 15k are a category apart, x = 1/2: w·½·(1 + ½·½) = 0.625·w;
/// across categories the score criterion gives nothing.
#[test]
fn categories_apart() {
    let f = field(&[("A", Rank::Kyu(5)), ("B", Rank::Kyu(15))]);
    let people = people(&f, &[], &[]);
    let mut s = settings();
    s.category_limits = vec![Rank::Kyu(10).value()];
    s.pairing.avoid_mixing_categories = 20_000_000_000_000;
    let p = weight(&f, &people, &s, 1, "A", "B");
    assert_eq!((p.categories, p.score), (12_500_000_000_000, 0));
}

/// `detRandom`: Σ code·(position) times 1 234 567, modulo max + 1. "AB": 65 + 2·66 = 197 →
/// 733 (mod 1001); "BA": 196 → 399. Since 3.51.01 the names go in alphabetical order and a
/// swap gives max − n, so the colour no longer depends on who is listed first.
#[test]
fn det_random_by_the_version_rule() {
    let a = Person { name: "A", ..Person::default() };
    let b = Person { name: "B", ..Person::default() };
    assert_eq!(det_random(RandomRule::Ordered, 1000, &a, &b), 733);
    assert_eq!(det_random(RandomRule::Ordered, 1000, &b, &a), 399);
    assert_eq!(det_random(RandomRule::Symmetric, 1000, &a, &b), 733);
    assert_eq!(det_random(RandomRule::Symmetric, 1000, &b, &a), 1000 - 733);
    assert_eq!(RandomRule::of_version("3.51"), RandomRule::Ordered);
    assert_eq!(RandomRule::of_version("3.51.01"), RandomRule::Symmetric);
}

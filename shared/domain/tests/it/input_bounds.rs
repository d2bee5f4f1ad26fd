//! Nothing a file or a set-up carries takes the office down: a count, length or number beyond
//! its documented bound (docs/security.md) is refused as `OverBound`, naming the field and the
//! line, before it sizes anything; an MM zero of 20k pairs every round, as OpenGotha 3.52.03
//! pairs it (its `setGenMMZero` stores 30k whatever it is given — read off the jar's bytecode).

use arbiter_domain::error::{Detail, DomainError, Noun};
use arbiter_domain::interop::opengotha;
use arbiter_domain::model::{PlayerId, Rank};
use arbiter_domain::tournament::pairing::opengotha::{self as og_pairing, Person, Settings};
use arbiter_domain::tournament::standings::mcmahon::{McMahonParams, Scoring};
use arbiter_domain::tournament::{Entrant, Field, FieldGame, GameScore};

/// A small McMahon file; `general` is put into its `GeneralParameterSet` (line 7).
pub fn file_with(general: &str, player_extra: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament dataVersion=\"201\">\n<Players>\n\
<Player name=\"Wang\" firstName=\"Yi\" rank=\"3D\" rating=\"2300\"{player_extra}/>\n\
<Player name=\"Li\" firstName=\"Er\" rank=\"1K\" rating=\"2000\"/>\n\
</Players><TournamentParameterSet>\n\
<GeneralParameterSet name=\"Open\" numberOfRounds=\"3\" {general}/>\n\
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name=\"MMS\" number=\"1\"/></PlacementCriteria></PlacementParameterSet>\n\
</TournamentParameterSet></Tournament>\n"
    )
}

fn over_bound(xml: &str) -> (String, u32, String, i64, i64) {
    match opengotha::parse(xml) {
        Err(DomainError::OverBound { file: "opengotha file", field, line, value, min, max }) => {
            (field, line, value, min, max)
        }
        other => panic!("expected OverBound, got {other:?}"),
    }
}

#[test]
fn four_billion_categories_are_refused_by_name_and_line_before_anything_is_allocated() {
    // Before: `vec![-30; 3_999_999_999]` aborted the process ("memory allocation … failed").
    let (field, line, value, min, max) = over_bound(&file_with("numberOfCategories=\"4000000000\"", ""));
    assert_eq!((field.as_str(), line, value.as_str(), min, max), ("numberOfCategories", 7, "4000000000", 0, 9));
    let e = opengotha::parse(&file_with("numberOfCategories=\"4000000000\"", "")).unwrap_err();
    assert!(matches!(e, DomainError::OverBound { .. }), "{e:?}");
    assert!(e.to_string().contains("line 7") && e.to_string().contains("numberOfCategories"), "{e}");
    // A number too long for any integer is out of bounds too, not "not a number".
    let (field, _, value, ..) = over_bound(&file_with("numberOfCategories=\"99999999999999999999999999\"", ""));
    assert_eq!(field, "numberOfCategories");
    assert!(value.ends_with('…') && value.chars().count() == 25, "cut short: {value}");
    // OpenGotha's own limit is read.
    assert_eq!(opengotha::parse(&file_with("numberOfCategories=\"9\"", "")).unwrap().category_limits.len(), 8);
}

#[test]
fn every_count_and_number_of_a_file_has_its_bound() {
    for (general, player, field, line) in [
        ("numberOfRounds=\"70000\"", "", "numberOfRounds", 7),
        ("genMMS2ValueBye=\"9223372036854775807\"", "", "genMMS2ValueBye", 7),
        ("", " smmsCorrection=\"2147483647\"", "smmsCorrection", 4),
        ("", " rating=\"99999\"", "rating", 4),
        ("", &format!(" participating=\"{}\"", "1".repeat(70_000)), "participating", 4),
    ] {
        let xml = file_with(general, player)
            .replace(" numberOfRounds=\"3\" numberOfRounds", " numberOfRounds")
            .replace(" rating=\"2300\" rating", " rating");
        let (f, l, ..) = over_bound(&xml);
        assert_eq!((f.as_str(), l), (field, line), "{general}{player}");
    }
    // A game's round beyond the event's rounds, a table and a handicap beyond OpenGotha's.
    for (game, field) in [
        ("roundNumber=\"4\" tableNumber=\"1\" handicap=\"0\"", "roundNumber"),
        ("roundNumber=\"1\" tableNumber=\"65535\" handicap=\"0\"", "tableNumber"),
        ("roundNumber=\"1\" tableNumber=\"1\" handicap=\"200\"", "handicap"),
    ] {
        let xml = file_with("", "").replace(
            "</Players>",
            &format!("</Players>\n<Games>\n<Game blackPlayer=\"WANGYI\" whitePlayer=\"LIER\" result=\"RESULT_UNKNOWN\" {game}/>\n</Games>"),
        );
        let (f, l, ..) = over_bound(&xml);
        assert_eq!((f.as_str(), l), (field, 8), "{game}");
    }
    // More players than OpenGotha holds: refused at the first one too many, by its line.
    let many: String = (0..2001).map(|i| format!("<Player name=\"P{i}\" firstName=\"X\" rank=\"1K\"/>\n")).collect();
    let xml = file_with("", "").replace("<Players>\n", &format!("<Players>\n{many}"));
    let (f, l, ..) = over_bound(&xml);
    assert_eq!((f.as_str(), l), ("number of <Player> elements", 2004));
    // A bar under the floor (a panic in `clamp` before) is a bad line, not a crash.
    match opengotha::parse(&file_with("genMMBar=\"20K\" genMMFloor=\"5D\"", "")) {
        Err(DomainError::BadLines { lines, .. }) => assert_eq!(lines[0].line, 7),
        other => panic!("{other:?}"),
    }
}

fn field(ranks: &[Rank]) -> Field {
    Field {
        entrants: ranks
            .iter()
            .enumerate()
            .map(|(i, &r)| Entrant::new(PlayerId::new(format!("p{i:02}")).unwrap(), format!("P{i}"), r))
            .collect(),
        bye_points: 2,
        ..Field::default()
    }
}

#[test]
fn a_mcmahon_event_whose_mm_zero_is_20k_pairs_every_round() {
    // Before: round 3 divided by an empty score group's size (weight.rs) — the groups were
    // counted from 30k, the scores from 20k.
    let ranks: Vec<Rank> = [28u8, 25, 22, 20, 18, 15, 12, 10, 8, 5, 3, 1]
        .iter()
        .map(|&k| Rank::Kyu(k))
        .chain([Rank::Dan(1), Rank::Dan(3), Rank::Dan(5)])
        .collect();
    let mut f = field(&ranks);
    let params = McMahonParams {
        bar: Rank::Dan(3).value(),
        floor: Rank::Kyu(30).value(),
        scoring: Scoring { zero: Rank::Kyu(20), ..Scoring::default() },
    };
    let entrants = f.entrants.clone();
    let people: Vec<Person> = entrants.iter().map(|e| Person::of_entrant(e, "")).collect();
    let settings = Settings::mcmahon(params, 5);
    for round in 1..=5u16 {
        let p = og_pairing::pair(&f, &people, &settings, round).unwrap_or_else(|e| panic!("round {round}: {e}"));
        let rp = p.round_pairing();
        assert_eq!(rp.boards.len() * 2 + rp.byes.len(), ranks.len(), "round {round}: everyone placed");
        for (k, b) in rp.boards.iter().enumerate() {
            f.games.push(FieldGame {
                round,
                table: b.table,
                black: b.black.clone(),
                white: b.white.clone(),
                handicap: b.handicap,
                score: if k % 2 == 0 { GameScore::BlackWins } else { GameScore::WhiteWins },
                by_default: false,
            });
        }
        for b in &rp.byes {
            f.byes.push((round, b.clone()));
        }
        f.rounds = round;
    }
    // Scores count from 30k whatever the zero says, as OpenGotha 3.52.03 counts them: a 28k
    // starts on 2, a 3d (the bar) on 32.
    let scores = arbiter_domain::tournament::standings::mcmahon::Scores::new(&f, &params, 0);
    assert_eq!((scores.smms(0), scores.smms(13)), (2, 32));
    // Its reader reads any genMMZero as 30k.
    let og = opengotha::parse(&file_with("genMMZero=\"20K\"", "")).unwrap();
    assert_eq!(og.mcmahon.scoring.zero, Rank::Kyu(30));
}

#[test]
fn a_set_up_refuses_an_mm_zero_other_than_30k_and_half_points_beyond_one_point() {
    use arbiter_domain::tournament::System;
    let mcmahon = |scoring: Scoring| System::McMahon {
        bar: Rank::Dan(3),
        floor: Rank::Kyu(20),
        pairing: None,
        handicap: None,
        scoring: Some(scoring),
        criteria: None,
    };
    assert_eq!(mcmahon(Scoring::default()).check(Some(5)), Ok(()));
    match mcmahon(Scoring { zero: Rank::Kyu(20), ..Scoring::default() }).check(Some(5)) {
        Err(DomainError::Outside { what: Noun::Settings, detail: Detail::MmZero { zero, from } }) => {
            assert_eq!((zero, from), (Rank::Kyu(20), Rank::Kyu(30)))
        }
        other => panic!("{other:?}"),
    }
    match mcmahon(Scoring { bye_mms2: i64::MAX, ..Scoring::default() }).check(Some(5)) {
        Err(DomainError::Outside { what: Noun::Settings, detail: Detail::HalfPoints { name, .. } }) => {
            assert_eq!(name, "bye_mms2")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_other_formats_bound_what_they_read() {
    use arbiter_domain::event::wire::{decode, encode};
    use arbiter_domain::event::EventBody;
    use arbiter_domain::interop::{players_csv, rating_list, sgf};
    use arbiter_domain::model::Role;

    // The wire format: a round number over MAX_ROUNDS is refused at its field.
    let mut t = crate::support::Table::chinese();
    let mut bye = t.event(Role::Organiser, EventBody::ByeAssigned { round: 3, player: PlayerId::new("p001").unwrap() });
    bye.game = None;
    let mut v: serde_json::Value = serde_json::from_str(&encode(&bye)).unwrap();
    assert_eq!(decode(&v.to_string()).unwrap(), bye);
    v["body"]["data"]["round"] = 65_535.into();
    match decode(&v.to_string()) {
        Err(DomainError::InField { field, .. }) => assert_eq!(field, "body.data.round"),
        other => panic!("{other:?}"),
    }
    // Players as CSV: at most MAX_PLAYERS, the line that passes it named.
    let csv: String = (0..players_csv::MAX_PLAYERS + 5).map(|i| format!("Player {i},3k\n")).collect();
    let r = players_csv::review(&csv, &[], 0);
    assert_eq!(r.rows.len(), players_csv::MAX_PLAYERS);
    assert_eq!(r.faults.last().map(|f| f.line), Some(players_csv::MAX_PLAYERS as u32 + 1));
    // And its bad lines are listed up to MAX_FAULTS, not a million of them.
    let bad: String = (0..10_000).map(|i| format!("Player {i},3x\n")).collect();
    assert_eq!(players_csv::review(&bad, &[], 0).faults.len(), players_csv::MAX_FAULTS + 1);
    // A rating list's line longer than any list's.
    let long = format!(" 12345678 {}\n", "x".repeat(5000));
    match rating_list::parse(rating_list::ListKind::Egf, &long) {
        Err(DomainError::OverBound { field, line: 1, .. }) => assert_eq!(field, "line length"),
        other => panic!("{other:?}"),
    }
    // An SGF record of more moves than any game has.
    let moves: String = (0..sgf::MAX_MOVES + 1).map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" }).collect();
    match sgf::parse(&format!("(;GM[1]SZ[19]\n{moves})")) {
        Err(DomainError::OverBound { file: "sgf", field, line: 2, .. }) => assert_eq!(field, "moves"),
        other => panic!("{other:?}"),
    }
    assert_eq!(sgf::parse(&format!("(;GM[1]SZ[19]{})", &moves[4..])).unwrap().moves.len(), sgf::MAX_MOVES);
    // A pairing asked for a round far past any event's is refused before it sizes a row of
    // scores per player for it.
    let f = field(&[Rank::Kyu(1), Rank::Kyu(2)]);
    let entrants = f.entrants.clone();
    let people: Vec<Person> = entrants.iter().map(|e| Person::of_entrant(e, "")).collect();
    let settings = Settings::mcmahon(McMahonParams::default(), 5);
    assert!(matches!(
        og_pairing::pair(&f, &people, &settings, 65_535),
        Err(DomainError::Outside { what: Noun::Round, .. })
    ));
}

#[test]
fn a_negative_geography_factor_is_refused_not_overflowed() {
    // Found by format_fuzz.rs: `paiSePreferMMSDiffRatherThanSameClub="-1000000"` in a real file
    // overflowed the geography weight (weight.rs) when its next round was paired.
    let path = format!("{}/tests/fixtures/opengotha/TournoiChinois.xml", env!("CARGO_MANIFEST_DIR"));
    let xml = std::fs::read_to_string(path).unwrap();
    let bad =
        xml.replace("paiSePreferMMSDiffRatherThanSameClub=\"3\"", "paiSePreferMMSDiffRatherThanSameClub=\"-1000000\"");
    assert_ne!(bad, xml);
    let e = opengotha::parse(&bad).unwrap_err();
    assert!(e.to_string().contains("prefer_mms_diff_rather_than_same_club"), "{e}");
    assert!(opengotha::parse(&xml).is_ok());
}

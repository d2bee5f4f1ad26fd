//! The EGF's and the FFG's rating lists, read from lists written for these tests in the
//! federations' layouts (`tests/fixtures/ratings/`): every field of a line, a list of the other
//! format refused naming the line, a bad line named with what is wrong, the search, and what a
//! newer list changes of registered players.

use arbiter_domain::error::DomainError;
use arbiter_domain::interop::players_csv;
use arbiter_domain::interop::rating_list::{parse, ListKind};
use arbiter_domain::model::Rank;

fn list(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ratings").join(name))
        .unwrap()
}

#[test]
fn the_egf_list_is_read_column_by_column() {
    let l = parse(ListKind::Egf, &list("egf_test.txt")).unwrap();
    assert_eq!((l.players.len(), l.date.as_str()), (6, "27 Nov 2026"));
    let d = &l.players[2];
    assert_eq!((d.surname.as_str(), d.given_name.as_str()), ("Dupont", "Jean Pierre"));
    assert_eq!(d.pin.as_ref().map(|p| p.as_str()), Some("23456789"));
    assert_eq!((d.rank, d.rating, d.club.as_str()), (Rank::Kyu(1), 2012, "Pari"));
    assert_eq!(d.country.map(|c| c.to_string()).as_deref(), Some("FR"));
    // The EGD's `UK` is kept.
    assert_eq!(l.players[5].country.map(|c| c.to_string()).as_deref(), Some("UK"));
    assert_eq!(l.search("45678901", 20).len(), 1);
    assert_eq!(l.search("jean pierre", 20)[0].surname, "Dupont");
    assert!(l.search("nobody", 20).is_empty());
}

#[test]
fn the_ffg_list_is_read_with_its_scale_and_licences() {
    let l = parse(ListKind::Ffg, &list("ffg_test.txt")).unwrap();
    assert_eq!((l.players.len(), l.date.as_str()), (4, "27/11/2026 07:00:00"));
    let d = &l.players[1];
    assert_eq!((d.surname.as_str(), d.given_name.as_str()), ("DUPONT", "Jean Pierre"));
    // -40 on the FFG's scale is 2010 on OpenGotha's: 1k.
    assert_eq!((d.rating, d.rank), (2010, Rank::Kyu(1)));
    assert_eq!((d.ffg_licence.as_deref(), d.club.as_str()), (Some("9912345"), "75Pa"));
    assert_eq!(l.players[0].ffg_licence, None);
    // No rating (-9999) is OpenGotha's lowest.
    assert_eq!((l.players[3].rating, l.players[3].rank), (-900, Rank::Kyu(30)));
    assert_eq!(l.search("9912345", 20)[0].surname, "DUPONT");
}

#[test]
fn a_list_of_the_other_format_or_a_bad_line_is_refused_by_line() {
    match parse(ListKind::Egf, &list("ffg_test.txt")) {
        Err(DomainError::BadLines { file: "rating list", lines }) => {
            assert_eq!(lines.len(), 1);
            assert_eq!(lines[0].line, 1);
            assert!(lines[0].message.contains("another format"), "{}", lines[0].message);
        }
        other => panic!("{other:?}"),
    }
    match parse(ListKind::Ffg, &list("egf_test.txt")) {
        Err(DomainError::BadLines { lines, .. }) => assert!(lines[0].message.contains("another format")),
        other => panic!("{other:?}"),
    }
    let bad = list("egf_test.txt")
        .replace(
            " 45678901  Novak Petr                            CZ",
            " 45678901  Novak Petr                            QQ",
        )
        .replace("  3d   --   2287", "  3x   --   2287");
    match parse(ListKind::Egf, &bad) {
        Err(DomainError::BadLines { lines, .. }) => {
            let at: Vec<(u32, bool)> =
                lines.iter().map(|f| (f.line, f.message.contains("QQ") || f.message.contains("3x"))).collect();
            assert_eq!(at, vec![(4, true), (7, true)]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_newer_list_says_what_changes_of_registered_players() {
    let players = players_csv::parse(
        "surname,given_name,rank,pin,rating\nSchmidt,Anna,3d,12345678,2287\nRossi,Marco,5k,,1630\nNovak,Petr,2d,45678901,2210\n",
        0,
    )
    .unwrap();
    let newer = parse(ListKind::Egf, &list("egf_test_newer.txt")).unwrap();
    let changes = newer.refresh(&players);
    let seen: Vec<(&str, Rank, Rank, Option<i32>, i32)> = changes
        .iter()
        .map(|c| (c.player.as_str(), c.rank_before, c.rank_after, c.rating_before, c.rating_after))
        .collect();
    // Schmidt by PIN, Rossi by name; Novak is unchanged.
    assert_eq!(
        seen,
        vec![
            ("p001", Rank::Dan(3), Rank::Dan(4), Some(2287), 2356),
            ("p002", Rank::Kyu(5), Rank::Kyu(4), Some(1630), 1702)
        ]
    );
    assert_eq!(
        changes[0].updated.opengotha.as_ref().and_then(|r| r.egf_pin.as_ref()).map(|p| p.as_str()),
        Some("12345678")
    );
}

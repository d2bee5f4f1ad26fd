//! What differs between OpenGotha's releases in what is read, kept and written: a file
//! OpenGotha 3.52.03 saved (accented names, the handicap base by name, no `dataVersion`) reads,
//! comes in as events and goes out and back; a file 3.51 saved keeps 3.51's table numbering
//! through the office and back out; 3.52's Breizh system is refused by name. The pairings
//! themselves are compared with each release's jar in `opengotha_oracle.rs`.

use arbiter_domain::error::DomainError;
use arbiter_domain::event::EventBody;
use arbiter_domain::interop::note::ImportNote;
use arbiter_domain::interop::opengotha::{self, OpenGotha};
use arbiter_domain::model::TournamentId;
use arbiter_domain::rules::RulesetSpec;
use arbiter_domain::tournament::pairing::opengotha::{PairingParams, TableOrder};
use arbiter_domain::tournament::System;

fn fixture(path: &str) -> String {
    let path = format!("{}/tests/fixtures/opengotha/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The file OpenGotha 3.52.03 saved after pairing tournament 13 of the oracle's corpus headless
/// (`scripts/opengotha-oracle`): a Swiss of 10 players over 5 rounds, two with accented names.
fn saved_by_3_52_03() -> OpenGotha {
    opengotha::parse(&fixture("saved-by-3.52.03.xml")).unwrap()
}

/// The system an import sets up, from its events.
fn imported_system(og: &OpenGotha) -> (System, Vec<ImportNote>) {
    let (events, notes) = opengotha::to_events(og, &TournamentId::new("t1").unwrap(), RulesetSpec::default()).unwrap();
    let system = events
        .iter()
        .find_map(|(_, body)| match body {
            EventBody::TournamentCreated(t) => t.settings.system.clone(),
            _ => None,
        })
        .unwrap();
    (system, notes)
}

#[test]
fn a_file_opengotha_3_52_03_saved_reads_with_its_accented_players() {
    let og = saved_by_3_52_03();
    assert_eq!(og.version, "3.52.03");
    assert_eq!(og.pairing.table_order, TableOrder::OpenGotha352);
    assert_eq!(og.players.len(), 10);
    let accented: Vec<(&str, &str, &str)> = og
        .players
        .iter()
        .filter(|p| !p.key.is_ascii())
        .map(|p| (p.key.as_str(), p.name.as_str(), p.first_name.as_str()))
        .collect();
    assert_eq!(accented, [("GEN0013ÖÉP005", "Gen0013Ö", "ÉP005"), ("GEN0013ŁČP000", "Gen0013Ł", "ČP000")]);
    // Their games come across by their keys, as 3.52 reads them (3.51.02 looked players of a
    // file without `dataVersion` up by an accent-stripped name, and lost these games).
    let ids: Vec<_> = og
        .players
        .iter()
        .zip(&og.field.entrants)
        .filter(|(p, _)| !p.key.is_ascii())
        .map(|(_, e)| e.id.clone())
        .collect();
    for id in &ids {
        let games = og.field.games.iter().filter(|g| &g.black == id || &g.white == id).count();
        let absent = og.field.entrants.iter().find(|e| &e.id == id).unwrap().absent.len();
        let byes = og.field.byes.iter().filter(|(_, p)| p == id).count();
        assert_eq!(games + absent + byes, 5, "{id}: a game, an absence or the bye each round");
    }
    assert_eq!(og.field.games.len(), 23);
    // hdBase="BZS": 3.52.03 gives handicaps by rank for it.
    assert!(!og.handicap.based_on_mms);
}

#[test]
fn a_file_opengotha_3_52_03_saved_goes_out_and_back_and_in() {
    let og = saved_by_3_52_03();
    let written = opengotha::write(&og);
    assert!(written.contains("hdBase=\"RANK\" hdBasedOnMMS=\"false\""), "both releases' handicap base");
    let back = opengotha::parse(&written).unwrap();
    assert_eq!(back.players, og.players);
    assert_eq!(back.field, og.field);
    assert_eq!(back.pairing, og.pairing);
    assert_eq!(back.handicap, og.handicap);
    assert_eq!(back.criteria, og.criteria);
    assert_eq!(back.mcmahon, og.mcmahon);
    // Brought in, it is an OpenGotha Swiss numbering tables as 3.52 does (its default: the
    // event keeps no parameter of its own for it), and no note says otherwise.
    let (system, notes) = imported_system(&og);
    assert!(matches!(system, System::OpenGothaSwiss { .. }), "{system:?}");
    assert_eq!(system.opengotha_pairing().0.table_order, TableOrder::OpenGotha352);
    assert!(!notes.iter().any(|n| matches!(n, ImportNote::TablesNumbered { .. })), "{notes:?}");
}

#[test]
fn a_file_3_51_saved_comes_in_with_3_52_03s_tables_and_3_51s_only_when_picked() {
    let og = opengotha::parse(&fixture("oracle/3.51.02/generated/gen-0013.xml")).unwrap();
    assert_eq!(og.version, "3.51.02");
    // The organiser runs 3.52.03: its order, whatever release saved the file; the import says
    // where to pick 3.51's.
    assert_eq!(og.pairing.table_order, TableOrder::OpenGotha352);
    let (system, notes) = imported_system(&og);
    assert_eq!(system.opengotha_pairing().0.table_order, TableOrder::OpenGotha352);
    let said: Vec<_> = notes.iter().map(ImportNote::said).collect();
    assert!(said.iter().any(|n| n.en.contains("pick 3.51's order in the set-up")), "{said:?}");
    assert!(said.iter().any(|n| n.ko.contains("설정에서 3.51의 순서를 고르세요")), "{said:?}");
    // Picked, the event keeps 3.51's order as a pairing parameter of its own.
    let mut picked = og.clone();
    picked.pairing.table_order = TableOrder::OpenGotha351;
    let (system, _) = imported_system(&picked);
    let Some(System::OpenGothaSwiss { pairing: Some(p), .. }) = Some(&system) else {
        panic!("the event keeps its table order as a parameter of its own: {system:?}")
    };
    assert_eq!(**p, PairingParams { table_order: TableOrder::OpenGotha351, ..og.pairing });
    // A file written says no version (the table order is not OpenGotha's to read): read back,
    // it is 3.52.03's again.
    let written = opengotha::write(&picked);
    assert!(!written.contains("fullVersionNumber"));
    assert_eq!(opengotha::parse(&written).unwrap().pairing.table_order, TableOrder::OpenGotha352);
}

#[test]
fn the_table_order_follows_the_version_that_saved_the_file() {
    for (version, order) in [
        ("3.51.02", TableOrder::OpenGotha351),
        ("3.51", TableOrder::OpenGotha351),
        ("3.49.04", TableOrder::OpenGotha351),
        ("3.52", TableOrder::OpenGotha352),
        ("3.52.03", TableOrder::OpenGotha352),
        ("4.0", TableOrder::OpenGotha352),
        ("", TableOrder::OpenGotha352),
        ("unknown", TableOrder::OpenGotha352),
    ] {
        assert_eq!(TableOrder::of_version(version), order, "{version}");
    }
    // As stored in an event's pairing parameters.
    assert_eq!(serde_json::to_value(TableOrder::OpenGotha351).unwrap(), "opengotha_3_51");
    assert_eq!(serde_json::to_value(TableOrder::OpenGotha352).unwrap(), "opengotha_3_52");
    // Parameters stored before there was a choice read as 3.52's.
    let stored = serde_json::to_value(PairingParams::mcmahon()).unwrap();
    let mut old = stored.as_object().unwrap().clone();
    old.remove("table_order");
    let read: PairingParams = serde_json::from_value(serde_json::Value::Object(old)).unwrap();
    assert_eq!(read, PairingParams::mcmahon());
}

#[test]
fn the_handicap_base_is_read_as_3_52_reads_it() {
    let file = |hd: &str| {
        format!(
            r#"<Tournament><Players/><GeneralParameterSet numberOfRounds="3"/><HandicapParameterSet {hd} hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/></Tournament>"#
        )
    };
    for (attributes, on_mms) in [
        (r#"hdBase="MMS" hdBasedOnMMS="false""#, true),
        (r#"hdBase="RANK" hdBasedOnMMS="true""#, false),
        // 3.52.03 computes a handicap "based on BZS" from the ranks.
        (r#"hdBase="BZS""#, false),
        (r#"hdBasedOnMMS="false""#, false),
        (r#"hdBasedOnMMS="true""#, true),
        ("", true),
    ] {
        let og = opengotha::parse(&file(attributes)).unwrap();
        assert_eq!(og.handicap.based_on_mms, on_mms, "{attributes}");
    }
}

#[test]
fn a_breizh_file_is_refused_by_name() {
    let breizh = fixture("saved-by-3.52.03.xml")
        .replace(r#"<PlacementCriterion name="NBW" number="1"/>"#, r#"<PlacementCriterion name="BZS" number="1"/>"#)
        .replace(r#"<PlacementCriterion name="SOSW" number="2"/>"#, r#"<PlacementCriterion name="SOSB" number="2"/>"#);
    assert!(breizh.contains("\"BZS\""));
    let e = opengotha::parse(&breizh).unwrap_err();
    assert_eq!(e, DomainError::UnsupportedOpenGothaSystem { system: "Breizh" });
    assert!(matches!(e, DomainError::UnsupportedOpenGothaSystem { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "OpenGotha's Breizh system is not supported (this build pairs and ranks McMahon and Swiss)"
    );
}

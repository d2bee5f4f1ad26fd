//! `arbiter-office pair` through the real binary: a real OpenGotha file's round paired as the
//! file holds it (pairs, colours, handicaps, keys), later rounds in the file not read, and bad
//! files and bad rounds refused with a message and exit status 2.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/domain/tests/fixtures/opengotha/pairing").join(name)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office")).args(args).output().expect("run");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// The (white key, black key, handicap) of every game of `round` in the file.
fn file_round(xml: &str, round: u16) -> BTreeSet<(String, String, u8)> {
    let og = arbiter_core::interop::opengotha::parse(xml).unwrap();
    let key = |id: &arbiter_core::model::PlayerId| {
        let i = og.field.entrants.iter().position(|e| &e.id == id).unwrap();
        og.players[i].key.clone()
    };
    og.field.games.iter().filter(|g| g.round == round).map(|g| (key(&g.white), key(&g.black), g.handicap)).collect()
}

#[test]
fn pairs_a_round_of_a_real_file_as_opengotha_did() {
    // SGCPairingsR1: McMahon, 28 players, handicap games; round 3 is identical to OpenGotha's.
    let path = fixture("SGCPairingsR1.xml");
    let xml = std::fs::read_to_string(&path).unwrap();
    let (code, out, err) = run(&["pair", path.to_str().unwrap(), "--round", "3", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["system"], "mcmahon");
    assert_eq!(report["round"], 3);
    let ours: BTreeSet<(String, String, u8)> = report["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["white"]["key"].as_str().unwrap().to_owned(),
                b["black"]["key"].as_str().unwrap().to_owned(),
                b["handicap"].as_u64().unwrap() as u8,
            )
        })
        .collect();
    assert_eq!(ours, file_round(&xml, 3));
    assert!(ours.iter().any(|(_, _, h)| *h > 0), "the round has handicap games");
    let tables: Vec<u64> = report["boards"].as_array().unwrap().iter().map(|b| b["table"].as_u64().unwrap()).collect();
    assert_eq!(tables, (1..=tables.len() as u64).collect::<Vec<_>>());
    assert!(report["boards"][0].get("parts").is_none(), "parts only with --explain");
}

#[test]
fn explain_prints_every_weight_part_and_a_bye() {
    // Latinoamericanosub18: Swiss, 21 players: one sits out.
    let path = fixture("Latinoamericanosub18.xml");
    let (code, out, err) = run(&["pair", path.to_str().unwrap(), "--round", "4", "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("round 4 (swiss)"), "{out}");
    assert!(out.contains("  bye  "), "{out}");
    for part in ["no rematch", "colours", "score", "draw-up/down", "seeding", "geography"] {
        assert!(out.contains(part), "{part}: {out}");
    }
    let (code, json, _) = run(&["pair", path.to_str().unwrap(), "--round", "4", "--explain", "--format", "json"]);
    assert_eq!(code, 0);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let b = &report["boards"][0];
    let sum: i64 = b["parts"].as_object().unwrap().values().map(|v| v.as_i64().unwrap()).sum();
    assert_eq!(sum, b["weight"].as_i64().unwrap(), "the parts add up to the weight");
    assert!(report["bye"]["key"].is_string());
}

#[test]
fn bad_files_and_rounds_are_refused_with_exit_2() {
    let dir = std::env::temp_dir().join(format!("pair-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let not_xml = dir.join("not.xml");
    std::fs::write(&not_xml, "this is not XML <").unwrap();
    let (code, _, err) = run(&["pair", not_xml.to_str().unwrap(), "--round", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("OpenGotha") || err.contains("XML"), "{err}");

    let other = dir.join("other.xml");
    std::fs::write(&other, "<root/>").unwrap();
    let (code, _, err) = run(&["pair", other.to_str().unwrap(), "--round", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("no <Tournament> element"), "{err}");

    let path = fixture("ShortName.xml");
    let (code, _, err) = run(&["pair", path.to_str().unwrap(), "--round", "7"]);
    assert_eq!(code, 2);
    assert!(err.contains("the tournament has 6 rounds"), "{err}");
    let (code, _, err) = run(&["pair", path.to_str().unwrap(), "--round", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("numbered from 1"), "{err}");
    let (code, _, _) = run(&["pair", path.to_str().unwrap()]);
    assert_eq!(code, 2, "--round is required");
    // A count far beyond OpenGotha's (numberOfCategories ≤ 9) is refused by name and line;
    // it aborted the process before ("memory allocation of 15999999996 bytes failed").
    let huge = dir.join("huge.xml");
    let xml = std::fs::read_to_string(&path).unwrap();
    let at = xml.find("<GeneralParameterSet").unwrap();
    let line = xml[..at].matches('\n').count() + 1;
    let xml = xml.replacen("<GeneralParameterSet", "<GeneralParameterSet numberOfCategories=\"4000000000\"", 1);
    std::fs::write(&huge, xml.replacen(" numberOfCategories=\"1\"", "", 1)).unwrap();
    let (code, _, err) = run(&["pair", huge.to_str().unwrap(), "--round", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("numberOfCategories") && err.contains(&format!("line {line}")), "{err}");
    let (code, _, err) = run(&["pair", dir.join("missing.xml").to_str().unwrap(), "--round", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Tables as the organiser's OpenGotha numbers them: a file saved by 3.51 is numbered as 3.52.03
/// numbers it unless `--tables 3.51` is asked, and the report says which; each equals the
/// answer that release's jar gave for the round (committed as data, tests/oracle/).
#[test]
fn tables_are_numbered_as_the_release_asked_for_3_52_03_by_default() {
    let path = fixture("SGCPairingsR1.xml");
    let jar = |version: &str| -> serde_json::Value {
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/domain/tests/fixtures/opengotha/oracle")
            .join(version)
            .join("real/SGCPairingsR1.json");
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    // (table, the two players' keys) of every board: the file's release (3.51) picks the
    // colours' "random" rule, the jar its own; the tables are what the flag decides.
    let pair = |t: u64, a: &str, b: &str| (t, a.min(b).to_owned(), a.max(b).to_owned());
    let boards = |v: &serde_json::Value| -> BTreeSet<(u64, String, String)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|b| pair(b["table"].as_u64().unwrap(), b["white"].as_str().unwrap(), b["black"].as_str().unwrap()))
            .collect()
    };
    let mut differ = 0;
    for round in 2..=5u16 {
        let mut tables = Vec::new();
        for (flag, version) in [(None, "3.52.03"), (Some("3.51"), "3.51.02")] {
            let r = round.to_string();
            let mut args = vec!["pair", path.to_str().unwrap(), "--round", &r, "--format", "json"];
            if let Some(f) = flag {
                args.extend(["--tables", f]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{err}");
            let report: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(report["tables"], version);
            let answer = jar(version);
            let theirs = &answer["rounds"].as_array().unwrap().iter().find(|a| a["round"] == round).unwrap()["games"];
            let keyed: BTreeSet<(u64, String, String)> = report["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| {
                    let key = |c: &str| b[c]["key"].as_str().unwrap().to_owned();
                    pair(b["table"].as_u64().unwrap(), &key("white"), &key("black"))
                })
                .collect();
            assert_eq!(keyed, boards(theirs), "round {round}, tables as OpenGotha {version}");
            tables.push(keyed);
        }
        differ += usize::from(tables[0] != tables[1]);
    }
    assert!(differ > 0, "the two releases number some round's tables otherwise");
    let (_, text, _) = run(&["pair", path.to_str().unwrap(), "--round", "2"]);
    assert!(text.contains("tables numbered as OpenGotha 3.52.03 numbers them"), "{text}");
    let (code, _, err) = run(&["pair", path.to_str().unwrap(), "--round", "2", "--tables", "3.50"]);
    assert_eq!(code, 2, "{err}");
}

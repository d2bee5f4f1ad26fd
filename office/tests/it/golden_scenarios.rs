//! Golden scenario logs (`tests/scenarios/*.jsonl`) run through the real `arbiter-office` binary.
//! Each `NAME.jsonl` has `NAME.expected.txt`: the exit status, stdout and stderr. The expected
//! files were checked by hand against the rules; `UPDATE_GOLDEN=1 cargo test` rewrites them
//! (review the diff before committing).

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn replay(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office"))
        .current_dir(workspace())
        .arg("replay")
        .args(args)
        .output()
        .expect("run arbiter-office");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn every_scenario_matches_its_golden_output() {
    let dir = workspace().join("tests/scenarios");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    logs.sort();
    assert!(logs.len() >= 5, "scenarios missing from {}", dir.display());
    let mut failures = Vec::new();
    for log in &logs {
        let name = log.file_stem().unwrap().to_string_lossy().to_string();
        let rel = format!("tests/scenarios/{name}.jsonl");
        let (code, stdout, stderr) = replay(&[&rel]);
        let actual = format!("exit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}");
        let expected_path = dir.join(format!("{name}.expected.txt"));
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{name}: output differs from {}\n{actual}", expected_path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn json_output_carries_the_deciding_article_and_the_linked_warnings() {
    let (code, stdout, _) = replay(&["tests/scenarios/second_warning_loses.jsonl", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let game = &v["tournaments"][0]["games"][0];
    assert_eq!(game["result"]["outcome"], "win");
    assert_eq!(game["result"]["winner"], "white");
    assert_eq!(game["result"]["reason"], "second_warning");
    assert_eq!(game["result"]["article"], "25.2");
    let warnings = game["sides"]["black"]["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 2);
    assert_eq!(game["result"]["event"], warnings[1], "the result links to the second warning");
    assert_eq!(v["malformed"].as_array().unwrap().len(), 0);
}

#[test]
fn a_missing_file_is_a_clear_error_with_exit_status_2() {
    let (code, stdout, stderr) = replay(&["tests/scenarios/no-such-file.jsonl"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("cannot read tests/scenarios/no-such-file.jsonl") && stderr.contains("[read_failed]"),
        "{stderr}"
    );
}

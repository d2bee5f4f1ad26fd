//! The compatibility corpus (`tests/compat/`): event logs written by earlier builds, each with
//! the derived state it folded to when it was written. Every later build must fold them to that
//! state: a check or table added later applies to what is recorded later, never to what a
//! referee already ruled (rules::revision). A later build may add fields to the state; no value
//! that was there may change. Each wire or rules revision adds its own logs (`revN/`).
//!
//! A new log's expectation is written once, by hand-checked run: `COMPAT_WRITE=1 cargo test -p
//! arbiter-domain --test it compat` writes the missing `.expected.json` files and never overwrites one.

use std::path::{Path, PathBuf};

use arbiter_domain::event::wire::decode_jsonl;
use arbiter_domain::tournament::replay_states;
use serde_json::{json, Value};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat")
}

/// What a log derives to: every tournament with its games whole, and the lines refused.
fn derived(text: &str) -> Value {
    let (events, malformed) = decode_jsonl(text);
    let refused: Vec<Value> = malformed.iter().map(|m| json!({"line": m.line, "code": m.code})).collect();
    json!({"tournaments": replay_states(&events), "malformed": refused})
}

/// Where `actual` differs from `expected`: objects may have more keys, nothing else may differ.
fn differences(path: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                match a.get(k) {
                    Some(av) => differences(&format!("{path}.{k}"), ev, av, out),
                    None => out.push(format!("{path}.{k}: gone (was {ev})")),
                }
            }
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                differences(&format!("{path}[{i}]"), ev, av, out);
            }
        }
        (e, a) if e != a => out.push(format!("{path}: was {e}, now {a}")),
        _ => {}
    }
}

#[test]
fn every_log_of_an_earlier_build_folds_to_what_it_did_then() {
    let write = std::env::var_os("COMPAT_WRITE").is_some();
    let mut logs: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    logs.sort();
    assert!(logs.len() >= 6, "the corpus is there: {logs:?}");
    let mut failures = Vec::new();
    for log in &logs {
        let actual = derived(&std::fs::read_to_string(log).unwrap());
        let expected_path = log.with_extension("expected.json");
        let Ok(text) = std::fs::read_to_string(&expected_path) else {
            if write {
                std::fs::write(&expected_path, serde_json::to_string_pretty(&actual).unwrap() + "\n").unwrap();
                continue;
            }
            failures.push(format!("{}: no expectation (COMPAT_WRITE=1 writes it once)", log.display()));
            continue;
        };
        let expected: Value = serde_json::from_str(&text).unwrap();
        let mut diffs = Vec::new();
        differences("", &expected, &actual, &mut diffs);
        if !diffs.is_empty() {
            failures.push(format!("{}:\n  {}", log.display(), diffs.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "the meaning of stored events changed:\n{}", failures.join("\n"));
}

/// The 11a-style loss: a Korean illegal-move loss recorded before the `objection` fact existed
/// still gives the result the players were told.
#[test]
fn the_korean_loss_without_objection_keeps_its_result() {
    let log = corpus().join("rev1/korean_illegal_move_loss_without_objection.jsonl");
    let d = derived(&std::fs::read_to_string(log).unwrap());
    let game = &d["tournaments"][0]["games"][0];
    assert_eq!(game["result"]["outcome"], "win", "{game:#}");
    assert_eq!(game["result"]["winner"], "black");
    assert_eq!(game["result"]["article"], "kr.a1.1");
    assert_eq!(game["rejected"], json!([]));
}

#[test]
fn a_changed_value_or_a_lost_field_is_a_difference_an_added_field_is_not() {
    let was = json!({"result": {"outcome": "win", "winner": "black"}, "rejected": []});
    let mut out = Vec::new();
    differences(
        "",
        &was,
        &json!({"result": {"outcome": "win", "winner": "black", "new": 1}, "rejected": []}),
        &mut out,
    );
    assert!(out.is_empty(), "{out:?}");
    differences("", &was, &json!({"result": null, "rejected": []}), &mut out);
    differences(
        "",
        &was,
        &json!({"result": {"outcome": "win", "winner": "black"}, "rejected": [{"code": "x"}]}),
        &mut out,
    );
    differences("", &was, &json!({"rejected": []}), &mut out);
    assert_eq!(out.len(), 3, "{out:?}");
}

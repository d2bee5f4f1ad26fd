//! The API fuzzed from its own document: schemathesis (pinned, installed by `scripts/setup`)
//! reads `GET /api/v1/openapi.json` from a live office on 127.0.0.1 (plain HTTP, a scratch data
//! folder) and sends what it generates from it, as a referee, a chief arbiter and the organiser
//! in turn. It fails on any 5xx, any answer the document does not allow (a status, a content
//! type, an error body without `{code, message}`), and if the office does not answer its health
//! check at the end.
//!
//! Bounded: `ARBITER_API_FUZZ_SECONDS` of wall time in all (60 by default, split between the
//! roles); the longer run and its figures are in docs/security.md.

use std::sync::Arc;

use arbiter_core::model::Role;
use arbiter_core::rules::RulesetSpec;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_office::door::Door;
use arbiter_office::limits::Policy;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::*;

/// The schemathesis release `scripts/setup` installs.
const SCHEMATHESIS: &str = "4.32.5";

/// The checks run on every answer: no 5xx, and nothing outside the document.
const CHECKS: &str = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance";

fn budget_seconds() -> u64 {
    std::env::var("ARBITER_API_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60)
}

fn seed() -> String {
    std::env::var("ARBITER_API_FUZZ_SEED").unwrap_or_else(|_| "6565".into())
}

/// The installed schemathesis, checked to be the pinned release: `ARBITER_SCHEMATHESIS`, else
/// the one on the PATH, else where `scripts/setup`'s pip put it when no Python of the PATH's
/// own took it (the user's `~/.local/bin`).
fn schemathesis() -> String {
    let local = std::env::var("HOME").map(|h| format!("{h}/.local/bin/schemathesis")).unwrap_or_default();
    let on_path = std::process::Command::new("schemathesis").arg("--version").output().is_ok();
    let bin = std::env::var("ARBITER_SCHEMATHESIS").unwrap_or_else(|_| {
        if !on_path && std::path::Path::new(&local).exists() {
            local
        } else {
            "schemathesis".into()
        }
    });
    let out = std::process::Command::new(&bin)
        .arg("--version")
        .output()
        .unwrap_or_else(|e| panic!("`{bin}` does not run ({e}): run ./scripts/setup, which installs it"));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains(SCHEMATHESIS), "`{bin} --version` says `{said}`, scripts/setup pins {SCHEMATHESIS}");
    bin
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_fuzzed_from_its_document_never_answers_5xx_or_outside_it() {
    let bin = schemathesis();
    // A door that never locks: a fuzzer's wrong codes would otherwise lock 127.0.0.1 out within
    // seconds and leave the logic behind every route untried (the door has its own tests:
    // abuse_limits.rs).
    let mut state = AppState::open(&scratch("api-fuzz")).unwrap_or_else(|e| panic!("{e}"));
    let open = Policy { free: u32::MAX, lock_after: u32::MAX, ..Policy::default() };
    let doors = state.store.keyspace(arbiter_office::door::KEYSPACE).unwrap_or_else(|e| panic!("{e}"));
    state.door = Arc::new(Door::new(open, doors));
    let report = init_tournament(&state, tournament(), "测试杯".into(), RulesetSpec::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let office = Office::serve_insecure(state, report.organiser_token).await;
    // Something to act on: a Swiss event of 5 rounds, players, a paired round (its games), the
    // officials of each role.
    let setup = serde_json::json!({"name": "测试杯", "ruleset": {"preset": "chinese_1988"},
        "settings": {"system": {"kind": "swiss"}, "rounds": 5, "allowed_lateness_minutes": 15,
                     "time_control": {"main_minutes": 60, "reserved_minutes": 1}}});
    let r = office
        .http()
        .put(format!("{}{API_PREFIX}/tournament", office.url))
        .bearer_auth(&office.organiser_token)
        .json(&setup)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.status().as_u16(), 200, "set up: {}", r.text().await.unwrap_or_default());
    for (name, rank) in [("甲", "3d"), ("乙", "2d"), ("丙", "1d"), ("丁", "1k")] {
        let r = office
            .http()
            .post(format!("{}{API_PREFIX}/players", office.url))
            .bearer_auth(&office.organiser_token)
            .json(&serde_json::json!({"name": name, "rank": rank}))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.status().as_u16(), 200, "register {name}: {}", r.text().await.unwrap_or_default());
    }
    let referee = office.enroll("ref-fuzz", Role::Referee, "tab-fuzz-ref").await;
    let chief = office.enroll("chief-fuzz", Role::ChiefArbiter, "tab-fuzz-chief").await;
    // Whose token rotation is what its run is for (`/token/rotate` alone).
    let rotator = office.enroll("rotator-fuzz", Role::Referee, "tab-fuzz-rotator").await;
    let sheet = office
        .http()
        .post(format!("{}{API_PREFIX}/rounds/1/pair", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sheet.status().as_u16(), 200, "pair round 1");
    let sheet: serde_json::Value = sheet.json().await.unwrap_or_else(|e| panic!("{e}"));
    let games: Vec<String> = sheet["boards"]
        .as_array()
        .unwrap_or_else(|| panic!("no boards in {sheet}"))
        .iter()
        .filter_map(|g| g["game"].as_str().map(str::to_owned))
        .collect();
    assert!(!games.is_empty(), "round 1 paired no game: {sheet}");
    let doc = office.http().get(format!("{}{API_PREFIX}/openapi.json", office.url)).send().await;
    let doc = doc.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.status().as_u16(), 200);
    let mut doc: serde_json::Value = doc.json().await.unwrap_or_else(|e| panic!("{e}"));
    // Path parameters take the ids the set-up made as often as anything else their schema
    // allows, so requests reach the commands behind the 404s. The organiser's own device is
    // left out: revoking it would leave the rest of its run 401.
    let real = serde_json::json!({
        "game": games,
        "player": ["p001", "p002", "p003", "p004"],
        "person": ["ref-fuzz", "chief-fuzz"],
        "device": ["tab-fuzz-ref", "tab-fuzz-chief"],
        "tournament": [office.tournament.as_str()],
        "round": [1, 2],
        "address": ["127.0.0.2"],
    });
    let with_real = with_real_ids(&mut doc, &real);
    assert!(with_real > 20, "only {with_real} path parameters were given real ids");

    let scratch = scratch("api-fuzz-runs");
    std::fs::create_dir_all(&scratch).unwrap_or_else(|e| panic!("{e}"));
    let document = scratch.join("openapi.json");
    std::fs::write(&document, serde_json::to_vec(&doc).unwrap_or_default()).unwrap_or_else(|e| panic!("{e}"));
    let roles = [
        ("referee", referee.token.clone()),
        ("chief", chief.token.clone()),
        ("organiser", office.organiser_token.clone()),
    ];
    let per_role = (budget_seconds() / roles.len() as u64).max(1);
    let mut failed = Vec::new();
    let run = |role: &str, token: &str, seconds: u64, only: Option<&str>| {
        let dir = scratch.join(role);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let mut cmd = std::process::Command::new(&bin);
        cmd.current_dir(&dir)
            .arg("run")
            .arg(&document)
            .args(["--url", &format!("{}{API_PREFIX}", office.url)])
            .args(["--header", &format!("Authorization: Bearer {token}")])
            .args(["--checks", CHECKS])
            .args(["--max-time", &seconds.to_string()])
            .args(["--seed", &seed()])
            .args(["--workers", "1", "--request-timeout", "20", "--no-color"])
            .args(["--suppress-health-check", "all"])
            // What each request got, for reading which answers the runs reached (docs/security.md).
            .args(["--report", "ndjson"]);
        match only {
            Some(path) => cmd.args(["--include-path", path]),
            // Rotating its own token in the first second would leave the rest of the run 401:
            // the rotator's run has it.
            None => cmd.args(["--exclude-path", "/token/rotate"]),
        };
        cmd
    };
    // The rotator before the organiser, whose run revokes every device `GET /devices` lists.
    let mut runs: Vec<(&str, std::process::Command)> =
        roles.iter().map(|(role, token)| (*role, run(role, token, per_role, None))).collect();
    runs.insert(2, ("rotator", run("rotator", &rotator.token, 5, Some("/token/rotate"))));
    for (role, mut cmd) in runs {
        let out = tokio::task::spawn_blocking(move || cmd.output())
            .await
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|e| panic!("schemathesis: {e}"));
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        println!("== schemathesis as the {role}\n{said}");
        if !out.status.success() {
            failed.push(role);
        }
    }
    // Up at the end: the health check and an authenticated read answer (the organiser's: its
    // run may have revoked the officials' devices).
    let health = office.http().get(format!("{}{API_PREFIX}/health", office.url)).send().await;
    assert_eq!(health.unwrap_or_else(|e| panic!("the office is down: {e}")).status().as_u16(), 200);
    let status = office
        .http()
        .get(format!("{}{API_PREFIX}/status", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await;
    assert_eq!(status.unwrap_or_else(|e| panic!("{e}")).status().as_u16(), 200);
    assert!(failed.is_empty(), "schemathesis found answers outside the document as {failed:?} (its output above)");
}

/// Gives every path parameter named in `real` those values beside its schema (`anyOf`): half
/// the generated requests name something that exists. Answers how many parameters it changed.
fn with_real_ids(doc: &mut serde_json::Value, real: &serde_json::Value) -> usize {
    let mut changed = 0;
    let Some(paths) = doc["paths"].as_object_mut() else { return 0 };
    for op in paths.values_mut().filter_map(serde_json::Value::as_object_mut).flat_map(|m| m.values_mut()) {
        let Some(params) = op["parameters"].as_array_mut() else { continue };
        for p in params.iter_mut().filter(|p| p["in"] == "path") {
            let Some(values) = p["name"].as_str().and_then(|n| real.get(n)).cloned() else { continue };
            let schema = p["schema"].take();
            p["schema"] = serde_json::json!({"anyOf": [{"enum": values}, schema]});
            changed += 1;
        }
    }
    changed
}

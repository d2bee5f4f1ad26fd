//! The command line on a PostgreSQL store (`--store URL`), through the real binary and
//! a real throwaway cluster: `init` makes the tournament there, `import` stores logs, `export` gives every event back, and `replay` and `verify` read the database exactly
//! as they read that export — same output, same exit status; `standings` finds its tournament there.

use crate::{pg, support};

use std::path::Path;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(support::BIN).args(args).output().expect("run");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path).display().to_string()
}

#[test]
fn init_import_export_replay_verify_and_standings_on_a_postgres_store() {
    let pg = pg::PgCluster::start("store-cli");
    let url = pg.url();
    let data = std::env::temp_dir().join(format!("arbiter-store-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let d = data.to_str().unwrap();

    let (code, out, err) = run(&["init", "--data", d, "--store", &url, "--id", "t1", "--name", "联赛"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("organiser token: "), "{out}");
    let import = |log: &str| run(&["import", "--data", d, "--store", &url, &repo(log)]);
    let new_events = |err: &str| -> usize {
        let n = err.split("imported ").nth(1).and_then(|r| r.split(' ').next()).and_then(|n| n.parse().ok());
        n.unwrap_or_else(|| panic!("{err}"))
    };
    let (code, _, err) = import("tests/scenarios/second_warning_loses.jsonl");
    assert_eq!(code, 0, "{err}");
    let first = new_events(&err);
    assert_eq!(
        first,
        std::fs::read_to_string(repo("tests/scenarios/second_warning_loses.jsonl")).unwrap().lines().count()
    );
    let (code, _, err) = import("tests/scenarios/second_warning_loses.jsonl");
    assert_eq!((code, new_events(&err)), (0, 0), "again: every event already stored: {err}");
    // Another log reusing some ids with other contents: those lines refused (exit 1), the
    // stored copies kept, the rest stored.
    let (code, _, err) = import("tests/scenarios/chief_arbiter_and_appeal.jsonl");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("conflicting_duplicate"), "{err}");
    let second = new_events(&err);
    let (code, export, err) = run(&["export", "--data", d, "--store", &url]);
    assert_eq!(code, 0, "{err}");
    // The office's key registration and the tournament `init` recorded, then what was stored.
    assert_eq!(export.lines().count(), 2 + first + second);
    let file = data.with_extension("jsonl");
    std::fs::write(&file, &export).unwrap();
    let f = file.to_str().unwrap();

    let from_store = run(&["replay", "--store", &url, "--format", "json"]);
    let from_file = run(&["replay", f, "--format", "json"]);
    assert_eq!((from_store.0, &from_store.1), (from_file.0, &from_file.1), "replay: {}", from_store.2);
    let text = run(&["replay", "--store", &url]).1;
    assert!(text.contains("第二十五条二"), "the second warning's loss, read from the database: {text}");

    let from_store = run(&["verify", "--store", &url]);
    let from_file = run(&["verify", f]);
    assert_eq!((from_store.0, &from_store.1), (from_file.0, &from_file.1), "verify: {}", from_store.2);
    assert_eq!(from_store.0, 0, "an honest ledger is clean: {}", from_store.1);

    // Standings read the tournament from the database: these logs set no system, and say so.
    let (code, _, err) = run(&["standings", "--store", &url, "--tournament", "t-citycup"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no system (Art. 27)"), "{err}");
    let (code, _, err) = run(&["standings", "--store", &url, "--tournament", "t-none"]);
    assert_ne!(code, 0);
    assert!(err.contains("no tournament `t-none`"), "{err}");
    let (code, _, err) = run(&["standings", "--store", &url]);
    assert_eq!(code, 2, "several tournaments: which one? {err}");
    assert!(err.contains("--tournament"), "{err}");

    // Bad input: a connection string that is not one, a database that is not there.
    let (code, _, err) = run(&["replay", "--store", "port=notanumber"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a PostgreSQL connection string"), "{err}");
    let (code, _, err) =
        run(&["verify", "--store", &format!("host=127.0.0.1 port={} user=arbiter dbname=nowhere", pg.port)]);
    assert_ne!(code, 0);
    assert!(err.contains("nowhere"), "{err}");
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_file(&file);
}

//! `arbiter-office verify` through the real binary, on an export and on a data directory: an
//! honest ledger is clean (exit 0), a changed byte is a forgery and a deleted line a gap (exit
//! 1), a wrong pinned office key fails everything the office signed, bad arguments exit 2.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter_core::event::EventBody;
use arbiter_core::ledger::SigningKey;
use arbiter_core::model::{Author, DeviceId, GameId, PersonId, Role, TournamentId};
use arbiter_core::store::{Origin, Signer, Store};
use arbiter_core::sync::protocol::EnrollRequest;
use arbiter_office::server::{enroll_device, init_tournament, AppState};

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office")).args(args).output().expect("run");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-verify-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// An office directory with a tournament, a referee's tablet enrolled with a key, and the
/// tablet's signed records as a push would store them; returns the office key (hex).
fn ledger(dir: &Path) -> String {
    let state = AppState::open(dir).unwrap();
    let t = TournamentId::new("t1").unwrap();
    init_tournament(&state, t.clone(), "校验杯".into(), Default::default()).unwrap();
    let person = PersonId::new("ref-wang").unwrap();
    state.accounts.register_person(&t, &person, "王裁判", Role::Referee).unwrap();
    let now = chrono::Utc::now();
    let code = state.accounts.issue_code(&t, &person, chrono::Duration::minutes(5), now).unwrap();
    let key = SigningKey::from_seed(&[7; 32]).unwrap();
    let device = DeviceId::new("tab-wang").unwrap();
    let req = EnrollRequest {
        code: code.code,
        device: device.clone(),
        label: "tab".into(),
        key: Some(key.public()),
        role: None,
    };
    enroll_device(&state, &req, now).unwrap();
    let tablet = Store::open(&dir.with_extension("tablet"), Some(&device)).unwrap();
    tablet.sign_with(Signer { id: device.clone(), key, announces: false });
    let author = Author { device, person, role: Role::Referee };
    let game = GameId::new("g1").unwrap();
    let mut recorded = Vec::new();
    for body in [EventBody::ClockStarted, EventBody::ClockPaused { reason: None }, EventBody::ClockResumed] {
        recorded.push(
            tablet
                .record(
                    t.clone(),
                    Some(game.clone()),
                    author.clone(),
                    body,
                    now,
                    arbiter_core::random_id_bits().unwrap(),
                )
                .unwrap(),
        );
    }
    state.store.append(&recorded, Origin::Remote).unwrap();
    state.office_key.hex()
}

#[test]
fn verify_finds_forgeries_and_gaps_in_an_export_and_a_data_directory() {
    let dir = scratch("office");
    let office_key = ledger(&dir);
    let data = dir.to_str().unwrap();
    let (code, out, err) = run(&["verify", "--data", data]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("result: clean"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("tab-wang") && l.split_whitespace().nth(1) == Some("3")), "{out}");
    let (code, export, err) = run(&["export", "--data", data]);
    assert_eq!(code, 0, "{err}");
    let file = dir.with_extension("jsonl");
    std::fs::write(&file, &export).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, _) = run(&["verify", f, "--office-key", &office_key]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&office_key[..16]), "the office key is printed to compare: {out}");
    let (code, json, _) = run(&["verify", f, "--format", "json"]);
    assert_eq!(code, 0);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["office_key"].as_str(), Some(office_key.as_str()));

    // A byte changed in the middle of the tablet's records: the pause becomes a start.
    let lines: Vec<&str> = export.lines().collect();
    let paused = lines.iter().position(|l| l.contains("clock_paused")).unwrap();
    let mut changed: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    changed[paused] = changed[paused].replace(r#""kind":"clock_paused","data":{}"#, r#""kind":"clock_started""#);
    assert_ne!(changed[paused], lines[paused], "the line was changed");
    std::fs::write(&file, changed.join("\n") + "\n").unwrap();
    let (code, out, _) = run(&["verify", f]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FORGED") && out.contains("tab-wang") && out.contains("NOT CLEAN"), "{out}");
    // The next record names the pause as it was signed: its link is missing, and the report
    // says why — the change, not a deletion.
    let gap = out.lines().find(|l| l.starts_with("GAP tab-wang")).unwrap_or_else(|| panic!("{out}"));
    assert!(gap.contains("most likely changed, not deleted"), "{out}");
    assert!(!out.contains("forged: event"), "the forgery is named once per line: {out}");

    // The same line deleted: the next record names what is not there.
    let deleted: Vec<&str> = lines.iter().enumerate().filter(|(i, _)| *i != paused).map(|(_, l)| *l).collect();
    std::fs::write(&file, deleted.join("\n") + "\n").unwrap();
    let (code, out, _) = run(&["verify", f]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("GAP tab-wang"), "{out}");
    assert!(!out.contains("most likely changed"), "a deletion is not said to be a change: {out}");

    // Held to another office's key, nothing the office signed holds.
    std::fs::write(&file, &export).unwrap();
    let other = "ab".repeat(32);
    let (code, out, _) = run(&["verify", f, "--office-key", &other]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FORGED"), "{out}");

    // A receipt the office gave for tab-wang's three records: the whole export holds it; the
    // export without the last record (no gap to show) does not.
    let (events, _) = arbiter_core::event::wire::decode_jsonl(&export);
    let by_tab: Vec<&arbiter_core::event::Event> =
        events.iter().filter(|e| e.sig.as_ref().is_some_and(|s| s.by.as_str() == "tab-wang")).collect();
    let last = by_tab.iter().max_by_key(|e| e.order_key()).unwrap();
    let office = SigningKey::load_or_create(&dir.join(arbiter_core::ledger::KEY_FILE)).unwrap();
    let receipt = arbiter_core::ledger::Receipt::sign(
        &office,
        TournamentId::new("t1").unwrap(),
        DeviceId::new("tab-wang").unwrap(),
        3,
        last.digest(),
    );
    let receipts = dir.with_extension("receipts.json");
    std::fs::write(&receipts, serde_json::to_string(&vec![receipt]).unwrap()).unwrap();
    let r = receipts.to_str().unwrap();
    let (code, out, _) = run(&["verify", f, "--receipts", r]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("receipt t1 tab-wang: 3 events covered, held"), "{out}");
    let last_line = last.id.to_string();
    let cut: Vec<&str> = lines.iter().filter(|l| !l.contains(&last_line)).copied().collect();
    std::fs::write(&file, cut.join("\n") + "\n").unwrap();
    let (code, out, _) = run(&["verify", f]);
    assert_eq!(code, 0, "without a receipt a cut end shows nothing: {out}");
    let (code, out, _) = run(&["verify", f, "--receipts", r]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("CUT t1 tab-wang: a receipt says the office held 3") && out.contains("holds 2"), "{out}");
    std::fs::write(&receipts, "{}").unwrap();
    let (code, _, err) = run(&["verify", f, "--receipts", r]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a JSON array of receipts expected"), "{err}");
    std::fs::write(&file, &export).unwrap();

    // Bad arguments say what is wrong.
    let (code, _, err) = run(&["verify", f, "--office-key", "nothex"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("64 hex digits"), "{err}");
    let (code, _, err) = run(&["verify", "/nonexistent/export.jsonl"]);
    assert_eq!(code, 2, "{err}");
}

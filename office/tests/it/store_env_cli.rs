//! `ARBITER_SLED_CACHE_MB` (sled's page cache) and `ARBITER_JOURNAL_SEGMENT_KB` (the journal's
//! segment size) for any command that opens a store: a value that is not a size in range is
//! refused with a message naming it, and nothing is created.

use std::process::Command;

fn export(dir: &std::path::Path, cache: &str) -> (i32, String) {
    export_with(dir, "ARBITER_SLED_CACHE_MB", cache)
}

fn export_with(dir: &std::path::Path, var: &str, value: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office"))
        .args(["export", "--data"])
        .arg(dir)
        .env(var, value)
        .output()
        .expect("run arbiter-office");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn a_bad_cache_size_is_refused_by_name_and_a_good_one_opens_the_store() {
    let dir = std::env::temp_dir().join(format!("arbiter-sled-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for bad in ["lots", "0", "-5", "99999999"] {
        let (code, err) = export(&dir, bad);
        assert_ne!(code, 0, "{bad}: {err}");
        assert!(err.contains("ARBITER_SLED_CACHE_MB") && err.contains(bad), "{bad}: {err}");
        assert!(!dir.exists(), "{bad}: nothing is opened or created");
    }
    let (code, err) = export(&dir, "16");
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("sled").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_journal_segment_size_is_refused_by_name_and_a_good_one_opens_the_store() {
    let dir = std::env::temp_dir().join(format!("arbiter-segment-size-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for bad in ["big", "0", "1.5", "4194305"] {
        let (code, err) = export_with(&dir, "ARBITER_JOURNAL_SEGMENT_KB", bad);
        assert_ne!(code, 0, "{bad}: {err}");
        assert!(err.contains("ARBITER_JOURNAL_SEGMENT_KB") && err.contains(bad), "{bad}: {err}");
        assert!(!dir.exists(), "{bad}: nothing is opened or created");
    }
    let (code, err) = export_with(&dir, "ARBITER_JOURNAL_SEGMENT_KB", "1024");
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("events.jsonl").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

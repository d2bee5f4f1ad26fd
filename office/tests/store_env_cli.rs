//! `ARBITER_SLED_CACHE_MB`: the size of sled's page cache for any command that opens a store;
//! a value that is not a size in MB is refused with a message naming it, and nothing is created.

use std::process::Command;

fn export(dir: &std::path::Path, cache: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office"))
        .args(["export", "--data"])
        .arg(dir)
        .env("ARBITER_SLED_CACHE_MB", cache)
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

//! A data directory another office serves: a second `serve`, `export`, `import` or `standings
//! --data` says so at once, without waiting on the store's lock — which process, since when, at
//! which address, what to do instead — with `office_running` and exit status 3, and never calls
//! the store damaged. Once the office stops, the same commands work.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::support;

use support::BIN;

fn run(args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let out = Command::new(BIN).args(args).output().expect("run");
    let took = start.elapsed();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        took,
    )
}

#[test]
fn a_second_office_on_a_served_directory_says_who_serves_it() {
    let dir = std::env::temp_dir().join(format!("arbiter-office-running-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.to_str().unwrap();
    let (mut first, address) = support::serve(&dir, &["--insecure-http"], &[], false);
    let scenario = format!("{}/../tests/scenarios/second_warning_loses.jsonl", env!("CARGO_MANIFEST_DIR"));
    for args in [
        vec!["export", "--data", data],
        vec!["standings", "--data", data],
        vec!["import", "--data", data, &scenario],
        vec!["serve", "--data", data, "--bind", "127.0.0.1:0", "--insecure-http"],
    ] {
        let (code, _, err, took) = run(&args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(err.contains("[office_running]"), "{args:?}: {err}");
        assert!(err.contains(&format!("process {}", first.id())) && err.contains(&address), "{args:?}: {err}");
        assert!(!err.contains("store damaged") && !err.contains("salvage"), "nothing is damaged: {err}");
        // A running office is recognised from its announcement and its held lock, without the
        // bounded wait for a lock being let go of: that wait sleeps 3 s at least, so anything
        // under 3 s did not wait (measured: a few milliseconds).
        println!("{args:?} answered office_running in {took:?}");
        assert!(took < Duration::from_millis(3_000), "{args:?} waited for the lock: {took:?}");
    }
    // Stopped cleanly, the office lets go, and the same commands work.
    assert!(Command::new("kill").arg(first.id().to_string()).status().unwrap().success());
    assert!(first.wait().unwrap().success());
    assert!(!dir.join("serving.json").exists(), "a clean stop withdraws the announcement");
    let (code, _, err, _) = run(&["export", "--data", data]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

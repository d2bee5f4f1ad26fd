//! `scripts/flake-hunt` finds a flaky test: a real libtest binary (compiled here by rustc) whose
//! one test fails every other run, hunted over four runs, is reported as failing in 2 of 4, the
//! steady test beside it not at all, and the hunt exits 1.

use std::path::Path;
use std::process::Command;

const FIXTURE: &str = r#"
#[test]
fn steady() {}

#[test]
fn every_other_run() {
    let counter = std::env::var("FLAKE_COUNTER").unwrap();
    let n: u32 = std::fs::read_to_string(&counter).map(|s| s.trim().parse().unwrap()).unwrap_or(0);
    std::fs::write(&counter, (n + 1).to_string()).unwrap();
    assert!(n % 2 == 0, "run {n} fails");
}
"#;

#[test]
fn flake_hunt_reports_a_test_that_fails_every_other_run_with_its_count() {
    let dir = arbiter_tests::scratch("flake-hunt");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("flaky.rs");
    std::fs::write(&source, FIXTURE).unwrap();
    let binary = dir.join("flaky");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let built = Command::new(rustc).arg("--test").arg(&source).arg("-o").arg(&binary).output().unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));

    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("bash")
        .arg(repo.join("scripts/flake-hunt"))
        .arg("4")
        .env("FLAKE_HUNT_RUN", format!("'{}' --test-threads 1", binary.display()))
        .env("FLAKE_COUNTER", dir.join("counter"))
        // Its run logs go in this test's scratch folder, not the system's temp folder.
        .env("TMPDIR", &dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "a hunt that found failures exits 1:\n{stdout}");
    assert!(stdout.contains("4 runs, 2 failed"), "{stdout}");
    assert!(stdout.lines().any(|l| l.trim() == "2 of 4  every_other_run"), "{stdout}");
    assert!(!stdout.contains("steady"), "the steady test is not listed:\n{stdout}");

    // The same hunt over a test that never fails reports none and exits 0.
    let steady = Command::new("bash")
        .arg(repo.join("scripts/flake-hunt"))
        .arg("2")
        .env("FLAKE_HUNT_RUN", format!("'{}' steady", binary.display()))
        .env("TMPDIR", &dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&steady.stdout);
    assert_eq!(steady.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("2 runs, 0 failed") && !stdout.contains("failures"), "{stdout}");
}

//! `arbiter-office standings FILE.xml` on one of OpenGotha's own files (kept in
//! `shared/domain/tests/fixtures/opengotha/`): the criteria are named as the file's placement
//! parameters name them, and the leader and values are the ones OpenGotha printed in its `.h9`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/domain/tests/fixtures/opengotha").join(name)
}

fn standings(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office")).arg("standings").args(args).output().expect("run");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn an_opengotha_file_prints_as_opengotha_ranked_it() {
    let file = fixture("TournoiChinois.xml");
    let (code, stdout, stderr) = standings(&[file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["criteria"], serde_json::json!(["MMS", "SOSM", "SOSOSM"]));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 24);
    // OpenGotha's .h9: "   1 Vannier Remi   2D FR 35Re   32  154  772".
    let h9 = std::fs::read(fixture("TournoiChinois.h9")).unwrap();
    let first = String::from_utf8_lossy(&h9).lines().find(|l| l.starts_with("   1 ")).unwrap().to_owned();
    assert!(first.contains("Vannier Remi") && first.contains(" 32  154  772"), "{first}");
    let top = &rows[0];
    assert_eq!(
        (top["place"].as_u64(), top["name"].as_str(), top["rank"].as_str()),
        (Some(1), Some("Vannier Remi"), Some("2D")),
        "{top}"
    );
    let values: Vec<String> =
        ["MMS", "SOSM", "SOSOSM"].iter().map(|c| top["values"][c].to_string().trim_matches('"').to_owned()).collect();
    assert_eq!(values, ["32", "154", "772"], "{top}");

    let (code, csv, _) = standings(&[file.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(code, 0);
    assert!(csv.lines().next().unwrap().contains("MMS"), "{csv}");
    let (code, _, stderr) = standings(&["/nonexistent.xml"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("nonexistent"), "{stderr}");
}

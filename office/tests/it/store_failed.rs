//! A failure the office cannot recover from in its process: the journal cannot start its next
//! segment (here something else sits where the segment's file must go), after which nothing may
//! be acknowledged until the journal is opened again. The running `serve` says `store_failed` on
//! `/health`, stops within seconds with exit status 75 for its supervisor (docs/deploy.md), and
//! started again once the cause is gone it has every acknowledged event, once.

use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

use arbiter_core::sync::tls::{client_builder, Pin, Pins};

use crate::support;

use support::BIN;

fn serve(data: &Path) -> (Child, String) {
    support::serve(data, &["--insecure-http"], &[("ARBITER_JOURNAL_SEGMENT_KB", "4")], true)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_store_that_cannot_write_again_stops_the_office_with_status_75() {
    let data = std::env::temp_dir().join(format!("arbiter-store-failed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let token = support::init(&data, "故障杯", &[]);
    let (mut office, url) = serve(&data);
    let http = client_builder(&Pins::new(Pin::Nothing)).unwrap().build().unwrap();
    // Where every next segment must go, a directory.
    for n in 1..=50u32 {
        std::fs::create_dir_all(data.join(format!("events.jsonl.{n:06}"))).unwrap();
    }
    let mut acknowledged = Vec::new();
    let mut failed = None;
    for i in 0..200 {
        let name = format!("棋手{i:03}");
        let r = http
            .post(format!("{url}/api/v1/players"))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "name": name, "rank": "2k" }))
            .send()
            .await;
        match r {
            Ok(r) if r.status().is_success() => acknowledged.push(name),
            Ok(r) => {
                failed = Some(r.status().as_u16());
                break;
            }
            Err(e) => panic!("the office went away before refusing anything: {e}"),
        }
    }
    assert_eq!(failed, Some(500), "the segment could not be started: the write is refused");
    let health: serde_json::Value =
        http.get(format!("{url}/api/v1/health")).send().await.unwrap().json().await.unwrap_or_default();
    assert_eq!(health["code"], "store_failed", "{health}");
    // It stops by itself, with the status its supervisor restarts on.
    let status = crate::wait::poll_blocking(Duration::from_secs(20), || office.try_wait().ok().flatten())
        .unwrap_or_else(|| panic!("the office did not stop within 20 s"));
    assert_eq!(status.code(), Some(75));
    let mut err = String::new();
    std::io::Read::read_to_string(&mut office.stderr.take().unwrap(), &mut err).unwrap();
    assert!(err.contains("[store_failed]") && err.contains("Restart=on-failure"), "{err}");

    // The cause gone, started again: every acknowledged player is there, once.
    for n in 1..=50u32 {
        std::fs::remove_dir(data.join(format!("events.jsonl.{n:06}"))).unwrap();
    }
    let export = Command::new(BIN).args(["export", "--data", data.to_str().unwrap()]).output().unwrap();
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    let text = String::from_utf8_lossy(&export.stdout);
    let names: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("\"player_registered\""))
        .filter_map(|l| acknowledged.iter().find(|n| l.contains(n.as_str())).map(String::as_str))
        .collect();
    assert_eq!(names.len(), acknowledged.len(), "every acknowledged player once: {names:?}");
    let (mut office, url) = serve(&data);
    assert_eq!(http.get(format!("{url}/api/v1/ready")).send().await.unwrap().status().as_u16(), 200);
    office.kill().unwrap();
    office.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

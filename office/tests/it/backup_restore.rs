//! The restore drill: a backup taken with `arbiter-office backup --data` while `serve` runs on
//! the directory and an organiser keeps adding players, restored with `restore` into a new
//! directory and served: every player acknowledged before the backup began is there, the
//! organiser's token still works (accounts came along), the office signs with the same key, and
//! the backup file is readable by its owner only. A backup cut short restores nothing.

use std::path::Path;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};

use arbiter_core::sync::tls::{client_builder, Pin, Pins};

use crate::support;

use support::BIN;

fn serve(data: &Path) -> (Child, String) {
    support::serve(data, &[], &[], false)
}

fn client(data: &Path) -> reqwest::Client {
    let pin = Pin::Exact(vec![arbiter_office::tls::current(data).unwrap().fingerprint]);
    client_builder(&Pins::new(pin)).unwrap().build().unwrap()
}

fn stop(mut child: Child) {
    assert!(Command::new("kill").arg(child.id().to_string()).status().unwrap().success());
    assert!(child.wait().unwrap().success());
}

#[cfg(unix)]
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_taken_while_serving_restores_to_an_office_that_serves_it() {
    let root = std::env::temp_dir().join(format!("arbiter-backup-drill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let (data, restored, file) = (root.join("office"), root.join("restored"), root.join("office.backup"));
    let token = support::init(&data, "备份杯", &[]);
    let (office, url) = serve(&data);
    let http = client(&data);

    // The organiser adds players one after another while the backup is taken.
    let acked: Arc<Mutex<Vec<String>>> = Arc::default();
    let writer = {
        let (http, url, token, acked) = (http.clone(), url.clone(), token.clone(), acked.clone());
        tokio::spawn(async move {
            for i in 0..60 {
                let name = format!("棋手{i:02}");
                let r = http
                    .post(format!("{url}/api/v1/players"))
                    .bearer_auth(&token)
                    .header("Idempotency-Key", format!("add-{i}"))
                    .json(&serde_json::json!({ "name": name, "rank": "1d" }))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status().as_u16(), 200);
                acked.lock().unwrap().push(name);
            }
        })
    };
    let twenty = || std::future::ready((acked.lock().unwrap().len() >= 20).then_some(()));
    crate::wait::eventually("twenty players acknowledged", crate::wait::secs(30), twenty).await;
    let before: Vec<String> = acked.lock().unwrap().clone();
    let (data_s, file_s) = (data.to_str().unwrap().to_owned(), file.to_str().unwrap().to_owned());
    let backup = tokio::task::spawn_blocking(move || {
        Command::new(BIN).args(["backup", "--data", &data_s, "--to", &file_s]).output().unwrap()
    })
    .await
    .unwrap();
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    writer.await.unwrap();
    assert_eq!(mode(&file), 0o600, "the backup holds private keys");
    // A second backup to the same file is refused: a backup never replaces a file.
    let again = Command::new(BIN)
        .args(["backup", "--data", data.to_str().unwrap(), "--to", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!again.status.success());
    stop(office);

    let restore = Command::new(BIN)
        .args(["restore", "--from", file.to_str().unwrap(), "--data", restored.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(restore.status.success(), "{}", String::from_utf8_lossy(&restore.stderr));
    assert_eq!(std::fs::read(restored.join("signing.key")).unwrap(), std::fs::read(data.join("signing.key")).unwrap());
    assert_eq!(mode(&restored.join("signing.key")), 0o600);
    let (office, url) = serve(&restored);
    let http = client(&restored);
    let setup = http.get(format!("{url}/api/v1/setup")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(setup.status().as_u16(), 200, "the organiser's token works on the restored office");
    let setup = setup.text().await.unwrap();
    for name in &before {
        assert!(setup.contains(name.as_str()), "{name}, acknowledged before the backup, is missing");
    }
    let ready = http.get(format!("{url}/api/v1/ready")).send().await.unwrap();
    assert_eq!(ready.status().as_u16(), 200);
    stop(office);

    // Restoring onto a directory in use is refused; a file cut short restores nothing.
    let onto = Command::new(BIN)
        .args(["restore", "--from", file.to_str().unwrap(), "--data", data.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!onto.status.success() && String::from_utf8_lossy(&onto.stderr).contains("not empty"));
    let text = std::fs::read_to_string(&file).unwrap();
    let cut = root.join("cut.backup");
    std::fs::write(&cut, &text[..text.len() - 200]).unwrap();
    let into = root.join("from-cut");
    let cut_restore = Command::new(BIN)
        .args(["restore", "--from", cut.to_str().unwrap(), "--data", into.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&cut_restore.stderr);
    assert!(!cut_restore.status.success() && err.contains("[bad_backup]"), "{err}");
    assert!(!into.exists(), "a failed restore leaves nothing behind");
    let _ = std::fs::remove_dir_all(&root);
}

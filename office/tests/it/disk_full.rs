//! A full disk under a running office (a real `serve` on a small tmpfs): writes are refused with
//! `disk_full` (507) naming the free space and the directory, before anything is written;
//! `/ready` says so; once space is freed the same process records again, and a retry with the
//! same Idempotency-Key records once. Every acknowledged event is there after a `kill -9`
//! and a restart, none twice. Mounting a tmpfs needs root, which CI and this machine kind have.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use arbiter_core::sync::tls::{client_builder, Pin, Pins};

use crate::support;

use support::BIN;

const RESERVE_MB: u64 = 8;
const RESERVE: &str = "8";

/// A tmpfs of `mb` MB, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(name: &str, mb: u64) -> Tmpfs {
        let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
        let _ = Command::new("umount").arg(&dir).stderr(Stdio::null()).status();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={mb}m"), "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mounting a tmpfs at {} failed: this test needs root (CI runs as root)", dir.display());
        Tmpfs(dir)
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Serving {
    child: Child,
    url: String,
}

fn serve(data: &Path) -> Serving {
    let (child, url) = support::serve(data, &["--insecure-http"], &[("ARBITER_RESERVE_MB", RESERVE)], false);
    Serving { child, url }
}

/// Fills `dir`'s file system until `leave` bytes are free.
fn fill(dir: &Path, leave: u64) -> PathBuf {
    let filler = dir.join("filler");
    let free = fs2::available_space(dir).unwrap();
    let f = std::fs::File::create(&filler).unwrap();
    // tmpfs allocates as written: write zeros, not a sparse length.
    let mut w = std::io::BufWriter::new(f);
    let chunk = vec![0u8; 1 << 16];
    let mut left = free.saturating_sub(leave);
    while left > 0 {
        let n = left.min(chunk.len() as u64) as usize;
        std::io::Write::write_all(&mut w, &chunk[..n]).unwrap();
        left -= n as u64;
    }
    std::io::Write::flush(&mut w).unwrap();
    filler
}

async fn add_player(
    http: &reqwest::Client,
    s: &Serving,
    token: &str,
    key: &str,
    name: &str,
) -> (u16, serde_json::Value, bool) {
    let r = http
        .post(format!("{}/api/v1/players", s.url))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(&serde_json::json!({ "name": name, "rank": "3d" }))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let replayed = r.headers().get("idempotent-replayed").is_some();
    (status, r.json().await.unwrap_or_default(), replayed)
}

async fn get(http: &reqwest::Client, s: &Serving, path: &str) -> (u16, serde_json::Value) {
    let r = http.get(format!("{}{path}", s.url)).send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or_default())
}

#[tokio::test]
async fn a_full_disk_refuses_writes_cleanly_and_the_same_process_goes_on_once_space_is_freed() {
    let fs = Tmpfs::mount("disk-full", 48);
    let data = fs.0.join("office");
    let token = support::init(&data, "满盘杯", &[("ARBITER_RESERVE_MB", RESERVE)]);
    let mut office = serve(&data);
    let http = client_builder(&Pins::new(Pin::Nothing)).unwrap().build().unwrap();

    // Ten players while there is room.
    for i in 0..10 {
        let (status, body, _) = add_player(&http, &office, &token, &format!("k{i}"), &format!("棋手{i}")).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(get(&http, &office, "/api/v1/ready").await.0, 200);

    // The disk fills up (something else on the machine wrote a big file).
    let filler = fill(&fs.0, (RESERVE_MB - 2) << 20);
    for i in 10..15 {
        let (status, body, _) = add_player(&http, &office, &token, &format!("k{i}"), &format!("棋手{i}")).await;
        assert_eq!(status, 507, "{body}");
        assert_eq!(body["code"], "disk_full", "{body}");
        let message = body["message"].as_str().unwrap();
        assert!(message.contains("MB free") && message.contains(data.to_str().unwrap()), "{message}");
    }
    let (status, ready) = get(&http, &office, "/api/v1/ready").await;
    assert_eq!((status, ready["code"].as_str()), (503, Some("disk_full")), "{ready}");
    let (_, health) = get(&http, &office, "/api/v1/health").await;
    assert_eq!(health["can_write"], false, "{health}");

    // Space is freed: the same process records again; the refused actions, sent again with
    // their keys, are recorded once; a key sent a second time is answered from memory.
    std::fs::remove_file(&filler).unwrap();
    assert_eq!(get(&http, &office, "/api/v1/ready").await.0, 200);
    for i in 10..15 {
        let (status, body, replayed) = add_player(&http, &office, &token, &format!("k{i}"), &format!("棋手{i}")).await;
        assert_eq!((status, replayed), (200, false), "{body}");
    }
    let (status, again, replayed) = add_player(&http, &office, &token, "k12", "棋手12").await;
    assert_eq!((status, replayed, again["name"].as_str()), (200, true, Some("棋手12")), "{again}");
    let (status, reused, _) = add_player(&http, &office, &token, "k12", "别人").await;
    assert_eq!((status, reused["code"].as_str()), (400, Some("idempotency_key_reused")), "{reused}");

    // Killed without warning and started again: every acknowledged player is there once.
    office.child.kill().unwrap();
    office.child.wait().unwrap();
    let _ = std::fs::remove_file(data.join("serving.json"));
    let export = Command::new(BIN)
        .args(["export", "--data", data.to_str().unwrap()])
        .env("ARBITER_RESERVE_MB", RESERVE_MB.to_string())
        .output()
        .unwrap();
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    let text = String::from_utf8_lossy(&export.stdout);
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["body"]["kind"] == "player_registered")
        .map(|e| e["body"]["data"]["name"].as_str().unwrap_or_default().to_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (0..15).map(|i| format!("棋手{i}")).collect();
    expected.sort();
    assert_eq!(names, expected);
    office = serve(&data);
    assert_eq!(get(&http, &office, "/api/v1/ready").await.0, 200);
    office.child.kill().unwrap();
    office.child.wait().unwrap();
}

/// Below the reserve's guard: with no reserve, the journal itself meets the full disk. A write
/// that failed is cut off (no partial line stays), it is answered `disk_full`, and once space
/// is freed the same store writes again; reopened, it holds every acknowledged event once.
#[test]
fn a_journal_write_that_meets_a_full_disk_is_cut_off_and_the_store_goes_on() {
    use arbiter_core::event::EventBody;
    use arbiter_core::model::{Author, DeviceId, Person, PersonId, Role, TournamentId};
    use arbiter_core::store::{Options, Store};

    let fs = Tmpfs::mount("journal-full", 16);
    let dir = fs.0.join("store");
    let options = Options { reserve_bytes: 0, ..Options::default() };
    let store = Store::open_with(&dir, None, options).unwrap();
    let t = TournamentId::new("t1").unwrap();
    let author = Author {
        device: DeviceId::new("office").unwrap(),
        person: PersonId::new("org").unwrap(),
        role: Role::Organiser,
    };
    let now = chrono::Utc::now();
    let body = |i: usize| {
        EventBody::PersonRegistered(Person {
            id: PersonId::new(format!("p{i}")).unwrap(),
            name: "裁".repeat(30),
            role: Role::Referee,
        })
    };
    // Each event's own id bits: `[i as u8; 10]` repeated every 256 events, and a repeated id
    // with another body is a conflicting duplicate, not a full disk.
    let bits = |i: usize| {
        let mut r = [0u8; 10];
        r[2..].copy_from_slice(&(i as u64).to_be_bytes());
        r
    };
    let mut acknowledged = 0usize;
    for i in 0..10 {
        store.record(t.clone(), None, author.clone(), body(i), now, bits(i)).unwrap();
        acknowledged += 1;
    }
    let filler = fill(&fs.0, 64 << 10);
    let mut refused = None;
    for i in 10..100_000 {
        match store.record(t.clone(), None, author.clone(), body(i), now, bits(i)) {
            Ok(_) => acknowledged += 1,
            Err(e) => {
                refused = Some(e);
                break;
            }
        }
    }
    let refused = refused.expect("the disk filled up");
    assert!(matches!(refused, arbiter_core::CoreError::DiskFull { .. }), "refused for the full disk: {refused:?}");
    assert!(store.failure().is_none(), "a failed write is not the end of the store: {refused}");
    std::fs::remove_file(&filler).unwrap();
    for i in 200..205 {
        store.record(t.clone(), None, author.clone(), body(i), now, bits(i)).unwrap();
        acknowledged += 1;
    }
    drop(store);
    // Opened on a disk with nothing free (an `export` while it is full): it opens, or it says
    // disk_full — never that the store is damaged.
    let filler = fill(&fs.0, 0);
    for _ in 0..3 {
        match Store::open_with(&dir, None, options) {
            Ok(s) => assert_eq!(s.len().unwrap() as usize, acknowledged),
            Err(e) => assert!(matches!(e, arbiter_core::CoreError::DiskFull { .. }), "{e:?}"),
        }
    }
    std::fs::remove_file(&filler).unwrap();
    let store = Store::open_with(&dir, None, options).unwrap();
    assert_eq!(store.open_report().torn_tail_bytes, 0, "no partial line was left: {refused}");
    assert_eq!(store.len().unwrap() as usize, acknowledged, "{refused}");
    eprintln!("refused with: {refused} [{}]", refused.code());
}

//! Test child: a referee's tablet without a window — the real `arbiter_core::app::App` the
//! Tauri shell wraps (enrollment, checked records, the background sync client).
//!
//! `tablet DIR --office URL --code CODE --fingerprint FP --device ID --game GAME [--record
//! BODY_JSON]...` (`--office` may be the QR code's whole link, and `--fingerprint` the short one):
//! enrolls, waits until the office's pairing of the game has arrived, records each body on it
//! as the app does (refusals exit 6; `$LAST_INCIDENT` in a body is the incident recorded last),
//! then syncs until nothing is waiting (bounded: exit 7
//! after 20 s) and prints `SYNCED`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_core::app::App;
use arbiter_core::event::EventBody;
use arbiter_core::model::GameId;

fn fail(code: i32, msg: impl std::fmt::Display) -> ! {
    eprintln!("tablet: {msg}");
    std::process::exit(code)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let (Some(dir), Some(office), Some(code), Some(device), Some(game)) =
        (args.get(1), opt("--office"), opt("--code"), opt("--device"), opt("--game"))
    else {
        fail(2, "usage: tablet DIR --office URL --code CODE --device ID --game GAME [--record BODY_JSON]...")
    };
    // A body may name `$LAST_INCIDENT`: the incident this run recorded last (to escalate it).
    let bodies: Vec<String> = args.windows(2).filter(|w| w[0] == "--record").map(|w| w[1].clone()).collect();
    let game = GameId::new(game).unwrap_or_else(|e| fail(2, e));
    let app = Arc::new(App::open(std::path::Path::new(dir)).unwrap_or_else(|e| fail(3, e)));
    let runtime = tokio::runtime::Runtime::new().unwrap_or_else(|e| fail(4, e));
    runtime.block_on(async {
        let fingerprint = opt("--fingerprint").unwrap_or_default();
        app.enroll(&office, &code, &fingerprint, &device, "e2e tablet").await.unwrap_or_else(|e| fail(5, e));
        let stop = Arc::new(tokio::sync::Notify::new());
        let task = tokio::spawn(app.sync_task(stop.clone()));
        let deadline = Instant::now() + Duration::from_secs(20);
        // As at the table: the referee sees the game once the office's pairing has arrived.
        while !app.tables().is_ok_and(|t| t.iter().any(|row| row.game == game)) {
            if Instant::now() > deadline {
                fail(7, format!("game {game} never arrived: {:?}", app.status().sync));
            }
            app.nudge();
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let mut last_incident = String::new();
        for text in bodies {
            let text = text.replace("$LAST_INCIDENT", &last_incident);
            let b: EventBody = serde_json::from_str(&text).unwrap_or_else(|e| fail(2, format!("--record {text}: {e}")));
            let view = app.record(&game, b).unwrap_or_else(|e| fail(6, format!("{} — {e}", e.code())));
            if let Some(i) = view.state.incidents.iter().max_by_key(|i| i.hlc) {
                last_incident = i.id.to_string();
            }
        }
        loop {
            app.nudge();
            let s = app.status();
            if s.sync.pending == 0 && s.sync.last_success.is_some() {
                break;
            }
            if Instant::now() > deadline {
                fail(7, format!("not synced: {:?}", s.sync));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        stop.notify_one();
        let _ = task.await;
        println!("SYNCED");
    });
}

//! Test child: records incidents into a store and prints `ACK <event id>` after each one is
//! acknowledged (durable). Used by the kill -9 loop and the strace sync count.
//!
//! `record_loop DIR [--count N] [--batch B] [--device D]`: without `--count` it runs until
//! killed (bounded at one million records so it can never run away).

use std::io::Write;

use arbiter_core::event::{Event, SCHEMA_VERSION};
use arbiter_core::store::{Origin, Store};
use arbiter_tests::{advice, game, random_from, referee, tournament};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(dir) = args.get(1) else {
        eprintln!("usage: record_loop DIR [--count N] [--batch B] [--device D]");
        std::process::exit(2);
    };
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let count: u64 = opt("--count").and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let batch: u64 = opt("--batch").and_then(|v| v.parse().ok()).unwrap_or(1).max(1);
    let device = opt("--device").unwrap_or_else(|| "tab-kill".to_owned());
    let author = referee(&device);
    let store = match Store::open(std::path::Path::new(dir), Some(&author.device)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("open failed: {e}");
            std::process::exit(3);
        }
    };
    // Continue numbering after what an earlier (killed) run stored.
    let base = store.len().unwrap_or(0) + 1_000_000 * u64::from(std::process::id() % 1000);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut i = 0;
    while i < count {
        let now = chrono::Utc::now();
        let acked: Vec<Event> = if batch == 1 {
            match store.record(tournament(), Some(game(1)), author.clone(), advice(i), now, random_from(base + i)) {
                Ok(e) => vec![e],
                Err(e) => {
                    eprintln!("record failed: {e}");
                    std::process::exit(4);
                }
            }
        } else {
            let events: Vec<Event> = (i..(i + batch).min(count))
                .map(|k| {
                    let ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
                    Event {
                        schema: SCHEMA_VERSION,
                        id: arbiter_core::domain::EventId::from_parts(ms, random_from(base + k)),
                        tournament: tournament(),
                        game: Some(game(1)),
                        author: author.clone(),
                        hlc: arbiter_core::clock::Hlc::new(ms, u32::try_from(k).unwrap_or(0)),
                        wall_time: now,
                        body: advice(k),
                    }
                })
                .collect();
            if let Err(e) = store.append(&events, Origin::Local) {
                eprintln!("append failed: {e}");
                std::process::exit(4);
            }
            events
        };
        for e in &acked {
            let _ = writeln!(out, "ACK {}", e.id);
        }
        let _ = out.flush();
        i += acked.len() as u64;
    }
}

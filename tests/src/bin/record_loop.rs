//! Test child: records incidents into a store and prints `ACK <event id>` after each one is
//! acknowledged (durable). Used by the kill -9 loop and the strace sync count.
//!
//! `record_loop DIR [--count N] [--batch B] [--device D] [--person P] [--office URL --token T
//! [--pin SHA256]]`: without
//! `--count` it runs until killed (bounded at one million records so it can never run away);
//! with `--office` it also runs a sync round after every fifth record.

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
    let mut author = referee(&device);
    if let Some(person) = opt("--person").and_then(|p| arbiter_core::model::PersonId::new(p).ok()) {
        author.person = person;
    }
    let store = match Store::open(std::path::Path::new(dir), Some(&author.device)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("open failed: {e}");
            std::process::exit(3);
        }
    };
    // It signs as a test device enrolled by the harness does (`--signs`).
    if args.iter().any(|a| a == "--signs") {
        store.sign_with(arbiter_core::store::Signer {
            id: author.device.clone(),
            key: arbiter_tests::test_key(author.device.as_str()),
            announces: false,
        });
    }
    // Continue numbering after what an earlier (killed) run stored.
    let base = store.len().unwrap_or(0) + 1_000_000 * u64::from(std::process::id() % 1000);
    if let (Some(url), Some(token)) = (opt("--office"), opt("--token")) {
        let pin = match opt("--pin").map(|p| p.parse::<arbiter_core::sync::tls::CertFingerprint>()).transpose() {
            Ok(Some(fp)) => arbiter_core::sync::tls::Pin::Exact(vec![fp]),
            Ok(None) => arbiter_core::sync::tls::Pin::Nothing,
            Err(e) => {
                eprintln!("--pin: {e}");
                std::process::exit(2);
            }
        };
        {
            let store = std::sync::Arc::new(store);
            let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("runtime: {e}");
                    std::process::exit(5);
                }
            };
            let client = match arbiter_core::sync::client::SyncClient::new(
                store.clone(),
                arbiter_core::sync::client::SyncConfig::new(url, token, pin),
            ) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("client: {e}");
                    std::process::exit(5);
                }
            };
            return record_and_sync(&store, &author, count, base, &runtime, &client);
        }
    }
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
                        rules: Some(arbiter_core::rules::RULES_REVISION),
                        prev: None,
                        sig: None,
                        id: arbiter_core::model::EventId::from_parts(ms, random_from(base + k)),
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

/// Records one event at a time, printing each acknowledgement, and syncs every fifth record.
fn record_and_sync(
    store: &Store,
    author: &arbiter_core::model::Author,
    count: u64,
    base: u64,
    runtime: &tokio::runtime::Runtime,
    client: &arbiter_core::sync::client::SyncClient,
) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for i in 0..count {
        match store.record(
            tournament(),
            Some(game(1)),
            author.clone(),
            advice(i),
            chrono::Utc::now(),
            random_from(base + i),
        ) {
            Ok(e) => {
                let _ = writeln!(out, "ACK {}", e.id);
                let _ = out.flush();
            }
            Err(e) => {
                eprintln!("record failed: {e}");
                std::process::exit(4);
            }
        }
        if i % 5 == 4 {
            let _ = runtime.block_on(client.round());
        }
    }
}

//! Durable record latency against the physical floor, measured in the same run.
//!
//! `cargo bench -p arbiter-core --bench durable_record`
//!
//! Interleaves (a, b and c in turn first, second and third; d last), in one directory on the
//! same disk: (a) `Store::record` of a ~300-byte incident,
//! which returns only after `fdatasync`, (b) the same on a store that signs what it records
//! (Ed25519 over the canonical bytes, chained) with nonces prepared ahead — what a tablet does
//! (`ledger/nonce.rs`: refilled once a record is durable, and let finish before the next
//! record, as a referee's records are seconds apart), (c) the same signed as RFC 8032 (the nonce's point computed on the
//! record's path, as the office signs), and (d) a raw `write` + `fdatasync` of a line of the
//! same size to a plain file (the floor). Then batches:
//! `Store::append` of 100 events sharing one sync, against 100 raw lines with one `fdatasync`.

use std::fs::OpenOptions;
use std::io::Write;
use std::time::{Duration, Instant};

use arbiter_core::event::{wire, Event, EventBody};
use arbiter_core::model::{Author, Colour, DeviceId, GameId, PersonId, Role, TournamentId};
use arbiter_core::rules::{Incident, Ruling};
use arbiter_core::store::{Origin, Store};

const RECORDS: u32 = 2_000;
const BATCHES: u32 = 50;
const BATCH: u32 = 100;

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("durable-record-bench");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench dir");
    let device = DeviceId::new("bench-tab").expect("id");
    let author =
        Author { device: device.clone(), person: PersonId::new("ref-bench").expect("id"), role: Role::Referee };
    let store = Store::open(&dir.join("store"), Some(&device)).expect("open store");
    let signed = Store::open(&dir.join("signed"), Some(&device)).expect("open store");
    let key = arbiter_core::ledger::SigningKey::from_seed(&[9; 32]).expect("key");
    let key = key.with_prepared_nonces();
    signed.sign_with(arbiter_core::store::Signer { id: device.clone(), key, announces: false });
    let rfc = Store::open(&dir.join("rfc8032"), Some(&device)).expect("open store");
    let key = arbiter_core::ledger::SigningKey::from_seed(&[9; 32]).expect("key");
    rfc.sign_with(arbiter_core::store::Signer { id: device.clone(), key, announces: false });
    let mut signed_lat = Vec::with_capacity(RECORDS as usize);
    let mut rfc_lat = Vec::with_capacity(RECORDS as usize);
    let mut raw = OpenOptions::new().create(true).append(true).open(dir.join("raw.jsonl")).expect("raw file");
    let (t, g) = (TournamentId::new("t1").expect("id"), GameId::new("g1").expect("id"));
    let body = |i: u32| EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: if i % 2 == 0 { Colour::Black } else { Colour::White } },
        ruling: Some(Ruling::Advice),
        note: None,
    };
    let random = |i: u32| {
        let mut r = [0x80u8; 10];
        r[6..].copy_from_slice(&i.to_be_bytes());
        r
    };

    let mut store_lat = Vec::with_capacity(RECORDS as usize);
    let mut raw_lat = Vec::with_capacity(RECORDS as usize);
    let mut line_len = 0;
    for i in 0..RECORDS {
        let now = chrono::Utc::now();
        // The three stores first, second and third in turn, so that none always follows
        // another's `fdatasync` (the file system's journal commits one after the other).
        let mut e = None;
        for k in 0..3 {
            let (which, lat) = match (k + i) % 3 {
                0 => (&store, &mut store_lat),
                1 => (&signed, &mut signed_lat),
                _ => (&rfc, &mut rfc_lat),
            };
            let start = Instant::now();
            let recorded = which.record(t.clone(), Some(g.clone()), author.clone(), body(i), now, random(i));
            lat.push(start.elapsed());
            // A tablet refills its nonces once a record is durable; in the hall its next record
            // comes seconds later. Recording back to back, the refill would run during the next
            // store's record: it is let finish first, off the clock.
            if let Some(s) = which.signer() {
                assert!(s.key.settle_nonces(Duration::from_secs(5)), "the nonce thread refills");
            }
            if std::ptr::eq(which, &store) {
                e = Some(recorded.expect("record"));
            } else {
                recorded.expect("record");
            }
        }
        let line = e.as_ref().map(wire::encode).unwrap_or_default() + "\n";
        line_len = line.len();
        let start = Instant::now();
        raw.write_all(line.as_bytes()).expect("raw write");
        raw.sync_data().expect("raw fdatasync");
        raw_lat.push(start.elapsed());
    }
    store_lat.sort();
    raw_lat.sort();
    signed_lat.sort();
    rfc_lat.sort();
    let (g50, g99) = (pct(&signed_lat, 0.5), pct(&signed_lat, 0.99));
    let (d50, d99) = (pct(&rfc_lat, 0.5), pct(&rfc_lat, 0.99));
    let (s50, s99, r50, r99) = (pct(&store_lat, 0.5), pct(&store_lat, 0.99), pct(&raw_lat, 0.5), pct(&raw_lat, 0.99));
    println!("durable record, {RECORDS} records of {line_len} bytes, interleaved with the floor:");
    println!("  Store::record            p50 {:8.1} µs   p99 {:8.1} µs", micros(s50), micros(s99));
    println!(
        "  Store::record, signed    p50 {:8.1} µs   p99 {:8.1} µs   (a tablet: nonces prepared ahead)",
        micros(g50),
        micros(g99)
    );
    println!(
        "  … signed as RFC 8032     p50 {:8.1} µs   p99 {:8.1} µs   (the nonce's point on the path)",
        micros(d50),
        micros(d99)
    );
    println!("  raw append + fdatasync   p50 {:8.1} µs   p99 {:8.1} µs   (floor)", micros(r50), micros(r99));
    println!(
        "  signed / unsigned        p50 {:8.2}×     p99 {:8.2}×   (goal ≤ 1.1× at p50)",
        micros(g50) / micros(s50),
        micros(g99) / micros(s99)
    );
    println!(
        "  RFC 8032 / unsigned      p50 {:8.2}×     p99 {:8.2}×",
        micros(d50) / micros(s50),
        micros(d99) / micros(s99)
    );
    println!(
        "  ratio                    p50 {:8.2}×     p99 {:8.2}×",
        micros(s50) / micros(r50),
        micros(s99) / micros(r99)
    );

    let mut store_total = Duration::ZERO;
    let mut raw_total = Duration::ZERO;
    for b in 0..BATCHES {
        let now = chrono::Utc::now();
        let ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
        let events: Vec<Event> = (0..BATCH)
            .map(|k| {
                let i = RECORDS + b * BATCH + k;
                Event {
                    schema: arbiter_core::event::SCHEMA_VERSION,
                    rules: Some(arbiter_core::rules::RULES_REVISION),
                    prev: None,
                    sig: None,
                    id: arbiter_core::model::EventId::from_parts(ms, random(i)),
                    tournament: t.clone(),
                    game: Some(g.clone()),
                    author: author.clone(),
                    hlc: arbiter_core::clock::Hlc::new(ms, k),
                    wall_time: now,
                    body: body(i),
                }
            })
            .collect();
        let lines: String = events.iter().map(|e| wire::encode(e) + "\n").collect();
        let start = Instant::now();
        store.append(&events, Origin::Remote).expect("append");
        store_total += start.elapsed();
        let start = Instant::now();
        raw.write_all(lines.as_bytes()).expect("raw write");
        raw.sync_data().expect("raw fdatasync");
        raw_total += start.elapsed();
    }
    let n = f64::from(BATCHES * BATCH);
    let (se, re) = (n / store_total.as_secs_f64(), n / raw_total.as_secs_f64());
    println!("batches of {BATCH} sharing one sync, {BATCHES} batches:");
    println!("  Store::append            {se:10.0} events/s");
    println!("  raw append + fdatasync   {re:10.0} events/s   (floor)");
    println!("  ratio                    {:10.2}× of the floor's throughput", se / re);
    let _ = std::fs::remove_dir_all(&dir);
}

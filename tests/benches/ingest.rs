//! Office ingest and catch-up over real HTTPS on loopback, against plain HTTP and the storage
//! floor in the same run.
//!
//! `cargo bench -p arbiter-tests --bench ingest` (`INGEST_OFFICE_ONLY=1`: only the office's push
//! path alone, signed against unsigned — a minute instead of three; with `INGEST_KINDS=signed`
//! (or `unsigned`, `padded`) only those kinds, and `PERFCTL` to profile the pushes alone: see
//! `perf_control`; `INGEST_CATCH_UP_ONLY=1`: only the catch-up rounds, `PERFCTL` around the pulls)
//!
//! - Baseline, same run: `Store::append` of the same events in batches of 200 into a fresh
//!   office store on the same disk (no HTTP, no JSON over the wire): the storage floor. And the
//!   same pushes over plain HTTP (`serve --insecure-http`): what TLS costs.
//! - Ingest: 1, 10 and 100 enrolled devices, each with its share of 6,000 recorded events in its
//!   outbox, push concurrently to one office; events/s over the wall time. Devices sign what they
//!   record and the office checks every signature; the same pushes from devices enrolled as
//!   builds from before signatures (unsigned, nothing checked) are the baseline for what checking
//!   costs (10 devices, HTTPS); and the office's push path alone, the same pushes built
//!   beforehand (the devices' reading and gzipping, a tablet's work in the hall, off the clock),
//!   with a third kind between them: unsigned events carrying as many random hex digits as a
//!   signature and a chain hash, which tells carrying those bytes apart from checking them.
//! - Latency: a referee records one event (durable) and pushes it, 200 times, on a connection
//!   already open; and the first push of a new client, with the TLS handshake.
//! - Catch-up: a device that was offline all day pulls 10,000 events; and one device pushes a
//!   10,000-event outbox.

/// The allocator `arbiter-office` sets in its main.rs, so the bench measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

use std::time::{Duration, Instant};

use arbiter_core::event::{Event, EventBody};
use arbiter_core::model::Role;
use arbiter_core::store::{Origin, Store};
use arbiter_core::sync::client::{push_body, PUSH_BODY_BUDGET};
use arbiter_core::sync::protocol::{PushResponse, PushStatus, MAX_PUSH_EVENTS};
use arbiter_tests::*;

const TOTAL: usize = 6_000;

fn main() {
    let _scratch = arbiter_tests::ScratchCleanup;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

async fn start(name: &str, https: bool) -> Office {
    if https {
        Office::start(name).await
    } else {
        Office::start_insecure(name).await
    }
}

fn scheme(https: bool) -> &'static str {
    if https {
        "https"
    } else {
        "http"
    }
}

/// Events/s pushing `TOTAL` events from `devices` devices at once; and the storage floor for them.
async fn ingest(devices: usize, https: bool, signed: bool) -> (f64, f64) {
    let tag = format!("{devices}-{}-{}", scheme(https), if signed { "signed" } else { "unsigned" });
    let office = start(&format!("bench-ingest-{tag}"), https).await;
    office.schedule(1);
    let mut all: Vec<Device> = Vec::new();
    for i in 0..devices {
        let (person, device) = (format!("ref-{i}"), format!("tab-{i}"));
        let e = if signed {
            office.enroll(&person, Role::Referee, &device).await
        } else {
            office.enroll_unsigned(&person, Role::Referee, &device).await
        };
        all.push(Device::new(&format!("bench-ingest-{tag}-{i}"), &e, &office.endpoint(), |_| {}));
    }
    let per = TOTAL / devices;
    let mut recorded: Vec<Event> = Vec::with_capacity(TOTAL);
    for d in &all {
        let events: Vec<Event> = (0..per).map(|j| d.record(1, advice(j as u64))).collect();
        recorded.extend(events);
    }
    let floor = Store::open(&scratch(&format!("bench-floor-{tag}")), None).expect("floor store");
    let start = Instant::now();
    for chunk in recorded.chunks(200) {
        floor.append(chunk, Origin::Remote).expect("append");
    }
    let floor_rate = TOTAL as f64 / start.elapsed().as_secs_f64();

    let start = Instant::now();
    let pushed = push_all(&all).await;
    let rate = TOTAL as f64 / start.elapsed().as_secs_f64();
    assert_eq!(pushed, TOTAL);
    office.shutdown().await;
    (rate, floor_rate)
}

/// What the devices of [`office_ingest`] push.
#[derive(Clone, Copy, PartialEq)]
enum Pushes {
    /// From builds before signatures: nothing to check.
    Unsigned,
    /// Unsigned, each event's note carrying 192 random hex digits — as many as a signature and
    /// a chain hash add: what carrying those bytes costs, apart from checking them.
    UnsignedPadded,
    /// Signed, every one checked.
    Signed,
}

impl Pushes {
    /// The kind's name in scratch directories and in `INGEST_KINDS`.
    fn name(self) -> &'static str {
        match self {
            Pushes::Unsigned => "unsigned",
            Pushes::UnsignedPadded => "padded",
            Pushes::Signed => "signed",
        }
    }
}

/// Events each round of [`office_ingest`] pushes: enough that a round lasts a few tenths of a
/// second (6,000 made the medians wander by ±10 %).
const OFFICE_TOTAL: usize = 30_000;

/// Events/s the office takes in `OFFICE_TOTAL` events from 10 devices at once, its own work
/// alone: each device's pushes are built before the clock starts (read from its outbox, gzipped,
/// exactly as its client sends them), then posted, each device's in turn, all devices at once.
/// In the hall the devices are tablets; here their reading and gzipping would take the office's
/// two cores (see `ingest`, which keeps them).
/// Returns the rate and the process's CPU time per event over the same span (µs).
async fn office_ingest(pushes: Pushes, round: usize) -> (f64, f64) {
    let mode = pushes.name();
    let office = start(&format!("bench-ingest-office-{mode}-{round}"), true).await;
    office.schedule(1);
    let mut bodies_of: Vec<(String, Vec<Vec<u8>>)> = Vec::new();
    for i in 0..10u64 {
        let (person, device) = (format!("ref-{i}"), format!("tab-{i}"));
        let e = if pushes == Pushes::Signed {
            office.enroll(&person, Role::Referee, &device).await
        } else {
            office.enroll_unsigned(&person, Role::Referee, &device).await
        };
        let d = Device::new(&format!("bench-ingest-office-{mode}-{round}-{i}"), &e, &office.endpoint(), |_| {});
        // Recorded 500 at a time (one sync each): recording is not what is measured here.
        let per = OFFICE_TOTAL / 10;
        let mut n = 0u64;
        for chunk in (0..per).collect::<Vec<_>>().chunks(MAX_PUSH_EVENTS) {
            let bodies = chunk
                .iter()
                .map(|&j| {
                    let body = match (pushes, advice(j as u64)) {
                        (Pushes::UnsignedPadded, EventBody::IncidentRecorded { incident, ruling, .. }) => {
                            EventBody::IncidentRecorded { incident, ruling, note: Some(random_hex(i, j as u64)) }
                        }
                        (_, body) => body,
                    };
                    (Some(game(1)), body)
                })
                .collect();
            let random = || {
                n += 1;
                Ok(random_from((i << 32) | n))
            };
            d.store.record_all(&tournament(), &d.author, bodies, chrono::Utc::now(), random).expect("record");
        }
        let (mut bodies, mut after) = (Vec::new(), None);
        loop {
            let batch = d.store.outbox_lines(after, MAX_PUSH_EVENTS, PUSH_BODY_BUDGET).expect("outbox");
            let Some(last) = batch.last() else { break };
            after = Some(last.slot);
            bodies.push(push_body(&batch).expect("body"));
        }
        bodies_of.push((e.token.clone(), bodies));
    }
    let (http, url) = (office.http(), format!("{}/api/v1/events", office.url));
    perf_control("enable");
    let (start, cpu) = (Instant::now(), process_cpu());
    let tasks: Vec<_> = bodies_of
        .into_iter()
        .map(|(token, bodies)| {
            let (http, url) = (http.clone(), url.clone());
            tokio::spawn(async move {
                let mut accepted = 0;
                for body in bodies {
                    let answer: PushResponse = http
                        .post(&url)
                        .bearer_auth(&token)
                        .header(reqwest::header::CONTENT_TYPE, "application/json")
                        .header(reqwest::header::CONTENT_ENCODING, "gzip")
                        .body(body)
                        .send()
                        .await
                        .and_then(|r| r.error_for_status())
                        .unwrap_or_else(|e| panic!("push: {e}"))
                        .json()
                        .await
                        .unwrap_or_else(|e| panic!("push answer: {e}"));
                    accepted += answer.results.iter().filter(|r| r.status == PushStatus::Accepted).count();
                }
                accepted
            })
        })
        .collect();
    let mut accepted = 0;
    for t in tasks {
        accepted += t.await.unwrap_or_else(|e| panic!("push task: {e}"));
    }
    let rate = OFFICE_TOTAL as f64 / start.elapsed().as_secs_f64();
    let cpu_us = (process_cpu() - cpu).as_secs_f64() * 1e6 / OFFICE_TOTAL as f64;
    perf_control("disable");
    assert_eq!(accepted, OFFICE_TOTAL, "every event accepted");
    office.shutdown().await;
    (rate, cpu_us)
}

/// Profiling one phase alone: with `PERFCTL=<fifo>`, `enable`/`disable` are written to
/// `perf record -D -1 --control=fifo:<fifo>,<ack>` around each timed push phase of
/// [`office_ingest`] and each pull of [`catch_up`].
fn perf_control(command: &str) {
    if let Some(fifo) = std::env::var_os("PERFCTL") {
        std::fs::write(fifo, format!("{command}\n")).unwrap_or_else(|e| panic!("PERFCTL: {e}"));
        // perf takes the command on its own thread.
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// 192 hex digits no compressor can shorten (SHA-256 of the device and the event's number,
/// three times): as many as an event's signature (128) and chain hash (64).
fn random_hex(device: u64, j: u64) -> String {
    use sha2::Digest as _;
    (0..3u8)
        .map(|k| sha2::Sha256::digest([&device.to_be_bytes()[..], &j.to_be_bytes(), &[k]].concat()))
        .map(|d| d.iter().map(|b| format!("{b:02x}")).collect::<String>())
        .collect()
}

/// One durable record + its push, on a warm connection (p50, p99), and a cold client's first push.
async fn record_and_push(https: bool) -> (Duration, Duration, Duration) {
    let office = start(&format!("bench-latency-{}", scheme(https)), https).await;
    office.schedule(1);
    let e = office.enroll("ref-l", Role::Referee, "tab-l").await;
    let d = Device::new(&format!("bench-latency-{}", scheme(https)), &e, &office.endpoint(), |_| {});
    d.client.push().await.expect("warm up");
    let mut took = Vec::with_capacity(200);
    for j in 0..200u64 {
        let start = Instant::now();
        d.record(1, advice(j));
        assert_eq!(d.client.push().await.expect("push"), 1);
        took.push(start.elapsed());
    }
    took.sort();
    // A new client (the app just started): its first push opens the connection.
    let cold = Device::reopen(&scratch(&format!("bench-latency-{}", scheme(https))), &e, &office.endpoint());
    cold.record(1, advice(10_000));
    let start = Instant::now();
    assert_eq!(cold.client.push().await.expect("cold push"), 1);
    let first = start.elapsed();
    office.shutdown().await;
    (percentile(&took, 0.5).unwrap_or_default(), percentile(&took, 0.99).unwrap_or_default(), first)
}

/// Seconds to push, then to pull, 10,000 events (a fresh office and devices for each `round`).
async fn catch_up(https: bool, round: usize) -> (f64, f64) {
    let office = start(&format!("bench-catchup-{}-{round}", scheme(https)), https).await;
    office.schedule(1);
    let writer_e = office.enroll("ref-w", Role::Referee, "tab-w").await;
    let writer =
        Device::new(&format!("bench-catchup-w-{}-{round}", scheme(https)), &writer_e, &office.endpoint(), |_| {});
    for j in 0..10_000u64 {
        writer.record(1, advice(j));
    }
    let start = Instant::now();
    assert_eq!(writer.client.push().await.expect("push"), 10_000);
    let push_s = start.elapsed().as_secs_f64();
    let reader_e = office.enroll("ref-r", Role::Referee, "tab-r").await;
    let reader =
        Device::new(&format!("bench-catchup-r-{}-{round}", scheme(https)), &reader_e, &office.endpoint(), |_| {});
    perf_control("enable");
    let start = Instant::now();
    assert!(reader.client.pull().await.expect("pull") >= 10_000);
    let pull_s = start.elapsed().as_secs_f64();
    perf_control("disable");
    office.shutdown().await;
    (push_s, pull_s)
}

async fn run() {
    if std::env::var_os("INGEST_OFFICE_ONLY").is_some() {
        office_alone().await;
        return;
    }
    let catch_up_only = std::env::var_os("INGEST_CATCH_UP_ONLY").is_some();
    if !catch_up_only {
        ingest_and_latency().await;
    }
    catch_up_rounds().await;
}

/// Ingest from 1, 10 and 100 devices over HTTP and HTTPS, signed against unsigned; one
/// record's latency.
async fn ingest_and_latency() {
    println!("office ingest, {TOTAL} events of ~370 bytes per configuration (2 cores, loopback):");
    for devices in [1usize, 10, 100] {
        let (http, floor_a) = ingest(devices, false, true).await;
        let (https, floor_b) = ingest(devices, true, true).await;
        let floor = (floor_a + floor_b) / 2.0;
        println!(
            "  {devices:>3} devices: HTTPS {https:>8.0} events/s · HTTP {http:>8.0} events/s · HTTPS/HTTP {:.2}× \
             (direct Store::append {floor:>8.0} events/s; HTTPS/floor {:.2}×)",
            https / http,
            https / floor
        );
    }
    // What signing costs the push path: the same pushes, unsigned, alternating.
    let (mut signed, mut unsigned) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        unsigned.push(ingest(10, true, false).await.0);
        signed.push(ingest(10, true, true).await.0);
    }
    office_alone().await;
    for v in [&mut signed, &mut unsigned] {
        v.sort_by(f64::total_cmp);
    }
    let m = ROUNDS / 2;
    println!(
        "  with the 10 devices' own work on the same 2 cores, medians of {ROUNDS}: signed and checked {:.0} events/s \
         · unsigned {:.0} events/s · {:.2}×",
        signed[m],
        unsigned[m],
        signed[m] / unsigned[m]
    );
    println!("one durable record + its push (200 in a row, connection open):");
    let (http50, http99, http_cold) = record_and_push(false).await;
    let (https50, https99, https_cold) = record_and_push(true).await;
    println!(
        "  HTTPS p50 {:.2} ms p99 {:.2} ms · HTTP p50 {:.2} ms p99 {:.2} ms · added by TLS p50 {:+.2} ms ({:.2}×)",
        ms(https50),
        ms(https99),
        ms(http50),
        ms(http99),
        ms(https50) - ms(http50),
        ms(https50) / ms(http50)
    );
    println!(
        "  first push of a new client: HTTPS {:.2} ms (with the handshake) · HTTP {:.2} ms",
        ms(https_cold),
        ms(http_cold)
    );
}

/// A device's 10,000-event push and another's pull, over HTTP and HTTPS.
async fn catch_up_rounds() {
    println!("catch-up (10,000 events; {CATCH_UP_ROUNDS} rounds, each on a fresh office, alternating; medians):");
    let (mut runs_http, mut runs_https) = (Vec::new(), Vec::new());
    for round in 0..CATCH_UP_ROUNDS {
        runs_http.push(catch_up(false, round).await);
        runs_https.push(catch_up(true, round).await);
    }
    for (what, pick) in [("push", (|r: &(f64, f64)| r.0) as fn(&(f64, f64)) -> f64), ("pull", |r: &(f64, f64)| r.1)] {
        let (http, https) = (median_of(&runs_http, pick), median_of(&runs_https, pick));
        let each = |runs: &[(f64, f64)]| runs.iter().map(|r| format!("{:.2}", pick(r))).collect::<Vec<_>>().join(" / ");
        println!(
            "  {what}: HTTPS {https:.2} s ({:.0} events/s; runs {} s) · HTTP {http:.2} s ({:.0} events/s; runs {} s) · \
             HTTPS/HTTP {:.2}× the throughput",
            10_000.0 / https,
            each(&runs_https),
            10_000.0 / http,
            each(&runs_http),
            http / https
        );
    }
}

/// The office's push path alone, medians of `OFFICE_ROUNDS` rounds of each kind of push (in turn):
/// signed and checked against unsigned, and the unsigned ones carrying a signature's worth of
/// random hex, which tells carrying those bytes apart from checking them.
async fn office_alone() {
    let (mut rates, mut cpus) = ([Vec::new(), Vec::new(), Vec::new()], [Vec::new(), Vec::new(), Vec::new()]);
    let kinds = [Pushes::Unsigned, Pushes::UnsignedPadded, Pushes::Signed];
    // `INGEST_KINDS=signed` (or `unsigned`, `padded`, comma-separated): only those, to profile one.
    let only = std::env::var("INGEST_KINDS").ok();
    let wanted = |k: Pushes| only.as_deref().is_none_or(|o| o.split(',').any(|w| w.trim() == k.name()));
    for round in 0..OFFICE_ROUNDS {
        // Each kind first, second and third in turn: a round finds the disk and the caches as
        // the round before left them.
        for k in 0..kinds.len() {
            let k = (k + round) % kinds.len();
            if !wanted(kinds[k]) {
                rates[k].push(f64::NAN);
                cpus[k].push(f64::NAN);
                continue;
            }
            let (rate, cpu) = office_ingest(kinds[k], round).await;
            rates[k].push(rate);
            cpus[k].push(cpu);
        }
    }
    for r in rates.iter_mut().chain(&mut cpus) {
        r.sort_by(f64::total_cmp);
    }
    let m = OFFICE_ROUNDS / 2;
    let (unsigned, padded, signed) = (rates[0][m], rates[1][m], rates[2][m]);
    let (cpu_unsigned, cpu_padded, cpu_signed) = (cpus[0][m], cpus[1][m], cpus[2][m]);
    println!(
        "  the office's push path alone (10 devices × {} events, pushes built beforehand), HTTPS, medians of {OFFICE_ROUNDS}: \
         signed and checked {signed:.0} events/s · unsigned {unsigned:.0} events/s · {:.2}× (goal ≥ 0.9×)",
        OFFICE_TOTAL / 10,
        signed / unsigned
    );
    println!(
        "    unsigned, each carrying 192 random hex digits in its note (a signature's and a chain hash's worth): \
         {padded:.0} events/s · {:.2}× unsigned — the bytes alone; checking them: signed {:.2}× these",
        padded / unsigned,
        signed / padded
    );
    // On two busy cores the rates wander; the CPU each event took wanders less, and its ratio is
    // what the rates' ratio tends to when the cores are the limit.
    println!(
        "    process CPU per event (office and its clients), medians: signed {cpu_signed:.1} µs · unsigned \
         {cpu_unsigned:.1} µs · padded {cpu_padded:.1} µs · unsigned ÷ signed {:.2}×",
        cpu_unsigned / cpu_signed
    );
}

/// Rounds of the signed/unsigned comparison (alternating; medians).
const ROUNDS: usize = 5;

/// Rounds of the office-alone comparison: its rounds are shorter and vary more (±15 % on this
/// machine kind), so there are more of them.
const OFFICE_ROUNDS: usize = 9;

/// A single catch-up is one push of a few tenths of a second: the median of a few says more.
const CATCH_UP_ROUNDS: usize = 3;

fn median_of(runs: &[(f64, f64)], pick: fn(&(f64, f64)) -> f64) -> f64 {
    let mut v: Vec<f64> = runs.iter().map(pick).collect();
    v.sort_by(f64::total_cmp);
    percentile(&v, 0.5).unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

//! Office ingest and catch-up over real HTTP on loopback.
//!
//! `cargo bench -p arbiter-tests --bench ingest`
//!
//! - Baseline, same run: `Store::append` of the same events in batches of 200 into a fresh
//!   office store on the same disk (no HTTP, no JSON over the wire): the storage floor.
//! - Ingest: 1, 10 and 100 enrolled devices, each with its share of 6,000 recorded events in its
//!   outbox, push concurrently to one office; events/s over the wall time.
//! - Catch-up: a device that was offline all day pulls 10,000 events; and one device pushes a
//!   10,000-event outbox.

use std::time::Instant;

use arbiter_core::domain::Role;
use arbiter_core::event::Event;
use arbiter_core::store::{Origin, Store};
use arbiter_tests::*;

const TOTAL: usize = 6_000;

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}

async fn run() {
    println!("office ingest, {TOTAL} events of ~370 bytes per configuration (2 cores, loopback):");
    for devices in [1usize, 10, 100] {
        let office = Office::start(&format!("bench-ingest-{devices}")).await;
        office.schedule(1);
        let mut all: Vec<Device> = Vec::new();
        for i in 0..devices {
            let e = office.enroll(&format!("ref-{i}"), Role::Referee, &format!("tab-{i}")).await;
            all.push(Device::new(&format!("bench-ingest-{devices}-{i}"), &e, &office.endpoint(), |_| {}));
        }
        let per = TOTAL / devices;
        let mut recorded: Vec<Event> = Vec::with_capacity(TOTAL);
        for d in &all {
            let events: Vec<Event> = (0..per).map(|j| d.record(1, advice(j as u64))).collect();
            recorded.extend(events);
        }
        // Baseline: the same events straight into a fresh store, batches of 200, one sync each.
        let floor = Store::open(&scratch(&format!("bench-floor-{devices}")), None).expect("floor store");
        let start = Instant::now();
        for chunk in recorded.chunks(200) {
            floor.append(chunk, Origin::Remote).expect("append");
        }
        let floor_rate = TOTAL as f64 / start.elapsed().as_secs_f64();

        let start = Instant::now();
        let pushes: Vec<_> = all
            .iter()
            .map(|d| {
                let c = d.client.clone();
                tokio::spawn(async move { c.push().await })
            })
            .collect();
        let mut pushed = 0;
        for p in pushes {
            pushed += p.await.expect("task").expect("push");
        }
        let rate = TOTAL as f64 / start.elapsed().as_secs_f64();
        assert_eq!(pushed, TOTAL);
        println!(
            "  {devices:>3} devices: {rate:>8.0} events/s over HTTP   (direct Store::append {floor_rate:>8.0} events/s; ratio {:.2}×)",
            rate / floor_rate
        );
        office.shutdown().await;
    }

    // Catch-up after a day offline: 10,000 events at the office, one device pulls them all.
    let office = Office::start("bench-catchup").await;
    office.schedule(1);
    let writer_e = office.enroll("ref-w", Role::Referee, "tab-w").await;
    let writer = Device::new("bench-catchup-w", &writer_e, &office.endpoint(), |_| {});
    for j in 0..10_000u64 {
        writer.record(1, advice(j));
    }
    let start = Instant::now();
    let pushed = writer.client.push().await.expect("push");
    let push_s = start.elapsed().as_secs_f64();
    let reader_e = office.enroll("ref-r", Role::Referee, "tab-r").await;
    let reader = Device::new("bench-catchup-r", &reader_e, &office.endpoint(), |_| {});
    let start = Instant::now();
    let pulled = reader.client.pull().await.expect("pull");
    let pull_s = start.elapsed().as_secs_f64();
    println!("catch-up:");
    println!(
        "  a device offline all day pushes its {pushed} events in {push_s:.2} s ({:.0} events/s)",
        pushed as f64 / push_s
    );
    println!(
        "  a device offline all day pulls {pulled} events in {pull_s:.2} s ({:.0} events/s)",
        pulled as f64 / pull_s
    );
    office.shutdown().await;
}

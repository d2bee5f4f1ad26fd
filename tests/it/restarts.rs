//! Restarts on real processes: the office killed with SIGKILL and restarted in the middle of
//! syncs, and a device process killed in a loop while it records and syncs. Every acknowledged
//! event ends up everywhere, once.

use std::collections::HashSet;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use arbiter_core::model::{EventId, Role};
use arbiter_core::sync::protocol::EnrollResponse;
use arbiter_tests::*;

const OFFICE: &str = env!("CARGO_BIN_EXE_office");

fn start_office(dir: &std::path::Path, port: u16) -> Child {
    arbiter_tests::start_office_process(OFFICE, dir, port)
}
const RECORDER: &str = env!("CARGO_BIN_EXE_record_loop");

/// Prepares an office directory with tournament t1 and `n` enrolled referees, without a server.
fn prepare(dir: &std::path::Path, n: usize) -> Vec<EnrollResponse> {
    prepare_office(dir, None, n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_office_killed_mid_sync_loses_nothing_it_acknowledged() {
    let dir = scratch("restart-office");
    let enrolled = prepare(&dir, 3);
    let port = free_port();
    // The certificate the office process will serve (made now, as `init` does).
    let cert = arbiter_office::tls::current(&dir).unwrap().fingerprint;
    let endpoint = arbiter_tests::Endpoint {
        url: format!("https://127.0.0.1:{port}"),
        pin: arbiter_core::sync::tls::Pin::Exact(vec![cert]),
    };
    let devices: Vec<Device> = enrolled
        .iter()
        .enumerate()
        .map(|(i, e)| {
            Device::new(&format!("restart-tab-{i}"), e, &endpoint, |c| {
                c.request_timeout = Duration::from_secs(2);
                c.push_batch = 5;
            })
        })
        .collect();
    let mut recorded = Vec::new();
    let mut office = start_office(&dir, port);
    for phase in 0..6u64 {
        // Devices record and sync concurrently while the office is killed part-way.
        let work = devices.iter().map(|d| {
            let ids: Vec<EventId> = (0..15).map(|j| d.record(1, advice(phase * 100 + j)).id).collect();
            let client = d.client.clone();
            (
                ids,
                tokio::spawn(async move {
                    for _ in 0..3 {
                        let _ = client.round().await;
                    }
                }),
            )
        });
        let mut tasks = Vec::new();
        for (ids, task) in work {
            recorded.extend(ids);
            tasks.push(task);
        }
        tokio::time::sleep(Duration::from_millis(15 + 10 * phase)).await;
        office.kill().unwrap();
        office.wait().unwrap();
        for t in tasks {
            let _ = t.await;
        }
        office = start_office(&dir, port);
    }
    for d in &devices {
        d.settle().await;
    }
    for d in &devices {
        d.settle().await;
    }
    office.kill().unwrap();
    office.wait().unwrap();
    let office_store = arbiter_core::store::Store::open(&dir, None).unwrap();
    for id in &recorded {
        assert!(office_store.get(id).unwrap().is_some(), "{id} was lost");
    }
    let office_set = event_set(&office_store);
    // The office's key registration (the first event it signs), the tournament, each record.
    assert_eq!(office_set.len(), 2 + recorded.len(), "the tournament and each record exactly once");
    for d in &devices {
        assert_eq!(event_set(&*d.store), office_set);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_killed_while_recording_and_syncing_resumes_and_delivers_everything() {
    let office = Office::start("kill-device-office").await;
    office.schedule(1);
    let enrolled = office.enroll("ref-k", Role::Referee, "tab-k").await;
    let dir = scratch("kill-device-store");
    let mut acked: HashSet<EventId> = HashSet::new();
    for round in 0..8u64 {
        let child = Command::new(RECORDER)
            .arg(&dir)
            .args([
                "--device",
                "tab-k",
                "--person",
                "ref-k",
                "--office",
                &office.url,
                "--token",
                &enrolled.token,
                "--signs",
            ])
            .args(["--pin", &office.cert.unwrap().to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        // Blocking waits off the runtime's workers: the office serves on them.
        let want = 8 + 5 * (round as usize % 4);
        acked.extend(tokio::task::block_in_place(|| kill_after_acks(child, want, Duration::from_secs(20))));
        let store = arbiter_core::store::Store::open(&dir, None).unwrap();
        for id in &acked {
            assert!(store.get(id).unwrap().is_some(), "round {round}: acknowledged {id} missing after kill -9");
        }
    }
    assert!(acked.len() > 50, "too few records to mean anything: {}", acked.len());
    let synced_before_restart = acked.iter().filter(|id| office.state.store.get(id).ok().flatten().is_some()).count();
    assert!(synced_before_restart > 0, "the killed runs synced nothing: are their events refused?");
    // The app starts again and syncs what the killed runs left in the outbox.
    let device = Device::reopen(&dir, &enrolled, &office.endpoint());
    device.settle().await;
    for id in &acked {
        assert!(office.state.store.get(id).unwrap().is_some(), "{id} never reached the office");
    }
    assert_eq!(device.store.pending().unwrap(), 0);
    office.shutdown().await;
}

//! Durability of the store, shown on real processes: a recorder killed with SIGKILL in a loop
//! never loses an acknowledged event, and every acknowledged record cost one `fdatasync`
//! (one per batch when batching), counted by strace.

use std::collections::HashSet;
use std::process::{Command, Stdio};
use std::time::Duration;

use arbiter_core::model::EventId;
use arbiter_core::store::Store;
use arbiter_tests::{kill_after_acks, scratch};

const RECORDER: &str = env!("CARGO_BIN_EXE_record_loop");

#[test]
fn kill_9_in_a_loop_never_loses_an_acknowledged_event() {
    kill_loop("kill-loop", None);
}

/// The same loop with journal segments of 4 KB (about ten records each): kills land while a
/// segment is closed and the next created, and opens start from a checkpoint in a later segment.
#[test]
fn kill_9_in_a_loop_across_journal_segments_never_loses_an_acknowledged_event() {
    let dir = kill_loop("kill-loop-segments", Some("4"));
    let segments = arbiter_core::store::journal::segments(&dir).expect("segments");
    assert!(segments.len() > 10, "the loop must cross many segments: {segments:?}");
}

/// Kills a recorder 15 times; after each kill, checks the store. Returns the store's directory.
fn kill_loop(name: &str, segment_kb: Option<&str>) -> std::path::PathBuf {
    let dir = scratch(name);
    let mut acked: HashSet<EventId> = HashSet::new();
    let mut lines_before = 0;
    let mut bounded_opens = 0;
    for round in 0..15u64 {
        let mut recorder = Command::new(RECORDER);
        if let Some(kb) = segment_kb {
            recorder.env("ARBITER_JOURNAL_SEGMENT_KB", kb);
        }
        let child = recorder.arg(&dir).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("spawn recorder");
        acked.extend(kill_after_acks(child, 5 + 4 * (round as usize % 7), Duration::from_secs(20)));

        let store = Store::open(&dir, None).expect("the store opens after kill -9");
        for id in &acked {
            assert!(store.get(id).expect("read").is_some(), "round {round}: acknowledged {id} is missing");
        }
        // The count kept from the checkpoint on is the journal's, exactly.
        let journal = arbiter_core::store::journal::read_only(&dir).expect("journal");
        let ids: HashSet<EventId> = journal
            .lines
            .iter()
            .map(|l| arbiter_core::event::wire::decode(&l.text).expect("a journal line").id)
            .collect();
        assert_eq!(store.len().expect("len"), ids.len() as u64, "round {round}");
        // Bounded open: only what the killed recorder wrote after the last checkpoint sled
        // kept is read again — never more than it wrote since this loop's previous open.
        let read = store.open_report().journal_lines_read;
        assert!(read <= journal.lines.len() - lines_before, "round {round}: read {read} of {}", journal.lines.len());
        if read < journal.lines.len() / 2 {
            bounded_opens += 1;
        }
        lines_before = journal.lines.len();
    }
    assert!(acked.len() > 100, "the loop recorded too little to mean anything: {}", acked.len());
    assert!(bounded_opens >= 10, "opens that read less than half the journal: {bounded_opens} of 15");
    dir
}

/// Runs the recorder under strace; returns (fdatasync calls, fsync calls, acknowledged records).
/// The journal syncs with `fdatasync`; sled's own flushes use `fsync`, counted apart.
fn syncs_under_strace(count: u32, batch: u32) -> (u64, u64, u64) {
    let dir = scratch(&format!("strace-{count}-{batch}"));
    let summary = dir.with_extension("strace");
    // The store is created first, so that creating its files is not counted.
    drop(Store::open(&dir, None).expect("create store"));
    let out = Command::new("strace")
        .args(["-f", "-c", "-e", "trace=fdatasync,fsync,sync_file_range", "-o"])
        .arg(&summary)
        .arg(RECORDER)
        .arg(&dir)
        .args(["--count", &count.to_string(), "--batch", &batch.to_string()])
        .output()
        .expect("strace must be installed (scripts/setup installs it)");
    assert!(out.status.success(), "recorder under strace failed: {}", String::from_utf8_lossy(&out.stderr));
    let acks = String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.starts_with("ACK ")).count() as u64;
    let text = std::fs::read_to_string(&summary).expect("strace summary");
    let calls = |name: &str| -> u64 {
        text.lines()
            .filter(|l| l.split_whitespace().last() == Some(name))
            .filter_map(|l| {
                let cols: Vec<&str> = l.split_whitespace().collect();
                // % time, seconds, usecs/call, calls, [errors], syscall
                cols.get(3).and_then(|c| c.parse::<u64>().ok())
            })
            .sum()
    };
    (calls("fdatasync"), calls("fsync"), acks)
}

#[test]
fn every_acknowledged_record_cost_one_fdatasync_and_a_batch_shares_one() {
    let (fdatasync, fsync, acks) = syncs_under_strace(200, 1);
    assert_eq!(acks, 200);
    assert_eq!(fdatasync, 200, "one journal sync per acknowledged record (sled's fsync calls: {fsync})");

    let (fdatasync, _, acks) = syncs_under_strace(200, 50);
    assert_eq!(acks, 200);
    assert_eq!(fdatasync, 4, "four batches of 50, one shared sync each");

    let (fdatasync, _, acks) = syncs_under_strace(0, 1);
    assert_eq!((fdatasync, acks), (0, 0), "opening and closing the store syncs no journal data");
}

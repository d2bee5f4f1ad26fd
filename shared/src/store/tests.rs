//! Store tests on real directories.

use super::*;
use crate::clock::Hlc;
use crate::error::{CoreError, DomainError};
use crate::model::{Colour, PersonId, Role};
use crate::rules::RulesetSpec;
use crate::rules::{Incident, Ruling};

pub(crate) fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Rewrites every event's primary key as a store before layout 4 kept it: the line itself.
pub(crate) fn to_lines_in_sled(s: &Store) {
    s.primaries.to_per_event_keys(&s.db);
    for item in s.db.scan_prefix([keys::EVENT]) {
        let (k, v) = item.unwrap();
        let id = keys::id_suffix(&k).unwrap();
        let (seq, line) = s.stored_line(&id, &v).unwrap();
        let mut old = seq.to_be_bytes().to_vec();
        old.extend_from_slice(&line);
        s.db.insert(k, old).unwrap();
    }
}

/// Rewrites every index group as a store before layout 5 kept it: one key per event.
pub(crate) fn to_per_event_index(s: &Store) {
    for prefix in [keys::GAME, keys::SETUP] {
        let groups: Vec<(sled::IVec, sled::IVec)> =
            s.db.scan_prefix([prefix]).map(|i| i.unwrap()).filter(|(_, v)| !v.is_empty()).collect();
        for (k, v) in groups {
            for o in keys::index_orders(&k, &v).unwrap() {
                let mut old = k[..k.len() - 9].to_vec();
                old.extend_from_slice(&o);
                s.db.insert(old, Vec::new()).unwrap();
            }
            s.db.remove(k).unwrap();
        }
    }
}

fn device() -> DeviceId {
    DeviceId::new("tab-1").unwrap()
}

fn author() -> Author {
    Author { device: device(), person: PersonId::new("ref-wang").unwrap(), role: Role::Referee }
}

/// Advice for disturbing others (第二十四条二): an incident that never ends a game.
fn advice(offender: Colour) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender },
        ruling: Some(Ruling::Advice),
        note: None,
    }
}

fn record_n(store: &Store, n: u32) -> Vec<Event> {
    (0..n)
        .map(|i| {
            let now = DateTime::from_timestamp_millis(1_795_000_000_000 + i64::from(i) * 1_000).unwrap();
            let body = advice(if i % 2 == 0 { Colour::Black } else { Colour::White });
            let mut random = [0x80u8; 10];
            random[6..].copy_from_slice(&i.to_be_bytes());
            store
                .record(TournamentId::new("t1").unwrap(), Some(GameId::new("g1").unwrap()), author(), body, now, random)
                .unwrap()
        })
        .collect()
}

#[test]
fn records_are_indexed_in_the_outbox_and_survive_reopen() {
    let dir = tmp("reopen");
    let recorded = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        let r = record_n(&s, 5);
        assert_eq!(s.pending().unwrap(), 5);
        s.ack(&[r[0].id, r[1].id]).unwrap();
        assert_eq!(s.pending().unwrap(), 3);
        r
    };
    let s = Store::open(&dir, Some(&device())).unwrap_or_else(|e| panic!("reopen: {e}"));
    assert_eq!(s.len().unwrap(), 5);
    let t = TournamentId::new("t1").unwrap();
    assert_eq!(s.game_events(&t, &GameId::new("g1").unwrap()).unwrap(), recorded);
    assert_eq!(s.tournament_events(&t).unwrap(), recorded);
    assert_eq!(s.outbox(10).unwrap(), recorded[2..].to_vec());
    let hlcs: Vec<Hlc> = recorded.iter().map(|e| e.hlc).collect();
    assert!(hlcs.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(s.hlc().unwrap(), *hlcs.last().unwrap());
}

#[test]
fn outbox_lines_page_by_slot_and_byte_budget_and_ack_by_slot() {
    let dir = tmp("outbox-lines");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let r = record_n(&s, 6);
    let ids = |p: &[Pending]| p.iter().map(|p| p.id).collect::<Vec<_>>();
    let first = s.outbox_lines(None, 2, usize::MAX).unwrap();
    assert_eq!(ids(&first), vec![r[0].id, r[1].id]);
    // Each line is the event's wire form: it decodes back to the event.
    assert_eq!(crate::event::wire::decode(&first[0].line).unwrap(), r[0]);
    let next = s.outbox_lines(Some(first[1].slot), 10, usize::MAX).unwrap();
    assert_eq!(ids(&next), r[2..].iter().map(|e| e.id).collect::<Vec<_>>());
    // The budget stops a page before it passes, but a page is never empty.
    let one_line = first[0].line.len() + 1;
    assert_eq!(s.outbox_lines(None, 10, one_line * 2).unwrap().len(), 2);
    assert_eq!(s.outbox_lines(None, 10, 1).unwrap().len(), 1);
    s.ack_slots(&[first[0].slot, next[1].slot]).unwrap();
    let left = s.outbox_lines(None, 10, usize::MAX).unwrap();
    assert_eq!(ids(&left), vec![r[1].id, r[2].id, r[4].id, r[5].id]);
    assert_eq!(s.pending().unwrap(), 4);
}

/// Lines are read a run of adjacent journal lines at a time: runs broken by another device's
/// event, and a line sled keeps itself (before layout 4), still read as each event's own.
#[test]
fn outbox_lines_read_in_runs_are_each_events_own_line() {
    let dir = tmp("outbox-runs");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let mut mine = record_n(&s, 3);
    let mut theirs = mine[0].clone();
    theirs.id = EventId::from_parts(1_795_000_000_500, [0x80, 0, 0, 0, 0, 0, 0, 0, 9, 9]);
    theirs.author.device = DeviceId::new("tab-2").unwrap();
    s.append(&[theirs], Origin::Remote).unwrap();
    for i in 0..3u8 {
        let at = DateTime::from_timestamp_millis(1_795_000_100_000 + i64::from(i)).unwrap();
        let e = s.record(
            mine[0].tournament.clone(),
            mine[0].game.clone(),
            author(),
            advice(Colour::White),
            at,
            [0x90 + i; 10],
        );
        mine.push(e.unwrap());
    }
    // The fifth keeps its line in sled, as a layout-3 store did.
    s.primaries.to_per_event_keys(&s.db);
    let value = s.db.get(keys::event(&mine[4].id)).unwrap().unwrap();
    let (seq, line) = s.stored_line(&mine[4].id, &value).unwrap();
    let mut old = seq.to_be_bytes().to_vec();
    old.extend_from_slice(&line);
    s.db.insert(keys::event(&mine[4].id), old).unwrap();
    let lines = s.outbox_lines(None, 100, usize::MAX).unwrap();
    let decoded: Vec<Event> = lines.iter().map(|p| crate::event::wire::decode(&p.line).unwrap()).collect();
    assert_eq!(decoded, mine);
    assert!(lines.iter().all(|p| !p.line.contains('\n')));
}

#[test]
fn an_outbox_line_that_is_another_events_is_reported_damaged_not_sent() {
    let dir = tmp("outbox-damaged");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let r = record_n(&s, 3);
    to_lines_in_sled(&s);
    // Event 2's primary now holds event 3's line.
    let stored = s.db.get(keys::event(&r[2].id)).unwrap().unwrap();
    let (_, third) = s.stored_line(&r[2].id, &stored).unwrap();
    let mut forged = 2u64.to_be_bytes().to_vec();
    forged.extend_from_slice(&third);
    s.db.insert(keys::event(&r[1].id), forged).unwrap();
    let err = s.outbox_lines(None, 10, usize::MAX).unwrap_err();
    assert!(matches!(err, CoreError::Damaged { .. }), "{err:?}");
    assert!(err.to_string().contains(&r[1].id.to_string()), "{err}");
}

#[test]
fn append_is_idempotent_and_refuses_a_changed_copy() {
    let dir = tmp("idem");
    let s = Store::open(&dir, None).unwrap();
    let events = record_n(&Store::open(&tmp("idem-src"), Some(&device())).unwrap(), 3);
    let first = s.append(&events, Origin::Remote).unwrap();
    assert_eq!(first, vec![Ok(Appended::New(1)), Ok(Appended::New(2)), Ok(Appended::New(3))]);
    let again = s.append(&[events[1].clone(), events[1].clone()], Origin::Remote).unwrap();
    assert_eq!(again, vec![Ok(Appended::Duplicate(2)), Ok(Appended::Duplicate(2))]);
    let mut forged = events[0].clone();
    forged.body = EventBody::ClockStarted;
    let r = s.append(&[forged], Origin::Remote).unwrap();
    assert!(matches!(r[0], Err(CoreError::Domain(DomainError::ConflictingDuplicate(_)))), "{:?}", r[0]);
    assert_eq!(s.get(&events[0].id).unwrap().unwrap(), events[0], "the stored copy is untouched");
    assert_eq!(s.pending().unwrap(), 0, "remote events do not go to the outbox");
    assert_eq!(s.since(1, 10).unwrap().iter().map(|(q, _)| *q).collect::<Vec<_>>(), vec![2, 3]);
    assert_eq!(s.last_seq(), 3);
}

#[test]
fn a_pushed_event_is_journalled_as_it_came_and_rebuilt_from_that_line() {
    let dir = tmp("lined");
    let events = record_n(&Store::open(&tmp("lined-src"), Some(&device())).unwrap(), 2);
    let texts: Vec<String> = events.iter().map(super::conformance::reordered).collect();
    let pretty = serde_json::to_string_pretty(&events[1]).unwrap();
    {
        let s = Store::open(&dir, None).unwrap();
        let lined = [&texts[0], &pretty].iter().map(|t| wire::Lined::decode(t).unwrap()).collect();
        s.append_lined(lined, Origin::Remote).unwrap();
    }
    let journal = std::fs::read_to_string(journal::segment_path(&dir, 0)).unwrap();
    let lines: Vec<&str> = journal.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(lines, vec![texts[0].as_str(), &wire::encode(&events[1])], "one as sent; the other written again");
    // sled lost: its index is rebuilt from those lines.
    std::fs::remove_dir_all(dir.join("sled")).unwrap();
    let s = Store::open(&dir, None).unwrap();
    assert_eq!(s.open_report().reapplied, 2);
    assert_eq!(s.since(0, 10).unwrap().into_iter().map(|(_, e)| e).collect::<Vec<_>>(), events);
}

#[test]
fn sled_losing_its_tail_is_repaired_from_the_journal() {
    let dir = tmp("lost-tail");
    let recorded = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        record_n(&s, 4)
    };
    // Simulate a power loss that kept the synced journal but lost sled's unsynced writes.
    std::fs::remove_dir_all(dir.join("sled")).unwrap();
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!(s.open_report().reapplied, 4);
    assert_eq!(s.len().unwrap(), 4);
    assert_eq!(s.outbox(10).unwrap(), recorded, "our own events are resent: the office may not have them");
}

#[test]
fn export_import_round_trips_byte_for_byte() {
    let dir = tmp("export");
    let s = Store::open(&dir, Some(&device())).unwrap();
    record_n(&s, 20);
    let mut a = Vec::new();
    assert_eq!(s.export(&mut a).unwrap(), 20);
    let other = Store::open(&tmp("import"), None).unwrap();
    let mut input = a.clone();
    input.extend_from_slice(b"{broken\n");
    let report = other.import(std::io::Cursor::new(input)).unwrap();
    assert_eq!((report.added, report.duplicates), (20, 0));
    assert_eq!(report.refused.len(), 1);
    assert_eq!(report.refused[0].line, 21);
    let mut b = Vec::new();
    other.export(&mut b).unwrap();
    assert_eq!(a, b);
    let again = other.import(std::io::Cursor::new(a)).unwrap();
    assert_eq!((again.added, again.duplicates), (0, 20));
}

#[test]
fn salvage_exports_what_the_journal_holds_when_sled_is_gone() {
    let dir = tmp("salvage");
    {
        let s = Store::open(&dir, Some(&device())).unwrap();
        record_n(&s, 3);
    }
    // Damage: sled's files are garbage, and one journal line is corrupted.
    let sled_dir = dir.join("sled");
    for entry in std::fs::read_dir(&sled_dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_file() {
            std::fs::write(&p, b"\xde\xad\xbe\xef garbage").unwrap();
        }
    }
    let journal = dir.join(journal::JOURNAL_FILE);
    let text = std::fs::read_to_string(&journal).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = "{\"schema\":1,\"id\":\"garbled";
    std::fs::write(&journal, lines.join("\n") + "\n").unwrap();

    let mut out = Vec::new();
    let report = Store::salvage(&dir, &mut out).unwrap();
    assert_eq!(report.events, 2);
    assert_eq!(report.unreadable.len(), 1);
    assert_eq!(report.unreadable[0].line, 2);
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
}

#[test]
fn the_kept_state_follows_new_events_and_a_reopened_store_reads_summaries_back() {
    let dir = tmp("cache");
    let (t, g) = (TournamentId::new("t1").unwrap(), GameId::new("g1").unwrap());
    {
        let s = Store::open(&dir, Some(&device())).unwrap();
        record_n(&s, 2);
        assert_eq!(s.game_state(&t, &g).unwrap().unwrap().events, 2);
        let body = EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: Colour::Black },
            ruling: Some(Ruling::Warning),
            note: None,
        };
        let at = DateTime::from_timestamp_millis(1_795_100_000_000).unwrap();
        s.record(t.clone(), Some(g.clone()), author(), body, at, [0x80; 10]).unwrap();
        let now = s.game_state(&t, &g).unwrap().unwrap();
        assert_eq!((now.events, now.warnings(Colour::Black)), (3, 1));
        assert_eq!(*now, crate::game::fold_game(&g, RulesetSpec::default(), &s.game_events(&t, &g).unwrap()));
        assert_eq!(s.game_summaries(&t).unwrap()[0].warnings.black, 1);
    }
    let s = Store::open(&dir, Some(&device())).unwrap();
    // The summary comes back from sled as it was written: no game is folded for it.
    let stored = s.db.get(keys::game_key(keys::SUMMARY, &t, &g)).unwrap().expect("a stored summary");
    assert!(serde_json::from_slice::<serde_json::Value>(&stored).unwrap()["summary"]["warnings"]["black"] == 1);
    assert_eq!(s.game_summaries(&t).unwrap()[0].warnings.black, 1);
    assert_eq!(s.projection.states_kept(), 0, "no game folded to list summaries");
}

#[test]
fn a_store_from_a_newer_layout_is_refused_untouched() {
    let dir = tmp("newer");
    {
        let s = Store::open(&dir, None).unwrap();
        s.db.insert(keys::meta("schema"), &99u64.to_be_bytes()).unwrap();
        s.db.flush().unwrap();
    }
    let err = Store::open(&dir, None).err().unwrap();
    assert!(matches!(err, CoreError::Damaged { .. }), "{err:?}");
    assert!(err.to_string().contains("newer version"), "{err}");
}

#[test]
fn observing_pulled_stamps_moves_the_clock_past_them_but_not_past_the_bound() {
    let now = 1_795_000_000_000;
    let dir = tmp("observe");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let near = Hlc::new(now + 60_000, 7);
    s.observe([near], now).unwrap();
    let e = record_n(&s, 1).remove(0);
    assert!(e.hlc > near, "{:?} after {near:?}", e.hlc);
    // A peer a year ahead drags this clock no further than MAX_AHEAD_MS past now.
    let dir = tmp("observe-far");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let last = s.observe([Hlc::new(now + 365 * 86_400_000, 0)], now).unwrap();
    assert_eq!(last.wall_ms, now + crate::clock::MAX_AHEAD_MS);
}

/// Before layout 4 sled kept each event's line: events it has that the journal lost go back.
#[test]
fn events_sled_kept_but_the_journal_lost_are_written_back_to_it() {
    let dir = tmp("rejournal");
    {
        let s = Store::open(&dir, Some(&device())).unwrap();
        record_n(&s, 3);
        to_lines_in_sled(&s);
        s.db.flush().unwrap();
    }
    let journal = dir.join(journal::JOURNAL_FILE);
    let text = std::fs::read_to_string(&journal).unwrap();
    std::fs::write(&journal, text.lines().next().unwrap().to_owned() + "\n").unwrap();
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!((s.open_report().rejournaled, s.len().unwrap()), (2, 3));
    assert_eq!(journal::read_only(&dir).unwrap().lines.len(), 3);
}

/// Since layout 4 sled keeps only where a line is. sled flushed keys for lines the journal never
/// synced (a power loss; never acknowledged): their keys go — the game too if it had nothing
/// else — and later lines written at the same place read as themselves.
#[test]
fn an_event_whose_journal_line_never_reached_the_disk_is_removed_from_the_index() {
    let dir = tmp("unjournaled");
    let t = TournamentId::new("t1").unwrap();
    let (kept, lost) = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        let kept = record_n(&s, 2);
        let body = advice(Colour::Black);
        let at = DateTime::from_timestamp_millis(1_795_100_000_000).unwrap();
        // A batch from elsewhere: its first line reached the disk, the other two did not.
        let batch: Vec<Event> = (0..3u8)
            .map(|i| {
                let mut e = kept[0].clone();
                e.id = EventId::from_parts(1_795_050_000_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 5, i]);
                e.hlc = Hlc::new(1_795_050_000_000, u32::from(i));
                e.author.device = DeviceId::new("tab-2").unwrap();
                e
            })
            .collect();
        s.append(&batch, Origin::Remote).unwrap();
        // Read, so kept, and stored with all three as the store closes: they must not come back.
        assert_eq!(s.game_state(&t, &kept[0].game.clone().unwrap()).unwrap().unwrap().events, 5);
        let lost = s.record(t.clone(), Some(GameId::new("g9").unwrap()), author(), body, at, [0x81; 10]).unwrap();
        s.db.flush().unwrap();
        (kept.into_iter().chain(batch.into_iter().take(1)).collect::<Vec<_>>(), lost)
    };
    let journal = dir.join(journal::JOURNAL_FILE);
    let text = std::fs::read_to_string(&journal).unwrap();
    std::fs::write(&journal, text.lines().take(3).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let s = Store::open(&dir, Some(&device())).unwrap();
    let r = s.open_report();
    assert_eq!((r.unjournaled, r.rejournaled, s.len().unwrap()), (3, 0, 3));
    assert_eq!(s.get(&lost.id).unwrap(), None);
    assert!(!s.has_game(&t, &GameId::new("g9").unwrap()).unwrap(), "its only event is gone");
    assert_eq!(s.outbox(10).unwrap(), kept[..2].to_vec());
    assert_eq!(s.tournament_events(&t).unwrap(), kept);
    let g = kept[0].game.clone().unwrap();
    let folded = crate::game::fold_game(&g, s.setup(&t).unwrap().default_ruleset(), &s.game_events(&t, &g).unwrap());
    assert_eq!(*s.game_state(&t, &g).unwrap().unwrap(), folded);
    assert_eq!(folded.events, 3);
    let arrived: Vec<Event> = s.since(0, 10).unwrap().into_iter().map(|(_, e)| e).collect();
    assert_eq!(arrived, kept, "the batch's log value keeps its one entry that is there");
    // The next record's line is written where the lost one was, and reads as itself.
    let body = advice(Colour::White);
    let at = DateTime::from_timestamp_millis(1_795_100_000_500).unwrap();
    let again = s.record(t.clone(), Some(GameId::new("g1").unwrap()), author(), body, at, [0x82; 10]).unwrap();
    assert_eq!(s.get(&again.id).unwrap().as_ref(), Some(&again));
    drop(s);
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!((s.open_report().unjournaled, s.len().unwrap()), (0, 4));
}

/// A batch cut short by a crash after its arrival-log value but before its id index key (the
/// office killed mid-push): opening applies its events again under new numbers, and the log
/// entry left behind is not read as a second copy (the soak caught a pull and an export listing
/// an event twice).
#[test]
fn a_log_entry_left_by_a_cut_short_batch_is_not_read_as_a_second_copy() {
    let dir = tmp("cut-batch");
    let t = TournamentId::new("t1").unwrap();
    let (first, cut) = {
        let s = Store::open(&dir, None).unwrap();
        let src = record_n(&Store::open(&tmp("cut-batch-src"), Some(&device())).unwrap(), 2);
        s.append(&src[..1], Origin::Remote).unwrap();
        // The next batch: its line synced and its log value written, then the crash.
        let e = &src[1];
        let line = wire::encode(e) + "\n";
        let ticket = s.journal.append(line.as_bytes()).unwrap().ticket;
        s.journal.sync(ticket).unwrap();
        let entry = keys::log_value(&e.tournament, e.game.as_ref(), e.author.device.as_str(), &e.id);
        s.db.insert(keys::seq_key(keys::LOG, 2), keys::log_batch([(2, entry.as_slice())])).unwrap();
        s.db.flush().unwrap();
        (src[0].clone(), e.clone())
    };
    let s = Store::open(&dir, None).unwrap();
    assert_eq!((s.open_report().reapplied, s.len().unwrap()), (1, 2));
    assert_eq!(s.db.get(keys::seq_key(keys::LOG, 2)).unwrap(), None, "opening removed the stale entry");
    // A stale entry from before that removal (a store opened by an older build) is passed over.
    let entry = keys::log_value(&cut.tournament, cut.game.as_ref(), cut.author.device.as_str(), &cut.id);
    s.db.insert(keys::seq_key(keys::LOG, 2), keys::log_batch([(2, entry.as_slice())])).unwrap();
    let log: Vec<(u64, EventId)> = s.since(0, 10).unwrap().into_iter().map(|(q, e)| (q, e.id)).collect();
    assert_eq!(log, vec![(1, first.id), (3, cut.id)], "the entry at 2 names an event now stored as 3");
    let (pulled, last) = s.scan_log(0, s.last_seq(), 10, 10, |_| true).unwrap();
    assert_eq!((pulled.len(), last), (2, 3));
    assert_eq!(s.tournament_events(&t).unwrap(), vec![first, cut]);
    let mut exported = Vec::new();
    assert_eq!(s.export(&mut exported).unwrap(), 2, "exported once each");
}

#[test]
fn the_device_id_is_durable_and_a_store_serves_one_device() {
    let dir = tmp("device-file");
    {
        let s = Store::open(&dir, Some(&device())).unwrap();
        record_n(&s, 2);
    }
    // sled loses everything, including its metadata; the device file still says whose store
    // this is, so an observer's reopen puts the device's own events back in the outbox.
    std::fs::remove_dir_all(dir.join("sled")).unwrap();
    let s = Store::open(&dir, None).unwrap();
    assert_eq!(s.pending().unwrap(), 2);
    drop(s);
    let other = DeviceId::new("tab-2").unwrap();
    let err = Store::open(&dir, Some(&other)).err().unwrap();
    assert!(matches!(err, CoreError::Damaged { .. }), "{err:?}");
    assert!(err.to_string().contains("belongs to device `tab-1`"), "{err}");
}

#[test]
fn opening_reads_only_the_journal_after_the_checkpoint_sled_kept() {
    let dir = tmp("checkpoint");
    let old = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        record_n(&s, 50);
        s.db.get(keys::meta("checkpoint")).unwrap().unwrap()
    };
    let lost = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        assert_eq!((s.open_report().journal_lines_read, s.len().unwrap()), (0, 50));
        let more: Vec<Event> = (0..5u32)
            .map(|i| {
                let body = advice(Colour::White);
                let at = DateTime::from_timestamp_millis(1_795_200_000_000 + i64::from(i)).unwrap();
                let mut random = [0x90u8; 10];
                random[6..].copy_from_slice(&i.to_be_bytes());
                s.record(TournamentId::new("t1").unwrap(), Some(GameId::new("g2").unwrap()), author(), body, at, random)
                    .unwrap()
            })
            .collect();
        // sled loses its tail: the five events and the checkpoints that covered them.
        for e in &more {
            let seq = keys::u64_of(&s.primaries.value(&s.db, &e.id).unwrap().unwrap()).unwrap();
            s.db.remove(keys::seq_key(keys::PRIMARY, seq)).unwrap();
        }
        s.db.insert(keys::meta("checkpoint"), old).unwrap();
        more
    };
    let s = Store::open(&dir, Some(&device())).unwrap();
    let r = s.open_report();
    assert_eq!((r.journal_lines_read, r.reapplied, s.len().unwrap()), (5, 5, 55));
    for e in &lost {
        assert_eq!(s.get(&e.id).unwrap().as_ref(), Some(e));
    }
    drop(s);
    // A journal shorter than the checkpoint (it lost lines sled has) is read whole.
    let journal = dir.join(journal::JOURNAL_FILE);
    let text = std::fs::read_to_string(&journal).unwrap();
    std::fs::write(&journal, text.lines().take(10).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let s = Store::open(&dir, Some(&device())).unwrap();
    let r = s.open_report();
    // Only where each line was is in sled: the 45 lost lines' events are gone from it too.
    assert_eq!((r.journal_lines_read, r.unjournaled, s.len().unwrap()), (10, 45, 10));
}

/// A pull passes over other tables' entries by their log tags without reading them; an entry
/// written before the tag (the id alone) is read to decide. Nothing past `until` is looked at.
#[test]
fn scan_log_keeps_what_the_tag_admits_and_reads_untagged_entries() {
    let dir = tmp("scan-log");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let t = TournamentId::new("t1").unwrap();
    let body = || advice(Colour::Black);
    let at = |i: i64| DateTime::from_timestamp_millis(1_795_000_000_000 + i * 1_000).unwrap();
    let events: Vec<Event> = (0..6u8)
        .map(|i| {
            let g = GameId::new(format!("g{}", 1 + i % 2)).unwrap();
            s.record(t.clone(), Some(g), author(), body(), at(i64::from(i)), [0x80, 0, 0, 0, 0, 0, 0, 0, 7, i]).unwrap()
        })
        .collect();
    let log: Vec<(u64, EventId)> = s.since(0, 10).unwrap().into_iter().map(|(q, e)| (q, e.id)).collect();
    let value = s.db.get(keys::seq_key(keys::LOG, log[0].0)).unwrap().unwrap();
    let entries = keys::log_entries(log[0].0, &value).unwrap();
    let tag =
        keys::log_tag(entries[0].1).map(|t| (t.tournament.to_owned(), t.game.map(str::to_owned), t.device.to_owned()));
    assert_eq!(tag, Some(("t1".into(), Some("g1".into()), "tab-1".into())));
    // Entry 3 (game g1) as layout 2 wrote it: the id alone.
    s.db.insert(keys::seq_key(keys::LOG, log[2].0), events[2].id.as_uuid().as_bytes().to_vec()).unwrap();
    assert_eq!(keys::log_tag(&s.db.get(keys::seq_key(keys::LOG, log[2].0)).unwrap().unwrap()), None);

    let g1 = |tag: &LogTag<'_>| tag.game == Some("g1");
    let (kept, last) = s.scan_log(0, s.last_seq(), 100, 100, g1).unwrap();
    let ids: Vec<EventId> = kept.iter().map(|(_, e)| e.id).collect();
    assert_eq!(ids, vec![events[0].id, events[2].id, events[4].id]);
    assert_eq!(last, log[5].0, "the cursor passes the entries it left out");
    // Bounded by `until`, by the scan and by the limit.
    assert_eq!(s.scan_log(0, log[3].0, 100, 100, g1).unwrap().1, log[3].0);
    assert_eq!(s.scan_log(0, s.last_seq(), 2, 100, g1).unwrap(), (vec![(log[0].0, events[0].clone())], log[1].0));
    assert_eq!(s.scan_log(0, s.last_seq(), 100, 1, g1).unwrap().1, log[0].0);
    assert_eq!(s.scan_log(log[5].0, s.last_seq(), 100, 100, g1).unwrap(), (vec![], log[5].0));

    // A batch's entries share one log value; a scan may start and stop inside it.
    let batch: Vec<Event> = (0..5u8)
        .map(|i| {
            let mut e = events[0].clone();
            e.id = EventId::from_parts(1_795_000_100_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 8, i]);
            e.hlc = Hlc::new(1_795_000_100_000, u32::from(i));
            e.game = Some(GameId::new(format!("g{}", 1 + i % 2)).unwrap());
            e
        })
        .collect();
    s.append(&batch, Origin::Remote).unwrap();
    let first = log[5].0 + 1;
    assert_eq!(s.db.scan_prefix([keys::LOG]).count(), 7, "six records, then one batch");
    let (kept, last) = s.scan_log(first, s.last_seq(), 100, 100, g1).unwrap();
    assert_eq!(
        kept.iter().map(|(q, e)| (*q, e.id)).collect::<Vec<_>>(),
        [(first + 2, batch[2].id), (first + 4, batch[4].id)]
    );
    assert_eq!(last, first + 4);
    assert_eq!(s.scan_log(first + 1, first + 3, 100, 100, |_| true).unwrap().1, first + 3);
    assert_eq!(s.since(first + 2, 10).unwrap().len(), 2);
    assert_eq!(super::last_logged_seq(&s.db).unwrap(), first + 4);
}

/// Bounded open: with a journal in many segments, a reopen reads only after the
/// checkpoint (in the last segment); sled lost whole is rebuilt from every segment, and salvage
/// exports every segment's lines.
#[test]
fn a_segmented_journal_opens_from_its_checkpoint_and_every_segment_stays_readable() {
    let dir = tmp("segments");
    // Each record is its own batch of one ~370-byte line: about five to a segment.
    let small = Options { segment_bytes: 2_000, ..Options::default() };
    let recorded = {
        let s = Store::open_with(&dir, Some(&device()), small).unwrap();
        record_n(&s, 40)
    };
    let segments = journal::segments(&dir).unwrap();
    assert!(segments.len() >= 6, "{segments:?}");
    let s = Store::open_with(&dir, Some(&device()), small).unwrap();
    assert_eq!((s.open_report().journal_lines_read, s.len().unwrap()), (0, 40));
    drop(s);

    // sled is gone: every segment is read and every event re-applied, own ones to the outbox.
    std::fs::remove_dir_all(dir.join("sled")).unwrap();
    let s = Store::open_with(&dir, Some(&device()), small).unwrap();
    let r = s.open_report();
    assert_eq!((r.journal_lines_read, r.reapplied, s.len().unwrap(), s.pending().unwrap()), (40, 40, 40, 40));
    let t = TournamentId::new("t1").unwrap();
    assert_eq!(s.game_events(&t, &GameId::new("g1").unwrap()).unwrap(), recorded);
    drop(s);
    assert_eq!(journal::segments(&dir).unwrap(), segments, "rebuilding wrote no line again");

    let mut out = Vec::new();
    let report = Store::salvage(&dir, &mut out).unwrap();
    assert_eq!(report.events, 40);
    let lines: Vec<String> = recorded.iter().map(wire::encode).collect();
    assert_eq!(String::from_utf8(out).unwrap(), lines.join("\n") + "\n");
}

/// Layout 3 (before segments) kept a four-field checkpoint in `events.jsonl` and each event's
/// line in sled; migrated to layout 4 the checkpoint is honoured as one in the first segment
/// (nothing is read again, nothing lost) and the lines are read where they are.
#[test]
fn a_layout_3_checkpoint_is_read_as_one_in_the_first_segment() {
    let dir = tmp("migrate-3-4");
    let recorded = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        let r = record_n(&s, 6);
        let c = meta::checkpoint(&s.db).unwrap().unwrap();
        let mut old = Vec::new();
        for n in [c.mark.offset, c.mark.lines, c.seq, c.events] {
            old.extend_from_slice(&n.to_be_bytes());
        }
        s.db.insert(keys::meta("checkpoint"), old).unwrap();
        s.db.insert(keys::meta("schema"), &3u64.to_be_bytes()).unwrap();
        to_lines_in_sled(&s);
        to_per_event_index(&s);
        s.db.flush().unwrap();
        r
    };
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!((s.open_report().journal_lines_read, s.len().unwrap()), (0, 6));
    assert_eq!(meta::checkpoint(&s.db).unwrap().unwrap().mark.lines, 6);
    assert_eq!(s.db.get(keys::meta("schema")).unwrap().as_deref(), Some(&STORE_SCHEMA.to_be_bytes()[..]));
    let t = TournamentId::new("t1").unwrap();
    assert_eq!(s.game_events(&t, &GameId::new("g1").unwrap()).unwrap(), recorded);
}

/// Layout 5 lists a batch's events of a game under one key; a layout-4 store's per-event keys
/// are read beside the groups written after it, in the agreed order, and a group left twice by
/// a batch cut short and applied again lists its events once.
#[test]
fn per_event_index_keys_of_layout_4_read_beside_the_groups_of_layout_5() {
    let dir = tmp("migrate-4-5");
    let t = TournamentId::new("t1").unwrap();
    let g = GameId::new("g1").unwrap();
    let old = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        let r = record_n(&s, 4);
        to_per_event_index(&s);
        s.db.insert(keys::meta("schema"), &4u64.to_be_bytes()).unwrap();
        s.db.flush().unwrap();
        r
    };
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!(s.db.get(keys::meta("schema")).unwrap().as_deref(), Some(&STORE_SCHEMA.to_be_bytes()[..]));
    assert_eq!(s.game_events(&t, &g).unwrap(), old);
    // A batch from another device, stamped between the old events: one group key for it.
    let mut batch: Vec<Event> = old[1..3].to_vec();
    for (i, e) in batch.iter_mut().enumerate() {
        e.id = EventId::from_parts(1_795_000_001_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 7, i as u8]);
        e.hlc = Hlc::new(e.hlc.wall_ms, e.hlc.logical + 1);
        e.author.device = DeviceId::new("tab-2").unwrap();
    }
    s.append(&batch, Origin::Remote).unwrap();
    let groups: Vec<_> =
        s.db.scan_prefix(keys::game_prefix(&t, &g)).map(|i| i.unwrap()).filter(|(_, v)| !v.is_empty()).collect();
    assert_eq!(groups.len(), 1, "one key for the batch's two events");
    let mut all: Vec<Event> = old.iter().chain(&batch).cloned().collect();
    all.sort_by_key(|e| (e.hlc, e.id));
    assert_eq!(s.game_events(&t, &g).unwrap(), all);
    assert_eq!(s.tournament_events(&t).unwrap(), all);
    // The same group again under another batch number (a cut-short batch applied again).
    let (k, v) = &groups[0];
    s.db.insert(keys::index_group(keys::game_prefix(&t, &g), keys::u64_of(&k[k.len() - 8..]).unwrap() + 100), v)
        .unwrap();
    assert_eq!(s.game_events(&t, &g).unwrap(), all, "each event once");
    // A group cut short is damage, said as such.
    s.db.insert(k, &v[..30]).unwrap();
    let err = s.game_events(&t, &g).unwrap_err();
    assert!(matches!(err, CoreError::Damaged { .. }), "{err:?}");
}

/// A device's chain head is found again after a reopen (sled keeps it, moved with each batch),
/// in each tournament it signed in, and another device's events do not move it.
#[test]
fn a_devices_chain_continues_across_a_reopen_in_each_tournament() {
    let dir = tmp("chain-reopen");
    let key = || crate::ledger::SigningKey::from_seed(&[7; 32]).unwrap();
    let signer = || Signer { id: device(), key: key(), announces: false };
    let s = Store::open(&dir, Some(&device())).unwrap();
    s.sign_with(signer());
    let mine = record_n(&s, 3);
    let other_t = TournamentId::new("t-other").unwrap();
    let g = || Some(GameId::new("g1").unwrap());
    let elsewhere = s.record(other_t.clone(), g(), author(), advice(Colour::White), Utc::now(), [0x80; 10]).unwrap();
    // Another device's event arrives after them.
    let mut theirs = mine[0].clone();
    theirs.id = EventId::from_parts(1_795_000_999_000, [0x81; 10]);
    theirs.author.device = DeviceId::new("tab-2").unwrap();
    theirs.sig = None;
    theirs.prev = None;
    s.append(&[theirs], Origin::Remote).unwrap();
    drop(s);
    let s = Store::open(&dir, Some(&device())).unwrap();
    s.sign_with(signer());
    let next = s
        .record(
            mine[0].tournament.clone(),
            mine[0].game.clone(),
            author(),
            advice(Colour::Black),
            Utc::now(),
            [0x82; 10],
        )
        .unwrap();
    assert_eq!(next.prev, Some(mine[2].digest()), "the chain goes on from the last event of this device");
    let next_elsewhere = s.record(other_t, g(), author(), advice(Colour::Black), Utc::now(), [0x83; 10]).unwrap();
    assert_eq!(next_elsewhere.prev, Some(elsewhere.digest()));
    // A signer under a new id (enrolled again) starts chains of its own.
    s.rebind_device(&DeviceId::new("tab-1b").unwrap()).unwrap();
    s.sign_with(Signer { id: DeviceId::new("tab-1b").unwrap(), key: key(), announces: false });
    let fresh = s.record(
        mine[0].tournament.clone(),
        g(),
        Author { device: DeviceId::new("tab-1b").unwrap(), ..author() },
        advice(Colour::Black),
        Utc::now(),
        [0x84; 10],
    );
    assert_eq!(fresh.unwrap().prev, None);
}

/// A head kept where builds before the heads' own tree kept it (a meta key) still continues the
/// chain: an upgraded tablet does not start a new one.
#[test]
fn a_chain_head_an_earlier_build_kept_is_read_after_the_upgrade() {
    let dir = tmp("chain-old-head");
    let s = Store::open(&dir, Some(&device())).unwrap();
    s.sign_with(Signer {
        id: device(),
        key: crate::ledger::SigningKey::from_seed(&[7; 32]).unwrap(),
        announces: false,
    });
    let t = TournamentId::new("t1").unwrap();
    let old_head = crate::event::EventDigest([0x5a; 32]);
    s.db.insert(keys::meta(&format!("chain/{t}/{}", device())), &old_head.0).unwrap();
    let g = Some(GameId::new("g1").unwrap());
    let e = s.record(t.clone(), g.clone(), author(), advice(Colour::Black), Utc::now(), [0x80; 10]).unwrap();
    assert_eq!(e.prev, Some(old_head));
    drop(s);
    let s = Store::open(&dir, Some(&device())).unwrap();
    s.sign_with(Signer {
        id: device(),
        key: crate::ledger::SigningKey::from_seed(&[7; 32]).unwrap(),
        announces: false,
    });
    let next = s.record(t, g, author(), advice(Colour::White), Utc::now(), [0x81; 10]).unwrap();
    assert_eq!(next.prev, Some(e.digest()), "the new tree wins once it has the head");
}

/// A store that signs with prepared nonces asks for them to be refilled once each record is
/// durable (`ledger/nonce.rs`): a tablet recording all day signs every record with a prepared
/// nonce (none falls back to RFC 8032's), though taking one never wakes the thread.
#[test]
fn a_signing_store_refills_its_nonces_after_recording() {
    let dir = tmp("nonce-refill");
    let s = Store::open(&dir, Some(&device())).unwrap();
    let seed = [7; 32];
    let key = crate::ledger::SigningKey::from_seed(&seed).unwrap().with_prepared_nonces();
    let bound = std::time::Duration::from_secs(10);
    assert!(key.settle_nonces(bound));
    let full = key.nonces_ready();
    s.sign_with(Signer { id: device(), key, announces: false });
    let signer = s.signer().unwrap();
    let rfc = crate::ledger::SigningKey::from_seed(&seed).unwrap();
    let (t, g) = (TournamentId::new("t1").unwrap(), Some(GameId::new("g1").unwrap()));
    // Three times the queue's length, ten records at a time.
    for i in 0..3 * full as u32 {
        let now = DateTime::from_timestamp_millis(1_795_000_000_000 + i64::from(i) * 1_000).unwrap();
        let mut random = [0x80u8; 10];
        random[6..].copy_from_slice(&i.to_be_bytes());
        let e = s.record(t.clone(), g.clone(), author(), advice(Colour::Black), now, random).unwrap();
        let mut deterministic = e.clone();
        rfc.sign(&mut deterministic, device());
        assert_ne!(e.sig, deterministic.sig, "record {i} signed with a prepared nonce");
        if i % 10 == 9 {
            assert!(signer.key.settle_nonces(bound), "record {i}: the refill finishes");
            assert!(signer.key.nonces_ready() > full / 2, "record {i}: refilled");
        }
    }
}

/// Layout 6 keeps the id index under one key per batch; a layout-5 store's per-event keys are
/// read as they are: its events are found by id, pulled, sent and exported once, a copy of one
/// pushed again is a duplicate (not stored twice), and what comes after goes to groups.
#[test]
fn per_event_keys_of_layout_5_read_beside_the_id_index_of_layout_6() {
    let dir = tmp("migrate-5-6");
    let t = TournamentId::new("t1").unwrap();
    let old = {
        let s = Store::open(&dir, Some(&device())).unwrap();
        let r = record_n(&s, 4);
        s.primaries.to_per_event_keys(&s.db);
        s.db.insert(keys::meta("schema"), &5u64.to_be_bytes()).unwrap();
        s.db.flush().unwrap();
        r
    };
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!(s.db.get(keys::meta("schema")).unwrap().as_deref(), Some(&STORE_SCHEMA.to_be_bytes()[..]));
    assert_eq!((s.open_report().reapplied, s.len().unwrap()), (0, 4), "nothing applied again");
    assert_eq!(s.get(&old[2].id).unwrap().as_ref(), Some(&old[2]));
    assert_eq!(s.append(&old[1..2], Origin::Remote).unwrap(), vec![Ok(Appended::Duplicate(2))]);
    let new = s
        .record(
            t.clone(),
            Some(GameId::new("g1").unwrap()),
            author(),
            advice(Colour::Black),
            DateTime::from_timestamp_millis(1_795_000_010_000).unwrap(),
            [0x99; 10],
        )
        .unwrap();
    assert!(s.db.get(keys::event(&new.id)).unwrap().is_none(), "a new event has no key of its own");
    assert_eq!(s.db.scan_prefix([keys::PRIMARY]).count(), 1);
    let mut all = old.clone();
    all.push(new.clone());
    assert_eq!(s.game_events(&t, &GameId::new("g1").unwrap()).unwrap(), all);
    assert_eq!(s.outbox_lines(None, 100, usize::MAX).unwrap().len(), 5);
    let mut exported = Vec::new();
    assert_eq!(s.export(&mut exported).unwrap(), 5);
    drop(s);
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert_eq!((s.open_report().reapplied, s.len().unwrap()), (0, 5));
    assert_eq!(s.get(&new.id).unwrap(), Some(new));
}

/// The pattern that made a test fail one run in fifteen: a store dropped and reopened at once in
/// the same process, over and over. sled 0.34 lets go of its lock a moment after the last handle
/// drops; every open waits for that (bounded) instead of failing.
#[test]
fn a_store_reopened_in_process_many_times_in_a_row_opens_each_time_with_everything() {
    let dir = tmp("reopen-many");
    let t = TournamentId::new("t1").unwrap();
    for round in 0..40u32 {
        let s = Store::open(&dir, Some(&device())).unwrap_or_else(|e| panic!("open #{round}: {e}"));
        assert_eq!(s.len().unwrap(), u64::from(round), "open #{round} has every earlier record");
        let now = DateTime::from_timestamp_millis(1_795_000_000_000 + i64::from(round) * 1_000).unwrap();
        let mut random = [0x80u8; 10];
        random[6..].copy_from_slice(&round.to_be_bytes());
        s.record(t.clone(), Some(GameId::new("g1").unwrap()), author(), advice(Colour::Black), now, random).unwrap();
    }
    assert_eq!(Store::open(&dir, Some(&device())).unwrap().len().unwrap(), 40);
}

#[test]
fn a_stores_lock_is_seen_held_while_it_is_open_and_never_before() {
    let dir = tmp("held");
    assert!(!is_held(&dir), "a store never opened is not held");
    let s = Store::open(&dir, Some(&device())).unwrap();
    assert!(is_held(&dir), "an open store's lock is held");
    // Asking does not take the lock: the store still records.
    record_n(&s, 1);
    assert!(is_held(&dir));
}

#[test]
fn a_store_open_elsewhere_is_in_use_by_its_lock_not_a_storage_error() {
    let dir = tmp("in-use");
    let first = Store::open(&dir, Some(&device())).unwrap();
    assert!(is_held(&dir));
    // The same folder opened again while the first handle lives: refused as in use, after the
    // bounded wait for a handle that is only closing.
    match Store::open(&dir, Some(&device())) {
        Err(CoreError::InUse { dir: d }) => assert_eq!(d, dir.display().to_string()),
        Err(other) => panic!("expected InUse, got {other:?}"),
        Ok(_) => panic!("a store held by another handle opened"),
    }
    drop(first);
    let _ = std::fs::remove_dir_all(&dir);
}

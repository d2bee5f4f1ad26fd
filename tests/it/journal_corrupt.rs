//! A changed byte in the middle of a journal segment (bit rot, a bad copy, a hand edit — here a
//! ruling's year moved back by one): the office reopened on that directory never serves the
//! changed event — not in a pull, not in an export — names the file and the byte where it is
//! (`journal_corrupt`, on `/health` and from `export`), and serves everything else; `salvage`
//! recovers the rest. Before checksums the changed event was served as it stood.

use arbiter_core::event::Event;
use arbiter_core::model::Role;
use arbiter_core::store::{journal, Store};
use arbiter_office::server::AppState;
use arbiter_tests::*;

#[tokio::test(flavor = "multi_thread")]
async fn a_changed_byte_is_reported_never_served_and_the_rest_is_served() {
    let office = Office::start("journal-corrupt").await;
    office.schedule(1);
    let enrolled = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let a = Device::new("journal-corrupt-a", &enrolled, &office.endpoint(), |_| {});
    let recorded: Vec<Event> = (0..20).map(|j| a.record(1, advice(j))).collect();
    assert_eq!(a.client.push().await.unwrap(), 20);
    let dir = office.state.data.to_path_buf();
    let token = office.organiser_token.clone();
    office.shutdown().await;

    // One byte of the 11th ruling's line changes: its wall time a year earlier. The line is
    // still valid JSON and still a valid event.
    let victim = recorded[10].id.to_string();
    let path = journal::segment_path(&dir, 0);
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find(&format!("\"id\":\"{victim}\"")).expect("the victim's line");
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let year = line_start + text[line_start..].find("\"wall_time\":\"20").unwrap() + "\"wall_time\":\"202".len();
    let mut bytes = text.into_bytes();
    bytes[year] -= 1;
    std::fs::write(&path, &bytes).unwrap();

    let office = Office::serve(AppState::open(&dir).unwrap(), token).await;
    // A referee's tablet joining now pulls everything but the changed ruling.
    let enrolled_b = office.enroll("ref-b", Role::Referee, "tab-b").await;
    let b = Device::new("journal-corrupt-b", &enrolled_b, &office.endpoint(), |_| {});
    b.client.pull().await.unwrap();
    for (i, e) in recorded.iter().enumerate() {
        let got = b.store.get(&e.id).unwrap();
        if i == 10 {
            assert!(got.is_none(), "the changed ruling was served: {got:?}");
        } else {
            assert_eq!(got.as_ref(), Some(e), "ruling {i} was not served as recorded");
        }
    }
    let health: serde_json::Value =
        office.http().get(format!("{}/api/v1/health", office.url)).send().await.unwrap().json().await.unwrap();
    let reported = health["journal_corrupt"].as_array().cloned().unwrap_or_default();
    assert_eq!(reported.len(), 1, "{health}");
    let message = reported[0].as_str().unwrap();
    assert!(message.contains("events.jsonl") && message.contains(&victim), "{message}");
    // The export leaves it out and lists it.
    let mut out = Vec::new();
    office.state.store.export(&mut out).unwrap();
    let exported = String::from_utf8(out).unwrap();
    assert!(!exported.contains(&victim), "exported the changed ruling");
    assert!(recorded.iter().enumerate().all(|(i, e)| i == 10 || exported.contains(&e.id.to_string())));
    office.shutdown().await;

    // Salvage (no sled) names the line and recovers every other event.
    let mut salvaged = Vec::new();
    let report = Store::salvage(&dir, &mut salvaged).unwrap();
    assert_eq!(report.unreadable.len(), 1, "{report:?}");
    assert_eq!(report.unreadable[0].code, "journal_corrupt");
    let salvaged = String::from_utf8(salvaged).unwrap();
    assert!(!salvaged.contains(&victim));
    assert!(recorded.iter().enumerate().all(|(i, e)| i == 10 || salvaged.contains(&e.id.to_string())));
}

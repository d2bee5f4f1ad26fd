//! What checking signatures costs, against a baseline in the same run.
//!
//! `cargo bench -p arbiter-office --bench verify`
//!
//! `arbiter-office verify` over an export of 50,000 signed events (one office, 20 tablets):
//! events per second, against reading the same export (decoding its lines, the floor any
//! checker pays) and against checking each signature alone.

use std::time::Instant;

use arbiter_core::event::{wire, Event, EventBody, OFFICE_SIGNER};
use arbiter_core::ledger::{Keyring, SigningKey};
use arbiter_core::model::{Author, DeviceId, EventId, GameId, PersonId, Role, TournamentId};

const EVENTS: usize = 50_000;
const TABLETS: usize = 20;

fn main() {
    let t = TournamentId::new("t1").expect("id");
    let office = SigningKey::from_seed(&[1; 32]).expect("key");
    let office_id = DeviceId::new(OFFICE_SIGNER).expect("id");
    let office_author =
        Author { device: office_id.clone(), person: PersonId::new("office").expect("id"), role: Role::Organiser };
    let mut ms = 1_795_000_000_000u64;
    let mut seq = 0u32;
    let mut event = |author: &Author, game: Option<GameId>, body: EventBody, prev| {
        ms += 1;
        seq += 1;
        let mut r = [0x80u8; 10];
        r[6..].copy_from_slice(&seq.to_be_bytes());
        Event {
            schema: arbiter_core::event::SCHEMA_VERSION,
            rules: Some(arbiter_core::rules::RULES_REVISION),
            prev,
            sig: None,
            id: EventId::from_parts(ms, r),
            tournament: t.clone(),
            game,
            author: author.clone(),
            hlc: arbiter_core::clock::Hlc::new(ms, 0),
            wall_time: chrono::DateTime::from_timestamp_millis(ms as i64).expect("time"),
            body,
        }
    };
    let mut events = Vec::with_capacity(EVENTS);
    let mut root = event(
        &office_author,
        None,
        EventBody::KeyRegistered { signer: office_id.clone(), key: office.public(), person: None, role: None },
        None,
    );
    office.sign(&mut root, office_id.clone());
    let mut office_head = Some(root.digest());
    events.push(root);
    let mut tablets = Vec::new();
    for i in 0..TABLETS {
        let key = SigningKey::from_seed(&[i as u8 + 10; 32]).expect("key");
        let device = DeviceId::new(format!("tab-{i}")).expect("id");
        let person = PersonId::new(format!("ref-{i}")).expect("id");
        let body = EventBody::KeyRegistered {
            signer: device.clone(),
            key: key.public(),
            person: Some(person.clone()),
            role: Some(Role::Referee),
        };
        let mut e = event(&office_author, None, body, office_head);
        office.sign(&mut e, office_id.clone());
        office_head = Some(e.digest());
        events.push(e);
        tablets.push((key, Author { device, person, role: Role::Referee }, None));
    }
    while events.len() < EVENTS {
        let i = events.len() % TABLETS;
        let (key, author, head) = &mut tablets[i];
        let body = EventBody::ClockPressed {
            by: if events.len() % 2 == 0 {
                arbiter_core::model::Colour::Black
            } else {
                arbiter_core::model::Colour::White
            },
        };
        let mut e = event(author, Some(GameId::new(format!("g{i}")).expect("id")), body, *head);
        key.sign(&mut e, author.device.clone());
        *head = Some(e.digest());
        events.push(e);
    }
    let export: String = events.iter().map(|e| wire::encode(e) + "\n").collect();

    let best = |what: &str, f: &mut dyn FnMut() -> usize| {
        let mut runs = Vec::new();
        for _ in 0..3 {
            let start = Instant::now();
            let n = f();
            runs.push(n as f64 / start.elapsed().as_secs_f64());
        }
        runs.sort_by(f64::total_cmp);
        let rate = runs[1];
        println!("  {what:<44} {rate:>10.0} events/s (median of 3)");
        rate
    };
    println!("verify, an export of {EVENTS} signed events ({TABLETS} tablets and the office):");
    let read = best("decode the lines (the floor)", &mut || wire::decode_jsonl(&export).0.len());
    let sigs = best("decode + check each signature", &mut || {
        let (evs, _) = wire::decode_jsonl(&export);
        let mut ring = Keyring::unpinned();
        evs.iter().filter(|e| ring.admit(e).is_ok()).count()
    });
    let mut to_sign = wire::decode_jsonl(&export).0;
    let signer = SigningKey::from_seed(&[3; 32]).expect("key");
    let signing = best("(sign each again: what a record adds)", &mut || {
        to_sign.iter_mut().map(|e| signer.sign(e, office_id.clone())).count()
    });
    let whole = best("arbiter_office::verify (signatures + chains)", &mut || {
        let (evs, bad) = wire::decode_jsonl(&export);
        let r = arbiter_office::verify::verify(&evs, None, bad);
        assert!(r.is_clean());
        evs.len()
    });
    println!("  ratio to the floor: signatures {:.2}×, whole verify {:.2}×", sigs / read, whole / read);
    println!("  one signature (canonical bytes + Ed25519 + digest): {:.1} µs", 1e6 / signing);
}

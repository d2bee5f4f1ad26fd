//! The signed ledger's fixed points: the canonical bytes, digest and signature of one event are
//! pinned (no serde upgrade may move them), and every signed log of the compatibility corpus
//! still verifies under this build.

use super::*;
use crate::error::CoreError;
use crate::event::{Event, EventBody};
use crate::model::{Author, DeviceId, EventId, GameId, PersonId, Role, TournamentId};
use crate::rules::{Incident, Ruling};

fn vector() -> Event {
    Event {
        schema: 2,
        id: EventId::from_parts(1_795_000_360_000, [0x80, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        tournament: TournamentId::new("t-citycup").unwrap(),
        game: Some(GameId::new("r1-t1").unwrap()),
        author: Author {
            device: DeviceId::new("tab-ref-wang").unwrap(),
            person: PersonId::new("ref-wang").unwrap(),
            role: Role::Referee,
        },
        hlc: crate::clock::Hlc::new(1_795_000_360_000, 3),
        wall_time: chrono::DateTime::from_timestamp_millis(1_795_000_360_000).unwrap(),
        body: EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: crate::model::Colour::Black },
            ruling: Some(Ruling::Warning),
            note: Some("黑方\"出声\"\t再犯".into()),
        },
        rules: Some(2),
        prev: None,
        sig: None,
    }
}

#[test]
fn the_signed_bytes_digest_and_signature_of_an_event_are_pinned() {
    let mut e = vector();
    let bytes = e.signing_bytes();
    let expected = concat!(
        "weiqi-arbiter event v1\n",
        r#"{"author":{"device":"tab-ref-wang","person":"ref-wang","role":"referee"},"#,
        r#""body":{"data":{"incident":{"facts":{"offender":"black"},"type":"disturbing"},"note":"黑方\"出声\"\t再犯","ruling":"warning"},"kind":"incident_recorded"},"#,
        r#""game":"r1-t1","hlc":{"logical":3,"wall_ms":1795000360000},"#,
        r#""id":"01a1ee5b-dc40-7001-8203-040506070809","rules":2,"schema":2,"#,
        r#""tournament":"t-citycup","wall_time":"2026-11-18T11:12:40Z"}"#
    );
    assert_eq!(String::from_utf8(bytes.clone()).unwrap(), expected);
    let key = SigningKey::from_seed(&[1; 32]).unwrap();
    let digest = key.sign(&mut e, DeviceId::new("tab-ref-wang").unwrap());
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    assert_eq!(hex(&e.sig.as_ref().unwrap().ed25519.0), SIGNATURE);
    assert_eq!(hex(&digest.0), DIGEST);
    assert_eq!(e.digest(), digest);
    // Through the wire and back, the signature still holds.
    let back = crate::event::wire::decode(&crate::event::wire::encode(&e)).unwrap();
    let ring = Keyring::pinned(key.public()).with_device(
        back.author.device.clone(),
        key.public(),
        back.author.person.clone(),
        back.author.role,
    );
    assert_eq!(ring.check(&back).unwrap(), Seal::Verified { by: back.author.device.clone() });
}

/// Ed25519 is deterministic: the same key over the same bytes gives this, on every build.
const SIGNATURE: &str = "3167265338f10287d09f60dd38752f636c22a3ce9a05baa09bac2c8a54ac91c30f2319719dee00ecad157df6ee9c118332ae9cf450df216479ecae3290a94a0f";
const DIGEST: &str = "4cbbbf22ae03f9753d52981fb9e7b9db27df615ac7e15295d967c970af7f6ca4";

#[test]
fn every_signed_log_of_the_corpus_still_verifies() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/compat");
    let mut checked = 0;
    for dir in std::fs::read_dir(&root).unwrap() {
        for f in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            let path = f.unwrap().path();
            if path.extension().is_none_or(|x| x != "jsonl") {
                continue;
            }
            let (events, _) = crate::event::wire::decode_jsonl(&std::fs::read_to_string(&path).unwrap());
            if events.iter().all(|e| e.sig.is_none()) {
                continue;
            }
            let mut ring = Keyring::unpinned();
            let refs: Vec<&Event> = events.iter().collect();
            for (e, (seal, _)) in events.iter().zip(ring.admit_all(&refs)) {
                let seal = seal.unwrap_or_else(|err| panic!("{}: {err}", path.display()));
                assert!(matches!(seal, Seal::Verified { .. }), "{}: {} unsigned", path.display(), e.id);
            }
            for (signer, chain) in chains(events.iter().map(|e| (e, e.digest()))) {
                assert!(chain.is_whole(), "{}: {signer:?} {chain:?}", path.display());
            }
            checked += 1;
        }
    }
    assert!(checked >= 1, "the corpus has signed logs");
}

#[test]
fn a_batch_with_one_forgery_names_that_one_and_passes_the_rest() {
    let key = SigningKey::from_seed(&[2; 32]).unwrap();
    let device = DeviceId::new("tab-ref-wang").unwrap();
    let mut events: Vec<Event> = (0..300u16)
        .map(|i| {
            let mut e = vector();
            e.id = EventId::from_parts(1_795_000_360_000 + u64::from(i), [0x80, 0, 0, 0, 0, 0, 0, 0, 0, i as u8]);
            e.hlc = crate::clock::Hlc::new(1_795_000_360_000 + u64::from(i), 0);
            key.sign(&mut e, device.clone());
            e
        })
        .collect();
    events[137].wall_time += chrono::Duration::seconds(1);
    events[200].sig = None;
    let ring = referee_ring(&device, &key);
    let refs: Vec<&Event> = events.iter().collect();
    let answers = check_all(&ring, &refs);
    assert_eq!(answers.len(), 300);
    for (i, (seal, digest)) in answers.iter().enumerate() {
        assert_eq!(*digest, events[i].digest(), "digest {i}");
        match i {
            137 => assert!(matches!(seal, Err(CoreError::Forged(_))), "{seal:?}"),
            200 => assert_eq!(seal.as_ref().unwrap(), &Seal::Unsigned),
            _ => assert_eq!(seal.as_ref().unwrap(), &Seal::Verified { by: device.clone() }, "{i}"),
        }
    }
    // Each answer is what checking the event alone gives.
    for (e, (seal, _)) in events.iter().zip(&answers) {
        assert_eq!(ring.check(e).is_ok(), seal.is_ok());
    }
}

/// The keyring of an office (key seed 1) that enrolled referee ref-wang's `device` with `key`.
fn referee_ring(device: &DeviceId, key: &SigningKey) -> Keyring {
    Keyring::pinned(SigningKey::from_seed(&[1; 32]).unwrap().public()).with_device(
        device.clone(),
        key.public(),
        PersonId::new("ref-wang").unwrap(),
        Role::Referee,
    )
}

/// `n` events of one device, each naming the one before it, signed as a tablet signs them.
fn chained(key: &SigningKey, device: &DeviceId, n: u16) -> Vec<Event> {
    let mut prev = None;
    (0..n)
        .map(|i| {
            let mut e = vector();
            e.id = EventId::from_parts(
                1_795_000_360_000 + u64::from(i),
                [0x80, 0, 0, 0, 0, 0, 0, 0, (i >> 8) as u8, i as u8],
            );
            e.hlc = crate::clock::Hlc::new(1_795_000_360_000 + u64::from(i), 0);
            e.prev = prev;
            prev = Some(key.sign(&mut e, device.clone()));
            e
        })
        .collect()
}

#[test]
fn a_run_of_one_signer_is_vouched_for_by_its_last_signature_and_a_forgery_in_it_is_still_named() {
    let key = SigningKey::from_seed(&[2; 32]).unwrap();
    let other = SigningKey::from_seed(&[3; 32]).unwrap();
    let device = DeviceId::new("tab-ref-wang").unwrap();
    let ring = referee_ring(&device, &key);
    let honest = chained(&key, &device, 300);
    let refs: Vec<&Event> = honest.iter().collect();
    assert!(check_all(&ring, &refs).iter().all(|(s, _)| s.as_ref().is_ok_and(|s| matches!(s, Seal::Verified { .. }))));

    let mut events = honest.clone();
    // A ruling changed, and the next event made to name the changed one: that one's signature
    // no longer holds either.
    events[137].note_changed();
    events[138].prev = Some(events[137].digest());
    // The run's last event changed: nothing after it vouches for it.
    events[299].wall_time += chrono::Duration::seconds(1);
    // An event signed with another key, naming a real event of the run as its predecessor.
    let mut intruder = chained(&other, &device, 1).remove(0);
    intruder.id = EventId::from_parts(1_795_000_399_000, [0x80, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    intruder.prev = Some(honest[50].digest());
    other.sign(&mut intruder, device.clone());
    events.push(intruder);
    let refs: Vec<&Event> = events.iter().collect();
    let answers = check_all(&ring, &refs);
    for (i, (seal, digest)) in answers.iter().enumerate() {
        assert_eq!(*digest, events[i].digest(), "digest {i}");
        let forged = matches!(i, 137 | 138 | 299 | 300);
        assert_eq!(seal.as_ref().is_err_and(|e| e.code() == "forged"), forged, "event {i}: {seal:?}");
        // Each answer is what checking the event alone gives.
        assert_eq!(ring.check(&events[i]).is_ok(), seal.is_ok(), "event {i} alone");
    }
}

/// A run checked in any order gives what checking each event alone gives: pushed in order from
/// the middle of the chain (its first event names one in no batch), backwards (no event's
/// predecessor right before it: the first few are looked for by a scan, the rest in a map), and
/// interleaved, with a changed ruling in each.
#[test]
fn a_run_in_any_order_is_vouched_for_as_each_event_alone_would_be() {
    let key = SigningKey::from_seed(&[2; 32]).unwrap();
    let device = DeviceId::new("tab-ref-wang").unwrap();
    let ring = referee_ring(&device, &key);
    let mut chain = chained(&key, &device, 40);
    chain[25].note_changed();
    let middle: Vec<&Event> = chain[10..].iter().collect();
    let backwards: Vec<&Event> = chain.iter().rev().collect();
    let interleaved: Vec<&Event> = chain.iter().step_by(2).chain(chain.iter().skip(1).step_by(2)).collect();
    for (what, batch) in [("middle", middle), ("backwards", backwards), ("interleaved", interleaved)] {
        let answers = check_all(&ring, &batch);
        for (e, (seal, _)) in batch.iter().zip(&answers) {
            let alone = ring.check(e).is_ok();
            assert_eq!(seal.is_ok(), alone, "{what}: {}", e.id);
            // The changed event is the one that does not hold (the next names it as it was).
            assert_eq!(alone, e.id != chain[25].id, "{what}: {}", e.id);
        }
        assert_eq!(answers.iter().filter(|(s, _)| s.is_err()).count(), 1, "{what}");
    }
}

trait Tamper {
    fn note_changed(&mut self);
}

impl Tamper for Event {
    fn note_changed(&mut self) {
        if let EventBody::IncidentRecorded { note, .. } = &mut self.body {
            *note = Some("黑方出声一次".into());
        }
    }
}

/// A league's chain of trust: the central office registers a venue office's key
/// (role `office`); the venue registers its referees' tablets; a tablet's ruling verifies under
/// the central office's pinned key alone. A venue may not register the office, another venue,
/// or revoke a key it did not register, and after its own revocation nothing it signs holds.
#[test]
fn a_venue_office_vouches_for_its_own_devices_and_nothing_more() {
    let t = TournamentId::new("league").unwrap();
    let central = SigningKey::from_seed(&[1; 32]).unwrap();
    let venue_key = SigningKey::from_seed(&[2; 32]).unwrap();
    let tab_key = SigningKey::from_seed(&[3; 32]).unwrap();
    let office = DeviceId::new(crate::event::OFFICE_SIGNER).unwrap();
    let (venue, tab, other) =
        (DeviceId::new("venue-hz").unwrap(), DeviceId::new("tab-1").unwrap(), DeviceId::new("tab-9").unwrap());
    let mut n = 0u8;
    let mut make = |author: Author, body: EventBody| {
        n += 1;
        Event {
            schema: crate::event::schema_for(&body),
            id: EventId::from_parts(1_795_000_000_000 + u64::from(n), [0x80, n, 0, 0, 0, 0, 0, 0, 0, 0]),
            tournament: t.clone(),
            game: None,
            author,
            hlc: crate::clock::Hlc::new(1_795_000_000_000 + u64::from(n), 0),
            wall_time: chrono::DateTime::from_timestamp_millis(1_795_000_000_000).unwrap(),
            body,
            rules: Some(crate::rules::RULES_REVISION),
            prev: None,
            sig: None,
        }
    };
    let as_office = crate::store::office_author().unwrap();
    let as_venue = Author { device: venue.clone(), person: PersonId::new("venue-hz").unwrap(), role: Role::Office };
    let referee = Author { device: tab.clone(), person: PersonId::new("ref-li").unwrap(), role: Role::Referee };
    let register = |signer: &DeviceId, key: &SigningKey, person: &str, role: Role| EventBody::KeyRegistered {
        signer: signer.clone(),
        key: key.public(),
        person: Some(PersonId::new(person).unwrap()),
        role: Some(role),
    };
    let mut venue_registered = make(as_office.clone(), register(&venue, &venue_key, "venue-hz", Role::Office));
    central.sign(&mut venue_registered, office.clone());
    let mut tab_registered = make(as_venue.clone(), register(&tab, &tab_key, "ref-li", Role::Referee));
    venue_key.sign(&mut tab_registered, venue.clone());
    let mut ruling = make(
        referee.clone(),
        EventBody::RefereeAssigned { referee: PersonId::new("ref-li").unwrap(), tables: vec![1] },
    );
    ruling.game = None;
    // A referee may not assign referees, but the signature question comes first: check only it.
    tab_key.sign(&mut ruling, tab.clone());

    let mut ring = Keyring::pinned(central.public());
    assert!(ring.admit(&venue_registered).is_ok());
    assert!(ring.admit(&tab_registered).is_ok(), "{:?}", ring.check(&tab_registered));
    assert_eq!(ring.check(&ruling).unwrap(), Seal::Verified { by: tab.clone() });

    let forged = |e: &Event, ring: &Keyring| ring.check(e).unwrap_err().code().to_owned();
    // The venue registering the office's key, another venue, or revoking a key it did not register.
    for body in [
        register(&office, &venue_key, "x", Role::Organiser),
        register(&other, &tab_key, "venue-sh", Role::Office),
        EventBody::KeyRevoked { signer: venue.clone() },
    ] {
        let mut e = make(as_venue.clone(), body);
        venue_key.sign(&mut e, venue.clone());
        assert_eq!(forged(&e, &ring), "forged", "{:?}", e.body);
    }
    // The venue revokes its tablet: what the tablet signs later is refused.
    let mut revoke = make(as_venue.clone(), EventBody::KeyRevoked { signer: tab.clone() });
    venue_key.sign(&mut revoke, venue.clone());
    ring.admit(&revoke).unwrap();
    let mut late = make(referee, EventBody::ClockStarted);
    tab_key.sign(&mut late, tab.clone());
    assert_eq!(forged(&late, &ring), "forged");
    // The central office revokes the venue: nothing the venue signs afterwards holds.
    let mut venue_revoked = make(as_office, EventBody::KeyRevoked { signer: venue.clone() });
    central.sign(&mut venue_revoked, office);
    ring.admit(&venue_revoked).unwrap();
    let mut after = make(as_venue, register(&other, &tab_key, "ref-zhao", Role::Referee));
    venue_key.sign(&mut after, venue);
    assert_eq!(forged(&after, &ring), "forged");
}

/// A key whose seed is `n` spread out (distinct keys for the property below).
fn key_of(n: u32) -> SigningKey {
    let mut seed = [0u8; 32];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = (n.wrapping_mul(2_654_435_761) >> (i % 4 * 8)) as u8 ^ i as u8;
    }
    SigningKey::from_seed(&seed).unwrap()
}

/// Waits (bounded) until the key's thread has a nonce ready, so the next signature is a
/// prepared one; false if none came.
fn nonce_ready(key: &SigningKey) -> bool {
    (0..2_000).any(|_| {
        if key.has_nonce_ready() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        false
    })
}

#[test]
fn signatures_with_prepared_nonces_hold_for_every_verifier_and_never_repeat_a_nonce() {
    use ring::signature::{UnparsedPublicKey, ED25519};
    let device = DeviceId::new("tab-ref-wang").unwrap();
    let mut points = std::collections::HashSet::new();
    for n in 0..40u32 {
        let plain = key_of(n);
        let key = key_of(n).with_prepared_nonces();
        assert_eq!(key.public(), plain.public());
        for m in 0..5u16 {
            let mut e = vector();
            e.hlc = crate::clock::Hlc::new(1_795_000_360_000, u32::from(m));
            assert!(nonce_ready(&key), "the key's thread prepares nonces");
            let digest = key.sign(&mut e, device.clone());
            let mut same = e.clone();
            plain.sign(&mut same, device.clone());
            let (sig, rfc) = (e.sig.as_ref().unwrap().ed25519.0, same.sig.as_ref().unwrap().ed25519.0);
            assert_ne!(sig, rfc, "a prepared nonce, not RFC 8032's");
            assert!(points.insert(sig[..32].to_vec()), "a nonce's point came twice");
            let bytes = e.signing_bytes();
            UnparsedPublicKey::new(&ED25519, key.public().0).verify(&bytes, &sig).expect("ring verifies it");
            let dalek = ed25519_dalek::VerifyingKey::from_bytes(&key.public().0).unwrap();
            dalek.verify_strict(&bytes, &ed25519_dalek::Signature::from_bytes(&sig)).expect("dalek's strict check");
            assert_eq!(digest, e.digest());
            // One byte of the event changed: the signature no longer holds.
            let mut changed = bytes.clone();
            *changed.last_mut().unwrap() ^= 1;
            assert!(UnparsedPublicKey::new(&ED25519, key.public().0).verify(&changed, &sig).is_err());
        }
    }
    assert_eq!(points.len(), 200);
}

#[test]
fn a_burst_past_the_prepared_nonces_is_signed_as_rfc_8032_and_every_signature_holds() {
    let key = key_of(7).with_prepared_nonces();
    let plain = key_of(7);
    let device = DeviceId::new("tab-ref-wang").unwrap();
    assert!(nonce_ready(&key));
    // Faster than the thread prepares: some take a prepared nonce, the rest are RFC 8032's.
    let events = chained(&key, &device, 200);
    let rfc = chained(&plain, &device, 1);
    let ring = referee_ring(&device, &key);
    let refs: Vec<&Event> = events.iter().collect();
    for (i, (seal, _)) in check_all(&ring, &refs).into_iter().enumerate() {
        assert_eq!(seal.unwrap(), Seal::Verified { by: device.clone() }, "event {i}");
    }
    for e in &events {
        assert!(ring.check(e).is_ok(), "each alone too");
    }
    assert_ne!(events[0].sig, rfc[0].sig, "the first took a prepared nonce");
    for (_, chain) in chains(events.iter().map(|e| (e, e.digest()))) {
        assert!(chain.is_whole());
    }
}

/// A tablet's nonce thread refills its queue when asked (once a record is durable), not when a
/// nonce is taken: run while a record waits for its `fdatasync`, the refill made that wait longer.
#[test]
fn prepared_nonces_are_refilled_when_asked_not_when_taken() {
    let key = key_of(11).with_prepared_nonces();
    let device = DeviceId::new("tab-ref-wang").unwrap();
    let bound = std::time::Duration::from_secs(10);
    assert!(key.settle_nonces(bound), "the thread fills its queue");
    let full = key.nonces_ready();
    assert!(full >= 8, "{full} nonces ready");
    chained(&key, &device, 10);
    let left = key.nonces_ready();
    assert_eq!(left, full - 10, "each signature took one");
    // Nothing asked for more: the thread stays idle (only `refill` lets it go on, whatever wakes
    // it), however long the tablet waits.
    assert!(key.nonces_idle(), "taking a nonce does not wake the thread");
    assert_eq!(key.nonces_ready(), left);
    key.refill_nonces();
    assert!(key.settle_nonces(bound));
    assert_eq!(key.nonces_ready(), full, "asked, it refills the queue");
}

//! What a verifier knows of signers: the office's key (pinned at enrollment, or taken from the
//! ledger's own `key_registered` for `office` and compared by fingerprint), each device's key
//! from the office's `key_registered` events, and revocations. Every event is checked against
//! it: its signature, its signer (a device signs only as the author's device, the office for
//! anyone), and the signer's standing when it was recorded.

use std::collections::HashMap;

use ring::signature::{UnparsedPublicKey, ED25519};

use crate::clock::Hlc;
use crate::error::{CoreError, Result};
use crate::event::{Event, EventBody, EventDigest, PublicKey, OFFICE_SIGNER};
use crate::model::{DeviceId, PersonId, Role};

/// How an event that passed stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seal {
    /// Its signature holds, by this signer.
    Verified { by: DeviceId },
    /// Written by a build from before signatures (schema 1): nobody vouches for it.
    Unsigned,
}

#[derive(Debug, Clone)]
struct DeviceKey {
    key: PublicKey,
    person: Option<PersonId>,
    role: Option<Role>,
    /// A venue office that registered it (none: the office did).
    registered_by: Option<DeviceId>,
    /// When the office revoked it: its events stamped after this are refused.
    revoked: Option<Hlc>,
}

impl DeviceKey {
    /// A venue office of a league: it registers its own devices' keys and signs
    /// what it records on its officials' behalf, as the office does in its own tournaments.
    fn is_venue(&self) -> bool {
        self.role == Some(Role::Office)
    }
}

/// The keys a verifier holds.
#[derive(Debug, Clone, Default)]
pub struct Keyring {
    office: Option<PublicKey>,
    /// Whether `office` was pinned by the caller (else taken from the ledger).
    pinned: bool,
    devices: HashMap<DeviceId, DeviceKey>,
}

fn forged(message: String) -> CoreError {
    CoreError::Forged(message)
}

fn bad_signature(e: &Event) -> CoreError {
    let by = e.sig.as_ref().map_or_else(String::new, |s| s.by.to_string());
    forged(format!(
        "event {}: the signature by {by} does not hold: the event was changed after it was signed, or signed with another key",
        e.id
    ))
}

fn verified(e: &Event) -> Seal {
    e.sig.as_ref().map_or(Seal::Unsigned, |s| Seal::Verified { by: s.by.clone() })
}

impl Keyring {
    /// A keyring that trusts `office` as the office's key (a device's, from its enrollment).
    pub fn pinned(office: PublicKey) -> Self {
        Keyring { office: Some(office), pinned: true, devices: HashMap::new() }
    }

    /// A keyring that takes the office's key from the first `key_registered` for `office` it
    /// learns (`verify` on an export: the committee compares its fingerprint).
    pub fn unpinned() -> Self {
        Keyring::default()
    }

    /// Adds a device's key as the office registered it (the office checks pushes this way).
    pub fn with_device(mut self, device: DeviceId, key: PublicKey, person: PersonId, role: Role) -> Self {
        self.devices.insert(
            device,
            DeviceKey { key, person: Some(person), role: Some(role), registered_by: None, revoked: None },
        );
        self
    }

    /// Adds every key a tournament's ledger registers, as its set-up folded them (the central
    /// office checks a venue's forwarded events this way).
    pub fn with_registered(
        mut self,
        keys: &std::collections::BTreeMap<DeviceId, crate::tournament::RegisteredKey>,
    ) -> Self {
        for (device, k) in keys.iter().filter(|(d, _)| d.as_str() != OFFICE_SIGNER) {
            let registered_by = k.registered_by.clone().filter(|by| by.as_str() != OFFICE_SIGNER);
            let key =
                DeviceKey { key: k.key, person: k.person.clone(), role: k.role, registered_by, revoked: k.revoked };
            self.devices.insert(device.clone(), key);
        }
        self
    }

    /// The office's key, once known.
    pub fn office(&self) -> Option<PublicKey> {
        self.office
    }

    /// A device's registered key.
    pub fn device(&self, d: &DeviceId) -> Option<PublicKey> {
        self.devices.get(d).map(|k| k.key)
    }

    /// Checks `e`, then learns what it says of keys. An event that fails is refused with
    /// `forged` and teaches nothing.
    pub fn admit(&mut self, e: &Event) -> Result<Seal> {
        let seal = self.check(e)?;
        match &e.body {
            EventBody::KeyRegistered { signer, key, .. } if signer.as_str() == OFFICE_SIGNER => {
                self.office.get_or_insert(*key);
            }
            EventBody::KeyRegistered { signer, key, person, role } => {
                let registered_by = e.sig.as_ref().map(|s| s.by.clone()).filter(|by| by.as_str() != OFFICE_SIGNER);
                self.devices.insert(
                    signer.clone(),
                    DeviceKey { key: *key, person: person.clone(), role: *role, registered_by, revoked: None },
                );
            }
            EventBody::KeyRevoked { signer } => {
                if let Some(k) = self.devices.get_mut(signer) {
                    k.revoked.get_or_insert(e.hlc);
                }
            }
            _ => {}
        }
        Ok(seal)
    }

    /// Admits a page or a whole copy of a ledger: its keys first, in the order given (each may
    /// vouch for what follows it), then every other event checked on every core in batches
    /// ([`check_all`]). The answers, each with the event's digest, in `events`' order.
    pub fn admit_all(&mut self, events: &[&Event]) -> Vec<(Result<Seal>, EventDigest)> {
        let is_key = |e: &Event| matches!(e.body, EventBody::KeyRegistered { .. } | EventBody::KeyRevoked { .. });
        let mut answers: Vec<Option<(Result<Seal>, EventDigest)>> =
            events.iter().map(|e| is_key(e).then(|| (self.admit(e), e.digest()))).collect();
        let others: Vec<&Event> = events.iter().copied().filter(|e| !is_key(e)).collect();
        let mut checked = check_all(self, &others).into_iter();
        for a in answers.iter_mut().filter(|a| a.is_none()) {
            *a = checked.next();
        }
        answers
            .into_iter()
            .map(|a| a.unwrap_or_else(|| (Err(CoreError::Broken("an event was not checked")), EventDigest([0; 32]))))
            .collect()
    }

    /// Whether `e`'s signature holds, by a signer that may sign it, in good standing then.
    pub fn check(&self, e: &Event) -> Result<Seal> {
        self.check_bytes(e, &e.signing_bytes())
    }

    /// [`Keyring::check`] with `e`'s signing bytes already computed (a verifier that also
    /// chains the event computes them once).
    pub fn check_bytes(&self, e: &Event, signing_bytes: &[u8]) -> Result<Seal> {
        let Some(key) = self.signer_key(e)? else { return Ok(Seal::Unsigned) };
        UnparsedPublicKey::new(&ED25519, key.0)
            .verify(signing_bytes, &e.sig.as_ref().map_or([0; 64], |s| s.ed25519.0))
            .map_err(|_| bad_signature(e))?;
        Ok(verified(e))
    }

    /// The key `e`'s signature must hold under, if its signer may sign it and was in good
    /// standing then (none: an unsigned event of an older build).
    fn signer_key(&self, e: &Event) -> Result<Option<PublicKey>> {
        let keys_event = matches!(e.body, EventBody::KeyRegistered { .. } | EventBody::KeyRevoked { .. });
        let Some(sig) = &e.sig else {
            if e.schema >= 2 && keys_event {
                return Err(forged(format!("event {}: a key's record must be signed by the office", e.id)));
            }
            return Ok(None);
        };
        let key = if sig.by.as_str() == OFFICE_SIGNER {
            match (self.office, &e.body) {
                (Some(k), EventBody::KeyRegistered { signer, key, .. })
                    if signer.as_str() == OFFICE_SIGNER && *key != k =>
                {
                    return Err(forged(format!(
                        "event {}: registers office key {} but the office's key is {}",
                        e.id,
                        key.short(),
                        k.short()
                    )));
                }
                (Some(k), _) => k,
                // The ledger's root: the office's own key, signed by itself.
                (None, EventBody::KeyRegistered { signer, key, .. })
                    if signer.as_str() == OFFICE_SIGNER && !self.pinned =>
                {
                    *key
                }
                (None, _) => {
                    return Err(forged(format!("event {}: signed by the office, whose key is not known", e.id)));
                }
            }
        } else if let Some(venue) = self.devices.get(&sig.by).filter(|k| k.is_venue()) {
            self.venue_may_sign(e, &sig.by, venue)?;
            venue.key
        } else {
            if keys_event {
                return Err(forged(format!("event {}: a key's record signed by {}, not the office", e.id, sig.by)));
            }
            if sig.by != e.author.device {
                return Err(forged(format!(
                    "event {}: signed by device {} but recorded as by device {}",
                    e.id, sig.by, e.author.device
                )));
            }
            let Some(k) = self.devices.get(&sig.by) else {
                return Err(forged(format!("event {}: no key is registered for device {}", e.id, sig.by)));
            };
            let wrong_person = k.person.as_ref().is_some_and(|p| *p != e.author.person);
            if wrong_person || k.role.is_some_and(|r| r != e.author.role) {
                return Err(forged(format!(
                    "event {}: device {} is enrolled for another official than {} as {}",
                    e.id, sig.by, e.author.person, e.author.role
                )));
            }
            if let Some(at) = k.revoked.filter(|at| e.hlc > *at) {
                return Err(forged(format!(
                    "event {}: device {} was revoked (at {}), and this was stamped after",
                    e.id, sig.by, at.wall_ms
                )));
            }
            k.key
        };
        Ok(Some(key))
    }
}

impl Keyring {
    /// What a venue office may sign: as itself, while not revoked; the keys of its own
    /// officials' devices (never the office's, never another venue's), and their revocation
    /// only of keys it registered; anything else it records on an official's behalf.
    fn venue_may_sign(&self, e: &Event, venue_id: &DeviceId, venue: &DeviceKey) -> Result<()> {
        if let Some(at) = venue.revoked.filter(|at| e.hlc > *at) {
            return Err(forged(format!(
                "event {}: venue office {venue_id} was revoked (at {}), and this was stamped after",
                e.id, at.wall_ms
            )));
        }
        match &e.body {
            EventBody::KeyRegistered { signer, role, .. }
                if signer.as_str() == OFFICE_SIGNER
                    || *role == Some(Role::Office)
                    || self.devices.get(signer).is_some_and(|k| k.is_venue()) =>
            {
                Err(forged(format!(
                    "event {}: a venue office ({venue_id}) registers only its officials' devices, not {signer}",
                    e.id
                )))
            }
            EventBody::KeyRevoked { signer }
                if self.devices.get(signer).and_then(|k| k.registered_by.as_ref()) != Some(venue_id) =>
            {
                Err(forged(format!(
                    "event {}: venue office {venue_id} revokes only keys it registered, not {signer}",
                    e.id
                )))
            }
            _ if e.author.device != *venue_id
                && matches!(e.body, EventBody::KeyRegistered { .. } | EventBody::KeyRevoked { .. }) =>
            {
                Err(forged(format!("event {}: a key's record signed by {venue_id} must be recorded as by it", e.id)))
            }
            _ => Ok(()),
        }
    }
}

/// Checks many events against `ring` (a push of hundreds, a pull page, an export): each answer
/// with the event's digest (for chains), in the events' order. Keys are not learnt here (admit
/// them first).
///
/// A signer's events that follow each other in `events` are checked by one signature: an event
/// whose digest the next event of the same signer, tournament and key names as its `prev` is
/// vouched for by that event's signature, since the digest (SHA-256 of the signed bytes and
/// the signature) fixes every byte of it — as a signed commit vouches for its history. So only
/// the last event of each run is checked by Ed25519, in batches, on every core; each event's
/// own standing (its signer, its role, a revocation) is still checked one by one. If a run's
/// last signature fails, each event of the run is checked alone, so each answer is its own.
pub fn check_all(ring: &Keyring, events: &[&Event]) -> Vec<(Result<Seal>, EventDigest)> {
    // Each event's digest and the key it must hold under (on every core: the canonical bytes
    // and SHA-256 are most of the work when runs are long).
    let prepared: Vec<(EventDigest, Result<Option<PublicKey>>)> =
        on_every_core(events, |e| (e.digest(), ring.signer_key(e)));
    // successor[i]: the next event of i's run, whose signature vouches for i. A device pushes
    // its chain in order, so an event's predecessor is nearly always the event before it; the
    // digests are looked up by value only for the others: the first few by a scan (each push's
    // first event names one pushed before, in no batch: building a map for it was a tenth of
    // checking a 500-event push), then in a map.
    let mut successor: Vec<Option<usize>> = vec![None; events.len()];
    let signed = |j: &usize| matches!(prepared[*j].1, Ok(Some(_)));
    let (mut scans, mut signed_at): (usize, Option<HashMap<EventDigest, usize>>) = (0, None);
    for (i, e) in events.iter().enumerate() {
        let (Some(prev), Ok(Some(key))) = (e.prev, &prepared[i].1) else { continue };
        let before = i.checked_sub(1).filter(|j| prepared[*j].0 == prev && signed(j));
        let found = before.or_else(|| {
            if signed_at.is_none() && scans < SCANS_BEFORE_MAP {
                scans += 1;
                return (0..events.len()).rfind(|j| prepared[*j].0 == prev && signed(j));
            }
            signed_at
                .get_or_insert_with(|| {
                    // The last index of each digest, as the scan finds it.
                    (0..events.len()).filter(signed).map(|j| (prepared[j].0, j)).collect()
                })
                .get(&prev)
                .copied()
        });
        let Some(j) = found else { continue };
        let same_run = matches!(&prepared[j].1, Ok(Some(k)) if k == key)
            && events[j].tournament == e.tournament
            && events[j].sig.as_ref().map(|s| &s.by) == e.sig.as_ref().map(|s| &s.by);
        if same_run && successor[j].is_none() && j != i {
            successor[j] = Some(i);
        }
    }
    // The last event of each run is checked by its signature.
    let heads: Vec<usize> =
        (0..events.len()).filter(|&i| successor[i].is_none() && matches!(prepared[i].1, Ok(Some(_)))).collect();
    let mut held: Vec<Option<bool>> = vec![None; events.len()];
    for (i, ok) in heads.iter().zip(signatures_hold(events, &prepared, &heads)) {
        held[*i] = Some(ok);
    }
    // Every other event stands as the last of its run does. A walk stops at the first event
    // already settled and settles every event it passed, so each event is walked once (walking
    // each from itself to its run's end was quadratic: a quarter of a 500-event push's check).
    // It is bounded: a run cannot loop without a SHA-256 collision, but a crafted copy is not
    // trusted to be sane.
    let mut settled: Vec<Option<bool>> = held.clone();
    let (mut alone, mut path) = (Vec::new(), Vec::new());
    for i in 0..events.len() {
        if settled[i].is_some() || !matches!(prepared[i].1, Ok(Some(_))) {
            continue;
        }
        path.clear();
        let mut at = i;
        let vouched = loop {
            if let Some(v) = settled[at] {
                break v;
            }
            path.push(at);
            match successor[at] {
                Some(next) if path.len() <= events.len() => at = next,
                _ => break false,
            }
        };
        for &p in &path {
            settled[p] = Some(vouched);
            if vouched {
                held[p] = Some(true);
            } else {
                alone.push(p);
            }
        }
    }
    // Runs whose last signature failed: each of their events on its own.
    for (i, ok) in alone.iter().zip(signatures_hold(events, &prepared, &alone)) {
        held[*i] = Some(ok);
    }
    prepared
        .into_iter()
        .zip(held)
        .zip(events)
        .map(|(((digest, key), held), e)| {
            let seal = match key {
                Err(err) => Err(err),
                Ok(None) => Ok(Seal::Unsigned),
                Ok(Some(_)) if held == Some(true) => Ok(verified(e)),
                Ok(Some(_)) => Err(bad_signature(e)),
            };
            (seal, digest)
        })
        .collect()
}

/// Below this many events a check stays on the caller's thread: a push (at most 500) or a pull
/// page is checked in about a millisecond, and an office takes many at once, so they share the
/// cores between them; threads started for each would only add their start-up (and, on a busy
/// office, their waiting). An export or a whole copy is split over every core.
const SHARED_FROM: usize = 2_048;

/// Signatures are dearer (~6 µs each in a batch): from this many, they are split over the cores.
const SIGNATURES_SHARED_FROM: usize = 256;

/// The cores there are, read once: `available_parallelism` reads the cgroup's files each time.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// `f` of each event, in order, on every core when there are enough to share.
fn on_every_core<T: Send>(events: &[&Event], f: impl Fn(&Event) -> T + Sync) -> Vec<T> {
    let threads = cores();
    if threads < 2 || events.len() < SHARED_FROM {
        return events.iter().map(|e| f(e)).collect();
    }
    let chunk = events.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|scope| {
        let parts: Vec<_> = events
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|e| f(e)).collect::<Vec<T>>()))
            .collect();
        // A part whose thread failed (it cannot: `f` does not panic) is done again here.
        parts
            .into_iter()
            .zip(events.chunks(chunk))
            .flat_map(|(p, part)| p.join().unwrap_or_else(|_| part.iter().map(|e| f(e)).collect()))
            .collect()
    })
}

/// Predecessors looked for by a scan of the batch before the batch's digests go in a map.
const SCANS_BEFORE_MAP: usize = 4;

/// Signatures verified together.
const BATCH: usize = 64;

/// Whether the signatures of `events[which]` hold, each under its key in `prepared`: in batches
/// (ed25519-dalek's batch verification, about 2.4× ring's one-by-one on this machine kind) on
/// every core; a batch that fails is checked one by one.
fn signatures_hold(
    events: &[&Event],
    prepared: &[(EventDigest, Result<Option<PublicKey>>)],
    which: &[usize],
) -> Vec<bool> {
    let batches: Vec<&[usize]> = which.chunks(BATCH).collect();
    let threads = cores();
    let per_thread = batches.len().div_ceil(threads.max(1)).max(1);
    let check = |part: &[&[usize]]| -> Vec<bool> {
        part.iter().flat_map(|batch| batch_holds(events, prepared, batch)).collect()
    };
    if which.len() < SIGNATURES_SHARED_FROM || threads < 2 {
        return check(&batches);
    }
    std::thread::scope(|scope| {
        let parts: Vec<_> = batches.chunks(per_thread).map(|part| (part, scope.spawn(move || check(part)))).collect();
        parts.into_iter().flat_map(|(part, p)| p.join().unwrap_or_else(|_| check(part))).collect()
    })
}

fn batch_holds(events: &[&Event], prepared: &[(EventDigest, Result<Option<PublicKey>>)], batch: &[usize]) -> Vec<bool> {
    let items: Vec<(Vec<u8>, PublicKey, [u8; 64])> = batch
        .iter()
        .map(|&i| {
            let key = match &prepared[i].1 {
                Ok(Some(k)) => *k,
                _ => PublicKey([0; 32]),
            };
            (events[i].signing_bytes(), key, events[i].sig.as_ref().map_or([0; 64], |s| s.ed25519.0))
        })
        .collect();
    let parsed: Option<(Vec<ed25519_dalek::VerifyingKey>, Vec<ed25519_dalek::Signature>)> = items
        .iter()
        .map(|(_, key, sig)| {
            let k = ed25519_dalek::VerifyingKey::from_bytes(&key.0).ok()?;
            Some((k, ed25519_dalek::Signature::from_bytes(sig)))
        })
        .collect::<Option<Vec<_>>>()
        .map(|v| v.into_iter().unzip());
    let messages: Vec<&[u8]> = items.iter().map(|(b, _, _)| b.as_slice()).collect();
    if parsed.is_some_and(|(keys, sigs)| ed25519_dalek::verify_batch(&messages, &sigs, &keys).is_ok()) {
        return vec![true; batch.len()];
    }
    // One that fails (or a batch with one that fails): each is checked alone by ring.
    items.iter().map(|(bytes, key, sig)| UnparsedPublicKey::new(&ED25519, key.0).verify(bytes, sig).is_ok()).collect()
}

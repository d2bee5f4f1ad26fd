//! What a verifier knows of signers: the office's key (pinned at enrollment, or taken from the
//! ledger's own `key_registered` for `office` and compared by fingerprint), each device's key
//! from the office's `key_registered` events, and revocations. Every event is checked against
//! it: its signature, its signer (a device signs only as the author's device, the office for
//! anyone), and the signer's standing when it was recorded.

use std::collections::HashMap;

use ring::signature::{UnparsedPublicKey, ED25519};

use crate::clock::Hlc;
use crate::domain::{DeviceId, PersonId, Role};
use crate::error::{CoreError, Result};
use crate::event::{Event, EventBody, EventDigest, PublicKey, OFFICE_SIGNER};

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
    /// When the office revoked it: its events stamped after this are refused.
    revoked: Option<Hlc>,
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
        self.devices.insert(device, DeviceKey { key, person: Some(person), role: Some(role), revoked: None });
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
                self.devices.insert(
                    signer.clone(),
                    DeviceKey { key: *key, person: person.clone(), role: *role, revoked: None },
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
            .map(|a| {
                a.unwrap_or_else(|| (Err(CoreError::Storage("an event was not checked".into())), EventDigest([0; 32])))
            })
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

/// Checks many events against `ring` on every core (a push of hundreds, a pull page, an
/// export): each answer with the event's digest (for chains), in the events' order. Keys are
/// not learnt here (admit them first). Signatures are checked in batches (ed25519-dalek's batch verification, about 2.4× ring's
/// one-by-one on this machine kind); a batch that fails is checked one by one, so each answer
/// is the event's own.
pub fn check_all(ring: &Keyring, events: &[&Event]) -> Vec<(Result<Seal>, EventDigest)> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    if threads < 2 || events.len() < 2 * BATCH {
        return check_batched(ring, events);
    }
    let chunk = events.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = events.chunks(chunk).map(|part| scope.spawn(move || check_batched(ring, part))).collect();
        parts
            .into_iter()
            .flat_map(|p| {
                p.join().unwrap_or_else(|_| {
                    vec![(Err(CoreError::Storage("a signature check failed to run".into())), EventDigest([0; 32]))]
                })
            })
            .collect()
    })
}

/// Signatures verified together.
const BATCH: usize = 64;

fn check_batched(ring: &Keyring, events: &[&Event]) -> Vec<(Result<Seal>, EventDigest)> {
    let mut out: Vec<(Option<Result<Seal>>, EventDigest)> = Vec::with_capacity(events.len());
    // (index, signing bytes, key) of each event whose signature is still to check.
    let mut pending: Vec<(usize, Vec<u8>, PublicKey)> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let bytes = e.signing_bytes();
        let digest = e.digest_of(&bytes);
        match ring.signer_key(e) {
            Err(err) => out.push((Some(Err(err)), digest)),
            Ok(None) => out.push((Some(Ok(Seal::Unsigned)), digest)),
            Ok(Some(key)) => {
                out.push((None, digest));
                pending.push((i, bytes, key));
            }
        }
    }
    for batch in pending.chunks(BATCH) {
        let parsed: Option<(Vec<ed25519_dalek::VerifyingKey>, Vec<ed25519_dalek::Signature>)> = batch
            .iter()
            .map(|(i, _, key)| {
                let sig = events[*i].sig.as_ref()?;
                let k = ed25519_dalek::VerifyingKey::from_bytes(&key.0).ok()?;
                Some((k, ed25519_dalek::Signature::from_bytes(&sig.ed25519.0)))
            })
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().unzip());
        let messages: Vec<&[u8]> = batch.iter().map(|(_, b, _)| b.as_slice()).collect();
        let all_hold = parsed.is_some_and(|(keys, sigs)| ed25519_dalek::verify_batch(&messages, &sigs, &keys).is_ok());
        for (i, bytes, key) in batch {
            let e = &events[*i];
            // One that fails (or a batch with one that fails): each is checked alone by ring.
            let seal = if all_hold {
                Ok(verified(e))
            } else {
                UnparsedPublicKey::new(&ED25519, key.0)
                    .verify(bytes, &e.sig.as_ref().map_or([0; 64], |s| s.ed25519.0))
                    .map(|()| verified(e))
                    .map_err(|_| bad_signature(e))
            };
            out[*i].0 = Some(seal);
        }
    }
    out.into_iter()
        .map(|(o, d)| (o.unwrap_or_else(|| Err(CoreError::Storage("a signature was not checked".into()))), d))
        .collect()
}

//! Ed25519 signing in two halves, for a tablet's records. Most of a signature's cost
//! is its nonce's point R = r·B; RFC 8032 derives r from the message, so R can only be computed
//! once the event is known: ~15 µs on the referee's path of every durable record. A Schnorr
//! signature is as sound with any secret nonce that is never used twice (Schnorr's signatures
//! began so), so a thread of the key's own prepares nonces ahead — r from fresh system
//! randomness, hedged with the secret key and a counter, and its point — between records, once
//! the last is durable (see [`Nonces::refill`]), and a record takes one: what is left is a hash
//! and a multiply-add. A signature
//! made so is an ordinary Ed25519 signature that every verifier accepts (ring's, dalek's strict
//! one: `ledger/tests.rs`), only not the one RFC 8032's deterministic nonce would give.
//!
//! Never twice: a nonce is moved out of the queue by the one signature that uses it and wiped
//! when dropped; nonces live in memory only, never on disk, and end with the process. Where none
//! is ready (a burst, a long batch) a signature is RFC 8032's. The office does not prepare
//! nonces: it signs off the referee's path, and may run in a virtual machine whose memory a
//! snapshot could copy (a copied queue would hand out its nonces twice).

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use curve25519_dalek::{EdwardsPoint, Scalar};
use sha2::{Digest, Sha512};
use zeroize::{Zeroize, Zeroizing};

/// Nonces kept ready: a referee records a few events a minute; a burst past this many signs as
/// RFC 8032 until the thread catches up (~15 µs a nonce).
const READY: usize = 16;

/// What the hashes that make nonces start with (so no other use of the key's hashes meets them).
const DOMAIN: &[u8] = b"weiqi-arbiter prepared Ed25519 nonce v1";

/// A secret nonce and its point, for exactly one signature.
pub(crate) struct Nonce {
    r: Scalar,
    point: [u8; 32],
}

impl Drop for Nonce {
    fn drop(&mut self) {
        self.r.zeroize();
    }
}

#[derive(Default)]
struct Queue {
    ready: VecDeque<Nonce>,
    /// The thread waits for room: woken once half the queue is used, not at every take (a
    /// wake-up is a system call, ~7 µs on this kind of virtual machine: waking it at every
    /// record cost the record about what the prepared nonce saved it).
    idle: bool,
    /// The key is gone: the thread stops.
    closed: bool,
}

type Shared = Arc<(Mutex<Queue>, Condvar)>;

fn lock(shared: &Shared) -> MutexGuard<'_, Queue> {
    shared.0.lock().unwrap_or_else(|e| e.into_inner())
}

/// Nonces prepared by a thread of their own, until this is dropped.
pub(crate) struct Nonces {
    shared: Shared,
    thread: Option<JoinHandle<()>>,
}

impl Nonces {
    /// Starts preparing nonces for the key whose secret seed is `seed` (none: the system
    /// would not start a thread).
    pub(crate) fn start(seed: &[u8; 32]) -> Option<Nonces> {
        let shared: Shared = Arc::default();
        let seed = Zeroizing::new(*seed);
        let theirs = shared.clone();
        let thread = std::thread::Builder::new()
            .name("signing-nonces".into())
            .spawn(move || {
                for counter in 0u64.. {
                    // No randomness from the system: records are signed as RFC 8032 from then on.
                    let Ok(n) = prepare(&seed, counter) else { return };
                    let mut q = lock(&theirs);
                    if q.ready.len() >= READY && !q.closed {
                        q.idle = true;
                        // Whoever waits for the queue to be full (`settle`).
                        theirs.1.notify_all();
                        // Until `refill` clears `idle`: a spurious wake-up of the condition
                        // variable must not start a refill while a record waits for its disk.
                        while q.idle && !q.closed {
                            q = theirs.1.wait(q).unwrap_or_else(|e| e.into_inner());
                        }
                    }
                    q.idle = false;
                    if q.closed {
                        return;
                    }
                    q.ready.push_back(n);
                }
            })
            .ok()?;
        Some(Nonces { shared, thread: Some(thread) })
    }

    /// Whether a nonce is ready, without taking it.
    #[cfg(test)]
    pub(crate) fn is_ready(&self) -> bool {
        !lock(&self.shared).ready.is_empty()
    }

    /// A prepared nonce, if one is ready: out of the queue, this caller's alone.
    pub(crate) fn take(&self) -> Option<Nonce> {
        lock(&self.shared).ready.pop_front()
    }

    /// Wakes the thread to refill the queue once half of it is used. Called once a record is
    /// durable, not when a nonce is taken: the refill (~15 µs a nonce) then runs while the
    /// tablet waits for its referee. Run while the record waited for its `fdatasync`, it made
    /// that wait ~30 µs longer on this kind of two-core virtual machine — what the prepared
    /// nonce had saved.
    pub(crate) fn refill(&self) {
        let mut q = lock(&self.shared);
        if q.idle && q.ready.len() <= READY / 2 {
            q.idle = false;
            // `notify_all`: a `settle` may wait on the same condition variable.
            self.shared.1.notify_all();
        }
    }

    /// Waits, at most `bound`, until the thread has refilled the queue; whether it has.
    pub(crate) fn settle(&self, bound: std::time::Duration) -> bool {
        let deadline = std::time::Instant::now() + bound;
        let mut q = lock(&self.shared);
        while !(q.idle || q.closed) {
            let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) else { return false };
            q = self.shared.1.wait_timeout(q, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        true
    }

    /// Whether the thread waits for `refill` (it prepares nothing until then).
    #[cfg(test)]
    pub(crate) fn is_idle(&self) -> bool {
        lock(&self.shared).idle
    }

    /// How many nonces are ready.
    #[cfg(test)]
    pub(crate) fn ready(&self) -> usize {
        lock(&self.shared).ready.len()
    }
}

impl Drop for Nonces {
    fn drop(&mut self) {
        {
            let mut q = lock(&self.shared);
            q.closed = true;
            // The nonces left are wiped here.
            q.ready.clear();
        }
        self.shared.1.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn prepare(seed: &[u8; 32], counter: u64) -> std::result::Result<Nonce, getrandom::Error> {
    let mut fresh = Zeroizing::new([0u8; 32]);
    getrandom::fill(&mut *fresh)?;
    let mut h = Sha512::new();
    h.update(DOMAIN);
    h.update(seed);
    h.update(*fresh);
    h.update(counter.to_le_bytes());
    let wide = Zeroizing::new(<[u8; 64]>::from(h.finalize()));
    let r = Scalar::from_bytes_mod_order_wide(&wide);
    let point = EdwardsPoint::mul_base(&r).compress().to_bytes();
    Ok(Nonce { r, point })
}

/// The Ed25519 signature of `message` by the secret scalar `a` (public key `public`) with
/// nonce `n`: RFC 8032 §5.1.6 from step 3 on, r given — R = r·B, k = SHA-512(R ‖ A ‖ M) mod ℓ,
/// S = (r + k·a) mod ℓ, the signature R ‖ S. Consumes the nonce.
pub(crate) fn sign(n: Nonce, a: &Scalar, public: &[u8; 32], message: &[u8]) -> [u8; 64] {
    let mut h = Sha512::new();
    h.update(n.point);
    h.update(public);
    h.update(message);
    let k = Scalar::from_bytes_mod_order_wide(&<[u8; 64]>::from(h.finalize()));
    let s = k * a + n.r;
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&n.point);
    sig[32..].copy_from_slice(s.as_bytes());
    sig
}

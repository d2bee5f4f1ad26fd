//! A signing key in a file of its own beside the store, readable by its owner only (mode 0600
//! on Unix): made once, at a device's enrollment or an office's first start, and never synced,
//! exported or logged (its `Debug` shows the public half only).

use std::io::Write as _;
use std::path::Path;

use ring::rand::SystemRandom;
use ring::signature::{Ed25519KeyPair, KeyPair as _};

use crate::error::{CoreError, Result};
use crate::event::{Event, PublicKey, Signature, SignatureBytes};
use crate::model::DeviceId;

/// The key file's name in a data directory.
pub const KEY_FILE: &str = "signing.key";

/// An Ed25519 key pair. Made and read through ring (its PKCS#8 file); signing is
/// ed25519-dalek's, 14 µs against ring's 20 µs on this machine kind, and a tablet signs every
/// record it makes (Ed25519 is deterministic: both give the same signature).
pub struct SigningKey {
    pair: ed25519_dalek::SigningKey,
    /// A tablet's: nonces prepared ahead and the secret scalar they sign with (`nonce.rs`).
    prepared: Option<Prepared>,
}

struct Prepared {
    nonces: super::nonce::Nonces,
    scalar: zeroize::Zeroizing<curve25519_dalek::Scalar>,
    public: [u8; 32],
}

/// Where the 32-byte seed sits in the PKCS#8 v2 document ring writes for an Ed25519 key.
const PKCS8_SEED: std::ops::Range<usize> = 16..48;

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey(public {})", self.public().short())
    }
}

fn storage(what: &str, path: &Path, e: std::io::Error) -> CoreError {
    CoreError::storage_in(format_args!("{what} {}", path.display()), e)
}

impl SigningKey {
    /// A new key from the system's randomness (not stored).
    pub fn generate() -> Result<(SigningKey, Vec<u8>)> {
        let rng = SystemRandom::new();
        let doc = Ed25519KeyPair::generate_pkcs8(&rng).map_err(|_| CoreError::Storage {
            cause: crate::error::StorageCause::Randomness,
            message: "no randomness from the system for a signing key".into(),
            source: None,
        })?;
        let bytes = doc.as_ref().to_vec();
        Ok((Self::from_pkcs8(&bytes)?, bytes))
    }

    /// The key whose secret is `seed` (tests and tools that must make the same key twice; a
    /// device or an office makes its key with [`SigningKey::generate`]).
    pub fn from_seed(seed: &[u8; 32]) -> Result<SigningKey> {
        Ok(SigningKey { pair: ed25519_dalek::SigningKey::from_bytes(seed), prepared: None })
    }

    /// The key a PKCS#8 document holds; ring checks the document (its public half included),
    /// and the seed taken from it must give the same public key.
    fn from_pkcs8(bytes: &[u8]) -> Result<SigningKey> {
        let damaged =
            |why: String| CoreError::Damaged { message: format!("the signing key file is not an Ed25519 key ({why})") };
        let checked = Ed25519KeyPair::from_pkcs8(bytes).map_err(|e| damaged(e.to_string()))?;
        let seed: [u8; 32] =
            bytes.get(PKCS8_SEED).and_then(|s| s.try_into().ok()).ok_or_else(|| damaged("too short".into()))?;
        let key = Self::from_seed(&seed)?;
        if key.public().0 != checked.public_key().as_ref() {
            return Err(damaged("its seed is not where a PKCS#8 v2 document has it".into()));
        }
        Ok(key)
    }

    /// Writes the key (its PKCS#8 form) to `path`, readable by its owner only; an existing file
    /// is never replaced: a key is made once.
    pub fn save(pkcs8: &[u8], path: &Path) -> Result<()> {
        let tmp = path.with_extension("key.tmp");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut f = options.open(&tmp).map_err(|e| storage("cannot write", &tmp, e))?;
        f.write_all(pkcs8).and_then(|()| f.sync_all()).map_err(|e| storage("cannot write", &tmp, e))?;
        if path.exists() {
            let _ = std::fs::remove_file(&tmp);
            return Err(storage("will not replace the signing key", path, std::io::ErrorKind::AlreadyExists.into()));
        }
        std::fs::rename(&tmp, path).map_err(|e| storage("cannot write", path, e))?;
        if let Some(dir) = path.parent() {
            std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(|e| storage("cannot sync", dir, e))?;
        }
        Ok(())
    }

    /// The key in `path`, or `None` when there is no such file.
    pub fn load(path: &Path) -> Result<Option<SigningKey>> {
        match std::fs::read(path) {
            Ok(bytes) => Self::from_pkcs8(&bytes).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(storage("cannot read", path, e)),
        }
    }

    /// The key in `path`, made and saved first if there is none.
    pub fn load_or_create(path: &Path) -> Result<SigningKey> {
        if let Some(k) = Self::load(path)? {
            return Ok(k);
        }
        let (key, pkcs8) = Self::generate()?;
        Self::save(&pkcs8, path)?;
        Ok(key)
    }

    pub fn public(&self) -> PublicKey {
        PublicKey(self.pair.verifying_key().to_bytes())
    }

    /// An Ed25519 signature of `bytes` (RFC 8032): for what is not an event (a receipt).
    pub fn sign_bytes(&self, bytes: &[u8]) -> [u8; 64] {
        ed25519_dalek::Signer::sign(&self.pair, bytes).to_bytes()
    }

    /// This key, signing from now on with nonces a thread prepares ahead, as a tablet does for
    /// its records (see `ledger/nonce.rs`: the referee waits for a hash, not a curve
    /// multiplication). Without a nonce ready it signs as RFC 8032 — and so it does throughout
    /// if the thread cannot be started: a slower record, never a refused one.
    pub fn with_prepared_nonces(mut self) -> SigningKey {
        if let Some(nonces) = super::nonce::Nonces::start(&zeroize::Zeroizing::new(self.pair.to_bytes())) {
            let scalar = zeroize::Zeroizing::new(self.pair.to_scalar());
            self.prepared = Some(Prepared { nonces, scalar, public: self.public().0 });
        }
        self
    }

    /// Whether a prepared nonce is waiting (tests wait for one before timing or checking a
    /// prepared signature).
    #[cfg(test)]
    pub(crate) fn has_nonce_ready(&self) -> bool {
        self.prepared.as_ref().is_some_and(|p| p.nonces.is_ready())
    }

    /// Lets a tablet's nonce thread refill its queue now: the store calls it once a record is
    /// durable (the tablet then waits for its referee, not its disk).
    pub fn refill_nonces(&self) {
        if let Some(p) = &self.prepared {
            p.nonces.refill();
        }
    }

    /// Waits (at most `bound`) until the nonce thread has refilled its queue; whether it has (a
    /// key without prepared nonces has nothing to wait for). For benchmarks that record back to
    /// back: in the hall a referee's next record comes seconds later, long after the refill.
    pub fn settle_nonces(&self, bound: std::time::Duration) -> bool {
        self.prepared.as_ref().is_none_or(|p| p.nonces.settle(bound))
    }

    /// Whether the nonce thread waits to be asked to refill (tests).
    #[cfg(test)]
    pub(crate) fn nonces_idle(&self) -> bool {
        self.prepared.as_ref().is_some_and(|p| p.nonces.is_idle())
    }

    /// How many prepared nonces are ready (tests).
    #[cfg(test)]
    pub(crate) fn nonces_ready(&self) -> usize {
        self.prepared.as_ref().map_or(0, |p| p.nonces.ready())
    }

    /// Signs `e` as `by` (its `rules` and `prev` set first: they are signed too); returns its
    /// digest ([`Event::digest`]), computed from the same bytes.
    pub fn sign(&self, e: &mut Event, by: DeviceId) -> crate::event::EventDigest {
        e.sig = None;
        let bytes = e.signing_bytes();
        let prepared = self.prepared.as_ref().and_then(|p| p.nonces.take().map(|n| (p, n)));
        let sig = match prepared {
            Some((p, n)) => super::nonce::sign(n, &p.scalar, &p.public, &bytes),
            None => ed25519_dalek::Signer::sign(&self.pair, &bytes).to_bytes(),
        };
        e.sig = Some(Signature { by, ed25519: SignatureBytes(sig) });
        e.digest_of(&bytes)
    }
}

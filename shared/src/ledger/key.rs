//! A signing key in a file of its own beside the store, readable by its owner only (mode 0600
//! on Unix): made once, at a device's enrollment or an office's first start, and never synced,
//! exported or logged (its `Debug` shows the public half only).

use std::io::Write as _;
use std::path::Path;

use ring::rand::SystemRandom;
use ring::signature::{Ed25519KeyPair, KeyPair as _};

use crate::domain::DeviceId;
use crate::error::{CoreError, Result};
use crate::event::{Event, PublicKey, Signature, SignatureBytes};

/// The key file's name in a data directory.
pub const KEY_FILE: &str = "signing.key";

/// An Ed25519 key pair.
pub struct SigningKey {
    pair: Ed25519KeyPair,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey(public {})", self.public().short())
    }
}

fn storage(what: &str, path: &Path, e: impl std::fmt::Display) -> CoreError {
    CoreError::Storage(format!("{what} {}: {e}", path.display()))
}

impl SigningKey {
    /// A new key from the system's randomness (not stored).
    pub fn generate() -> Result<(SigningKey, Vec<u8>)> {
        let rng = SystemRandom::new();
        let doc = Ed25519KeyPair::generate_pkcs8(&rng)
            .map_err(|_| CoreError::Storage("no randomness from the system for a signing key".into()))?;
        let bytes = doc.as_ref().to_vec();
        Ok((Self::from_pkcs8(&bytes)?, bytes))
    }

    /// The key whose secret is `seed` (tests and tools that must make the same key twice; a
    /// device or an office makes its key with [`SigningKey::generate`]).
    pub fn from_seed(seed: &[u8; 32]) -> Result<SigningKey> {
        let pair = Ed25519KeyPair::from_seed_unchecked(seed)
            .map_err(|e| CoreError::Storage(format!("not an Ed25519 seed ({e})")))?;
        Ok(SigningKey { pair })
    }

    fn from_pkcs8(bytes: &[u8]) -> Result<SigningKey> {
        let pair = Ed25519KeyPair::from_pkcs8(bytes)
            .map_err(|e| CoreError::Damaged { message: format!("the signing key file is not an Ed25519 key ({e})") })?;
        Ok(SigningKey { pair })
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
            return Err(storage("will not replace the signing key", path, "it exists"));
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
        let mut k = [0u8; 32];
        k.copy_from_slice(self.pair.public_key().as_ref());
        PublicKey(k)
    }

    /// Signs `e` as `by` (its `rules` and `prev` set first: they are signed too); returns its
    /// digest ([`Event::digest`]), computed from the same bytes.
    pub fn sign(&self, e: &mut Event, by: DeviceId) -> crate::event::EventDigest {
        e.sig = None;
        let bytes = e.signing_bytes();
        let mut sig = [0u8; 64];
        sig.copy_from_slice(self.pair.sign(&bytes).as_ref());
        e.sig = Some(Signature { by, ed25519: SignatureBytes(sig) });
        e.digest_of(&bytes)
    }
}

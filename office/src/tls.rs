//! The office's certificate: made self-signed at `init` (or the organiser's own, installed with
//! `cert install`), kept in `<data>/tls/`, served by rustls, and pinned by every device that
//! enrolls (see `arbiter_core::sync::tls`). Devices check the fingerprint, not a certificate
//! authority, a host name or a date, so a self-signed certificate is as good as a bought one.
//!
//! Rotation without re-enrolling: `cert next` stages a new certificate; the office announces
//! its fingerprint to every device that syncs, which pins it beside the current one; `cert
//! activate` then serves it. A device that did not sync in between must enroll again.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbiter_core::store::file;
use arbiter_core::sync::tls::CertFingerprint;
use base64::Engine;
use rcgen::PublicKeyData;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

use crate::error::{Fault, OfficeError, RequestFault};

/// Which of the office's certificates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The one `serve` presents.
    Current,
    /// Staged by `cert next`, announced to devices, served after `cert activate`.
    Next,
}

impl Slot {
    fn files(self) -> (&'static str, &'static str) {
        match self {
            Slot::Current => ("office.crt", "office.key"),
            Slot::Next => ("next.crt", "next.key"),
        }
    }
}

/// A certificate chain with its key, as the office serves it.
pub struct OfficeCert {
    pub chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
    /// The SHA-256 of the leaf certificate: what devices pin.
    pub fingerprint: CertFingerprint,
    /// Base64 SHA-256 of the leaf's public key (SubjectPublicKeyInfo), the form browsers take
    /// (Chromium's `--ignore-certificate-errors-spki-list`).
    pub spki_sha256: String,
}

// Never prints the key.
impl std::fmt::Debug for OfficeCert {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OfficeCert").field("fingerprint", &self.fingerprint).finish_non_exhaustive()
    }
}

fn dir(data: &Path) -> PathBuf {
    data.join("tls")
}

fn bad(message: String) -> OfficeError {
    OfficeError::bad(RequestFault::InvalidCertificate, message)
}

/// The names a self-signed certificate carries (browsers check them; devices do not).
fn names(extra: &[String]) -> Vec<String> {
    let mut names = vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()];
    names.extend(extra.iter().filter(|n| !n.is_empty()).cloned());
    names.dedup();
    names
}

/// Makes a new self-signed certificate (ECDSA P-256) into `slot`, replacing what was there.
pub fn generate(data: &Path, slot: Slot, extra_names: &[String]) -> Result<OfficeCert, OfficeError> {
    let key = rcgen::KeyPair::generate().map_err(|e| OfficeError::Internal(Fault::failed("key generation", e)))?;
    let mut params =
        rcgen::CertificateParams::new(names(extra_names)).map_err(|e| bad(format!("certificate name: {e}")))?;
    params.distinguished_name.push(rcgen::DnType::CommonName, "Weiqi Arbiter office");
    let cert = params.self_signed(&key).map_err(|e| OfficeError::Internal(Fault::failed("self-signing", e)))?;
    write(data, slot, cert.pem().as_bytes(), key.serialize_pem().as_bytes())
}

/// Installs the organiser's own certificate chain and key (PEM files) into `slot`.
pub fn install(data: &Path, slot: Slot, cert: &Path, key: &Path) -> Result<OfficeCert, OfficeError> {
    let read =
        |p: &Path| std::fs::read(p).map_err(|source| OfficeError::Read { path: p.display().to_string(), source });
    write(data, slot, &read(cert)?, &read(key)?)
}

/// Checks a pair before it replaces anything, then writes it.
fn write(data: &Path, slot: Slot, cert_pem: &[u8], key_pem: &[u8]) -> Result<OfficeCert, OfficeError> {
    let parsed = parse(cert_pem, key_pem)?;
    server_config(&parsed)?;
    let d = dir(data);
    std::fs::create_dir_all(&d)?;
    let (crt, key) = slot.files();
    file::write_atomic_private(&d, key, key_pem)?;
    file::write_atomic(&d, crt, cert_pem)?;
    Ok(parsed)
}

fn parse(cert_pem: &[u8], key_pem: &[u8]) -> Result<OfficeCert, OfficeError> {
    let chain = CertificateDer::pem_slice_iter(cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(format!("the certificate file is not PEM: {e}")))?;
    let leaf = chain.first().ok_or_else(|| bad("the certificate file holds no certificate".into()))?;
    let fingerprint = CertFingerprint::of(leaf);
    let key = PrivateKeyDer::from_pem_slice(key_pem)
        .map_err(|e| bad(format!("the key file is not a PEM private key: {e}")))?;
    let pem = std::str::from_utf8(key_pem).map_err(|_| bad("the key file is not text".into()))?;
    let spki = rcgen::KeyPair::from_pem(pem)
        .map_err(|e| bad(format!("the key cannot be read: {e}")))?
        .subject_public_key_info();
    let spki_sha256 = base64::engine::general_purpose::STANDARD.encode(<sha2::Sha256 as sha2::Digest>::digest(&spki));
    Ok(OfficeCert { chain, key, fingerprint, spki_sha256 })
}

/// The certificate in `slot`, if there is one.
pub fn load(data: &Path, slot: Slot) -> Result<Option<OfficeCert>, OfficeError> {
    let d = dir(data);
    let (crt, key) = slot.files();
    match (file::read(&d, crt)?, file::read(&d, key)?) {
        (Some(c), Some(k)) => parse(&c, &k).map(Some),
        (None, None) => Ok(None),
        _ => Err(bad(format!("{} holds a certificate or a key without the other", d.display()))),
    }
}

/// The current certificate, made self-signed if the office has none yet (an office created
/// before it spoke HTTPS).
pub fn current(data: &Path) -> Result<OfficeCert, OfficeError> {
    match load(data, Slot::Current)? {
        Some(c) => Ok(c),
        None => generate(data, Slot::Current, &[]),
    }
}

/// Serves the staged certificate from now on (the current one is kept as `previous.*`).
pub fn activate(data: &Path) -> Result<OfficeCert, OfficeError> {
    let next = load(data, Slot::Next)?.ok_or_else(|| bad("no certificate is staged: run `cert next` first".into()))?;
    let d = dir(data);
    for (from, to) in [("office.crt", "previous.crt"), ("office.key", "previous.key")] {
        if d.join(from).exists() {
            std::fs::rename(d.join(from), d.join(to))?;
        }
    }
    for (from, to) in [("next.crt", "office.crt"), ("next.key", "office.key")] {
        std::fs::rename(d.join(from), d.join(to))?;
    }
    std::fs::File::open(&d)?.sync_all()?;
    Ok(next)
}

/// rustls' server configuration for `cert` (HTTP/1.1, ring).
pub fn server_config(cert: &OfficeCert) -> Result<Arc<rustls::ServerConfig>, OfficeError> {
    let mut config = rustls::ServerConfig::builder_with_provider(arbiter_core::sync::tls::provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| OfficeError::Internal(Fault::failed("TLS set-up", e)))?
        .with_no_client_auth()
        .with_single_cert(cert.chain.clone(), cert.key.clone_key())
        .map_err(|e| bad(format!("the certificate and key do not make a usable pair: {e}")))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arbiter-tls-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_made_certificate_is_kept_private_and_reloads_the_same() {
        let data = scratch("made");
        let made = current(&data).unwrap();
        let again = current(&data).unwrap();
        assert_eq!(made.fingerprint, again.fingerprint);
        assert_eq!(made.spki_sha256.len(), 44);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir(&data).join("office.key")).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let next = generate(&data, Slot::Next, &[]).unwrap();
        assert_ne!(next.fingerprint, made.fingerprint);
        assert_eq!(activate(&data).unwrap().fingerprint, next.fingerprint);
        assert_eq!(current(&data).unwrap().fingerprint, next.fingerprint);
        assert!(load(&data, Slot::Next).unwrap().is_none());
        assert!(activate(&data).unwrap_err().to_string().contains("no certificate is staged"));
    }

    #[test]
    fn a_wrong_pair_is_refused_and_replaces_nothing() {
        let data = scratch("wrong");
        let first = current(&data).unwrap();
        let other = scratch("wrong-other");
        generate(&other, Slot::Current, &[]).unwrap();
        let cert = dir(&data).join("office.crt");
        let foreign_key = dir(&other).join("office.key");
        let e = install(&data, Slot::Current, &cert, &foreign_key).unwrap_err().to_string();
        assert!(e.contains("do not make a usable pair"), "{e}");
        let e = install(&data, Slot::Current, &foreign_key, &foreign_key).unwrap_err().to_string();
        assert!(e.contains("holds no certificate"), "{e}");
        assert_eq!(current(&data).unwrap().fingerprint, first.fingerprint);
    }
}

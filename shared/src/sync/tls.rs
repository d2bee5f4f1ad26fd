//! Pinning the office: a device trusts exactly the certificate of the office it enrolled with —
//! not a certificate authority, not a host name, not a date (a tablet whose battery ran flat may
//! think it is 1970). The enrollment QR code carries the certificate's SHA-256 fingerprint; the
//! typed form carries its first 16 hex digits, and the device keeps the whole fingerprint it saw
//! when that prefix matched. Any other certificate later is refused, and the banner says so.
//!
//! Every HTTP client the core builds comes from [`http_client`], so no path can talk TLS
//! without the pin (an `https://` office with no pin is refused, never trusted on first use).

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{CoreError, DomainError, Result};

/// The SHA-256 of an office certificate (DER), the value a device pins.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CertFingerprint([u8; 32]);

/// Hex digits of the short form, the one people compare and type (64 bits).
pub const SHORT_HEX_DIGITS: usize = 16;

impl CertFingerprint {
    /// The fingerprint of a DER certificate.
    pub fn of(der: &[u8]) -> Self {
        CertFingerprint(Sha256::digest(der).into())
    }

    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        CertFingerprint(bytes)
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The first 64 bits in four groups, e.g. `3F2A 9C01 77DE 0B45`: what the office page
    /// shows beside the code and what the typed enrollment asks for.
    pub fn short(&self) -> String {
        let hex = hex::encode_upper(&self.0[..SHORT_HEX_DIGITS / 2]);
        let groups: Vec<&str> = (0..4).map(|i| &hex[i * 4..i * 4 + 4]).collect();
        groups.join(" ")
    }
}

impl fmt::Display for CertFingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl fmt::Debug for CertFingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CertFingerprint({self})")
    }
}

/// Hex digits only, whatever separators people type (spaces, colons, dashes).
fn hex_digits(text: &str) -> Result<String> {
    let digits: String = text.chars().filter(|c| !matches!(c, ' ' | ':' | '-')).collect();
    if let Some(bad) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(invalid(arbiter_domain::error::Detail::NotAHexDigit { found: bad }).into());
    }
    Ok(digits.to_ascii_lowercase())
}

fn invalid(detail: arbiter_domain::error::Detail) -> DomainError {
    DomainError::Invalid { field: "fingerprint".into(), detail }
}

impl FromStr for CertFingerprint {
    type Err = CoreError;

    fn from_str(s: &str) -> Result<Self> {
        let digits = hex_digits(s)?;
        let mut out = [0u8; 32];
        hex::decode_to_slice(&digits, &mut out)
            .map_err(|_| invalid(arbiter_domain::error::Detail::FingerprintLength { digits: digits.len() }))?;
        Ok(CertFingerprint(out))
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for CertFingerprint {
    fn schema_name() -> String {
        "CertFingerprint".to_owned()
    }
    fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        arbiter_domain::schema::literal(serde_json::json!({"type": "string", "pattern": "^[0-9a-f]{64}$"}))
    }
}

impl Serialize for CertFingerprint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CertFingerprint {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Which office certificates a client accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pin {
    /// Only these (the one enrolled with, and one the organiser announced to replace it).
    Exact(Vec<CertFingerprint>),
    /// Enrolling from the typed form: a certificate whose fingerprint starts with these hex
    /// digits (at least [`SHORT_HEX_DIGITS`]); the one seen is then pinned whole.
    Prefix(String),
    /// No certificate at all: the client talks plain `http://` to this machine only.
    Nothing,
}

impl Pin {
    /// What a person typed or a link carried: a whole fingerprint or its short form.
    pub fn typed(text: &str) -> Result<Pin> {
        let digits = hex_digits(text)?;
        match digits.len() {
            64 => Ok(Pin::Exact(vec![digits.parse()?])),
            n if (SHORT_HEX_DIGITS..64).contains(&n) => Ok(Pin::Prefix(digits)),
            0 => Err(invalid(arbiter_domain::error::Detail::FingerprintNeeded).into()),
            n => {
                Err(invalid(arbiter_domain::error::Detail::FingerprintShort { least: SHORT_HEX_DIGITS, got: n }).into())
            }
        }
    }

    fn admits(&self, seen: &CertFingerprint) -> bool {
        match self {
            Pin::Exact(fps) => fps.contains(seen),
            Pin::Prefix(digits) => seen.to_string().starts_with(digits.as_str()),
            Pin::Nothing => false,
        }
    }

    /// What the banner names as expected.
    fn expected(&self) -> String {
        match self {
            Pin::Exact(fps) => fps.iter().map(CertFingerprint::short).collect::<Vec<_>>().join(" or "),
            Pin::Prefix(digits) => digits.to_ascii_uppercase(),
            Pin::Nothing => "none (plain http)".into(),
        }
    }
}

/// The pin a client holds, and what its TLS saw: the certificate that matched (to pin whole
/// after enrolling by the typed prefix), or the one that did not (for a clear refusal instead
/// of a bare TLS error).
#[derive(Debug)]
pub struct Pins {
    pin: Mutex<Pin>,
    matched: Mutex<Option<CertFingerprint>>,
    refused: Mutex<Option<CertFingerprint>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Pins {
    pub fn new(pin: Pin) -> Arc<Pins> {
        Arc::new(Pins { pin: Mutex::new(pin), matched: Mutex::default(), refused: Mutex::default() })
    }

    /// The certificate of the last handshake that passed.
    pub fn matched(&self) -> Option<CertFingerprint> {
        *lock(&self.matched)
    }

    /// The certificates trusted now.
    pub fn pinned(&self) -> Vec<CertFingerprint> {
        match &*lock(&self.pin) {
            Pin::Exact(fps) => fps.clone(),
            _ => vec![],
        }
    }

    /// Trusts `next` beside the pinned certificate (the office announced it); true if it is new.
    pub fn also_trust(&self, next: CertFingerprint) -> bool {
        match &mut *lock(&self.pin) {
            Pin::Exact(fps) if !fps.contains(&next) => {
                fps.push(next);
                true
            }
            _ => false,
        }
    }

    /// A request's failure in words: a refused certificate says so, anything else is the network.
    pub fn error(&self, e: reqwest::Error) -> CoreError {
        match lock(&self.refused).take() {
            Some(seen) => CoreError::OfficeCertificate { expected: lock(&self.pin).expected(), seen: seen.short() },
            None => CoreError::Network(if e.is_timeout() { "timed out".to_owned() } else { e.to_string() }),
        }
    }
}

#[derive(Debug)]
struct PinnedVerifier {
    pins: Arc<Pins>,
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for PinnedVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> std::result::Result<ServerCertVerified, rustls::Error> {
        let seen = CertFingerprint::of(end_entity);
        if lock(&self.pins.pin).admits(&seen) {
            *lock(&self.pins.matched) = Some(seen);
            Ok(ServerCertVerified::assertion())
        } else {
            *lock(&self.pins.refused) = Some(seen);
            Err(rustls::Error::InvalidCertificate(CertificateError::ApplicationVerificationFailure))
        }
    }

    // The pin says whose certificate it is; the signatures still prove the office holds its key.
    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

/// The crypto the office and the devices use (ring; the same on every platform we build).
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// An HTTP client that accepts exactly the certificates `pins` admits.
pub fn http_client(pins: &Arc<Pins>, timeout: Option<Duration>) -> Result<reqwest::Client> {
    let builder = client_builder(pins)?;
    let builder = match timeout {
        Some(t) => builder.timeout(t),
        None => builder,
    };
    builder.build().map_err(|e| CoreError::Network(e.to_string()))
}

/// A client builder with the pinned TLS in place, for callers that set more (tests bind a
/// local address with it).
pub fn client_builder(pins: &Arc<Pins>) -> Result<reqwest::ClientBuilder> {
    Ok(reqwest::Client::builder().use_preconfigured_tls(client_config(pins)?))
}

/// The rustls client configuration behind [`client_builder`]: the pin, nothing else trusted.
pub fn client_config(pins: &Arc<Pins>) -> Result<rustls::ClientConfig> {
    let provider = provider();
    let verifier = PinnedVerifier { pins: pins.clone(), provider: provider.clone() };
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| CoreError::Network(format!("TLS set-up: {e}")))?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth())
}

/// Whether `url` may be spoken to in plain HTTP: only an office on this very machine (a loopback
/// demo, `serve --insecure-http`), never one across the hall's network.
pub fn plain_http_allowed(url: &str) -> bool {
    let Ok(u) = reqwest::Url::parse(url) else { return false };
    let host = u.host_str().unwrap_or("").trim_start_matches('[').trim_end_matches(']');
    u.scheme() == "http" && (host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_read_as_people_type_them() {
        let fp = CertFingerprint::of(b"certificate");
        let text = fp.to_string();
        assert_eq!(text.len(), 64);
        assert_eq!(text.parse::<CertFingerprint>().unwrap(), fp);
        let colons: String = text
            .as_bytes()
            .chunks(2)
            .map(|c| std::str::from_utf8(c).unwrap().to_uppercase())
            .collect::<Vec<_>>()
            .join(":");
        assert_eq!(colons.parse::<CertFingerprint>().unwrap(), fp);
        assert_eq!(fp.short().len(), 19);
        assert_eq!(Pin::typed(&fp.short()).unwrap(), Pin::Prefix(text[..16].to_owned()));
        assert!(Pin::typed(&fp.short()).unwrap().admits(&fp));
        assert!(!Pin::typed(&fp.short()).unwrap().admits(&CertFingerprint::of(b"another")));
        assert!(Pin::typed("3F2A 9C01").unwrap_err().to_string().contains("at least the first 16"));
        assert!(Pin::typed("3F2A 9C01 77DE 0B4Z").unwrap_err().to_string().contains("'Z' is not a hex digit"));
        assert!("abcd".parse::<CertFingerprint>().unwrap_err().to_string().contains("64 hex digits, not 4"));
    }

    #[test]
    fn plain_http_only_on_this_machine() {
        assert!(plain_http_allowed("http://127.0.0.1:7878"));
        assert!(plain_http_allowed("http://[::1]:7878"));
        assert!(plain_http_allowed("http://localhost:7878"));
        assert!(!plain_http_allowed("http://192.168.1.10:7878"));
        assert!(!plain_http_allowed("https://127.0.0.1:7878"));
    }
}

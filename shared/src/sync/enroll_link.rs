//! The enrollment link an office page shows as a QR code and a tablet reads with its camera or
//! takes pasted: `weiqi-arbiter:enroll?v=1&office=<address>&code=<one-time code>&fp=<SHA-256 of
//! the office certificate>` (no `fp` for a plain-http loopback demo). Versioned, because printed
//! codes outlive releases; `fp` is optional within version 1.

use reqwest::Url;

use crate::error::{DomainError, Result};
use crate::sync::tls::CertFingerprint;

/// The link's scheme.
pub const SCHEME: &str = "weiqi-arbiter";
/// The link layout this build writes and reads.
pub const VERSION: &str = "1";

/// What a tablet needs to enroll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnrollLink {
    /// The office's address as tablets reach it, e.g. `http://192.168.1.10:7878`.
    pub office: String,
    pub code: String,
    /// The certificate the tablet pins.
    pub fingerprint: Option<CertFingerprint>,
}

fn invalid(message: impl Into<String>) -> DomainError {
    DomainError::InvalidField { field: "enroll_link".into(), message: message.into() }
}

impl EnrollLink {
    /// The link as text (what the QR code holds).
    pub fn to_uri(&self) -> String {
        let mut u = format!("{SCHEME}:enroll?v={VERSION}");
        let fp = self.fingerprint.map(|f| f.to_string());
        let pairs = [("office", Some(&self.office)), ("code", Some(&self.code)), ("fp", fp.as_ref())];
        for (k, v) in pairs.into_iter().filter_map(|(k, v)| Some((k, v?))) {
            u.push('&');
            u.push_str(k);
            u.push('=');
            u.extend(url_escape(v));
        }
        u
    }

    /// Reads a link; says what is wrong with one that is not.
    pub fn parse(text: &str) -> Result<EnrollLink> {
        let url = Url::parse(text.trim()).map_err(|e| invalid(format!("not a link: {e}")))?;
        if url.scheme() != SCHEME || url.path() != "enroll" {
            return Err(invalid(format!("not an enrollment link (expected {SCHEME}:enroll?…)")).into());
        }
        let get = |k: &str| url.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.into_owned());
        match get("v").as_deref() {
            Some(VERSION) => {}
            Some(v) => return Err(invalid(format!("link version {v}; this app reads version {VERSION}")).into()),
            None => return Err(invalid("the link has no version").into()),
        }
        let office = get("office").filter(|o| !o.is_empty()).ok_or_else(|| invalid("the link names no office"))?;
        let code = get("code").filter(|c| !c.is_empty()).ok_or_else(|| invalid("the link has no code"))?;
        let fingerprint = get("fp").map(|f| f.parse()).transpose()?;
        Ok(EnrollLink { office, code, fingerprint })
    }
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
fn url_escape(s: &str) -> impl Iterator<Item = char> + '_ {
    s.bytes().flat_map(|b| {
        let keep = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
        let hex = |n: u8| char::from_digit(u32::from(n), 16).unwrap_or('0').to_ascii_uppercase();
        let chars: [Option<char>; 3] =
            if keep { [Some(char::from(b)), None, None] } else { [Some('%'), Some(hex(b >> 4)), Some(hex(b & 15))] };
        chars.into_iter().flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_round_trips_and_a_wrong_one_says_why() {
        let fp = CertFingerprint::of(b"office");
        let l =
            EnrollLink { office: "https://192.168.1.10:7878".into(), code: "K7M2-9QXD".into(), fingerprint: Some(fp) };
        let text = l.to_uri();
        assert_eq!(
            text,
            format!("weiqi-arbiter:enroll?v=1&office=https%3A%2F%2F192.168.1.10%3A7878&code=K7M2-9QXD&fp={fp}")
        );
        assert_eq!(EnrollLink::parse(&text).unwrap(), l);
        let plain = EnrollLink { office: "http://127.0.0.1:7878".into(), code: "K7M2-9QXD".into(), fingerprint: None };
        assert_eq!(EnrollLink::parse(&plain.to_uri()).unwrap(), plain);
        for (bad, says) in [
            ("http://192.168.1.10:7878", "not an enrollment link"),
            ("weiqi-arbiter:enroll?v=2&office=x&code=y", "version 2"),
            ("weiqi-arbiter:enroll?v=1&code=y", "no office"),
            ("weiqi-arbiter:enroll?v=1&office=http%3A%2F%2Fa", "no code"),
            ("nonsense", "not a link"),
            ("weiqi-arbiter:enroll?v=1&office=a&code=y&fp=12ab", "64 hex digits"),
        ] {
            let e = EnrollLink::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}

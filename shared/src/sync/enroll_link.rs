//! The enrollment link an office page shows as a QR code, for a tablet's camera or pasted into
//! the app, and for a phone's camera, which opens it in the browser. Version 2, written now, is
//! the office's own address with the one-time code and the certificate's SHA-256 in the
//! fragment: `https://192.168.1.10:7878/#enroll=<code>&fp=<sha256>&v=2`. A phone opens the
//! office's pages, which enroll that browser; the fragment never reaches a server, so the code
//! is in no log. Version 1, `weiqi-arbiter:enroll?v=1&office=<address>&code=<code>&fp=<sha256>`,
//! is still read: printed codes outlive releases. `fp` is optional in both (a plain-http
//! loopback demo has no certificate).

use reqwest::Url;

use crate::error::{DomainError, Result};
use crate::sync::tls::CertFingerprint;
use arbiter_domain::error::Detail;

/// Version 1's scheme.
pub const SCHEME: &str = "weiqi-arbiter";
/// The link layout this build writes; it reads this one and version 1.
pub const VERSION: &str = "2";

/// What a tablet needs to enroll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnrollLink {
    /// The office's address as tablets reach it, e.g. `https://192.168.1.10:7878`.
    pub office: String,
    pub code: String,
    /// The certificate the tablet pins.
    pub fingerprint: Option<CertFingerprint>,
}

/// The longest link read, in bytes.
pub const MAX_LINK_BYTES: usize = 4096;

fn invalid(detail: Detail) -> DomainError {
    DomainError::Invalid { field: "enroll_link".into(), detail }
}

impl EnrollLink {
    /// The link as text (what the QR code holds): version 2.
    pub fn to_uri(&self) -> String {
        let mut u = format!("{}/#enroll=", self.office.trim_end_matches('/'));
        u.extend(url_escape(&self.code));
        if let Some(fp) = self.fingerprint {
            u.push_str(&format!("&fp={fp}"));
        }
        u.push_str(&format!("&v={VERSION}"));
        u
    }

    /// Whether `text` looks like a link of either version (not an office address typed alone).
    pub fn looks_like(text: &str) -> bool {
        let t = text.trim();
        t.starts_with(SCHEME) || t.contains("#enroll=")
    }

    /// Reads a link of either version; says what is wrong with one that is not.
    pub fn parse(text: &str) -> Result<EnrollLink> {
        // Bounds (docs/security.md): a QR code holds under 3 KB; a code is 8 characters.
        if text.len() > MAX_LINK_BYTES {
            let b = (0, MAX_LINK_BYTES as i64);
            return Err(DomainError::over_bound("enroll link", "length", 1, text.len(), b).into());
        }
        let url = Url::parse(text.trim()).map_err(|e| invalid(Detail::NotALink { parser: e.to_string() }))?;
        match url.scheme() {
            SCHEME => Self::parse_v1(&url),
            "https" | "http" => Self::parse_v2(&url),
            _ => Err(invalid(Detail::NotAnEnrollLink {
                expected: format!("https://…/#enroll=… or {SCHEME}:enroll?…"),
            })
            .into()),
        }
    }

    fn parse_v1(url: &Url) -> Result<EnrollLink> {
        if url.path() != "enroll" {
            return Err(invalid(Detail::NotAnEnrollLink { expected: format!("{SCHEME}:enroll?…") }).into());
        }
        let get = |k: &str| url.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.into_owned());
        match get("v").as_deref() {
            Some("1") => {}
            Some(v) => {
                return Err(invalid(Detail::LinkVersion { found: v.to_owned(), reads: VERSION.to_owned() }).into())
            }
            None => return Err(invalid(Detail::NoLinkVersion).into()),
        }
        let office = get("office").filter(|o| !o.is_empty()).ok_or_else(|| invalid(Detail::LinkNoOffice))?;
        let code = get("code").filter(|c| !c.is_empty()).ok_or_else(|| invalid(Detail::LinkNoCode))?;
        let fingerprint = get("fp").map(|f| f.parse()).transpose()?;
        Ok(EnrollLink { office, code, fingerprint })
    }

    fn parse_v2(url: &Url) -> Result<EnrollLink> {
        let fragment =
            url.fragment().filter(|f| f.starts_with("enroll=")).ok_or_else(|| invalid(Detail::OfficeAddressOnly))?;
        // The fragment is laid out as a query: read it as one.
        let as_query = Url::parse(&format!("https://fragment.invalid/?{fragment}"))
            .map_err(|e| invalid(Detail::NotALink { parser: e.to_string() }))?;
        let pairs: Vec<(String, String)> =
            as_query.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        match get("v").as_deref() {
            Some(VERSION) | None => {}
            Some(v) => {
                return Err(invalid(Detail::LinkVersion { found: v.to_owned(), reads: VERSION.to_owned() }).into())
            }
        }
        let code = get("enroll").filter(|c| !c.is_empty()).ok_or_else(|| invalid(Detail::LinkNoCode))?;
        let fingerprint = get("fp").map(|f| f.parse()).transpose()?;
        Ok(EnrollLink { office: url.origin().ascii_serialization(), code, fingerprint })
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
        assert_eq!(text, format!("https://192.168.1.10:7878/#enroll=K7M2-9QXD&fp={fp}&v=2"));
        assert_eq!(EnrollLink::parse(&text).unwrap(), l);
        assert!(EnrollLink::looks_like(&text));
        assert!(!EnrollLink::looks_like("https://192.168.1.10:7878"));
        let plain = EnrollLink { office: "http://127.0.0.1:7878".into(), code: "K7M2-9QXD".into(), fingerprint: None };
        assert_eq!(EnrollLink::parse(&plain.to_uri()).unwrap(), plain);
        // Version 1, as codes printed by earlier builds say it.
        let v1 = format!("weiqi-arbiter:enroll?v=1&office=https%3A%2F%2F192.168.1.10%3A7878&code=K7M2-9QXD&fp={fp}");
        assert_eq!(EnrollLink::parse(&v1).unwrap(), l);
        // A link longer than any QR code holds is refused before it is read.
        let long = format!("https://192.168.1.10:7878/#enroll=K7M2-9QXD&x={}", "a".repeat(MAX_LINK_BYTES));
        let e = EnrollLink::parse(&long).unwrap_err();
        assert!(e.to_string().contains("length") && e.to_string().contains("4096"), "{e}");
        for (bad, says) in [
            ("http://192.168.1.10:7878", "an office address alone"),
            ("https://192.168.1.10:7878/#enroll=K7M2-9QXD&v=3", "version 3"),
            ("https://192.168.1.10:7878/#enroll=", "no code"),
            ("weiqi-arbiter:enroll?v=2&office=x&code=y", "version 2"),
            ("weiqi-arbiter:enroll?v=1&code=y", "no office"),
            ("weiqi-arbiter:enroll?v=1&office=http%3A%2F%2Fa", "no code"),
            ("nonsense", "not a link"),
            ("ftp://a/#enroll=x", "not an enrollment link"),
            ("https://a/#enroll=K7M2-9QXD&fp=12ab", "64 hex digits"),
        ] {
            let e = EnrollLink::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}

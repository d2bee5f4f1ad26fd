//! Fixed-size byte strings written as lower-case hex on the wire (seals, salts, digests, keys,
//! signatures): one reader and writer for all of them.

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Each byte's value as a hex digit, or `BAD` (upper case is read too). A table rather than a
/// `match` per digit: a signed event carries 192 digits and an office reads every push.
const BAD: u8 = 0xff;
const NIBBLES: [u8; 256] = {
    let mut t = [BAD; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// The longest value written as hex here (a signature).
const MAX_BYTES: usize = 64;

/// `b` as lower-case hex, into `out` (which holds two digits a byte); the digits written.
fn hex_into<'o>(b: &[u8], out: &'o mut [u8]) -> &'o str {
    write_digits(b, out);
    let digits = &out[..2 * b.len().min(out.len() / 2)];
    // Only ASCII digits were written.
    std::str::from_utf8(digits).unwrap_or_default()
}

/// `b` as lower-case hex, appended to `out` (the canonical writer's `prev`: no string to check
/// for escapes, none needed).
pub(crate) fn hex_extend(b: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    out.resize(start + 2 * b.len(), 0);
    write_digits(b, &mut out[start..]);
}

/// `b`'s hex digits into `out`, two a byte, as far as `out` goes.
fn write_digits(b: &[u8], out: &mut [u8]) {
    for (pair, x) in out.chunks_exact_mut(2).zip(b) {
        pair[0] = DIGITS[usize::from(x >> 4)];
        pair[1] = DIGITS[usize::from(x & 0xf)];
    }
}

/// `b` as lower-case hex.
pub(crate) fn hex(b: &[u8]) -> String {
    let mut out = vec![0u8; 2 * b.len()];
    hex_into(b, &mut out).to_owned()
}

/// Serializes `b` (at most [`MAX_BYTES`]) as a hex string without allocating.
pub(crate) fn serialize_hex<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
    let mut buf = [0u8; 2 * MAX_BYTES];
    if b.len() > MAX_BYTES {
        return s.serialize_str(&hex(b));
    }
    s.serialize_str(hex_into(b, &mut buf))
}

/// `N` bytes from `2N` hex digits; `what` names the field in the error.
pub(crate) fn unhex<const N: usize>(s: &str, what: &'static str) -> Result<[u8; N], crate::error::DomainError> {
    let bad = || crate::error::DomainError::Invalid {
        field: what.into(),
        detail: crate::error::Detail::HexDigits { digits: 2 * N },
    };
    if s.len() != 2 * N {
        return Err(bad());
    }
    let mut out = [0u8; N];
    // A digit that is not one sets the high bit of `wrong`: checked once, at the end.
    let mut wrong = 0u8;
    for (o, pair) in out.iter_mut().zip(s.as_bytes().chunks_exact(2)) {
        let (hi, lo) = (NIBBLES[usize::from(pair[0])], NIBBLES[usize::from(pair[1])]);
        wrong |= hi | lo;
        *o = (hi << 4) | (lo & 0xf);
    }
    if wrong & 0x80 != 0 {
        return Err(bad());
    }
    Ok(out)
}

/// Reads `N` bytes of hex from a string, borrowed where the input allows (no copy of the digits).
pub(crate) struct HexVisitor<const N: usize>(pub &'static str);

impl<const N: usize> serde::de::Visitor<'_> for HexVisitor<N> {
    type Value = [u8; N];

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} hex digits", 2 * N)
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<[u8; N], E> {
        unhex::<N>(s, self.0).map_err(E::custom)
    }
}

/// Debug, Serialize and Deserialize as hex for a newtype over `[u8; N]`.
macro_rules! hex_wire {
    ($t:ident, $n:literal, $what:literal) => {
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({})", stringify!($t), crate::hexbytes::hex(&self.0))
            }
        }
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                crate::hexbytes::serialize_hex(&self.0, s)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(crate::hexbytes::HexVisitor::<$n>($what)).map($t)
            }
        }
    };
}
pub(crate) use hex_wire;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_goes_there_and_back() {
        let all: Vec<u8> = (0..=255).collect();
        for chunk in all.chunks(32) {
            let mut b = [0u8; 32];
            b.copy_from_slice(chunk);
            let h = hex(&b);
            assert_eq!(h.len(), 64);
            assert!(h.bytes().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c)), "{h}");
            assert_eq!(unhex::<32>(&h, "x").unwrap(), b);
            assert_eq!(unhex::<32>(&h.to_uppercase(), "x").unwrap(), b, "upper case is read too");
        }
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
    }

    #[test]
    fn a_digit_that_is_none_is_refused_wherever_it_is() {
        let good = hex(&[0x5a; 8]);
        for at in 0..good.len() {
            for c in ['g', 'G', ' ', '-', 'z', '\u{e9}'] {
                let mut s: Vec<char> = good.chars().collect();
                s[at] = c;
                let s: String = s.into_iter().collect();
                let err = unhex::<8>(&s, "sig.ed25519").unwrap_err().to_string();
                assert!(err.contains("sig.ed25519") && err.contains("16 hex digits expected"), "{s}: {err}");
            }
        }
        assert!(unhex::<8>(&good[..15], "x").is_err(), "too short");
        assert!(unhex::<8>(&format!("{good}0"), "x").is_err(), "too long");
    }

    #[test]
    fn serialized_as_the_string_hex_writes() {
        let b = [0xab; MAX_BYTES];
        let json = serde_json::to_string(&Wrapper(b)).unwrap();
        assert_eq!(json, format!("\"{}\"", hex(&b)));
    }

    struct Wrapper([u8; MAX_BYTES]);
    impl serde::Serialize for Wrapper {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            serialize_hex(&self.0, s)
        }
    }
}

//! Fixed-size byte strings written as lower-case hex on the wire (seals, salts, digests, keys,
//! signatures): one reader and writer for all of them.

/// `b` as lower-case hex.
pub(crate) fn hex(b: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * b.len());
    for x in b {
        out.push(char::from(DIGITS[usize::from(x >> 4)]));
        out.push(char::from(DIGITS[usize::from(x & 0xf)]));
    }
    out
}

fn nibble(d: u8) -> Option<u8> {
    match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'a'..=b'f' => Some(d - b'a' + 10),
        b'A'..=b'F' => Some(d - b'A' + 10),
        _ => None,
    }
}

/// `N` bytes from `2N` hex digits; `what` names the field in the error.
pub(crate) fn unhex<const N: usize>(s: &str, what: &'static str) -> Result<[u8; N], crate::error::DomainError> {
    let bad = || crate::error::DomainError::InvalidField {
        field: what.into(),
        message: format!("{} hex digits expected", 2 * N),
    };
    if s.len() != 2 * N {
        return Err(bad());
    }
    let mut out = [0u8; N];
    for (o, pair) in out.iter_mut().zip(s.as_bytes().chunks_exact(2)) {
        *o = (nibble(pair[0]).ok_or_else(bad)? << 4) | nibble(pair[1]).ok_or_else(bad)?;
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
                s.serialize_str(&crate::hexbytes::hex(&self.0))
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

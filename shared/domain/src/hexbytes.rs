//! Fixed-size byte strings written as lower-case hex on the wire (seals, salts, digests, keys,
//! signatures): one reader and writer for all of them.

/// `b` as lower-case hex.
pub(crate) fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
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
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(s.get(2 * i..2 * i + 2).ok_or_else(bad)?, 16).map_err(|_| bad())?;
    }
    Ok(out)
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
                let s = <String as serde::Deserialize>::deserialize(d)?;
                crate::hexbytes::unhex::<$n>(&s, $what).map($t).map_err(crate::error::to_serde)
            }
        }
    };
}
pub(crate) use hex_wire;

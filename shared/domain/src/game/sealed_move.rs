//! 第十四条 adjournment: the sealed move kept hidden until resumption. The tablet takes the
//! sealed point and records only a commitment — the SHA-256 of the game, the point and a
//! random salt — so the ledger (which syncs to every official) does not show the move; at
//! resumption the referee opens it, and the point and salt are checked against the seal.
//! A move opened from a paper envelope (no salt) is taken as the referee reads it.

use sha2::{Digest, Sha256};

use crate::hexbytes::hex_wire;
use crate::model::{GameId, Point};

/// The commitment to a sealed move: 64 hex digits on the wire.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct SealDigest([u8; 32]);

/// The random salt that keeps a sealed point from being guessed from its digest (361 points
/// would otherwise be tried in a blink): 32 hex digits on the wire.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "string"))]
pub struct Salt([u8; 16]);

impl Salt {
    /// From random bytes the edge draws (pure code takes randomness as an argument).
    pub fn from_bytes(b: [u8; 16]) -> Salt {
        Salt(b)
    }
}

impl SealDigest {
    /// The seal of `point` in `game` with `salt`.
    pub fn of(game: &GameId, point: Point, salt: &Salt) -> SealDigest {
        let mut h = Sha256::new();
        h.update(b"weiqi-arbiter sealed move v1\0");
        h.update(game.as_str().as_bytes());
        h.update(b"\0");
        h.update(point.to_string().as_bytes());
        h.update(b"\0");
        h.update(salt.0);
        SealDigest(h.finalize().into())
    }
}

hex_wire!(SealDigest, 32, "seal");
hex_wire!(Salt, 16, "salt");

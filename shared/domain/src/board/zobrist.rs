//! Zobrist keys: one 64-bit key per (point, colour), the same on every device and in every
//! release (derived from a fixed seed with SplitMix64, not drawn at run time), so a position's
//! hash is the XOR of its stones' keys and changes in O(1) per stone.

use crate::model::Colour;

const SEED: u64 = 0x5EED_0F57_0E5E_ED00;

fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a `colour` stone on the point with index `i`.
pub fn key(i: usize, colour: Colour) -> u64 {
    let c = match colour {
        Colour::Black => 0,
        Colour::White => 1,
    };
    splitmix64(SEED ^ ((i as u64) << 1 | c))
}

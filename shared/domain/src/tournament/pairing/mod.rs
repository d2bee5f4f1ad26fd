//! Pairing systems (第二十七条): round robin by Berger tables; Swiss (积分编排) by the rules'
//! score groups; McMahon as OpenGotha pairs it (`opengotha`: weights and a maximum-weight
//! matching); knockout, 擂台赛 and best-of matches. Pure and deterministic: the same field and
//! round always give the same pairing.

pub mod best_of;
pub mod knockout;
pub mod leitai;
pub mod matching;
pub mod opengotha;
pub mod round_robin;
pub mod swiss;

use serde::Serialize;

use crate::model::PlayerId;

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    pub table: u16,
    pub black: PlayerId,
    pub white: PlayerId,
    /// Handicap stones (OpenGotha's McMahon may give them; every other system plays even).
    pub handicap: u8,
}

/// A round's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    pub round: u16,
    pub boards: Vec<Board>,
    /// Who sits out: one at most for an odd count, several in a knockout's first round.
    pub byes: Vec<PlayerId>,
    /// Pairs that meet again because no pairing without a rematch was found.
    pub rematches: usize,
}

//! McMahon pairing as OpenGotha runs it: Swiss pairing on McMahon scores (the starting score
//! from rank, framed by bar and floor, plus wins and what absences and byes are worth).

use crate::error::Result;
use crate::tournament::field::Field;
use crate::tournament::standings::mcmahon::{McMahonParams, Scores};

use super::{swiss, RoundPairing};

/// Pairs `round` by each entrant's McMahon score after the rounds before it.
pub fn pair(field: &Field, round: u16, params: &McMahonParams) -> Result<RoundPairing> {
    let scores = Scores::new(field, params, round.saturating_sub(1));
    swiss::pair(field, round, &|p| scores.mms2_before(p, round))
}

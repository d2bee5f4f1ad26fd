//! 围棋竞赛规则 (1988), Chapter 3 裁判法: the penalty table, one module per article.

mod art17_moves;
mod art18_capture;
mod art19_forbidden;
mod art20_repetition;
mod art21_end;
mod art22_sealed;
mod art23_timing;
mod art24_discipline;
mod art25_other;

use crate::rules::penalty::{PenaltyEntry, PenaltyTable};

pub(crate) use art17_moves::{LIFTED_AND_SCATTERED, MOVED_STONES_AND_DOUBLE_MOVE};
pub(crate) use art20_repetition::{KO_RECAPTURE, REPETITION_AT_END};
pub(crate) use art21_end::ENTRIES as GAME_END;
pub(crate) use art22_sealed::ENTRIES as SEALED_MOVE;
pub(crate) use art23_timing::ENTRIES as TIMING;
pub(crate) use art24_discipline::ENTRIES as DISCIPLINE;
pub(crate) use art25_other::ENTRIES as OTHER;

/// Every Chapter 3 section; each lists the rows for its own incident types.
pub(crate) const SECTIONS: &[&[PenaltyEntry]] = &[
    MOVED_STONES_AND_DOUBLE_MOVE,
    LIFTED_AND_SCATTERED,
    art18_capture::ENTRIES,
    art19_forbidden::ENTRIES,
    KO_RECAPTURE,
    REPETITION_AT_END,
    GAME_END,
    SEALED_MOVE,
    TIMING,
    DISCIPLINE,
    OTHER,
];

/// The Chinese 1988 table.
pub static TABLE: PenaltyTable = PenaltyTable { sections: SECTIONS };

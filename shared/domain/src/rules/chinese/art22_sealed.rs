//! 第二十二条 封棋.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::{Article::Art22, IncidentType::SealedPointOccupied, Ruling::MoveVoidPass};

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 如封棋之点已有棋子时，判弃权一次，轮对方下子。
    row(SealedPointOccupied, MoveVoidPass, Art22, Referee, Always),
];

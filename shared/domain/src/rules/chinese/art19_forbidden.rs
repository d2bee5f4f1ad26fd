//! 第十九条 禁着点.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::{Article::Art19, IncidentType::ForbiddenPoint, Ruling::MoveVoidPass};

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 棋子下子在禁着点上，判着手无效，弃权一次。
    row(ForbiddenPoint, MoveVoidPass, Art19, Referee, Always),
];

//! 第二十四条 赛场纪律.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::Article::*;
use crate::rules::IncidentType::*;
use crate::rules::Ruling::*;

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 一、无故中途退场，警告一次并申报大会组委会。
    row(LeftHall, WarningAndReport, Art24_1, Referee, Always),
    // 二、妨碍他人思考的行为，给予劝告或警告一次。
    row(Disturbing, Advice, Art24_2, Referee, Always),
    row(Disturbing, Warning, Art24_2, Referee, Always),
    // 三、查阅资料或与他人交谈棋势者，根据情节判警告一次或判负。
    row(Consulting, Warning, Art24_3, Referee, Always),
    row(Consulting, OffenderLoses, Art24_3, Referee, Always),
];

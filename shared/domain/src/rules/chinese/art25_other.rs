//! 第二十五条 其它. (25.2, the warning count, is applied by the game fold, not a table row.)

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::{Article::Art25_1, IncidentType::OtherFoul, Ruling::*};

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 一、裁判法所未包括的犯规现象，裁判员根据总则或竞赛规程的精神，作合理的判决；
    // 对不能确认的判例，应及时申报裁判长处理（an escalation, see the game fold）。
    row(OtherFoul, NoPenalty, Art25_1, Referee, Always),
    row(OtherFoul, Advice, Art25_1, Referee, Always),
    row(OtherFoul, Warning, Art25_1, Referee, Always),
    row(OtherFoul, OffenderLoses, Art25_1, Referee, Always),
    row(OtherFoul, Draw, Art25_1, Referee, Always),
    row(OtherFoul, Replay, Art25_1, Referee, Always),
];

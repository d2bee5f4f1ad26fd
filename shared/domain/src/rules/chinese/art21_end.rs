//! 第二十一条 终局.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::Article::*;
use crate::rules::IncidentType::*;
use crate::rules::Ruling::*;

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 一、如对方不同意终局，可再下子；弃权方恢复着手权利，对局继续进行。
    row(EndProposed, PlayContinues, Art21_1, Referee, Always),
    // 二、双方都表示终局后，如棋盘上尚留有双方可争之点，按双活处理。
    row(NeutralPoints, TreatedAsSeki, Art21_2, Referee, Always),
    // 三、对死棋和活棋的确认……如有争议，以实战解决。
    row(LifeAndDeathDispute, SettledByPlay, Art21_3, Referee, Always),
];

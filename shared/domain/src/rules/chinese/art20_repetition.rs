//! 第二十条 全局同形再现.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::Always, PenaltyEntry};
use crate::rules::Article::*;
use crate::rules::IncidentType::*;
use crate::rules::Ruling::*;

/// 20.1, which another ruleset may replace.
pub(crate) const KO_RECAPTURE: &[PenaltyEntry] = &[
    // 一、劫争马上回提，判回提者着手无效，弃权一次。
    row(KoRecapture, MoveVoidPass, Art20_1, Referee, Always),
];

/// 20.2–20.4.
pub(crate) const REPETITION_AT_END: &[PenaltyEntry] = &[
    // 二、终局时……不允许“假生”作为活棋。
    row(FalseLife, NotAlive, Art20_2, Referee, Always),
    // 三、三劫、四劫循环，长生、双提二子等罕见特例，可判和棋或者重下。
    row(RareCycle, Draw, Art20_3, Referee, Always),
    row(RareCycle, Replay, Art20_3, Referee, Always),
    // 四、对局者不得把如图8或类似的情况作为不能终局的理由。
    row(RepetitionEndRefusal, MustEnd, Art20_4, Referee, Always),
];

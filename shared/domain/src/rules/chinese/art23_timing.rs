//! 第二十三条 计时.

use crate::model::Role::Referee;
use crate::rules::penalty::{row, Condition::*, PenaltyEntry};
use crate::rules::Article::*;
use crate::rules::IncidentType::*;
use crate::rules::Ruling::*;

pub(crate) const ENTRIES: &[PenaltyEntry] = &[
    // 一、一方迟到超过赛场规定时间，判其弃权作负。
    row(LateArrival, Forfeit, Art23_1, Referee, OneLateBeyondLimit),
    // 二、双方迟到超过赛场规定时间，则判双方弃权作负。
    row(LateArrival, BothForfeit, Art23_2, Referee, BothLateBeyondLimit),
    // 三、均未超过规定时间，则在一方或双方时限内分别扣除各自的迟到时间。
    row(LateArrival, DeductLateTime, Art23_3, Referee, LateWithinLimit),
    // 四、必须把棋子提清后方可按钟，违者劝告或警告一次。
    row(ClockBeforeCapture, Advice, Art23_4, Referee, Always),
    row(ClockBeforeCapture, Warning, Art23_4, Referee, Always),
    // 五、对局者用时（包括读秒）超过时限，一律判负。
    row(TimeExceeded, OffenderLoses, Art23_5, Referee, Always),
    // 六、读秒时间棋手离席……超时判负。须在对方思考时提出，并征得裁判员同意，每局只限一次。
    row(AwayInByoyomi, OffenderLoses, Art23_6, Referee, Overtime),
    row(AwayInByoyomi, AbsenceApproved, Art23_6, Referee, ApprovableAbsence),
    row(AwayInByoyomi, NoPenalty, Art23_6, Referee, NoOvertime),
];

//! 第十七条 行棋.

use crate::model::Role::{ChiefArbiter, Referee};
use crate::rules::penalty::{row, Condition::*, PenaltyEntry};
use crate::rules::Article::*;
use crate::rules::IncidentType::*;
use crate::rules::Ruling::*;
use crate::rules::ScatterCause;
use crate::rules::ScatterCause::{ForceMajeure, Unintentional};

/// 17.1 and 17.3: rows another ruleset may replace wholesale.
pub(crate) const MOVED_STONES_AND_DOUBLE_MOVE: &[PenaltyEntry] = &[
    // 一、一方并未表示弃权，另一方连走二步，判连走二步者为负。
    row(DoubleMove, OffenderLoses, Art17_1, Referee, Always),
    // 三、征得对局者一致意见后，可判移动之子挪回原处，或者判移子有效。
    row(MovedStones, Restore, Art17_3, Referee, AgreedNotDeliberate),
    row(MovedStones, Accept, Art17_3, Referee, AgreedNotDeliberate),
    // 在对局者意见不一致时，应立即报请裁判长处理：挪回原处 / 有效 / 和棋 / 重下。
    row(MovedStones, Restore, Art17_3, ChiefArbiter, DisagreedNotDeliberate),
    row(MovedStones, Accept, Art17_3, ChiefArbiter, DisagreedNotDeliberate),
    row(MovedStones, Draw, Art17_3, ChiefArbiter, DisagreedNotDeliberate),
    row(MovedStones, Replay, Art17_3, ChiefArbiter, DisagreedNotDeliberate),
    // 如属故意移子，应判移子者为负。
    row(MovedStones, OffenderLoses, Art17_3, Referee, DeliberatelyMoved),
];

/// 17.2 and 17.4.
pub(crate) const LIFTED_AND_SCATTERED: &[PenaltyEntry] = &[
    // 二、棋子下完后，又从棋盘上拿起下在别处。判棋子放回原处，警告一次。
    row(StoneLifted, RestoreWithWarning, Art17_2, Referee, StoneNotDropped),
    // 如棋子确系掉落，允许其拣起后任选着点。
    row(StoneLifted, DroppedStoneReplayed, Art17_2, Referee, StoneDropped),
    // 四、外界不可抗拒的原因：复盘确认后继续；没有能力复盘，则判和或重下。
    row(BoardScattered, Reconstruct, Art17_4, Referee, Scattered(ForceMajeure, Some(true))),
    row(BoardScattered, Draw, Art17_4, Referee, Scattered(ForceMajeure, Some(false))),
    row(BoardScattered, Replay, Art17_4, Referee, Scattered(ForceMajeure, Some(false))),
    // 确属无意散乱：可复盘续赛；不能复盘的，判散乱棋局一方为负。
    row(BoardScattered, Reconstruct, Art17_4, Referee, Scattered(Unintentional, Some(true))),
    row(BoardScattered, OffenderLoses, Art17_4, Referee, Scattered(Unintentional, Some(false))),
    // 故意散乱棋局，判负。
    row(BoardScattered, OffenderLoses, Art17_4, Referee, Scattered(ScatterCause::Deliberate, None)),
];

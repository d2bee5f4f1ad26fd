//! Rulings an official may make. Each is data-free: who it falls on comes from the incident's
//! facts, and which article it applies comes from the ruleset's penalty table.

use serde::{Deserialize, Serialize};

use crate::labels::{display_via_label, Label, Labelled};

/// A ruling on an incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Ruling {
    /// 判负: the offender loses the game.
    OffenderLoses,
    /// 判棋子放回原处，警告一次 (17.2, 18).
    RestoreWithWarning,
    /// 17.2: the stone truly fell; picked up and played anywhere, no warning.
    DroppedStoneReplayed,
    /// 17.3: the moved stones go back.
    Restore,
    /// 17.3: the moved stones stand.
    Accept,
    /// 17.4: the position is reconstructed and play continues.
    Reconstruct,
    /// 判和.
    Draw,
    /// 重下.
    Replay,
    /// 判着手无效，弃权一次 (19, 20.1, 22).
    MoveVoidPass,
    /// 20.2: not accepted as alive.
    NotAlive,
    /// 20.4: the shape is no reason to refuse the end; the game ends.
    MustEnd,
    /// 21.1: the other side plays on; the proposer regains the move.
    PlayContinues,
    /// 21.2: treated as seki.
    TreatedAsSeki,
    /// 21.3: settled by actual play.
    SettledByPlay,
    /// 23.1: the late side forfeits (弃权作负).
    Forfeit,
    /// 23.2: both sides forfeit.
    BothForfeit,
    /// 23.3: the late time is taken off each late side's clock.
    DeductLateTime,
    /// 劝告: recorded, does not count toward 25.2.
    Advice,
    /// 警告: counts toward 25.2.
    Warning,
    /// 24.1: one warning and a report to the organising committee.
    WarningAndReport,
    /// 23.6: the one approved absence of this game.
    AbsenceApproved,
    /// Recorded, no penalty.
    NoPenalty,
    /// KBA Appendix 1.3: both lose.
    BothLose,
    /// KBA Art. 16: no result (無勝負), replayed the same day.
    NoResult,
    /// 第三十一条六 / 第十六条四: the chief arbiter or the committee finds that no foul happened —
    /// the ruling is void and nothing follows from it. For any incident type.
    Void,
}

impl Ruling {
    pub const ALL: [Ruling; 25] = [
        Ruling::OffenderLoses,
        Ruling::RestoreWithWarning,
        Ruling::DroppedStoneReplayed,
        Ruling::Restore,
        Ruling::Accept,
        Ruling::Reconstruct,
        Ruling::Draw,
        Ruling::Replay,
        Ruling::MoveVoidPass,
        Ruling::NotAlive,
        Ruling::MustEnd,
        Ruling::PlayContinues,
        Ruling::TreatedAsSeki,
        Ruling::SettledByPlay,
        Ruling::Forfeit,
        Ruling::BothForfeit,
        Ruling::DeductLateTime,
        Ruling::Advice,
        Ruling::Warning,
        Ruling::WarningAndReport,
        Ruling::AbsenceApproved,
        Ruling::NoPenalty,
        Ruling::BothLose,
        Ruling::NoResult,
        Ruling::Void,
    ];
}

impl Labelled for Ruling {
    fn label(&self) -> Label {
        use Ruling::*;
        match self {
            OffenderLoses => Label::new("判负", "offender loses"),
            RestoreWithWarning => Label::new("放回原处，警告一次", "restore and one warning"),
            DroppedStoneReplayed => Label::new("确系掉落，拣起后任选着点", "dropped stone: pick up and play anywhere"),
            Restore => Label::new("移动之子挪回原处", "moved stones restored"),
            Accept => Label::new("移子有效", "moved stones stand"),
            Reconstruct => Label::new("复盘续赛", "reconstruct and continue"),
            Draw => Label::new("判和", "draw"),
            Replay => Label::new("重下", "replay"),
            MoveVoidPass => Label::new("着手无效，弃权一次", "move void, counts as one pass"),
            NotAlive => Label::new("不作为活棋", "not accepted as alive"),
            MustEnd => Label::new("不得作为不能终局的理由", "no reason to refuse the end"),
            PlayContinues => Label::new("对局继续", "play continues"),
            TreatedAsSeki => Label::new("按双活处理", "treated as seki"),
            SettledByPlay => Label::new("以实战解决", "settled by play"),
            Forfeit => Label::new("弃权作负", "forfeit"),
            BothForfeit => Label::new("双方弃权作负", "both forfeit"),
            DeductLateTime => Label::new("扣除迟到时间", "late time deducted"),
            Advice => Label::new("劝告", "advice"),
            Warning => Label::new("警告一次", "one warning"),
            WarningAndReport => Label::new("警告一次并申报大会组委会", "one warning and report to the committee"),
            AbsenceApproved => Label::new("同意离席（每局一次）", "absence approved (once per game)"),
            NoPenalty => Label::new("不处罚", "no penalty"),
            BothLose => Label::new("双方判负", "both lose"),
            NoResult => Label::new("无胜负", "no result"),
            Void => Label::new("不构成犯规，原判无效", "void: no foul, no penalty"),
        }
    }
}
display_via_label!(Ruling);

impl Ruling {
    /// The ruling as the article it applies names it: a loss under 第二十三条五/六 is a loss on
    /// time (超时判负: 시간패, 時間切れ負け), under the KBA's 附則 and 競技の規則 a loss by a
    /// foul (反則負け); elsewhere the ruling's own label.
    pub fn label_under(self, article: crate::rules::Article) -> Label {
        use crate::rules::Article::*;
        match (self, article) {
            (Ruling::OffenderLoses, Art23_5 | Art23_6) => Label::new("超时判负", "loss on time"),
            (
                Ruling::OffenderLoses,
                KrA1_1 | KrA1_2 | KrA1_3 | KrA1_4 | KrA1_5 | KrA1_6 | KrA3_1 | KrC1_1_1 | KrC1_1_2 | KrC1_2_1
                | KrC1_2_2 | KrC2_3,
            ) => Label::new("犯规判负", "loss by a foul"),
            _ => self.label(),
        }
    }
}

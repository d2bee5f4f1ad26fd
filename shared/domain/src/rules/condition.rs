//! When a row of a penalty table applies ([`Condition`]), and the facts of a scattered board
//! it reads ([`ScatterCause`]). A leaf: the refusal that names an unmet condition
//! ([`crate::error`]) carries these values, and the table that judges them
//! ([`crate::rules::penalty`]) refuses with that error, so neither may be imported here.

use serde::{Deserialize, Serialize};

use crate::labels::{Label, Labelled};

/// When a row applies, judged from the recorded facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    Always,
    /// 17.2: the stone did not just fall from the hand.
    StoneNotDropped,
    /// 17.2: the stone truly fell.
    StoneDropped,
    /// 17.3: both players agree, and nothing was moved deliberately.
    AgreedNotDeliberate,
    /// 17.3: the players disagree, and nothing was moved deliberately.
    DisagreedNotDeliberate,
    /// 17.3: the stones were moved deliberately.
    DeliberatelyMoved,
    /// KBA Appendix 1.3: the stones can be put back (or it is not said: putting them back is the
    /// principle).
    Restorable,
    /// KBA Appendix 1.3: they cannot be put back, and the players agree to go on as they are
    /// (before rules revision 7: the players agree).
    NotRestorableAgreed,
    /// KBA Appendix 1.3: they cannot be put back, and the players do not agree (before rules
    /// revision 7: the players do not agree).
    NotRestorableNotAgreed,
    /// 17.4: the board was scattered for this cause; `Some(b)` when reconstructability matters.
    Scattered(ScatterCause, Option<bool>),
    /// 23.1: exactly one side was later than the allowed lateness.
    OneLateBeyondLimit,
    /// 23.2: both sides were later than the allowed lateness.
    BothLateBeyondLimit,
    /// 23.3: someone was late, nobody beyond the limit.
    LateWithinLimit,
    /// 23.6: the player ran out of time while away.
    Overtime,
    /// 23.6: no overtime, and the absence was asked for during the opponent's time.
    ApprovableAbsence,
    /// 23.6: no overtime.
    NoOvertime,
    /// KBA Competition 1.1: a ring, no call.
    RingOnly,
    /// KBA Competition 1.1: a call taken in the hall.
    CallInHall,
    /// KBA Appendix 3.1: the opponent objected before play went on.
    ObjectedAtOnce,
    /// KBA Appendix 3.1: play had gone on before the objection: the foul counts as accepted.
    PlayWentOn,
    /// Recorded under rules revision 7 or later, where a foul with its own count is counted by
    /// kind (KBA Appendix 1.4/1.5: the first clock stop while filling dame is a yellow card).
    CountedByKind,
    /// Recorded before rules revision 7 (KBA Appendix 1.4: the first stop lost at once).
    BeforeCountedByKind,
    /// KBA Art. 12.3 (rules revision 8 on): the repetition was met at the end, after both sides
    /// gave up the right to move.
    AtEnd,
    /// KBA Art. 16: the repetition arose during play (or it is not said; before rules revision 8,
    /// every repetition).
    DuringPlay,
}

/// Why the board was scattered (第十七条四).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum ScatterCause {
    /// 外界不可抗拒的原因.
    ForceMajeure,
    /// 确属无意.
    Unintentional,
    /// 故意.
    Deliberate,
}

impl ScatterCause {
    pub const ALL: [ScatterCause; 3] =
        [ScatterCause::ForceMajeure, ScatterCause::Unintentional, ScatterCause::Deliberate];
}

impl Labelled for ScatterCause {
    fn label(&self) -> Label {
        match self {
            ScatterCause::ForceMajeure => Label::new("外界不可抗拒的原因", "force majeure"),
            ScatterCause::Unintentional => Label::new("确属无意", "unintentional"),
            ScatterCause::Deliberate => Label::new("故意", "deliberate"),
        }
    }
}

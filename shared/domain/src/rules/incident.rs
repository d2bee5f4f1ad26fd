//! What a referee records at the table: the kind of incident and the facts its article needs.
//! Rulings are separate ([`crate::rules::Ruling`]); which rulings a fact pattern allows is the
//! ruleset's penalty table ([`crate::rules::penalty`]).

use serde::{Deserialize, Serialize};

use crate::labels::{display_via_label, Label, Labelled};
use crate::model::{Colour, Point};
pub use crate::rules::condition::ScatterCause;

/// The rare cycles of 第二十条三.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Cycle {
    TripleKo,
    QuadrupleKo,
    EternalLife,
    DoubleTwoStoneCapture,
    Other,
}

impl Cycle {
    pub const ALL: [Cycle; 5] =
        [Cycle::TripleKo, Cycle::QuadrupleKo, Cycle::EternalLife, Cycle::DoubleTwoStoneCapture, Cycle::Other];
}

impl Labelled for Cycle {
    fn label(&self) -> Label {
        match self {
            Cycle::TripleKo => Label::new("三劫", "triple ko"),
            Cycle::QuadrupleKo => Label::new("四劫循环", "quadruple-ko cycle"),
            Cycle::EternalLife => Label::new("长生", "eternal life"),
            Cycle::DoubleTwoStoneCapture => Label::new("双提二子", "double two-stone capture"),
            Cycle::Other => Label::new("其它", "other"),
        }
    }
}

/// When a claim against the opponent's move was raised (the KBA's 付則第三条1: at once, or the
/// foul counts as accepted). Wire form: `{"by": "record", "offending_move": 87,
/// "claimed_after_move": 87}` or `{"by": "referee", "play_went_on": false}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Objection {
    /// Against the move record: the foul's move number, and the last move played when the claim
    /// was raised (the same number: raised at once).
    Record { offending_move: u32, claimed_after_move: u32 },
    /// Without a record: what the referee confirms.
    Referee { play_went_on: bool },
}

impl Objection {
    /// Had play gone on past the foul when the claim was raised? A claim before the foul's own
    /// move is no claim.
    pub fn play_went_on(self) -> Result<bool, crate::error::Detail> {
        match self {
            Objection::Record { offending_move, claimed_after_move } if claimed_after_move < offending_move => {
                Err(crate::error::Detail::ClaimBeforeFoul {
                    claimed_after: claimed_after_move,
                    offending: offending_move,
                })
            }
            Objection::Record { offending_move, claimed_after_move } => Ok(claimed_after_move > offending_move),
            Objection::Referee { play_went_on } => Ok(play_went_on),
        }
    }
}

/// An incident with its facts. Wire form: `{"type": "...", "facts": {...}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "facts", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Incident {
    /// 17.1 连走二步: a side played twice without the other passing.
    DoubleMove {
        offender: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
    /// 17.2 a played stone lifted and placed elsewhere; `dropped` when it truly fell from the hand.
    StoneLifted { offender: Colour, dropped: bool },
    /// 17.3 移子: stones found moved.
    MovedStones {
        #[serde(default)]
        mover: Option<Colour>,
        players_agree: bool,
        deliberate: bool,
        /// Whether the stones can be put back where they were played (KBA 付則第一条3: only
        /// when they cannot do the players go on as they are, or both lose); none: not said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        restorable: Option<bool>,
    },
    /// 17.4 散乱棋局: the board was scattered.
    BoardScattered {
        cause: ScatterCause,
        #[serde(default)]
        by: Option<Colour>,
        reconstructable: bool,
    },
    /// 18 误提: opponent stones with liberties removed.
    WrongfulRemoval {
        offender: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
    /// 19 禁着点: a move on a forbidden point.
    ForbiddenPoint {
        offender: Colour,
        #[serde(default)]
        point: Option<Point>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
    /// 20.1 劫争马上回提: immediate ko recapture.
    KoRecapture {
        offender: Colour,
        #[serde(default)]
        point: Option<Point>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
    /// 20.2 假生: life relying on repetition claimed at the end.
    FalseLife { owner: Colour },
    /// 20.3 三劫/四劫循环/长生/双提二子, neither side yielding.
    RareCycle {
        cycle: Cycle,
        /// Met at the end, after both sides gave up the right to move (KBA 第十二条3: the side
        /// with the stronger right chooses a draw or seki); none: not said (during play).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        at_end: Option<bool>,
    },
    /// 20.4 a player refuses to end the game over a 图8-like shape.
    RepetitionEndRefusal { by: Colour },
    /// 21.1 the side to move proposes the end (passes); the other may play on.
    EndProposed { by: Colour },
    /// 21.2 neutral points left after both confirmed the end.
    NeutralPoints,
    /// 21.3 the players disagree on life and death.
    LifeAndDeathDispute,
    /// 22 on resumption the sealed point is already occupied.
    SealedPointOccupied {
        sealer: Colour,
        #[serde(default)]
        point: Option<Point>,
    },
    /// 23.1–23.3 迟到: how late each side was, in seconds (0 = on time).
    LateArrival { black_late_secs: u32, white_late_secs: u32 },
    /// 23.4 the clock pressed before the captured stones were removed.
    ClockBeforeCapture { offender: Colour },
    /// 23.5 time (including byo-yomi) exceeded.
    TimeExceeded { offender: Colour },
    /// 23.6 a player away during byo-yomi, or asking to leave.
    AwayInByoyomi { offender: Colour, overtime: bool, requested_in_opponent_time: bool },
    /// 24.1 left the playing hall mid-game without reason.
    LeftHall { offender: Colour },
    /// 24.2 disturbing others.
    Disturbing { offender: Colour },
    /// 24.3 consulting material or discussing the game before it ends.
    Consulting { offender: Colour },
    /// 25.1 any foul the 裁判法 does not cover.
    OtherFoul {
        #[serde(default)]
        offender: Option<Colour>,
        description: String,
    },
    /// KBA Competition 1.1: a mobile phone rang (`call`: a call was taken in the hall).
    PhoneRang { offender: Colour, call: bool },
    /// KBA Competition 1.2: noise with a fan, stones, walnuts.
    Noise { offender: Colour },
    /// KBA Competition 2.3: the clock pressed without a move (`objection`: 付則第三条1, rules
    /// revision 9).
    ClockPressedWithoutMove {
        offender: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
    /// KBA Appendix 1.4: the clock stopped while filling dame (`objection` as above).
    ClockStoppedFillingDame {
        offender: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
    /// KBA Appendix 1.6: captured stones left on the board at the end (`objection` as above).
    CaptureLeftOnBoard {
        offender: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        objection: Option<Objection>,
    },
}

/// The kind of an incident without its facts: what the penalty table is keyed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum IncidentType {
    DoubleMove,
    StoneLifted,
    MovedStones,
    BoardScattered,
    WrongfulRemoval,
    ForbiddenPoint,
    KoRecapture,
    FalseLife,
    RareCycle,
    RepetitionEndRefusal,
    EndProposed,
    NeutralPoints,
    LifeAndDeathDispute,
    SealedPointOccupied,
    LateArrival,
    ClockBeforeCapture,
    TimeExceeded,
    AwayInByoyomi,
    LeftHall,
    Disturbing,
    Consulting,
    OtherFoul,
    PhoneRang,
    Noise,
    ClockPressedWithoutMove,
    ClockStoppedFillingDame,
    CaptureLeftOnBoard,
}

/// The UI's grouping of incidents, by the headings of the 裁判法.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum IncidentGroup {
    Moves,
    Capture,
    ForbiddenPoint,
    Repetition,
    GameEnd,
    SealedMove,
    Timing,
    Discipline,
    Other,
}

impl Incident {
    /// When the claim was raised, for the incidents a claim is about (a move or a removal).
    pub fn objection(&self) -> Option<Objection> {
        match self {
            Incident::DoubleMove { objection, .. }
            | Incident::WrongfulRemoval { objection, .. }
            | Incident::ForbiddenPoint { objection, .. }
            | Incident::KoRecapture { objection, .. }
            | Incident::ClockPressedWithoutMove { objection, .. }
            | Incident::ClockStoppedFillingDame { objection, .. }
            | Incident::CaptureLeftOnBoard { objection, .. } => *objection,
            _ => None,
        }
    }

    /// The same incident with when the claim was raised set (where the incident takes one).
    pub fn with_objection(mut self, when: Objection) -> Incident {
        if let Incident::DoubleMove { objection, .. }
        | Incident::WrongfulRemoval { objection, .. }
        | Incident::ForbiddenPoint { objection, .. }
        | Incident::KoRecapture { objection, .. }
        | Incident::ClockPressedWithoutMove { objection, .. }
        | Incident::ClockStoppedFillingDame { objection, .. }
        | Incident::CaptureLeftOnBoard { objection, .. } = &mut self
        {
            *objection = Some(when);
        }
        self
    }

    pub fn kind(&self) -> IncidentType {
        use IncidentType as T;
        match self {
            Incident::DoubleMove { .. } => T::DoubleMove,
            Incident::StoneLifted { .. } => T::StoneLifted,
            Incident::MovedStones { .. } => T::MovedStones,
            Incident::BoardScattered { .. } => T::BoardScattered,
            Incident::WrongfulRemoval { .. } => T::WrongfulRemoval,
            Incident::ForbiddenPoint { .. } => T::ForbiddenPoint,
            Incident::KoRecapture { .. } => T::KoRecapture,
            Incident::FalseLife { .. } => T::FalseLife,
            Incident::RareCycle { .. } => T::RareCycle,
            Incident::RepetitionEndRefusal { .. } => T::RepetitionEndRefusal,
            Incident::EndProposed { .. } => T::EndProposed,
            Incident::NeutralPoints => T::NeutralPoints,
            Incident::LifeAndDeathDispute => T::LifeAndDeathDispute,
            Incident::SealedPointOccupied { .. } => T::SealedPointOccupied,
            Incident::LateArrival { .. } => T::LateArrival,
            Incident::ClockBeforeCapture { .. } => T::ClockBeforeCapture,
            Incident::TimeExceeded { .. } => T::TimeExceeded,
            Incident::AwayInByoyomi { .. } => T::AwayInByoyomi,
            Incident::LeftHall { .. } => T::LeftHall,
            Incident::Disturbing { .. } => T::Disturbing,
            Incident::Consulting { .. } => T::Consulting,
            Incident::OtherFoul { .. } => T::OtherFoul,
            Incident::PhoneRang { .. } => T::PhoneRang,
            Incident::Noise { .. } => T::Noise,
            Incident::ClockPressedWithoutMove { .. } => T::ClockPressedWithoutMove,
            Incident::ClockStoppedFillingDame { .. } => T::ClockStoppedFillingDame,
            Incident::CaptureLeftOnBoard { .. } => T::CaptureLeftOnBoard,
        }
    }

    /// The side a penalty on this incident falls on, where the facts name one.
    pub fn offender(&self) -> Option<Colour> {
        match self {
            Incident::DoubleMove { offender, .. }
            | Incident::StoneLifted { offender, .. }
            | Incident::WrongfulRemoval { offender, .. }
            | Incident::ForbiddenPoint { offender, .. }
            | Incident::KoRecapture { offender, .. }
            | Incident::ClockBeforeCapture { offender }
            | Incident::TimeExceeded { offender }
            | Incident::AwayInByoyomi { offender, .. }
            | Incident::LeftHall { offender }
            | Incident::Disturbing { offender }
            | Incident::Consulting { offender }
            | Incident::PhoneRang { offender, .. }
            | Incident::Noise { offender }
            | Incident::ClockPressedWithoutMove { offender, .. }
            | Incident::ClockStoppedFillingDame { offender, .. }
            | Incident::CaptureLeftOnBoard { offender, .. } => Some(*offender),
            Incident::MovedStones { mover, .. } => *mover,
            Incident::BoardScattered { by, .. } => *by,
            Incident::SealedPointOccupied { sealer, .. } => Some(*sealer),
            Incident::OtherFoul { offender, .. } => *offender,
            Incident::FalseLife { .. }
            | Incident::RareCycle { .. }
            | Incident::RepetitionEndRefusal { .. }
            | Incident::EndProposed { .. }
            | Incident::NeutralPoints
            | Incident::LifeAndDeathDispute
            | Incident::LateArrival { .. } => None,
        }
    }
}

impl IncidentType {
    pub fn group(self) -> IncidentGroup {
        use IncidentGroup as G;
        use IncidentType::*;
        match self {
            DoubleMove | StoneLifted | MovedStones | BoardScattered => G::Moves,
            WrongfulRemoval | CaptureLeftOnBoard => G::Capture,
            ForbiddenPoint => G::ForbiddenPoint,
            KoRecapture | FalseLife | RareCycle | RepetitionEndRefusal => G::Repetition,
            EndProposed | NeutralPoints | LifeAndDeathDispute => G::GameEnd,
            SealedPointOccupied => G::SealedMove,
            LateArrival
            | ClockBeforeCapture
            | TimeExceeded
            | AwayInByoyomi
            | ClockPressedWithoutMove
            | ClockStoppedFillingDame => G::Timing,
            LeftHall | Disturbing | Consulting | PhoneRang | Noise => G::Discipline,
            OtherFoul => G::Other,
        }
    }
}

impl Labelled for IncidentType {
    fn label(&self) -> Label {
        use IncidentType::*;
        match self {
            DoubleMove => Label::new("连走二步", "double move"),
            StoneLifted => Label::new("落子后拿起另下", "played stone lifted and moved"),
            MovedStones => Label::new("移子", "moved stones"),
            BoardScattered => Label::new("散乱棋局", "scattered board"),
            WrongfulRemoval => Label::new("误提", "wrongful removal of live stones"),
            ForbiddenPoint => Label::new("下在禁着点", "move on a forbidden point"),
            KoRecapture => Label::new("劫争马上回提", "immediate ko recapture"),
            FalseLife => Label::new("假生", "false life"),
            RareCycle => Label::new("三劫/四劫循环/长生等", "triple ko, quadruple ko, eternal life or other cycle"),
            RepetitionEndRefusal => Label::new("以同形再现为由拒绝终局", "refusing the end over a repetition shape"),
            EndProposed => Label::new("轮走方确认终局", "end proposed by the side to move"),
            NeutralPoints => Label::new("终局后尚留可争之点", "neutral points left after the end"),
            LifeAndDeathDispute => Label::new("死活争议", "life-and-death dispute"),
            SealedPointOccupied => Label::new("封棋之点已有棋子", "sealed point already occupied"),
            LateArrival => Label::new("迟到", "late arrival"),
            ClockBeforeCapture => Label::new("未提清子即按钟", "clock pressed before removing captures"),
            TimeExceeded => Label::new("超时", "time exceeded"),
            AwayInByoyomi => Label::new("读秒时离席", "away during byo-yomi"),
            LeftHall => Label::new("无故中途退场", "left the hall without reason"),
            Disturbing => Label::new("妨碍他人思考", "disturbing others"),
            Consulting => Label::new("查阅资料或交谈棋势", "consulting material or discussing the game"),
            OtherFoul => Label::new("其它犯规", "other foul"),
            PhoneRang => Label::new("手机响铃", "mobile phone rang"),
            Noise => Label::new("发出声响", "making noise"),
            ClockPressedWithoutMove => Label::new("未落子按钟", "clock pressed without a move"),
            ClockStoppedFillingDame => Label::new("收单官时停钟", "clock stopped while filling dame"),
            CaptureLeftOnBoard => Label::new("终局时死子未提", "captured stones left on the board"),
        }
    }
}
display_via_label!(IncidentType);

impl Labelled for IncidentGroup {
    fn label(&self) -> Label {
        use IncidentGroup::*;
        match self {
            Moves => Label::new("行棋", "moves"),
            Capture => Label::new("提子", "capturing"),
            ForbiddenPoint => Label::new("禁着点", "forbidden point"),
            Repetition => Label::new("同形再现", "repetition"),
            GameEnd => Label::new("终局", "end of game"),
            SealedMove => Label::new("封棋", "sealed move"),
            Timing => Label::new("计时", "timing"),
            Discipline => Label::new("赛场纪律", "discipline"),
            Other => Label::new("其它", "other"),
        }
    }
}
display_via_label!(IncidentGroup);

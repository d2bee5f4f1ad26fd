//! The typed body of an event: every fact a device can record.

use serde::{Deserialize, Serialize};

use chrono::{DateTime, Utc};

use crate::labels::{display_via_label, Label, Labelled};
use crate::model::{Colour, DeviceId, EventId, Game, Person, PersonId, Player, PlayerId, Point, Role, Tournament};
use crate::rules::{Count, Incident, Outcome, Ruling};

/// What the committee decided on an appeal (第十六条四).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum AppealDecision {
    /// The ruling appealed against stands.
    Upheld,
    /// The committee replaces it with this ruling.
    Overturned { ruling: Ruling },
    /// The ruling is void: no foul happened, no penalty (any incident type).
    Annulled,
}

/// An event body. Wire form: `{"kind": "...", "data": {...}}` (`data` absent for bare facts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum EventBody {
    // Set-up (organiser; games also the chief arbiter, 第三十一条).
    TournamentCreated(Tournament),
    PersonRegistered(Person),
    PlayerRegistered(Player),
    GameScheduled(Game),
    // Running the event (第二十九条, 第三十一条).
    /// 第二十九条 a player withdraws after playing up to `after_round` (0: before round 1).
    PlayerWithdrew {
        player: PlayerId,
        #[serde(deserialize_with = "crate::model::game::rounds::one")]
        after_round: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
    },
    /// The organiser deletes a player registered by mistake (schema 7): one who has played no
    /// game and had no bye, so nothing ranked depends on them. From then on the player is in no
    /// list, standings or export; the history keeps both the registration and the deletion.
    /// A player who has played withdraws instead (第二十九条).
    PlayerDeleted {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
    },
    /// The rounds `player` will miss (OpenGotha's participation flags): not paired in them, and
    /// scored as an absence there. The latest for a player replaces any before; empty: none.
    PlayerAbsences {
        player: PlayerId,
        #[serde(deserialize_with = "crate::model::game::rounds::list")]
        rounds: Vec<u16>,
    },
    /// A player sits out `round` with a bye (an odd number to pair, 第二十七条三).
    ByeAssigned {
        #[serde(deserialize_with = "crate::model::game::rounds::one")]
        round: u16,
        player: PlayerId,
    },
    /// Round `round` starts at `starts_at`.
    RoundScheduled {
        #[serde(deserialize_with = "crate::model::game::rounds::one")]
        round: u16,
        starts_at: DateTime<Utc>,
    },
    /// 第三十一条三 a referee is assigned to these tables.
    RefereeAssigned {
        referee: PersonId,
        tables: Vec<u16>,
    },
    /// A league's round `round` is played at `tables` in the venue office `venue` (a person of
    /// role `office`): that venue forwards those games' events to the central office.
    VenueAssigned {
        venue: PersonId,
        #[serde(deserialize_with = "crate::model::game::rounds::one")]
        round: u16,
        tables: Vec<u16>,
    },
    // Chapter 2 facts the referee records.
    /// The clocks start: play begins.
    ClockStarted,
    /// 第十四条 pause (e.g. lunch): the clocks do not run.
    ClockPaused {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        reason: Option<String>,
    },
    ClockResumed,
    /// 第十二条: `by`, the side to move, pressed the clock after its move (the byo-yomi reader's
    /// tap); the turn passes.
    ClockPressed {
        by: Colour,
    },
    /// 第二十三条四 ("但在读秒时，提子不计时间"; seed 004 競技第二条2 1): many captured stones in
    /// byo-yomi stop the clock a while), schema 8: `by`, the side to move, takes its captured
    /// stones off in byo-yomi — its clock stops, and the reader with it, until
    /// [`EventBody::RemovalEnded`] or its own [`EventBody::ClockPressed`]. In main time the clock
    /// runs on (the removal is timed there).
    RemovalStarted {
        by: Colour,
    },
    /// The removal is done (schema 8): `by`'s clock runs again from here.
    RemovalEnded {
        by: Colour,
    },
    /// KBA 競技の規則 第二条2 2) ("化粧室に行く場合、着手をしてから対局時計を一時停止する"), schema 9:
    /// `by`, in byo-yomi, has just played and pressed, and stops the clock to go to the toilet —
    /// Korean ruleset only. The opponent's clock stops with it; a move the opponent plays
    /// meanwhile is recorded as any move ([`EventBody::ClockPressed`]).
    BreakStarted {
        by: Colour,
    },
    /// 競技第二条2 3) ("着座した時から対局が開始され"), schema 9: `by` is seated again; the clock
    /// of whoever is to move runs from here.
    BreakEnded {
        by: Colour,
    },
    /// 第十四条 adjournment: `sealer` (the side to move) hands the sealed move to the referee;
    /// `seal`, when the tablet took the move, commits to it without showing it.
    GameAdjourned {
        sealer: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        seal: Option<crate::game::SealDigest>,
    },
    /// 第十四条 resumption: the referee opens the seal and plays the move; `salt` (from the
    /// tablet that took it) lets every replica check the point against the seal.
    MoveUnsealed {
        point: Point,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        salt: Option<crate::game::Salt>,
    },
    /// 第十三条二 both confirmed the end; `first` is the side to move, who confirms first.
    EndConfirmed {
        first: Colour,
    },
    /// 第九条 the result by count.
    CountRecorded {
        count: Count,
    },
    /// 第十六条三 ("终局计算胜负时，对局者有要求纠正数子和计算胜负失误的权利"), schema 8: at a
    /// player's demand (`asked_by`), the count is made again and `count` replaces the one that
    /// decided the game — while that count is still the result in force (a correction since, or
    /// no count, refuses it).
    CountCorrected {
        count: Count,
        asked_by: Colour,
    },
    /// 第七条二 resignation.
    Resigned {
        by: Colour,
    },
    /// 第十三条一 the result as a referee or the chief arbiter enters it (a score sheet, a
    /// forfeit, a decision).
    ResultEntered {
        outcome: Outcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
        /// Decided without play (a forfeit from a score sheet; OpenGotha's "by default"):
        /// counted as unplayed where that matters (OpenGotha's SOS, direct confrontation).
        /// Schema 4; absent: played.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
        forfeit: bool,
    },
    /// 第十六条一 a player asked the remaining reserved minutes.
    RemainingTimeAsked {
        by: Colour,
        reserved_minutes_left: u8,
    },
    // Chapter 3: incidents and rulings.
    /// An incident, with the recording official's ruling if they made one.
    IncidentRecorded {
        incident: Incident,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        ruling: Option<Ruling>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
    },
    /// A ruling on an incident recorded earlier (a chief arbiter's supersedes a referee's).
    RulingIssued {
        incident: EventId,
        ruling: Ruling,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
    },
    /// The incident is referred up (第二十五条一, 第十七条三, 第三十二条).
    Escalated {
        incident: EventId,
        to: Role,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
    },
    /// 第十六条四 a player appeals a ruling to the organising committee.
    AppealFiled {
        incident: EventId,
        by: Colour,
        grounds: String,
    },
    /// The committee's decision on an appeal; supersedes every other ruling on the incident.
    AppealDecided {
        appeal: EventId,
        decision: AppealDecision,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        note: Option<String>,
    },
    /// The office registers a signing key (schema 2): a device's at its enrollment, with the
    /// official it belongs to, or its own (`signer` = `office`, signed by that key: the
    /// ledger's root, compared by its fingerprint). Only the office records these.
    KeyRegistered {
        signer: DeviceId,
        key: crate::event::PublicKey,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        person: Option<PersonId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        role: Option<Role>,
    },
    /// The office revoked a device (schema 2): what it signs after this is refused.
    KeyRevoked {
        signer: DeviceId,
    },
    /// The game record (SGF) attached to an incident as evidence: its story shows the board at
    /// the move in question and that move checked (第十九条, 第二十条, 第六条). `move_no` (1-based)
    /// is the move the incident is about; without it the record's first illegal move is checked.
    RecordAttached {
        incident: EventId,
        sgf: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        move_no: Option<u32>,
    },
    /// Undo (schema 5): the device that recorded `incident` takes it back within
    /// [`crate::game::undo::WINDOW_MS`] — a correction, nothing deleted; the history shows both.
    IncidentWithdrawn {
        incident: EventId,
    },
    /// A result corrected (schema 6, game::correction): `replaces` names the event that decided
    /// the result in force; the result becomes `outcome` (absent: the game has no result again,
    /// as for a result entered on the wrong game), for `cause`, said in `why`. Nothing is
    /// deleted: the history shows the result replaced, by whom and why.
    ResultCorrected {
        replaces: EventId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        outcome: Option<Outcome>,
        cause: crate::game::CorrectionCause,
        why: String,
    },
}

/// The largest game record an event may carry: a long 19×19 game with comments is ~20 KB.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// The kind of an event body, for authorization and indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum EventKind {
    TournamentCreated,
    PersonRegistered,
    PlayerRegistered,
    GameScheduled,
    PlayerWithdrew,
    ByeAssigned,
    RoundScheduled,
    RefereeAssigned,
    VenueAssigned,
    PlayerAbsences,
    ClockStarted,
    ClockPaused,
    ClockResumed,
    ClockPressed,
    GameAdjourned,
    MoveUnsealed,
    EndConfirmed,
    CountRecorded,
    Resigned,
    ResultEntered,
    RemainingTimeAsked,
    IncidentRecorded,
    RulingIssued,
    Escalated,
    AppealFiled,
    AppealDecided,
    RecordAttached,
    KeyRegistered,
    KeyRevoked,
    IncidentWithdrawn,
    ResultCorrected,
    PlayerDeleted,
    RemovalStarted,
    RemovalEnded,
    CountCorrected,
    BreakStarted,
    BreakEnded,
}

impl EventKind {
    pub const ALL: [EventKind; 37] = [
        EventKind::TournamentCreated,
        EventKind::PersonRegistered,
        EventKind::PlayerRegistered,
        EventKind::GameScheduled,
        EventKind::PlayerWithdrew,
        EventKind::ByeAssigned,
        EventKind::RoundScheduled,
        EventKind::RefereeAssigned,
        EventKind::VenueAssigned,
        EventKind::PlayerAbsences,
        EventKind::ClockStarted,
        EventKind::ClockPaused,
        EventKind::ClockResumed,
        EventKind::ClockPressed,
        EventKind::GameAdjourned,
        EventKind::MoveUnsealed,
        EventKind::EndConfirmed,
        EventKind::CountRecorded,
        EventKind::Resigned,
        EventKind::ResultEntered,
        EventKind::RemainingTimeAsked,
        EventKind::IncidentRecorded,
        EventKind::RulingIssued,
        EventKind::Escalated,
        EventKind::AppealFiled,
        EventKind::AppealDecided,
        EventKind::RecordAttached,
        EventKind::KeyRegistered,
        EventKind::KeyRevoked,
        EventKind::IncidentWithdrawn,
        EventKind::ResultCorrected,
        EventKind::PlayerDeleted,
        EventKind::RemovalStarted,
        EventKind::RemovalEnded,
        EventKind::CountCorrected,
        EventKind::BreakStarted,
        EventKind::BreakEnded,
    ];

    /// The wire schema version that brought this kind in: an event of an older one is refused.
    pub fn schema(self) -> u16 {
        match self {
            EventKind::RecordAttached | EventKind::KeyRegistered | EventKind::KeyRevoked => 2,
            EventKind::VenueAssigned => 3,
            EventKind::PlayerAbsences => 4,
            EventKind::IncidentWithdrawn => 5,
            EventKind::ResultCorrected => 6,
            EventKind::PlayerDeleted => 7,
            EventKind::RemovalStarted | EventKind::RemovalEnded | EventKind::CountCorrected => 8,
            EventKind::BreakStarted | EventKind::BreakEnded => 9,
            EventKind::TournamentCreated
            | EventKind::PersonRegistered
            | EventKind::PlayerRegistered
            | EventKind::GameScheduled
            | EventKind::PlayerWithdrew
            | EventKind::ByeAssigned
            | EventKind::RoundScheduled
            | EventKind::RefereeAssigned
            | EventKind::ClockStarted
            | EventKind::ClockPaused
            | EventKind::ClockResumed
            | EventKind::ClockPressed
            | EventKind::GameAdjourned
            | EventKind::MoveUnsealed
            | EventKind::EndConfirmed
            | EventKind::CountRecorded
            | EventKind::Resigned
            | EventKind::ResultEntered
            | EventKind::RemainingTimeAsked
            | EventKind::IncidentRecorded
            | EventKind::RulingIssued
            | EventKind::Escalated
            | EventKind::AppealFiled
            | EventKind::AppealDecided => 1,
        }
    }

    /// Whether events of this kind belong to one game (and must name it).
    pub fn is_game_scoped(self) -> bool {
        use EventKind as K;
        match self {
            K::TournamentCreated
            | K::PersonRegistered
            | K::PlayerRegistered
            | K::PlayerWithdrew
            | K::PlayerDeleted
            | K::ByeAssigned
            | K::RoundScheduled
            | K::RefereeAssigned
            | K::VenueAssigned
            | K::PlayerAbsences
            | K::KeyRegistered
            | K::KeyRevoked => false,
            K::GameScheduled
            | K::ClockStarted
            | K::ClockPaused
            | K::ClockResumed
            | K::ClockPressed
            | K::GameAdjourned
            | K::MoveUnsealed
            | K::EndConfirmed
            | K::CountRecorded
            | K::Resigned
            | K::ResultEntered
            | K::RemainingTimeAsked
            | K::IncidentRecorded
            | K::RulingIssued
            | K::Escalated
            | K::AppealFiled
            | K::AppealDecided
            | K::RecordAttached
            | K::IncidentWithdrawn
            | K::ResultCorrected
            | K::RemovalStarted
            | K::RemovalEnded
            | K::CountCorrected
            | K::BreakStarted
            | K::BreakEnded => true,
        }
    }
}

impl EventBody {
    /// The wire schema that brought what this body carries: its kind's, or later for a field
    /// added since (a forfeit entered as a result, schema 4).
    pub fn schema(&self) -> u16 {
        match self {
            EventBody::ResultEntered { forfeit: true, .. } => 4,
            // The printouts' languages came with schema 9.
            EventBody::TournamentCreated(t) if !t.settings.languages.is_empty() => 9,
            EventBody::TournamentCreated(t) if t.settings.komi_half_points.is_some() => 7,
            // A federation's number for the player came with schema 7.
            EventBody::PlayerRegistered(Player { opengotha: Some(r), .. })
                if r.egf_pin.is_some() || r.ffg_licence.is_some() || !r.kept.is_empty() =>
            {
                7
            }
            _ => self.kind().schema(),
        }
    }

    pub fn kind(&self) -> EventKind {
        use EventKind as K;
        match self {
            EventBody::TournamentCreated(_) => K::TournamentCreated,
            EventBody::PersonRegistered(_) => K::PersonRegistered,
            EventBody::PlayerRegistered(_) => K::PlayerRegistered,
            EventBody::GameScheduled(_) => K::GameScheduled,
            EventBody::PlayerWithdrew { .. } => K::PlayerWithdrew,
            EventBody::PlayerDeleted { .. } => K::PlayerDeleted,
            EventBody::ByeAssigned { .. } => K::ByeAssigned,
            EventBody::RoundScheduled { .. } => K::RoundScheduled,
            EventBody::RefereeAssigned { .. } => K::RefereeAssigned,
            EventBody::VenueAssigned { .. } => K::VenueAssigned,
            EventBody::PlayerAbsences { .. } => K::PlayerAbsences,
            EventBody::ClockStarted => K::ClockStarted,
            EventBody::ClockPaused { .. } => K::ClockPaused,
            EventBody::ClockResumed => K::ClockResumed,
            EventBody::ClockPressed { .. } => K::ClockPressed,
            EventBody::GameAdjourned { .. } => K::GameAdjourned,
            EventBody::RemovalStarted { .. } => K::RemovalStarted,
            EventBody::RemovalEnded { .. } => K::RemovalEnded,
            EventBody::BreakStarted { .. } => K::BreakStarted,
            EventBody::BreakEnded { .. } => K::BreakEnded,
            EventBody::MoveUnsealed { .. } => K::MoveUnsealed,
            EventBody::EndConfirmed { .. } => K::EndConfirmed,
            EventBody::CountRecorded { .. } => K::CountRecorded,
            EventBody::CountCorrected { .. } => K::CountCorrected,
            EventBody::Resigned { .. } => K::Resigned,
            EventBody::ResultEntered { .. } => K::ResultEntered,
            EventBody::RemainingTimeAsked { .. } => K::RemainingTimeAsked,
            EventBody::IncidentRecorded { .. } => K::IncidentRecorded,
            EventBody::RulingIssued { .. } => K::RulingIssued,
            EventBody::Escalated { .. } => K::Escalated,
            EventBody::AppealFiled { .. } => K::AppealFiled,
            EventBody::AppealDecided { .. } => K::AppealDecided,
            EventBody::RecordAttached { .. } => K::RecordAttached,
            EventBody::IncidentWithdrawn { .. } => K::IncidentWithdrawn,
            EventBody::ResultCorrected { .. } => K::ResultCorrected,
            EventBody::KeyRegistered { .. } => K::KeyRegistered,
            EventBody::KeyRevoked { .. } => K::KeyRevoked,
        }
    }
}

impl Labelled for EventKind {
    fn label(&self) -> Label {
        use EventKind::*;
        match self {
            TournamentCreated => Label::new("创建比赛", "tournament created"),
            PersonRegistered => Label::new("登记裁判人员", "official registered"),
            PlayerRegistered => Label::new("登记棋手", "player registered"),
            GameScheduled => Label::new("编排对局", "game scheduled"),
            PlayerWithdrew => Label::new("棋手退出比赛", "player withdrew"),
            PlayerDeleted => Label::new("删除误登记的棋手", "player deleted (registered by mistake)"),
            ByeAssigned => Label::new("轮空", "bye"),
            RoundScheduled => Label::new("轮次时间", "round scheduled"),
            RefereeAssigned => Label::new("分派裁判", "referee assigned"),
            VenueAssigned => Label::new("分派赛区", "venue assigned"),
            PlayerAbsences => Label::new("棋手缺席轮次", "rounds a player misses"),
            ClockStarted => Label::new("开钟", "clock started"),
            ClockPaused => Label::new("暂停", "paused"),
            ClockResumed => Label::new("继续", "resumed"),
            ClockPressed => Label::new("按钟", "clock pressed"),
            RemovalStarted => Label::new("提子停钟", "clock stopped to remove captured stones"),
            RemovalEnded => Label::new("提子完毕", "captured stones removed"),
            BreakStarted => Label::new("读秒中如厕停钟", "clock stopped for a toilet break in byo-yomi"),
            BreakEnded => Label::new("如厕归座", "back in the seat after the toilet break"),
            GameAdjourned => Label::new("封棋", "adjourned with a sealed move"),
            MoveUnsealed => Label::new("启封", "sealed move opened"),
            EndConfirmed => Label::new("确认终局", "end confirmed"),
            CountRecorded => Label::new("数子结果", "result by count"),
            CountCorrected => Label::new("纠正数子", "count corrected"),
            Resigned => Label::new("中盘认输", "resignation"),
            ResultEntered => Label::new("录入结果", "result entered"),
            RemainingTimeAsked => Label::new("询问剩余时间", "remaining time asked"),
            IncidentRecorded => Label::new("记录事件", "incident recorded"),
            RulingIssued => Label::new("判决", "ruling issued"),
            Escalated => Label::new("报请处理", "escalated"),
            AppealFiled => Label::new("申诉", "appeal filed"),
            AppealDecided => Label::new("申诉决定", "appeal decided"),
            RecordAttached => Label::new("附棋谱", "game record attached"),
            IncidentWithdrawn => Label::new("撤销记录", "record undone"),
            ResultCorrected => Label::new("更正结果", "result corrected"),
            KeyRegistered => Label::new("登记签名密钥", "signing key registered"),
            KeyRevoked => Label::new("吊销设备", "device revoked"),
        }
    }
}
display_via_label!(EventKind);

//! What a refusal says was wrong, as typed values: [`Detail`] (why), [`Noun`] (what it is
//! about) and [`IdFault`] (why an id is refused). Each has one renderer, a `match` with a
//! sentence per language and no wildcard, so a new variant does not compile until it is said in
//! all five. The values are kept as values (numbers as numbers, ranks as ranks, what was written
//! as a `String`) and put in each language's sentence; nothing is looked up by its English.
//!
//! A value refused inside serde (an id, a rank, a komi at a field of an event) crosses serde's
//! text-only errors as JSON of the typed refusal ([`carry`], [`carried`]).

use serde::{Deserialize, Serialize};

use crate::event::EventKind;
#[cfg(test)]
use crate::labels::Said;
use crate::labels::{say, Lang};
use crate::model::Colour;
use crate::model::Rank;
use crate::rules::{Counting, Cycle, Preset};

/// How `c` counts, in `l`.
fn counting(c: Counting, l: Lang) -> &'static str {
    l.pick(match c {
        Counting::Area => ["数子法", "area counting", "數子法", "계자법", "数子法"],
        Counting::Territory => ["数目法", "territory counting", "數目法", "계가(집 계산)", "地計算"],
        Counting::Points => {
            ["应氏计点法（填满计点）", "Ing points counting", "應氏計點法（填滿計點）", "응씨 계점제", "応氏の計点制"]
        }
    })
}

/// What a refusal is about: the `what` of [`DomainError::Outside`](super::DomainError::Outside),
/// an id's kind, the file a bad line is in. Its English (`key`) is how the `message` has always
/// named it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Noun {
    Undo,
    Board,
    Count,
    Country,
    Criterion,
    Device,
    Event,
    Game,
    Incident,
    Knockout,
    Komi,
    KomiPoints,
    Leitai,
    Match,
    Person,
    Pin,
    OpenGothaFile,
    H9File,
    TouFile,
    Sgf,
    EventLine,
    Request,
    PlayersCsv,
    Rating,
    RatingList,
    Player,
    Point,
    Rank,
    Round,
    RoundRobin,
    Settings,
    Team,
    This,
    TimeControl,
    Tournament,
    Venue,
    EnrollLink,
}

impl Noun {
    /// Every noun, for the language checks and for reading the office's `&'static str` names.
    pub const ALL: [Noun; 37] = [
        Noun::Undo,
        Noun::Board,
        Noun::Count,
        Noun::Country,
        Noun::Criterion,
        Noun::Device,
        Noun::Event,
        Noun::Game,
        Noun::Incident,
        Noun::Knockout,
        Noun::Komi,
        Noun::KomiPoints,
        Noun::Leitai,
        Noun::Match,
        Noun::Person,
        Noun::Pin,
        Noun::OpenGothaFile,
        Noun::H9File,
        Noun::TouFile,
        Noun::Sgf,
        Noun::EventLine,
        Noun::Request,
        Noun::PlayersCsv,
        Noun::Rating,
        Noun::RatingList,
        Noun::Player,
        Noun::Point,
        Noun::Rank,
        Noun::Round,
        Noun::RoundRobin,
        Noun::Settings,
        Noun::Team,
        Noun::This,
        Noun::TimeControl,
        Noun::Tournament,
        Noun::Venue,
        Noun::EnrollLink,
    ];

    /// The name in English as the `message` says it (`players csv`, `komi_points`).
    pub fn key(self) -> &'static str {
        match self {
            Noun::Undo => "an undo",
            Noun::Board => "board",
            Noun::Count => "count",
            Noun::Country => "country",
            Noun::Criterion => "criterion",
            Noun::Device => "device",
            Noun::Event => "event",
            Noun::Game => "game",
            Noun::Incident => "incident",
            Noun::Knockout => "knockout",
            Noun::Komi => "komi",
            Noun::KomiPoints => "komi_points",
            Noun::Leitai => "leitai",
            Noun::Match => "match",
            Noun::Person => "person",
            Noun::Pin => "pin",
            Noun::OpenGothaFile => "opengotha file",
            Noun::H9File => "h9 file",
            Noun::TouFile => "tou file",
            Noun::Sgf => "sgf",
            Noun::EventLine => "event line",
            Noun::Request => "request",
            Noun::PlayersCsv => "players csv",
            Noun::Rating => "rating",
            Noun::RatingList => "rating list",
            Noun::Player => "player",
            Noun::Point => "point",
            Noun::Rank => "rank",
            Noun::Round => "round",
            Noun::RoundRobin => "round robin",
            Noun::Settings => "settings",
            Noun::Team => "team",
            Noun::This => "this",
            Noun::TimeControl => "time control",
            Noun::Tournament => "tournament",
            Noun::Venue => "venue",
            Noun::EnrollLink => "enroll link",
        }
    }

    /// The noun a `&'static str` name stands for, where a caller outside the crate (the
    /// office's handlers) still names it so; its code is compared, not its wording.
    pub fn of_key(key: &str) -> Option<Noun> {
        Noun::ALL.into_iter().find(|n| n.key() == key)
    }

    /// The name in `l`.
    pub fn said(self, l: Lang) -> String {
        let five: [&str; 5] = match self {
            Noun::Undo => ["撤销", "an undo", "撤回", "되돌리기", "元に戻す操作"],
            Noun::Board => ["台次", "board", "臺次", "판", "盤"],
            Noun::Count => ["数子结果", "count", "數子結果", "계가 결과", "計算の結果"],
            Noun::Country => ["国家或地区代码", "country", "國家或地區代碼", "국가 코드", "国・地域コード"],
            Noun::Criterion => ["排名依据", "criterion", "排名依據", "순위 기준", "順位の基準"],
            Noun::Device => ["设备", "device", "裝置", "기기", "端末"],
            Noun::Event => ["事件", "event", "事件", "이벤트", "イベント"],
            Noun::Game => ["对局", "game", "對局", "대국", "対局"],
            Noun::Incident => ["事件", "incident", "事件", "상황", "事案"],
            Noun::Knockout => ["淘汰制", "knockout", "淘汰制", "토너먼트", "トーナメント"],
            Noun::Komi => ["贴子", "komi", "貼子", "덤", "コミ"],
            Noun::KomiPoints => ["贴还点数", "komi_points", "貼還點數", "덤", "コミ"],
            Noun::Leitai => ["擂台赛", "leitai", "擂臺賽", "연승전", "勝ち抜き戦"],
            Noun::Match => ["多局决胜制", "match", "多局決勝制", "번기", "番勝負"],
            Noun::Person => ["裁判人员", "person", "裁判人員", "심판원", "審判員"],
            Noun::Pin => ["欧洲棋手编号", "pin", "歐洲棋手編號", "유럽 선수 번호", "欧州選手番号"],
            Noun::OpenGothaFile => {
                ["OpenGotha 文件", "opengotha file", "OpenGotha 檔案", "OpenGotha 파일", "OpenGotha ファイル"]
            }
            Noun::H9File => ["h9 成绩文件", "h9 file", "h9 成績檔案", "h9 결과 파일", "h9 結果ファイル"],
            Noun::TouFile => [
                "法国围棋协会成绩文件",
                "tou file",
                "法國圍棋協會成績檔案",
                "프랑스 바둑 협회 결과 파일",
                "フランス囲碁連盟の結果ファイル",
            ],
            Noun::Sgf => ["棋谱文件", "sgf", "棋譜檔案", "기보 파일", "棋譜ファイル"],
            Noun::EventLine => ["事件行", "event line", "事件行", "이벤트 행", "イベント行"],
            Noun::Request => ["请求", "request", "請求", "요청", "リクエスト"],
            Noun::PlayersCsv => ["棋手名单文件", "players csv", "棋手名單檔案", "선수 명단 파일", "選手名簿ファイル"],
            Noun::Rating => ["等级分", "rating", "等級分", "레이팅", "レーティング"],
            Noun::RatingList => ["等级分名单", "rating list", "等級分名單", "레이팅 목록", "レーティング一覧"],
            Noun::Player => ["棋手", "player", "棋手", "선수", "選手"],
            Noun::Point => ["着点", "point", "著點", "착점", "着点"],
            Noun::Rank => ["段位", "rank", "段位", "단급", "段級位"],
            Noun::Round => ["轮次", "round", "輪次", "라운드", "回戦"],
            Noun::RoundRobin => ["循环制", "round robin", "循環制", "리그", "リーグ"],
            Noun::Settings => ["设置", "settings", "設定", "설정", "設定"],
            Noun::Team => ["队", "team", "隊", "팀", "チーム"],
            Noun::This => ["此项", "this", "此項", "이 항목", "この項目"],
            Noun::TimeControl => ["用时规定", "time control", "用時規定", "제한 시간 규정", "持ち時間の規定"],
            Noun::Tournament => ["比赛", "tournament", "比賽", "대회", "大会"],
            Noun::Venue => ["赛区", "venue", "賽區", "경기장", "会場"],
            Noun::EnrollLink => ["登记链接", "enroll link", "登記連結", "등록 링크", "登録リンク"],
        };
        l.pick(five).to_owned()
    }
}

/// Why an id is refused ([`DomainError::InvalidId`](super::DomainError::InvalidId)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IdFault {
    Empty,
    /// Longer than 64 bytes.
    TooLong,
    /// A character outside `[A-Za-z0-9._-]`.
    Characters,
    /// An event id of another UUID version than 7.
    NotUuidV7,
    /// Not as long as a UUID is written.
    UuidLength,
    /// Not a UUID at all.
    NotUuid,
}

impl IdFault {
    /// Every fault, for the language checks.
    pub const ALL: [IdFault; 6] = [
        IdFault::Empty,
        IdFault::TooLong,
        IdFault::Characters,
        IdFault::NotUuidV7,
        IdFault::UuidLength,
        IdFault::NotUuid,
    ];

    /// The reason in `l`.
    pub fn said(self, l: Lang) -> String {
        match self {
            IdFault::Empty => {
                say!(l => zh: "为空", en: "it is empty", zh_hant: "為空", ko: "비어 있습니다", ja: "空です")
            }
            IdFault::TooLong => say!(l =>
                zh: "超过 64 字节",
                en: "it is longer than 64 bytes",
                zh_hant: "超過 64 位元組",
                ko: "64바이트보다 깁니다",
                ja: "64バイトより長いです",
            ),
            IdFault::Characters => say!(l =>
                zh: "只可用字母、数字和 . _ -",
                en: "only letters, digits, '.', '_' and '-' are allowed",
                zh_hant: "只可用字母、數字和 . _ -",
                ko: "영문자, 숫자, . _ -만 쓸 수 있습니다",
                ja: "英字、数字、. _ - だけが使えます",
            ),
            IdFault::NotUuidV7 => say!(l =>
                zh: "事件编号须为 UUID 第 7 版",
                en: "event ids must be UUID version 7",
                zh_hant: "事件編號須為 UUID 第 7 版",
                ko: "이벤트 ID는 UUID 버전 7이어야 합니다",
                ja: "イベントIDは UUID バージョン7にしてください",
            ),
            IdFault::UuidLength => say!(l =>
                zh: "长度不是 UUID 的长度",
                en: "wrong length for a UUID",
                zh_hant: "長度不是 UUID 的長度",
                ko: "UUID의 길이가 아닙니다",
                ja: "UUID の長さではありません",
            ),
            IdFault::NotUuid => say!(l =>
                zh: "不是 UUID",
                en: "not a UUID",
                zh_hant: "不是 UUID",
                ko: "UUID가 아닙니다",
                ja: "UUID ではありません",
            ),
        }
    }
}

/// Where a player named in an OpenGotha file's game or bye sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    Black,
    White,
    Bye,
}

/// A number as read (a komi, a count of stones), kept as the number it is; equal when its
/// bits are (what was read is compared, not arithmetic).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Number(pub f64);

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Number {}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a value, a field or a line was refused: one variant per reason, its values typed.
/// [`Detail::said`] says it in each language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detail {
    /// Words of a reader this crate does not own (serde's, the XML reader's, a URL parser's),
    /// quoted as written inside a sentence of the screen's language.
    AsWritten(String),
    /// A value's own refusal, said after the name of what it is (`rank: …` on a line of a file).
    Of { what: Noun, detail: Box<Detail> },
    /// An id's refusal, on a line of a file.
    Id { kind: Noun, value: String, reason: IdFault },

    // Players pasted or uploaded (name,rank[,club[,team[,board]]]).
    /// A player's line with no name, or one over 100 characters.
    NameNeeded,
    /// The named player's line has no rank.
    NoRank { name: String },
    /// More columns than `name,rank[,club[,team[,board]]]`.
    Columns { found: usize },
    /// More columns than the header names.
    ColumnsOverHeader { found: usize, header: usize },
    /// A header column this reader does not know.
    UnknownColumn { column: String },
    /// A header without a rank column or a name column.
    HeaderNeedsNameAndRank,
    /// The text has no player line.
    NoPlayers,
    /// More players than one file may bring.
    TooManyPlayers { max: usize },
    /// So many bad lines before this one that the reading stopped.
    TooManyFaults { max: usize },
    /// A rating that is not a number from `min` to `max`.
    NotARating { written: String, min: i32, max: i32 },

    // Rating lists (the EGF's, the FFG's).
    /// No name in the columns a name is in.
    NoNameInColumns { from: u8, to: u8 },
    /// A grade that is not a rank, in its columns.
    GradeNotRank { grade: String, from: u8, to: u8 },
    /// A rating that is not a number, in its columns.
    RatingNotNumber { rating: String, from: u8, to: u8 },
    /// An FFG line shorter than the list's lines.
    FfgLineLength { chars: usize, expected: usize },
    /// No line of the EGF's list.
    NoEgfLine,
    /// No line of the FFG's list.
    NoFfgLine,

    // Ranks as written (model::rank_written) and as the wire format writes them (`5k`).
    /// Not a rank in any of the app's languages.
    NotARank { written: String },
    /// A dan over 9.
    DanOver { written: String },
    /// A kyu over 30.
    KyuOver { written: String },
    /// A professional with a kyu rank.
    ProfessionalKyu { written: String },
    /// The wire format's rank (`5k`, `3d`, `9p`) not in that form.
    WireRank { written: String },
    /// The wire format's kyu rank over 30k.
    WireKyuOver { written: String },
    /// The wire format's dan rank over 9.
    WireDanOver { written: String },
    /// Not an EGF PIN (8 digits).
    NotAPin { written: String },
    /// Not a country code of ISO 3166.
    NotACountry { written: String },
    /// A team board number outside 1 to `max`.
    NotABoard { written: String, max: u8 },
    /// The bar of McMahon's groups below its floor.
    BarBelowFloor { bar: Rank, floor: Rank },

    // Points of the board, counting and komi.
    /// Not a point written as a column letter and a row (`Q16`).
    NotAPoint { written: String },
    /// A point off a board of `size`.
    OffBoard { point: String, size: u8 },
    /// Coordinates off the 19×19 board.
    OffTheBoard { col: u8, row: u8 },
    /// A point given twice in a position.
    GivenTwice { point: String },
    /// A dead stone marked on an empty point.
    NoStoneOn { point: String },
    /// One dead stone marked twice.
    DeadTwice,
    /// A board size other than 9, 13 or 19.
    BoardSize { size: u8 },
    /// A result by count asked of a board other than 19×19.
    CountOn19Only { size: u8 },
    /// An area-counting komi other than the rules' 2, 2¾ or 3¾ stones.
    ChineseKomi { stones: Number },
    /// More stones than the board's 361 points.
    StonesOver361 { stones: Number },
    /// A count in stones not in halves from 0 to 361.
    HalfStones { stones: Number },
    /// A komi refused for area counting (said after it: the count is in stones).
    InStones(Box<Detail>),
    /// A territory or Ing komi not in halves from 0 to 100.
    KomiPoints { points: Number },
    /// An Ing compensation other than 8, or 6, 4, 2, 0 by rank difference.
    IngKomi { points: u32 },
    /// A number over 100.
    AtMost100,
    /// A whole number expected, `found` as written.
    WholeNumber { found: String },
    /// A count by one method under a ruleset that counts by another.
    MethodNotUnder { counted: Counting, ruleset: Preset, counts: Counting },
    /// An Ing compensation between ranks of two kinds (seed 003 gives one kind only).
    RanksOfTwoKinds { a: Rank, b: Rank },
    /// `digits` hex digits expected.
    HexDigits { digits: usize },
    /// KBA Appendix 3.1: the claim is dated before the foul.
    ClaimBeforeFoul { claimed_after: u32, offending: u32 },

    // The clock (第十二条, 第十四条).
    /// Reserved minutes and an overtime both given.
    ReservedAndOvertime,
    /// Neither reserved minutes nor an overtime given.
    ReservedOrOvertime,
    /// Main time over 600 minutes.
    MainTimeOver,
    /// 第十二条二: the reserved minutes are more than the time limit.
    ReservedOverLimit { reserved: u8, limit: u16 },
    /// The settings of a time control outside their ranges.
    TimeControlRanges,
    /// 第十四条: the point is not the sealed move.
    NotTheSealedMove { point: String },

    // Rounds, pairings and systems (第二十七条).
    /// Round 0.
    RoundsFromOne,
    /// A round outside the event's rounds.
    RoundOutside { round: u16, max: u16 },
    /// A round over the most rounds an event may have.
    RoundOver { round: String, max: u16 },
    /// A list of more rounds than an event may have.
    RoundList { count: usize, max: u16 },
    /// A round already paired.
    AlreadyPaired { round: u16 },
    /// A round outside a round robin's rounds.
    RoundOutsideRoundRobin { round: u16, max: u16 },
    /// Too few players available to pair.
    TooFewToPair { round: u16, available: usize },
    /// Games of earlier rounds without a result.
    EarlierUnfinished { games: usize, round: u16 },
    /// A knockout bracket without this round.
    NoBracketRound { round: u16 },
    /// Two players still in a knockout whose game has no result.
    BothStillIn { round: u16, a: String, b: String },
    /// A knockout game drawn: it needs a winner.
    KnockoutDraw { round: u16, table: u16 },
    /// The knockout is over.
    KnockoutWon { winner: String },
    /// Nobody is left in the knockout.
    KnockoutEmpty,
    /// A round robin of fewer than two.
    TwoEntrantsNeeded,
    /// Standings before any round.
    StandingsNeedARound,
    /// A criterion McMahon standings do not compute.
    NotAMcMahonCriterion { criterion: String },
    /// A match of other than two players.
    MatchOfTwo { players: usize },
    /// A match length the rules do not name.
    BestOf { games: u8 },
    /// A game outside the match's games.
    MatchGameOutside { game: u16, best_of: u8 },
    /// A match already decided.
    MatchDecided { a: i64, b: i64, game: u16 },
    /// 第二十九条四: a player of the match withdrew.
    MatchWithdrawn,
    /// A knockout's lives other than 1, 2 or 3.
    KnockoutLosses { losses: u8 },
    /// A winner-stays-on match of other than two teams.
    LeitaiTwoTeams { teams: usize },
    /// The winner-stays-on match is over.
    LeitaiWon { team: String },
    /// Both teams' last players lost.
    LeitaiBothLost,
    /// A winner-stays-on game drawn: it is replayed.
    LeitaiDraw { round: u16 },
    /// A team event of fewer than two teams.
    TeamsNeeded { teams: usize },
    /// A team match's boards outside 1 to `max`.
    TeamBoards { max: u8, boards: u8 },
    /// 第二十六条二: a player of a team event without a team.
    NoTeam { name: String, id: String },
    /// A team short of players for its boards.
    TeamShort { team: String, players: usize, boards: u8 },
    /// A team short of players for its boards in a round.
    TeamShortInRound { team: String, players: usize, boards: u8, round: u16 },
    /// Two players of a team set on one board.
    SameBoard { team: String, a: String, b: String, board: u8 },
    /// No such team.
    UnknownTeam { team: String },
    /// Not an entrant.
    NotAnEntrant { player: String },
    /// One of two is not an entrant.
    NotEntrants { a: String, b: String },

    // Settings of a system and of OpenGotha's pairing (第二十七条).
    /// A match whose rounds are not its games.
    MatchRounds { best_of: u8, rounds: u16 },
    /// A system's criteria not led by its main score.
    RanksFirstBy { criterion: String },
    /// A criterion an OpenGotha event here does not compute.
    NotOpenGothaCriterion { criterion: String },
    /// A criterion named twice.
    CriterionTwice { criterion: String, at: usize },
    /// An MM zero other than the 30k OpenGotha counts from.
    MmZero { zero: Rank, from: Rank },
    /// An absence's or a bye's score outside 0 to 2 half points.
    HalfPoints { name: String, value: i64 },
    /// A pairing weight outside 0 to `max`.
    WeightRange { name: String, value: i64, max: i64 },
    /// A geography factor outside 0 to `max`.
    GeoFactor { name: String, value: i32, max: i64 },
    /// The N×1 factor outside 0 to 1.
    Nx1Factor { factor: Number },
    /// Seed system 1's last round 0.
    SeedSystemRound,
    /// A no-handicap threshold that is not a rank.
    HandicapThreshold { value: i32 },
    /// A handicap correction or ceiling outside 0 to 9 stones.
    HandicapStones { name: String, value: i32 },
    /// Entrants and player records that do not match.
    EntrantsRecords { entrants: usize, records: usize },
    /// An OpenGotha system other than McMahon, Swiss and Swiss with categories.
    OpenGothaSystems,
    /// A player's score outside every score group.
    OutsideScoreGroups { round: u16, player: String },
    /// A pairing asked without a round or the players' records.
    RoundAndRecords,
    /// An odd batch of players to pair.
    BatchOdd { players: usize },
    /// A player not in the game named.
    NotInGame { round: u16, player: String },

    // OpenGotha files.
    /// An attribute that is not a number.
    NotANumber { key: String, value: String },
    /// OpenGotha's rank (`5K`, `2D`, `1P`) not in that form.
    OpenGothaRank { written: String },
    /// An attribute that should hold a rank.
    AttributeNotRank { key: String, written: String },
    /// A game result OpenGotha does not write.
    GameResult { written: String },
    /// A player's own refusal, after the player.
    PlayerSays { player: String, detail: Box<Detail> },
    /// The XML reader's refusal at a byte of the file.
    NotWellFormedXml { byte: u64, reader: String },
    /// A player named in a game or a bye who is not among the file's players.
    NotAmongPlayers { round: u16, seat: Seat, key: String },
    /// The pairing parameters' own refusal.
    PairingParameters(Box<Detail>),
    /// A player paired against themselves.
    PlaysThemselves { round: u16, player: String },
    /// A player in two games of a round.
    TwoGames { round: u16, player: String },
    /// A player with the bye and another game or bye in a round.
    ByeAndGame { round: u16, player: String },
    /// A fraction outside 0 to 1.
    NotBetween0And1 { key: String, value: Number },
    /// A time system OpenGotha does not write.
    TimeSystem { written: String },
    /// No `<Tournament>` element.
    NoTournamentElement,
    /// No `<GeneralParameterSet>` element.
    NoGeneralParameters,

    // Events on the wire (docs/events.md).
    /// A line that is JSON but not an object.
    NotAnObject,
    /// No schema version.
    SchemaMissing,
    /// Fields of schema 2 in an event of schema 1.
    Schema2Fields,
    /// A rules revision this build does not know.
    RulesRevision { revision: u16, max: u16 },
    /// An event of a kind that needs a later schema.
    EventNeedsSchema { kind: EventKind, needs: u16, found: u16 },
    /// A game's event without its game.
    EventNeedsGame { kind: EventKind },
    /// A tournament's event naming a game.
    EventNotOfGame { kind: EventKind },
    /// A scheduled game other than the envelope's.
    ScheduledGameDiffers { game: String },
    /// A tournament other than the envelope's.
    TournamentDiffers { tournament: String },

    // Enrolling a device (the app's sign-in).
    /// Not a link at all: the URL reader's words.
    NotALink { parser: String },
    /// A link, but not an enrollment link: the forms expected.
    NotAnEnrollLink { expected: String },
    /// An office's address without an enrollment code.
    OfficeAddressOnly,
    /// A link of a version this app does not read.
    LinkVersion { found: String, reads: String },
    /// A link without a version.
    NoLinkVersion,
    /// A link without an office.
    LinkNoOffice,
    /// A link without a code.
    LinkNoCode,
    /// A fingerprint with a character that is not a hex digit.
    NotAHexDigit { found: char },
    /// A fingerprint of other than 64 hex digits.
    FingerprintLength { digits: usize },
    /// No fingerprint typed.
    FingerprintNeeded,
    /// Too few hex digits of a fingerprint typed.
    FingerprintShort { least: usize, got: usize },
    /// Plain http:// to an office that is not on this machine.
    PlainHttp,
    /// An office address that does not start with https://.
    MustStartHttps,
    /// A device named `office`.
    OfficesOwnName,
    /// No sealed move held on this tablet for the game.
    NoSealedMove { game: String },

    // Records (SGF) read, and their moves replayed.
    /// Where in the record (line and column from 1) the reading stopped, and why.
    SgfAt { line: usize, column: usize, detail: Box<Detail> },
    /// A character expected; what was found instead, or the end of the file.
    SgfExpected { expected: char, found: Option<char> },
    /// A value without its closing `]`.
    SgfValueNotClosed,
    /// A property without a value.
    SgfNoValue { property: String },
    /// Variations nested deeper than `max`.
    SgfTooDeep { max: usize },
    /// A value that is not a point of the board.
    SgfNotAPoint { written: String, size: u8 },
    /// A record without a node.
    SgfNoNode,
    /// A record of another game than Go.
    SgfNotGo,
    /// A board size other than 9, 13 or 19, as written.
    SgfBoardSize { written: String },
    /// A move that is refused, at its number.
    AtMove { move_no: usize, detail: Box<Detail> },
    /// A move before the one checked that is already refused.
    IllegalBefore { move_no: usize, detail: Box<Detail> },
    /// A point off the board (zero-based column and row).
    PointOffBoard { x: u8, y: u8 },
    /// The point is occupied.
    Occupied,
    /// 第五条: a forbidden point.
    ForbiddenPoint,
    /// 第二十条一: the ko retaken at once.
    KoRetaken,
    /// 第六条: an earlier whole-board position repeated.
    PositionRepeated,
    /// 第二十条三: a cycle of captures completed.
    CycleCompleted { cycle: Cycle },
    /// Not this side's move.
    NotToMove { colour: Colour },
    /// Ing 二: the hot stone taken at once.
    HotStone { cycle: Cycle },
    /// Ing 二: the disturbing side going round again.
    DisturbingAgain,
    /// Ing 三: a move after the game's end.
    AfterTheEnd,

    // Ids and records attached (SGF).
    /// A record without the move asked.
    NoSuchMove { moves: usize, asked: usize },
    /// A record over the size that may be attached.
    RecordTooLarge { bytes: usize, max: usize },
}

/// `m` as code: between backticks, its own backticks turned to ‘ ’.
fn code(m: &str) -> String {
    let mut inner = String::with_capacity(m.len());
    let mut open = true;
    for c in m.chars() {
        if c == '`' {
            inner.push(if open { '‘' } else { '’' });
            open = !open;
        } else {
            inner.push(c);
        }
    }
    format!("`{inner}`")
}

impl Detail {
    /// `detail` as a value's own refusal after `what`: `rank: …`.
    pub fn of(what: Noun, detail: Detail) -> Detail {
        Detail::Of { what, detail: Box::new(detail) }
    }

    /// Why a move of a record is refused.
    pub fn of_move(e: &crate::board::MoveError) -> Detail {
        use crate::board::{MoveError as M, PlaceError as P};
        match *e {
            M::Place(P::OffBoard(c)) => Detail::PointOffBoard { x: c.x, y: c.y },
            M::Place(P::Occupied) => Detail::Occupied,
            M::Place(P::Forbidden) => Detail::ForbiddenPoint,
            M::KoRecapture => Detail::KoRetaken,
            M::Repetition => Detail::PositionRepeated,
            M::Cycle(cycle) => Detail::CycleCompleted { cycle },
            M::NotToMove(colour) => Detail::NotToMove { colour },
            M::BoardSize(size) => Detail::BoardSize { size },
            M::HotStone(cycle) => Detail::HotStone { cycle },
            M::Disturbing => Detail::DisturbingAgain,
            M::AfterEnd => Detail::AfterTheEnd,
        }
    }

    /// The detail in `l`.
    pub fn said(&self, l: Lang) -> String {
        use Detail::*;
        match self {
            AsWritten(t) => say!(l =>
                zh: format!("原文：{}", code(t)),
                en: t.clone(),
                zh_hant: format!("原文：{}", code(t)),
                ko: format!("원문: {}", code(t)),
                ja: format!("原文：{}", code(t)),
            ),
            Of { what, detail } => {
                let (w, d) = (what.said(l), detail.said(l));
                say!(l =>
                    zh: format!("{w}：{d}"),
                    en: format!("{w}: {d}"),
                    zh_hant: format!("{w}：{d}"),
                    ko: format!("{w}: {d}"),
                    ja: format!("{w}：{d}"),
                )
            }
            Id { kind, value, reason } => {
                let (k, r) = (kind.said(l), reason.said(l));
                say!(l =>
                    zh: format!("无效的{k}编号 `{value}`：{r}"),
                    en: format!("invalid {k} id `{value}`: {r}"),
                    zh_hant: format!("無效的{k}編號 `{value}`：{r}"),
                    ko: format!("잘못된 {k} ID `{value}`: {r}"),
                    ja: format!("無効な{k}ID `{value}`：{r}"),
                )
            }
            NameNeeded => say!(l =>
                zh: "须填写姓名（1 至 100 个字）",
                en: "a name of 1 to 100 characters is needed",
                zh_hant: "須填寫姓名（1 至 100 個字）",
                ko: "이름이 필요합니다(1~100자)",
                ja: "名前が必要です（1〜100文字）",
            ),
            NoRank { name } => say!(l =>
                zh: format!("`{name}` 没有段位"),
                en: format!("`{name}` has no rank"),
                zh_hant: format!("`{name}` 沒有段位"),
                ko: format!("`{name}`에 단급이 없습니다"),
                ja: format!("`{name}` に段級位がありません"),
            ),
            Columns { found } => say!(l =>
                zh: format!("有 {found} 列；应为 姓名,段位[,单位[,队[,台次]]]"),
                en: format!("{found} columns; expected name,rank[,club[,team[,board]]]"),
                zh_hant: format!("有 {found} 欄；應為 姓名,段位[,單位[,隊[,臺次]]]"),
                ko: format!("열이 {found}개입니다. 이름,단급[,클럽[,팀[,판]]] 형식이어야 합니다"),
                ja: format!("{found} 列あります。名前,段級位[,クラブ[,チーム[,盤]]] の形にしてください"),
            ),
            ColumnsOverHeader { found, header } => say!(l =>
                zh: format!("有 {found} 列；标题行只有 {header} 列"),
                en: format!("{found} columns; the header has {header}"),
                zh_hant: format!("有 {found} 欄；標題列只有 {header} 欄"),
                ko: format!("열이 {found}개인데 머리글 행은 {header}개입니다"),
                ja: format!("{found} 列ありますが、見出し行は {header} 列です"),
            ),
            UnknownColumn { column } => say!(l =>
                zh: format!("不认识的列 `{column}`（可用：姓名，或 姓 与 名、段位、单位、队、台次、国家、`pin`、等级分）"),
                en: format!("column `{column}` is not one this reads (name or surname and given_name, rank, club, team, board, country, pin, rating)"),
                zh_hant: format!("不認識的欄 `{column}`（可用：姓名，或 姓 與 名、段位、單位、隊、臺次、國家、`pin`、等級分）"),
                ko: format!("`{column}` 열은 읽을 수 없습니다(쓸 수 있는 열: `name` 또는 `surname`과 `given_name`, `rank`, `club`, `team`, `board`, `country`, `pin`, `rating`)"),
                ja: format!("`{column}` 列は読めません（使える列：`name` または `surname` と `given_name`、`rank`、`club`、`team`、`board`、`country`、`pin`、`rating`）"),
            ),
            HeaderNeedsNameAndRank => say!(l =>
                zh: "标题行须有段位列和姓名（或姓）列",
                en: "the header needs a rank column and a name (or surname) column",
                zh_hant: "標題列須有段位欄和姓名（或姓）欄",
                ko: "머리글 행에 단급 열과 이름(또는 성) 열이 있어야 합니다",
                ja: "見出し行には段級位の列と名前（または姓）の列が必要です",
            ),
            NoPlayers => say!(l =>
                zh: "名单中没有棋手",
                en: "no players in the text",
                zh_hant: "名單中沒有棋手",
                ko: "목록에 선수가 없습니다",
                ja: "一覧に選手がいません",
            ),
            TooManyPlayers { max } => say!(l =>
                zh: format!("一个文件超过 {max} 名棋手：请分批导入"),
                en: format!("more than {max} players in one file: bring them in in parts"),
                zh_hant: format!("一個檔案超過 {max} 名棋手：請分批匯入"),
                ko: format!("한 파일에 선수가 {max}명을 넘습니다. 나누어 가져오세요"),
                ja: format!("一つのファイルに選手が{max}人を超えています。分けて取り込んでください"),
            ),
            TooManyFaults { max } => say!(l =>
                zh: format!("此前已有 {max} 行有误：请先改正这些行"),
                en: format!("{max} bad lines before this one: fix those first"),
                zh_hant: format!("此前已有 {max} 行有誤：請先改正這些行"),
                ko: format!("이 행 앞에 잘못된 행이 {max}개 있습니다. 먼저 고치세요"),
                ja: format!("この行の前に誤った行が {max} 行あります。先に直してください"),
            ),
            NotARating { written, min, max } => say!(l =>
                zh: format!("等级分：`{written}` 不是 {min} 至 {max} 之间的等级分"),
                en: format!("rating: `{written}` is not a rating from {min} to {max}"),
                zh_hant: format!("等級分：`{written}` 不是 {min} 至 {max} 之間的等級分"),
                ko: format!("레이팅: `{written}`은(는) {min}~{max} 사이의 레이팅이 아닙니다"),
                ja: format!("レーティング：`{written}` は {min}〜{max} のレーティングではありません"),
            ),
            NoNameInColumns { from, to } => say!(l =>
                zh: format!("第 {from}–{to} 栏没有姓名"),
                en: format!("no name in columns {from}–{to}"),
                zh_hant: format!("第 {from}–{to} 欄沒有姓名"),
                ko: format!("{from}~{to}열에 이름이 없습니다"),
                ja: format!("{from}〜{to}桁目に名前がありません"),
            ),
            GradeNotRank { grade, from, to } => say!(l =>
                zh: format!("第 {from}–{to} 栏的段位 `{grade}` 不是段位"),
                en: format!("grade `{grade}` in columns {from}–{to} is not a rank"),
                zh_hant: format!("第 {from}–{to} 欄的段位 `{grade}` 不是段位"),
                ko: format!("{from}~{to}열의 단급 `{grade}`은(는) 단급이 아닙니다"),
                ja: format!("{from}〜{to}桁目の段級位 `{grade}` は段級位ではありません"),
            ),
            RatingNotNumber { rating, from, to } => say!(l =>
                zh: format!("第 {from}–{to} 栏的等级分 `{rating}` 不是数字"),
                en: format!("rating `{rating}` in columns {from}–{to} is not a number"),
                zh_hant: format!("第 {from}–{to} 欄的等級分 `{rating}` 不是數字"),
                ko: format!("{from}~{to}열의 레이팅 `{rating}`은(는) 숫자가 아닙니다"),
                ja: format!("{from}〜{to}桁目のレーティング `{rating}` は数字ではありません"),
            ),
            FfgLineLength { chars, expected } => say!(l =>
                zh: format!("此行 {chars} 个字符；法国围棋协会名单每行 {expected} 个字符"),
                en: format!("{chars} characters; an FFG list's line has {expected}"),
                zh_hant: format!("此行 {chars} 個字元；法國圍棋協會名單每行 {expected} 個字元"),
                ko: format!("이 행은 {chars}자입니다. 프랑스 바둑 협회 목록의 행은 {expected}자입니다"),
                ja: format!("この行は{chars}文字です。フランス囲碁連盟の一覧の行は{expected}文字です"),
            ),
            NoEgfLine => say!(l =>
                zh: "没有欧洲围棋联合会名单的棋手行（第 2–9 栏为 8 位数字的编号）：是否为其他格式？",
                en: "no player line of the EGF's list (a PIN of 8 digits in columns 2–9): is it another format?",
                zh_hant: "沒有歐洲圍棋聯合會名單的棋手行（第 2–9 欄為 8 位數字的編號）：是否為其他格式？",
                ko: "유럽 바둑 연맹 목록의 선수 행(2~9열에 숫자 8자리 번호)이 없습니다. 다른 형식이 아닌가요?",
                ja: "欧州囲碁連盟の一覧の選手行（2〜9桁目に8桁の番号）がありません。別の形式ではありませんか？",
            ),
            NoFfgLine => say!(l =>
                zh: "没有法国围棋协会名单的棋手行（`姓 名` 后在第 39–43 栏为等级分）：是否为其他格式？",
                en: "no player line of the FFG's list (`NAME Given` then a rating in columns 39–43): is it another format?",
                zh_hant: "沒有法國圍棋協會名單的棋手行（`姓 名` 後在第 39–43 欄為等級分）：是否為其他格式？",
                ko: "프랑스 바둑 협회 목록의 선수 행(`성 이름` 다음 39~43열에 레이팅)이 없습니다. 다른 형식이 아닌가요?",
                ja: "フランス囲碁連盟の一覧の選手行（`姓 名` の後、39〜43桁目にレーティング）がありません。別の形式ではありませんか？",
            ),
            NotARank { written } => say!(l =>
                zh: format!("`{written}` 不是段位（如 `业余3段`、`5级`、`职业9段`、`3d`）"),
                en: format!("`{written}` is not a rank (e.g. `3d`, `5k`, `1p`)"),
                zh_hant: format!("`{written}` 不是段位（如 `業餘3段`、`5級`、`職業9段`、`初段`）"),
                ko: format!("`{written}`은(는) 단급이 아닙니다(예: `아마 3단`, `5급`, `프로 9단`, `초단`)"),
                ja: format!("`{written}` は段級位ではありません（例：`アマ三段`、`5級`、`プロ九段`、`初段`）"),
            ),
            DanOver { written } => say!(l =>
                zh: format!("`{written}` 不是段位：段位为 1 至 9 段"),
                en: format!("`{written}` is not a rank: dan ranks run from 1 to 9"),
                zh_hant: format!("`{written}` 不是段位：段位為 1 至 9 段"),
                ko: format!("`{written}`은(는) 단급이 아닙니다. 단은 1단부터 9단까지입니다"),
                ja: format!("`{written}` は段級位ではありません。段位は初段から九段までです"),
            ),
            KyuOver { written } => say!(l =>
                zh: format!("`{written}` 不是段位：级位为 1 至 30 级"),
                en: format!("`{written}` is not a rank: kyu ranks run from 1 to 30"),
                zh_hant: format!("`{written}` 不是段位：級位為 1 至 30 級"),
                ko: format!("`{written}`은(는) 단급이 아닙니다. 급은 1급부터 30급까지입니다"),
                ja: format!("`{written}` は段級位ではありません。級位は1級から30級までです"),
            ),
            ProfessionalKyu { written } => say!(l =>
                zh: format!("`{written}` 不是段位：职业棋手没有级位"),
                en: format!("`{written}` is not a rank: a professional has no kyu rank"),
                zh_hant: format!("`{written}` 不是段位：職業棋士沒有級位"),
                ko: format!("`{written}`은(는) 단급이 아닙니다. 프로 기사에게는 급이 없습니다"),
                ja: format!("`{written}` は段級位ではありません。プロ棋士に級位はありません"),
            ),
            WireRank { written } => say!(l =>
                zh: format!("`{written}`：应写作如 `5k`、`3d` 或 `9p`"),
                en: format!("`{written}`: expected e.g. 5k, 3d or 9p"),
                zh_hant: format!("`{written}`：應寫作如 `5k`、`3d` 或 `9p`"),
                ko: format!("`{written}`: `5k`, `3d`, `9p`처럼 쓰세요"),
                ja: format!("`{written}`：`5k`、`3d`、`9p` のように書いてください"),
            ),
            WireKyuOver { written } => say!(l =>
                zh: format!("`{written}`：级位为 1 至 30 级"),
                en: format!("`{written}`: kyu ranks run from 1k to 30k"),
                zh_hant: format!("`{written}`：級位為 1 至 30 級"),
                ko: format!("`{written}`: 급은 1급부터 30급까지입니다"),
                ja: format!("`{written}`：級位は1級から30級までです"),
            ),
            WireDanOver { written } => say!(l =>
                zh: format!("`{written}`：段位为 1 至 9 段"),
                en: format!("`{written}`: dan ranks run from 1 to 9"),
                zh_hant: format!("`{written}`：段位為 1 至 9 段"),
                ko: format!("`{written}`: 단은 1단부터 9단까지입니다"),
                ja: format!("`{written}`：段位は初段から九段までです"),
            ),
            NotAPin { written } => say!(l =>
                zh: format!("`{written}` 不是欧洲棋手编号：应为 8 位数字"),
                en: format!("`{written}` is not an EGF PIN: 8 digits"),
                zh_hant: format!("`{written}` 不是歐洲棋手編號：應為 8 位數字"),
                ko: format!("`{written}`은(는) 유럽 선수 번호가 아닙니다. 숫자 8자리여야 합니다"),
                ja: format!("`{written}` は欧州選手番号ではありません。8桁の数字です"),
            ),
            NotACountry { written } => say!(l =>
                zh: format!("`{written}` 不是 ISO 3166 的国家或地区代码（两个字母，如 `CN`、`KR`、`JP`）"),
                en: format!("`{written}` is not a country code of ISO 3166 (two letters, e.g. FR, CN, DE)"),
                zh_hant: format!("`{written}` 不是 ISO 3166 的國家或地區代碼（兩個字母，如 `TW`、`KR`、`JP`）"),
                ko: format!("`{written}`은(는) ISO 3166 국가 코드가 아닙니다(영문 두 글자, 예: `KR`, `JP`, `CN`)"),
                ja: format!("`{written}` は ISO 3166 の国・地域コードではありません（英字二文字、例：`JP`、`KR`、`CN`）"),
            ),
            NotABoard { written, max } => say!(l =>
                zh: format!("`{written}` 不是台次：应为 1 至 {max}"),
                en: format!("`{written}` is not a board: 1 to {max}"),
                zh_hant: format!("`{written}` 不是臺次：應為 1 至 {max}"),
                ko: format!("`{written}`은(는) 판 번호가 아닙니다: 1~{max}"),
                ja: format!("`{written}` は盤の番号ではありません：1〜{max}"),
            ),
            BarBelowFloor { bar, floor } => {
                let (b, f) = (bar.written(l), floor.written(l));
                say!(l =>
                    zh: format!("麦克马洪上限 {b} 低于下限 {f}"),
                    en: format!("McMahon bar {bar} is below the floor {floor}"),
                    zh_hant: format!("麥克馬洪上限 {b} 低於下限 {f}"),
                    ko: format!("맥마흔 상한 {b}이(가) 하한 {f}보다 낮습니다"),
                    ja: format!("マクマホンの上限 {b} が下限 {f} より低いです"),
                )
            }
            NotAPoint { written } => say!(l =>
                zh: format!("`{written}` 不是棋盘上的点（列 A–T，无 I；行 1–19；如 Q16）"),
                en: format!("`{written}` is not a board point (columns A–T without I, rows 1–19, e.g. Q16)"),
                zh_hant: format!("`{written}` 不是棋盤上的點（列 A–T，無 I；行 1–19；如 Q16）"),
                ko: format!("`{written}`은(는) 바둑판의 점이 아닙니다(열 A–T, I 제외, 행 1–19, 예: Q16)"),
                ja: format!("`{written}` は盤上の点ではありません（列 A–T、I を除く、行 1–19、例：Q16）"),
            ),
            OffBoard { point, size } => say!(l =>
                zh: format!("{point} 不在 {size}×{size} 的棋盘上"),
                en: format!("{point} is off the {size}×{size} board"),
                zh_hant: format!("{point} 不在 {size}×{size} 的棋盤上"),
                ko: format!("{point}은(는) {size}×{size} 판 밖입니다"),
                ja: format!("{point} は {size}×{size} の盤の外です"),
            ),
            OffTheBoard { col, row } => say!(l =>
                zh: format!("({col}, {row}) 不在 19×19 的棋盘上"),
                en: format!("({col}, {row}) is off the 19×19 board"),
                zh_hant: format!("({col}, {row}) 不在 19×19 的棋盤上"),
                ko: format!("({col}, {row})은(는) 19×19 판 밖입니다"),
                ja: format!("({col}, {row}) は 19×19 の盤の外です"),
            ),
            GivenTwice { point } => say!(l =>
                zh: format!("{point} 重复"),
                en: format!("{point} is given twice"),
                zh_hant: format!("{point} 重複"),
                ko: format!("{point}이(가) 두 번 들어 있습니다"),
                ja: format!("{point} が二度あります"),
            ),
            NoStoneOn { point } => say!(l =>
                zh: format!("{point} 上没有棋子"),
                en: format!("there is no stone on {point}"),
                zh_hant: format!("{point} 上沒有棋子"),
                ko: format!("{point}에 돌이 없습니다"),
                ja: format!("{point} に石がありません"),
            ),
            DeadTwice => say!(l =>
                zh: "同一死子标记了两次",
                en: "a stone is marked dead twice",
                zh_hant: "同一死子標記了兩次",
                ko: "같은 사석이 두 번 표시되었습니다",
                ja: "同じ死に石が二度示されています",
            ),
            BoardSize { size } => say!(l =>
                zh: format!("棋盘 {size} 路：只可为 9、13 或 19 路"),
                en: format!("board size {size}: 9, 13 or 19 only"),
                zh_hant: format!("棋盤 {size} 路：只可為 9、13 或 19 路"),
                ko: format!("판 크기 {size}: 9, 13, 19줄만 됩니다"),
                ja: format!("盤の大きさ {size}：9、13、19路のみです"),
            ),
            CountOn19Only { size } => say!(l =>
                zh: format!("只有 19×19 的对局记录数子结果；此棋盘为 {size}×{size}"),
                en: format!("a result by count is recorded for 19×19 games; this board is {size}×{size}"),
                zh_hant: format!("只有 19×19 的對局記錄數子結果；此棋盤為 {size}×{size}"),
                ko: format!("계가 결과는 19×19 대국에만 기록합니다. 이 판은 {size}×{size}입니다"),
                ja: format!("計算の結果を記録するのは 19×19 の対局だけです。この盤は {size}×{size} です"),
            ),
            ChineseKomi { stones } => say!(l =>
                zh: format!("{stones} 子不是规则所定的 2、2¾ 或 3¾ 子"),
                en: format!("{stones} stones is not one of the rules' values 2, 2.75 or 3.75"),
                zh_hant: format!("{stones} 子不是規則所定的 2、2¾ 或 3¾ 子"),
                ko: format!("{stones}점은 규칙의 2, 2¾, 3¾점이 아닙니다"),
                ja: format!("{stones}子は規則の定める 2、2¾、3¾子ではありません"),
            ),
            StonesOver361 { stones } => say!(l =>
                zh: format!("{stones} 子超过棋盘的 361 点"),
                en: format!("{stones} stones is more than the board's 361 points"),
                zh_hant: format!("{stones} 子超過棋盤的 361 點"),
                ko: format!("{stones}점은 판의 361점보다 많습니다"),
                ja: format!("{stones}子は盤の361点より多いです"),
            ),
            HalfStones { stones } => say!(l =>
                zh: format!("{stones} 须为 0 至 361 之间 ½ 的倍数"),
                en: format!("{stones} must be a multiple of ½ between 0 and 361"),
                zh_hant: format!("{stones} 須為 0 至 361 之間 ½ 的倍數"),
                ko: format!("{stones}은(는) 0~361 사이의 ½ 단위여야 합니다"),
                ja: format!("{stones} は 0〜361 の ½ 刻みにしてください"),
            ),
            InStones(d) => {
                let d = d.said(l);
                say!(l =>
                    zh: format!("{d}（数子法以子计）"),
                    en: format!("{d} (in stones for area counting)"),
                    zh_hant: format!("{d}（數子法以子計）"),
                    ko: format!("{d}(계자법은 점 단위)"),
                    ja: format!("{d}（数子法では子で数える）"),
                )
            }
            KomiPoints { points } => say!(l =>
                zh: format!("{points} 目须为 0 至 100 之间 0.5 的倍数"),
                en: format!("{points} points must be a multiple of 0.5 between 0 and 100"),
                zh_hant: format!("{points} 目須為 0 至 100 之間 0.5 的倍數"),
                ko: format!("{points}집은 0~100 사이의 0.5 단위여야 합니다"),
                ja: format!("{points}目は 0〜100 の 0.5 刻みにしてください"),
            ),
            IngKomi { points } => say!(l =>
                zh: format!("{points} 点：应氏规则贴 8 点，或按局差贴 6、4、2、0 点"),
                en: format!("{points} points: the Ing rules give 8, or 6, 4, 2, 0 by rank difference"),
                zh_hant: format!("{points} 點：應氏規則貼 8 點，或按局差貼 6、4、2、0 點"),
                ko: format!("{points}점: 응씨 규칙의 덤은 8점, 또는 기력 차에 따라 6, 4, 2, 0점입니다"),
                ja: format!("{points}点：応氏規則のコミは8点、または手合い差により6、4、2、0点です"),
            ),
            AtMost100 => {
                say!(l => zh: "至多 100", en: "at most 100", zh_hant: "至多 100", ko: "최대 100", ja: "最大 100")
            }
            WholeNumber { found } => say!(l =>
                zh: format!("应为整数，而不是 {found}"),
                en: format!("expected a whole number, found {found}"),
                zh_hant: format!("應為整數，而不是 {found}"),
                ko: format!("정수여야 하는데 {found}입니다"),
                ja: format!("整数にしてください（{found} ではなく）"),
            ),
            MethodNotUnder { counted, ruleset, counts } => {
                let (a, b) = (counting(*counted, l), counting(*counts, l));
                let ruleset = crate::labels::Labelled::label(ruleset).get(l);
                say!(l =>
                    zh: format!("{ruleset}不用{a}（它用{b}）"),
                    en: format!("{a} does not apply under {ruleset} (it uses {b})"),
                    zh_hant: format!("{ruleset}不用{a}（它用{b}）"),
                    ko: format!("{ruleset}에서는 {a}을(를) 쓰지 않습니다({b}을(를) 씁니다)"),
                    ja: format!("{ruleset}では{a}を使いません（{b}を使います）"),
                )
            }
            RanksOfTwoKinds { a, b } => {
                let (x, y) = (a.written(l), b.written(l));
                say!(l =>
                    zh: format!("{x} 与 {y}：应氏规则（第三号种子文件）只给同类段位（品位、段位或级位）之间的差；请手动设定让子"),
                    en: format!("{a} and {b}: the Ing rules (seed 003) give the difference between ranks of one kind (professional, dan or kyu) only; set the handicap by hand"),
                    zh_hant: format!("{x} 與 {y}：應氏規則（第三號種子文件）只給同類段位（品位、段位或級位）之間的差；請手動設定讓子"),
                    ko: format!("{x}와(과) {y}: 응씨 규칙(시드 003)은 같은 종류의 단급(품위, 단위, 급위) 사이의 차이만 정합니다. 치석은 직접 정하세요"),
                    ja: format!("{x} と {y}：応氏規則（シード003）は同じ種類の段級位（品位、段位、級位）の差だけを定めています。置き石は手で決めてください"),
                )
            }
            HexDigits { digits } => say!(l =>
                zh: format!("应为 {digits} 位十六进制数字"),
                en: format!("{digits} hex digits expected"),
                zh_hant: format!("應為 {digits} 位十六進位數字"),
                ko: format!("16진수 {digits}자리여야 합니다"),
                ja: format!("16進数 {digits} 桁にしてください"),
            ),
            ClaimBeforeFoul { claimed_after, offending } => say!(l =>
                zh: format!("提出异议的第 {claimed_after} 手在犯规的第 {offending} 手之前"),
                en: format!("the claim after move {claimed_after} comes before the foul at move {offending}"),
                zh_hant: format!("提出異議的第 {claimed_after} 手在犯規的第 {offending} 手之前"),
                ko: format!("이의를 제기한 {claimed_after}수째가 반칙한 {offending}수째보다 앞섭니다"),
                ja: format!("異議を述べた{claimed_after}手目が反則の{offending}手目より前です"),
            ),
            ReservedAndOvertime => say!(l =>
                zh: "保留时间（第十二条）与读秒方式只可选一",
                en: "give reserved_minutes (Art. 12) or overtime, not both",
                zh_hant: "保留時間（第十二條）與讀秒方式只可選一",
                ko: "보유 시간(제12조)과 초읽기 방식 중 하나만 정하세요",
                ja: "保留時間（第十二条）と秒読みの方式はどちらか一方だけにしてください",
            ),
            ReservedOrOvertime => say!(l =>
                zh: "请设定保留时间（第十二条）或读秒方式",
                en: "give reserved_minutes (Art. 12) or an overtime system",
                zh_hant: "請設定保留時間（第十二條）或讀秒方式",
                ko: "보유 시간(제12조)이나 초읽기 방식을 정하세요",
                ja: "保留時間（第十二条）か秒読みの方式を決めてください",
            ),
            MainTimeOver => say!(l =>
                zh: "基本时间至多 600 分钟",
                en: "main time: at most 600 minutes",
                zh_hant: "基本時間至多 600 分鐘",
                ko: "기본 시간은 최대 600분입니다",
                ja: "持ち時間は最大600分です",
            ),
            ReservedOverLimit { reserved, limit } => say!(l =>
                zh: format!("第十二条二：保留的{reserved}分钟读秒在时限之内，而时限只有{limit}分钟"),
                en: format!("Art. 12.2: the {reserved} reserved byo-yomi minutes are kept within the time limit, which is only {limit} minutes"),
                zh_hant: format!("第十二條二：保留的{reserved}分鐘讀秒在時限之內，而時限只有{limit}分鐘"),
                ko: format!("제12조 2: 초읽기로 남기는 {reserved}분은 제한시간 안에 있어야 하는데, 제한시간이 {limit}분뿐입니다"),
                ja: format!("第十二条二：秒読みに残す{reserved}分は持ち時間の内に含まれますが、持ち時間は{limit}分しかありません"),
            ),
            TimeControlRanges => say!(l =>
                zh: "保留时间 0–60 分钟（第十二条）；读秒 1–60 次、每次 5–600 秒；加拿大读秒 30–3600 秒内 1–100 手；费舍尔每手加 1–600 秒；且须有用时",
                en: "reserved minutes 0–60 (Art. 12); byo-yomi periods 1–60 of 5–600 s; Canadian 1–100 moves in 30–3600 s; \
                     Fischer 1–600 s a move; and some time to play",
                zh_hant: "保留時間 0–60 分鐘（第十二條）；讀秒 1–60 次、每次 5–600 秒；加拿大讀秒 30–3600 秒內 1–100 手；費雪每手加 1–600 秒；且須有用時",
                ko: "보유 시간 0~60분(제12조), 초읽기 1~60회에 회당 5~600초, 캐나다식 30~3600초에 1~100수, 피셔 방식 한 수에 1~600초이며, 둘 시간이 있어야 합니다",
                ja: "保留時間 0〜60分（第十二条）、秒読み 1〜60回で各 5〜600秒、カナダ方式 30〜3600秒で 1〜100手、フィッシャー方式 一手 1〜600秒で、対局の時間が必要です",
            ),
            NotTheSealedMove { point } => say!(l =>
                zh: format!("第十四条：{point} 不是封棋之点（与封印不符）"),
                en: format!("Art. 14: {point} is not the sealed move (it does not match the seal)"),
                zh_hant: format!("第十四條：{point} 不是封棋之點（與封印不符）"),
                ko: format!("제14조: {point}은(는) 봉수한 착점이 아닙니다(봉인과 맞지 않음)"),
                ja: format!("第十四条：{point} は封じ手ではありません（封印と一致しません）"),
            ),
            RoundsFromOne => say!(l =>
                zh: "轮次从 1 起算",
                en: "rounds are numbered from 1",
                zh_hant: "輪次從 1 起算",
                ko: "라운드는 1부터 셉니다",
                ja: "回戦は1から数えます",
            ),
            RoundOutside { round, max } => say!(l =>
                zh: format!("第 {round} 轮不在 1–{max} 之内"),
                en: format!("round {round} is outside 1–{max}"),
                zh_hant: format!("第 {round} 輪不在 1–{max} 之內"),
                ko: format!("제{round}라운드는 1~{max} 밖입니다"),
                ja: format!("第{round}回戦は 1〜{max} の外です"),
            ),
            RoundOver { round, max } => say!(l =>
                zh: format!("第 {round} 轮超过一场比赛至多的 {max} 轮"),
                en: format!("round {round} is over the {max} an event may have"),
                zh_hant: format!("第 {round} 輪超過一場比賽至多的 {max} 輪"),
                ko: format!("제{round}라운드는 한 대회의 최대 {max}라운드를 넘습니다"),
                ja: format!("第{round}回戦は一つの大会の上限 {max} 回戦を超えています"),
            ),
            RoundList { count, max } => say!(l =>
                zh: format!("轮次列表有 {count} 项，超过一场比赛至多的 {max} 轮"),
                en: format!("round list of {count} is over the {max} an event may have"),
                zh_hant: format!("輪次列表有 {count} 項，超過一場比賽至多的 {max} 輪"),
                ko: format!("라운드 목록이 {count}개로, 한 대회의 최대 {max}라운드를 넘습니다"),
                ja: format!("回戦の一覧が {count} 件あり、一つの大会の上限 {max} 回戦を超えています"),
            ),
            AlreadyPaired { round } => say!(l =>
                zh: format!("第 {round} 轮已编排"),
                en: format!("round {round} is already paired"),
                zh_hant: format!("第 {round} 輪已編排"),
                ko: format!("제{round}라운드는 이미 대진했습니다"),
                ja: format!("第{round}回戦はすでに組み合わせ済みです"),
            ),
            RoundOutsideRoundRobin { round, max } => say!(l =>
                zh: format!("第 {round} 轮不在本循环赛的 1–{max} 轮之内"),
                en: format!("round {round} is outside this round robin's 1–{max}"),
                zh_hant: format!("第 {round} 輪不在本循環賽的 1–{max} 輪之內"),
                ko: format!("제{round}라운드는 이 리그의 1~{max} 밖입니다"),
                ja: format!("第{round}回戦はこのリーグの 1〜{max} の外です"),
            ),
            TooFewToPair { round, available } => say!(l =>
                zh: format!("第 {round} 轮只有 {available} 名棋手可赛；编排至少需要两名"),
                en: format!("round {round} has {available} player(s) available; a pairing needs two"),
                zh_hant: format!("第 {round} 輪只有 {available} 名棋手可賽；編排至少需要兩名"),
                ko: format!("제{round}라운드에 둘 수 있는 선수가 {available}명입니다. 대진에는 두 명이 필요합니다"),
                ja: format!("第{round}回戦に出られる選手は{available}人です。組み合わせには二人必要です"),
            ),
            EarlierUnfinished { games, round } => say!(l =>
                zh: format!("前几轮有 {games} 局尚无结果；结果齐全后再编排第 {round} 轮"),
                en: format!("{games} game(s) of earlier rounds have no result yet; pair round {round} when they do"),
                zh_hant: format!("前幾輪有 {games} 局尚無結果；結果齊全後再編排第 {round} 輪"),
                ko: format!("앞 라운드의 대국 {games}판에 아직 결과가 없습니다. 결과가 모두 나온 뒤 제{round}라운드를 대진하세요"),
                ja: format!("前の回戦の対局 {games} 局にまだ結果がありません。そろってから第{round}回戦を組み合わせてください"),
            ),
            NoBracketRound { round } => say!(l =>
                zh: format!("对阵图中没有第 {round} 轮"),
                en: format!("the bracket has no round {round}"),
                zh_hant: format!("對陣圖中沒有第 {round} 輪"),
                ko: format!("대진표에 제{round}라운드가 없습니다"),
                ja: format!("組み合わせ表に第{round}回戦はありません"),
            ),
            BothStillIn { round, a, b } => say!(l =>
                zh: format!("第 {round} 轮：{a} 与 {b} 都未被淘汰；须先录入其对局结果"),
                en: format!("round {round}: {a} and {b} are both still in; their game needs a result"),
                zh_hant: format!("第 {round} 輪：{a} 與 {b} 都未被淘汰；須先輸入其對局結果"),
                ko: format!("제{round}라운드: {a}와(과) {b} 모두 남아 있습니다. 그 대국의 결과가 필요합니다"),
                ja: format!("第{round}回戦：{a} と {b} はどちらも残っています。その対局の結果が必要です"),
            ),
            KnockoutDraw { round, table } => say!(l =>
                zh: format!("第 {round} 轮第 {table} 台为和棋：淘汰赛须分胜负，请录入重赛结果"),
                en: format!("round {round} table {table} is a draw: a knockout game needs a winner — enter the replay's result"),
                zh_hant: format!("第 {round} 輪第 {table} 臺為和棋：淘汰賽須分勝負，請輸入重賽結果"),
                ko: format!("제{round}라운드 {table}번 대국이 무승부(비김)입니다. 토너먼트 대국은 승자가 있어야 하니 재대국 결과를 입력하세요"),
                ja: format!("第{round}回戦 {table}番の対局は引き分けです。トーナメントの対局には勝者が必要なので、打ち直しの結果を入力してください"),
            ),
            KnockoutWon { winner } => say!(l =>
                zh: format!("淘汰赛已结束：{winner} 获胜"),
                en: format!("the knockout is over: {winner} won it"),
                zh_hant: format!("淘汰賽已結束：{winner} 獲勝"),
                ko: format!("토너먼트가 끝났습니다: {winner} 우승"),
                ja: format!("トーナメントは終わりました：{winner} の優勝"),
            ),
            KnockoutEmpty => say!(l =>
                zh: "淘汰赛中已无棋手",
                en: "no player is left in the knockout",
                zh_hant: "淘汰賽中已無棋手",
                ko: "토너먼트에 남은 선수가 없습니다",
                ja: "トーナメントに残っている選手がいません",
            ),
            TwoEntrantsNeeded => say!(l =>
                zh: "至少需要两名参赛者",
                en: "needs at least two entrants",
                zh_hant: "至少需要兩名參賽者",
                ko: "참가자가 두 명 이상 필요합니다",
                ja: "参加者が二人以上必要です",
            ),
            StandingsNeedARound => say!(l =>
                zh: "成绩至少需要一轮",
                en: "standings need at least one round",
                zh_hant: "成績至少需要一輪",
                ko: "순위에는 라운드가 하나 이상 필요합니다",
                ja: "順位を出すには回戦が一つ以上必要です",
            ),
            NotAMcMahonCriterion { criterion } => say!(l =>
                zh: format!("`{criterion}` 不是麦克马洪制的排名依据"),
                en: format!("{criterion} is not a McMahon criterion"),
                zh_hant: format!("`{criterion}` 不是麥克馬洪制的排名依據"),
                ko: format!("`{criterion}`은(는) 맥마흔 방식의 순위 기준이 아닙니다"),
                ja: format!("`{criterion}` はマクマホン方式の順位の基準ではありません"),
            ),
            MatchOfTwo { players } => say!(l =>
                zh: format!("多局决胜制为两人对局，而不是 {players} 人"),
                en: format!("a match is between two players, not {players}"),
                zh_hant: format!("多局決勝制為兩人對局，而不是 {players} 人"),
                ko: format!("번기는 두 선수의 대결입니다({players}명이 아님)"),
                ja: format!("番勝負は二人の対局です（{players}人ではありません）"),
            ),
            BestOf { games } => say!(l =>
                zh: format!("{games} 局：规则规定 3、5、7 或 10 局（第二十七条四）"),
                en: format!("best of {games}: the rules name 3, 5, 7 or 10 games (Art. 27.4)"),
                zh_hant: format!("{games} 局：規則規定 3、5、7 或 10 局（第二十七條四）"),
                ko: format!("{games}번기: 규칙은 3, 5, 7, 10판을 정합니다(제27조 4항)"),
                ja: format!("{games}番勝負：規則は3、5、7、10局を定めています（第二十七条第四項）"),
            ),
            MatchGameOutside { game, best_of } => say!(l =>
                zh: format!("第 {game} 局不在本多局决胜的 1–{best_of} 局之内"),
                en: format!("game {game} is outside this match's 1–{best_of}"),
                zh_hant: format!("第 {game} 局不在本多局決勝的 1–{best_of} 局之內"),
                ko: format!("제{game}국은 이 번기의 1~{best_of} 밖입니다"),
                ja: format!("第{game}局はこの番勝負の 1〜{best_of} の外です"),
            ),
            MatchDecided { a, b, game } => say!(l =>
                zh: format!("胜负已定（积分 {a}–{b}）：不再下第 {game} 局"),
                en: format!("the match is decided ({a}–{b} in points): no game {game}"),
                zh_hant: format!("勝負已定（積分 {a}–{b}）：不再下第 {game} 局"),
                ko: format!("승부가 났습니다(승점 {a}–{b}): 제{game}국은 없습니다"),
                ja: format!("勝敗は決しました（勝ち点 {a}–{b}）：第{game}局はありません"),
            ),
            MatchWithdrawn => say!(l =>
                zh: "棋手已退出：未赛各局均作对方胜（第二十九条四）",
                en: "a player withdrew: the unplayed games are the opponent's wins (Art. 29.4)",
                zh_hant: "棋手已退出：未賽各局均作對方勝（第二十九條四）",
                ko: "선수가 기권했습니다: 남은 대국은 상대의 승리입니다(제29조 4항)",
                ja: "選手が棄権しました：未対局は相手の勝ちです（第二十九条第四項）",
            ),
            KnockoutLosses { losses } => say!(l =>
                zh: format!("{losses} 败淘汰：淘汰制为单败、双败或三败（第二十七条一）"),
                en: format!("out after {losses} losses: a knockout runs with 1 (single), 2 (double) or 3 (multiple elimination) (Art. 27.1)"),
                zh_hant: format!("{losses} 敗淘汰：淘汰制為單敗、雙敗或三敗（第二十七條一）"),
                ko: format!("{losses}패 탈락: 토너먼트는 1패, 2패, 3패 탈락만 됩니다(제27조 1항)"),
                ja: format!("{losses}敗で敗退：トーナメントは1敗、2敗、3敗のみです（第二十七条第一項）"),
            ),
            LeitaiTwoTeams { teams } => say!(l =>
                zh: format!("擂台赛为两队对抗，而不是 {teams} 队（第二十七条六）"),
                en: format!("a winner-stays-on match is between two teams, not {teams} (Art. 27.6)"),
                zh_hant: format!("擂臺賽為兩隊對抗，而不是 {teams} 隊（第二十七條六）"),
                ko: format!("연승전은 두 팀의 대결입니다({teams}팀이 아님, 제27조 6항)"),
                ja: format!("勝ち抜き戦は二チームの対戦です（{teams}チームではありません、第二十七条第六項）"),
            ),
            LeitaiWon { team } => say!(l =>
                zh: format!("擂台赛已结束：{team} 获胜"),
                en: format!("the winner-stays-on match is over: {team} won"),
                zh_hant: format!("擂臺賽已結束：{team} 獲勝"),
                ko: format!("연승전이 끝났습니다: {team} 승리"),
                ja: format!("勝ち抜き戦は終わりました：{team} の勝ち"),
            ),
            LeitaiBothLost => say!(l =>
                zh: "双方最后一名队员均负：由大会组委会决定",
                en: "both teams' last players lost: the organising committee decides",
                zh_hant: "雙方最後一名隊員均負：由大會組委會決定",
                ko: "두 팀의 마지막 선수가 모두 졌습니다: 조직위원회가 결정합니다",
                ja: "両チームの最後の選手がともに負けました：組織委員会が決めます",
            ),
            LeitaiDraw { round } => say!(l =>
                zh: format!("第 {round} 轮为和棋：须重赛至分出胜负"),
                en: format!("round {round} is a draw: the game is replayed until it has a winner"),
                zh_hant: format!("第 {round} 輪為和棋：須重賽至分出勝負"),
                ko: format!("제{round}라운드가 무승부(비김)입니다. 승자가 날 때까지 다시 둡니다"),
                ja: format!("第{round}回戦は引き分けです。勝者が決まるまで打ち直します"),
            ),
            TeamsNeeded { teams } => say!(l =>
                zh: format!("团体赛至少需要两队，而不是 {teams} 队"),
                en: format!("a team event needs two teams or more, not {teams}"),
                zh_hant: format!("團體賽至少需要兩隊，而不是 {teams} 隊"),
                ko: format!("단체전에는 두 팀 이상이 필요합니다({teams}팀이 아님)"),
                ja: format!("団体戦には二チーム以上が必要です（{teams}チームではありません）"),
            ),
            TeamBoards { max, boards } => say!(l =>
                zh: format!("团体对抗为 1 至 {max} 台，而不是 {boards} 台"),
                en: format!("a team match has 1 to {max} boards, not {boards}"),
                zh_hant: format!("團體對抗為 1 至 {max} 臺，而不是 {boards} 臺"),
                ko: format!("단체전은 1~{max}판입니다({boards}판이 아님)"),
                ja: format!("団体戦は1〜{max}盤です（{boards}盤ではありません）"),
            ),
            NoTeam { name, id } => say!(l =>
                zh: format!("{name}（{id}）没有所属队：团体赛须有（第二十六条二）"),
                en: format!("{name} ({id}) has no team: a team event needs one (Art. 26.2)"),
                zh_hant: format!("{name}（{id}）沒有所屬隊：團體賽須有（第二十六條二）"),
                ko: format!("{name}({id})에게 팀이 없습니다: 단체전에는 팀이 필요합니다(제26조 2항)"),
                ja: format!("{name}（{id}）にチームがありません：団体戦にはチームが必要です（第二十六条第二項）"),
            ),
            TeamShort { team, players, boards } => say!(l =>
                zh: format!("{team} 队只有 {players} 名队员，不够 {boards} 台"),
                en: format!("team {team} has {players} player(s) for {boards} boards"),
                zh_hant: format!("{team} 隊只有 {players} 名隊員，不夠 {boards} 臺"),
                ko: format!("{team} 팀은 {boards}판에 선수가 {players}명뿐입니다"),
                ja: format!("チーム {team} は {boards} 盤に対して選手が {players} 人です"),
            ),
            TeamShortInRound { team, players, boards, round } => say!(l =>
                zh: format!("{team} 队第 {round} 轮只剩 {players} 名队员，不够 {boards} 台"),
                en: format!("team {team} has {players} player(s) left for {boards} boards in round {round}"),
                zh_hant: format!("{team} 隊第 {round} 輪只剩 {players} 名隊員，不夠 {boards} 臺"),
                ko: format!("{team} 팀은 제{round}라운드에 {boards}판을 둘 선수가 {players}명만 남았습니다"),
                ja: format!("チーム {team} は第{round}回戦で {boards} 盤に対して選手が {players} 人しか残っていません"),
            ),
            SameBoard { team, a, b, board } => say!(l =>
                zh: format!("{team} 队：{a} 与 {b} 都排在第 {board} 台"),
                en: format!("team {team}: {a} and {b} are both set on board {board}"),
                zh_hant: format!("{team} 隊：{a} 與 {b} 都排在第 {board} 臺"),
                ko: format!("{team} 팀: {a}와(과) {b}이(가) 모두 {board}번 판에 배정되어 있습니다"),
                ja: format!("チーム {team}：{a} と {b} がどちらも第{board}盤に置かれています"),
            ),
            UnknownTeam { team } => say!(l =>
                zh: format!("没有 {team} 队"),
                en: format!("no team {team}"),
                zh_hant: format!("沒有 {team} 隊"),
                ko: format!("{team} 팀이 없습니다"),
                ja: format!("チーム {team} はありません"),
            ),
            NotAnEntrant { player } => say!(l =>
                zh: format!("{player} 不是参赛者"),
                en: format!("{player} is not an entrant"),
                zh_hant: format!("{player} 不是參賽者"),
                ko: format!("{player}은(는) 참가자가 아닙니다"),
                ja: format!("{player} は参加者ではありません"),
            ),
            NotEntrants { a, b } => say!(l =>
                zh: format!("{a} 或 {b} 不是参赛者"),
                en: format!("{a} or {b} is not an entrant"),
                zh_hant: format!("{a} 或 {b} 不是參賽者"),
                ko: format!("{a} 또는 {b}은(는) 참가자가 아닙니다"),
                ja: format!("{a} または {b} は参加者ではありません"),
            ),
            MatchRounds { best_of, rounds } => say!(l =>
                zh: format!("{best_of} 局决胜制应为 {best_of} 轮，而不是 {rounds} 轮"),
                en: format!("a best-of-{best_of} match has {best_of} rounds, not {rounds}"),
                zh_hant: format!("{best_of} 局決勝制應為 {best_of} 輪，而不是 {rounds} 輪"),
                ko: format!("{best_of}번기는 {best_of}라운드입니다({rounds}라운드가 아님)"),
                ja: format!("{best_of}番勝負は{best_of}回戦です（{rounds}回戦ではありません）"),
            ),
            RanksFirstBy { criterion } => say!(l =>
                zh: format!("此赛制首先按 `{criterion}` 排名"),
                en: format!("this system ranks by {criterion} first"),
                zh_hant: format!("此賽制首先按 `{criterion}` 排名"),
                ko: format!("이 방식은 `{criterion}`을(를) 첫 순위 기준으로 합니다"),
                ja: format!("この方式は最初に `{criterion}` で順位を付けます"),
            ),
            NotOpenGothaCriterion { criterion } => say!(l =>
                zh: format!("`{criterion}` 不是此处 OpenGotha 赛事可用的排名依据"),
                en: format!("{criterion} is not a criterion of an OpenGotha event here"),
                zh_hant: format!("`{criterion}` 不是此處 OpenGotha 賽事可用的排名依據"),
                ko: format!("`{criterion}`은(는) 여기서 OpenGotha 대회의 순위 기준으로 쓸 수 없습니다"),
                ja: format!("`{criterion}` はここでは OpenGotha の大会の順位の基準にできません"),
            ),
            CriterionTwice { criterion, at } => say!(l =>
                zh: format!("`{criterion}` 列了两次（第 {at} 项排名依据）"),
                en: format!("{criterion} is named twice (criterion {at})"),
                zh_hant: format!("`{criterion}` 列了兩次（第 {at} 項排名依據）"),
                ko: format!("`{criterion}`이(가) 두 번 들어 있습니다({at}번째 순위 기준)"),
                ja: format!("`{criterion}` が二度あります（{at}番目の順位の基準）"),
            ),
            MmZero { zero, from } => {
                let (z, f) = (zero.written(l), from.written(l));
                say!(l =>
                    zh: format!("不能把麦克马洪零点设为 {z}：麦克马洪分从 {f} 起算，OpenGotha 3.52.03 也如此计算"),
                    en: format!("the MM zero {zero} cannot be set: McMahon scores count from {from}, as OpenGotha 3.52.03 counts them whatever its MM zero says"),
                    zh_hant: format!("不能把麥克馬洪零點設為 {z}：麥克馬洪分從 {f} 起算，OpenGotha 3.52.03 也如此計算"),
                    ko: format!("맥마흔 영점을 {z}(으)로 정할 수 없습니다. 맥마흔 점수는 {f}부터 셉니다(OpenGotha 3.52.03도 그렇게 셉니다)"),
                    ja: format!("マクマホンの基点を {z} にはできません。マクマホン点は {f} から数えます（OpenGotha 3.52.03 もそう数えます）"),
                )
            }
            HalfPoints { name, value } => say!(l =>
                zh: format!("`{name}` = {value}：只可为 0、1 或 2 个半分"),
                en: format!("{name} = {value} must be 0, 1 or 2 half points"),
                zh_hant: format!("`{name}` = {value}：只可為 0、1 或 2 個半分"),
                ko: format!("`{name}` = {value}: 반 점 단위로 0, 1, 2만 됩니다"),
                ja: format!("`{name}` = {value}：半点単位で 0、1、2 のいずれかにしてください"),
            ),
            WeightRange { name, value, max } => say!(l =>
                zh: format!("编排权重 `{name}` = {value}：须在 0 至 {max} 之间"),
                en: format!("pairing weight {name} = {value} must be between 0 and {max}"),
                zh_hant: format!("編排權重 `{name}` = {value}：須在 0 至 {max} 之間"),
                ko: format!("대진 가중치 `{name}` = {value}: 0~{max} 사이여야 합니다"),
                ja: format!("組み合わせの重み `{name}` = {value}：0〜{max} にしてください"),
            ),
            GeoFactor { name, value, max } => say!(l =>
                zh: format!("`{name}` = {value}：须在 0 至 {max} 之间"),
                en: format!("{name} = {value} must be between 0 and {max}"),
                zh_hant: format!("`{name}` = {value}：須在 0 至 {max} 之間"),
                ko: format!("`{name}` = {value}: 0~{max} 사이여야 합니다"),
                ja: format!("`{name}` = {value}：0〜{max} にしてください"),
            ),
            Nx1Factor { factor } => say!(l =>
                zh: format!("N×1 系数 {factor} 须在 0 至 1 之间"),
                en: format!("the N×1 factor {factor} must be between 0 and 1"),
                zh_hant: format!("N×1 係數 {factor} 須在 0 至 1 之間"),
                ko: format!("N×1 계수 {factor}은(는) 0~1 사이여야 합니다"),
                ja: format!("N×1 係数 {factor} は 0〜1 にしてください"),
            ),
            SeedSystemRound => say!(l =>
                zh: "种子制 1 的最后一轮从 1 起算",
                en: "the last round of seed system 1 is numbered from 1",
                zh_hant: "種子制 1 的最後一輪從 1 起算",
                ko: "시드 방식 1의 마지막 라운드는 1부터 셉니다",
                ja: "シード方式1の最終回戦は1から数えます",
            ),
            HandicapThreshold { value } => say!(l =>
                zh: format!("不让子的界限 {value} 不是段位（30 级 = −30 … 9 段 = 8）"),
                en: format!("the no-handicap threshold {value} is not a rank (30k = −30 … 9d = 8)"),
                zh_hant: format!("不讓子的界限 {value} 不是段位（30 級 = −30 … 9 段 = 8）"),
                ko: format!("치석 없는 기준 {value}은(는) 단급이 아닙니다(30급 = −30 … 9단 = 8)"),
                ja: format!("置き石なしの基準 {value} は段級位ではありません（30級 = −30 … 九段 = 8）"),
            ),
            HandicapStones { name, value } => say!(l =>
                zh: format!("让子的 `{name}` {value}：须为 0 至 9 子"),
                en: format!("the handicap {name} {value} must be 0 to 9 stones"),
                zh_hant: format!("讓子的 `{name}` {value}：須為 0 至 9 子"),
                ko: format!("치석 `{name}` {value}: 0~9점이어야 합니다"),
                ja: format!("置き石の `{name}` {value}：0〜9子にしてください"),
            ),
            EntrantsRecords { entrants, records } => say!(l =>
                zh: format!("有 {entrants} 名参赛者，却有 {records} 份棋手记录：每名参赛者须有一份"),
                en: format!("{entrants} entrants but {records} player records: each entrant needs one"),
                zh_hant: format!("有 {entrants} 名參賽者，卻有 {records} 份棋手記錄：每名參賽者須有一份"),
                ko: format!("참가자는 {entrants}명인데 선수 기록은 {records}개입니다. 참가자마다 하나씩 있어야 합니다"),
                ja: format!("参加者は{entrants}人ですが選手の記録は{records}件です。参加者ごとに一件必要です"),
            ),
            OpenGothaSystems => say!(l =>
                zh: "OpenGotha 只编排麦克马洪制（首项依据 `MMS`）、瑞士制（`NBW`）和分组瑞士制（`CAT`）",
                en: "OpenGotha pairs McMahon (first criterion MMS), Swiss (NBW) and Swiss with categories (CAT) only",
                zh_hant: "OpenGotha 只編排麥克馬洪制（首項依據 `MMS`）、瑞士制（`NBW`）和分組瑞士制（`CAT`）",
                ko: "OpenGotha는 맥마흔(첫 기준 `MMS`), 스위스(`NBW`), 부문별 스위스(`CAT`) 방식만 대진합니다",
                ja: "OpenGotha が組み合わせるのはマクマホン方式（第一基準 `MMS`）、スイス方式（`NBW`）、クラス別スイス方式（`CAT`）だけです",
            ),
            OutsideScoreGroups { round, player } => say!(l =>
                zh: format!("第 {round} 轮：{player} 的分数不在任何分数组内（其上限、下限与修正相互矛盾）"),
                en: format!("round {round}: {player}'s score is outside every score group (its bar, floor and correction disagree)"),
                zh_hant: format!("第 {round} 輪：{player} 的分數不在任何分數組內（其上限、下限與修正相互矛盾）"),
                ko: format!("제{round}라운드: {player}의 점수가 어느 점수 그룹에도 들지 않습니다(상한, 하한, 보정이 맞지 않음)"),
                ja: format!("第{round}回戦：{player} の点がどの点数グループにも入りません（上限・下限・補正が食い違っています）"),
            ),
            RoundAndRecords => say!(l =>
                zh: "须有从 1 起的轮次，且每名参赛者一份棋手记录",
                en: "a round from 1 and one player record per entrant",
                zh_hant: "須有從 1 起的輪次，且每名參賽者一份棋手記錄",
                ko: "1부터 시작하는 라운드와 참가자마다 선수 기록 하나가 필요합니다",
                ja: "1から数えた回戦と、参加者ごとに選手の記録が一件必要です",
            ),
            BatchOdd { players } => say!(l =>
                zh: format!("一批编排有 {players} 名棋手：会有一人无法配对"),
                en: format!("{players} players in a pairing batch: one would be left unpaired"),
                zh_hant: format!("一批編排有 {players} 名棋手：會有一人無法配對"),
                ko: format!("대진 묶음에 선수가 {players}명입니다. 한 명이 짝을 얻지 못합니다"),
                ja: format!("組み合わせの一まとまりに選手が{players}人います。一人が組めずに残ります"),
            ),
            NotInGame { round, player } => say!(l =>
                zh: format!("第 {round} 轮：{player} 不在该对局中"),
                en: format!("round {round}: {player} is not in the game"),
                zh_hant: format!("第 {round} 輪：{player} 不在該對局中"),
                ko: format!("제{round}라운드: {player}은(는) 그 대국에 없습니다"),
                ja: format!("第{round}回戦：{player} はその対局にいません"),
            ),
            NotANumber { key, value } => say!(l =>
                zh: format!("`{key}` = `{value}` 不是数字"),
                en: format!("`{key}` = `{value}` is not a number"),
                zh_hant: format!("`{key}` = `{value}` 不是數字"),
                ko: format!("`{key}` = `{value}`은(는) 숫자가 아닙니다"),
                ja: format!("`{key}` = `{value}` は数字ではありません"),
            ),
            OpenGothaRank { written } => say!(l =>
                zh: format!("`{written}` 不是 OpenGotha 的段位写法（如 `5K`、`2D`、`1P`）"),
                en: format!("rank `{written}` is not a rank like 5K, 2D or 1P"),
                zh_hant: format!("`{written}` 不是 OpenGotha 的段位寫法（如 `5K`、`2D`、`1P`）"),
                ko: format!("`{written}`은(는) OpenGotha의 단급 표기(`5K`, `2D`, `1P` 등)가 아닙니다"),
                ja: format!("`{written}` は OpenGotha の段級位の書き方（`5K`、`2D`、`1P` など）ではありません"),
            ),
            AttributeNotRank { key, written } => say!(l =>
                zh: format!("`{key}` 的 `{written}` 不是段位"),
                en: format!("{key} `{written}` is not a rank"),
                zh_hant: format!("`{key}` 的 `{written}` 不是段位"),
                ko: format!("`{key}`의 `{written}`은(는) 단급이 아닙니다"),
                ja: format!("`{key}` の `{written}` は段級位ではありません"),
            ),
            GameResult { written } => say!(l =>
                zh: format!("对局结果 `{written}` 不是 OpenGotha 所写的结果"),
                en: format!("game result `{written}` is not one OpenGotha writes"),
                zh_hant: format!("對局結果 `{written}` 不是 OpenGotha 所寫的結果"),
                ko: format!("대국 결과 `{written}`은(는) OpenGotha가 쓰는 값이 아닙니다"),
                ja: format!("対局結果 `{written}` は OpenGotha が書く値ではありません"),
            ),
            PlayerSays { player, detail } => {
                let d = detail.said(l);
                say!(l =>
                    zh: format!("棋手 `{player}`：{d}"),
                    en: format!("player `{player}`: {d}"),
                    zh_hant: format!("棋手 `{player}`：{d}"),
                    ko: format!("선수 `{player}`: {d}"),
                    ja: format!("選手 `{player}`：{d}"),
                )
            }
            NotWellFormedXml { byte, reader } => say!(l =>
                zh: format!("第 {byte} 字节处 XML 格式不正确：{}", code(reader)),
                en: format!("not well-formed XML at byte {byte}: {reader}"),
                zh_hant: format!("第 {byte} 位元組處 XML 格式不正確：{}", code(reader)),
                ko: format!("{byte}바이트 위치의 XML 형식이 올바르지 않습니다: {}", code(reader)),
                ja: format!("{byte} バイト目の XML が正しい形式ではありません：{}", code(reader)),
            ),
            NotAmongPlayers { round, seat, key } => match seat {
                Seat::Black => say!(l =>
                    zh: format!("第 {round} 轮的执黑者 `{key}` 不在棋手名单中"),
                    en: format!("round {round} black player `{key}` is not among the players"),
                    zh_hant: format!("第 {round} 輪的執黑者 `{key}` 不在棋手名單中"),
                    ko: format!("제{round}라운드 흑 `{key}`은(는) 선수 명단에 없습니다"),
                    ja: format!("第{round}回戦の黒番 `{key}` は選手の中にいません"),
                ),
                Seat::White => say!(l =>
                    zh: format!("第 {round} 轮的执白者 `{key}` 不在棋手名单中"),
                    en: format!("round {round} white player `{key}` is not among the players"),
                    zh_hant: format!("第 {round} 輪的執白者 `{key}` 不在棋手名單中"),
                    ko: format!("제{round}라운드 백 `{key}`은(는) 선수 명단에 없습니다"),
                    ja: format!("第{round}回戦の白番 `{key}` は選手の中にいません"),
                ),
                Seat::Bye => say!(l =>
                    zh: format!("第 {round} 轮轮空的 `{key}` 不在棋手名单中"),
                    en: format!("round {round} bye `{key}` is not among the players"),
                    zh_hant: format!("第 {round} 輪輪空的 `{key}` 不在棋手名單中"),
                    ko: format!("제{round}라운드 부전승 `{key}`은(는) 선수 명단에 없습니다"),
                    ja: format!("第{round}回戦の不戦勝 `{key}` は選手の中にいません"),
                ),
            },
            PairingParameters(d) => {
                let d = d.said(l);
                say!(l =>
                    zh: format!("编排参数：{d}"),
                    en: format!("pairing parameters: {d}"),
                    zh_hant: format!("編排參數：{d}"),
                    ko: format!("대진 설정: {d}"),
                    ja: format!("組み合わせの設定：{d}"),
                )
            }
            PlaysThemselves { round, player } => say!(l =>
                zh: format!("第 {round} 轮：`{player}` 与自己对局"),
                en: format!("round {round}: `{player}` plays against themselves"),
                zh_hant: format!("第 {round} 輪：`{player}` 與自己對局"),
                ko: format!("제{round}라운드: `{player}`이(가) 자기 자신과 둡니다"),
                ja: format!("第{round}回戦：`{player}` が自分自身と対局しています"),
            ),
            TwoGames { round, player } => say!(l =>
                zh: format!("第 {round} 轮：`{player}` 在两盘对局中"),
                en: format!("round {round}: `{player}` is in two games"),
                zh_hant: format!("第 {round} 輪：`{player}` 在兩盤對局中"),
                ko: format!("제{round}라운드: `{player}`이(가) 두 대국에 들어 있습니다"),
                ja: format!("第{round}回戦：`{player}` が二つの対局に入っています"),
            ),
            ByeAndGame { round, player } => say!(l =>
                zh: format!("第 {round} 轮：`{player}` 既轮空又有其他对局或轮空"),
                en: format!("round {round}: `{player}` has the bye and another game or bye"),
                zh_hant: format!("第 {round} 輪：`{player}` 既輪空又有其他對局或輪空"),
                ko: format!("제{round}라운드: `{player}`에게 부전승과 다른 대국(또는 부전승)이 함께 있습니다"),
                ja: format!("第{round}回戦：`{player}` に不戦勝と別の対局（または不戦勝）があります"),
            ),
            NotBetween0And1 { key, value } => say!(l =>
                zh: format!("`{key}` = {value}：不在 0 至 1 之间"),
                en: format!("`{key}` = {value} is not between 0 and 1"),
                zh_hant: format!("`{key}` = {value}：不在 0 至 1 之間"),
                ko: format!("`{key}` = {value}: 0~1 사이가 아닙니다"),
                ja: format!("`{key}` = {value}：0〜1 の間ではありません"),
            ),
            TimeSystem { written } => say!(l =>
                zh: format!("用时方式 `{written}` 不是 OpenGotha 所写的方式"),
                en: format!("complementaryTimeSystem `{written}` is not one OpenGotha writes"),
                zh_hant: format!("用時方式 `{written}` 不是 OpenGotha 所寫的方式"),
                ko: format!("시간 방식 `{written}`은(는) OpenGotha가 쓰는 값이 아닙니다"),
                ja: format!("持ち時間の方式 `{written}` は OpenGotha が書く値ではありません"),
            ),
            NoTournamentElement => say!(l =>
                zh: "没有 `<Tournament>` 元素：这不是 OpenGotha 的比赛文件",
                en: "no <Tournament> element: this is not an OpenGotha tournament file",
                zh_hant: "沒有 `<Tournament>` 元素：這不是 OpenGotha 的比賽檔案",
                ko: "`<Tournament>` 요소가 없습니다. OpenGotha 대회 파일이 아닙니다",
                ja: "`<Tournament>` 要素がありません。OpenGotha の大会ファイルではありません",
            ),
            NoGeneralParameters => say!(l =>
                zh: "没有 `<GeneralParameterSet>`：文件中没有比赛参数",
                en: "no <GeneralParameterSet>: the file has no tournament parameters",
                zh_hant: "沒有 `<GeneralParameterSet>`：檔案中沒有比賽參數",
                ko: "`<GeneralParameterSet>`이(가) 없습니다. 파일에 대회 설정이 없습니다",
                ja: "`<GeneralParameterSet>` がありません。ファイルに大会の設定がありません",
            ),
            NotAnObject => say!(l =>
                zh: "事件须为 JSON 对象",
                en: "an event must be a JSON object",
                zh_hant: "事件須為 JSON 物件",
                ko: "이벤트는 JSON 객체여야 합니다",
                ja: "イベントは JSON オブジェクトにしてください",
            ),
            SchemaMissing => say!(l =>
                zh: "缺少；每个事件都须注明其数据格式版本",
                en: "missing; every event carries its schema version",
                zh_hant: "缺少；每個事件都須註明其資料格式版本",
                ko: "없습니다. 모든 이벤트에는 데이터 형식 버전이 있어야 합니다",
                ja: "ありません。どのイベントにもデータ形式のバージョンが必要です",
            ),
            Schema2Fields => say!(l =>
                zh: "`rules`、`prev` 和 `sig` 是第 2 版数据格式的字段，第 1 版没有",
                en: "`rules`, `prev` and `sig` are fields of schema 2, not 1",
                zh_hant: "`rules`、`prev` 和 `sig` 是第 2 版資料格式的欄位，第 1 版沒有",
                ko: "`rules`, `prev`, `sig`는 데이터 형식 버전 2의 필드이며 버전 1에는 없습니다",
                ja: "`rules`、`prev`、`sig` はデータ形式バージョン2の項目で、バージョン1にはありません",
            ),
            RulesRevision { revision, max } => say!(l =>
                zh: format!("本版本不认识第 {revision} 版规则（认识第 1 至 {max} 版）"),
                en: format!("rules revision {revision} is not one this build knows (1 to {max})"),
                zh_hant: format!("本版本不認識第 {revision} 版規則（認識第 1 至 {max} 版）"),
                ko: format!("이 빌드는 규칙 개정 {revision}을(를) 모릅니다(1~{max}을 압니다)"),
                ja: format!("このビルドは規則の改訂 {revision} を知りません（1〜{max} を知っています）"),
            ),
            EventNeedsSchema { kind, needs, found } => {
                let k = crate::labels::Labelled::label(kind).get(l);
                say!(l =>
                    zh: format!("“{k}”事件须为第 {needs} 版或更新的数据格式，而不是第 {found} 版"),
                    en: format!("a “{k}” event needs schema {needs} or later, not {found}"),
                    zh_hant: format!("「{k}」事件須為第 {needs} 版或更新的資料格式，而不是第 {found} 版"),
                    ko: format!("‘{k}’ 이벤트에는 데이터 형식 버전 {needs} 이상이 필요합니다({found}이 아님)"),
                    ja: format!("「{k}」のイベントにはデータ形式バージョン {needs} 以上が必要です（{found} ではありません）"),
                )
            }
            EventNeedsGame { kind } => {
                let k = crate::labels::Labelled::label(kind).get(l);
                say!(l =>
                    zh: format!("“{k}”事件须指明其对局"),
                    en: format!("a “{k}” event must name its game"),
                    zh_hant: format!("「{k}」事件須指明其對局"),
                    ko: format!("‘{k}’ 이벤트에는 대국을 밝혀야 합니다"),
                    ja: format!("「{k}」のイベントには対局の指定が必要です"),
                )
            }
            EventNotOfGame { kind } => {
                let k = crate::labels::Labelled::label(kind).get(l);
                say!(l =>
                    zh: format!("“{k}”事件属于比赛，而不属于某一对局"),
                    en: format!("a “{k}” event belongs to the tournament, not to a game"),
                    zh_hant: format!("「{k}」事件屬於比賽，而不屬於某一對局"),
                    ko: format!("‘{k}’ 이벤트는 대국이 아니라 대회에 속합니다"),
                    ja: format!("「{k}」のイベントは対局ではなく大会に属します"),
                )
            }
            ScheduledGameDiffers { game } => say!(l =>
                zh: format!("所编排的对局 `{game}` 与事件外层所指的对局不同"),
                en: format!("scheduled game `{game}` differs from the envelope's game"),
                zh_hant: format!("所編排的對局 `{game}` 與事件外層所指的對局不同"),
                ko: format!("편성한 대국 `{game}`이(가) 이벤트 봉투의 대국과 다릅니다"),
                ja: format!("組まれた対局 `{game}` がイベントの封筒の対局と異なります"),
            ),
            TournamentDiffers { tournament } => say!(l =>
                zh: format!("比赛 `{tournament}` 与事件外层所指的比赛不同"),
                en: format!("tournament `{tournament}` differs from the envelope's tournament"),
                zh_hant: format!("比賽 `{tournament}` 與事件外層所指的比賽不同"),
                ko: format!("대회 `{tournament}`이(가) 이벤트 봉투의 대회와 다릅니다"),
                ja: format!("大会 `{tournament}` がイベントの封筒の大会と異なります"),
            ),
            NotALink { parser } => say!(l =>
                zh: format!("不是链接：{}", code(parser)),
                en: format!("not a link: {parser}"),
                zh_hant: format!("不是連結：{}", code(parser)),
                ko: format!("링크가 아닙니다: {}", code(parser)),
                ja: format!("リンクではありません：{}", code(parser)),
            ),
            NotAnEnrollLink { expected } => say!(l =>
                zh: format!("不是登记链接（应为 {}）", code(expected)),
                en: format!("not an enrollment link (expected {expected})"),
                zh_hant: format!("不是登記連結（應為 {}）", code(expected)),
                ko: format!("등록 링크가 아닙니다({} 형식이어야 합니다)", code(expected)),
                ja: format!("登録リンクではありません（{} の形にしてください）", code(expected)),
            ),
            OfficeAddressOnly => say!(l =>
                zh: "不是登记链接（只有办公室地址：请扫描登记码的二维码或输入登记码）",
                en: "not an enrollment link (an office address alone: scan the code's QR or type the code)",
                zh_hant: "不是登記連結（只有辦公室位址：請掃描登記碼的 QR Code 或輸入登記碼）",
                ko: "등록 링크가 아닙니다(사무국 주소뿐입니다. 등록 코드의 QR 코드를 스캔하거나 코드를 입력하세요)",
                ja: "登録リンクではありません（事務局のアドレスだけです。登録コードの QR コードを読み取るか、コードを入力してください）",
            ),
            LinkVersion { found, reads } => say!(l =>
                zh: format!("链接为第 {found} 版；本应用读取第 1 版和第 {reads} 版"),
                en: format!("link version {found}; this app reads versions 1 and {reads}"),
                zh_hant: format!("連結為第 {found} 版；本應用程式讀取第 1 版和第 {reads} 版"),
                ko: format!("링크 버전이 {found}입니다. 이 앱은 버전 1과 {reads}을(를) 읽습니다"),
                ja: format!("リンクのバージョンは {found} です。このアプリが読むのはバージョン 1 と {reads} です"),
            ),
            NoLinkVersion => say!(l =>
                zh: "链接没有版本号",
                en: "the link has no version",
                zh_hant: "連結沒有版本號",
                ko: "링크에 버전이 없습니다",
                ja: "リンクにバージョンがありません",
            ),
            LinkNoOffice => say!(l =>
                zh: "链接没有指明办公室",
                en: "the link names no office",
                zh_hant: "連結沒有指明辦公室",
                ko: "링크에 사무국이 없습니다",
                ja: "リンクに事務局が書かれていません",
            ),
            LinkNoCode => say!(l =>
                zh: "链接没有登记码",
                en: "the link has no code",
                zh_hant: "連結沒有登記碼",
                ko: "링크에 등록 코드가 없습니다",
                ja: "リンクに登録コードがありません",
            ),
            NotAHexDigit { found } => say!(l =>
                zh: format!("`{found}` 不是十六进制数字（0-9、A-F）"),
                en: format!("{found:?} is not a hex digit (0-9, A-F)"),
                zh_hant: format!("`{found}` 不是十六進位數字（0-9、A-F）"),
                ko: format!("`{found}`은(는) 16진수 숫자가 아닙니다(0-9, A-F)"),
                ja: format!("`{found}` は16進数の数字ではありません（0-9、A-F）"),
            ),
            FingerprintLength { digits } => say!(l =>
                zh: format!("证书指纹为 64 位十六进制数字，而不是 {digits} 位"),
                en: format!("a certificate fingerprint has 64 hex digits, not {digits}"),
                zh_hant: format!("憑證指紋為 64 位十六進位數字，而不是 {digits} 位"),
                ko: format!("인증서 지문은 16진수 64자리입니다({digits}자리가 아님)"),
                ja: format!("証明書のフィンガープリントは16進数64桁です（{digits}桁ではありません）"),
            ),
            FingerprintNeeded => say!(l =>
                zh: "请输入办公室页面在登记码旁显示的指纹",
                en: "enter the fingerprint the office page shows beside the code",
                zh_hant: "請輸入辦公室頁面在登記碼旁顯示的指紋",
                ko: "사무국 페이지가 등록 코드 옆에 보여 주는 지문을 입력하세요",
                ja: "事務局のページが登録コードの横に表示するフィンガープリントを入力してください",
            ),
            FingerprintShort { least, got } => say!(l =>
                zh: format!("请至少输入指纹的前 {least} 位十六进制数字（现有 {got} 位）"),
                en: format!("type at least the first {least} hex digits of the fingerprint (got {got})"),
                zh_hant: format!("請至少輸入指紋的前 {least} 位十六進位數字（現有 {got} 位）"),
                ko: format!("지문의 앞 16진수 {least}자리 이상을 입력하세요({got}자리 입력됨)"),
                ja: format!("フィンガープリントの先頭16進数 {least} 桁以上を入力してください（{got} 桁）"),
            ),
            PlainHttp => say!(l =>
                zh: "`http://` 只用于本机上的办公室；赛场办公室的地址以 `https://` 开头（请扫描其二维码）",
                en: "plain http:// is only for an office on this machine; the hall's office address starts with https:// (scan its QR code)",
                zh_hant: "`http://` 只用於本機上的辦公室；賽場辦公室的位址以 `https://` 開頭（請掃描其 QR Code）",
                ko: "`http://`는 이 기기의 사무국에만 씁니다. 대회장 사무국 주소는 `https://`로 시작합니다(QR 코드를 스캔하세요)",
                ja: "`http://` はこの端末上の事務局だけに使います。会場の事務局のアドレスは `https://` で始まります（QR コードを読み取ってください）",
            ),
            MustStartHttps => say!(l =>
                zh: "须以 `https://` 开头（如 `https://192.168.1.10:7878`）",
                en: "must start with https:// (e.g. https://192.168.1.10:7878)",
                zh_hant: "須以 `https://` 開頭（如 `https://192.168.1.10:7878`）",
                ko: "`https://`로 시작해야 합니다(예: `https://192.168.1.10:7878`)",
                ja: "`https://` で始めてください（例：`https://192.168.1.10:7878`）",
            ),
            OfficesOwnName => say!(l =>
                zh: "`office` 是办公室自己的名称；请另选一个",
                en: "`office` is the office's own name; choose another",
                zh_hant: "`office` 是辦公室自己的名稱；請另選一個",
                ko: "`office`는 사무국 자신의 이름입니다. 다른 이름을 고르세요",
                ja: "`office` は事務局自身の名前です。別の名前を選んでください",
            ),
            NoSealedMove { game } => say!(l =>
                zh: format!("本平板没有对局 `{game}` 的封棋；请打开封套并输入该点"),
                en: format!("this tablet holds no sealed move for {game}; open the envelope and enter the point"),
                zh_hant: format!("本平板沒有對局 `{game}` 的封棋；請打開封套並輸入該點"),
                ko: format!("이 태블릿에는 대국 `{game}`의 봉수가 없습니다. 봉투를 열고 착점을 입력하세요"),
                ja: format!("このタブレットには対局 `{game}` の封じ手がありません。封筒を開けて点を入力してください"),
            ),
            SgfAt { line, column, detail } => {
                let d = detail.said(l);
                say!(l =>
                    zh: format!("第 {line} 行第 {column} 列：{d}"),
                    en: format!("line {line}, column {column}: {d}"),
                    zh_hant: format!("第 {line} 行第 {column} 欄：{d}"),
                    ko: format!("{line}행 {column}열: {d}"),
                    ja: format!("{line} 行 {column} 列目：{d}"),
                )
            }
            SgfExpected { expected, found: Some(found) } => say!(l =>
                zh: format!("此处应为 `{expected}`，却是 `{found}`"),
                en: format!("expected `{expected}`, found `{found}`"),
                zh_hant: format!("此處應為 `{expected}`，卻是 `{found}`"),
                ko: format!("`{expected}`이(가) 와야 하는데 `{found}`입니다"),
                ja: format!("`{expected}` のはずが `{found}` です"),
            ),
            SgfExpected { expected, found: None } => say!(l =>
                zh: format!("此处应为 `{expected}`，文件却已结束"),
                en: format!("expected `{expected}`, the file ended"),
                zh_hant: format!("此處應為 `{expected}`，檔案卻已結束"),
                ko: format!("`{expected}`이(가) 와야 하는데 파일이 끝났습니다"),
                ja: format!("`{expected}` のはずがファイルが終わっています"),
            ),
            SgfValueNotClosed => say!(l =>
                zh: "有值没有以 `]` 结束",
                en: "a value is not closed with `]`",
                zh_hant: "有值沒有以 `]` 結束",
                ko: "값이 `]`로 닫히지 않았습니다",
                ja: "値が `]` で閉じられていません",
            ),
            SgfNoValue { property } => say!(l =>
                zh: format!("属性 `{property}` 没有值"),
                en: format!("property {property} has no value"),
                zh_hant: format!("屬性 `{property}` 沒有值"),
                ko: format!("속성 `{property}`에 값이 없습니다"),
                ja: format!("プロパティ `{property}` に値がありません"),
            ),
            SgfTooDeep { max } => say!(l =>
                zh: format!("变化嵌套超过 {max} 层"),
                en: format!("variations nested more than {max} deep"),
                zh_hant: format!("變化巢狀超過 {max} 層"),
                ko: format!("변화도가 {max}단계보다 깊게 중첩되어 있습니다"),
                ja: format!("変化図が {max} 段より深く入れ子になっています"),
            ),
            SgfNotAPoint { written, size } => say!(l =>
                zh: format!("`{written}` 不是 {size}×{size} 棋盘上的点"),
                en: format!("`{written}` is not a point of a {size}×{size} board"),
                zh_hant: format!("`{written}` 不是 {size}×{size} 棋盤上的點"),
                ko: format!("`{written}`은(는) {size}×{size} 판의 점이 아닙니다"),
                ja: format!("`{written}` は {size}×{size} の盤の点ではありません"),
            ),
            SgfNoNode => say!(l =>
                zh: "棋谱没有任何节点",
                en: "the record has no node",
                zh_hant: "棋譜沒有任何節點",
                ko: "기보에 노드가 없습니다",
                ja: "棋譜にノードがありません",
            ),
            SgfNotGo => say!(l =>
                zh: "`GM` 不是 1：不是围棋棋谱",
                en: "GM is not 1: not a Go record",
                zh_hant: "`GM` 不是 1：不是圍棋棋譜",
                ko: "`GM`이 1이 아닙니다. 바둑 기보가 아닙니다",
                ja: "`GM` が 1 ではありません。囲碁の棋譜ではありません",
            ),
            SgfBoardSize { written } => say!(l =>
                zh: format!("棋盘 `{written}` 路：只可为 9、13 或 19 路"),
                en: format!("board size {written:?}: 9, 13 or 19 only"),
                zh_hant: format!("棋盤 `{written}` 路：只可為 9、13 或 19 路"),
                ko: format!("판 크기 `{written}`: 9, 13, 19줄만 됩니다"),
                ja: format!("盤の大きさ `{written}`：9、13、19路のみです"),
            ),
            AtMove { move_no, detail } => {
                let d = detail.said(l);
                say!(l =>
                    zh: format!("第 {move_no} 手：{d}"),
                    en: format!("move {move_no}: {d}"),
                    zh_hant: format!("第 {move_no} 手：{d}"),
                    ko: format!("{move_no}수째: {d}"),
                    ja: format!("{move_no}手目：{d}"),
                )
            }
            IllegalBefore { move_no, detail } => {
                let d = detail.said(l);
                say!(l =>
                    zh: format!("所查之手以前的第 {move_no} 手已不合规则：{d}"),
                    en: format!("move {move_no}, before the one checked, is already illegal: {d}"),
                    zh_hant: format!("所查之手以前的第 {move_no} 手已不合規則：{d}"),
                    ko: format!("확인하는 수보다 앞선 {move_no}수째가 이미 규칙에 어긋납니다: {d}"),
                    ja: format!("確かめる手より前の{move_no}手目がすでに規則に反しています：{d}"),
                )
            }
            PointOffBoard { x, y } => say!(l =>
                zh: format!("({x}, {y}) 不在棋盘上"),
                en: format!("({x}, {y}) is off the board"),
                zh_hant: format!("({x}, {y}) 不在棋盤上"),
                ko: format!("({x}, {y})은(는) 판 밖입니다"),
                ja: format!("({x}, {y}) は盤の外です"),
            ),
            Occupied => say!(l =>
                zh: "该点已有棋子",
                en: "the point is occupied",
                zh_hant: "該點已有棋子",
                ko: "그 점에는 이미 돌이 있습니다",
                ja: "その点にはすでに石があります",
            ),
            ForbiddenPoint => say!(l =>
                zh: "第五条：禁着点——该子没有气，也不能提子",
                en: "Art. 5: a forbidden point — the stone would have no liberty and captures nothing",
                zh_hant: "第五條：禁著點——該子沒有氣，也不能提子",
                ko: "제5조: 착수 금지점입니다. 그 돌은 활로가 없고 따내는 돌도 없습니다",
                ja: "第五条：着手禁止点です。その石には呼吸点がなく、取る石もありません",
            ),
            KoRetaken => say!(l =>
                zh: "第二十条一：立即回提劫",
                en: "Art. 20.1: retaking the ko at once",
                zh_hant: "第二十條一：立即回提劫",
                ko: "제20조 1항: 패를 곧바로 되따냈습니다",
                ja: "第二十条第一項：コウをすぐに取り返しています",
            ),
            PositionRepeated => say!(l =>
                zh: "第六条：此手重现先前的全局同形",
                en: "Art. 6: the move repeats an earlier whole-board position",
                zh_hant: "第六條：此手重現先前的全局同形",
                ko: "제6조: 이 수는 앞선 판 전체의 모양을 되풀이합니다",
                ja: "第六条：この手は以前の盤面全体の形を繰り返します",
            ),
            CycleCompleted { cycle } => {
                let c = crate::labels::Labelled::label(cycle).get(l);
                say!(l =>
                    zh: format!("第二十条三：此手完成循环提子（{c}）——和棋或重赛"),
                    en: format!("Art. 20.3: the move completes a cycle of captures ({c}) — draw or replay"),
                    zh_hant: format!("第二十條三：此手完成循環提子（{c}）——和棋或重賽"),
                    ko: format!("제20조 3항: 이 수로 따냄의 순환({c})이 완성됩니다. 무승부(비김) 또는 재대국입니다"),
                    ja: format!("第二十条第三項：この手で取り合いの循環（{c}）が完成します。引き分けか打ち直しです"),
                )
            }
            NotToMove { colour } => {
                let c = crate::labels::Labelled::label(colour).get(l);
                say!(l =>
                    zh: format!("不该{c}下"),
                    en: format!("{c} is not to move"),
                    zh_hant: format!("不該{c}下"),
                    ko: format!("{c} 차례가 아닙니다"),
                    ja: format!("{c}の手番ではありません"),
                )
            }
            HotStone { cycle } => {
                let c = crate::labels::Labelled::label(cycle).get(l);
                say!(l =>
                    zh: format!("应氏规则二：立即提热子会结束这一轮（{c}）——请先在别处着子或虚着"),
                    en: format!("Ing 2: taking the hot stone at once closes the round ({c}) — play elsewhere or pass first"),
                    zh_hant: format!("應氏規則二：立即提熱子會結束這一輪（{c}）——請先在別處著子或虛著"),
                    ko: format!("응씨 규칙 2: 열자를 곧바로 따내면 이 순환({c})이 끝납니다. 먼저 다른 곳에 두거나 패스하세요"),
                    ja: format!("応氏規則二：熱子をすぐ取るとこの循環（{c}）が閉じます。先に別の所に打つかパスしてください"),
                )
            }
            DisturbingAgain => say!(l =>
                zh: "应氏规则二：搅方不得再次绕搅劫一轮",
                en: "Ing 2: the disturbing side may not go round the disturbing ko again",
                zh_hant: "應氏規則二：攪方不得再次繞攪劫一輪",
                ko: "응씨 규칙 2: 교겁을 일으킨 쪽은 교겁을 다시 한 바퀴 돌 수 없습니다",
                ja: "応氏規則二：攪劫を仕掛けた側は攪劫をもう一巡できません",
            ),
            AfterTheEnd => say!(l =>
                zh: "应氏规则三：对局已终了——着手休止后双方又各虚着一次",
                en: "Ing 3: the game is over — both sides passed again after moves stopped",
                zh_hant: "應氏規則三：對局已終了——著手休止後雙方又各虛著一次",
                ko: "응씨 규칙 3: 대국이 끝났습니다. 착수가 멈춘 뒤 양쪽이 다시 패스했습니다",
                ja: "応氏規則三：対局は終わりました。着手が止まった後、双方がまたパスしました",
            ),
            NoSuchMove { moves, asked } => say!(l =>
                zh: format!("棋谱共 {moves} 手，没有第 {asked} 手"),
                en: format!("the record has {moves} moves; there is no move {asked}"),
                zh_hant: format!("棋譜共 {moves} 手，沒有第 {asked} 手"),
                ko: format!("기보는 {moves}수까지이며 {asked}수째는 없습니다"),
                ja: format!("棋譜は{moves}手までで、{asked}手目はありません"),
            ),
            RecordTooLarge { bytes, max } => say!(l =>
                zh: format!("棋谱有 {bytes} 字节；至多可附 {max} 字节"),
                en: format!("the record is {bytes} bytes; at most {max} may be attached"),
                zh_hant: format!("棋譜有 {bytes} 位元組；至多可附 {max} 位元組"),
                ko: format!("기보가 {bytes}바이트입니다. 최대 {max}바이트까지 첨부할 수 있습니다"),
                ja: format!("棋譜は{bytes}バイトです。添付できるのは最大{max}バイトです"),
            ),
        }
    }
}

/// What crosses serde's text-only errors ([`carry`]): a value's typed refusal.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Carried {
    Id { kind: Noun, value: String, reason: IdFault },
    Outside { what: Noun, detail: Detail },
}

/// What a carried refusal's text starts with.
const CARRIED: &str = "[refusal] ";

/// `e` as the text a serde error carries: the typed refusal as JSON behind [`CARRIED`] where it
/// is a value's own, else its English.
pub(super) fn carry(e: super::DomainError) -> String {
    use super::DomainError as E;
    let typed = match e {
        E::InvalidId { kind, value, reason } => Carried::Id { kind, value, reason },
        E::Outside { what, detail } => Carried::Outside { what, detail },
        other => return other.to_string(),
    };
    // Serializing these plain enums and strings cannot fail.
    format!("{CARRIED}{}", serde_json::to_string(&typed).unwrap_or_default())
}

/// The typed refusal `text` carries ([`carry`]), if it does: serde may add its own words
/// after it (`at line 1 column 9`).
pub(super) fn carried(text: &str) -> Option<super::DomainError> {
    use super::DomainError as E;
    let json = text.split_once(CARRIED)?.1;
    let typed = serde_json::Deserializer::from_str(json).into_iter::<Carried>().next()?.ok()?;
    Some(match typed {
        Carried::Id { kind, value, reason } => E::InvalidId { kind, value, reason },
        Carried::Outside { what, detail } => E::Outside { what, detail },
    })
}

/// One of each detail, for the crate's language checks; what a person wrote or named is put
/// in as ids and numbers, so that the checks read the sentence's own words only. [`ordinal`] fails to compile when a
/// variant is added; the test then fails until this lists it.
#[cfg(test)]
pub(crate) fn every_detail() -> Vec<Detail> {
    use Detail::*;
    let s = |x: &str| x.to_owned();
    vec![
        AsWritten(s("unknown variant `x`, expected `y`")),
        Detail::of(Noun::Rank, NotARank { written: s("twelve") }),
        Id { kind: Noun::Player, value: s("p 1"), reason: IdFault::Characters },
        NameNeeded,
        NoRank { name: s("p001") },
        Columns { found: 7 },
        ColumnsOverHeader { found: 7, header: 4 },
        UnknownColumn { column: s("elo") },
        HeaderNeedsNameAndRank,
        NoPlayers,
        TooManyPlayers { max: 2000 },
        TooManyFaults { max: 100 },
        NotARating { written: s("x"), min: -900, max: 2949 },
        NoNameInColumns { from: 12, to: 48 },
        GradeNotRank { grade: s("12x"), from: 61, to: 63 },
        RatingNotNumber { rating: s("x"), from: 72, to: 75 },
        FfgLineLength { chars: 40, expected: 61 },
        NoEgfLine,
        NoFfgLine,
        NotARank { written: s("twelve") },
        DanOver { written: s("10段") },
        KyuOver { written: s("31k") },
        ProfessionalKyu { written: s("职业5级") },
        WireRank { written: s("5級") },
        WireKyuOver { written: s("31k") },
        WireDanOver { written: s("10d") },
        NotAPin { written: s("1957464x") },
        NotACountry { written: s("XX") },
        NotABoard { written: s("9"), max: 8 },
        BarBelowFloor { bar: Rank::Kyu(10), floor: Rank::Dan(1) },
        NotAPoint { written: s("I9") },
        OffBoard { point: s("Q16"), size: 9 },
        OffTheBoard { col: 20, row: 3 },
        GivenTwice { point: s("D4") },
        NoStoneOn { point: s("D4") },
        DeadTwice,
        BoardSize { size: 7 },
        CountOn19Only { size: 13 },
        ChineseKomi { stones: Number(2.5) },
        StonesOver361 { stones: Number(362.0) },
        HalfStones { stones: Number(184.3) },
        InStones(Box::new(ChineseKomi { stones: Number(2.5) })),
        KomiPoints { points: Number(6.3) },
        IngKomi { points: 7 },
        AtMost100,
        WholeNumber { found: s("\"2\"") },
        MethodNotUnder { counted: Counting::Area, ruleset: Preset::Korean, counts: Counting::Territory },
        RanksOfTwoKinds { a: Rank::Pro(1), b: Rank::Dan(5) },
        HexDigits { digits: 64 },
        ClaimBeforeFoul { claimed_after: 40, offending: 52 },
        ReservedAndOvertime,
        ReservedOrOvertime,
        MainTimeOver,
        ReservedOverLimit { reserved: 10, limit: 5 },
        TimeControlRanges,
        NotTheSealedMove { point: s("Q16") },
        RoundsFromOne,
        RoundOutside { round: 4, max: 3 },
        RoundOver { round: s("70000"), max: 100 },
        RoundList { count: 300, max: 200 },
        AlreadyPaired { round: 2 },
        RoundOutsideRoundRobin { round: 9, max: 7 },
        TooFewToPair { round: 2, available: 1 },
        EarlierUnfinished { games: 2, round: 3 },
        NoBracketRound { round: 5 },
        BothStillIn { round: 2, a: s("p001"), b: s("p002") },
        KnockoutDraw { round: 2, table: 3 },
        KnockoutWon { winner: s("p001") },
        KnockoutEmpty,
        TwoEntrantsNeeded,
        StandingsNeedARound,
        NotAMcMahonCriterion { criterion: s("DC") },
        MatchOfTwo { players: 3 },
        BestOf { games: 4 },
        MatchGameOutside { game: 6, best_of: 5 },
        MatchDecided { a: 6, b: 0, game: 4 },
        MatchWithdrawn,
        KnockoutLosses { losses: 4 },
        LeitaiTwoTeams { teams: 3 },
        LeitaiWon { team: s("t1") },
        LeitaiBothLost,
        LeitaiDraw { round: 3 },
        TeamsNeeded { teams: 1 },
        TeamBoards { max: 8, boards: 9 },
        NoTeam { name: s("p001"), id: s("p001") },
        TeamShort { team: s("t1"), players: 2, boards: 4 },
        TeamShortInRound { team: s("t1"), players: 2, boards: 4, round: 3 },
        SameBoard { team: s("t1"), a: s("p001"), b: s("p002"), board: 1 },
        UnknownTeam { team: s("t9") },
        NotAnEntrant { player: s("p009") },
        NotEntrants { a: s("p001"), b: s("p009") },
        MatchRounds { best_of: 5, rounds: 4 },
        RanksFirstBy { criterion: s("MMS") },
        NotOpenGothaCriterion { criterion: s("CAT") },
        CriterionTwice { criterion: s("SOSM"), at: 3 },
        MmZero { zero: Rank::Kyu(20), from: Rank::Kyu(30) },
        HalfPoints { name: s("bye_mms2"), value: 3 },
        WeightRange { name: s("dudd_weight"), value: -1, max: 500 },
        GeoFactor { name: s("prefer_mms_diff_rather_than_same_club"), value: -1, max: 1000 },
        Nx1Factor { factor: Number(1.5) },
        SeedSystemRound,
        HandicapThreshold { value: 12 },
        HandicapStones { name: s("ceiling"), value: 10 },
        EntrantsRecords { entrants: 5, records: 4 },
        OpenGothaSystems,
        OutsideScoreGroups { round: 2, player: s("p004") },
        RoundAndRecords,
        BatchOdd { players: 5 },
        NotInGame { round: 3, player: s("p004") },
        NotANumber { key: s("rating"), value: s("x") },
        OpenGothaRank { written: s("12x") },
        AttributeNotRank { key: s("genMMBar"), written: s("x") },
        GameResult { written: s("RESULT_X") },
        PlayerSays { player: s("LEECHANGHO"), detail: Box::new(OpenGothaRank { written: s("x") }) },
        NotWellFormedXml { byte: 120, reader: s("ill-formed document: expected `</Tournament>`") },
        NotAmongPlayers { round: 2, seat: Seat::Black, key: s("LEECHANGHO") },
        NotAmongPlayers { round: 2, seat: Seat::White, key: s("LEECHANGHO") },
        NotAmongPlayers { round: 2, seat: Seat::Bye, key: s("LEECHANGHO") },
        PairingParameters(Box::new(SeedSystemRound)),
        PlaysThemselves { round: 2, player: s("p001") },
        TwoGames { round: 2, player: s("p001") },
        ByeAndGame { round: 2, player: s("p001") },
        NotBetween0And1 { key: s("paiMaNx1Factor"), value: Number(1.5) },
        TimeSystem { written: s("HOURGLASS") },
        NoTournamentElement,
        NoGeneralParameters,
        NotAnObject,
        SchemaMissing,
        Schema2Fields,
        RulesRevision { revision: 9, max: 8 },
        EventNeedsSchema { kind: EventKind::GameScheduled, needs: 2, found: 1 },
        EventNeedsGame { kind: EventKind::GameScheduled },
        EventNotOfGame { kind: EventKind::PlayerRegistered },
        ScheduledGameDiffers { game: s("r1-t3") },
        TournamentDiffers { tournament: s("t2") },
        NotALink { parser: s("relative URL without a base") },
        NotAnEnrollLink { expected: s("weiqi-arbiter:enroll?…") },
        OfficeAddressOnly,
        LinkVersion { found: s("3"), reads: s("2") },
        NoLinkVersion,
        LinkNoOffice,
        LinkNoCode,
        NotAHexDigit { found: 'g' },
        FingerprintLength { digits: 62 },
        FingerprintNeeded,
        FingerprintShort { least: 16, got: 8 },
        PlainHttp,
        MustStartHttps,
        OfficesOwnName,
        NoSealedMove { game: s("r1-t3") },
        SgfAt { line: 3, column: 7, detail: Box::new(SgfValueNotClosed) },
        SgfExpected { expected: '(', found: Some('x') },
        SgfValueNotClosed,
        SgfNoValue { property: s("KM") },
        SgfTooDeep { max: 1000 },
        SgfNotAPoint { written: s("zz"), size: 19 },
        SgfNoNode,
        SgfNotGo,
        SgfBoardSize { written: s("21") },
        AtMove { move_no: 52, detail: Box::new(KoRetaken) },
        IllegalBefore { move_no: 40, detail: Box::new(Occupied) },
        PointOffBoard { x: 20, y: 3 },
        Occupied,
        ForbiddenPoint,
        KoRetaken,
        PositionRepeated,
        CycleCompleted { cycle: Cycle::TripleKo },
        NotToMove { colour: Colour::White },
        HotStone { cycle: Cycle::TripleKo },
        DisturbingAgain,
        AfterTheEnd,
        NoSuchMove { moves: 120, asked: 200 },
        RecordTooLarge { bytes: 2_000_000, max: 1_000_000 },
    ]
}

/// Each variant's place in [`every_detail`]: a `match` with no wildcard.
#[cfg(test)]
pub(crate) fn ordinal(d: &Detail) -> usize {
    use Detail::*;
    match d {
        AsWritten(_) => 0,
        Of { .. } => 1,
        Id { .. } => 2,
        NameNeeded => 3,
        NoRank { .. } => 4,
        Columns { .. } => 5,
        ColumnsOverHeader { .. } => 6,
        UnknownColumn { .. } => 7,
        HeaderNeedsNameAndRank => 8,
        NoPlayers => 9,
        TooManyPlayers { .. } => 10,
        TooManyFaults { .. } => 11,
        NotARating { .. } => 12,
        NoNameInColumns { .. } => 13,
        GradeNotRank { .. } => 14,
        RatingNotNumber { .. } => 15,
        FfgLineLength { .. } => 16,
        NoEgfLine => 17,
        NoFfgLine => 18,
        NotARank { .. } => 19,
        DanOver { .. } => 20,
        KyuOver { .. } => 21,
        ProfessionalKyu { .. } => 22,
        WireRank { .. } => 23,
        WireKyuOver { .. } => 24,
        WireDanOver { .. } => 25,
        NotAPin { .. } => 26,
        NotACountry { .. } => 27,
        NotABoard { .. } => 28,
        BarBelowFloor { .. } => 29,
        NotAPoint { .. } => 30,
        OffBoard { .. } => 31,
        OffTheBoard { .. } => 32,
        GivenTwice { .. } => 33,
        NoStoneOn { .. } => 34,
        DeadTwice => 35,
        BoardSize { .. } => 36,
        CountOn19Only { .. } => 37,
        ChineseKomi { .. } => 38,
        StonesOver361 { .. } => 39,
        HalfStones { .. } => 40,
        InStones(_) => 41,
        KomiPoints { .. } => 42,
        IngKomi { .. } => 43,
        AtMost100 => 44,
        WholeNumber { .. } => 45,
        MethodNotUnder { .. } => 46,
        RanksOfTwoKinds { .. } => 47,
        HexDigits { .. } => 48,
        ClaimBeforeFoul { .. } => 49,
        ReservedAndOvertime => 50,
        ReservedOrOvertime => 51,
        MainTimeOver => 52,
        ReservedOverLimit { .. } => 53,
        TimeControlRanges => 54,
        NotTheSealedMove { .. } => 55,
        RoundsFromOne => 56,
        RoundOutside { .. } => 57,
        RoundOver { .. } => 58,
        RoundList { .. } => 59,
        AlreadyPaired { .. } => 60,
        RoundOutsideRoundRobin { .. } => 61,
        TooFewToPair { .. } => 62,
        EarlierUnfinished { .. } => 63,
        NoBracketRound { .. } => 64,
        BothStillIn { .. } => 65,
        KnockoutDraw { .. } => 66,
        KnockoutWon { .. } => 67,
        KnockoutEmpty => 68,
        TwoEntrantsNeeded => 69,
        StandingsNeedARound => 70,
        NotAMcMahonCriterion { .. } => 71,
        MatchOfTwo { .. } => 72,
        BestOf { .. } => 73,
        MatchGameOutside { .. } => 74,
        MatchDecided { .. } => 75,
        MatchWithdrawn => 76,
        KnockoutLosses { .. } => 77,
        LeitaiTwoTeams { .. } => 78,
        LeitaiWon { .. } => 79,
        LeitaiBothLost => 80,
        LeitaiDraw { .. } => 81,
        TeamsNeeded { .. } => 82,
        TeamBoards { .. } => 83,
        NoTeam { .. } => 84,
        TeamShort { .. } => 85,
        TeamShortInRound { .. } => 86,
        SameBoard { .. } => 87,
        UnknownTeam { .. } => 88,
        NotAnEntrant { .. } => 89,
        NotEntrants { .. } => 90,
        MatchRounds { .. } => 91,
        RanksFirstBy { .. } => 92,
        NotOpenGothaCriterion { .. } => 93,
        CriterionTwice { .. } => 94,
        MmZero { .. } => 95,
        HalfPoints { .. } => 96,
        WeightRange { .. } => 97,
        GeoFactor { .. } => 98,
        Nx1Factor { .. } => 99,
        SeedSystemRound => 100,
        HandicapThreshold { .. } => 101,
        HandicapStones { .. } => 102,
        EntrantsRecords { .. } => 103,
        OpenGothaSystems => 104,
        OutsideScoreGroups { .. } => 105,
        RoundAndRecords => 106,
        BatchOdd { .. } => 107,
        NotInGame { .. } => 108,
        NotANumber { .. } => 109,
        OpenGothaRank { .. } => 110,
        AttributeNotRank { .. } => 111,
        GameResult { .. } => 112,
        PlayerSays { .. } => 113,
        NotWellFormedXml { .. } => 114,
        NotAmongPlayers { .. } => 115,
        PairingParameters(_) => 116,
        PlaysThemselves { .. } => 117,
        TwoGames { .. } => 118,
        ByeAndGame { .. } => 119,
        NotBetween0And1 { .. } => 120,
        TimeSystem { .. } => 121,
        NoTournamentElement => 122,
        NoGeneralParameters => 123,
        NotAnObject => 124,
        SchemaMissing => 125,
        Schema2Fields => 126,
        RulesRevision { .. } => 127,
        EventNeedsSchema { .. } => 128,
        EventNeedsGame { .. } => 129,
        EventNotOfGame { .. } => 130,
        ScheduledGameDiffers { .. } => 131,
        TournamentDiffers { .. } => 132,
        NotALink { .. } => 133,
        NotAnEnrollLink { .. } => 134,
        OfficeAddressOnly => 135,
        LinkVersion { .. } => 136,
        NoLinkVersion => 137,
        LinkNoOffice => 138,
        LinkNoCode => 139,
        NotAHexDigit { .. } => 140,
        FingerprintLength { .. } => 141,
        FingerprintNeeded => 142,
        FingerprintShort { .. } => 143,
        PlainHttp => 144,
        MustStartHttps => 145,
        OfficesOwnName => 146,
        NoSealedMove { .. } => 147,
        SgfAt { .. } => 148,
        SgfExpected { .. } => 149,
        SgfValueNotClosed => 150,
        SgfNoValue { .. } => 151,
        SgfTooDeep { .. } => 152,
        SgfNotAPoint { .. } => 153,
        SgfNoNode => 154,
        SgfNotGo => 155,
        SgfBoardSize { .. } => 156,
        AtMove { .. } => 157,
        IllegalBefore { .. } => 158,
        PointOffBoard { .. } => 159,
        Occupied => 160,
        ForbiddenPoint => 161,
        KoRetaken => 162,
        PositionRepeated => 163,
        CycleCompleted { .. } => 164,
        NotToMove { .. } => 165,
        HotStone { .. } => 166,
        DisturbingAgain => 167,
        AfterTheEnd => 168,
        NoSuchMove { .. } => 169,
        RecordTooLarge { .. } => 170,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::DomainError;

    /// The variants `enum Detail` declares in this file's source (a line of four spaces and a
    /// capital letter inside it): what [`every_detail`] must cover.
    fn declared() -> usize {
        let source = include_str!("detail.rs");
        let body = source.split("pub enum Detail {").nth(1).and_then(|b| b.split("\n}\n").next()).unwrap_or("");
        body.lines().filter(|l| l.starts_with("    ") && l[4..].starts_with(|c: char| c.is_ascii_uppercase())).count()
    }

    /// ASCII words a sentence of another language says outside code (between backticks).
    fn english_words(text: &str) -> Vec<String> {
        const NAMES: [&str; 10] = ["OpenGotha", "JSON", "UUID", "XML", "ID", "SGF", "CSV", "QR", "Code", "ISO"];
        let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        prose
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1 && !NAMES.contains(w))
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn every_detail_is_said_in_all_five_languages_none_by_falling_back() {
        let all = every_detail();
        let mut seen: Vec<usize> = all.iter().map(ordinal).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), declared(), "every_detail() lacks a variant: {seen:?}");
        assert!(declared() > 100, "{}", declared());
        let nouns = Noun::ALL.iter().map(|n| (format!("{n:?}"), Said::each(|l| n.said(l))));
        let faults = IdFault::ALL.iter().map(|f| (format!("{f:?}"), Said::each(|l| f.said(l))));
        let details = all.iter().map(|d| (format!("{d:?}"), Said::each(|l| d.said(l))));
        for (what, said) in details.chain(nouns).chain(faults) {
            for l in [Lang::Zh, Lang::ZhHant, Lang::Ko, Lang::Ja] {
                let text = said.get(l);
                assert!(!text.trim().is_empty() && text != said.en, "{what} in {l:?} is the English: {text}");
                assert!(
                    english_words(text).is_empty(),
                    "{what} in {l:?} keeps English {:?}: {text}",
                    english_words(text)
                );
            }
        }
        // The check finds what it is for.
        assert_eq!(english_words("字段 `line 2`：a name"), ["name"]);
        assert_eq!(english_words("OpenGotha 的 `sgf` 文件"), Vec::<String>::new());
    }

    #[test]
    fn a_korean_organiser_pasting_a_rank_written_wrong_reads_korean_only() {
        let review = crate::interop::players_csv::review("이창호,열두급\n조훈현,9단\n", &[], 0);
        let [fault] = &review.faults[..] else { panic!("{:?}", review.faults) };
        assert_eq!(fault.line, 1);
        assert_eq!(fault.detail, Detail::of(Noun::Rank, Detail::NotARank { written: "열두급".into() }));
        assert_eq!(fault.said.ko, "단급: `열두급`은(는) 단급이 아닙니다(예: `아마 3단`, `5급`, `프로 9단`, `초단`)");
        assert_eq!(fault.message, "rank: `열두급` is not a rank (e.g. `3d`, `5k`, `1p`)");
        // Imported, the same line refuses the file, its lead and the line in Korean.
        let e = DomainError::BadLines { file: "players csv", lines: review.faults.clone() };
        let ko = e.said().ko;
        assert_eq!(
            ko,
            "선수 명단 파일에 잘못된 행이 1개 있어 아무것도 저장하지 않았습니다: 1행: 단급: `열두급`은(는) 단급이 아닙니다(예: `아마 3단`, `5급`, `프로 9단`, `초단`)"
        );
        assert!(english_words(&ko).is_empty(), "{ko}");
        assert_eq!(
            e.to_string(),
            "players csv: 1 bad lines, nothing stored: line 1: rank: `열두급` is not a rank (e.g. `3d`, `5k`, `1p`)"
        );
    }

    #[test]
    fn a_values_refusal_crosses_serde_typed() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Entry {
            game: crate::model::GameId,
            rank: Rank,
        }
        let mut de = serde_json::Deserializer::from_str(r#"{"game": "r1 t3", "rank": "3d"}"#);
        let e = serde_path_to_error::deserialize::<_, Entry>(&mut de).unwrap_err();
        let e = crate::error::at_field(e.path().to_string(), e.into_inner().to_string());
        let refusal = DomainError::InvalidId { kind: Noun::Game, value: "r1 t3".into(), reason: IdFault::Characters };
        assert_eq!(e, DomainError::InField { field: "game".into(), refusal: Box::new(refusal) });
        assert_eq!(e.code(), "invalid_id");
        assert_eq!(e.said().ja, "フィールド `game`：無効な対局ID `r1 t3`：英字、数字、. _ - だけが使えます");
        let mut de = serde_json::Deserializer::from_str(r#"{"game": "r1-t3", "rank": "12k9"}"#);
        let e = serde_path_to_error::deserialize::<_, Entry>(&mut de).unwrap_err();
        let e = crate::error::at_field(e.path().to_string(), e.into_inner().to_string());
        let DomainError::InField { refusal, .. } = &e else { panic!("{e:?}") };
        assert_eq!(
            **refusal,
            DomainError::Outside { what: Noun::Rank, detail: Detail::WireRank { written: "12k9".into() } }
        );
        // A parser's own words are quoted as written, in a sentence of the language.
        let e = crate::error::at_field("body.kind".into(), "unknown variant `x`, expected `y`".into());
        assert_eq!(e.said().zh, "字段 `body.kind`：原文：`unknown variant ‘x’, expected ‘y’`");
        assert_eq!(e.to_string(), "field `body.kind`: unknown variant `x`, expected `y`");
    }
}

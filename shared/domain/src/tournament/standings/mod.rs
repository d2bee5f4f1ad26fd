//! Standings: 第二十八条's scoring and tie-breaks for round robin and Swiss events (with
//! 第二十九条's withdrawals), and McMahon criteria as OpenGotha defines them. Every place
//! carries the numbers that decided it.

pub mod art28;
pub mod art29_withdrawal;
pub mod best_of;
pub mod direct;
pub mod knockout;
pub mod leitai;
pub mod mcmahon;
pub mod team;

use crate::labels::said;
use std::cmp::Ordering;

use serde::Serialize;

use crate::model::{PlayerId, Rank};
use crate::tournament::frac::Frac;

/// A ranking criterion. Chinese criteria are named for their article; McMahon criteria carry
/// OpenGotha's names (its files' placement parameters use these).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Criterion {
    /// 第二十八条一 积分: win 2, draw 1, loss 0.
    #[serde(rename = "points")]
    Points,
    /// 第二十八条一1 A: points of beaten opponents plus half those of drawn ones.
    #[serde(rename = "A")]
    BeatenOpponents,
    /// 第二十八条一1 B: fewer warnings over the whole event ranks higher.
    #[serde(rename = "B")]
    Warnings,
    /// 第二十八条一2 总得分 = points + (opponents' points ÷ ½ maximum − rounds).
    #[serde(rename = "total")]
    SwissTotal,
    /// 第二十八条一2's added term alone (opponents' points ÷ ½ maximum − rounds).
    #[serde(rename = "opponents_term")]
    OpponentsTerm,
    /// 第二十七条一 淘汰制: the round a player went out in (still in ranks above every round).
    #[serde(rename = "reached")]
    Reached,
    /// 第二十七条六 擂台赛: players a team has left.
    #[serde(rename = "players_left")]
    PlayersLeft,
    /// 第二十八条二 场分: each team match 2/1/0 by game points.
    #[serde(rename = "match_points")]
    MatchPoints,
    /// 第二十八条二 局分: the team's board games, each 2/1/0.
    #[serde(rename = "game_points")]
    GamePoints,
    /// 第二十八条二1: game points on board 1, 2, … in turn.
    #[serde(rename = "board1")]
    Board1,
    #[serde(rename = "board2")]
    Board2,
    #[serde(rename = "board3")]
    Board3,
    #[serde(rename = "board4")]
    Board4,
    #[serde(rename = "board5")]
    Board5,
    #[serde(rename = "board6")]
    Board6,
    #[serde(rename = "board7")]
    Board7,
    #[serde(rename = "board8")]
    Board8,
    #[serde(rename = "NBW")]
    Nbw,
    #[serde(rename = "MMS")]
    Mms,
    #[serde(rename = "SOSW")]
    Sosw,
    #[serde(rename = "SOSW-1")]
    SoswM1,
    #[serde(rename = "SOSW-2")]
    SoswM2,
    #[serde(rename = "SODOSW")]
    Sodosw,
    #[serde(rename = "SOSOSW")]
    Sososw,
    #[serde(rename = "CUSSW")]
    Cussw,
    #[serde(rename = "SOSM")]
    Sosm,
    #[serde(rename = "SOSM-1")]
    SosmM1,
    #[serde(rename = "SOSM-2")]
    SosmM2,
    #[serde(rename = "SODOSM")]
    Sodosm,
    #[serde(rename = "SOSOSM")]
    Sososm,
    #[serde(rename = "CUSSM")]
    Cussm,
    #[serde(rename = "EXT")]
    Ext,
    #[serde(rename = "EXR")]
    Exr,
    #[serde(rename = "Rank")]
    Rank,
    #[serde(rename = "Rating")]
    Rating,
    #[serde(rename = "CAT")]
    Cat,
    /// OpenGotha's direct confrontation among players tied before it ([`direct`]).
    #[serde(rename = "DC")]
    Dc,
    /// OpenGotha's simplified direct confrontation ([`direct`]).
    #[serde(rename = "SDC")]
    Sdc,
}

impl Criterion {
    /// The name on the wire and in exports (OpenGotha's long name for its criteria).
    pub fn name(self) -> &'static str {
        use Criterion::*;
        match self {
            Points => "points",
            BeatenOpponents => "A",
            Warnings => "B",
            SwissTotal => "total",
            OpponentsTerm => "opponents_term",
            Reached => "reached",
            PlayersLeft => "players_left",
            MatchPoints => "match_points",
            GamePoints => "game_points",
            Board1 => "board1",
            Board2 => "board2",
            Board3 => "board3",
            Board4 => "board4",
            Board5 => "board5",
            Board6 => "board6",
            Board7 => "board7",
            Board8 => "board8",
            Nbw => "NBW",
            Mms => "MMS",
            Sosw => "SOSW",
            SoswM1 => "SOSW-1",
            SoswM2 => "SOSW-2",
            Sodosw => "SODOSW",
            Sososw => "SOSOSW",
            Cussw => "CUSSW",
            Sosm => "SOSM",
            SosmM1 => "SOSM-1",
            SosmM2 => "SOSM-2",
            Sodosm => "SODOSM",
            Sososm => "SOSOSM",
            Cussm => "CUSSM",
            Ext => "EXT",
            Exr => "EXR",
            Rank => "Rank",
            Rating => "Rating",
            Cat => "CAT",
            Dc => "DC",
            Sdc => "SDC",
        }
    }

    /// OpenGotha's short name, as `.h9` headers print it.
    pub fn short_name(self) -> &'static str {
        use Criterion::*;
        match self {
            Cussw | Cussm => "CUSS",
            Sosw | Sosm => "SOS",
            SoswM1 | SosmM1 => "SOS-1",
            SoswM2 | SosmM2 => "SOS-2",
            Sodosw | Sodosm => "SODOS",
            Sososw | Sososm => "SOSOS",
            other => other.name(),
        }
    }

    /// Game points on board `k` (1-based) of a team match, up to board 8.
    pub fn board(k: u8) -> Option<Criterion> {
        use Criterion::*;
        [Board1, Board2, Board3, Board4, Board5, Board6, Board7, Board8].get(usize::from(k).checked_sub(1)?).copied()
    }

    /// Every criterion a McMahon or Swiss event run the OpenGotha way can name.
    pub const OPENGOTHA: [Criterion; 21] = [
        Criterion::Cat,
        Criterion::Nbw,
        Criterion::Mms,
        Criterion::Rank,
        Criterion::Rating,
        Criterion::Cussw,
        Criterion::Cussm,
        Criterion::Sosw,
        Criterion::SoswM1,
        Criterion::SoswM2,
        Criterion::Sodosw,
        Criterion::Sosm,
        Criterion::SosmM1,
        Criterion::SosmM2,
        Criterion::Sodosm,
        Criterion::Sososw,
        Criterion::Sososm,
        Criterion::Ext,
        Criterion::Exr,
        Criterion::Dc,
        Criterion::Sdc,
    ];

    /// An OpenGotha placement criterion by the name its files use.
    pub fn from_opengotha(name: &str) -> Option<Criterion> {
        Criterion::OPENGOTHA.into_iter().find(|c| c.name() == name)
    }

    /// Lower is better only for warnings (第二十八条 B).
    fn lower_is_better(self) -> bool {
        self == Criterion::Warnings
    }
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Standing {
    pub place: u32,
    /// 第二十八条 C: tied on every criterion, the place is shared.
    pub shared: bool,
    /// 第二十八条 D: tied where the event allows no shared place — a play-off or lots decide.
    pub playoff_or_lots: bool,
    pub player: PlayerId,
    pub name: String,
    pub rank: Rank,
    /// Values in the order of [`Standings::criteria`], then [`Standings::shown`].
    pub values: Vec<Frac>,
    /// The first criterion that separates this row from the one above it.
    pub decided_by: Option<Criterion>,
    /// 第二十九条: withdrew after this round.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub withdrawn_after: Option<u16>,
}

/// Something people should know about how standings were computed, in every language.
pub type Note = crate::labels::Said;

/// 第二十八条 D, where shared places are not allowed.
pub(crate) fn no_shared_places() -> Note {
    said!(_l =>
        zh: "第二十八条 D：本赛不允许名次并列，并列者须加赛或抽签",
        en: "Art. 28 D: shared places are not allowed here; tied players are flagged for a play-off or lots",
        zh_hant: "第二十八條 D：本賽不允許名次並列，並列者須加賽或抽籤",
        ko: "제28조 D: 이 대회는 공동 순위를 허용하지 않습니다. 동점자는 결정전이나 추첨 대상으로 표시합니다",
        ja: "第二十八条 D：この大会では同順位を認めません。同点者は決定戦か抽選の対象として示します",
    )
}

/// `n` games of the rounds counted have no result yet.
pub fn provisional(n: usize) -> Note {
    said!(_l =>
        zh: format!("{n} 局尚无结果：成绩为临时"),
        en: format!("{n} game(s) have no result yet: these standings are provisional"),
        zh_hant: format!("{n} 局尚無結果：成績為臨時"),
        ko: format!("{n}국의 결과가 아직 없습니다: 이 순위는 잠정입니다"),
        ja: format!("{n} 局の結果がまだありません：この順位は暫定です"),
    )
}

/// How 第二十八条一2's Swiss total is read (see the rules digest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum SwissReading {
    /// Rank by points; the added term only breaks ties between equal points. The default:
    /// read literally the term can exceed a point and reorder players on different scores.
    #[default]
    TieBreak,
    /// Rank by the total as printed.
    Literal,
}

/// The standings after some round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Standings {
    /// After this round.
    pub round: u16,
    /// The ranking criteria, in order.
    pub criteria: Vec<Criterion>,
    /// Values shown after the ranking ones that decide nothing (e.g. the Swiss total as the
    /// rules print it, under the tie-break reading).
    pub shown: Vec<Criterion>,
    /// Which reading of 第二十八条一2 is in force, for Swiss events.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    pub swiss_reading: Option<SwissReading>,
    /// What people should know about how these were computed (readings, data left out).
    pub notes: Vec<Note>,
    pub rows: Vec<Standing>,
}

impl Standings {
    /// Standings placed by `criteria` (第二十八条 C/D per `shared_allowed`), no Swiss reading.
    pub(crate) fn ranked(
        round: u16,
        criteria: Vec<Criterion>,
        shown: Vec<Criterion>,
        notes: Vec<Note>,
        rows: Vec<Unplaced>,
        shared_allowed: bool,
    ) -> Standings {
        let rows = place(&criteria, rows, shared_allowed);
        Standings { round, criteria, shown, swiss_reading: None, notes, rows }
    }
}

/// A row before placing: who, and the value of each ranking criterion.
pub(crate) struct Unplaced<'a> {
    pub player: &'a crate::tournament::field::Entrant,
    pub values: Vec<Frac>,
}

fn compare(criteria: &[Criterion], a: &[Frac], b: &[Frac]) -> Ordering {
    for (i, c) in criteria.iter().enumerate() {
        let o = if c.lower_is_better() { a[i].cmp(&b[i]) } else { b[i].cmp(&a[i]) };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// Orders rows by the criteria, best first; equal rows share a place (第二十八条 C) or, where
/// shared places are not allowed, are flagged for a play-off or lots (D).
pub(crate) fn place(criteria: &[Criterion], mut rows: Vec<Unplaced>, shared_allowed: bool) -> Vec<Standing> {
    rows.sort_by(|a, b| compare(criteria, &a.values, &b.values).then_with(|| a.player.id.cmp(&b.player.id)));
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let above = i.checked_sub(1).map(|j| &rows[j]);
        let tied_above = above.is_some_and(|a| compare(criteria, &a.values, &r.values) == Ordering::Equal);
        let tied_below = rows.get(i + 1).is_some_and(|b| compare(criteria, &b.values, &r.values) == Ordering::Equal);
        let place = if tied_above { out[i - 1].place } else { i as u32 + 1 };
        let decided_by = above
            .and_then(|a| criteria.iter().zip(a.values.iter().zip(&r.values)).find(|(_, (x, y))| x != y))
            .map(|(c, _)| *c);
        let tied = tied_above || tied_below;
        out.push(Standing {
            place,
            shared: tied && shared_allowed,
            playoff_or_lots: tied && !shared_allowed,
            player: r.player.id.clone(),
            name: r.player.name.clone(),
            rank: r.player.rank,
            values: r.values.clone(),
            decided_by,
            withdrawn_after: r.player.withdrawn_after,
        });
    }
    out
}

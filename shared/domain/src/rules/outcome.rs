//! How a game ends and why.

use serde::{Deserialize, Serialize};

use crate::labels::{display_via_label, Label, Labelled};
use crate::model::Colour;

/// A winning margin in the unit of the counting method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "unit", content = "quarters_or_halves", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Margin {
    /// In quarter-stones: 3 = ¾ 子.
    Stones(u32),
    /// In half-points: 13 = 6.5 目.
    Points(u32),
}

impl Margin {
    /// “¾子”, “1¼子”, “6.5目”.
    pub fn zh(self) -> String {
        match self {
            Margin::Stones(q) => {
                let whole = q / 4;
                let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
                match (whole, frac) {
                    (0, "") => "0子".to_owned(),
                    (0, f) => format!("{f}子"),
                    (w, f) => format!("{w}{f}子"),
                }
            }
            Margin::Points(h) if h % 2 == 0 => format!("{}目", h / 2),
            Margin::Points(h) => format!("{}.5目", h / 2),
        }
    }
}

/// The outcome of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Outcome {
    Win {
        winner: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        margin: Option<Margin>,
    },
    Draw,
    /// 重下: the game is to be replayed.
    ReplayOrdered,
    /// 双方判负 / 双方弃权作负.
    BothLose,
    /// 無勝負 (KBA).
    NoResult,
}

impl Outcome {
    pub fn win(winner: Colour) -> Self {
        Outcome::Win { winner, margin: None }
    }
}

/// Why the game ended so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum ResultReason {
    Count,
    Resignation,
    Time,
    Forfeit,
    SecondWarning,
    DoubleMove,
    DeliberateMovedStones,
    ScatteredBoard,
    /// Any other ruling that ends the game (a loss under 24.3, 25.1, a KBA foul, a draw…).
    Ruling,
    /// 第十三条一: entered by a referee or the chief arbiter (a score sheet, a decision).
    Entered,
    /// Corrected by an explicit correction (game::correction), which names what it replaced.
    Corrected,
}

impl ResultReason {
    /// Every reason, for label tables.
    pub const ALL: [ResultReason; 11] = [
        ResultReason::Count,
        ResultReason::Resignation,
        ResultReason::Time,
        ResultReason::Forfeit,
        ResultReason::SecondWarning,
        ResultReason::DoubleMove,
        ResultReason::DeliberateMovedStones,
        ResultReason::ScatteredBoard,
        ResultReason::Ruling,
        ResultReason::Entered,
        ResultReason::Corrected,
    ];

    /// Position in [`ResultReason::ALL`]; a new variant fails to compile here until listed.
    pub fn index(self) -> usize {
        use ResultReason::*;
        match self {
            Count => 0,
            Resignation => 1,
            Time => 2,
            Forfeit => 3,
            SecondWarning => 4,
            DoubleMove => 5,
            DeliberateMovedStones => 6,
            ScatteredBoard => 7,
            Ruling => 8,
            Entered => 9,
            Corrected => 10,
        }
    }
}

impl Labelled for ResultReason {
    fn label(&self) -> Label {
        use ResultReason::*;
        match self {
            Count => Label::new("数子", "by count"),
            Resignation => Label::new("中盘认输", "by resignation"),
            Time => Label::new("超时", "on time"),
            Forfeit => Label::new("弃权", "by forfeit"),
            SecondWarning => Label::new("第二次警告", "second warning"),
            DoubleMove => Label::new("连走二步", "double move"),
            DeliberateMovedStones => Label::new("故意移子", "deliberately moved stones"),
            ScatteredBoard => Label::new("散乱棋局", "scattered board"),
            Ruling => Label::new("裁判判决", "by ruling"),
            Entered => Label::new("录入结果", "entered"),
            Corrected => Label::new("结果已更正", "corrected"),
        }
    }
}
display_via_label!(ResultReason);

impl Labelled for Outcome {
    fn label(&self) -> Label {
        match self {
            Outcome::Win { winner: Colour::Black, .. } => Label::new("黑胜", "Black wins"),
            Outcome::Win { winner: Colour::White, .. } => Label::new("白胜", "White wins"),
            Outcome::Draw => Label::new("和棋", "draw"),
            Outcome::ReplayOrdered => Label::new("重下", "replay ordered"),
            Outcome::BothLose => Label::new("双方判负", "both lose"),
            Outcome::NoResult => Label::new("无胜负", "no result"),
        }
    }
}
display_via_label!(Outcome);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_is_listed_once() {
        for (i, r) in ResultReason::ALL.iter().enumerate() {
            assert_eq!(r.index(), i);
        }
    }
}

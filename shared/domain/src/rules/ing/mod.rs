//! The Ing rules (seed 003, 應氏圍棋規則 計點制) as a ruleset: what the seed states —
//! 二 the ko (hot stones, disturbing ko: `board::KoRule::Ing`), 三 passes, 四 fill-in counting
//! a point a point, 五 8 points for an even game and compensation by rank difference, penalty
//! stones 2 points each — and, for everything the seed does not state (time limits, lateness,
//! the referee's penalties), the tournament's 裁判法 table: the Chinese rows, each citing its
//! own article, so the record shows which text applied.

pub mod compensation;

pub use compensation::{balance, compensation, Balanced, Compensation};

/// Komi for an even game, in points (五: "分先對局時一律貼還八點").
pub const EVEN_KOMI_POINTS: u32 = 8;

/// Points one penalty stone (罰子, or a 負子, or a 局差還子) is worth (四: "每子二點").
pub const POINTS_PER_STONE: u32 = 2;

/// What the ruleset says of itself where a ruleset is chosen.
pub const DESCRIPTION: (&str, &str) = (
    "应氏计点制：变穷打劫、劫分争搅（热子、搅劫）；填满计点，分先贴还8点，局差按段级品位贴还；罚子每子2点。时限、迟到、纪律等规则未及之处，依本赛事裁判法（中国规则第三章）。",
    "Ing rules (SST): ko by hot stones and the disturbing-ko rule; fill-in point counting, 8 points komi in even games, compensation by rank difference; penalty stones 2 points each. What the rules do not state (time limits, lateness, discipline) follows this event's referee rules (Chinese rules, chapter 3).",
);

//! A ruleset as a value of independent settings, built from a named preset (KataGo's
//! `Rules` is the model). The wire form ([`RulesetSpec`]) names the preset and its one
//! choice, komi; [`Ruleset`] is what the engine runs with.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::labels::{display_via_label, Label, Labelled};
use crate::rules::penalty::PenaltyTable;
use crate::rules::{chinese, ing, korean, Article, IncidentType};

/// Komi for Chinese area counting, in 子 (第十一条 and the seeds' variants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "number"))]
pub enum ChineseKomi {
    /// 2 子: the 1988 text (seed 000). A draw is possible.
    Two,
    /// 2¾ 子 = 5.5 points (seed 001).
    TwoAndThreeQuarters,
    /// 3¾ 子 = 7.5 points (seed 002): the default.
    #[default]
    ThreeAndThreeQuarters,
}

impl ChineseKomi {
    /// Komi in quarter-stones, the unit the count is decided in.
    pub fn quarters(self) -> u32 {
        match self {
            ChineseKomi::Two => 8,
            ChineseKomi::TwoAndThreeQuarters => 11,
            ChineseKomi::ThreeAndThreeQuarters => 15,
        }
    }
}

impl Serialize for ChineseKomi {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(f64::from(self.quarters()) / 4.0)
    }
}

impl<'de> Deserialize<'de> for ChineseKomi {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        match v {
            2.0 => Ok(ChineseKomi::Two),
            2.75 => Ok(ChineseKomi::TwoAndThreeQuarters),
            3.75 => Ok(ChineseKomi::ThreeAndThreeQuarters),
            _ => Err(crate::error::to_serde(crate::error::DomainError::Outside {
                what: crate::error::Noun::Komi,
                detail: crate::error::Detail::ChineseKomi { stones: crate::error::Number(v) },
            })),
        }
    }
}

/// How returns to an earlier whole-board position are ruled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KoRule {
    /// 第二十条一 (the ko), 第六条 (no repetition), 第二十条三 (the rare cycles end the game):
    /// the Chinese rules, and the Korean ones (KBA 第八条, 第十六条) alike.
    #[default]
    Chinese,
    /// Seed 003's 變窮打劫、劫分爭攪 (Ing 二).
    Ing,
}

/// The ruleset named in a tournament or game: the wire form.
/// `{"preset": "chinese_1988", "komi": 3.75}`, `{"preset": "korean"}` or `{"preset": "ing"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "preset", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum RulesetSpec {
    #[serde(rename = "chinese_1988")]
    Chinese1988 {
        #[serde(default)]
        komi: ChineseKomi,
    },
    #[serde(rename = "korean")]
    Korean,
    /// Seed 003: komi 8 points in an even game (五); a game balanced by rank difference names
    /// its own (`komi_points`, 0–8).
    #[serde(rename = "ing")]
    Ing {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        komi_points: Option<IngKomi>,
    },
}

impl RulesetSpec {
    /// The Ing rules for an even game: 8 points.
    pub const ING: RulesetSpec = RulesetSpec::Ing { komi_points: None };
}

/// Komi under the Ing rules, in points: 8 for an even game, less by 2 points a quarter-先 of
/// rank difference (五), so 0, 2, 4, 6 or 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "number"))]
pub struct IngKomi(u8);

impl IngKomi {
    /// An even game's 8 points.
    pub const EVEN: IngKomi = IngKomi(8);

    /// `points` of komi, if the rules have it.
    pub fn new(points: u32) -> Option<IngKomi> {
        u8::try_from(points).ok().filter(|p| u32::from(*p) <= ing::EVEN_KOMI_POINTS && p % 2 == 0).map(IngKomi)
    }

    pub fn points(self) -> u32 {
        u32::from(self.0)
    }
}

impl Serialize for IngKomi {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for IngKomi {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = u32::deserialize(d)?;
        IngKomi::new(v).ok_or_else(|| {
            crate::error::to_serde(crate::error::DomainError::Outside {
                what: crate::error::Noun::KomiPoints,
                detail: crate::error::Detail::IngKomi { points: v },
            })
        })
    }
}

impl Default for RulesetSpec {
    fn default() -> Self {
        RulesetSpec::Chinese1988 { komi: ChineseKomi::default() }
    }
}

/// The named presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Preset {
    Chinese1988,
    Korean,
    Ing,
}

impl Labelled for Preset {
    fn label(&self) -> Label {
        match self {
            Preset::Chinese1988 => Label::new("中国围棋竞赛规则（1988）", "Chinese rules (1988)"),
            Preset::Korean => Label::new("韩国棋院规则", "Korean Baduk Association rules"),
            Preset::Ing => Label::new("应氏围棋规则（计点制）", "Ing rules (SST)"),
        }
    }
}
display_via_label!(Preset);

/// How the result is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Counting {
    /// 数子法 (第九条): stones plus surrounded points, against the even line 180½.
    Area,
    /// 地計算 (KBA Art. 13): territory plus prisoners.
    Territory,
    /// 填滿計點 (seed 003 四): each side's points, a point a point, against each other.
    Points,
}

/// Komi in the unit of the counting method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Komi {
    /// In quarter-stones (子 × 4).
    QuarterStones(u32),
    /// In half-points (目 × 2).
    HalfPoints(u32),
}

/// The settings the engine runs with.
#[derive(Debug, Clone, Copy)]
pub struct Ruleset {
    pub spec: RulesetSpec,
    pub preset: Preset,
    pub counting: Counting,
    pub komi: Komi,
    /// Warnings in one game that lose it (第二十五条二; KBA: second yellow card).
    pub warnings_to_lose: usize,
    /// The article that makes the warning count lose.
    pub warning_loss_article: Article,
    /// Where the text has its own sentence for a second warning of one kind (KBA: the second
    /// ring, the second noise), that sentence decides instead of `warning_loss_article`; from
    /// rules revision 7 such a kind also counts on its own (`counts_with`).
    pub second_warning: &'static [(IncidentType, Article)],
    /// The article for a win by resignation.
    pub resignation_article: Article,
    /// The article for a result by count.
    pub count_article: Article,
    pub table: &'static PenaltyTable,
    /// How returns to an earlier position are ruled (第二十条 / seed 003 二).
    pub ko: KoRule,
    /// What the ruleset says of itself where one is chosen (zh, en).
    pub description: (&'static str, &'static str),
}

impl Ruleset {
    pub fn from_spec(spec: RulesetSpec) -> Self {
        match spec {
            RulesetSpec::Chinese1988 { komi } => Ruleset {
                spec,
                preset: Preset::Chinese1988,
                counting: Counting::Area,
                komi: Komi::QuarterStones(komi.quarters()),
                warnings_to_lose: 2,
                warning_loss_article: Article::Art25_2,
                second_warning: &[],
                resignation_article: Article::Art7_2,
                count_article: Article::Art9,
                table: &chinese::TABLE,
                ko: KoRule::Chinese,
                description: (
                    "中国围棋竞赛规则（1988）：数子法，第二十条的打劫与循环，裁判法第三章。",
                    "Chinese rules (1988): area counting, the ko and cycles of Art. 20, the referee rules of chapter 3.",
                ),
            },
            RulesetSpec::Korean => Ruleset {
                spec,
                preset: Preset::Korean,
                counting: Counting::Territory,
                komi: Komi::HalfPoints(13),
                warnings_to_lose: 2,
                // Seed 004 has no general rule on warnings (付則第一条5 is about repeating
                // 付則第二条一): warnings from the Chinese rows it borrows lose under 第二十五条二,
                // counted among themselves; rings and noises each count on their own.
                warning_loss_article: Article::Art25_2,
                second_warning: &[
                    (IncidentType::PhoneRang, Article::KrC1_1_2),
                    (IncidentType::Noise, Article::KrC1_2_2),
                    (IncidentType::ClockStoppedFillingDame, Article::KrA1_5),
                ],
                resignation_article: Article::Kr15,
                count_article: Article::Kr14,
                table: &korean::TABLE,
                ko: KoRule::Chinese,
                description: (
                    "韩国棋院规则：数目法贴6目半，附则的犯规判负（须即时提出），其余依中国规则裁判法。",
                    "KBA rules: territory counting, komi 6.5, a loss by a foul for the appendix's fouls (objected to at once); otherwise the Chinese referee rules.",
                ),
            },
            RulesetSpec::Ing { komi_points } => Ruleset {
                spec,
                preset: Preset::Ing,
                counting: Counting::Points,
                komi: Komi::HalfPoints(2 * komi_points.map_or(ing::EVEN_KOMI_POINTS, IngKomi::points)),
                // Seed 003 has no warnings: the 裁判法's second warning loses (第二十五条二).
                warnings_to_lose: 2,
                warning_loss_article: Article::Art25_2,
                second_warning: &[],
                // 三: two stones placed on the board is resignation.
                resignation_article: Article::Ing3,
                count_article: Article::Ing4,
                table: &chinese::TABLE,
                ko: KoRule::Ing,
                description: ing::DESCRIPTION,
            },
        }
    }

    /// The sentence that makes the deciding warning lose: the text's own sentence for a second
    /// warning of the same kind (KBA 競技の規則 第一条1 2) the second ring, 第一条2 2) the second
    /// noise), else the ruleset's rule on the warning count (第二十五条二).
    pub fn warning_loss(&self, deciding: IncidentType, earlier: &[IncidentType]) -> Article {
        self.second_warning
            .iter()
            .find(|(kind, _)| *kind == deciding && earlier.contains(kind))
            .map_or(self.warning_loss_article, |(_, article)| *article)
    }

    /// Whether an earlier warning for `earlier` counts toward the loss a warning for `kind`
    /// brings (rules revision 7 on). KBA 競技の規則 第一条 counts a ring and a noise each on its
    /// own ("1次：警告, 2次：反則負け" under 1.1 and again under 1.2): a kind with its own sentence
    /// counts only with its own kind; every other warning counts with the others (第二十五条二).
    /// Seed 004 does not say whether a yellow card adds to a borrowed Chinese warning; read so
    /// that each of its two sentences keeps its own count, it does not.
    pub fn counts_with(&self, kind: IncidentType, earlier: IncidentType) -> bool {
        let own = |k: IncidentType| self.second_warning.iter().any(|(x, _)| *x == k);
        if own(kind) || own(earlier) {
            kind == earlier
        } else {
            true
        }
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Self::from_spec(RulesetSpec::default())
    }
}

impl fmt::Display for RulesetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetSpec::Chinese1988 { komi } => {
                let k = match komi {
                    ChineseKomi::Two => "2",
                    ChineseKomi::TwoAndThreeQuarters => "2¾",
                    ChineseKomi::ThreeAndThreeQuarters => "3¾",
                };
                write!(f, "{}, 贴{k}子", Preset::Chinese1988)
            }
            RulesetSpec::Korean => write!(f, "{}, komi 6.5", Preset::Korean),
            RulesetSpec::Ing { komi_points } => {
                write!(f, "{}, 贴{}点", Preset::Ing, komi_points.map_or(ing::EVEN_KOMI_POINTS, IngKomi::points))
            }
        }
    }
}

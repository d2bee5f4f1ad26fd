//! Articles of the rules the product applies, cited wherever a rule is applied.
//! Chinese numbering follows seed 000 (围棋竞赛规则 1988); Korean ones follow seed 004.

use serde::{Deserialize, Serialize};

use crate::labels::{Label, Labelled};

/// An article (or numbered paragraph) of a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Article {
    // Chapter 1 and 2: play and competition provisions.
    /// 第四条: after a move, the opponent's stones without liberties are taken off first.
    #[serde(rename = "4")]
    Art4,
    /// 第五条: a point where a stone would have no liberty, capturing nothing, is forbidden.
    #[serde(rename = "5")]
    Art5,
    /// 第六条: no move may repeat an earlier whole-board position.
    #[serde(rename = "6")]
    Art6,
    #[serde(rename = "7.2")]
    Art7_2,
    #[serde(rename = "9")]
    Art9,
    #[serde(rename = "12")]
    Art12,
    #[serde(rename = "13.1")]
    Art13_1,
    #[serde(rename = "13.2")]
    Art13_2,
    #[serde(rename = "14")]
    Art14,
    #[serde(rename = "16.1")]
    Art16_1,
    /// 第十六条三: the players' right to have a miscount corrected at the count.
    #[serde(rename = "16.3")]
    Art16_3,
    #[serde(rename = "16.4")]
    Art16_4,
    // Chapter 3: 裁判法.
    #[serde(rename = "17.1")]
    Art17_1,
    #[serde(rename = "17.2")]
    Art17_2,
    #[serde(rename = "17.3")]
    Art17_3,
    #[serde(rename = "17.4")]
    Art17_4,
    #[serde(rename = "18")]
    Art18,
    #[serde(rename = "19")]
    Art19,
    #[serde(rename = "20.1")]
    Art20_1,
    #[serde(rename = "20.2")]
    Art20_2,
    #[serde(rename = "20.3")]
    Art20_3,
    #[serde(rename = "20.4")]
    Art20_4,
    #[serde(rename = "21.1")]
    Art21_1,
    #[serde(rename = "21.2")]
    Art21_2,
    #[serde(rename = "21.3")]
    Art21_3,
    #[serde(rename = "22")]
    Art22,
    #[serde(rename = "23.1")]
    Art23_1,
    #[serde(rename = "23.2")]
    Art23_2,
    #[serde(rename = "23.3")]
    Art23_3,
    #[serde(rename = "23.4")]
    Art23_4,
    #[serde(rename = "23.5")]
    Art23_5,
    #[serde(rename = "23.6")]
    Art23_6,
    #[serde(rename = "24.1")]
    Art24_1,
    #[serde(rename = "24.2")]
    Art24_2,
    #[serde(rename = "24.3")]
    Art24_3,
    #[serde(rename = "25.1")]
    Art25_1,
    #[serde(rename = "25.2")]
    Art25_2,
    // Korean Baduk Association rules (seed 004).
    /// 囲碁規則 第十四条: result by territory count.
    #[serde(rename = "kr.14")]
    Kr14,
    /// 囲碁規則 第十五条: win by resignation.
    #[serde(rename = "kr.15")]
    Kr15,
    /// 囲碁規則 第十二条3: a repeating shape met at the end (a triple ko with and without eyes):
    /// the side with the stronger right chooses a draw or seki.
    #[serde(rename = "kr.12.3")]
    Kr12_3,
    /// 囲碁規則 第十六条: repetition neither side yields = no result.
    #[serde(rename = "kr.16")]
    Kr16,
    /// 付則 第一条1: breaking 5/7/8 (alternation, forbidden point, ko) loses.
    #[serde(rename = "kr.a1.1")]
    KrA1_1,
    /// 付則 第一条2: removing stones that are not captured loses.
    #[serde(rename = "kr.a1.2")]
    KrA1_2,
    /// 付則 第一条3: moved stones restored; else continue by agreement, else both lose.
    #[serde(rename = "kr.a1.3")]
    KrA1_3,
    /// 付則 第一条4: stopping the clock while filling dame.
    #[serde(rename = "kr.a1.4")]
    KrA1_4,
    /// 付則 第一条5: doing what 付則第二条一 forbids (stopping the clock while filling dame)
    /// twice loses — already a loss the first time under 第一条4.
    #[serde(rename = "kr.a1.5")]
    KrA1_5,
    /// 付則 第一条6: captured stones left on the board at the end.
    #[serde(rename = "kr.a1.6")]
    KrA1_6,
    /// 付則 第三条1: an objection to the opponent's foul must be raised at once; once play has
    /// gone on, the foul counts as accepted.
    #[serde(rename = "kr.a3.1")]
    KrA3_1,
    /// 競技の規則 第一条1: mobile phone.
    /// 競技の規則 第一条1 1): one ring is a yellow card; a call in the hall loses.
    #[serde(rename = "kr.c1.1.1")]
    KrC1_1_1,
    /// 競技の規則 第一条1 2): the second ring loses.
    #[serde(rename = "kr.c1.1.2")]
    KrC1_1_2,
    /// 競技の規則 第一条2: noise with a fan, stones, walnuts.
    /// 競技の規則 第一条2 1): the first noise is a yellow card.
    #[serde(rename = "kr.c1.2.1")]
    KrC1_2_1,
    /// 競技の規則 第一条2 2): the second noise loses.
    #[serde(rename = "kr.c1.2.2")]
    KrC1_2_2,
    /// 競技の規則 第二条2: in byo-yomi, 1) the clock may stop a while for many captured stones;
    /// 2) a player goes to the toilet after making a move, the clock paused; 3) play resumes
    /// when they sit down again.
    #[serde(rename = "kr.c2.2")]
    KrC2_2,
    /// 競技の規則 第二条3: pressing the clock without a move.
    #[serde(rename = "kr.c2.3")]
    KrC2_3,
    // The Ing rules (seed 003, 應氏圍棋規則 計點制), by the five principles it states.
    /// 二 變窮打劫、劫分爭攪: a hot stone is taken only after a real move or a pass; the
    /// disturbing side may not go round a disturbing ko again.
    #[serde(rename = "ing.2")]
    Ing2,
    /// 三 著手棄權、改稱虛手: passes, their three uses and the end of the game in its phases.
    #[serde(rename = "ing.3")]
    Ing3,
    /// 四 以子量地、填滿計點: fill-in counting, a point a point.
    #[serde(rename = "ing.4")]
    Ing4,
    /// 五 貼還點數、平衡局差: 8 points for an even game, compensation by rank difference;
    /// penalty stones 2 points each.
    #[serde(rename = "ing.5")]
    Ing5,
}

impl Article {
    /// The number as a referee writes it, in both languages.
    pub fn number(self) -> Label {
        use Article::*;
        match self {
            Art4 => Label::new("第四条", "Art. 4"),
            Art5 => Label::new("第五条", "Art. 5"),
            Art6 => Label::new("第六条", "Art. 6"),
            Art7_2 => Label::new("第七条二", "Art. 7.2"),
            Art9 => Label::new("第九条", "Art. 9"),
            Art12 => Label::new("第十二条", "Art. 12"),
            Art13_1 => Label::new("第十三条一", "Art. 13.1"),
            Art13_2 => Label::new("第十三条二", "Art. 13.2"),
            Art14 => Label::new("第十四条", "Art. 14"),
            Art16_1 => Label::new("第十六条一", "Art. 16.1"),
            Art16_3 => Label::new("第十六条三", "Art. 16.3"),
            Art16_4 => Label::new("第十六条四", "Art. 16.4"),
            Art17_1 => Label::new("第十七条一", "Art. 17.1"),
            Art17_2 => Label::new("第十七条二", "Art. 17.2"),
            Art17_3 => Label::new("第十七条三", "Art. 17.3"),
            Art17_4 => Label::new("第十七条四", "Art. 17.4"),
            Art18 => Label::new("第十八条", "Art. 18"),
            Art19 => Label::new("第十九条", "Art. 19"),
            Art20_1 => Label::new("第二十条一", "Art. 20.1"),
            Art20_2 => Label::new("第二十条二", "Art. 20.2"),
            Art20_3 => Label::new("第二十条三", "Art. 20.3"),
            Art20_4 => Label::new("第二十条四", "Art. 20.4"),
            Art21_1 => Label::new("第二十一条一", "Art. 21.1"),
            Art21_2 => Label::new("第二十一条二", "Art. 21.2"),
            Art21_3 => Label::new("第二十一条三", "Art. 21.3"),
            Art22 => Label::new("第二十二条", "Art. 22"),
            Art23_1 => Label::new("第二十三条一", "Art. 23.1"),
            Art23_2 => Label::new("第二十三条二", "Art. 23.2"),
            Art23_3 => Label::new("第二十三条三", "Art. 23.3"),
            Art23_4 => Label::new("第二十三条四", "Art. 23.4"),
            Art23_5 => Label::new("第二十三条五", "Art. 23.5"),
            Art23_6 => Label::new("第二十三条六", "Art. 23.6"),
            Art24_1 => Label::new("第二十四条一", "Art. 24.1"),
            Art24_2 => Label::new("第二十四条二", "Art. 24.2"),
            Art24_3 => Label::new("第二十四条三", "Art. 24.3"),
            Art25_1 => Label::new("第二十五条一", "Art. 25.1"),
            Art25_2 => Label::new("第二十五条二", "Art. 25.2"),
            Kr14 => Label::new("韩国规则第十四条", "KBA Rules Art. 14"),
            Kr15 => Label::new("韩国规则第十五条", "KBA Rules Art. 15"),
            Kr12_3 => Label::new("韩国规则第十二条3", "KBA Rules Art. 12.3"),
            Kr16 => Label::new("韩国规则第十六条", "KBA Rules Art. 16"),
            KrA1_1 => Label::new("韩国规则附则第一条1", "KBA Appendix 1.1"),
            KrA1_2 => Label::new("韩国规则附则第一条2", "KBA Appendix 1.2"),
            KrA1_3 => Label::new("韩国规则附则第一条3", "KBA Appendix 1.3"),
            KrA1_4 => Label::new("韩国规则附则第一条4", "KBA Appendix 1.4"),
            KrA1_5 => Label::new("韩国规则附则第一条5", "KBA Appendix 1.5"),
            KrA1_6 => Label::new("韩国规则附则第一条6", "KBA Appendix 1.6"),
            KrA3_1 => Label::new("韩国规则附则第三条1", "KBA Appendix 3.1"),
            KrC1_1_1 => Label::new("韩国竞技规则第一条1之1)", "KBA Competition 1.1 1)"),
            KrC1_1_2 => Label::new("韩国竞技规则第一条1之2)", "KBA Competition 1.1 2)"),
            KrC1_2_1 => Label::new("韩国竞技规则第一条2之1)", "KBA Competition 1.2 1)"),
            KrC1_2_2 => Label::new("韩国竞技规则第一条2之2)", "KBA Competition 1.2 2)"),
            KrC2_2 => Label::new("韩国竞技规则第二条2", "KBA Competition 2.2"),
            KrC2_3 => Label::new("韩国竞技规则第二条3", "KBA Competition 2.3"),
            Ing2 => Label::new("应氏规则二（变穷打劫、劫分争搅）", "Ing rules 2 (ko)"),
            Ing3 => Label::new("应氏规则三（虚手）", "Ing rules 3 (passes)"),
            Ing4 => Label::new("应氏规则四（填满计点）", "Ing rules 4 (fill-in counting)"),
            Ing5 => Label::new("应氏规则五（贴还点数）", "Ing rules 5 (compensation)"),
        }
    }

    /// “第二十五条二 / Art. 25.2”: the citation used in messages and exports.
    pub fn cite(self) -> String {
        let n = self.number();
        format!("{} / {}", n.zh, n.en)
    }
}

impl Labelled for Article {
    fn label(&self) -> Label {
        self.number()
    }
}

impl std::fmt::Display for Article {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.cite())
    }
}

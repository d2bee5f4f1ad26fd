//! The label tables the screens read: every value's label, keyed by its wire name, so the UI
//! never writes a label of its own. Kept apart from [`crate::labels`] (the `Label` type every
//! module uses) because it lists values from the rules, the events and the domain.

use serde::Serialize;

use crate::labels::{Label, Labelled};

/// Every label the screens need, keyed by the wire name of the value (`"referee"`,
/// `"second_warning"`, `"17.3"` …), so the UI never writes a label of its own.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LabelTables {
    pub roles: std::collections::BTreeMap<String, Label>,
    pub colours: std::collections::BTreeMap<String, Label>,
    pub statuses: std::collections::BTreeMap<String, Label>,
    pub outcomes: std::collections::BTreeMap<String, Label>,
    pub reasons: std::collections::BTreeMap<String, Label>,
    pub rulings: std::collections::BTreeMap<String, Label>,
    pub incident_types: std::collections::BTreeMap<String, Label>,
    pub groups: std::collections::BTreeMap<String, Label>,
    pub articles: std::collections::BTreeMap<String, Label>,
    pub event_kinds: std::collections::BTreeMap<String, Label>,
    pub open_kinds: std::collections::BTreeMap<String, Label>,
    pub scatter_causes: std::collections::BTreeMap<String, Label>,
    pub cycles: std::collections::BTreeMap<String, Label>,
    /// Each ruleset preset's description: what it rules by, and what it falls back on.
    pub rulesets: std::collections::BTreeMap<String, Label>,
    /// Why a result was corrected (game::correction).
    pub correction_causes: std::collections::BTreeMap<String, Label>,
    /// The answers to a yes-or-no fact that may be left unsaid (`FactKind::OptionalBool`).
    pub answers: std::collections::BTreeMap<String, Label>,
}

impl LabelTables {
    /// Every table, for what holds them all to a rule (tests).
    pub fn all(&self) -> [&std::collections::BTreeMap<String, Label>; 16] {
        [
            &self.roles,
            &self.colours,
            &self.statuses,
            &self.outcomes,
            &self.reasons,
            &self.rulings,
            &self.incident_types,
            &self.groups,
            &self.articles,
            &self.event_kinds,
            &self.open_kinds,
            &self.scatter_causes,
            &self.cycles,
            &self.rulesets,
            &self.correction_causes,
            &self.answers,
        ]
    }
}

fn wire_name<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

fn table<T: Serialize + Labelled>(values: impl IntoIterator<Item = T>) -> std::collections::BTreeMap<String, Label> {
    values.into_iter().map(|v| (wire_name(&v), v.label())).collect()
}

/// Builds the label tables.
pub fn tables() -> LabelTables {
    use crate::event::EventKind;
    use crate::model::{Colour, Role};
    use crate::rules::{
        Article, Cycle, IncidentGroup, IncidentType, ResultReason, Ruleset, RulesetSpec, Ruling, ScatterCause,
    };
    let kinds: Vec<IncidentType> =
        crate::rules::catalogue(&Ruleset::from_spec(RulesetSpec::Korean)).into_iter().map(|e| e.incident).collect();
    let groups: Vec<IncidentGroup> = kinds.iter().map(|k| k.group()).collect();
    use Article::*;
    let articles = [
        Art4, Art5, Art6, Art7_2, Art9, Art12, Art13_1, Art13_2, Art14, Art16_1, Art16_3, Art16_4, Art17_1, Art17_2,
        Art17_3, Art17_4, Art18, Art19, Art20_1, Art20_2, Art20_3, Art20_4, Art21_1, Art21_2, Art21_3, Art22, Art23_1,
        Art23_2, Art23_3, Art23_4, Art23_5, Art23_6, Art24_1, Art24_2, Art24_3, Art25_1, Art25_2, Kr12_3, Kr14, Kr15,
        Kr16, KrA1_1, KrA1_2, KrA1_3, KrA1_4, KrA1_5, KrA1_6, KrA3_1, KrC1_1_1, KrC1_1_2, KrC1_2_1, KrC1_2_2, KrC2_2,
        KrC2_3, Ing2, Ing3, Ing4, Ing5,
    ];
    let fixed = |pairs: &[(&str, Label)]| pairs.iter().map(|(k, l)| ((*k).to_owned(), *l)).collect();
    use ResultReason as R;
    LabelTables {
        roles: table([Role::Organiser, Role::Referee, Role::ChiefArbiter, Role::Committee]),
        colours: table(Colour::BOTH),
        statuses: fixed(&[
            ("scheduled", Label::new("未开始", "scheduled")),
            ("playing", Label::new("对局中", "playing")),
            ("paused", Label::new("暂停", "paused")),
            ("adjourned", Label::new("封棋", "adjourned")),
            ("end_confirmed", Label::new("已确认终局", "end confirmed")),
            ("finished", Label::new("终局", "finished")),
        ]),
        outcomes: fixed(&[
            ("black_wins", Label::new("黑胜", "Black wins")),
            ("white_wins", Label::new("白胜", "White wins")),
            ("draw", Label::new("和棋", "draw")),
            ("replay_ordered", Label::new("重下", "replay ordered")),
            ("both_lose", Label::new("双方判负", "both lose")),
            ("no_result", Label::new("无胜负", "no result")),
        ]),
        reasons: table(R::ALL),
        rulings: table(Ruling::ALL),
        incident_types: table(kinds),
        groups: table(groups),
        articles: articles.iter().map(|a| (wire_name(a), a.number())).collect(),
        event_kinds: table(EventKind::ALL),
        open_kinds: fixed(&[
            ("escalation", Label::new("报请处理", "escalation")),
            ("dispute", Label::new("判决冲突", "dispute")),
            ("appeal", Label::new("申诉", "appeal")),
            ("awaiting_ruling", Label::new("待判决", "awaiting a ruling")),
            ("after_result", Label::new("终局后记录", "recorded after the result")),
        ]),
        scatter_causes: table(ScatterCause::ALL),
        cycles: table(Cycle::ALL),
        rulesets: [RulesetSpec::default(), RulesetSpec::Korean, RulesetSpec::ING]
            .into_iter()
            .map(|spec| {
                let (zh, en) = Ruleset::from_spec(spec).description;
                let preset = serde_json::to_value(spec).ok().and_then(|v| v["preset"].as_str().map(str::to_owned));
                (preset.unwrap_or_default(), Label::new(zh, en))
            })
            .collect(),
        correction_causes: table(crate::game::CorrectionCause::ALL),
        answers: fixed(&[
            ("yes", Label::new("是", "yes")),
            ("no", Label::new("否", "no")),
            ("not_stated", Label::new("未说明", "not stated")),
        ]),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_table_is_complete_and_bilingual() {
        let t = super::tables();
        assert_eq!(t.rulings.len(), crate::rules::Ruling::ALL.len());
        assert_eq!(t.incident_types.len(), 27);
        assert_eq!(t.groups.len(), 9);
        assert_eq!(t.articles.len(), 58);
        assert_eq!(t.articles["ing.2"].en, "Ing rules 2 (ko)");
        assert_eq!(t.rulesets.len(), 3);
        assert_eq!(t.correction_causes["wrong_entry"].en, "result entered wrong");
        assert!(t.rulesets["ing"].zh.contains("裁判法"));
        assert_eq!(t.articles["5"].zh, "第五条");
        assert_eq!(t.articles["25.2"].zh, "第二十五条二");
        assert_eq!(t.roles["chief_arbiter"].en, "chief arbiter");
        for table in t.all() {
            for (k, l) in table {
                assert!(!k.is_empty() && !l.zh.is_empty() && !l.en.is_empty(), "{k}: {l:?}");
            }
        }
    }
}

#[cfg(test)]
mod languages {
    use crate::labels::Label;
    use crate::rules::{catalogue, quick_actions, RuleContext, Ruleset, RulesetSpec};

    /// Every label a screen can show has its own words in every language: the
    /// tables, each ruleset's catalogue (incidents, headings, rulings, articles, facts) and its
    /// quick actions.
    #[test]
    fn no_label_is_missing_in_any_language() {
        let t = super::tables();
        let mut all: Vec<Label> = t.all().into_iter().flat_map(|table| table.values().copied()).collect();
        for spec in [RulesetSpec::default(), RulesetSpec::Korean, RulesetSpec::ING] {
            let ruleset = Ruleset::from_spec(spec);
            for e in catalogue(&ruleset) {
                all.extend([e.label, e.group_label]);
                all.extend(e.rulings.iter().flat_map(|r| [r.label, r.article_label]));
                all.extend(e.facts.iter().map(|f| f.label));
            }
            all.extend(
                quick_actions(&ruleset, RuleContext::for_game(None)).iter().flat_map(|q| [q.label, q.ruling_label]),
            );
        }
        let missing: Vec<String> =
            all.iter().filter(|l| !l.translated()).map(|l| format!("{} ({})", l.zh, l.en)).collect();
        assert!(missing.is_empty(), "labels without 繁體/한국어/日本語: {missing:?}");
    }
}

/// Writes the label tables as JSON beside the generated TypeScript types, for the UI's unit
/// tests (`cargo test -p arbiter-domain --features ts`).
#[cfg(all(test, feature = "ts"))]
#[allow(clippy::disallowed_methods)] // a test writing the generated file, not the library
mod export {
    #[test]
    fn export_label_tables_json() {
        let dir = std::env::var("TS_RS_EXPORT_DIR").unwrap_or_else(|_| "bindings".into());
        let json = serde_json::to_string_pretty(&super::tables()).unwrap() + "\n";
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("label-tables.json"), json).unwrap();
    }
}

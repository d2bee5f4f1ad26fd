//! The incident catalogue of a ruleset, for screens and exports: every incident type it covers,
//! grouped as the 裁判法 headings, with the rulings its table allows, the article each applies,
//! who may make it and under which facts, all labelled in Chinese and English.

use serde::Serialize;

use crate::labels::{Label, Labelled};
use crate::model::Role;
use crate::rules::{Article, IncidentGroup, IncidentType, Ruleset, Ruling};

/// One ruling a catalogue entry allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct CatalogueRuling {
    pub ruling: Ruling,
    pub label: Label,
    pub article: Article,
    pub article_label: Label,
    /// The lowest role that may make it.
    pub min_role: Role,
    /// When it applies, in words (“always” for most rows).
    pub when: Label,
}

/// One incident type under a ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct CatalogueEntry {
    pub incident: IncidentType,
    pub label: Label,
    pub group: IncidentGroup,
    pub group_label: Label,
    /// The facts a form asks for.
    pub facts: Vec<crate::rules::FactField>,
    pub rulings: Vec<CatalogueRuling>,
}

/// The catalogue of `ruleset`, in table order.
pub fn catalogue(ruleset: &Ruleset) -> Vec<CatalogueEntry> {
    ruleset
        .table
        .incident_types()
        .into_iter()
        .map(|kind| CatalogueEntry {
            incident: kind,
            label: kind.label(),
            group: kind.group(),
            group_label: kind.group().label(),
            facts: crate::rules::facts::facts_under(ruleset, kind),
            rulings: ruleset
                .table
                .rows_for(kind)
                .map(|e| CatalogueRuling {
                    ruling: e.ruling,
                    label: e.ruling.label_under(e.article),
                    article: e.article,
                    article_label: e.article.number(),
                    min_role: e.min_role,
                    when: e.when.describe(),
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesetSpec;

    const KOREAN_ONLY: [IncidentType; 5] = [
        IncidentType::PhoneRang,
        IncidentType::Noise,
        IncidentType::ClockPressedWithoutMove,
        IncidentType::ClockStoppedFillingDame,
        IncidentType::CaptureLeftOnBoard,
    ];

    fn cited(ruleset: &Ruleset) -> Vec<Article> {
        catalogue(ruleset).iter().flat_map(|e| e.rulings.iter().map(|r| r.article)).collect()
    }

    #[test]
    fn every_chapter_3_article_has_a_row_in_the_chinese_table() {
        use Article::*;
        let cited = cited(&Ruleset::default());
        // 25.2 is the warning count, applied by the fold rather than a row.
        for a in [
            Art17_1, Art17_2, Art17_3, Art17_4, Art18, Art19, Art20_1, Art20_2, Art20_3, Art20_4, Art21_1, Art21_2,
            Art21_3, Art22, Art23_1, Art23_2, Art23_3, Art23_4, Art23_5, Art23_6, Art24_1, Art24_2, Art24_3, Art25_1,
        ] {
            assert!(cited.contains(&a), "no row cites {}", a.cite());
        }
        assert!(cited.iter().all(|a| !format!("{a:?}").starts_with("Kr")), "no KBA article in the Chinese table");
    }

    #[test]
    fn the_chinese_table_covers_every_type_but_the_korean_only_ones() {
        let types: Vec<IncidentType> = catalogue(&Ruleset::default()).iter().map(|e| e.incident).collect();
        for k in KOREAN_ONLY {
            assert!(!types.contains(&k), "{k:?}");
        }
        assert_eq!(types.len(), 22);
    }

    #[test]
    fn the_korean_table_covers_every_type_and_cites_its_own_articles_first() {
        let korean = Ruleset::from_spec(RulesetSpec::Korean);
        let cat = catalogue(&korean);
        assert_eq!(cat.len(), 27, "every incident type");
        let ko = cat.iter().find(|e| e.incident == IncidentType::KoRecapture).unwrap();
        assert_eq!(
            ko.rulings.iter().map(|r| (r.ruling, r.article)).collect::<Vec<_>>(),
            vec![(Ruling::OffenderLoses, Article::KrA1_1), (Ruling::NoPenalty, Article::KrA3_1)]
        );
        let late = cat.iter().find(|e| e.incident == IncidentType::LateArrival).unwrap();
        assert!(late
            .rulings
            .iter()
            .all(|r| matches!(r.article, Article::Art23_1 | Article::Art23_2 | Article::Art23_3)));
    }

    #[test]
    fn only_17_3_disagreements_need_the_chief_arbiter() {
        let chief_only: Vec<(IncidentType, Ruling)> = catalogue(&Ruleset::default())
            .iter()
            .flat_map(|e| e.rulings.iter().filter(|r| r.min_role == Role::ChiefArbiter).map(|r| (e.incident, r.ruling)))
            .collect();
        assert!(chief_only.iter().all(|(k, _)| *k == IncidentType::MovedStones));
        assert_eq!(chief_only.len(), 4, "restore, accept, draw, replay");
    }
}

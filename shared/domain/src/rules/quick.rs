//! Quick actions: the incidents referees record most, as the game's ruleset has
//! them, each ready for either side with the ruling a referee gives it first — one tap on the
//! game screen and one confirm. Everything else stays in the full form.
//!
//! Each one is a row of the ruleset's own table (checked here, and by the tests for every
//! preset): a quick action never records what the form would refuse.

use serde::Serialize;

use crate::labels::{Label, Labelled};
use crate::model::{Colour, Role};
use crate::rules::penalty::{allowed, RuleContext};
use crate::rules::{Article, Incident, IncidentType, Preset, Ruleset, Ruling};

/// One quick action: an incident against one side, with one ruling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct QuickAction {
    pub incident: IncidentType,
    /// The incident with Black, then White, as the offender (its other facts the common case:
    /// a phone that rang, not a call taken).
    pub black: Incident,
    pub white: Incident,
    pub ruling: Ruling,
    pub article: Article,
    /// The button's words: the incident, and the ruling as the ruleset names it (under the
    /// KBA's rules a warning is a yellow card).
    pub label: Label,
    pub ruling_label: Label,
}

/// What each ruleset's referees record most, in the order the buttons show them.
fn common(preset: Preset) -> &'static [(IncidentType, Ruling)] {
    use IncidentType::*;
    use Ruling::*;
    match preset {
        // 競技の規則 第一条1–2: a phone that rings and noise are yellow cards (seed 004); the
        // Chinese rows the KBA profile keeps for the rest.
        Preset::Korean => &[
            (PhoneRang, Warning),
            (Noise, Warning),
            (Disturbing, Advice),
            (ClockPressedWithoutMove, OffenderLoses),
            (ClockBeforeCapture, Warning),
            (TimeExceeded, OffenderLoses),
        ],
        // 第二十四条二 (a phone, talk: 妨碍他人思考), 第二十三条四, 第二十四条一/三, 第二十三条五.
        _ => &[
            (Disturbing, Advice),
            (Disturbing, Warning),
            (ClockBeforeCapture, Advice),
            (LeftHall, WarningAndReport),
            (Consulting, Warning),
            (TimeExceeded, OffenderLoses),
        ],
    }
}

/// `kind` with `offender` and the common case for its other facts; None for a kind whose facts
/// a quick action cannot fill (it needs the form).
fn incident(kind: IncidentType, offender: Colour) -> Option<Incident> {
    Some(match kind {
        IncidentType::Disturbing => Incident::Disturbing { offender },
        IncidentType::LeftHall => Incident::LeftHall { offender },
        IncidentType::Consulting => Incident::Consulting { offender },
        IncidentType::ClockBeforeCapture => Incident::ClockBeforeCapture { offender },
        IncidentType::TimeExceeded => Incident::TimeExceeded { offender },
        IncidentType::PhoneRang => Incident::PhoneRang { offender, call: false },
        IncidentType::Noise => Incident::Noise { offender },
        // 付則第三条1: the referee taps as the opponent objects, before play goes on; a claim
        // raised later takes the form, which asks when it was raised.
        IncidentType::ClockPressedWithoutMove => Incident::ClockPressedWithoutMove {
            offender,
            objection: Some(crate::rules::Objection::Referee { play_went_on: false }),
        },
        _ => return None,
    })
}

/// The quick actions of `ruleset` a referee may take under `ctx`: each a ruling its table
/// allows a referee for both sides.
pub fn quick_actions(ruleset: &Ruleset, ctx: RuleContext) -> Vec<QuickAction> {
    common(ruleset.preset)
        .iter()
        .filter_map(|&(kind, ruling)| {
            let (black, white) = (incident(kind, Colour::Black)?, incident(kind, Colour::White)?);
            let article =
                allowed(ruleset, &black, Role::Referee, ctx).into_iter().find(|a| a.ruling == ruling)?.article;
            allowed(ruleset, &white, Role::Referee, ctx).iter().find(|a| a.ruling == ruling)?;
            let ruling_label = match (ruleset.preset, ruling) {
                (Preset::Korean, Ruling::Warning) => Label::new("黄牌（警告）", "yellow card (warning)"),
                _ => ruling.label_under(article),
            };
            Some(QuickAction { incident: kind, black, white, ruling, article, label: kind.label(), ruling_label })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesetSpec;

    /// Every preset's list is whole: no action dropped because its table lacks the row.
    #[test]
    fn every_quick_action_is_a_row_of_its_rulesets_table() {
        for spec in [RulesetSpec::default(), RulesetSpec::Korean, RulesetSpec::ING] {
            let ruleset = Ruleset::from_spec(spec);
            let quick = quick_actions(&ruleset, RuleContext::for_game(None));
            assert_eq!(quick.len(), common(ruleset.preset).len(), "{spec:?}: {quick:?}");
            for q in &quick {
                assert!(ruleset.table.rows_for(q.incident).any(|r| r.ruling == q.ruling && r.article == q.article));
            }
        }
    }

    #[test]
    fn a_korean_ring_is_a_yellow_card_and_a_chinese_disturbance_offers_advice_first() {
        let kba = quick_actions(&Ruleset::from_spec(RulesetSpec::Korean), RuleContext::for_game(None));
        assert_eq!(kba[0].incident, IncidentType::PhoneRang);
        assert_eq!(kba[0].ruling_label.en, "yellow card (warning)");
        assert_eq!(kba[0].article, Article::KrC1_1_1);
        let cn = quick_actions(&Ruleset::from_spec(RulesetSpec::default()), RuleContext::for_game(None));
        assert_eq!(
            (cn[0].incident, cn[0].ruling, cn[0].article),
            (IncidentType::Disturbing, Ruling::Advice, Article::Art24_2)
        );
        assert_eq!(cn[1].ruling, Ruling::Warning);
        assert_eq!(cn[1].white, Incident::Disturbing { offender: Colour::White });
    }
}

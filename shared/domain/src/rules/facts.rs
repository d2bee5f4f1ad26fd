//! The facts each incident type needs, described for forms: the app builds its “fill the
//! facts” step from this, so no screen hard-codes an article's fields. A test checks that every
//! description matches the serde shape of [`Incident`](crate::rules::Incident).

use serde::Serialize;

use crate::labels::Label;
use crate::rules::IncidentType;

/// The kind of input a fact needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "snake_case")]
pub enum FactKind {
    /// `"black"` or `"white"`.
    Colour,
    /// A colour, or `null` when unknown.
    OptionalColour,
    Bool,
    /// `true`, `false`, or `null` when not said.
    OptionalBool,
    /// A board point such as `"Q16"`, or `null`.
    OptionalPoint,
    /// Whole seconds (the UI may take minutes and convert).
    Seconds,
    /// `force_majeure`, `unintentional`, `deliberate`.
    ScatterCause,
    /// `triple_ko`, `quadruple_ko`, `eternal_life`, `double_two_stone_capture`, `other`.
    Cycle,
    /// When a claim was raised (KBA Appendix 3.1), or `null`: against the move record
    /// `{"by": "record", "offending_move", "claimed_after_move"}` or as the referee confirms
    /// `{"by": "referee", "play_went_on"}`.
    OptionalObjection,
    Text,
}

/// One fact of an incident type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct FactField {
    /// The field name in `incident.facts`.
    pub name: &'static str,
    pub kind: FactKind,
    pub label: Label,
}

const fn f(name: &'static str, kind: FactKind, zh: &'static str, en: &'static str) -> FactField {
    FactField { name, kind, label: Label::new(zh, en) }
}

const OFFENDER: FactField = f("offender", FactKind::Colour, "违规方", "offender");
/// KBA 付則第一条3: whether moved stones can be put back (the catalogue asks it under the KBA's
/// rules only: `facts_under`).
const RESTORABLE: FactField = f(
    "restorable",
    FactKind::OptionalBool,
    "能否放回原处（韩国规则附则第一条3）",
    "can they be put back (KBA Appendix 1.3)",
);

/// KBA 第十二条3: whether the repetition was met at the end, once both sides gave up the right to
/// move (asked under the KBA's rules only: `facts_under`).
const AT_END: FactField = f(
    "at_end",
    FactKind::OptionalBool,
    "是否在双方放弃着手权之后的终局阶段（韩国规则第十二条3）",
    "met at the end, after both sides gave up the right to move (KBA Art. 12.3)",
);

const OBJECTION: FactField = f(
    "objection",
    FactKind::OptionalObjection,
    "异议提出时间（韩国规则附则第三条1）",
    "when the claim was raised (KBA Appendix 3.1)",
);

/// The facts a form asks for `kind` under `ruleset`: those of `facts`, less what only another
/// ruleset's text asks (whether moved stones can be put back is the KBA's 付則第一条3, whether a
/// repetition was met at the end its 第十二条3).
pub fn facts_under(ruleset: &crate::rules::Ruleset, kind: IncidentType) -> Vec<FactField> {
    let korean = ruleset.preset == crate::rules::Preset::Korean;
    let kba_only = [RESTORABLE.name, AT_END.name];
    facts(kind).iter().filter(|f| korean || !kba_only.contains(&f.name)).copied().collect()
}

/// The facts `kind` needs, in the order a form asks for them.
pub fn facts(kind: IncidentType) -> &'static [FactField] {
    use FactKind as K;
    use IncidentType::*;
    match kind {
        DoubleMove | WrongfulRemoval | ClockPressedWithoutMove | ClockStoppedFillingDame | CaptureLeftOnBoard => {
            const F: &[FactField] = &[OFFENDER, OBJECTION];
            F
        }
        ClockBeforeCapture | TimeExceeded | LeftHall | Disturbing | Consulting | Noise => {
            const F: &[FactField] = &[OFFENDER];
            F
        }
        StoneLifted => {
            const F: &[FactField] =
                &[OFFENDER, f("dropped", K::Bool, "棋子确系掉落", "the stone truly fell from the hand")];
            F
        }
        MovedStones => {
            const F: &[FactField] = &[
                f("mover", K::OptionalColour, "移子方（如知道）", "who moved them (if known)"),
                f("players_agree", K::Bool, "对局者意见一致", "both players agree"),
                f("deliberate", K::Bool, "故意移子", "moved deliberately"),
                RESTORABLE,
            ];
            F
        }
        BoardScattered => {
            const F: &[FactField] = &[
                f("cause", K::ScatterCause, "原因", "cause"),
                f("by", K::OptionalColour, "散乱棋局方", "who scattered it"),
                f("reconstructable", K::Bool, "能够复盘", "can be reconstructed"),
            ];
            F
        }
        ForbiddenPoint | KoRecapture => {
            const F: &[FactField] = &[OFFENDER, f("point", K::OptionalPoint, "着点", "point"), OBJECTION];
            F
        }
        FalseLife => {
            const F: &[FactField] = &[f("owner", K::Colour, "假生方", "side claiming life")];
            F
        }
        RareCycle => {
            const F: &[FactField] = &[f("cycle", K::Cycle, "循环类型", "kind of cycle"), AT_END];
            F
        }
        RepetitionEndRefusal | EndProposed => {
            const F: &[FactField] = &[f("by", K::Colour, "提出方", "by")];
            F
        }
        NeutralPoints | LifeAndDeathDispute => {
            const F: &[FactField] = &[];
            F
        }
        SealedPointOccupied => {
            const F: &[FactField] = &[
                f("sealer", K::Colour, "封棋方", "sealing side"),
                f("point", K::OptionalPoint, "封棋之点", "sealed point"),
            ];
            F
        }
        LateArrival => {
            const F: &[FactField] = &[
                f("black_late_secs", K::Seconds, "黑方迟到（秒）", "Black late (seconds)"),
                f("white_late_secs", K::Seconds, "白方迟到（秒）", "White late (seconds)"),
            ];
            F
        }
        AwayInByoyomi => {
            const F: &[FactField] = &[
                OFFENDER,
                f("overtime", K::Bool, "已超时", "ran out of time"),
                f("requested_in_opponent_time", K::Bool, "在对方思考时提出", "asked during the opponent's time"),
            ];
            F
        }
        OtherFoul => {
            const F: &[FactField] = &[
                f("offender", K::OptionalColour, "违规方", "offender"),
                f("description", K::Text, "说明", "description"),
            ];
            F
        }
        PhoneRang => {
            const F: &[FactField] = &[OFFENDER, f("call", K::Bool, "在赛场内通话", "a call was taken in the hall")];
            F
        }
    }
}

/// One recorded fact in words, for a card, a story or a printout: what the fact is, and its
/// value in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct FactInWords {
    pub name: &'static str,
    pub label: Label,
    pub zh: String,
    pub en: String,
    pub zh_hant: String,
    pub ko: String,
    pub ja: String,
}

/// A fact's value in each language.
struct Said([String; 5]);

impl Said {
    fn label(l: Label) -> Said {
        Said(crate::labels::Lang::ALL.map(|lang| l.get(lang).to_owned()))
    }

    /// A value that reads the same in every language (a point, a note).
    fn same(s: &str) -> Said {
        Said(std::array::from_fn(|_| s.to_owned()))
    }
}

/// Every fact `incident` records, in the order its form asks for them, in words.
pub fn in_words(incident: &crate::rules::Incident) -> Vec<FactInWords> {
    let value = serde_json::to_value(incident).unwrap_or_default();
    let recorded = value.get("facts");
    facts(incident.kind())
        .iter()
        // A yes-or-no left unsaid is not shown (whether moved stones can be put back is asked
        // under the KBA's rules only: a Chinese game never says it).
        .filter(|f| {
            f.kind != FactKind::OptionalBool || recorded.and_then(|r| r.get(f.name)).is_some_and(|v| !v.is_null())
        })
        .map(|f| {
            let v = recorded.and_then(|r| r.get(f.name)).unwrap_or(&serde_json::Value::Null);
            let Said([zh, en, zh_hant, ko, ja]) = words(f.kind, v);
            FactInWords { name: f.name, label: f.label, zh, en, zh_hant, ko, ja }
        })
        .collect()
}

fn words(kind: FactKind, v: &serde_json::Value) -> Said {
    use crate::labels::Labelled;
    use serde_json::Value;
    let both = Said::label;
    let label_of = |l: Option<Label>| both(l.unwrap_or(Label::new("未记录", "not recorded")));
    match (kind, v) {
        (FactKind::Colour | FactKind::OptionalColour, Value::String(_)) => {
            label_of(serde_json::from_value::<crate::model::Colour>(v.clone()).ok().map(|c| c.label()))
        }
        (FactKind::OptionalColour, Value::Null) => both(Label::new("不明", "unknown")),
        (FactKind::Bool | FactKind::OptionalBool, Value::Bool(b)) => {
            both(if *b { Label::new("是", "yes") } else { Label::new("否", "no") })
        }
        (FactKind::OptionalPoint | FactKind::Text, Value::String(s)) => Said::same(s),
        (FactKind::Seconds, Value::Number(n)) => {
            let secs = n.as_u64().unwrap_or(0);
            let (m, s) = (secs / 60, secs % 60);
            let cjk = format!("{m}分{s}秒");
            Said([cjk.clone(), format!("{m} min {s} s"), cjk.clone(), format!("{m}분 {s}초"), cjk])
        }
        (FactKind::ScatterCause, _) => {
            label_of(serde_json::from_value::<crate::rules::ScatterCause>(v.clone()).ok().map(|c| c.label()))
        }
        (FactKind::Cycle, _) => {
            label_of(serde_json::from_value::<crate::rules::Cycle>(v.clone()).ok().map(|c| c.label()))
        }
        (FactKind::OptionalObjection, Value::Null) => both(Label::new("未提出", "none raised")),
        (FactKind::OptionalObjection, _) => match serde_json::from_value::<crate::rules::Objection>(v.clone()) {
            Ok(crate::rules::Objection::Record { offending_move, claimed_after_move }) => Said([
                format!("第{offending_move}手，第{claimed_after_move}手后提出"),
                format!("move {offending_move}, raised after move {claimed_after_move}"),
                format!("第{offending_move}手，第{claimed_after_move}手後提出"),
                format!("{offending_move}수째, {claimed_after_move}수 뒤에 제기"),
                format!("{offending_move}手目、{claimed_after_move}手目の後に申し出"),
            ]),
            Ok(crate::rules::Objection::Referee { play_went_on: true }) => {
                both(Label::new("裁判确认：提出时对局已继续", "the referee confirms play had gone on"))
            }
            Ok(crate::rules::Objection::Referee { play_went_on: false }) => {
                both(Label::new("裁判确认：当即提出", "the referee confirms it was raised at once"))
            }
            Err(_) => label_of(None),
        },
        _ => label_of(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Incident, Ruleset, RulesetSpec};

    #[test]
    fn a_17_3_dispute_reads_in_words() {
        let moved: Incident = serde_json::from_value(serde_json::json!({
            "type": "moved_stones", "facts": {"mover": "white", "players_agree": false, "deliberate": false}
        }))
        .unwrap();
        let w = in_words(&moved);
        let line = |i: usize| (w[i].label.zh, w[i].zh.as_str(), w[i].en.as_str());
        assert_eq!(line(0), ("移子方（如知道）", "白方", "White"));
        assert_eq!(line(1), ("对局者意见一致", "否", "no"));
        assert_eq!(line(2), ("故意移子", "否", "no"));
        assert_eq!(w.len(), 3, "a yes-or-no left unsaid is not shown");
        let kba: Incident = serde_json::from_value(serde_json::json!({
            "type": "moved_stones",
            "facts": {"mover": null, "players_agree": false, "deliberate": false, "restorable": false}
        }))
        .unwrap();
        let w = in_words(&kba);
        assert_eq!(
            (w[3].label.zh, w[3].zh.as_str(), w[3].ko.as_str()),
            ("能否放回原处（韩国规则附则第一条3）", "否", "아니요")
        );
        let late: Incident = serde_json::from_value(serde_json::json!({
            "type": "late_arrival", "facts": {"black_late_secs": 754, "white_late_secs": 0}
        }))
        .unwrap();
        assert_eq!(in_words(&late)[0].zh, "12分34秒");
        let unknown: Incident = serde_json::from_value(serde_json::json!({
            "type": "board_scattered", "facts": {"cause": "unintentional", "by": null, "reconstructable": true}
        }))
        .unwrap();
        let w = in_words(&unknown);
        assert_eq!((w[0].en.as_str(), w[1].en.as_str(), w[2].en.as_str()), ("unintentional", "unknown", "yes"));
    }

    fn sample(kind: FactKind) -> serde_json::Value {
        match kind {
            FactKind::Colour | FactKind::OptionalColour => "white".into(),
            FactKind::Bool => true.into(),
            FactKind::OptionalBool => false.into(),
            FactKind::OptionalPoint => "Q16".into(),
            FactKind::Seconds => 120.into(),
            FactKind::ScatterCause => "unintentional".into(),
            FactKind::Cycle => "triple_ko".into(),
            FactKind::OptionalObjection => serde_json::json!({"by": "referee", "play_went_on": false}),
            FactKind::Text => "说明".into(),
        }
    }

    #[test]
    fn every_fact_description_matches_the_incident_wire_shape() {
        let all: Vec<IncidentType> = {
            let mut v = crate::rules::catalogue(&Ruleset::from_spec(RulesetSpec::Korean))
                .into_iter()
                .map(|e| e.incident)
                .collect::<Vec<_>>();
            v.sort();
            v
        };
        assert_eq!(all.len(), 27);
        for kind in all {
            let fields = facts(kind);
            let type_name = serde_json::to_value(kind).unwrap();
            let mut json = serde_json::json!({ "type": type_name });
            if !fields.is_empty() {
                json["facts"] = fields
                    .iter()
                    .map(|f| (f.name.to_owned(), sample(f.kind)))
                    .collect::<serde_json::Map<_, _>>()
                    .into();
            }
            let parsed: Incident =
                serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{kind:?}: {json} does not parse: {e}"));
            assert_eq!(parsed.kind(), kind);
            // And nothing is missing: the struct has exactly these fields.
            let round = serde_json::to_value(&parsed).unwrap();
            let names: Vec<String> =
                round.get("facts").and_then(|f| f.as_object()).map(|o| o.keys().cloned().collect()).unwrap_or_default();
            assert_eq!(names, fields.iter().map(|f| f.name.to_owned()).collect::<Vec<_>>(), "{kind:?}");
            // Every recorded fact reads in words.
            let words = in_words(&parsed);
            assert_eq!(words.len(), fields.len(), "{kind:?}");
            for w in words {
                assert!(w.en != "not recorded" && !w.zh.is_empty(), "{kind:?}: {w:?}");
            }
        }
    }
}

//! The JSON wire format: round trips, version checks, and errors that name the wrong field.

use crate::support;

use arbiter_domain::event::wire::{decode, decode_jsonl, encode};
use arbiter_domain::event::{AppealDecision, EventBody, SCHEMA_VERSION};
use arbiter_domain::model::*;
use arbiter_domain::rules::{Count, Cycle, Incident, RulesetSpec, Ruling, ScatterCause};
use arbiter_domain::DomainError;
use support::*;

/// Serde's sentence is not ours to pin, so a decoding refusal is matched by the field it names.
fn invalid_at(err: &DomainError, at: &str) -> bool {
    matches!(err, DomainError::Invalid { field, .. } if field == at)
}

/// The code and field of a refusal at a field (a value's own code kept, else `invalid_field`);
/// any other refusal is not one a field's bad value should give.
fn at_field(err: &DomainError) -> Option<(&str, &str)> {
    match err {
        DomainError::Invalid { field, .. } => Some(("invalid_field", field)),
        DomainError::InField { refusal, field } => Some((refusal.code(), field)),
        _ => None,
    }
}

fn every_body() -> Vec<(Option<Role>, EventBody)> {
    let inc = Table::chinese().event(Role::Referee, EventBody::ClockStarted).id;
    vec![
        (None, EventBody::GameScheduled(serde_json::from_value(game_json()).unwrap())),
        (None, EventBody::ClockStarted),
        (None, EventBody::ClockPaused { reason: Some("午休".into()) }),
        (None, EventBody::ClockResumed),
        (None, EventBody::GameAdjourned { sealer: White, seal: None }),
        (None, EventBody::MoveUnsealed { point: "K10".parse().unwrap(), salt: None }),
        (None, EventBody::EndConfirmed { first: Black }),
        (
            None,
            EventBody::CountRecorded {
                count: serde_json::from_str(r#"{"method":"area","black_stones":184.5}"#).unwrap(),
            },
        ),
        (None, EventBody::CountRecorded { count: Count::Territory { black_points: 61, white_points: 60 } }),
        (None, EventBody::Resigned { by: White }),
        (None, EventBody::RemainingTimeAsked { by: Black, reserved_minutes_left: 2 }),
        (
            None,
            record(
                Incident::BoardScattered {
                    cause: ScatterCause::Unintentional,
                    by: Some(Black),
                    reconstructable: false,
                },
                Some(Ruling::OffenderLoses),
            ),
        ),
        (None, record(Incident::RareCycle { cycle: Cycle::EternalLife, at_end: None }, None)),
        (None, record(Incident::NeutralPoints, Some(Ruling::TreatedAsSeki))),
        (None, record(Incident::OtherFoul { offender: None, description: "说明".into() }, None)),
        (None, rule(inc, Ruling::Draw)),
        (None, EventBody::Escalated { incident: inc, to: Role::ChiefArbiter, note: Some("unsure".into()) }),
        (None, EventBody::AppealFiled { incident: inc, by: Black, grounds: "…".into() }),
        (
            Some(Role::Committee),
            EventBody::AppealDecided {
                appeal: inc,
                decision: AppealDecision::Overturned { ruling: Ruling::Advice },
                note: None,
            },
        ),
    ]
}

fn game_json() -> serde_json::Value {
    serde_json::json!({
        "id": "g1", "round": 1, "table": 1, "black": "p-black", "white": "p-white",
        "ruleset": {"preset": "chinese_1988", "komi": 2.75},
        "time_control": {"main_minutes": 60, "reserved_minutes": 5},
        "allowed_lateness_minutes": 15
    })
}

#[test]
fn every_kind_of_event_round_trips_exactly() {
    let mut t = Table::chinese();
    for (role, body) in every_body() {
        let e = t.event(role.unwrap_or(Role::Referee), body);
        let line = encode(&e);
        assert!(!line.contains('\n'));
        let back = decode(&line).unwrap_or_else(|err| panic!("{line}\n{err}"));
        assert_eq!(back, e);
        assert_eq!(encode(&back), line, "byte-for-byte stable");
    }
}

#[test]
fn tournament_level_events_round_trip_and_must_not_name_a_game() {
    let mut t = Table::chinese();
    let mut e = t.event(
        Role::Organiser,
        EventBody::PlayerRegistered(Player {
            id: PlayerId::new("p1").unwrap(),
            name: "李昌镐".into(),
            rank: "9p".parse().unwrap(),
            club: Some("韩国棋院".into()),
            team: None,
            board: None,
            opengotha: None,
        }),
    );
    let err = decode(&encode(&e)).unwrap_err();
    assert!(
        invalid_at(&err, "game") && err.to_string().contains("not to a game"),
        "a player is not a game event: {err:?}"
    );
    e.game = None;
    assert_eq!(decode(&encode(&e)).unwrap(), e);
    let mut c = t.event(
        Role::Organiser,
        EventBody::TournamentCreated(Tournament {
            id: TournamentId::new("t1").unwrap(),
            name: "城市杯".into(),
            ruleset: RulesetSpec::Korean,
            settings: Default::default(),
        }),
    );
    c.game = None;
    assert_eq!(decode(&encode(&c)).unwrap(), c);
}

fn sample_line() -> serde_json::Value {
    let mut t = Table::chinese();
    let e = t.event(Role::Referee, record(Incident::Disturbing { offender: Black }, Some(Ruling::Warning)));
    serde_json::from_str(&encode(&e)).unwrap()
}

#[test]
fn unknown_schema_versions_are_refused_clearly() {
    let mut v = sample_line();
    assert_eq!(
        (v["schema"].as_u64(), v["rules"].as_u64()),
        (Some(2), Some(u64::from(arbiter_domain::rules::RULES_REVISION))),
        "written at schema 2, this build's rules revision"
    );
    // An event of schema 1 (an older build's, unsigned, no rules revision) is still read.
    let mut old = v.clone();
    old["schema"] = 1.into();
    old.as_object_mut().unwrap().remove("rules");
    let e = decode(&old.to_string()).unwrap();
    assert_eq!((e.schema, e.rules_revision(), e.sig.is_none()), (1, 1, true));
    // A schema 1 event cannot carry what schema 2 brought.
    old["rules"] = 1.into();
    assert!(decode(&old.to_string()).unwrap_err().to_string().contains("fields of schema 2"));
    v["schema"] = (SCHEMA_VERSION + 1).into();
    let err = decode(&v.to_string()).unwrap_err();
    assert_eq!(err, DomainError::UnsupportedSchema { found: u64::from(SCHEMA_VERSION) + 1, supported: SCHEMA_VERSION });
    assert!(err.to_string().contains(&format!("schema version {}", SCHEMA_VERSION + 1)), "{err}");
    v["schema"] = 0.into();
    assert_eq!(
        decode(&v.to_string()).unwrap_err(),
        DomainError::UnsupportedSchema { found: 0, supported: SCHEMA_VERSION }
    );
    v["schema"] = 2.into();
    let unknown = arbiter_domain::rules::RULES_REVISION + 1;
    v["rules"] = unknown.into();
    let err = decode(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains(&format!("rules revision {unknown} is not one this build knows")), "{err}");
    v.as_object_mut().unwrap().remove("schema");
    assert!(decode(&v.to_string()).unwrap_err().to_string().contains("schema"));
    v["schema"] = "1".into();
    let err = decode(&v.to_string()).unwrap_err();
    assert!(invalid_at(&err, "schema") && err.to_string().contains("whole number"), "{err:?}");
}

/// Every refusal names the field and carries the code docs/events.md lists for it: a malformed
/// id is `invalid_id`, a value out of its range `out_of_range`, anything else `invalid_field`.
#[test]
fn errors_name_the_field_that_is_wrong_with_the_documented_code() {
    let cases: Vec<(&str, serde_json::Value, &str, &str)> = vec![
        ("/body/data/incident/facts/offender", "purple".into(), "body.data.incident.facts.offender", "invalid_field"),
        ("/body/data/ruling", "flog".into(), "body.data.ruling", "invalid_field"),
        ("/body/kind", "teleported".into(), "body.kind", "invalid_field"),
        ("/author/role", "king".into(), "author.role", "invalid_field"),
        ("/id", "4a0c7e4e-9f3b-4d1a-8e2f-1c2d3e4f5a6b".into(), "id", "invalid_id"),
        ("/id", "not-a-uuid".into(), "id", "invalid_id"),
        ("/game", "g 1".into(), "game", "invalid_id"),
        ("/author/device", "".into(), "author.device", "invalid_id"),
        ("/hlc/wall_ms", (-5).into(), "hlc.wall_ms", "invalid_field"),
        ("/wall_time", "yesterday".into(), "wall_time", "invalid_field"),
    ];
    for (pointer, value, field, code) in cases {
        let mut v = sample_line();
        *v.pointer_mut(pointer).unwrap() = value;
        let err = decode(&v.to_string()).unwrap_err();
        assert_eq!(at_field(&err), Some((code, field)), "{pointer}: {err:?}");
        assert!(err.to_string().starts_with(&format!("field `{field}`")), "{pointer}: {err}");
        for said in [err.to_string(), err.said().ko] {
            assert!(
                !said.contains("[refusal]") && !said.contains('{'),
                "the carried form never reaches people: {said}"
            );
        }
    }
    let mut v = sample_line();
    v["body"]["data"]["incident"]["facts"]["colour_of_tie"] = "red".into();
    let err = decode(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("colour_of_tie"), "{err}");
    // Values out of range: a sealed point off the board, a count beyond the board, a komi the
    // rules do not have.
    let mut t = Table::chinese();
    for (body, field) in [
        (r#"{"kind":"move_unsealed","data":{"point":"Z99"}}"#, "body.data.point"),
        (r#"{"kind":"count_recorded","data":{"count":{"method":"area","black_stones":400}}}"#, "body.data.count"),
    ] {
        let mut v: serde_json::Value =
            serde_json::from_str(&encode(&t.event(Role::Referee, EventBody::ClockStarted))).unwrap();
        v["body"] = serde_json::from_str(body).unwrap();
        let err = decode(&v.to_string()).unwrap_err();
        assert_eq!(at_field(&err), Some(("out_of_range", field)), "{err:?}");
        assert!(err.to_string().starts_with(&format!("field `{field}`")), "{err}");
    }
}

#[test]
fn jsonl_reports_bad_lines_by_number_and_keeps_the_rest() {
    let good = sample_line().to_string();
    let text = format!("{good}\n\n{{not json\n{}\n{good}\n", good.replace("\"black\"", "\"blue\""));
    let (events, errors) = decode_jsonl(&text);
    assert_eq!(events.len(), 2);
    // A bad line is reported as its line number and code only: the typed error is not kept.
    let lines: Vec<(usize, &str)> = errors.iter().map(|e| (e.line, e.code)).collect();
    assert_eq!(lines, vec![(3, "malformed_json"), (4, "invalid_field")]);
}

#[test]
fn a_kind_of_schema_2_is_refused_at_schema_1() {
    use arbiter_domain::model::EventId;
    let mut t = Table::chinese();
    let body = EventBody::RecordAttached {
        incident: EventId::from_parts(1_795_000_000_000, [0x80; 10]),
        sgf: "(;GM[1]SZ[19];B[pd])".into(),
        move_no: Some(1),
    };
    let e = t.event(Role::Referee, body);
    let mut v: serde_json::Value = serde_json::from_str(&encode(&e)).unwrap();
    assert_eq!(decode(&v.to_string()).unwrap(), e);
    v["schema"] = 1.into();
    v.as_object_mut().unwrap().remove("rules");
    let err = decode(&v.to_string()).unwrap_err();
    assert!(invalid_at(&err, "schema") && err.to_string().contains("needs schema 2"), "{err:?}");
    // A record that is not SGF is refused where it is decoded, saying where it broke.
    v["schema"] = 2.into();
    v["body"]["data"]["sgf"] = "(;GM[1]SZ[19];B[pd]".into();
    let err = decode(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
}

#[test]
fn a_line_is_kept_as_it_came_unless_it_is_not_one_line() {
    use arbiter_domain::event::wire::Lined;
    let e = Table::chinese().event(Role::Referee, EventBody::ClockStarted);
    let spaced = encode(&e).replacen(':', ": ", 3);
    let kept = Lined::decode(&spaced).unwrap();
    assert_eq!((kept.event(), kept.line()), (&e, spaced.as_str()), "one line: kept byte for byte");
    for text in [serde_json::to_string_pretty(&e).unwrap(), encode(&e).replacen(',', ",\t", 1)] {
        let l = Lined::decode(&text).unwrap();
        assert_eq!((l.event(), l.line()), (&e, encode(&e).as_str()), "not one line: written again: {text}");
    }
    let unknown = encode(&e).replacen('{', r#"{"extra":1,"#, 1);
    assert_eq!(Lined::decode(&unknown).unwrap_err(), decode(&unknown).unwrap_err());
    assert_eq!(Lined::encode(e.clone()).line(), encode(&e));
}

/// A forfeit entered as a result (OpenGotha's "by default") is what schema 4 brought: written
/// at schema 4, refused at 3 (an older reader would not see it was not played), and a result
/// entered without it is written and read exactly as before.
#[test]
fn a_forfeit_entered_as_a_result_needs_schema_4() {
    use arbiter_domain::rules::Outcome;
    let mut t = Table::chinese();
    let forfeit = EventBody::ResultEntered { outcome: Outcome::win(Black), note: None, forfeit: true };
    let e = t.event(Role::ChiefArbiter, forfeit);
    let mut v: serde_json::Value = serde_json::from_str(&encode(&e)).unwrap();
    assert_eq!((v["schema"].as_u64(), v["body"]["data"]["forfeit"].as_bool()), (Some(4), Some(true)));
    assert_eq!(decode(&v.to_string()).unwrap(), e);
    v["schema"] = 3.into();
    let err = decode(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("needs schema 4"), "{err}");
    let played =
        t.event(Role::ChiefArbiter, EventBody::ResultEntered { outcome: Outcome::Draw, note: None, forfeit: false });
    let v: serde_json::Value = serde_json::from_str(&encode(&played)).unwrap();
    assert_eq!((v["schema"].as_u64(), v["body"]["data"].get("forfeit")), (Some(2), None));
}

/// The printouts' languages came with schema 9: a set-up carrying them is written at 9, read
/// back the same, and refused at 8; one without them is written as before.
#[test]
fn the_printouts_languages_need_schema_9() {
    use arbiter_domain::labels::Lang;
    let mut t = Table::chinese();
    let set_up = |languages: Vec<Lang>| {
        EventBody::TournamentCreated(Tournament {
            id: TournamentId::new("t1").unwrap(),
            name: "서울 오픈".into(),
            ruleset: RulesetSpec::default(),
            settings: Settings { languages, ..Settings::default() },
        })
    };
    let mut e = t.event(Role::Organiser, set_up(vec![Lang::Ko, Lang::En]));
    e.game = None;
    let mut v: serde_json::Value = serde_json::from_str(&encode(&e)).unwrap();
    assert_eq!(v["schema"].as_u64(), Some(9));
    assert_eq!(v["body"]["data"]["settings"]["languages"], serde_json::json!(["ko", "en"]));
    assert_eq!(decode(&v.to_string()).unwrap(), e);
    v["schema"] = 8.into();
    let err = decode(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("needs schema 9"), "{err}");
    let mut plain = t.event(Role::Organiser, set_up(Vec::new()));
    plain.game = None;
    let v: serde_json::Value = serde_json::from_str(&encode(&plain)).unwrap();
    assert_eq!(v["schema"].as_u64(), Some(2));
    // One or two, never the same twice.
    let check = |languages| Settings { languages, ..Settings::default() }.check_languages();
    assert!(check(vec![Lang::Ko]).is_ok() && check(vec![Lang::Ko, Lang::En]).is_ok());
    for bad in [vec![Lang::Ko, Lang::Ko], vec![Lang::Ko, Lang::En, Lang::Ja]] {
        assert!(matches!(check(bad), Err(DomainError::OutOfRange { what: "languages", .. })));
    }
}

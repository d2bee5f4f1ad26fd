//! Properties of the fold over random games: any order and any duplication give the same state;
//! warnings never decrease as a game goes on; a game has at most one result, and once it has
//! one, only the chief arbiter or the committee changes it; and an event sorting last folded
//! onto a game's state (`fold_onto`) gives what folding the game again gives.

use crate::support;

use arbiter_domain::event::{Event, EventBody};
use arbiter_domain::game::{fold_game, fold_onto};
use arbiter_domain::model::{Colour, Role};
use arbiter_domain::rules::Outcome;
use arbiter_domain::rules::{Incident, RulesetSpec, Ruling};
use proptest::prelude::*;
use support::*;

/// One step of a random game: a referee's incident (with a ruling the rules allow or not),
/// a fact, a chief arbiter's ruling on an earlier incident, an escalation (by the referee to
/// the chief arbiter, or by the chief arbiter to the committee), an appeal, or the committee's
/// decision on one (第十六条四).
#[derive(Debug, Clone)]
enum Step {
    Incident(u8, bool, u8),
    Fact(u8, bool),
    Chief(usize, u8),
    Escalate(usize, bool),
    Appeal(usize, bool),
    Decide(usize, u8),
    /// A correction (game::correction): who, for what cause, to what outcome, and whether it
    /// names the result in force or another event.
    Correct(u8, usize),
}

fn incident(kind: u8, black: bool) -> Incident {
    let c = if black { Colour::Black } else { Colour::White };
    match kind % 9 {
        0 => Incident::Disturbing { offender: c },
        1 => Incident::StoneLifted { offender: c, dropped: false },
        2 => Incident::ForbiddenPoint { offender: c, point: None, objection: None },
        3 => Incident::Consulting { offender: c },
        4 => Incident::LateArrival { black_late_secs: if black { 1_200 } else { 300 }, white_late_secs: 0 },
        5 => Incident::MovedStones { mover: Some(c), players_agree: false, deliberate: false, restorable: None },
        6 => Incident::ClockBeforeCapture { offender: c },
        // 第二十三条六: one approved absence a game; a second is refused by the walk.
        7 => Incident::AwayInByoyomi { offender: c, overtime: false, requested_in_opponent_time: true },
        _ => Incident::WrongfulRemoval { offender: c, objection: None },
    }
}

const RULINGS: [Ruling; 9] = [
    Ruling::Warning,
    Ruling::Advice,
    Ruling::RestoreWithWarning,
    Ruling::MoveVoidPass,
    Ruling::OffenderLoses,
    Ruling::Forfeit,
    Ruling::Draw,
    Ruling::DeductLateTime,
    Ruling::AbsenceApproved,
];

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (any::<u8>(), any::<bool>(), any::<u8>()).prop_map(|(k, b, r)| Step::Incident(k, b, r)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(k, b)| Step::Fact(k, b)),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(i, r)| Step::Chief(i, r)),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(i, up)| Step::Escalate(i, up)),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(i, b)| Step::Appeal(i, b)),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, d)| Step::Decide(i, d)),
        1 => (any::<u8>(), any::<usize>()).prop_map(|(k, i)| Step::Correct(k, i)),
    ]
}

fn build(steps: &[Step]) -> Table {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let mut incidents = Vec::new();
    let mut appeals = Vec::new();
    for s in steps {
        match *s {
            Step::Incident(k, b, r) => {
                let ruling = RULINGS[usize::from(r) % RULINGS.len()];
                incidents.push(t.referee(record(incident(k, b), Some(ruling))));
            }
            Step::Fact(k, b) => {
                let c = if b { Colour::Black } else { Colour::White };
                let body = match k % 7 {
                    0 => EventBody::Resigned { by: c },
                    // Territory counting under the Chinese rules: refused by the walk (第九条).
                    6 => EventBody::CountRecorded {
                        count: arbiter_domain::rules::Count::Territory { black_points: 60, white_points: 55 },
                    },
                    1 => EventBody::ClockPaused { reason: None },
                    2 => EventBody::ClockResumed,
                    3 => EventBody::ClockPressed { by: c },
                    4 => EventBody::ResultEntered { outcome: Outcome::win(c), note: None, forfeit: false },
                    _ => EventBody::EndConfirmed { first: c },
                };
                // The chief arbiter enters results too (authority after a result, 第十三条一).
                if k % 14 == 4 {
                    t.chief(body);
                } else {
                    t.referee(body);
                }
            }
            Step::Chief(i, r) if !incidents.is_empty() => {
                let target = incidents[i % incidents.len()];
                t.chief(rule(target, RULINGS[usize::from(r) % RULINGS.len()]));
            }
            Step::Escalate(i, up) if !incidents.is_empty() => {
                let incident = incidents[i % incidents.len()];
                if up {
                    t.chief(EventBody::Escalated { incident, to: Role::Committee, note: None });
                } else {
                    t.referee(EventBody::Escalated { incident, to: Role::ChiefArbiter, note: None });
                }
            }
            Step::Appeal(i, b) if !incidents.is_empty() => {
                let incident = incidents[i % incidents.len()];
                let by = if b { Colour::Black } else { Colour::White };
                appeals.push(t.referee(EventBody::AppealFiled { incident, by, grounds: "申诉".into() }));
            }
            Step::Decide(i, d) if !appeals.is_empty() => {
                let appeal = appeals[i % appeals.len()];
                let decision = match d % 3 {
                    0 => arbiter_domain::event::AppealDecision::Upheld,
                    1 => arbiter_domain::event::AppealDecision::Annulled,
                    _ => arbiter_domain::event::AppealDecision::Overturned {
                        ruling: RULINGS[usize::from(d / 3) % RULINGS.len()],
                    },
                };
                t.committee(EventBody::AppealDecided { appeal, decision, note: None });
            }
            Step::Correct(k, i) => {
                let role = [Role::ChiefArbiter, Role::Committee, Role::Organiser, Role::Referee][usize::from(k % 4)];
                let cause = arbiter_domain::game::CorrectionCause::ALL[usize::from(k / 4) % 3];
                let outcome = [None, Some(Outcome::Draw), Some(Outcome::win(Colour::Black))][usize::from(k / 12) % 3];
                // Mostly the result in force (when there is one), else any earlier event.
                let current = fold(&t, &t.events).result.map(|r| r.event);
                let replaces = match current {
                    Some(e) if k < 200 => e,
                    _ => t.events[i % t.events.len()].id,
                };
                t.push(role, correct(replaces, outcome, cause, "更正"));
            }
            Step::Chief(..) | Step::Escalate(..) | Step::Appeal(..) | Step::Decide(..) => {}
        }
    }
    t
}

fn fold(t: &Table, events: &[Event]) -> arbiter_domain::game::GameState {
    fold_game(&t.game, RulesetSpec::default(), events)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn any_order_and_any_duplicates_give_the_same_state(
        steps in prop::collection::vec(step(), 0..24),
        skews in prop::collection::vec(0u64..5_000, 32),
        shuffle_seed in any::<u64>(),
        dups in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        let mut t = build(&steps);
        // Devices with skewed clocks: HLC order differs from id order, and a ruling may carry
        // an earlier stamp than its incident.
        for (e, skew) in t.events.iter_mut().zip(skews.iter().cycle()) {
            e.hlc.wall_ms += skew;
        }
        let expected = fold(&t, &t.events);
        let mut delivered = t.events.clone();
        for d in &dups {
            delivered.push(t.events[d.index(t.events.len())].clone());
        }
        // Fisher–Yates driven by the seed: a delivery order proptest can shrink.
        let mut x = shuffle_seed | 1;
        for i in (1..delivered.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            delivered.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let got = fold(&t, &delivered);
        prop_assert_eq!(&got, &expected);
        prop_assert_eq!(got.events, t.events.len());
    }

    #[test]
    fn an_event_sorting_last_folds_onto_the_state_as_folding_again_does(steps in prop::collection::vec(step(), 0..32)) {
        let t = build(&steps);
        let mut events = t.events.clone();
        events.sort_by_key(|e| e.order_key());
        let mut kept = fold(&t, &[]);
        for n in 1..=events.len() {
            if !fold_onto(&mut kept, &events[n - 1]) {
                kept = fold(&t, &events[..n]);
            }
            prop_assert_eq!(&kept, &fold(&t, &events[..n]), "after event {}", n);
        }
    }

    #[test]
    fn warnings_never_decrease_without_a_higher_ruling(steps in prop::collection::vec(step(), 0..24)) {
        let steps: Vec<Step> = steps.into_iter().filter(|s| !matches!(s, Step::Chief(..) | Step::Decide(..))).collect();
        let t = build(&steps);
        let mut last = (0, 0);
        for n in 1..=t.events.len() {
            let s = fold(&t, &t.events[..n]);
            let now = (s.warnings(Colour::Black), s.warnings(Colour::White));
            prop_assert!(now.0 >= last.0 && now.1 >= last.1, "{:?} -> {:?} at event {}", last, now, n);
            last = now;
        }
    }

    /// A decided game stays decided (rules revision 3): once there is a result, it changes only
    /// by a correction or by a chief arbiter's or committee's decision on an incident (which may
    /// change the ruling that decided it) — never by a later fact or incident, whoever records
    /// it. Every correction the fold admits is listed once, and named the result it replaced.
    #[test]
    fn a_result_once_reached_changes_only_by_a_correction_or_a_decision(steps in prop::collection::vec(step(), 0..24)) {
        let t = build(&steps);
        let mut decided: Option<arbiter_domain::game::GameResult> = None;
        for n in 1..=t.events.len() {
            let s = fold(&t, &t.events[..n]);
            // At most one result at a time, and it is the one the status says.
            prop_assert_eq!(s.result.is_some(), s.status == arbiter_domain::game::Status::Finished);
            let last = &t.events[n - 1];
            if decided.is_some() && decided != s.result {
                let by_decision = matches!(last.body, EventBody::RulingIssued { .. } | EventBody::AppealDecided { .. })
                    && last.author.role >= Role::ChiefArbiter;
                let by_correction = matches!(last.body, EventBody::ResultCorrected { .. })
                    && s.corrections.last().is_some_and(|c| c.event == last.id && Some(c.replaced) == decided);
                prop_assert!(by_decision || by_correction, "{:?} changed {:?} into {:?}", last.body, decided, s.result);
            }
            let ids: std::collections::BTreeSet<_> = s.corrections.iter().map(|c| c.event).collect();
            prop_assert_eq!(ids.len(), s.corrections.len());
            decided = s.result;
        }
    }
}

/// Every event of play folds on: the walk's facts and new incidents one step at a time — clock,
/// the second warning's loss (第二十五条二) and what comes after it, the chief arbiter's result —
/// and a ruling, an escalation or an appeal (第十六条四) by walking the kept steps again, which
/// is how a ruling on an earlier incident changes what came after it. A new schedule (another
/// ruleset for every check) is refused: the game is folded again.
#[test]
fn play_rulings_and_appeals_fold_on_and_a_schedule_does_not() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let mut kept = fold(&t, &t.events);
    let check = |t: &Table, kept: &mut arbiter_domain::game::GameState, folds_on: bool| {
        let e = t.events.last().unwrap();
        assert_eq!(fold_onto(kept, e), folds_on, "{:?}", e.body);
        if !folds_on {
            *kept = fold(t, &t.events);
        }
        assert_eq!(*kept, fold(t, &t.events), "after {:?}", e.body);
    };
    t.referee(EventBody::ClockPressed { by: Colour::Black });
    check(&t, &mut kept, true);
    // 第二十三条四: a removal of captures, its end, and a press that ends another.
    t.referee(EventBody::RemovalStarted { by: Colour::White });
    check(&t, &mut kept, true);
    t.referee(EventBody::RemovalEnded { by: Colour::White });
    check(&t, &mut kept, true);
    t.referee(EventBody::RemovalStarted { by: Colour::White });
    check(&t, &mut kept, true);
    t.referee(EventBody::ClockPressed { by: Colour::White });
    check(&t, &mut kept, true);
    t.referee(EventBody::ClockPressed { by: Colour::Black });
    check(&t, &mut kept, true);
    let first = t.referee(record(Incident::Disturbing { offender: Colour::White }, Some(Ruling::Warning)));
    check(&t, &mut kept, true);
    t.referee(record(Incident::StoneLifted { offender: Colour::Black, dropped: false }, None));
    check(&t, &mut kept, true);
    assert!(!kept.open.is_empty(), "an incident awaiting a ruling is open");
    t.referee(record(Incident::Disturbing { offender: Colour::White }, Some(Ruling::Warning)));
    check(&t, &mut kept, true);
    assert!(kept.result.is_some(), "the second warning lost the game");
    t.referee(EventBody::ClockPressed { by: Colour::White });
    check(&t, &mut kept, true);
    t.referee(EventBody::Resigned { by: Colour::Black });
    check(&t, &mut kept, true);
    assert_eq!(kept.after_result.len(), 1, "a referee's fact after the result waits for the chief arbiter");
    t.referee(record(Incident::Consulting { offender: Colour::Black }, Some(Ruling::Warning)));
    check(&t, &mut kept, true);
    // The chief arbiter's entry after the result is kept and flagged: the first result stands.
    let draw = t.chief(EventBody::ResultEntered { outcome: Outcome::Draw, note: None, forfeit: false });
    check(&t, &mut kept, true);
    assert!(kept.superseded_results.is_empty());
    assert!(kept.after_result.contains(&draw));
    // The chief arbiter's advice in place of the first warning: the second warning no longer
    // loses the game, and the referee's resignation after it counts again.
    t.chief(rule(first, Ruling::Advice));
    check(&t, &mut kept, true);
    assert_eq!(kept.warnings(Colour::White), 1);
    let reasons =
        |k: &arbiter_domain::game::GameState| k.superseded_results.iter().map(|r| r.reason).collect::<Vec<_>>();
    assert_eq!(
        kept.result.map(|r| r.reason),
        Some(arbiter_domain::rules::ResultReason::Resignation),
        "the resignation decides, the draw after it is flagged"
    );
    assert!(reasons(&kept).is_empty());
    t.referee(EventBody::Escalated { incident: first, to: Role::ChiefArbiter, note: None });
    check(&t, &mut kept, true);
    t.chief(EventBody::Escalated { incident: first, to: Role::Committee, note: None });
    check(&t, &mut kept, true);
    assert!(kept.open.iter().any(|o| o.kind == arbiter_domain::game::OpenKind::Escalation));
    let appeal = t.referee(EventBody::AppealFiled { incident: first, by: Colour::White, grounds: "申诉".into() });
    check(&t, &mut kept, true);
    assert!(kept.open.iter().any(|o| o.kind == arbiter_domain::game::OpenKind::Appeal));
    // 第十六条四: the committee restores the warning; the second warning loses the game again.
    let decision = arbiter_domain::event::AppealDecision::Overturned { ruling: Ruling::Warning };
    t.committee(EventBody::AppealDecided { appeal, decision, note: None });
    check(&t, &mut kept, true);
    assert_eq!(kept.warnings(Colour::White), 2);
    assert_eq!(kept.result.map(|r| r.reason), Some(arbiter_domain::rules::ResultReason::SecondWarning));
    // A correction is folded again, never on (it may take the result away).
    let decided = kept.result.unwrap().event;
    t.chief(correct(decided, Some(Outcome::Draw), arbiter_domain::game::CorrectionCause::RulingAnnulled, "复核"));
    check(&t, &mut kept, false);
    assert_eq!(reasons(&kept), [arbiter_domain::rules::ResultReason::SecondWarning]);
    assert_eq!(kept.corrections.len(), 1);
    assert!(kept.open.iter().all(|o| o.kind != arbiter_domain::game::OpenKind::Appeal));
    t.schedule(RulesetSpec::default(), 30);
    check(&t, &mut kept, false);
    let mut elsewhere = t.events[0].clone();
    elsewhere.game = Some(arbiter_domain::model::GameId::new("elsewhere").unwrap());
    elsewhere.body = EventBody::ClockStarted;
    assert!(!fold_onto(&mut kept, &elsewhere), "another game's event");
}

/// A ruling stamped before its incident (a skewed device) was refused as unknown while the
/// incident was missing: the incident arriving last is not folded on — it changes that ruling's
/// fate — and folding again gives the full fold.
#[test]
fn an_incident_an_earlier_ruling_named_is_folded_again() {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let incident = t.referee(record(Incident::Disturbing { offender: Colour::White }, None));
    t.chief(rule(incident, Ruling::Warning));
    let (i, r) = (t.events.len() - 2, t.events.len() - 1);
    let (early, late) = (t.events[i].hlc, t.events[r].hlc);
    t.events[i].hlc = late;
    t.events[r].hlc = early;
    let without: Vec<Event> = t.events.iter().filter(|e| e.id != incident).cloned().collect();
    let mut kept = fold(&t, &without);
    let unknown = arbiter_domain::DomainError::UnknownIncident { what: "a ruling", incident: incident.to_string() };
    assert_eq!(refusal(&kept, t.events[r].id), Some(&unknown.body()));
    assert!(!fold_onto(&mut kept, &t.events[i]));
    assert_eq!(kept, fold(&t, &without), "left untouched");
    assert!(fold(&t, &t.events).incidents[0].effective.is_some(), "the ruling stands once its incident is held");
}

/// 第十六条三: a recount folds on as the fold gives it, refused or applied.
#[test]
fn a_recount_folds_on() {
    use arbiter_domain::rules::{Count, HalfStones};
    let area = |n: u32| Count::Area { black_stones: HalfStones::new(n * 2).unwrap() };
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let mut kept = fold(&t, &t.events);
    for body in [
        EventBody::CountCorrected { count: area(185), asked_by: Colour::Black },
        EventBody::CountRecorded { count: area(183) },
        EventBody::CountCorrected { count: area(185), asked_by: Colour::Black },
        EventBody::CountCorrected { count: area(184), asked_by: Colour::White },
    ] {
        t.referee(body);
        let e = t.events.last().unwrap();
        assert!(fold_onto(&mut kept, e), "{:?}", e.body);
        assert_eq!(kept, fold(&t, &t.events), "after {:?}", e.body);
    }
    assert_eq!(kept.superseded_results.len(), 2);
    assert_eq!(kept.rejected.len(), 1, "the recount before any count");
}

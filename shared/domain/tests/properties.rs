//! Properties of the fold over random games: any order and any duplication give the same state;
//! warnings never decrease as a game goes on; a game has at most one result, and once it has
//! one, only the chief arbiter or the committee changes it.

mod support;

use arbiter_domain::domain::{Colour, Role};
use arbiter_domain::event::{Event, EventBody};
use arbiter_domain::game::fold_game;
use arbiter_domain::rules::{Incident, RulesetSpec, Ruling};
use proptest::prelude::*;
use support::*;

/// One step of a random game: a referee's incident (with a ruling the rules allow or not),
/// a fact, or a chief arbiter's ruling on an earlier incident.
#[derive(Debug, Clone)]
enum Step {
    Incident(u8, bool, u8),
    Fact(u8, bool),
    Chief(usize, u8),
}

fn incident(kind: u8, black: bool) -> Incident {
    let c = if black { Colour::Black } else { Colour::White };
    match kind % 8 {
        0 => Incident::Disturbing { offender: c },
        1 => Incident::StoneLifted { offender: c, dropped: false },
        2 => Incident::ForbiddenPoint { offender: c, point: None, objection: None },
        3 => Incident::Consulting { offender: c },
        4 => Incident::LateArrival { black_late_secs: if black { 1_200 } else { 300 }, white_late_secs: 0 },
        5 => Incident::MovedStones { mover: Some(c), players_agree: false, deliberate: false },
        6 => Incident::ClockBeforeCapture { offender: c },
        _ => Incident::WrongfulRemoval { offender: c, objection: None },
    }
}

const RULINGS: [Ruling; 8] = [
    Ruling::Warning,
    Ruling::Advice,
    Ruling::RestoreWithWarning,
    Ruling::MoveVoidPass,
    Ruling::OffenderLoses,
    Ruling::Forfeit,
    Ruling::Draw,
    Ruling::DeductLateTime,
];

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (any::<u8>(), any::<bool>(), any::<u8>()).prop_map(|(k, b, r)| Step::Incident(k, b, r)),
        1 => (any::<u8>(), any::<bool>()).prop_map(|(k, b)| Step::Fact(k, b)),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(i, r)| Step::Chief(i, r)),
    ]
}

fn build(steps: &[Step]) -> Table {
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let mut incidents = Vec::new();
    for s in steps {
        match *s {
            Step::Incident(k, b, r) => {
                let ruling = RULINGS[usize::from(r) % RULINGS.len()];
                incidents.push(t.referee(record(incident(k, b), Some(ruling))));
            }
            Step::Fact(k, b) => {
                let c = if b { Colour::Black } else { Colour::White };
                let body = match k % 4 {
                    0 => EventBody::Resigned { by: c },
                    1 => EventBody::ClockPaused { reason: None },
                    2 => EventBody::ClockResumed,
                    _ => EventBody::EndConfirmed { first: c },
                };
                t.referee(body);
            }
            Step::Chief(i, r) if !incidents.is_empty() => {
                let target = incidents[i % incidents.len()];
                t.chief(rule(target, RULINGS[usize::from(r) % RULINGS.len()]));
            }
            Step::Chief(..) => {}
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
    fn warnings_never_decrease_without_a_higher_ruling(steps in prop::collection::vec(step(), 0..24)) {
        let steps: Vec<Step> = steps.into_iter().filter(|s| !matches!(s, Step::Chief(..))).collect();
        let t = build(&steps);
        let mut last = (0, 0);
        for n in 1..=t.events.len() {
            let s = fold(&t, &t.events[..n]);
            let now = (s.warnings(Colour::Black), s.warnings(Colour::White));
            prop_assert!(now.0 >= last.0 && now.1 >= last.1, "{:?} -> {:?} at event {}", last, now, n);
            last = now;
        }
    }

    #[test]
    fn a_result_once_reached_changes_only_by_authority(steps in prop::collection::vec(step(), 0..24)) {
        let t = build(&steps);
        let mut decided: Option<arbiter_domain::game::GameResult> = None;
        for n in 1..=t.events.len() {
            let s = fold(&t, &t.events[..n]);
            // At most one result at a time, and it is the one the status says.
            prop_assert_eq!(s.result.is_some(), s.status == arbiter_domain::game::Status::Finished);
            if let (Some(before), Some(now)) = (decided, s.result) {
                if before != now {
                    prop_assert!(t.events[n - 1].author.role >= Role::ChiefArbiter,
                        "a referee's event changed {:?} into {:?}", before, now);
                }
            }
            if decided.is_some() && s.result.is_none() {
                prop_assert!(t.events[n - 1].author.role >= Role::ChiefArbiter);
            }
            decided = s.result;
        }
    }
}

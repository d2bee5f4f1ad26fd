//! Undo at the table (game::undo): the device that recorded an incident takes it back
//! within 30 s by a correction event — nothing deleted; later, or once another official acted,
//! only a ruling changes it. Every replica's fold holds the same rule at the undo's own stamp.

use crate::support;

use arbiter_domain::clock::MAX_AHEAD_MS;
use arbiter_domain::error::{Forbidden, UndoRefusal};
use arbiter_domain::event::{EventBody, EventKind};
use arbiter_domain::game::undo::{self, WINDOW_MS};
use arbiter_domain::model::{DeviceId, Role};
use arbiter_domain::rules::{Incident, Ruling, RULES_REVISION, UNDO_FROM_MADE_SINCE};
use arbiter_domain::DomainError;
use support::*;

fn undo(incident: arbiter_domain::model::EventId) -> EventBody {
    EventBody::IncidentWithdrawn { incident }
}

#[test]
fn a_second_warning_undone_within_30_s_no_longer_loses_and_the_history_keeps_both() {
    let mut t = Table::chinese();
    t.incident(Incident::Disturbing { offender: Black }, Ruling::Warning);
    let second = t.incident(Incident::Disturbing { offender: Black }, Ruling::Warning);
    assert!(t.state().result.is_some(), "第二十五条二: the second warning loses");
    // The wrong side was tapped: undone 1 s later, by the tablet that recorded it.
    let withdrawal = t.referee(undo(second));
    let s = t.state();
    assert!(s.result.is_none(), "undone, the second warning loses nothing: {:?}", s.result);
    assert_eq!(s.sides.black.warnings.len(), 1);
    let v = s.incident(second).unwrap();
    assert_eq!(v.withdrawn.as_ref().map(|w| w.event), Some(withdrawal), "the history says it was undone");
    assert!(v.effective.is_none() && v.consequence.is_none());
    assert_eq!(s.incidents.len(), 2, "nothing deleted");
    assert!(s.open.is_empty(), "an undone record awaits no ruling");
    assert!(s.rejected.is_empty(), "{:?}", s.rejected);
}

#[test]
fn an_undo_after_30_s_is_refused_on_the_device_and_in_every_fold() {
    let mut t = Table::chinese();
    let w = t.incident(Incident::Disturbing { offender: White }, Ruling::Warning);
    t.wait(WINDOW_MS);
    let device = DeviceId::new("dev-ref-wang").unwrap();
    let late = undo::check_in(&t.state(), w, &device, t.now() + 1_000).unwrap_err();
    let too_late = DomainError::UndoRefused(UndoRefusal::TooLate { waited_s: 31, window_s: 30 });
    assert_eq!(late, too_late);
    assert!(late.to_string().contains("chief arbiter"), "{late}");
    // Recorded all the same (an old build, a wrong clock): every replica refuses it alike.
    let id = t.referee(undo(w));
    let s = t.state();
    assert_eq!(s.sides.white.warnings, vec![w], "the warning stands");
    assert_eq!(refusal(&s, id), Some(&too_late.body()), "{:?}", s.rejected);
}

#[test]
fn only_the_recording_device_may_undo_and_not_once_another_official_acted() {
    let mut t = Table::chinese();
    let w = t.incident(Incident::Disturbing { offender: Black }, Ruling::Advice);
    let other = DeviceId::new("dev-ref-li").unwrap();
    let e = undo::check_in(&t.state(), w, &other, t.now()).unwrap_err();
    let foreign_device = DomainError::UndoRefused(UndoRefusal::OtherDevice("dev-ref-wang".into()));
    assert_eq!(e, foreign_device);
    // Another tablet's undo in the ledger is refused by the fold too.
    let mut foreign = t.event(Role::Referee, undo(w));
    foreign.author.device = other;
    let foreign_id = foreign.id;
    t.events.push(foreign);
    let s = t.state();
    assert!(s.incident(w).unwrap().withdrawn.is_none());
    assert_eq!(refusal(&s, foreign_id), Some(&foreign_device.body()), "{:?}", s.rejected);

    // The chief arbiter ruled on it: the referee's undo comes too late for that.
    let mut t = Table::chinese();
    let w = t.incident(Incident::Disturbing { offender: Black }, Ruling::Advice);
    t.chief(rule(w, Ruling::Warning));
    let me = DeviceId::new("dev-ref-wang").unwrap();
    let e = undo::check_in(&t.state(), w, &me, t.now()).unwrap_err();
    assert_eq!(e, DomainError::UndoRefused(UndoRefusal::ActedOn));
    assert!(e.to_string().contains("another official"), "{e}");
    // Undone once is undone: a second undo is refused.
    let mut t = Table::chinese();
    let w = t.incident(Incident::Disturbing { offender: Black }, Ruling::Advice);
    t.referee(undo(w));
    assert_eq!(undo::check_in(&t.state(), w, &me, t.now()), Err(DomainError::UndoRefused(UndoRefusal::AlreadyUndone)));
    assert_eq!(
        t.try_push(Role::Committee, undo(w)).unwrap_err(),
        DomainError::not_authorized(
            Role::Committee,
            Forbidden::Record(EventKind::IncidentWithdrawn),
            Some(Role::Referee)
        ),
        "a committee does not undo a table's record"
    );
}

/// A phone online records the second warning (it reaches the office at once); the Wi-Fi drops,
/// and the referee undoes it 10 s later on the phone, which delivers the undo a minute later
/// (stamped on arrival, with the moment it was made). From rules revision 5 the window runs
/// between the moments made, so the undo is in time; a ledger written under revision 4 keeps
/// its meaning (measured between arrivals).
#[test]
fn an_undo_made_offline_10_s_after_its_record_is_in_time_when_it_arrives_later() {
    let mut t = Table::chinese();
    t.incident(Incident::Disturbing { offender: Black }, Ruling::Warning);
    t.wait(5_000);
    let second = t.event(Role::Referee, record(Incident::Disturbing { offender: Black }, Some(Ruling::Warning)));
    let (second_id, made) = (second.id, second.hlc.wall_ms);
    t.events.push(second.clone());
    let before_undo = t.state();
    assert!(before_undo.result.is_some(), "第二十五条二: the second warning loses");
    // The undo, made 10 s later on the same phone, arrives a minute later.
    let made_undo = made + 10_000;
    t.wait(60_000);
    let mut withdrawal = t.event(Role::Referee, undo(second_id));
    withdrawal.wall_time = chrono::DateTime::from_timestamp_millis(made_undo as i64).unwrap();
    assert!(withdrawal.hlc.wall_ms - made > WINDOW_MS, "by the arrivals, too late");
    let withdrawal_id = withdrawal.id;
    t.events.push(withdrawal.clone());
    let s = t.state();
    assert!(s.result.is_none(), "undone in time, the second warning loses nothing: {:?}", s.rejected);
    assert_eq!(s.incident(second_id).unwrap().withdrawn.as_ref().map(|w| w.event), Some(withdrawal_id));
    assert!(s.rejected.is_empty(), "{:?}", s.rejected);

    // The live check, as the office makes it on arrival: in time by the moments made.
    let phone = DeviceId::new("dev-ref-wang").unwrap();
    let arrival = withdrawal.hlc.wall_ms;
    let at = undo::UndoAt { stamp_ms: arrival, made_ms: made_undo, revision: RULES_REVISION };
    assert_eq!(undo::check_in_at(&before_undo, second_id, &phone, at), Ok(()));
    let late = undo::UndoAt { stamp_ms: arrival, made_ms: made + 40_000, revision: RULES_REVISION };
    assert_eq!(
        undo::check_in_at(&before_undo, second_id, &phone, late),
        Err(DomainError::UndoRefused(UndoRefusal::TooLate { waited_s: 40, window_s: 30 }))
    );
    // A moment made ahead of its own stamp beyond the clock-skew bound is not believed: the
    // stamps are measured.
    let ahead = undo::UndoAt {
        stamp_ms: made + 20_000,
        made_ms: made + 20_000 + MAX_AHEAD_MS + 60_000,
        revision: RULES_REVISION,
    };
    assert_eq!(undo::check_in_at(&before_undo, second_id, &phone, ahead), Ok(()));
    // Revision 3's measure: between the stamps, so this undo was too late then, and stays so.
    let mut t3 = t.clone();
    t3.events.last_mut().unwrap().rules = Some(UNDO_FROM_MADE_SINCE - 1);
    let s3 = t3.state();
    assert!(s3.result.is_some(), "revision 4: refused, by the arrivals");
    assert_eq!(
        refusal(&s3, withdrawal_id),
        Some(&DomainError::UndoRefused(UndoRefusal::TooLate { waited_s: 61, window_s: 30 }).body())
    );
}

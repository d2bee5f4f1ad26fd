//! Undo at the table (game::undo): the device that recorded an incident takes it back
//! within 30 s by a correction event — nothing deleted; later, or once another official acted,
//! only a ruling changes it. Every replica's fold holds the same rule at the undo's own stamp.

use crate::support;

use arbiter_domain::error::{Forbidden, UndoRefusal};
use arbiter_domain::event::{EventBody, EventKind};
use arbiter_domain::game::undo::{self, WINDOW_MS};
use arbiter_domain::model::{DeviceId, Role};
use arbiter_domain::rules::{Incident, Ruling};
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

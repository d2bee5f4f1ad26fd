//! Undo at the table: the device that recorded an incident may take it back within
//! [`WINDOW_MS`] — a mistaken tap, the wrong side — by recording `incident_withdrawn`. Nothing
//! is deleted: the history keeps the incident and says it was undone, and the incident decides
//! nothing from then on. Once the window has passed, or another official has acted on it (a
//! ruling, an escalation, an appeal), only a ruling changes it (第十六条: the chief arbiter).
//!
//! The same check runs on the device before recording (its clock's now) and in every replica's
//! fold (the withdrawal's own stamp), so a late or foreign undo is refused everywhere alike.
//!
//! From rules revision [`UNDO_FROM_MADE_SINCE`] the window runs between the moments the two
//! records were made (their wall times, on the one device that may undo), not their arrivals:
//! a phone's undo made offline 10 s after its record is in time however late both arrive. A
//! wall time ahead of its own stamp by more than the clock-skew bound is not believed; the
//! stamps are measured then. Before that revision the stamps are measured, as they were.

use crate::error::{DomainError, Result, UndoRefusal};
use crate::game::state::{GameState, IncidentView};
use crate::model::{DeviceId, EventId};
use crate::rules::UNDO_FROM_MADE_SINCE;

/// How long after recording an incident its device may undo it.
pub const WINDOW_MS: u64 = 30_000;

/// When an undo is: its stamp (its arrival, on the office's pages), the moment it was made, both
/// in ms since the epoch, and the rules revision it is recorded under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoAt {
    pub stamp_ms: u64,
    pub made_ms: u64,
    pub revision: u16,
}

impl UndoAt {
    /// An undo made now and recorded at once, under this build's revision.
    pub fn now(ms: u64) -> Self {
        UndoAt { stamp_ms: ms, made_ms: ms, revision: crate::rules::RULES_REVISION }
    }
}

/// How long after `view` was recorded an undo at `at` comes: between the moments both were made
/// from revision [`UNDO_FROM_MADE_SINCE`], where both moments are within the clock-skew bound of
/// their stamps; between the stamps otherwise.
pub fn waited_ms(view: &IncidentView, at: UndoAt) -> u64 {
    let made = u64::try_from(view.wall_time.timestamp_millis()).unwrap_or(0);
    let believed = |made: u64, stamp: u64| made <= stamp.saturating_add(crate::clock::MAX_AHEAD_MS);
    if at.revision >= UNDO_FROM_MADE_SINCE && believed(made, view.hlc.wall_ms) && believed(at.made_ms, at.stamp_ms) {
        at.made_ms.saturating_sub(made)
    } else {
        at.stamp_ms.saturating_sub(view.hlc.wall_ms)
    }
}

/// Refuses an undo of `view` by `device` at `at_ms` (ms since the epoch, the undoing device's
/// clock; made and recorded then) that the rules of undo do not allow.
pub fn check(view: &IncidentView, appealed: bool, device: &DeviceId, at_ms: u64) -> Result<()> {
    check_at(view, appealed, device, UndoAt::now(at_ms))
}

/// [`check`] for an undo made at one moment and stamped at another ([`UndoAt`]).
pub fn check_at(view: &IncidentView, appealed: bool, device: &DeviceId, at: UndoAt) -> Result<()> {
    let refuse = |why| Err(DomainError::UndoRefused(why));
    if view.withdrawn.is_some() {
        return refuse(UndoRefusal::AlreadyUndone);
    }
    if view.author.device != *device {
        return refuse(UndoRefusal::OtherDevice(view.author.device.to_string()));
    }
    let waited = waited_ms(view, at);
    if waited > WINDOW_MS {
        return refuse(UndoRefusal::TooLate { waited_s: waited / 1000, window_s: WINDOW_MS / 1000 });
    }
    if view.rulings.iter().any(|r| r.event != view.id) || !view.escalated_to.is_empty() || appealed {
        return refuse(UndoRefusal::ActedOn);
    }
    Ok(())
}

/// [`check`] for the incident `id` of `state`.
pub fn check_in(state: &GameState, id: EventId, device: &DeviceId, at_ms: u64) -> Result<()> {
    check_in_at(state, id, device, UndoAt::now(at_ms))
}

/// [`check_at`] for the incident `id` of `state`.
pub fn check_in_at(state: &GameState, id: EventId, device: &DeviceId, at: UndoAt) -> Result<()> {
    let view =
        state.incident(id).ok_or_else(|| DomainError::UnknownIncident { what: "an undo", incident: id.to_string() })?;
    check_at(view, state.appeals.iter().any(|a| a.incident == id), device, at)
}

/// Writes the undo window beside the generated TypeScript types: the screens' undo bars count
/// down the core's window, not one written again in the UI (`cargo test -p arbiter-domain
/// --features ts`).
#[cfg(all(test, feature = "ts"))]
#[allow(clippy::disallowed_methods)] // a test writing the generated file, not the library
mod export {
    #[test]
    fn export_undo_window_json() {
        let dir = std::env::var("TS_RS_EXPORT_DIR").unwrap_or_else(|_| "bindings".into());
        let json = serde_json::to_string_pretty(&serde_json::json!({ "window_ms": super::WINDOW_MS })).unwrap() + "\n";
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("undo-window.json"), json).unwrap();
    }
}

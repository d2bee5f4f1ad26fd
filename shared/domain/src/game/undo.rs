//! Undo at the table: the device that recorded an incident may take it back within
//! [`WINDOW_MS`] — a mistaken tap, the wrong side — by recording `incident_withdrawn`. Nothing
//! is deleted: the history keeps the incident and says it was undone, and the incident decides
//! nothing from then on. Once the window has passed, or another official has acted on it (a
//! ruling, an escalation, an appeal), only a ruling changes it (第十六条: the chief arbiter).
//!
//! The same check runs on the device before recording (its clock's now) and in every replica's
//! fold (the withdrawal's own stamp), so a late or foreign undo is refused everywhere alike.

use crate::error::{DomainError, Result, UndoRefusal};
use crate::game::state::{GameState, IncidentView};
use crate::model::{DeviceId, EventId};

/// How long after recording an incident its device may undo it.
pub const WINDOW_MS: u64 = 30_000;

/// Refuses an undo of `view` by `device` at `at_ms` (ms since the epoch, the undoing device's
/// clock) that the rules of undo do not allow.
pub fn check(view: &IncidentView, appealed: bool, device: &DeviceId, at_ms: u64) -> Result<()> {
    let refuse = |why| Err(DomainError::UndoRefused(why));
    if view.withdrawn.is_some() {
        return refuse(UndoRefusal::AlreadyUndone);
    }
    if view.author.device != *device {
        return refuse(UndoRefusal::OtherDevice(view.author.device.to_string()));
    }
    let waited = at_ms.saturating_sub(view.hlc.wall_ms);
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
    let view =
        state.incident(id).ok_or_else(|| DomainError::UnknownIncident { what: "an undo", incident: id.to_string() })?;
    check(view, state.appeals.iter().any(|a| a.incident == id), device, at_ms)
}

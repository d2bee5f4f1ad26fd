//! One admission rule for every office a league joins together: what a standalone
//! office, a league's venue office and its central office admit, signed how — decided here
//! only, so that what a venue acknowledges to a tablet the central office admits too.
//!
//! The rule: in a league every event must be signed by the device that recorded it, because
//! the central office checks each forwarded event against its author's registered key (the
//! venue that forwards it vouches for nothing). So a venue refuses, up front, what the centre
//! would refuse: it enrolls no device without a signing key (an older build; the referee is
//! told to update), and it refuses unsigned events from a device enrolled without one before it
//! joined the league. A standalone office still admits such older builds: their events are kept
//! unsigned, as they were. Refusals name the event's author device, never the forwarder alone.

use arbiter_core::event::{Event, PublicKey};
use arbiter_core::model::Role;

use crate::accounts::Principal;
use crate::error::OfficeError;

/// Where this office stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// An office on its own, or a league's central office (what its venues forward is told
    /// apart by the pusher's role).
    Office,
    /// A league's venue office, forwarding to a central office.
    Venue,
}

/// Whether a device may enroll here with `key` (or without one, an older build).
pub fn enrollment(place: Place, key: Option<&PublicKey>) -> Result<(), OfficeError> {
    match (place, key) {
        (Place::Venue, None) => Err(OfficeError::not_admitted(
            crate::error::NotAdmitted::KeyRequired,
            arbiter_core::refusals::key_required_to_enrol(),
        )),
        _ => Ok(()),
    }
}

/// Whether event `e`, pushed by `p` (enrolled with `key`, or without one), is signed as this
/// office must have it. The signature itself is checked with the batch, against the keyring.
pub fn signature(place: Place, p: &Principal, key: Option<PublicKey>, e: &Event) -> Result<(), OfficeError> {
    let by = &e.author.device;
    let forwarded = p.role == Role::Office && *by != p.device;
    if e.sig.is_none() && (forwarded || place == Place::Venue) {
        let via = forwarded.then(|| p.device.to_string());
        return Err(OfficeError::not_admitted(
            crate::error::NotAdmitted::KeyRequired,
            arbiter_core::refusals::unsigned_in_league(&e.id.to_string(), by.as_str(), via.as_deref()),
        ));
    }
    let forged = |m: String| OfficeError::from(arbiter_core::CoreError::Forged(m));
    match (key, &e.sig) {
        (Some(_), None) => Err(forged(format!("event {} is unsigned, but device {by} signs its events", e.id))),
        (None, Some(_)) => Err(forged(format!("event {}: device {by} enrolled without a signing key", e.id))),
        _ => Ok(()),
    }
}

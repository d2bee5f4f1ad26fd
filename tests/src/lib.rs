//! Helpers shared by the cross-crate tests: scratch directories and events to record.

use std::path::PathBuf;

use arbiter_core::domain::{Author, Colour, DeviceId, GameId, PersonId, Role, TournamentId};
use arbiter_core::event::EventBody;
use arbiter_core::rules::{Incident, Ruling};

/// A fresh scratch directory under the system temp dir, unique to this process and `name`.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-tests-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

pub fn tournament() -> TournamentId {
    TournamentId::new("t1").unwrap_or_else(|e| panic!("{e}"))
}

pub fn game(n: u32) -> GameId {
    GameId::new(format!("g{n}")).unwrap_or_else(|e| panic!("{e}"))
}

pub fn referee(device: &str) -> Author {
    Author {
        device: DeviceId::new(device).unwrap_or_else(|e| panic!("{e}")),
        person: PersonId::new(format!("ref-{device}")).unwrap_or_else(|e| panic!("{e}")),
        role: Role::Referee,
    }
}

/// An advice under 第二十四条二, alternating colours: a typical ~300-byte event.
pub fn advice(i: u64) -> EventBody {
    let offender = if i % 2 == 0 { Colour::Black } else { Colour::White };
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender },
        ruling: Some(Ruling::Advice),
        note: None,
    }
}

/// Ten id bytes from a counter, with a valid RFC 4122 variant.
pub fn random_from(n: u64) -> [u8; 10] {
    let mut r = [0u8; 10];
    r[0] = 0x80;
    r[2..].copy_from_slice(&n.to_be_bytes());
    r
}

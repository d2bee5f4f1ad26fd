//! The device's identity after enrollment: which office, which official, which token. Kept in
//! the device's own store (a keyspace apart from the event log); the token never leaves the
//! device except to authenticate to its office.

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, Result};
use crate::model::{Author, DeviceId, PersonId, Role, TournamentId};
use crate::store::Store;
use crate::sync::tls::{CertFingerprint, Pin};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    pub office_url: String,
    pub token: String,
    /// The office certificate pinned at enrollment (empty: a plain-http office on this machine).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub office_certs: Vec<CertFingerprint>,
    pub tournament: TournamentId,
    pub person: PersonId,
    pub role: Role,
    pub device: DeviceId,
    /// The office's signing key, pinned at enrollment (absent: enrolled by a build from before
    /// signatures; this device then records unsigned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office_key: Option<crate::event::PublicKey>,
}

/// The identity as screens see it: no token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PublicIdentity {
    pub office_url: String,
    /// The pinned certificate's short fingerprint, to compare with the office page's.
    pub office_cert: Option<String>,
    pub tournament: TournamentId,
    pub person: PersonId,
    pub role: Role,
    pub device: DeviceId,
    /// The official's name as the organiser registered it (what the header shows), once the
    /// device holds the tournament's set-up.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// The event's name as the organiser set it up, once the device holds the set-up (the
    /// enrolment's confirmation names the event by it, not by its id).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub tournament_name: Option<String>,
}

impl Identity {
    pub fn public(&self) -> PublicIdentity {
        PublicIdentity {
            office_url: self.office_url.clone(),
            office_cert: self.office_certs.first().map(CertFingerprint::short),
            tournament: self.tournament.clone(),
            person: self.person.clone(),
            role: self.role,
            device: self.device.clone(),
            name: None,
            tournament_name: None,
        }
    }

    /// What this device's TLS accepts from its office.
    pub fn pin(&self) -> Pin {
        if self.office_certs.is_empty() {
            Pin::Nothing
        } else {
            Pin::Exact(self.office_certs.clone())
        }
    }

    pub fn author(&self) -> Author {
        Author { device: self.device.clone(), person: self.person.clone(), role: self.role }
    }
}

/// The identity file in the app's store directory: written atomically and synced, because
/// without it the device could neither authenticate nor tell its own unsent events apart.
const FILE: &str = "identity.json";

pub(super) fn load(dir: &std::path::Path) -> Result<Option<Identity>> {
    match crate::store::file::read(dir, FILE)? {
        Some(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| CoreError::Damaged {
            message: format!("the device identity cannot be read: {e}; enroll again"),
        }),
        None => Ok(None),
    }
}

pub(super) fn save(store: &Store, id: &Identity) -> Result<()> {
    store.claim_device(&id.device)?;
    let bytes = serde_json::to_vec_pretty(id).map_err(CoreError::storage)?;
    crate::store::file::write_atomic(store.dir(), FILE, &bytes)
}

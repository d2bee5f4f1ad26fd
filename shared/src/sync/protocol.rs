//! The sync protocol's wire types, shared by the office (server) and the devices (client).
//! HTTP + JSON under `/api/v1`; documented in docs/sync.md.

use serde::{Deserialize, Serialize};

use crate::event::Event;
use crate::model::{DeviceId, PersonId, Role, TournamentId};

/// Path prefix of this protocol version.
pub const API_PREFIX: &str = "/api/v1";
/// Most events in one push.
pub const MAX_PUSH_EVENTS: usize = 500;
/// Largest request body, after decompression.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;
/// Most events in one pull page.
pub const MAX_PULL_EVENTS: usize = 1_000;
/// The gzip level of pushes (the devices) and of answers (the office). 2, not 1: zlib-rs's
/// level 1 codes every literal with the fixed tables, 8 bits for each hex digit of a signature
/// or chain hash; level 2 builds its own and sends 500 signed events in 62 % of level 1's bytes
/// (60 kB rather than 97 kB) for 0.7 ms more on this machine kind (docs/performance-history.md).
pub const GZIP_LEVEL: u32 = 2;

/// `POST /api/v1/events`: a batch of events. Elements are decoded one by one, so one bad event
/// is refused on its own.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PushRequest<E = Event> {
    pub events: Vec<E>,
}

/// The office's answer for one pushed event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum PushStatus {
    /// Stored now.
    Accepted,
    /// Already stored, identical: nothing changed (at-least-once delivery is safe).
    Duplicate,
    /// Refused; `code` and `message` say why. Resending will not help.
    Rejected,
}

/// One event's outcome, in request order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PushResult {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub index: usize,
    /// The event id, when the element was readable enough to have one.
    pub id: Option<String>,
    pub status: PushStatus,
    /// The office sequence number, for accepted and duplicate events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub seq: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub message: Option<String>,
    /// The refusal in each language, where the office's core said it (absent from older
    /// offices, which the tablet reads as English only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub said: Option<Box<arbiter_domain::labels::Said>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PushResponse {
    pub results: Vec<PushResult>,
    /// The office's clock when it answered, for the device's clock skew (absent from offices
    /// before it was added).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office_time: Option<chrono::DateTime<chrono::Utc>>,
    /// The office's signed receipt of what it now holds from each signer of the pushed events
    /// (absent from offices older than receipts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub receipts: Vec<crate::ledger::Receipt>,
}

/// `GET /api/v1/events?after=SEQ&limit=N`: the tournament's events after a cursor.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PullResponse {
    /// `(office sequence number, event)`, in sequence order.
    pub events: Vec<PulledEvent>,
    /// The cursor to ask from next time.
    pub next: u64,
    /// More events are waiting beyond this page.
    pub more: bool,
    /// What this device is sent (`all`, or `tables:1,2,3` for a referee assigned to tables,
    /// `sync::scope`). When it changes, the device pulls again from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// The office's clock when it answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office_time: Option<chrono::DateTime<chrono::Utc>>,
    /// The certificate the organiser staged to replace the office's (`cert next`): devices pin
    /// it beside the current one, so `cert activate` needs no re-enrollment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office_cert_next: Option<crate::sync::tls::CertFingerprint>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PulledEvent {
    pub seq: u64,
    pub event: Event,
}

/// `POST /api/v1/enroll`: trade a one-time code for a device token.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EnrollRequest {
    pub code: String,
    pub device: DeviceId,
    #[serde(default)]
    pub label: String,
    /// The public half of the key the device signs its events with (made for this
    /// enrollment; the private half never leaves the device). Absent from older builds, whose
    /// events stay unsigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<crate::event::PublicKey>,
    /// The role the caller means to enroll as: a code for another role is refused before it is
    /// spent. A venue office (`arbiter-office venue-join`) says `office`, and a venue's code is
    /// refused to anyone who does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<crate::model::Role>,
}

/// The token is shown once; only its hash is kept at the office.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EnrollResponse {
    pub token: String,
    pub tournament: TournamentId,
    pub person: PersonId,
    pub role: Role,
    pub device: DeviceId,
    /// The office's clock when it answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office_time: Option<chrono::DateTime<chrono::Utc>>,
    /// The office's signing key: the device trusts what it signs (set-up, keys, the rulings
    /// officials make in the office's pages) and checks every other event against the keys
    /// the office registers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office_key: Option<crate::event::PublicKey>,
}

/// A tournament just created (`arbiter-office init`, or `POST /api/v1/tournaments` with the
/// office's one-time setup code): the organiser's token, shown once.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct InitReport {
    pub tournament: TournamentId,
    pub organiser_token: String,
}

/// `POST /api/v1/token/rotate`: the caller's new token; the old one stops working at once.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct RotatedToken {
    pub token: String,
}

/// `GET /api/v1/devices`: an enrolled device, for the organiser's page (revoke a lost tablet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DeviceInfo {
    pub device: DeviceId,
    pub person: PersonId,
    pub role: Role,
    pub label: String,
    pub revoked: bool,
    /// The key it signs with (none: enrolled by a build from before signatures).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub key: Option<crate::event::PublicKey>,
}

/// A request the office refused, for the organiser to review (`GET /api/v1/refusals`): a
/// forged signature, a clock far ahead, a kind the role may not write, another's identity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Refusal {
    pub at: chrono::DateTime<chrono::Utc>,
    pub device: Option<DeviceId>,
    pub person: Option<PersonId>,
    pub role: Option<Role>,
    pub event: Option<String>,
    pub code: String,
    pub message: String,
    /// At a league's venue: refused by the central office it forwarded the event to (the
    /// device is the one that recorded it); the organiser may resend it once the cause is
    /// fixed (`POST /api/v1/refusals/resend`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
    pub upstream: bool,
}

/// 第三十一条: the chief arbiter's written evaluation of a referee after the event. Kept by the
/// office only — never in the ledger, so no tablet receives it (`GET /api/v1/evaluations`:
/// organiser, chief arbiter, committee).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Evaluation {
    pub referee: PersonId,
    pub text: String,
    pub by: PersonId,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// The longest evaluation, in characters.
pub const MAX_EVALUATION_CHARS: usize = 4_000;

/// `POST /api/v1/enrollment-codes`: a one-time code for a registered official, shown once.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct IssuedCode {
    pub code: String,
    pub person: PersonId,
    pub expires_at: chrono::DateTime<chrono::Utc>,
    /// The enrollment link (`weiqi-arbiter:enroll?…`) with the address tablets reach the office
    /// at, when the office knows it (`serve --tablet-url`, or the address it is bound to).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub link: Option<String>,
    /// The office certificate's short fingerprint (`3F2A 9C01 77DE 0B45`), for enrolling by
    /// hand: the tablet checks it against the certificate the office presents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fingerprint: Option<String>,
    /// The link as a QR code, an SVG document, for the tablet's camera.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub qr_svg: Option<String>,
}

//! People and their devices: the organiser registers officials and issues each a one-time code
//! (with its link and QR code); a device trades its code for a token, its key recorded in the
//! ledger; the organiser lists and revokes devices; any token can be rotated.

use arbiter_core::event::EventBody;
use arbiter_core::model::{DeviceId, Person, PersonId, Role, TournamentId};
use arbiter_core::sync::enroll_link::EnrollLink;
use arbiter_core::sync::protocol::{EnrollRequest, EnrollResponse};
use arbiter_core::DomainError;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::accounts::IssuedCode;
use crate::acts::Act;
use crate::error::{Fault, Misasked, Missing, OfficeError, SignIn};
use crate::runtime::blocking;
use crate::server::recording::record_as;
use crate::server::request::{JsonBody, PathParam};
use crate::server::{AppState, Caller, ClientAddr};

/// `/people`, `/enrollment-codes`, `/enroll`, `/devices`, `/devices/{device}/revoke`, `/token/rotate`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/people", post(register_person))
        .route("/enrollment-codes", post(issue_code))
        .route("/enroll", post(enroll))
        .route("/devices", get(devices))
        .route("/devices/{device}/revoke", post(revoke))
        .route("/token/rotate", post(rotate_token))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPerson {
    id: PersonId,
    name: String,
    role: Role,
}

/// `POST /api/v1/people` (organiser): registers a referee, chief arbiter or committee member.
pub async fn register_person(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<NewPerson>,
) -> Result<Json<Person>, OfficeError> {
    caller.require(&[Role::Organiser], Act::RegisterOfficials)?;
    let req = raw.0?;
    let p = caller.0;
    blocking(move || {
        state.accounts.register_person(&p.tournament, &req.id, &req.name, req.role)?;
        let person = Person { id: req.id, name: req.name, role: req.role };
        record_as(&state, &p, EventBody::PersonRegistered(person.clone()))?;
        Ok(Json(person))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeRequest {
    person: PersonId,
    /// Minutes the code stays valid: 1 to 10080 (a week); 24 hours by default.
    #[schemars(range(min = 1, max = 10080))]
    #[serde(default)]
    ttl_minutes: Option<i64>,
}

/// `POST /api/v1/enrollment-codes` (organiser): a one-time code for a registered official.
pub async fn issue_code(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<CodeRequest>,
) -> Result<Json<IssuedCode>, OfficeError> {
    caller.require(&[Role::Organiser], Act::IssueCodes)?;
    let req = raw.0?;
    let ttl = req.ttl_minutes.unwrap_or(24 * 60);
    if !(1..=7 * 24 * 60).contains(&ttl) {
        return Err(DomainError::OutOfRange {
            what: "ttl_minutes",
            message: "ttl_minutes must be between 1 and 10080 (one week)".into(),
        }
        .into());
    }
    let t = caller.0.tournament;
    blocking(move || {
        let mut issued =
            state.accounts.issue_code(&t, &req.person, chrono::Duration::minutes(ttl), chrono::Utc::now())?;
        issued.fingerprint = state.cert.map(|c| c.short());
        if let Some(office) = &state.tablet_url {
            let link =
                EnrollLink { office: office.clone(), code: issued.code.clone(), fingerprint: state.cert }.to_uri();
            issued.qr_svg = Some(qr_svg(&link)?);
            issued.link = Some(link);
        }
        Ok(Json(issued))
    })
    .await
}

/// `text` as a QR code in SVG, large enough to scan from a screen at arm's length.
pub(crate) fn qr_svg(text: &str) -> Result<String, OfficeError> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| OfficeError::Internal(Fault::failed("QR code", e)))?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(240, 240).build())
}

/// `POST /api/v1/enroll` (no token): `{code, device, label}` → a device token, shown once.
pub async fn enroll(
    State(state): State<AppState>,
    addr: ClientAddr,
    raw: JsonBody<EnrollRequest>,
) -> Result<Json<EnrollResponse>, OfficeError> {
    let req = raw.0?;
    let s = state.clone();
    let enrolled = blocking(move || s.guarded(addr, || enroll_device(&s, &req, chrono::Utc::now()))).await?;
    let p = enrolled.principal;
    Ok(Json(EnrollResponse {
        token: enrolled.token,
        tournament: p.tournament,
        person: p.person,
        role: p.role,
        device: p.device,
        office_time: Some(chrono::Utc::now()),
        office_key: Some(state.office_key),
    }))
}

/// Enrolls a device for a one-time code; its key (when it sends one) goes into the ledger,
/// signed by the office, so every replica and every export can check its events against it.
pub fn enroll_device(
    state: &AppState,
    req: &EnrollRequest,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<crate::accounts::Enrolled, OfficeError> {
    // A code meant for another role is refused before it is spent: a venue office's code only
    // to a venue office (`venue-join`), and a venue office takes no one else's.
    if let Some(role) = state.accounts.code_role(&req.code)? {
        let venue = Role::Office;
        if role == venue && req.role != Some(venue) {
            return Err(OfficeError::Misasked(Misasked::CodeForVenue));
        }
        if req.role.is_some_and(|r| r != role) {
            return Err(OfficeError::Misasked(Misasked::CodeForRole {
                code_for: role,
                asked: req.role.unwrap_or(role),
            }));
        }
    }
    // Refused before the code is spent: the referee updates the app and tries the same code.
    crate::admission::enrollment(state.place(), req.key.as_ref())?;
    let enrolled = state.accounts.enroll(&req.code, &req.device, &req.label, req.key, now)?;
    if let Some(key) = req.key {
        let p = &enrolled.principal;
        let body = EventBody::KeyRegistered {
            signer: p.device.clone(),
            key,
            person: Some(p.person.clone()),
            role: Some(p.role),
        };
        record_office(state, &p.tournament, body)?;
    }
    Ok(enrolled)
}

/// Records an event of the office's own (a key registered or revoked), signed by it.
fn record_office(state: &AppState, t: &TournamentId, body: EventBody) -> Result<(), OfficeError> {
    record_office_at(state, t, body, state.clock.now())
}

fn record_office_at(
    state: &AppState,
    t: &TournamentId,
    body: EventBody,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), OfficeError> {
    state.store.record_all(t, &state.office_author, vec![(None, body)], now, &mut arbiter_core::random_id_bits)?;
    Ok(())
}

/// The latest stamp (ms) on an event of `device` in tournament `t` this office holds.
fn latest_stamp(
    store: &dyn arbiter_core::store::EventStore,
    t: &TournamentId,
    device: &DeviceId,
) -> Result<u64, OfficeError> {
    let (mut after, mut latest) = (0, 0);
    loop {
        let page = store.since(after, 1000)?;
        let Some(&(last, _)) = page.last() else { return Ok(latest) };
        for (_, e) in page.iter().filter(|(_, e)| e.tournament == *t && e.author.device == *device) {
            latest = latest.max(e.hlc.wall_ms);
        }
        after = last;
    }
}

/// `GET /api/v1/devices` (organiser): every enrolled device, to revoke a lost one.
pub async fn devices(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Vec<arbiter_core::sync::protocol::DeviceInfo>>, OfficeError> {
    caller.require(&[Role::Organiser], Act::ListDevices)?;
    let t = caller.0.tournament;
    blocking(move || Ok(Json(state.accounts.devices(&t)?))).await
}

/// `POST /api/v1/devices/{device}/revoke` (organiser).
pub async fn revoke(
    State(state): State<AppState>,
    caller: Caller,
    device: PathParam<String>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::Organiser], Act::RevokeDevices)?;
    let device = device.0;
    let device = DeviceId::new(device)?;
    let t = caller.0.tournament;
    blocking(move || {
        // The ledger's revocation first: on a full disk nothing changes and the organiser is
        // told so (revoked here but not in the ledger, the device would be refused while its
        // key still signed for it everywhere else).
        // The device is refused from now on; then its key is revoked in the ledger, stamped
        // after every event of it this office admitted (one stamped a few minutes ahead, within
        // the bound, must stay before the revocation on every replica, or a tablet pulling it
        // later would refuse it as signed after). On a full disk the token is given back: the
        // two stay together.
        if !state.accounts.knows_device(&t, &device)? {
            return Err(OfficeError::NotFound(Missing::Device { device: device.clone(), tournament: t.clone() }));
        }
        state.accounts.revoke(&t, &device)?;
        if state.accounts.device_key(&t, &device)?.is_some() {
            let after = latest_stamp(&*state.store, &t, &device)?.saturating_add(1);
            let after = chrono::DateTime::from_timestamp_millis(i64::try_from(after).unwrap_or(i64::MAX));
            let now = state.clock.now().max(after.unwrap_or_default());
            if let Err(e) = record_office_at(&state, &t, EventBody::KeyRevoked { signer: device.clone() }, now) {
                state.accounts.set_revoked(&t, &device, false)?;
                return Err(e);
            }
        }
        Ok(Json(serde_json::json!({ "revoked": device })))
    })
    .await
}

/// `POST /api/v1/token/rotate` (any token): a new token for the caller; the old one is dead.
pub async fn rotate_token(
    State(state): State<AppState>,
    _caller: Caller,
    headers: axum::http::HeaderMap,
) -> Result<Json<arbiter_core::sync::protocol::RotatedToken>, OfficeError> {
    let old = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned())
        .ok_or_else(|| OfficeError::SignIn(SignIn::NoBearer))?;
    blocking(move || Ok(Json(arbiter_core::sync::protocol::RotatedToken { token: state.accounts.rotate(&old)? }))).await
}

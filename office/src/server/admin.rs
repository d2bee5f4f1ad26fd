//! Enrollment and roles: the organiser creates the tournament (CLI `init`), registers officials,
//! issues one-time codes and revokes devices; a device trades its code for a token.

use crate::server::request::PathParam;
use arbiter_core::event::EventBody;
use arbiter_core::model::{Author, DeviceId, Person, PersonId, Role, TournamentId};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::sync::enroll_link::EnrollLink;
use arbiter_core::sync::protocol::{EnrollRequest, EnrollResponse, InitReport};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;

use crate::accounts::{IssuedCode, Principal, Refusal, TournamentRecord};
use crate::error::{Fault, Missing, OfficeError, RequestFault, SignIn};
use crate::runtime::blocking;
use crate::server::request::{body, JsonBody};
use crate::server::{AppState, Caller, ClientAddr};
use arbiter_core::DomainError;

/// Records an event authored by `p` at the office (the organiser's set-up facts).
fn record_as(state: &AppState, p: &Principal, body: EventBody) -> Result<(), OfficeError> {
    let author = Author { device: p.device.clone(), person: p.person.clone(), role: p.role };
    state.store.record_all(
        &p.tournament,
        &author,
        vec![(None, body)],
        chrono::Utc::now(),
        &mut arbiter_core::random_id_bits,
    )?;
    Ok(())
}

/// Creates a tournament: its accounts record, the `tournament_created` event, and the
/// organiser's token (returned once, stored only hashed).
pub fn init_tournament(
    state: &AppState,
    id: TournamentId,
    name: String,
    ruleset: RulesetSpec,
) -> Result<InitReport, OfficeError> {
    let (principal, token) =
        state.accounts.create_tournament(&id, &TournamentRecord { name: name.clone(), ruleset })?;
    record_as(
        state,
        &principal,
        EventBody::TournamentCreated(arbiter_core::model::Tournament {
            id: id.clone(),
            name,
            ruleset,
            settings: Default::default(),
        }),
    )?;
    Ok(InitReport { tournament: id, organiser_token: token })
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
            return Err(OfficeError::bad(
                RequestFault::InvalidRole,
                "this code is for a venue office: enroll it with `arbiter-office venue-join`, not a tablet",
            ));
        }
        if req.role.is_some_and(|r| r != role) {
            return Err(OfficeError::bad(
                RequestFault::InvalidRole,
                format!(
                    "this code is for a {role}, not a {}: ask the organiser for the right code",
                    req.role.unwrap_or(role)
                ),
            ));
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
    caller.require(&[Role::Organiser], "register officials")?;
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
    caller.require(&[Role::Organiser], "issue enrollment codes")?;
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

/// `POST /api/v1/devices/{device}/revoke` (organiser).
pub async fn revoke(
    State(state): State<AppState>,
    caller: Caller,
    device: PathParam<String>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::Organiser], "revoke devices")?;
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

#[derive(Deserialize)]
pub struct Limit {
    limit: Option<usize>,
}

/// `GET /api/v1/refusals?limit=N` (organiser): refused requests, newest first.
pub async fn refusals(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<Query<Limit>, QueryRejection>,
) -> Result<Json<Vec<Refusal>>, OfficeError> {
    caller.require(&[Role::Organiser], "read the refusal log")?;
    let q = super::query(q, "use ?limit=<n>")?;
    Ok(Json(state.accounts.refusals(&caller.0.tournament, q.limit.unwrap_or(100).min(10_000))?))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resend {
    event: arbiter_core::model::EventId,
}

/// `POST /api/v1/refusals/resend {event}` (organiser, at a league's venue): sends an event the
/// central office refused again, once its cause is fixed (a key registered, a board
/// reassigned); answers the centre's verdict, `{status, code?, message?}`.
pub async fn resend(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<Resend>,
) -> Result<Json<arbiter_core::sync::protocol::PushResult>, OfficeError> {
    caller.require(&[Role::Organiser], "resend a refused event")?;
    let r = raw.0?;
    let forwarder = state.forwarder()?.ok_or_else(|| {
        OfficeError::bad(
            RequestFault::NotAVenue,
            "only a league's venue office forwards events; this office forwards none",
        )
    })?;
    Ok(Json(forwarder.resend(&r.event).await?))
}

/// The first tournament, created from the office's page with the one-time code `serve` printed.
#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    setup_code: String,
    id: String,
    name: String,
    #[serde(default)]
    ruleset: RulesetSpec,
}

/// `POST /api/v1/tournaments` (no token; the setup code instead): creates the office's first
/// tournament and answers the organiser's token, shown once — what `arbiter-office init` does,
/// from the browser.
pub async fn create_tournament(
    State(state): State<AppState>,
    addr: ClientAddr,
    raw: JsonBody<NewTournament>,
) -> Result<Json<InitReport>, OfficeError> {
    let n = raw.0?;
    let id = TournamentId::new(n.id.trim())?;
    let name = n.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(DomainError::InvalidField { field: "name".into(), message: "1 to 200 characters".into() }.into());
    }
    blocking(move || {
        let taken = state.guarded(addr, || match state.accounts.take_setup_code(&n.setup_code)? {
            true => Ok(()),
            false => Err(OfficeError::SignIn(SignIn::SetupCodeNotRecognised)),
        });
        taken?;
        Ok(Json(init_tournament(&state, id, name, n.ruleset)?))
    })
    .await
}

/// `GET /api/v1/lockouts` (organiser): addresses with failed tries, locked ones first.
pub async fn lockouts(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Vec<crate::limits::Tracked>>, OfficeError> {
    caller.require(&[Role::Organiser], "read the lock-outs")?;
    Ok(Json(state.lockouts()?))
}

/// `DELETE /api/v1/lockouts/{address}` (organiser): lifts an address's lock-out.
pub async fn lift_lockout(
    State(state): State<AppState>,
    caller: Caller,
    address: PathParam<String>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::Organiser], "lift a lock-out")?;
    let address = address.0;
    let ip: std::net::IpAddr = address
        .parse()
        .map_err(|_| OfficeError::bad(RequestFault::Path, format!("`{address}` is not an IP address")))?;
    if !state.lift(ip)? {
        return Err(OfficeError::NotFound(Missing::Lockout(ip)));
    }
    Ok(Json(serde_json::json!({ "lifted": ip })))
}

/// `text` as a QR code in SVG, large enough to scan from a screen at arm's length.
fn qr_svg(text: &str) -> Result<String, OfficeError> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| OfficeError::Internal(Fault::failed("QR code", e)))?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(240, 240).build())
}

/// `GET /api/v1/devices` (organiser): every enrolled device, to revoke a lost one.
pub async fn devices(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Vec<arbiter_core::sync::protocol::DeviceInfo>>, OfficeError> {
    caller.require(&[Role::Organiser], "list devices")?;
    let t = caller.0.tournament;
    blocking(move || Ok(Json(state.accounts.devices(&t)?))).await
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

/// Where `POST /backup` writes the backup: a new file's absolute path.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct BackupTo {
    to: std::path::PathBuf,
}

/// `POST /api/v1/backup {"to": "/path/of/a/new/file"}` with `X-Backup-Secret`: the running
/// office writes a backup of itself (docs/durability.md) — what `arbiter-office backup --data`
/// asks for on this machine; the secret is in `serving.json`, readable by the office's user only.
pub async fn backup(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<crate::backup::BackupReport>, OfficeError> {
    use sha2::Digest as _;
    let given = headers.get("x-backup-secret").map(|v| sha2::Sha256::digest(v.as_bytes()));
    let expected = state.backup_secret.as_ref().map(|s| sha2::Sha256::digest(s.as_bytes()));
    // Compared as digests: equal-length values, and no early exit on the secret's bytes.
    if given.is_none() || given != expected {
        return Err(OfficeError::Forbidden(
            "a backup is asked for with the secret in the data directory's serving.json: run `arbiter-office backup --data DIR --to FILE` on the office's machine".into(),
        ));
    }
    let BackupTo { to } = serde_json::from_slice(&body(raw)?).map_err(|e| {
        DomainError::MalformedJson(format!("the body must be {{\"to\": \"/path/of/a/new/file\"}}: {e}"))
    })?;
    if !to.is_absolute() {
        return Err(DomainError::InvalidField {
            field: "to".into(),
            message: "an absolute path (the office's working directory is not the caller's)".into(),
        }
        .into());
    }
    let store = state.store.clone();
    blocking(move || {
        let sled = store.sled().ok_or_else(|| {
            OfficeError::bad(
                RequestFault::NotASledStore,
                "this office keeps its events in PostgreSQL: back it up with pg_dump (docs/deploy.md)",
            )
        })?;
        crate::backup::write_file(sled, sled.dir(), &to).map(Json)
    })
    .await
}

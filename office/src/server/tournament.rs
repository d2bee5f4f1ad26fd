//! The tournament's set-up from the office: the organiser's settings, an OpenGotha file brought in
//! mid-way, referees to tables (第三十一条三) and venues — each an event in the ledger, checked first.

use arbiter_core::event::EventBody;
use arbiter_core::interop::opengotha;
use arbiter_core::model::{Role, Settings, Tournament, TournamentId};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::sync::protocol::InitReport;
use arbiter_core::tournament::publish::ImportReport;
use arbiter_core::tournament::{System, TournamentView};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::routing::{post, put};
use axum::Json;
use axum::Router;
use serde::Deserialize;

use crate::accounts::TournamentRecord;
use crate::acts::Act;
use crate::error::{Clash, Missing, OfficeError, RequestFault, SignIn};
use crate::runtime::blocking;
use crate::server::recording::{command, invalid, out_of_range, record, record_as, ImportQuery, SETUP};
use crate::server::request::{body, JsonBody};
use crate::server::{AppState, Caller, ClientAddr};
use arbiter_core::DomainError;

/// `/tournaments`, `/tournament`, `/import/opengotha`, `/referees`, `/venues`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/tournaments", post(create_tournament))
        .route("/tournament", put(put_tournament))
        .route("/import/opengotha", post(import_opengotha))
        .route("/referees", post(assign_referee))
        .route("/venues", post(assign_venue))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentUpdate {
    #[schemars(length(min = 1, max = 200))]
    name: String,
    ruleset: RulesetSpec,
    #[serde(default)]
    settings: Settings,
}

fn check_settings(s: &Settings, view: &TournamentView) -> Result<(), OfficeError> {
    if let Some(r) = s.rounds {
        if !(1..=99).contains(&r) {
            return Err(out_of_range("rounds", "rounds: 1 to 99"));
        }
    }
    if let Some(tc) = s.time_control {
        tc.check()?;
    }
    s.check_languages()?;
    if s.allowed_lateness_minutes.is_some_and(|m| m > 240) {
        return Err(out_of_range("allowed lateness", "allowed lateness (第二十三条): at most 240 minutes"));
    }
    if let (Some(b), Some(e)) = (s.begin, s.end) {
        if e < b {
            return Err(out_of_range("dates", format!("the event ends ({e}) before it begins ({b})")));
        }
    }
    if let Some(system) = &s.system {
        system.check(s.rounds)?;
    }
    let paired = view.games.iter().filter_map(|g| g.schedule.as_ref().map(|s| s.round)).max().unwrap_or(0);
    if paired > 0 {
        // OpenGotha's pairing and handicap parameters steer only rounds still to pair, so an
        // organiser may tune them between rounds; the system itself ranks the rounds played.
        let ranked_by = |s: Option<&System>| s.map(System::ranking);
        let old = view.tournament.as_ref().and_then(|t| t.settings.system.as_ref());
        if ranked_by(old) != ranked_by(s.system.as_ref()) {
            return Err(OfficeError::Conflict(Clash::SystemFixed { paired }));
        }
        if s.rounds.is_some_and(|r| r < paired) {
            return Err(OfficeError::Conflict(Clash::FewerRounds { paired }));
        }
    }
    Ok(())
}

/// `PUT /api/v1/tournament` (organiser): name, ruleset and set-up; a later one corrects an
/// earlier one.
pub async fn put_tournament(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<TournamentUpdate>,
) -> Result<Json<Tournament>, OfficeError> {
    caller.require(SETUP, Act::SetUp)?;
    let u = raw.0?;
    let name = u.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(invalid("name", "1 to 200 characters"));
    }
    command(state, caller, move |state, p, view| {
        check_settings(&u.settings, &view)?;
        let t = Tournament { id: p.tournament.clone(), name, ruleset: u.ruleset, settings: u.settings };
        record(state, p, vec![(None, EventBody::TournamentCreated(t.clone()))])?;
        Ok(Json(t))
    })
    .await
}

/// `POST /api/v1/import/opengotha[?preview=true]` (organiser), body an OpenGotha tournament
/// file: brings a whole event in mid-way — set-up, players, pairings, results, byes — into a
/// tournament that has no players yet. Every bad player is named with its line; a preview says
/// what would come in and stores nothing.
pub async fn import_opengotha(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<ImportQuery>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<ImportReport>, OfficeError> {
    caller.require(SETUP, Act::ImportOpenGotha)?;
    let q = q.0;
    let text = String::from_utf8(body(raw)?.to_vec())
        .map_err(|_| OfficeError::bad(RequestFault::Body, "the file must be UTF-8 XML"))?;
    let og = opengotha::parse(&text)?;
    command(state, caller, move |state, p, view| {
        if !view.players.is_empty() {
            return Err(OfficeError::Conflict(Clash::PlayersRegistered {
                tournament: p.tournament.clone(),
                players: view.players.len(),
            }));
        }
        let ruleset = view.tournament.as_ref().map(|t| t.ruleset).unwrap_or_default();
        let (bodies, notes) = opengotha::to_events(&og, &p.tournament, ruleset)?;
        let notes: Vec<_> = notes.iter().map(arbiter_core::interop::note::ImportNote::said).collect();
        use arbiter_core::event::EventKind as K;
        if q.preview {
            // What the file would bring, before anything is stored.
            let count = |k| bodies.iter().filter(|(_, b)| b.kind() == k).count() as u32;
            return Ok(Json(ImportReport {
                players: count(K::PlayerRegistered),
                games: count(K::GameScheduled),
                events: bodies.len() as u32,
                notes,
            }));
        }
        let events = record(state, p, bodies)?;
        let count = |k| events.iter().filter(|e| e.body.kind() == k).count() as u32;
        Ok(Json(ImportReport {
            players: count(K::PlayerRegistered),
            games: count(K::GameScheduled),
            events: events.len() as u32,
            notes,
        }))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    referee: arbiter_core::model::PersonId,
    #[schemars(schema_with = "super::openapi::tables")]
    tables: Vec<u16>,
}

/// `POST /api/v1/referees` (chief arbiter, organiser): a referee to tables (第三十一条三).
pub async fn assign_referee(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<Assignment>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::ChiefArbiter, Role::Organiser], Act::AssignReferees)?;
    let a = raw.0?;
    if a.tables.is_empty() || a.tables.contains(&0) {
        return Err(invalid("tables", "one or more table numbers from 1"));
    }
    command(state, caller, move |state, p, view| {
        if !view.people.iter().any(|x| x.id == a.referee && x.role == Role::Referee) {
            return Err(OfficeError::NotFound(Missing::Referee {
                referee: a.referee,
                tournament: p.tournament.clone(),
            }));
        }
        record(
            state,
            p,
            vec![(None, EventBody::RefereeAssigned { referee: a.referee.clone(), tables: a.tables.clone() })],
        )?;
        Ok(Json(serde_json::json!({ "referee": a.referee, "tables": a.tables })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VenueAssignment {
    venue: arbiter_core::model::PersonId,
    #[serde(deserialize_with = "arbiter_core::model::game::rounds::one")]
    #[schemars(schema_with = "super::openapi::round")]
    round: u16,
    #[schemars(schema_with = "super::openapi::tables")]
    tables: Vec<u16>,
}

/// `POST /api/v1/venues` (organiser): in a league, round `round`'s games at `tables` are played
/// at the venue office `venue` (a registered official of role `office`), which forwards them.
pub async fn assign_venue(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<VenueAssignment>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::Organiser], Act::AssignVenues)?;
    let a = raw.0?;
    if a.round == 0 || a.tables.is_empty() || a.tables.contains(&0) {
        return Err(invalid("tables", "round from 1, tables: one or more table numbers from 1"));
    }
    command(state, caller, move |state, p, view| {
        if !view.people.iter().any(|x| x.id == a.venue && x.role == Role::Office) {
            return Err(OfficeError::NotFound(Missing::VenueOffice(a.venue)));
        }
        let body = EventBody::VenueAssigned { venue: a.venue.clone(), round: a.round, tables: a.tables.clone() };
        record(state, p, vec![(None, body)])?;
        Ok(Json(serde_json::json!({ "venue": a.venue, "round": a.round, "tables": a.tables })))
    })
    .await
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

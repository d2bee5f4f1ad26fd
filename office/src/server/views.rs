//! Read views for officials and organisers across the tournament: the tables, the incident list,
//! the chief arbiter's queue, the organiser's export (JSON and CSV), status, health and the
//! certificate (one game's reads are `games`').

use arbiter_core::app::{QueueCard, TableRow};
use arbiter_core::game::{GameState, IncidentView};
use arbiter_core::model::{GameId, PlayerId, Role};
use arbiter_core::rules::Article;
use arbiter_core::tournament::TournamentView;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::acts::Act;
use crate::error::{Missing, OfficeError, RequestFault};
use crate::runtime::blocking;
use crate::server::reading::tournament_view;
use crate::server::{AppState, Caller};

/// `GET /api/v1/certificate` (no token): the office's certificate (DER), for a phone to install
/// once so that its browser trusts the hall office (docs/running.md) — and so runs the pages'
/// service worker. Public: it is what every TLS handshake shows anyway.
pub async fn certificate(State(state): State<AppState>) -> Result<Response, OfficeError> {
    if state.cert.is_none() {
        return Err(OfficeError::NotFound(Missing::Certificate));
    }
    let data = state.data.clone();
    let cert = blocking(move || crate::tls::current(&data)).await?;
    let der = cert.chain.first().map(|c| c.as_ref().to_vec()).unwrap_or_default();
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-x509-ca-cert"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"arbiter-office.crt\""),
        ],
        der,
    )
        .into_response())
}

/// `GET /health`: the process answers; and whether it can write, and why not (no token: a
/// supervisor or a load balancer asks).
pub async fn health(State(state): State<AppState>) -> Json<serde_json::Value> {
    let store = state.store.clone();
    let corrupt = state.store.corrupt_lines();
    let can_write = blocking(move || Ok(writable(&*store))).await.unwrap_or_else(Err);
    let mut health = match can_write {
        Ok(()) => serde_json::json!({ "status": "ok", "can_write": true }),
        Err(e) => serde_json::json!({ "status": "ok", "can_write": false, "code": e.code(), "message": e.to_string() }),
    };
    // Lines met whose bytes changed since they were written (not served): the organiser's to act on.
    if !corrupt.is_empty() {
        health["journal_corrupt"] = serde_json::json!(corrupt);
    }
    // Nothing refused is silent: what this office refused (a device's or a venue's pushes), and
    // at a venue what the central office refused of what it forwarded and was not admitted since.
    // Read off the async threads (a database store answers them over the network).
    let (accounts, store, venue) = (state.accounts.clone(), state.store.clone(), state.upstream.is_some());
    let counts = blocking(move || {
        let upstream = if venue {
            Some((crate::venue::refused_upstream(&*store)?, crate::venue::forward_behind(&*store)?))
        } else {
            None
        };
        Ok((accounts.refusal_count()?, upstream))
    });
    if let Ok((refusals, upstream)) = counts.await {
        health["refusals"] = refusals.into();
        if let Some((refused, behind)) = upstream {
            health["refused_upstream"] = refused.into();
            health["forward_behind"] = behind.into();
        }
    }
    Json(health)
}

/// `GET /ready`: 200 while the office can record, else 503 with `{code, message}` (`disk_full`,
/// `store_failed`): take it out of rotation, or page the organiser.
pub async fn ready(State(state): State<AppState>) -> Result<Json<serde_json::Value>, OfficeError> {
    let store = state.store.clone();
    match blocking(move || Ok(writable(&*store))).await? {
        Ok(()) => Ok(Json(serde_json::json!({ "ready": true }))),
        Err(e) => Err(OfficeError::NotReady(Box::new(e))),
    }
}

/// Whether the store can write now: not failed, and space above its reserve.
fn writable(store: &dyn arbiter_core::store::EventStore) -> Result<(), OfficeError> {
    if let Some(why) = store.failure() {
        return Err(OfficeError::StoreFailed(why));
    }
    store.check_space().map_err(OfficeError::from)
}

pub async fn not_found() -> OfficeError {
    OfficeError::NotFound(Missing::Endpoint)
}

pub async fn method_not_allowed() -> OfficeError {
    OfficeError::MethodNotAllowed("this endpoint does not take that method")
}

/// `GET /api/v1/status`.
pub async fn status(State(state): State<AppState>, caller: Caller) -> Result<Json<serde_json::Value>, OfficeError> {
    let created = state.accounts.tournament(&caller.0.tournament)?;
    let (store, id) = (state.store.clone(), caller.0.tournament.clone());
    // The ledger's set-up, as `PUT /tournament` last changed it (the accounts keep it as created).
    let (last_seq, setup) = blocking(move || Ok((store.last_seq()?, store.setup(&id)?))).await?;
    let (name, ruleset) = match (&setup.tournament, created) {
        (Some(t), _) => (Some(t.name.clone()), Some(t.ruleset)),
        (None, Some(t)) => (Some(t.name), Some(t.ruleset)),
        (None, None) => (None, None),
    };
    // The official's name as registered, for the pages' header.
    let mut you = serde_json::to_value(&caller.0)?;
    if let Some(p) = setup.people.iter().find(|p| p.id == caller.0.person) {
        you["name"] = serde_json::json!(p.name);
    }
    if let Some(n) = &name {
        you["tournament_name"] = serde_json::json!(n);
    }
    Ok(Json(serde_json::json!({
        "tournament": caller.0.tournament,
        "name": name,
        "ruleset": ruleset,
        "last_seq": last_seq,
        "you": you,
        // The office's clock: a phone keeps its offset to stamp what it records offline.
        "now_ms": state.clock.now_ms(),
    })))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct IncidentFilter {
    round: Option<u16>,
    table: Option<u16>,
    /// An article number as on the wire: `17.3`, `25.1`, `kr.c1.1`.
    article: Option<String>,
    player: Option<PlayerId>,
}

impl crate::server::request::Asked for IncidentFilter {
    fn asked() -> String {
        "filters: round, table, article, player".into()
    }
}

#[derive(schemars::JsonSchema, Serialize)]
pub struct IncidentRow<'a> {
    game: &'a GameId,
    round: Option<u16>,
    table: Option<u16>,
    #[serde(flatten)]
    incident: &'a IncidentView,
}

fn matches(g: &GameState, i: &IncidentView, f: &IncidentFilter, article: Option<Article>) -> bool {
    let sched = g.schedule.as_ref();
    f.round.is_none_or(|r| sched.is_some_and(|s| s.round == r))
        && f.table.is_none_or(|t| sched.is_some_and(|s| s.table == t))
        && article.is_none_or(|a| i.article == Some(a) || i.rulings.iter().any(|r| r.article == Some(a)))
        && f.player.as_ref().is_none_or(|p| {
            sched.is_some_and(|s| i.incident.offender().map_or(&s.black == p || &s.white == p, |c| s.player(c) == p))
        })
}

/// `GET /api/v1/incidents?round=&table=&article=&player=`: every incident of the tournament.
pub async fn incidents(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<IncidentFilter>,
) -> Result<Response, OfficeError> {
    let f = q.0;
    let article = match &f.article {
        Some(a) => Some(serde_json::from_value::<Article>(serde_json::Value::String(a.clone())).map_err(|_| {
            OfficeError::bad(RequestFault::Query, format!("`{a}` is not an article number such as 17.3 or 25.1"))
        })?),
        None => None,
    };
    blocking(move || {
        // Every game's whole state, read one by one without pushing the played games out of memory.
        let games = state.store.game_states(&caller.0.tournament)?;
        let rows: Vec<IncidentRow> = games
            .iter()
            .flat_map(|g| {
                g.incidents.iter().filter(|i| matches(g, i, &f, article)).map(move |i| IncidentRow {
                    game: &g.game,
                    round: g.schedule.as_ref().map(|s| s.round),
                    table: g.schedule.as_ref().map(|s| s.table),
                    incident: i,
                })
            })
            .collect();
        Ok(Json(rows).into_response())
    })
    .await
}

/// `GET /api/v1/queue`: what the caller still has to decide, across every game — a card per
/// open item with the players, the facts in words, who recorded and escalated it and when, and
/// each decision the caller may give, previewed; most urgent first.
pub async fn queue(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<QueueCard>>, OfficeError> {
    blocking(move || {
        let now = state.clock.now();
        let viewer = crate::server::request::author(&caller.0);
        Ok(Json(arbiter_core::app::desk_cards(&*state.store, &caller.0.tournament, viewer, now)?))
    })
    .await
}

/// `GET /api/v1/tables`: every scheduled game with players, status and warnings (the same rows
/// the referee app shows).
pub async fn tables(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<TableRow>>, OfficeError> {
    blocking(move || {
        let t = &caller.0.tournament;
        let summaries = state.store.game_summaries(t)?;
        Ok(Json(arbiter_core::app::tables(&*state.store.setup(t)?, summaries.iter().map(|s| &**s))))
    })
    .await
}

/// `GET /api/v1/labels` (no token): every label in Chinese and English.
pub async fn labels() -> Json<arbiter_core::label_tables::LabelTables> {
    Json(arbiter_core::label_tables::tables())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportQuery {
    format: Option<String>,
}

impl crate::server::request::Asked for ExportQuery {
    fn asked() -> String {
        "use ?format=json or ?format=csv".into()
    }
}

/// `GET /api/v1/export?format=json|csv` (organiser, chief arbiter): results for publishing.
pub async fn export(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<ExportQuery>,
) -> Result<Response, OfficeError> {
    caller.require(&[Role::Organiser, Role::ChiefArbiter], Act::ExportResults)?;
    let q = q.0;
    let format = q.format.unwrap_or_else(|| "json".into());
    if format != "json" && format != "csv" {
        return Err(OfficeError::bad(RequestFault::Query, format!("format `{format}`: use json or csv")));
    }
    blocking(move || {
        let view = tournament_view(&state, &caller)?;
        if format == "json" {
            // Each game whole (incidents, rulings, clocks), as an audit wants it.
            let states = state.store.game_states(&caller.0.tournament)?;
            return Ok(Json(view.with_games(states.iter().map(|s| GameState::clone(s)).collect())).into_response());
        }
        Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], results_csv(&view)).into_response())
    })
    .await
}

use crate::standings::csv_field;
use axum::routing::get;
use axum::Router;

/// `/health`, `/ready`, `/certificate`, `/status`, `/tables`, `/labels`, `/incidents`, `/queue`, `/export`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/ready", get(ready))
        .route("/certificate", get(certificate))
        .route("/status", get(status))
        .route("/tables", get(tables))
        .route("/labels", get(labels))
        .route("/incidents", get(incidents))
        .route("/queue", get(queue))
        .route("/export", get(export))
}

/// One row per game: who played, the result, why, under which article, and the warnings.
pub fn results_csv(view: &TournamentView) -> String {
    use arbiter_core::labels::Labelled;
    let mut out = String::from(
        "round,table,game,black,white,status,result,margin,reason,article,black_warnings,white_warnings\n",
    );
    for g in &view.games {
        let s = g.schedule.as_ref();
        let (result, margin, reason, article) = match &g.result {
            Some(r) => {
                let margin = match r.outcome {
                    arbiter_core::rules::Outcome::Win { margin: Some(m), .. } => m.zh(),
                    _ => String::new(),
                };
                (r.outcome.label().en.to_owned(), margin, r.reason.label().en.to_owned(), r.article.cite())
            }
            None => Default::default(),
        };
        let status = serde_json::to_value(g.status)
            .ok()
            .and_then(|v| v["status"].as_str().map(str::to_owned))
            .unwrap_or_default();
        let row = [
            s.map(|s| s.round.to_string()).unwrap_or_default(),
            s.map(|s| s.table.to_string()).unwrap_or_default(),
            g.game.to_string(),
            s.map(|s| s.black.to_string()).unwrap_or_default(),
            s.map(|s| s.white.to_string()).unwrap_or_default(),
            status,
            result,
            margin,
            reason,
            article,
            g.warnings.black.to_string(),
            g.warnings.white.to_string(),
        ];
        out.push_str(&row.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

//! 第三十一条: after the event the chief arbiter writes an evaluation of each referee. The
//! office keeps them in a keyspace of its own (by tournament and referee; a new one replaces
//! the last), outside the ledger: tablets pull the ledger, and an evaluation is for the
//! organiser, the chief arbiter and the committee only. Backups carry them.

use crate::acts::Act;
use crate::server::request::PathParam;
use arbiter_core::model::{PersonId, Role};
use arbiter_core::sync::protocol::{Evaluation, MAX_EVALUATION_CHARS};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::Json;

use crate::error::{Fault, Missing, OfficeError};
use crate::keyspaces::EVALUATIONS as TREE;
use crate::runtime::blocking;
use crate::server::reading::view_of;
use crate::server::request::body;
use crate::server::{AppState, Caller};
use arbiter_core::DomainError;
use axum::routing::get;
use axum::Router;

/// `/referees/{person}/evaluation`, `/evaluations`.
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/referees/{person}/evaluation", axum::routing::put(put)).route("/evaluations", get(list))
}

fn key(tournament: &str, referee: &str) -> Vec<u8> {
    let mut k = tournament.as_bytes().to_vec();
    k.push(0);
    k.extend_from_slice(referee.as_bytes());
    k
}

#[derive(schemars::JsonSchema, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    text: String,
}

/// `PUT /api/v1/referees/{person}/evaluation {"text"}`: the chief arbiter's evaluation.
pub async fn put(
    State(state): State<AppState>,
    caller: Caller,
    person: PathParam<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Evaluation>, OfficeError> {
    caller.require(&[Role::ChiefArbiter], Act::EvaluateReferees)?;
    let PathParam(person) = person;
    let referee = PersonId::new(person)?;
    let Text { text } = serde_json::from_slice(&body(raw)?)
        .map_err(|e| DomainError::MalformedJson(format!("the body must be {{\"text\": \"…\"}}: {e}")))?;
    let text = text.trim().to_owned();
    let chars = text.chars().count();
    if chars == 0 || chars > MAX_EVALUATION_CHARS {
        return Err(DomainError::InvalidField {
            field: "text".into(),
            message: format!("1 to {MAX_EVALUATION_CHARS} characters ({chars} given)"),
        }
        .into());
    }
    let p = caller.0;
    blocking(move || {
        let view = view_of(&state, &p.tournament)?;
        if !view.people.iter().any(|x| x.id == referee && x.role == Role::Referee) {
            return Err(OfficeError::NotFound(Missing::Referee { referee, tournament: p.tournament.clone() }));
        }
        let e = Evaluation { referee, text, by: p.person.clone(), at: chrono::Utc::now() };
        state
            .store
            .keyspace(TREE)?
            .insert(&key(p.tournament.as_str(), e.referee.as_str()), &serde_json::to_vec(&e)?)?;
        Ok(Json(e))
    })
    .await
}

/// `GET /api/v1/evaluations`: every referee's evaluation in the caller's tournament.
pub async fn list(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<Evaluation>>, OfficeError> {
    caller.require(&[Role::Organiser, Role::ChiefArbiter, Role::Committee], Act::ReadEvaluations)?;
    let t = caller.0.tournament;
    blocking(move || {
        let mut prefix = t.as_str().as_bytes().to_vec();
        prefix.push(0);
        let mut out = Vec::new();
        for (_, v) in state.store.keyspace(TREE)?.scan_prefix(&prefix)? {
            out.push(
                serde_json::from_slice(&v).map_err(|source| {
                    OfficeError::Internal(Fault::Json { what: "a stored evaluation".into(), source })
                })?,
            );
        }
        Ok(Json(out))
    })
    .await
}

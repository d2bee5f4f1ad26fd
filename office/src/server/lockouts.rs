//! The door's lock-outs for the organiser: which addresses failed with codes and tokens, and
//! lifting one (a referee's tablet that mistyped its code too often).

use arbiter_core::model::Role;
use axum::extract::State;
use axum::routing::{delete, get};
use axum::{Json, Router};

use crate::acts::Act;
use crate::error::{Missing, OfficeError, RequestFault};
use crate::server::request::PathParam;
use crate::server::{AppState, Caller};

/// `/lockouts`, `/lockouts/{address}`.
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/lockouts", get(lockouts)).route("/lockouts/{address}", delete(lift_lockout))
}

/// `GET /api/v1/lockouts` (organiser): addresses with failed tries, locked ones first.
pub async fn lockouts(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Vec<crate::limits::Tracked>>, OfficeError> {
    caller.require(&[Role::Organiser], Act::ReadLockouts)?;
    Ok(Json(state.lockouts()?))
}

/// `DELETE /api/v1/lockouts/{address}` (organiser): lifts an address's lock-out.
pub async fn lift_lockout(
    State(state): State<AppState>,
    caller: Caller,
    address: PathParam<String>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::Organiser], Act::LiftLockout)?;
    let address = address.0;
    let ip: std::net::IpAddr = address
        .parse()
        .map_err(|_| OfficeError::bad(RequestFault::Path, format!("`{address}` is not an IP address")))?;
    if !state.lift(ip)? {
        return Err(OfficeError::NotFound(Missing::Lockout(ip)));
    }
    Ok(Json(serde_json::json!({ "lifted": ip })))
}

//! Authentication: every request but `health` and `enroll` carries `Authorization: Bearer TOKEN`.

use arbiter_core::model::Role;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::accounts::Principal;
use crate::acts::Act;
use crate::error::{OfficeError, SignIn};
use crate::server::{AppState, ClientAddr};

/// The authenticated caller of a request.
pub struct Caller(pub Principal);

impl FromRequestParts<AppState> for Caller {
    type Rejection = OfficeError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let addr = ClientAddr::from_request_parts(parts, state).await.unwrap_or(ClientAddr(None));
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .ok_or_else(|| OfficeError::SignIn(SignIn::NoBearer))?;
        let token = header
            .to_str()
            .ok()
            .and_then(|h| h.strip_prefix("Bearer "))
            .ok_or_else(|| OfficeError::SignIn(SignIn::NotBearer))?;
        state.guarded(addr, || state.accounts.authenticate(token.trim())).map(Caller)
    }
}

impl Caller {
    /// Refuses `act` to callers whose role is not among `roles`, naming the act and the roles
    /// that may in the official's language.
    pub fn require(&self, roles: &[Role], act: Act) -> Result<(), OfficeError> {
        if roles.contains(&self.0.role) {
            Ok(())
        } else {
            Err(OfficeError::NotAllowed { role: self.0.role, allowed: roles.to_vec(), act })
        }
    }
}

//! The office's door: every try with an enrollment code, a setup code or a token is counted per
//! client address (`crate::limits`). An address that guessed wrong too often waits, then is
//! locked out until the organiser lifts it; every counted failure lands in the refusal log.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::accounts::Refusal;
use crate::error::OfficeError;
use crate::limits::Verdict;
use crate::server::AppState;

/// The client's address, when the server knows it (always over TCP; not in in-process tests).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<crate::server::conn::Peer>>().map(|c| c.0 .0.ip());
        Ok(ClientAddr(peer.or_else(|| parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()))))
    }
}

fn refused(verdict: Verdict, lock_after: u32) -> Result<(), OfficeError> {
    match verdict {
        Verdict::Allow => Ok(()),
        Verdict::Wait(d) => Err(OfficeError::TooManyAttempts { wait_seconds: d.as_secs().max(1) }),
        Verdict::Locked => Err(OfficeError::LockedOut(lock_after)),
    }
}

impl AppState {
    /// Runs `attempt` for `addr` unless the address must wait or is locked out; an answer of
    /// [`OfficeError::NotRecognised`] counts as a failure, success forgives.
    pub fn guarded<T>(
        &self,
        addr: ClientAddr,
        attempt: impl FnOnce() -> Result<T, OfficeError>,
    ) -> Result<T, OfficeError> {
        let Some(ip) = addr.0 else { return attempt() };
        let (verdict, lock_after) = {
            let a = self.attempts();
            (a.check(ip, Instant::now()), a.policy().lock_after)
        };
        refused(verdict, lock_after)?;
        let outcome = attempt();
        match &outcome {
            Ok(_) => self.attempts().succeeded(ip),
            Err(e @ OfficeError::NotRecognised(_)) => {
                let verdict = self.attempts().failed(ip, Instant::now());
                let message = match verdict {
                    Verdict::Locked => format!("{ip}: {e}; the address is now locked out"),
                    _ => format!("{ip}: {e}"),
                };
                self.log_everywhere(e.code(), message)?;
            }
            Err(_) => {}
        }
        outcome
    }

    fn attempts(&self) -> std::sync::MutexGuard<'_, crate::limits::Attempts> {
        // A panic elsewhere while holding the lock leaves counts that are still counts.
        self.attempts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Addresses with failures, for the organiser.
    pub fn lockouts(&self) -> Vec<crate::limits::Tracked> {
        self.attempts().tracked(Instant::now())
    }

    /// Lifts an address's lock-out; false if it had none.
    pub fn lift(&self, ip: IpAddr) -> bool {
        self.attempts().lift(ip)
    }

    /// A refusal that belongs to no tournament yet (the code was unknown) goes to every one.
    fn log_everywhere(&self, code: &str, message: String) -> Result<(), OfficeError> {
        let at = chrono::Utc::now();
        for t in self.accounts.tournaments()? {
            let r = Refusal {
                at,
                device: None,
                person: None,
                role: None,
                event: None,
                code: code.to_owned(),
                message: message.clone(),
            };
            self.accounts.log_refusal(&t, &r)?;
        }
        Ok(())
    }
}

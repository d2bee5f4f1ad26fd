//! The office's door: every try with an enrollment code, a setup code or a token is counted per
//! client address (`crate::limits`). An address that guessed wrong too often waits, then is
//! locked out until the organiser lifts it; every counted failure lands in the refusal log.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

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
    /// Runs `attempt` for `addr` unless the address must wait or is locked out; an answer that
    /// [`OfficeError::counts_at_door`] (a code, token or table link the office does not know)
    /// counts as a failure, success forgives.
    pub fn guarded<T>(
        &self,
        addr: ClientAddr,
        attempt: impl FnOnce() -> Result<T, OfficeError>,
    ) -> Result<T, OfficeError> {
        let Some(ip) = addr.0 else { return attempt() };
        let (verdict, seen) = self.door.check(ip, self.now_ms())?;
        refused(verdict, self.door.policy.lock_after)?;
        let outcome = attempt();
        match &outcome {
            Ok(_) => self.door.succeeded(ip, seen)?,
            Err(e) if e.counts_at_door() => {
                let verdict = self.door.failed(ip, self.now_ms())?;
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

    fn now_ms(&self) -> u64 {
        u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0)
    }

    /// Addresses with failures, for the organiser.
    pub fn lockouts(&self) -> Result<Vec<crate::limits::Tracked>, OfficeError> {
        self.door.tracked(self.now_ms())
    }

    /// Lifts an address's lock-out; false if it had none.
    pub fn lift(&self, ip: IpAddr) -> Result<bool, OfficeError> {
        self.door.lift(ip)
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
                upstream: false,
            };
            self.accounts.log_refusal(&t, &r)?;
        }
        Ok(())
    }
}

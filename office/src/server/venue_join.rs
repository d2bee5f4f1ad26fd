//! `venue-join`: an office becomes a venue of a league — enrolled at the central
//! office ([`venue::join`]), the league's set-up pulled, and opened here under its own
//! organiser. Here, not in `venue`, because it opens the office's [`AppState`]: the server
//! depends on the venue's forwarder, not the other way round.

use std::path::Path;

use arbiter_core::model::DeviceId;
use arbiter_core::sync::tls::CertFingerprint;

use crate::error::{OfficeError, RequestFault};
use crate::server::AppState;
use crate::venue::{self, Forwarded, Forwarder, Upstream, UPSTREAM_FILE};

/// What `venue join` leaves: the upstream, this venue's own organiser token (its pages, its
/// referees' codes), and the first round's figures.
#[derive(Debug)]
pub struct Joined {
    pub upstream: Upstream,
    pub organiser_token: String,
    pub first_round: Forwarded,
}

/// Makes the office at `data` a venue of the league at `central` ([`venue::join`]), pulls what the
/// league set there, and opens the league here under its own organiser (no `tournament_created`
/// is recorded: the league's comes from the central office).
pub async fn join_office(
    data: &Path,
    central: &str,
    pin: CertFingerprint,
    code: &str,
    device: &DeviceId,
) -> Result<Joined, OfficeError> {
    // A join cut short after enrolling (the first pull failed) is finished, not refused: the
    // code is spent, and the venue needs its organiser.
    let upstream = match Upstream::load(data)? {
        Some(up) => up,
        None => venue::join(data, central, pin, code, device).await?,
    };
    let state = AppState::open(data)?;
    if state.accounts.tournament(&upstream.tournament)?.is_some() {
        return Err(OfficeError::bad(
            RequestFault::AlreadyJoined,
            format!(
                "{} is already a venue of `{}` ({UPSTREAM_FILE}): run `serve`",
                data.display(),
                upstream.tournament
            ),
        ));
    }
    let forwarder = Forwarder::new(upstream.clone(), state.store.clone(), state.accounts.clone())?;
    let first_round = forwarder.round().await?;
    let setup = state.store.setup(&upstream.tournament)?;
    let record = crate::accounts::TournamentRecord {
        name: setup.tournament.as_ref().map_or_else(|| upstream.tournament.to_string(), |t| t.name.clone()),
        ruleset: setup.default_ruleset(),
    };
    let (_, organiser_token) = state.accounts.create_tournament(&upstream.tournament, &record)?;
    Ok(Joined { upstream, organiser_token, first_round })
}

//! `venue-join`: make this office a venue of a league.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::sync::tls::Pin;
use arbiter_core::DomainError;
use arbiter_office::OfficeError;

use super::DEFAULT_DATA;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = DEFAULT_DATA)]
    data: PathBuf,
    /// The central office, `https://host:port`.
    #[arg(long)]
    central: String,
    /// The central office's certificate fingerprint (64 hex digits, from its start-up lines).
    #[arg(long)]
    pin: String,
    /// The one-time code the league's organiser issued for this venue.
    #[arg(long)]
    code: String,
    /// This office's device id at the central office (e.g. `venue-hangzhou`).
    #[arg(long)]
    device: String,
}

pub fn run(Args { data, central, pin, code, device }: Args) -> Result<ExitCode, OfficeError> {
    let pin = match Pin::typed(&pin)? {
        Pin::Exact(fps) if fps.len() == 1 => fps[0],
        _ => {
            return Err(OfficeError::from(DomainError::InvalidField {
                field: "--pin".into(),
                message: "the central office's full fingerprint, 64 hex digits".into(),
            }))
        }
    };
    let device = arbiter_core::model::DeviceId::new(device)?;
    let joined = arbiter_office::runtime::runtime()?
        .block_on(arbiter_office::server::join_office(&data, &central, pin, &code, &device))?;
    let up = &joined.upstream;
    println!("venue office {} of `{}` at {}", up.venue, up.tournament, up.central);
    println!("pulled {} events of the league's set-up and this venue's games", joined.first_round.pulled);
    println!("organiser token (this venue's pages; shown once): {}", joined.organiser_token);
    println!("now run: arbiter-office serve --data {}", data.display());
    Ok(ExitCode::SUCCESS)
}

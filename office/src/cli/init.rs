//! `init`: create a tournament, its organiser's token and the office's certificate.

use std::process::ExitCode;

use arbiter_core::model::TournamentId;
use arbiter_core::rules::{ChineseKomi, RulesetSpec};
use arbiter_core::DomainError;
use arbiter_office::server::{self, AppState};
use arbiter_office::{tls, OfficeError};
use clap::ValueEnum;

use super::Place;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    place: Place,
    /// Tournament id (letters, digits, '.', '_', '-').
    #[arg(long)]
    id: String,
    #[arg(long)]
    name: String,
    #[arg(long, value_enum, default_value_t = RulesetArg::Chinese1988)]
    ruleset: RulesetArg,
    /// Komi in 子 for the Chinese rules: 2, 2.75 or 3.75.
    #[arg(long, default_value_t = 3.75)]
    komi: f64,
    /// A host name or address browsers reach the office by, written into the self-signed
    /// certificate (repeatable; localhost, 127.0.0.1 and ::1 are always in it).
    #[arg(long = "cert-name")]
    cert_names: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesetArg {
    #[value(name = "chinese_1988")]
    Chinese1988,
    Korean,
    /// Seed 003: komi 8 points, set by the rules (`--komi` does not apply).
    Ing,
}

fn ruleset(arg: RulesetArg, komi: f64) -> Result<RulesetSpec, OfficeError> {
    Ok(match arg {
        RulesetArg::Korean => RulesetSpec::Korean,
        RulesetArg::Ing => RulesetSpec::ING,
        RulesetArg::Chinese1988 => {
            let komi: ChineseKomi = serde_json::from_value(serde_json::json!(komi))
                .map_err(|e| DomainError::OutOfRange { what: "komi", message: format!("--komi: {e}") })?;
            RulesetSpec::Chinese1988 { komi }
        }
    })
}

pub fn run(Args { place, id, name, ruleset: r, komi, cert_names }: Args) -> Result<ExitCode, OfficeError> {
    let state = AppState::open_on(&place.data, place.store.as_deref())?;
    let report = server::init_tournament(&state, TournamentId::new(id)?, name, ruleset(r, komi)?)?;
    let cert = match tls::load(&place.data, tls::Slot::Current)? {
        Some(c) => c,
        None => tls::generate(&place.data, tls::Slot::Current, &cert_names)?,
    };
    println!("tournament:      {}", report.tournament);
    println!("organiser token: {}", report.organiser_token);
    println!("(shown once; the office keeps only its hash)");
    println!("certificate:     {}  (devices pin it; `cert show` prints it again)", cert.fingerprint.short());
    Ok(ExitCode::SUCCESS)
}

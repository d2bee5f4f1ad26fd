//! `export`: every stored event as JSON lines (the audit export), to stdout.

use std::process::ExitCode;

use arbiter_office::OfficeError;

use super::{events_of, Place};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    place: Place,
}

pub fn run(Args { place }: Args) -> Result<ExitCode, OfficeError> {
    let store = events_of(&place.data, place.store.as_deref())?;
    let n = store.export(&mut std::io::stdout().lock())?;
    eprintln!("arbiter-office: exported {n} events");
    let corrupt = store.corrupt_lines();
    for c in &corrupt {
        eprintln!("  left out [journal_corrupt]: {c}");
    }
    Ok(if corrupt.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

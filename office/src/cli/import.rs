//! `import`: store the events of a JSON-lines file (an export, a backup, a device's log).

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::OfficeError;

use super::{events_of, Place};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    place: Place,
    file: PathBuf,
}

pub fn run(Args { place, file }: Args) -> Result<ExitCode, OfficeError> {
    let store = events_of(&place.data, place.store.as_deref())?;
    let input =
        std::fs::File::open(&file).map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
    let report = arbiter_core::store::import(&*store, std::io::BufReader::new(input))?;
    eprintln!("arbiter-office: imported {} new events, {} already stored", report.added, report.duplicates);
    for l in &report.refused {
        eprintln!("  {}:{}: {} — {}", file.display(), l.line, l.code, l.message);
    }
    Ok(if report.refused.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

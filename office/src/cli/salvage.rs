//! `salvage`: what can still be read from a damaged store (journal first), to stdout.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::store::Store;
use arbiter_office::OfficeError;

use super::DEFAULT_DATA;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = DEFAULT_DATA)]
    data: PathBuf,
}

pub fn run(Args { data }: Args) -> Result<ExitCode, OfficeError> {
    let report = Store::salvage(&data, &mut std::io::stdout().lock())?;
    eprintln!("arbiter-office: salvaged {} events; sled readable: {}", report.events, report.sled_readable);
    for l in &report.unreadable {
        eprintln!("  journal line {}: {} — {}", l.line, l.code, l.message);
    }
    Ok(if report.unreadable.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

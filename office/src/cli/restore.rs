//! `restore`: a backup into a new data directory (sled rebuilt from the events).

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::OfficeError;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    from: PathBuf,
    /// A directory that does not exist yet, or is empty.
    #[arg(long)]
    data: PathBuf,
}

pub fn run(Args { from, data }: Args) -> Result<ExitCode, OfficeError> {
    let report = arbiter_office::backup::restore(&from, &data)?;
    eprintln!(
        "arbiter-office: restored {} events (up to #{}), {} account records, {} key files into {}; serve it with `arbiter-office serve --data {}`",
        report.events, report.up_to_seq, report.records, report.files, data.display(), data.display()
    );
    Ok(ExitCode::SUCCESS)
}

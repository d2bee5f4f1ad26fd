//! `pair`: round N of an OpenGotha file, paired as OpenGotha would.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::{pair, OfficeError};

use super::{print, read, Format};

#[derive(clap::Args)]
pub struct Args {
    /// An OpenGotha tournament file (XML).
    file: PathBuf,
    #[arg(long)]
    round: u16,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print each board's weight part by part.
    #[arg(long)]
    explain: bool,
}

pub fn run(Args { file, round, format, explain }: Args) -> Result<ExitCode, OfficeError> {
    let report = pair::pair_file(&read(&file)?, round, explain)?;
    print(&match format {
        Format::Text => pair::render_text(&report),
        Format::Json => serde_json::to_string_pretty(&report)? + "\n",
    })?;
    Ok(ExitCode::SUCCESS)
}

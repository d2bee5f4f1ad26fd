//! `pair`: round N of an OpenGotha file, paired as OpenGotha would.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::tournament::pairing::opengotha::TableOrder;
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
    /// Number the tables as this OpenGotha release does: 3.52 (3.52.03, the release organisers
    /// run) or 3.51 (3.51.02 and before), whatever release saved the file.
    #[arg(long, value_enum, default_value_t = Tables::V352)]
    tables: Tables,
}

/// The releases whose table order `pair` follows.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Tables {
    #[value(name = "3.52")]
    V352,
    #[value(name = "3.51")]
    V351,
}

pub fn run(Args { file, round, format, explain, tables }: Args) -> Result<ExitCode, OfficeError> {
    let order = match tables {
        Tables::V352 => TableOrder::OpenGotha352,
        Tables::V351 => TableOrder::OpenGotha351,
    };
    let report = pair::pair_file(&read(&file)?, round, explain, order)?;
    print(&match format {
        Format::Text => pair::render_text(&report),
        Format::Json => serde_json::to_string_pretty(&report)? + "\n",
    })?;
    Ok(ExitCode::SUCCESS)
}

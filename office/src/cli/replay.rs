//! `replay`: fold an event log and print each game's derived state.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::error::RequestFault;
use arbiter_office::{replay, OfficeError};

use super::{print, read, Format, Ledger};

#[derive(clap::Args)]
pub struct Args {
    /// The event log, one JSON event per line.
    #[arg(required_unless_present_any = ["data", "store"], conflicts_with_all = ["data", "store"])]
    file: Option<PathBuf>,
    #[command(flatten)]
    ledger: Ledger,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(Args { file, ledger, format }: Args) -> Result<ExitCode, OfficeError> {
    let (report, source) = match (file, ledger.open()?) {
        (Some(file), _) => (replay::run(&read(&file)?), file.display().to_string()),
        (None, Some(store)) => (replay::of_events(&store.all_events()?), store.place()),
        (None, None) => {
            return Err(OfficeError::bad(RequestFault::Usage, "give an event log FILE, --data DIR or --store URL"))
        }
    };
    print(&match format {
        Format::Text => replay::render_text(&report),
        Format::Json => serde_json::to_string_pretty(&report)? + "\n",
    })?;
    for m in &report.malformed {
        eprintln!("{source}:{}: {} — {}", m.line, m.code, m.message);
    }
    Ok(if report.malformed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

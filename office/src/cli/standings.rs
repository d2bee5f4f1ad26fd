//! `standings`: of an OpenGotha file by its own criteria, or of a tournament this office runs.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::error::{Missing, RequestFault};
use arbiter_office::{standings, OfficeError};

use super::{print, read, Ledger, TableFormat};

#[derive(clap::Args)]
pub struct Args {
    /// An OpenGotha tournament file (XML).
    #[arg(required_unless_present_any = ["data", "store"], conflicts_with_all = ["data", "store"])]
    file: Option<PathBuf>,
    #[command(flatten)]
    ledger: Ledger,
    /// Which tournament of the data directory (needed when it holds several).
    #[arg(long)]
    tournament: Option<String>,
    /// After this round (default: the last).
    #[arg(long)]
    round: Option<u16>,
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    format: TableFormat,
}

pub fn run(Args { file, ledger, tournament, round, format }: Args) -> Result<ExitCode, OfficeError> {
    let table = match (file, ledger.open()?) {
        (Some(file), _) => standings::from_opengotha(&read(&file)?, round)?,
        (None, Some(store)) => {
            let (events, from) = (store.all_events()?, store.place());
            let mut views = arbiter_core::tournament::replay(&events);
            let view = match tournament {
                Some(t) => views.into_iter().find(|v| v.id.as_str() == t).ok_or_else(|| {
                    OfficeError::NotFound(Missing::TournamentIn { tournament: t.to_string(), place: from.to_string() })
                })?,
                None if views.len() == 1 => views.remove(0),
                None => {
                    let ids: Vec<String> = views.iter().map(|v| v.id.to_string()).collect();
                    return Err(OfficeError::bad(
                        RequestFault::Ambiguous,
                        format!(
                            "{from} holds {} tournaments ({}): name one with --tournament",
                            ids.len(),
                            ids.join(", ")
                        ),
                    ));
                }
            };
            standings::from_view(&view, round)?
        }
        (None, None) => {
            return Err(OfficeError::bad(RequestFault::Usage, "give an OpenGotha file, --data DIR or --store URL"))
        }
    };
    print(&match format {
        TableFormat::Text => standings::render_text(&table),
        TableFormat::Csv => standings::render_csv(&table),
        TableFormat::Json => serde_json::to_string_pretty(&table)? + "\n",
    })?;
    Ok(ExitCode::SUCCESS)
}

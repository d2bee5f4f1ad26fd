//! `count`: a game record (SGF) replayed with every check and counted by the rules' method.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::count::{self, CountRules};
use arbiter_office::OfficeError;

use super::{read, Format};

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Dead stones to take off, as on a score sheet: `D4,Q16` (repeatable). Without it, the
    /// record's own territory marks (TB/TW) say which stones are dead.
    #[arg(long)]
    dead: Vec<String>,
    #[arg(long, value_enum, default_value_t = CountRules::Chinese1988)]
    ruleset: CountRules,
    /// Komi: in 子 for chinese_1988 (2, 2.75 or 3.75; default 3.75), in points for korean
    /// (default 6.5) and ing (default 8).
    #[arg(long)]
    komi: Option<f64>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(Args { file, dead, ruleset, komi, format }: Args) -> Result<ExitCode, OfficeError> {
    let report = match count::count(&read(&file)?, &dead, ruleset, komi) {
        Ok(r) => r,
        Err(e @ OfficeError::IllegalMove(_)) => {
            eprintln!("arbiter-office: {}: {e}", file.display());
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e),
    };
    match format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&report)?),
        Format::Text => println!("{}", count::render_text(&report)),
    }
    Ok(ExitCode::SUCCESS)
}

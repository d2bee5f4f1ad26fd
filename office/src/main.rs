//! `arbiter-office`: the tournament office's command line.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::{replay, OfficeError};
use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "arbiter-office", version, about = "Weiqi Arbiter tournament office")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Fold an event log (JSONL) and print each game's derived state.
    ///
    /// Exit status: 0 when every line was read, 1 when some lines were malformed (they are
    /// listed; the other lines still count), 2 when the file cannot be read.
    Replay {
        /// The event log, one JSON event per line.
        file: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("arbiter-office: {e} [{}]", e.code());
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, OfficeError> {
    match cli.command {
        Command::Replay { file, format } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
            let report = replay::run(&text);
            let rendered = match format {
                Format::Text => replay::render_text(&report),
                Format::Json => serde_json::to_string_pretty(&report)? + "\n",
            };
            std::io::stdout().lock().write_all(rendered.as_bytes())?;
            for m in &report.malformed {
                eprintln!("{}:{}: {} — {}", file.display(), m.line, m.code, m.message);
            }
            Ok(if report.malformed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
    }
}

//! The office's command line: the commands and the flags they share. One module per command,
//! each with its flags (`Args`) and what it does (`run`); the work itself is the library's.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use arbiter_core::store::EventStore;
use arbiter_office::OfficeError;
use clap::{Parser, Subcommand, ValueEnum};

mod backup;
mod cert;
mod count;
mod export;
mod import;
mod init;
mod pair;
mod receipts;
mod replay;
mod restore;
mod salvage;
mod serve;
mod standings;
mod venue_join;
mod verify;

/// The office's data directory when `--data` is not given.
const DEFAULT_DATA: &str = "arbiter-office-data";

#[derive(Parser)]
#[command(name = "arbiter-office", version, about = "Weiqi Arbiter tournament office")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Fold an event log (JSONL) and print each game's derived state.
    ///
    /// Exit status: 0 when every line was read, 1 when some lines were malformed (they are
    /// listed; the other lines still count), 2 when the file cannot be read.
    Replay(replay::Args),
    /// Create a tournament and print the organiser's token (shown once, stored only hashed).
    Init(init::Args),
    /// Make this office a venue of a league: enroll it at the central office with a venue's
    /// one-time code, pull the league's set-up, and print this venue's own organiser token.
    /// `serve` then forwards what is recorded here to the central office (issue 30).
    VenueJoin(venue_join::Args),
    /// The office's TLS certificate: show it, install the organiser's own, or rotate it.
    Cert {
        #[command(subcommand)]
        action: cert::Action,
    },
    /// Run the office server: sync for devices, views and exports for officials.
    Serve(serve::Args),
    /// Write every stored event as JSON lines (the audit export) to stdout.
    Export(export::Args),
    /// Store the events of a JSON-lines file (an export, a backup, a device's log).
    ///
    /// Exit status 1 when some lines were refused (they are listed; the rest are stored).
    Import(import::Args),
    /// Print standings: of an OpenGotha tournament file by its own placement criteria, or with
    /// `--data` of a tournament this office runs (第二十八条, or McMahon).
    Standings(standings::Args),
    /// Pair round N of an OpenGotha tournament file as OpenGotha would, from its players, its
    /// pairing parameters and the games and byes of the rounds before N (rounds N and later in
    /// the file are not read): table, White, Black (OpenGotha's key and name), handicap, bye.
    Pair(pair::Args),
    /// Count a game record (SGF): replayed with every check, the dead stones taken off, the
    /// final position counted by the rules' method (第九条 area against half the board; KBA
    /// territory + prisoners; Ing points).
    ///
    /// Exit status 1 when the record has an illegal move (its number and article are printed).
    Count(count::Args),
    /// Check a ledger: every signature against the keys it registers, every signer's chain.
    ///
    /// Reads an export (FILE) or a data directory (--data). Exit status: 0 when clean (unsigned
    /// events of older builds are counted, not failed), 1 on any forged event, missing link or
    /// unreadable line, 2 when it cannot be read.
    Verify(verify::Args),
    /// Export what can still be read from a damaged store (journal first), to stdout.
    Salvage(salvage::Args),
    /// Print the central office's receipts this venue office keeps (JSON, as `verify --receipts`
    /// reads): the central office's signed count and last digest of each signer's events.
    Receipts(receipts::Args),
    /// Write a backup of the office (events, accounts, keys) to a new file, also while `serve`
    /// runs on the directory (the running office writes it). The file holds private keys.
    Backup(backup::Args),
    /// Restore a backup into a new data directory (sled rebuilt from the events); then `serve`
    /// it.
    Restore(restore::Args),
}

/// Runs the command: the exit status it ends with, or what went wrong.
pub fn run(cli: Cli) -> Result<ExitCode, OfficeError> {
    match cli.command {
        Command::Replay(a) => replay::run(a),
        Command::Init(a) => init::run(a),
        Command::VenueJoin(a) => venue_join::run(a),
        Command::Cert { action } => cert::run(action),
        Command::Serve(a) => serve::run(a),
        Command::Export(a) => export::run(a),
        Command::Import(a) => import::run(a),
        Command::Standings(a) => standings::run(a),
        Command::Pair(a) => pair::run(a),
        Command::Count(a) => count::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Salvage(a) => salvage::run(a),
        Command::Receipts(a) => receipts::run(a),
        Command::Backup(a) => backup::run(a),
        Command::Restore(a) => restore::run(a),
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum TableFormat {
    Text,
    Json,
    Csv,
}

/// Where an office keeps its events: its data folder, or a PostgreSQL database.
#[derive(clap::Args, Debug)]
struct Place {
    #[arg(long, default_value = DEFAULT_DATA)]
    data: PathBuf,
    /// Keep the events in this PostgreSQL database (`postgres://user@host:port/db`)
    /// instead of the data folder, which then holds only the office's key and TLS files.
    #[arg(long, value_name = "URL")]
    store: Option<String>,
}

/// Where a reading command (replay, verify, standings) finds a ledger, instead of a file.
#[derive(clap::Args, Debug)]
struct Ledger {
    /// The events of an office's data folder (the office must not be running on it).
    #[arg(long, conflicts_with = "store")]
    data: Option<PathBuf>,
    /// The events of an office's PostgreSQL database (offices may be serving from it meanwhile).
    #[arg(long, value_name = "URL")]
    store: Option<String>,
}

impl Ledger {
    /// The store it names, if it names one.
    fn open(self) -> Result<Option<Arc<dyn EventStore>>, OfficeError> {
        match (self.data, self.store) {
            (None, None) => Ok(None),
            (data, store) => events_of(&data.unwrap_or_default(), store.as_deref()).map(Some),
        }
    }
}

/// The events of the office at `data`, or in the PostgreSQL database at `store`.
fn events_of(data: &Path, store: Option<&str>) -> Result<Arc<dyn EventStore>, OfficeError> {
    Ok(match store {
        Some(url) => Arc::new(arbiter_office::pg::PgStore::connect(url)?),
        None => Arc::new(arbiter_office::serving::open_store(data)?),
    })
}

/// A file's text, or which file could not be read.
fn read(path: &Path) -> Result<String, OfficeError> {
    std::fs::read_to_string(path).map_err(|source| OfficeError::Read { path: path.display().to_string(), source })
}

/// Writes `text` to stdout.
fn print(text: &str) -> Result<(), OfficeError> {
    use std::io::Write;
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

//! `arbiter-office`: the tournament office's command line.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::model::TournamentId;
use arbiter_core::rules::{ChineseKomi, RulesetSpec};
use arbiter_core::store::{EventStore, Store};
use arbiter_office::server::{self, AppState};
use arbiter_office::tls;
use arbiter_office::{replay, standings, OfficeError};
use clap::{Parser, Subcommand, ValueEnum};

/// The office's data directory when `--data` is not given.
const DEFAULT_DATA: &str = "arbiter-office-data";

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
        #[arg(required_unless_present_any = ["data", "store"], conflicts_with_all = ["data", "store"])]
        file: Option<PathBuf>,
        #[command(flatten)]
        ledger: Ledger,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Create a tournament and print the organiser's token (shown once, stored only hashed).
    Init {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        /// Keep the events in this PostgreSQL database (`postgres://user@host:port/db`)
        /// instead of the data folder, which then holds only the office's key and TLS files.
        #[arg(long, value_name = "URL")]
        store: Option<String>,
        /// Tournament id (letters, digits, '.', '_', '-').
        #[arg(long)]
        id: String,
        #[arg(long)]
        name: String,
        #[arg(long, value_enum, default_value_t = RulesetArg::Chinese1988)]
        ruleset: RulesetArg,
        /// Komi in 子 for the Chinese rules: 2, 2.75 or 3.75.
        #[arg(long, default_value_t = 3.75)]
        komi: f64,
        /// A host name or address browsers reach the office by, written into the self-signed
        /// certificate (repeatable; localhost, 127.0.0.1 and ::1 are always in it).
        #[arg(long = "cert-name")]
        cert_names: Vec<String>,
    },
    /// Make this office a venue of a league: enroll it at the central office with a venue's
    /// one-time code, pull the league's set-up, and print this venue's own organiser token.
    /// `serve` then forwards what is recorded here to the central office (issue 30).
    VenueJoin {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        /// The central office, `https://host:port`.
        #[arg(long)]
        central: String,
        /// The central office's certificate fingerprint (64 hex digits, from its start-up lines).
        #[arg(long)]
        pin: String,
        /// The one-time code the league's organiser issued for this venue.
        #[arg(long)]
        code: String,
        /// This office's device id at the central office (e.g. `venue-hangzhou`).
        #[arg(long)]
        device: String,
    },
    /// The office's TLS certificate: show it, install the organiser's own, or rotate it.
    Cert {
        #[command(subcommand)]
        action: CertAction,
    },
    /// Run the office server: sync for devices, views and exports for officials.
    Serve {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        /// Keep the events in this PostgreSQL database (`postgres://user@host:port/db`)
        /// instead of the data folder, which then holds only the office's key and TLS files.
        #[arg(long, value_name = "URL")]
        store: Option<String>,
        #[arg(long, default_value = "127.0.0.1:7878")]
        bind: SocketAddr,
        /// The built UI to serve as the office's web pages (default: ui/dist when it exists).
        #[arg(long)]
        ui: Option<PathBuf>,
        /// The address tablets reach this office at (e.g. http://192.168.1.10:7878), for the
        /// enrollment QR codes; default: the address it is bound to.
        #[arg(long)]
        tablet_url: Option<String>,
        /// Connections open at once (more wait their turn).
        #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        max_connections: u64,
        /// Seconds a connection has to bring a request (from opening or the last answer).
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
        request_timeout_seconds: u64,
        /// Speak plain HTTP instead of HTTPS: only for a demo on this machine's loopback address
        /// (anyone on a shared network could read the tokens and forge rulings).
        #[arg(long)]
        insecure_http: bool,
        /// Refuse events stamped more than this many minutes ahead of the office's clock.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1440))]
        max_clock_ahead_minutes: u64,
        /// For end-to-end tests: time games by the milliseconds since the epoch written in this
        /// file (read at each request). Loopback binds only.
        #[arg(long, hide = true)]
        clock_file: Option<PathBuf>,
    },
    /// Write every stored event as JSON lines (the audit export) to stdout.
    Export {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        /// Keep the events in this PostgreSQL database (`postgres://user@host:port/db`)
        /// instead of the data folder, which then holds only the office's key and TLS files.
        #[arg(long, value_name = "URL")]
        store: Option<String>,
    },
    /// Store the events of a JSON-lines file (an export, a backup, a device's log).
    ///
    /// Exit status 1 when some lines were refused (they are listed; the rest are stored).
    Import {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        /// Keep the events in this PostgreSQL database (`postgres://user@host:port/db`)
        /// instead of the data folder, which then holds only the office's key and TLS files.
        #[arg(long, value_name = "URL")]
        store: Option<String>,
        file: PathBuf,
    },
    /// Print standings: of an OpenGotha tournament file by its own placement criteria, or with
    /// `--data` of a tournament this office runs (第二十八条, or McMahon).
    Standings {
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
    },
    /// Pair round N of an OpenGotha tournament file as OpenGotha would, from its players, its
    /// pairing parameters and the games and byes of the rounds before N (rounds N and later in
    /// the file are not read): table, White, Black (OpenGotha's key and name), handicap, bye.
    Pair {
        /// An OpenGotha tournament file (XML).
        file: PathBuf,
        #[arg(long)]
        round: u16,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Print each board's weight part by part.
        #[arg(long)]
        explain: bool,
    },
    /// Count a game record (SGF): replayed with every check, the dead stones taken off, the
    /// final position counted by the rules' method (第九条 area against half the board; KBA
    /// territory + prisoners; Ing points).
    ///
    /// Exit status 1 when the record has an illegal move (its number and article are printed).
    Count {
        file: PathBuf,
        /// Dead stones to take off, as on a score sheet: `D4,Q16` (repeatable). Without it, the
        /// record's own territory marks (TB/TW) say which stones are dead.
        #[arg(long)]
        dead: Vec<String>,
        #[arg(long, value_enum, default_value_t = arbiter_office::count::CountRules::Chinese1988)]
        ruleset: arbiter_office::count::CountRules,
        /// Komi: in 子 for chinese_1988 (2, 2.75 or 3.75; default 3.75), in points for korean
        /// (default 6.5) and ing (default 8).
        #[arg(long)]
        komi: Option<f64>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Check a ledger: every signature against the keys it registers, every signer's chain.
    ///
    /// Reads an export (FILE) or a data directory (--data). Exit status: 0 when clean (unsigned
    /// events of older builds are counted, not failed), 1 on any forged event, missing link or
    /// unreadable line, 2 when it cannot be read.
    Verify {
        /// An export (JSON lines), e.g. from `arbiter-office export`.
        #[arg(required_unless_present_any = ["data", "store"], conflicts_with_all = ["data", "store"])]
        file: Option<PathBuf>,
        #[command(flatten)]
        ledger: Ledger,
        /// The office's key (64 hex digits) to hold the ledger to; without it, the key the
        /// ledger registers for itself is used and printed, to compare.
        #[arg(long)]
        office_key: Option<String>,
        /// Receipts an office gave (a JSON array, as a device or a venue keeps them): the copy
        /// must hold what each covers — a copy cut at its end is reported.
        #[arg(long)]
        receipts: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Export what can still be read from a damaged store (journal first), to stdout.
    Salvage {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
    },
    /// Write a backup of the office (events, accounts, keys) to a new file, also while `serve`
    /// runs on the directory (the running office writes it). The file holds private keys.
    Backup {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        /// The new file (never replaced).
        #[arg(long)]
        to: PathBuf,
    },
    /// Restore a backup into a new data directory (sled rebuilt from the events); then `serve`
    /// it.
    Restore {
        #[arg(long)]
        from: PathBuf,
        /// A directory that does not exist yet, or is empty.
        #[arg(long)]
        data: PathBuf,
    },
}

#[derive(Subcommand)]
enum CertAction {
    /// Print the certificate's fingerprints: the short form tablets type, the SHA-256 they pin,
    /// and the public-key hash browsers take.
    Show {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
    },
    /// Use the organiser's own certificate (PEM chain, leaf first) and private key (PEM).
    /// Devices enrolled with the old one must enroll again, unless you use `--next`.
    Install {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        #[arg(long)]
        cert: PathBuf,
        #[arg(long)]
        key: PathBuf,
        /// Stage it as the next certificate instead (see `next`).
        #[arg(long)]
        next: bool,
    },
    /// Stage a new self-signed certificate. The running office announces it to every device
    /// that syncs (restart `serve` to start announcing); `activate` then serves it.
    Next {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        #[arg(long = "cert-name")]
        cert_names: Vec<String>,
    },
    /// Serve the staged certificate from the next `serve` on; devices that synced since it was
    /// staged follow without re-enrolling.
    Activate {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
    },
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

#[derive(Clone, Copy, ValueEnum)]
enum RulesetArg {
    #[value(name = "chinese_1988")]
    Chinese1988,
    Korean,
    /// Seed 003: komi 8 points, set by the rules (`--komi` does not apply).
    Ing,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        // Another office serves the directory: a status of its own, so a supervisor or a
        // script can tell "in use" from "broken" (2).
        Err(e @ OfficeError::OfficeRunning(_)) => {
            eprintln!("arbiter-office: {e} [{}]", e.code());
            ExitCode::from(3)
        }
        // The store failed in a way only a new process recovers from: 75 (EX_TEMPFAIL) tells a
        // supervisor to start it again (docs/deploy.md).
        Err(e @ OfficeError::StoreFailed(_)) => {
            eprintln!("arbiter-office: {e} [{}]", e.code());
            ExitCode::from(75)
        }
        Err(e) => {
            eprintln!("arbiter-office: {e} [{}]", e.code());
            ExitCode::from(2)
        }
    }
}

fn ruleset(arg: RulesetArg, komi: f64) -> Result<RulesetSpec, OfficeError> {
    Ok(match arg {
        RulesetArg::Korean => RulesetSpec::Korean,
        RulesetArg::Ing => RulesetSpec::ING,
        RulesetArg::Chinese1988 => {
            let komi: ChineseKomi = serde_json::from_value(serde_json::json!(komi))
                .map_err(|e| OfficeError::bad("out_of_range", format!("--komi: {e}")))?;
            RulesetSpec::Chinese1988 { komi }
        }
    })
}

fn run(cli: Cli) -> Result<ExitCode, OfficeError> {
    match cli.command {
        Command::Replay { file, ledger, format } => {
            let (report, source) = match (file, ledger.open()?) {
                (Some(file), _) => {
                    let text = std::fs::read_to_string(&file)
                        .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
                    (replay::run(&text), file.display().to_string())
                }
                (None, Some(store)) => (replay::of_events(&store.all_events()?), store.place()),
                (None, None) => {
                    return Err(OfficeError::bad("usage", "give an event log FILE, --data DIR or --store URL"))
                }
            };
            let rendered = match format {
                Format::Text => replay::render_text(&report),
                Format::Json => serde_json::to_string_pretty(&report)? + "\n",
            };
            std::io::stdout().lock().write_all(rendered.as_bytes())?;
            for m in &report.malformed {
                eprintln!("{source}:{}: {} — {}", m.line, m.code, m.message);
            }
            Ok(if report.malformed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Init { data, store, id, name, ruleset: r, komi, cert_names } => {
            let state = AppState::open_on(&data, store.as_deref())?;
            let report = server::init_tournament(&state, TournamentId::new(id)?, name, ruleset(r, komi)?)?;
            let cert = match tls::load(&data, tls::Slot::Current)? {
                Some(c) => c,
                None => tls::generate(&data, tls::Slot::Current, &cert_names)?,
            };
            println!("tournament:      {}", report.tournament);
            println!("organiser token: {}", report.organiser_token);
            println!("(shown once; the office keeps only its hash)");
            println!("certificate:     {}  (devices pin it; `cert show` prints it again)", cert.fingerprint.short());
            Ok(ExitCode::SUCCESS)
        }
        Command::VenueJoin { data, central, pin, code, device } => {
            let pin = match arbiter_core::sync::tls::Pin::typed(&pin)? {
                arbiter_core::sync::tls::Pin::Exact(fps) if fps.len() == 1 => fps[0],
                _ => {
                    return Err(OfficeError::bad(
                        "invalid_field",
                        "--pin: the central office's full fingerprint, 64 hex digits",
                    ))
                }
            };
            let device = arbiter_core::model::DeviceId::new(device)?;
            let joined = arbiter_office::server::runtime()?
                .block_on(arbiter_office::venue::join_office(&data, &central, pin, &code, &device))?;
            let up = &joined.upstream;
            println!("venue office {} of `{}` at {}", up.venue, up.tournament, up.central);
            println!("pulled {} events of the league's set-up and this venue's games", joined.first_round.pulled);
            println!("organiser token (this venue's pages; shown once): {}", joined.organiser_token);
            println!("now run: arbiter-office serve --data {}", data.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Cert { action } => {
            let (what, cert) = match action {
                CertAction::Show { data } => ("current", tls::current(&data)?),
                CertAction::Install { data, cert, key, next: false } => {
                    ("installed", tls::install(&data, tls::Slot::Current, &cert, &key)?)
                }
                CertAction::Install { data, cert, key, next: true } => {
                    ("staged", tls::install(&data, tls::Slot::Next, &cert, &key)?)
                }
                CertAction::Next { data, cert_names } => {
                    ("staged", tls::generate(&data, tls::Slot::Next, &cert_names)?)
                }
                CertAction::Activate { data } => ("now current", tls::activate(&data)?),
            };
            println!("certificate ({what})");
            println!("  short fingerprint: {}", cert.fingerprint.short());
            println!("  sha256:            {}", cert.fingerprint);
            println!("  public key sha256: {}", cert.spki_sha256);
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve {
            data,
            store,
            bind,
            ui,
            tablet_url,
            max_connections,
            request_timeout_seconds,
            insecure_http,
            max_clock_ahead_minutes,
            clock_file,
        } => {
            let scheme = if insecure_http { "http://" } else { "https://" };
            if let Some(u) = tablet_url.as_ref().filter(|u| !u.starts_with(scheme)) {
                return Err(OfficeError::bad(
                    "invalid_field",
                    format!("--tablet-url {u}: this office serves {scheme}, so tablets must use an address starting with {scheme}"),
                ));
            }
            // Plain HTTP is for a demo on this machine only: on a shared network anyone could
            // read the tokens (and forge rulings with them).
            if insecure_http && !bind.ip().is_loopback() {
                return Err(OfficeError::bad(
                    "invalid_field",
                    format!("--insecure-http serves only on a loopback address (127.0.0.1 or [::1]), not {bind}"),
                ));
            }
            let ui = ui.or_else(|| Some(PathBuf::from("ui/dist")).filter(|d| d.join("index.html").exists()));
            let mut state = AppState::open_on(&data, store.as_deref())?;
            state.max_clock_ahead_ms = max_clock_ahead_minutes * 60_000;
            state.tablet_url = tablet_url.map(|u| u.trim_end_matches('/').to_owned());
            if let Some(file) = clock_file {
                // A clock anyone with the file can move: for tests on this machine only.
                if !bind.ip().is_loopback() {
                    return Err(OfficeError::bad(
                        "invalid_field",
                        format!("--clock-file serves only on a loopback address, not {bind}"),
                    ));
                }
                eprintln!(
                    "arbiter-office: WARNING: --clock-file {}: games are timed by that file (tests only)",
                    file.display()
                );
                state.clock = arbiter_core::wall_clock::WallClock::from_file(file);
            }
            if let Some(report) = state.store.sled().map(|s| s.open_report()).filter(|report| {
                report.reapplied + report.rejournaled > 0
                    || !report.bad_journal_lines.is_empty()
                    || report.torn_tail_bytes > 0
            }) {
                eprintln!("arbiter-office: store repaired on open: {report:?}");
            }
            let transport = if insecure_http {
                eprintln!(
                    "arbiter-office: WARNING: --insecure-http: tokens and rulings cross the network in clear; \
                     use it only on this machine's loopback address"
                );
                server::Transport::InsecureHttp
            } else {
                server::Transport::Https(state.with_certificate()?)
            };
            let runtime = server::runtime()?;
            let limits = server::conn::ConnLimits {
                max_connections: usize::try_from(max_connections).unwrap_or(usize::MAX),
                request_timeout: std::time::Duration::from_secs(request_timeout_seconds),
            };
            runtime.block_on(server::serve(state, bind, ui, limits, transport))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Export { data, store } => {
            let store = events_of(&data, store.as_deref())?;
            let n = store.export(&mut std::io::stdout().lock())?;
            eprintln!("arbiter-office: exported {n} events");
            let corrupt = store.corrupt_lines();
            for c in &corrupt {
                eprintln!("  left out [journal_corrupt]: {c}");
            }
            Ok(if corrupt.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Import { data, store, file } => {
            let store = events_of(&data, store.as_deref())?;
            let input = std::fs::File::open(&file)
                .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
            let report = arbiter_core::store::import(&*store, std::io::BufReader::new(input))?;
            eprintln!("arbiter-office: imported {} new events, {} already stored", report.added, report.duplicates);
            for l in &report.refused {
                eprintln!("  {}:{}: {} — {}", file.display(), l.line, l.code, l.message);
            }
            Ok(if report.refused.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Standings { file, ledger, tournament, round, format } => {
            let events = ledger.open()?;
            let table = match (file, events) {
                (Some(file), _) => {
                    let xml = std::fs::read_to_string(&file)
                        .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
                    standings::from_opengotha(&xml, round)?
                }
                (None, Some(store)) => {
                    let (events, from) = (store.all_events()?, store.place());
                    let mut views = arbiter_core::tournament::replay(&events);
                    let view = match tournament {
                        Some(t) => views
                            .into_iter()
                            .find(|v| v.id.as_str() == t)
                            .ok_or_else(|| OfficeError::NotFound(format!("no tournament `{t}` in {from}")))?,
                        None if views.len() == 1 => views.remove(0),
                        None => {
                            let ids: Vec<String> = views.iter().map(|v| v.id.to_string()).collect();
                            return Err(OfficeError::bad(
                                "ambiguous",
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
                    return Err(OfficeError::bad("usage", "give an OpenGotha file, --data DIR or --store URL"))
                }
            };
            let out = match format {
                TableFormat::Text => standings::render_text(&table),
                TableFormat::Csv => standings::render_csv(&table),
                TableFormat::Json => serde_json::to_string_pretty(&table)? + "\n",
            };
            std::io::stdout().lock().write_all(out.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Pair { file, round, format, explain } => {
            let xml = std::fs::read_to_string(&file)
                .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
            let report = arbiter_office::pair::pair_file(&xml, round, explain)?;
            let out = match format {
                Format::Text => arbiter_office::pair::render_text(&report),
                Format::Json => serde_json::to_string_pretty(&report)? + "\n",
            };
            std::io::stdout().lock().write_all(out.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Count { file, dead, ruleset, komi, format } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
            let report = match arbiter_office::count::count(&text, &dead, ruleset, komi) {
                Ok(r) => r,
                Err(e) if e.code() == "illegal_move" => {
                    eprintln!("arbiter-office: {}: {e}", file.display());
                    return Ok(ExitCode::from(1));
                }
                Err(e) => return Err(e),
            };
            match format {
                Format::Json => println!("{}", serde_json::to_string_pretty(&report)?),
                Format::Text => println!("{}", arbiter_office::count::render_text(&report)),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Verify { file, ledger, office_key, receipts, format } => {
            let pinned = office_key
                .map(|k| {
                    serde_json::from_value::<arbiter_core::event::PublicKey>(serde_json::Value::String(k.clone()))
                        .map_err(|_| {
                            OfficeError::bad("invalid_field", format!("--office-key `{k}`: 64 hex digits expected"))
                        })
                })
                .transpose()?;
            let (events, malformed) = match (file, ledger.open()?) {
                (Some(file), _) => {
                    let text = std::fs::read_to_string(&file)
                        .map_err(|source| OfficeError::Read { path: file.display().to_string(), source })?;
                    arbiter_core::event::wire::decode_jsonl(&text)
                }
                (None, Some(store)) => (store.all_events()?, Vec::new()),
                (None, None) => {
                    return Err(OfficeError::bad("usage", "give an export FILE, --data DIR or --store URL"))
                }
            };
            let mut report = arbiter_office::verify::verify(&events, pinned, malformed);
            if let Some(path) = receipts {
                let text = std::fs::read_to_string(&path)
                    .map_err(|source| OfficeError::Read { path: path.display().to_string(), source })?;
                let given: Vec<arbiter_core::ledger::Receipt> = serde_json::from_str(&text).map_err(|e| {
                    OfficeError::bad(
                        "invalid_field",
                        format!("{}: a JSON array of receipts expected: {e}", path.display()),
                    )
                })?;
                report.receipts = arbiter_office::verify::check_receipts(&events, &given);
            }
            match format {
                Format::Text => print!("{}", arbiter_office::verify::render_text(&report)),
                Format::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&report).map_err(|e| OfficeError::Internal(e.to_string()))?
                ),
            }
            Ok(if report.is_clean() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Backup { data, to } => {
            let to = std::path::absolute(&to).map_err(|e| OfficeError::bad("invalid_field", format!("--to: {e}")))?;
            let report = match arbiter_office::serving::who(&data) {
                Some(running) => match ask_running_office(&data, &running, &to) {
                    Ok(report) => report,
                    // Its serving.json outlived it (killed): the store is free, or says who has it.
                    Err(OfficeError::Core(arbiter_core::CoreError::Network(_))) => {
                        arbiter_office::backup::write_file(&arbiter_office::serving::open_store(&data)?, &data, &to)?
                    }
                    Err(e) => return Err(e),
                },
                None => arbiter_office::backup::write_file(&arbiter_office::serving::open_store(&data)?, &data, &to)?,
            };
            eprintln!(
                "arbiter-office: backed up {} events (up to #{}), {} account records, {} key files to {} (it holds private keys: keep it like the data directory)",
                report.events, report.up_to_seq, report.records, report.files, to.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Restore { from, data } => {
            let report = arbiter_office::backup::restore(&from, &data)?;
            eprintln!(
                "arbiter-office: restored {} events (up to #{}), {} account records, {} key files into {}; serve it with `arbiter-office serve --data {}`",
                report.events, report.up_to_seq, report.records, report.files, data.display(), data.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Salvage { data } => {
            let report = Store::salvage(&data, &mut std::io::stdout().lock())?;
            eprintln!("arbiter-office: salvaged {} events; sled readable: {}", report.events, report.sled_readable);
            for l in &report.unreadable {
                eprintln!("  journal line {}: {} — {}", l.line, l.code, l.message);
            }
            Ok(if report.unreadable.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
    }
}

/// Asks the office serving `data` on this machine to write a backup to `to`.
fn ask_running_office(
    data: &std::path::Path,
    running: &arbiter_office::serving::Serving,
    to: &std::path::Path,
) -> Result<arbiter_office::backup::BackupReport, OfficeError> {
    use arbiter_core::sync::tls::{client_builder, Pin, Pins};
    let pin = if running.address.starts_with("https://") {
        Pin::Exact(vec![tls::current(data)?.fingerprint])
    } else {
        Pin::Nothing
    };
    let secret = running.backup_secret.clone().unwrap_or_default();
    let url = format!("{}/api/v1/backup", running.address);
    server::runtime()?.block_on(async move {
        let network = |e: reqwest::Error| OfficeError::Core(arbiter_core::CoreError::Network(e.to_string()));
        let client = client_builder(&Pins::new(pin))?.build().map_err(network)?;
        let answer = client
            .post(url)
            .header("x-backup-secret", secret)
            .json(&serde_json::json!({ "to": to }))
            .send()
            .await
            .map_err(network)?;
        let status = answer.status().as_u16();
        let body: serde_json::Value = answer.json().await.map_err(network)?;
        if status != 200 {
            let code = body["code"].as_str().unwrap_or("remote");
            let message = body["message"].as_str().unwrap_or_default();
            let error = arbiter_core::ErrorBody::english(code, message);
            return Err(OfficeError::Core(arbiter_core::CoreError::remote(status, error)));
        }
        Ok(serde_json::from_value(body)?)
    })
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
    fn open(self) -> Result<Option<std::sync::Arc<dyn EventStore>>, OfficeError> {
        match (self.data, self.store) {
            (None, None) => Ok(None),
            (data, store) => events_of(&data.unwrap_or_default(), store.as_deref()).map(Some),
        }
    }
}

/// The events of the office at `data`, or in the PostgreSQL database at `store`.
fn events_of(data: &std::path::Path, store: Option<&str>) -> Result<std::sync::Arc<dyn EventStore>, OfficeError> {
    Ok(match store {
        Some(url) => std::sync::Arc::new(arbiter_office::pg::PgStore::connect(url)?),
        None => std::sync::Arc::new(arbiter_office::serving::open_store(data)?),
    })
}

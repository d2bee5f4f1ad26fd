//! `serve`: run the office server — sync for devices, views and exports for officials.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::DomainError;
use arbiter_office::server::{self, AppState};
use arbiter_office::OfficeError;

use super::Place;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    place: Place,
    #[arg(long, default_value = "127.0.0.1:7878")]
    bind: SocketAddr,
    /// A folder of a built UI to serve as the office's web pages instead of the one built into
    /// this binary (development).
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
}

pub fn run(a: Args) -> Result<ExitCode, OfficeError> {
    let bind = a.bind;
    let scheme = if a.insecure_http { "http://" } else { "https://" };
    if let Some(u) = a.tablet_url.as_ref().filter(|u| !u.starts_with(scheme)) {
        return Err(OfficeError::from(DomainError::InvalidField {
            field: "--tablet-url".into(),
            message: format!("{u}: this office serves {scheme}, so tablets must use an address starting with {scheme}"),
        }));
    }
    // Plain HTTP is for a demo on this machine only: on a shared network anyone could read the
    // tokens (and forge rulings with them).
    if a.insecure_http && !bind.ip().is_loopback() {
        return Err(OfficeError::from(DomainError::InvalidField {
            field: "--insecure-http".into(),
            message: format!("serves only on a loopback address (127.0.0.1 or [::1]), not {bind}"),
        }));
    }
    // The pages built into the binary, unless a folder is named (development).
    let pages = a.ui.map_or(server::pages::Pages::Built, server::pages::Pages::Dir);
    arbiter_office::startup::data_folder(&a.place.data)?;
    let mut state = AppState::open_on(&a.place.data, a.place.store.as_deref())?;
    state.max_clock_ahead_ms = a.max_clock_ahead_minutes * 60_000;
    state.tablet_url = a.tablet_url.map(|u| u.trim_end_matches('/').to_owned());
    if let Some(file) = a.clock_file {
        // A clock anyone with the file can move: for tests on this machine only.
        if !bind.ip().is_loopback() {
            return Err(OfficeError::from(DomainError::InvalidField {
                field: "--clock-file".into(),
                message: format!("serves only on a loopback address, not {bind}"),
            }));
        }
        eprintln!(
            "arbiter-office: WARNING: --clock-file {}: games are timed by that file (tests only)",
            file.display()
        );
        state.clock = arbiter_core::wall_clock::WallClock::from_file(file);
    }
    if let Some(report) = state.store.sled().map(|s| s.open_report()).filter(|report| {
        report.reapplied + report.rejournaled > 0 || !report.bad_journal_lines.is_empty() || report.torn_tail_bytes > 0
    }) {
        eprintln!("arbiter-office: store repaired on open: {report:?}");
    }
    let transport = if a.insecure_http {
        eprintln!(
            "arbiter-office: WARNING: --insecure-http: tokens and rulings cross the network in clear; \
             use it only on this machine's loopback address"
        );
        server::Transport::InsecureHttp
    } else {
        let data = state.data.clone();
        server::Transport::Https(state.with_certificate().map_err(|e| arbiter_office::startup::certificate(&data, &e))?)
    };
    let runtime = arbiter_office::runtime::runtime()?;
    let limits = server::conn::ConnLimits {
        max_connections: usize::try_from(a.max_connections).unwrap_or(usize::MAX),
        request_timeout: std::time::Duration::from_secs(a.request_timeout_seconds),
    };
    runtime.block_on(server::serve(state, bind, pages, limits, transport))?;
    Ok(ExitCode::SUCCESS)
}

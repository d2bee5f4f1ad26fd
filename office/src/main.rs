//! `arbiter-office`: the tournament office's command line (a module per command in `cli/`).

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::process::ExitCode;

use arbiter_office::OfficeError;
use clap::Parser;

mod cli;

/// The office's allocator, set here and not in the library so only the office's processes get it.
/// glibc's malloc keeps what a burst of requests freed (a round's start: 500 tablets at once, on up
/// to 32 blocking threads, each with its own arena) and its resident memory ratchets up with each
/// burst; jemalloc hands freed pages back (docs/performance-history.md, soak).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    match cli::run(cli::Cli::parse()) {
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

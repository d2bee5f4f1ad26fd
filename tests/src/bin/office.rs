//! Test child: serves an already initialised office data directory, so tests can kill it -9.
//! `office DATA BIND [STORE]` — prints the listening line on stdout like `arbiter-office serve`;
//! STORE, a PostgreSQL connection string, holds the events instead of DATA.

use arbiter_office::server::{pages::Pages, serve, AppState, Transport};

/// The allocator `arbiter-office` sets in its main.rs, so the soak measures the office as shipped.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(data), Some(bind)) = (args.get(1), args.get(2).and_then(|b| b.parse().ok())) else {
        eprintln!("usage: office DATA BIND");
        std::process::exit(2);
    };
    let mut state = match AppState::open_on(std::path::Path::new(data), args.get(3).map(String::as_str)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("open failed: {e}");
            std::process::exit(3);
        }
    };
    // HTTPS with the data directory's certificate, as `arbiter-office serve` does.
    let transport = match state.with_certificate() {
        Ok(config) => Transport::Https(config),
        Err(e) => {
            eprintln!("certificate: {e}");
            std::process::exit(3);
        }
    };
    let runtime = match arbiter_office::runtime::runtime() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("runtime: {e}");
            std::process::exit(4);
        }
    };
    if let Err(e) = runtime.block_on(serve(state, bind, Pages::None, Default::default(), transport)) {
        eprintln!("serve failed: {e}");
        std::process::exit(5);
    }
}

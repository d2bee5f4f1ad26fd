//! The office's HTTP server: `fn app() -> Router` over a store and its accounts, thin handlers
//! over the core. Every error is `{code, message}`; a client's mistake is never a 5xx, and a
//! panic in a handler becomes a 500 instead of taking the server down.

mod auth;
mod backup;
mod board;
pub mod conn;
pub mod evaluations;
mod games;
mod guard;
pub mod headers;
pub mod idempotency;
mod league;
mod lockouts;
pub mod openapi;
pub mod pages;
mod people;
mod players;
mod publish;
mod rating_list;
mod reading;
mod recording;
mod refusals;
mod request;
mod rounds;
mod sync;
mod table_links;
mod tournament;
mod venue_join;
mod views;

use std::net::SocketAddr;
use std::sync::Arc;

use arbiter_core::interop::rating_list::RatingList;
use arbiter_core::model::TournamentId;
use arbiter_core::store::EventStore;
use arbiter_core::sync::protocol::{GZIP_LEVEL, MAX_BODY_BYTES};
use arbiter_core::sync::tls::CertFingerprint;
use axum::extract::DefaultBodyLimit;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::decompression::RequestDecompressionLayer;

use crate::accounts::Accounts;
use crate::error::{Fault, OfficeError};

pub use arbiter_core::sync::protocol::InitReport;
pub use auth::Caller;
pub use guard::ClientAddr;
pub use people::enroll_device;
pub use tournament::init_tournament;
pub use venue_join::{join_office, Joined};

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn EventStore>,
    /// The office's own folder: its signing key, its TLS files, `serving.json` (with a
    /// database store, the events are elsewhere).
    pub data: std::path::PathBuf,
    /// The office's signing key's public half: devices pin it at enrollment; what the office
    /// records (on an official's behalf, set-up, keys) is signed with it.
    pub office_key: arbiter_core::event::PublicKey,
    pub accounts: Arc<Accounts>,
    /// Office commands check, then record: one at a time (two officials pairing one round).
    pub commands: Arc<std::sync::Mutex<()>>,
    /// Failed tries with codes and tokens, per client address, shared by every process on the
    /// store.
    pub door: Arc<crate::door::Door>,
    /// How far ahead of the office's clock an event's stamp may be (`serve --max-clock-ahead`).
    pub max_clock_ahead_ms: u64,
    /// The address tablets reach this office at, for enrollment links and QR codes.
    pub tablet_url: Option<String>,
    /// The certificate the office serves (none over `--insecure-http`): enrollment links carry
    /// it for devices to pin.
    pub cert: Option<CertFingerprint>,
    /// A certificate staged to replace it (`cert next`), announced to every device that pulls.
    pub cert_next: Option<CertFingerprint>,
    /// The time games are played by here: what the office records events at and the reader
    /// reads (the system's; `serve --clock-file` in end-to-end tests).
    pub clock: arbiter_core::wall_clock::WallClock,
    /// The secret in `serving.json` that `backup --data` on this machine asks with (none:
    /// `POST /backup` is refused).
    pub backup_secret: Option<String>,
    /// Who the office's own records are by: `office`, or at a league's venue the venue office
    /// itself (`crate::venue`).
    pub office_author: arbiter_core::model::Author,
    /// What this office holds from each signer, and the key its receipts are signed with.
    pub receipts: Arc<dyn arbiter_core::store::Keyspace>,
    pub receipt_key: Arc<arbiter_core::ledger::SigningKey>,
    /// The central office this venue office forwards to, if it is one.
    pub upstream: Option<Arc<crate::venue::Upstream>>,
    /// Wakes the forwarder (a device pushed): what was recorded here goes up at once.
    pub forward_nudge: Arc<tokio::sync::Notify>,
    /// The rating list the organiser loaded for each tournament (a file, no network at a
    /// venue), kept while the office runs: it is looked up, never a fact of the ledger.
    pub rating_lists: Arc<std::sync::Mutex<std::collections::HashMap<TournamentId, Arc<RatingList>>>>,
}

impl AppState {
    /// Where this office stands in a league, for the one admission rule (`crate::admission`).
    pub fn place(&self) -> crate::admission::Place {
        if self.upstream.is_some() {
            crate::admission::Place::Venue
        } else {
            crate::admission::Place::Office
        }
    }

    /// At a venue office, its forwarder to the central office (for a resend or a count).
    pub fn forwarder(&self) -> Result<Option<crate::venue::Forwarder>, OfficeError> {
        let Some(up) = &self.upstream else { return Ok(None) };
        Ok(Some(crate::venue::Forwarder::new(up.as_ref().clone(), self.store.clone(), self.accounts.clone())?))
    }

    /// At a venue office, starts forwarding to the central office (a round every 5 s, at once
    /// when a device pushes): the task, and what stops it.
    #[allow(clippy::type_complexity)]
    pub fn start_forwarding(
        &self,
    ) -> Result<Option<(tokio::task::JoinHandle<()>, Arc<tokio::sync::Notify>)>, OfficeError> {
        let Some(forwarder) = self.forwarder()? else { return Ok(None) };
        let stop = Arc::new(tokio::sync::Notify::new());
        let task =
            tokio::spawn(forwarder.run(crate::venue::forward_every()?, self.forward_nudge.clone(), stop.clone()));
        Ok(Some((task, stop)))
    }

    /// Opens the office's store (and its accounts keyspace) in `data`.
    pub fn open(data: &std::path::Path) -> Result<Self, OfficeError> {
        Self::open_on(data, None)
    }

    /// Opens the office with its events in `data`, or in the PostgreSQL database at `store`
    /// (`--store postgres://…`): `data` then holds only the office's key and TLS files, which
    /// every process serving the database shares.
    pub fn open_on(data: &std::path::Path, store: Option<&str>) -> Result<Self, OfficeError> {
        let store: Arc<dyn EventStore> = match store {
            Some(url) => {
                std::fs::create_dir_all(data)?;
                Arc::new(crate::pg::PgStore::connect(url)?)
            }
            None => Arc::new(crate::serving::open_store(data)?),
        };
        let accounts = Accounts::new(store.keyspace(crate::keyspaces::ACCOUNTS)?);
        // Made on the office's first start, kept beside its data, never sent anywhere.
        let key = arbiter_core::ledger::SigningKey::load_or_create(&data.join(arbiter_core::ledger::KEY_FILE))?;
        // The same key again, for the receipts push answers carry (the store keeps the first).
        let receipt_key =
            Arc::new(arbiter_core::ledger::SigningKey::load_or_create(&data.join(arbiter_core::ledger::KEY_FILE))?);
        let upstream = crate::venue::Upstream::load(data)?.map(Arc::new);
        // A venue signs as itself, its key registered by the central office, whose key (the
        // league ledger's root) its devices pin; an office on its own is the root.
        let (office_key, office_author, signer) = match &upstream {
            Some(up) => (
                up.central_key,
                up.author(),
                arbiter_core::store::Signer { id: up.device.clone(), key, announces: false },
            ),
            None => (
                key.public(),
                arbiter_core::store::office_author()?,
                arbiter_core::store::Signer {
                    id: arbiter_core::model::DeviceId::new(arbiter_core::event::OFFICE_SIGNER)?,
                    key,
                    announces: true,
                },
            ),
        };
        store.sign_with(signer);
        let door = Arc::new(crate::door::Door::new(Default::default(), store.keyspace(crate::door::KEYSPACE)?));
        Ok(Self {
            receipts: store.keyspace(crate::receipts::KEYSPACE)?,
            receipt_key,
            store,
            data: data.to_path_buf(),
            office_key,
            accounts: Arc::new(accounts),
            commands: Arc::default(),
            door,
            max_clock_ahead_ms: arbiter_core::clock::MAX_AHEAD_MS,
            tablet_url: None,
            cert: None,
            cert_next: None,
            clock: arbiter_core::wall_clock::WallClock::system(),
            backup_secret: None,
            office_author,
            upstream,
            forward_nudge: Arc::default(),
            rating_lists: Arc::default(),
        })
    }

    /// Loads the office's certificate (made self-signed if it has none yet) and the staged
    /// one, and returns the TLS configuration to serve with.
    pub fn with_certificate(&mut self) -> Result<Arc<rustls::ServerConfig>, OfficeError> {
        let data = self.data.clone();
        let current = crate::tls::current(&data)?;
        self.cert = Some(current.fingerprint);
        self.cert_next = crate::tls::load(&data, crate::tls::Slot::Next)?.map(|n| n.fingerprint);
        crate::tls::server_config(&current)
    }
}

/// The office's routes under `/api/v1` (no web pages).
pub fn app(state: AppState) -> Router {
    router(state, pages::Pages::None)
}

/// The API plus the web pages for every official (`pages::Pages`).
pub fn app_with_pages(state: AppState, pages: pages::Pages) -> Router {
    router(state, pages)
}

fn router(state: AppState, pages: pages::Pages) -> Router {
    let api = Router::new()
        .merge(openapi::routes())
        .merge(views::routes())
        .merge(sync::routes())
        .merge(board::routes())
        .merge(publish::routes())
        .merge(league::routes())
        .merge(evaluations::routes())
        .merge(tournament::routes())
        .merge(people::routes())
        .merge(refusals::routes())
        .merge(lockouts::routes())
        .merge(backup::routes())
        .merge(players::routes())
        .merge(rating_list::routes())
        .merge(rounds::routes())
        .merge(games::routes())
        .merge(table_links::routes());
    let api = api.layer(axum::middleware::from_fn_with_state(state.clone(), idempotency::idempotent));
    let router = Router::new().nest(arbiter_core::sync::protocol::API_PREFIX, api.fallback(views::not_found));
    let router = router.merge(table_links::short_link());
    let router = match pages {
        pages::Pages::Built => router.fallback(pages::serve_built),
        pages::Pages::Dir(dir) => router.fallback_service(tower_http::services::ServeDir::new(dir)),
        pages::Pages::None => router.fallback(views::not_found),
    };
    // Served over HTTPS when the office has its certificate (`with_certificate`).
    let https = headers::Https(state.cert.is_some());
    router
        .method_not_allowed_fallback(views::method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(RequestDecompressionLayer::new())
        // A low level, the devices' (`GZIP_LEVEL`): JSON still shrinks several times, at a
        // fraction of the default level's CPU — the office compresses every pull page and game
        // page (docs/performance-history.md).
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Precise(GZIP_LEVEL as i32)))
        .layer(CatchPanicLayer::custom(|_| OfficeError::Internal(Fault::Panicked).into_response_owned()))
        // Outermost: every answer, a caught panic's and a refused body's included, gets them.
        .layer(axum::middleware::from_fn_with_state(https, headers::secure))
}

impl OfficeError {
    fn into_response_owned(self) -> axum::response::Response {
        axum::response::IntoResponse::into_response(self)
    }
}

/// How the office speaks to devices and browsers.
#[derive(Clone)]
pub enum Transport {
    /// HTTPS with the office's certificate (the default).
    Https(Arc<rustls::ServerConfig>),
    /// Plain HTTP (`serve --insecure-http`): tokens cross the network readable by anyone on it.
    InsecureHttp,
}

impl Transport {
    fn scheme(&self) -> &'static str {
        match self {
            Transport::Https(_) => "https",
            Transport::InsecureHttp => "http",
        }
    }
}

/// Serves until Ctrl-C (or SIGTERM), printing the bound address first so callers that asked for
/// port 0 learn the port.
pub async fn serve(
    mut state: AppState,
    bind: SocketAddr,
    pages: pages::Pages,
    limits: conn::ConnLimits,
    transport: Transport,
) -> Result<(), OfficeError> {
    let listener = crate::startup::bind(bind, &state.data).await?;
    let addr = listener.local_addr()?;
    let scheme = transport.scheme();
    if state.tablet_url.is_none() && !addr.ip().is_unspecified() {
        state.tablet_url = Some(format!("{scheme}://{addr}"));
    }
    match &state.tablet_url {
        Some(url) => println!("tablets enroll at {url} (the office page's QR codes carry it)"),
        None => println!(
            "bound to every interface: pass --tablet-url {scheme}://<this machine's hall address>:{} for QR codes",
            addr.port()
        ),
    }
    if let Some(fp) = state.cert {
        println!("office certificate fingerprint: {}  (SHA-256 {fp})", fp.short());
    }
    if !state.accounts.has_tournament()? {
        let code = state.accounts.offer_setup_code()?;
        println!("no tournament yet: open {scheme}://{addr}/?create={code} to create one (the code works once)");
    }
    if let Some(up) = &state.upstream {
        println!("venue office {} of `{}`: forwarding to {}", up.venue, up.tournament, up.central);
    }
    let data = state.data.clone();
    // `serving.json` tells `backup` on this machine where the office of a data folder runs; with
    // a database, several processes share the folder and a backup is the database's own.
    // Written before the line below: whoever waits for that line finds the office announced.
    let announced = state.store.sled().is_some();
    if announced {
        state.backup_secret = Some(crate::serving::announce(&data, &format!("{scheme}://{addr}"))?);
    }
    match &pages {
        pages::Pages::Built if pages::built_in() => println!("pages: built into this binary"),
        pages::Pages::Built => eprintln!("arbiter-office: WARNING: {}", pages::HOW_TO_BUILD),
        pages::Pages::Dir(dir) => println!("pages: served from {}", dir.display()),
        pages::Pages::None => {}
    }
    println!("arbiter-office listening on {scheme}://{addr}");
    let states = tokio::spawn(store_states(state.store.clone()));
    let forwarding = state.start_forwarding()?;
    let store = state.store.clone();
    let router = app_with_pages(state, pages);
    let failed = Arc::new(std::sync::Mutex::new(None));
    let stop = {
        let failed = failed.clone();
        async move {
            tokio::select! {
                () = shutdown() => {}
                why = store_failure(store) => {
                    eprintln!("arbiter-office: the store failed: {why}; stopping");
                    *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
                }
            }
        }
    };
    let served = serve_on(listener, router, limits, transport, stop).await;
    states.abort();
    if let Some((task, stop)) = forwarding {
        stop.notify_one();
        task.abort();
    }
    if announced {
        crate::serving::withdraw(&data);
    }
    served?;
    let why = failed.lock().unwrap_or_else(|e| e.into_inner()).take();
    why.map_or(Ok(()), |why| Err(OfficeError::StoreFailed(why)))
}

/// Completes when the store can no longer write in this process (checked every second).
async fn store_failure(store: Arc<dyn EventStore>) -> String {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
    loop {
        every.tick().await;
        if let Some(why) = store.failure() {
            return why;
        }
    }
}

/// Writes the game states kept in memory that sled does not hold, every
/// [`arbiter_core::store::STORE_STATES_EVERY`], off the request paths: after a crash a game's
/// first read folds only what came after its stored state. (The store writes the rest when it
/// closes.) A failure is printed and tried again next time: the states are derived data.
async fn store_states(store: Arc<dyn EventStore>) {
    let mut every = tokio::time::interval(arbiter_core::store::STORE_STATES_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    every.tick().await;
    loop {
        every.tick().await;
        let store = store.clone();
        match tokio::task::spawn_blocking(move || store.store_kept_states()).await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => eprintln!("storing game states failed (they are folded again when read): {e}"),
            Err(e) => eprintln!("storing game states failed: {e}"),
        }
    }
}

/// Serves `router` on `listener` within `limits` until `stop` completes (what `serve` and the
/// tests share).
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: conn::ConnLimits,
    transport: Transport,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = conn::BoundedListener::new(listener, limits);
    let service = router.into_make_service_with_connect_info::<conn::Peer>();
    match transport {
        Transport::Https(config) => {
            axum::serve(conn::TlsListener::new(listener, config), service).with_graceful_shutdown(stop).await
        }
        Transport::InsecureHttp => axum::serve(listener, service).with_graceful_shutdown(stop).await,
    }
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

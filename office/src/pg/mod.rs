//! The office's store in PostgreSQL: the same [`EventStore`] the sled store is, for a
//! central office that several `serve` processes share.
//!
//! - `events`: append-only, unique by event id, each under an arrival number; a pull reads by
//!   number. Why a counter row (`arrival`) and not a `bigserial`: sequence values are handed out
//!   at insert and committed in any order, so a pull could read 11 before 10 commits and pass
//!   10 by for ever. Each append takes the counter row, which holds its lock to commit: appends
//!   are serialised, and a number is visible only after every smaller one.
//! - `games`: each game's last arrival number, written in the transaction of its events; the
//!   derived state (`derived.rs`) is checked against it, so no process serves a stale one.
//! - `keyspace`: the accounts, idempotency answers and evaluations (`keyspace.rs`).
//!
//! The interface is synchronous, like the sled store's: the office calls it on its blocking
//! threads (and, for accounts, on its workers through `block_in_place`). Its I/O runs on a
//! small runtime of its own, so the CLI uses it the same way.

mod derived;
mod events;
mod keyspace;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use std::collections::HashMap;

use arbiter_core::event::wire::{self, Lined};
use arbiter_core::event::{Event, NewEvent};
use arbiter_core::game::{GameState, GameSummary};
use arbiter_core::model::{Author, EventId, GameId, TournamentId};
use arbiter_core::store::{Appended, EventStore, Keyspace, LogTag, Origin, Seat, Signer};
use arbiter_core::tournament::TournamentView;
use arbiter_core::CoreError;
use chrono::{DateTime, Utc};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::NoTls;

use crate::error::{Fault, OfficeError};
use arbiter_core::DomainError;

type CoreResult<T> = Result<T, CoreError>;

pub use keyspace::PgKeyspace;

/// The migrations, in order; each runs once, recorded in `schema_migrations`.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE events (
        seq bigint PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        tournament text NOT NULL,
        game text,
        device text NOT NULL,
        line text NOT NULL
    );
    CREATE TABLE arrival (one boolean PRIMARY KEY DEFAULT true CHECK (one), last bigint NOT NULL);
    INSERT INTO arrival (last) VALUES (0);",
    // Reads by game (a game's page, its fold) and by device (what a device recorded).
    "CREATE INDEX events_by_game ON events (tournament, game, seq) WHERE game IS NOT NULL;
    CREATE INDEX events_by_device ON events (tournament, device, seq);",
    // The office's clock and chains, each game's last number, derived summaries, keyspaces.
    "ALTER TABLE arrival ADD COLUMN hlc_ms bigint NOT NULL DEFAULT 0,
        ADD COLUMN hlc_logical bigint NOT NULL DEFAULT 0;
    CREATE INDEX events_setup ON events (tournament, seq) WHERE game IS NULL;
    CREATE TABLE games (tournament text, game text, last_seq bigint NOT NULL, PRIMARY KEY (tournament, game));
    CREATE TABLE summaries (
        tournament text, game text, through_seq bigint NOT NULL, default_ruleset text NOT NULL,
        summary text NOT NULL, PRIMARY KEY (tournament, game));
    CREATE TABLE chain_heads (tournament text, signer text, digest bytea NOT NULL, PRIMARY KEY (tournament, signer));
    CREATE TABLE keyspace (space text, key bytea, value bytea NOT NULL, PRIMARY KEY (space, key));",
    // Each game's round and table by its latest schedule in the agreed order (HLC, id), kept in
    // the transaction of the schedule: a venue's or a referee's scope without folding games.
    "CREATE TABLE seats (
        tournament text, game text, round int NOT NULL, tbl int NOT NULL,
        hlc_ms bigint NOT NULL, hlc_logical bigint NOT NULL, id uuid NOT NULL,
        PRIMARY KEY (tournament, game));
    INSERT INTO seats
        SELECT DISTINCT ON (tournament, game) tournament, game,
            (line::jsonb #>> '{body,data,round}')::int, (line::jsonb #>> '{body,data,table}')::int,
            (line::jsonb #>> '{hlc,wall_ms}')::bigint, (line::jsonb #>> '{hlc,logical}')::bigint, id
        FROM events WHERE game IS NOT NULL AND line::jsonb #>> '{body,kind}' = 'game_scheduled'
        ORDER BY tournament, game, 5 DESC, 6 DESC, id DESC;",
];

/// Connections each office process keeps at most: with 32 blocking threads, a burst waits
/// for one rather than opening hundreds (PostgreSQL's default limit is 100).
const POOL_SIZE: usize = 16;

/// How long a request waits for a free connection before it is answered 503.
const POOL_WAIT: Duration = Duration::from_secs(5);

/// How long a new connection may take (the database down: 503 after it).
const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// How long one statement may run (a lock held elsewhere, a stuck server) before PostgreSQL
/// cancels it and the request is answered 503: no request waits for ever. A `-c
/// statement_timeout=…` in the connection string's `options` wins.
const STATEMENT_TIMEOUT_MS: u32 = 30_000;

/// The office's store in PostgreSQL; see the module's documentation.
pub struct PgStore {
    pool: Pool,
    handle: tokio::runtime::Handle,
    /// Owned so that it lives as long as the store; shut down without waiting when dropped.
    runtime: Option<tokio::runtime::Runtime>,
    place: String,
    signer: Mutex<Option<Arc<Signer>>>,
    derived: derived::Cache,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// A PostgreSQL error as the store's: the database unreachable, shutting down or refusing
/// connections is `store_unavailable` (503: try again), anything else a storage error.
pub(crate) fn pg_error(e: tokio_postgres::Error) -> CoreError {
    let unavailable = match e.code() {
        None => true,
        Some(code) => {
            let class = &code.code()[..2];
            // 08: connection exception; 57: operator intervention (shutdown, cannot connect now);
            // 53: insufficient resources (too many connections).
            matches!(class, "08" | "57" | "53")
        }
    };
    // The server's own words ("database \"x\" does not exist"), not the driver's "db error".
    let said = match e.as_db_error() {
        Some(db) => format!("{} (SQLSTATE {})", db.message(), db.code().code()),
        None => {
            let cause = std::error::Error::source(&e).map(|c| format!(": {c}")).unwrap_or_default();
            format!("{e}{cause}")
        }
    };
    if unavailable {
        CoreError::Unavailable(format!("PostgreSQL: {said}"))
    } else {
        CoreError::storage_of(arbiter_core::error::StorageCause::Database, format!("PostgreSQL: {said}"), e)
    }
}

fn pool_error(e: deadpool_postgres::PoolError) -> CoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => pg_error(e),
        deadpool_postgres::PoolError::Timeout(_) => {
            CoreError::Unavailable("every connection to PostgreSQL is busy or none can be made; try again".into())
        }
        other => CoreError::Unavailable(format!("PostgreSQL: {other}")),
    }
}

impl PgStore {
    /// Connects to `url` (`postgres://user@host:port/db` or `host=… port=… user=… dbname=…`)
    /// and brings the schema up to date.
    pub fn connect(url: &str) -> Result<PgStore, OfficeError> {
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| DomainError::InvalidField {
            field: "--store".into(),
            message: format!("{url}: not a PostgreSQL connection string ({e})"),
        })?;
        // Ours first: a later `-c` of the same setting (the caller's) wins.
        let options = format!("-c statement_timeout={STATEMENT_TIMEOUT_MS} {}", config.get_options().unwrap_or(""));
        config.options(options.trim_end());
        let place = describe(&config);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("arbiter-pg")
            .enable_all()
            .build()?;
        let manager = Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(CONNECT_WAIT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| OfficeError::Internal(Fault::failed("PostgreSQL pool", e)))?;
        let store = PgStore {
            pool,
            handle: runtime.handle().clone(),
            runtime: Some(runtime),
            place,
            signer: Mutex::default(),
            derived: derived::Cache::default(),
        };
        store.run(async {
            let mut client = store.client().await?;
            migrate(&mut client).await
        })?;
        Ok(store)
    }

    /// Runs `f` on the store's runtime, from any thread: a worker of the office's runtime
    /// hands its other tasks on while it waits.
    fn run<T>(&self, f: impl Future<Output = T>) -> T {
        run_on(&self.handle, f)
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, CoreError> {
        self.pool.get().await.map_err(pool_error)
    }

    fn signer(&self) -> Option<Arc<Signer>> {
        self.signer.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

fn run_on<T>(handle: &tokio::runtime::Handle, f: impl Future<Output = T>) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(|| handle.block_on(f))
        }
        _ => handle.block_on(f),
    }
}

/// `PostgreSQL host:port/dbname`, without a password.
fn describe(config: &tokio_postgres::Config) -> String {
    let host = config
        .get_hosts()
        .first()
        .map(|h| match h {
            tokio_postgres::config::Host::Tcp(h) => h.clone(),
            tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .unwrap_or_else(|| "localhost".into());
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("PostgreSQL {host}:{port}/{}", config.get_dbname().unwrap_or("postgres"))
}

async fn migrate(client: &mut deadpool_postgres::Object) -> Result<(), CoreError> {
    client
        .batch_execute("CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY)")
        .await
        .map_err(pg_error)?;
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        let tx = client.transaction().await.map_err(pg_error)?;
        // Two offices starting at once: the second waits here, then finds the version done. An
        // index built over years of events may take longer than a request may.
        tx.batch_execute("SET LOCAL statement_timeout = 0; LOCK TABLE schema_migrations IN EXCLUSIVE MODE")
            .await
            .map_err(pg_error)?;
        let done =
            tx.query_opt("SELECT 1 FROM schema_migrations WHERE version = $1", &[&version]).await.map_err(pg_error)?;
        if done.is_none() {
            tx.batch_execute(sql).await.map_err(pg_error)?;
            tx.execute("INSERT INTO schema_migrations (version) VALUES ($1)", &[&version]).await.map_err(pg_error)?;
        }
        tx.commit().await.map_err(pg_error)?;
    }
    Ok(())
}

impl EventStore for PgStore {
    fn append(&self, events: &[Event], _origin: Origin) -> CoreResult<Vec<CoreResult<Appended>>> {
        let lines: Vec<String> = events.iter().map(wire::encode).collect();
        self.run(self.append_async(events, &lines))
    }

    fn append_lined(&self, events: Vec<Lined>, _origin: Origin) -> CoreResult<Vec<CoreResult<Appended>>> {
        let (events, lines): (Vec<Event>, Vec<String>) = events.into_iter().map(Lined::into_parts).unzip();
        self.run(self.append_async(&events, &lines))
    }

    fn record_made(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<NewEvent>,
        now: DateTime<Utc>,
        made: DateTime<Utc>,
        random: &mut dyn FnMut() -> CoreResult<[u8; 10]>,
    ) -> CoreResult<Vec<Event>> {
        self.run(self.record_async(tournament, author, bodies, now, made, random))
    }

    fn sign_with(&self, signer: Signer) {
        *self.signer.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(signer));
    }

    fn get(&self, id: &EventId) -> CoreResult<Option<Event>> {
        self.run(self.get_async(id))
    }

    fn game_events(&self, tournament: &TournamentId, game: &GameId) -> CoreResult<Vec<Event>> {
        self.run(self.game_events_async(tournament, game))
    }

    fn since(&self, after: u64, limit: usize) -> CoreResult<Vec<(u64, Event)>> {
        self.run(self.since_async(after, limit))
    }

    fn scan_log(
        &self,
        after: u64,
        until: u64,
        max_scan: usize,
        limit: usize,
        keep: &mut dyn FnMut(&LogTag<'_>) -> bool,
    ) -> CoreResult<(Vec<(u64, Event)>, u64)> {
        self.run(self.scan_log_async(after, until, max_scan, limit, keep))
    }

    fn last_seq(&self) -> CoreResult<u64> {
        self.run(self.last_seq_async())
    }

    fn setup(&self, t: &TournamentId) -> CoreResult<Arc<TournamentView>> {
        self.run(self.setup_async(t))
    }

    fn game_state(&self, t: &TournamentId, g: &GameId) -> CoreResult<Option<Arc<GameState>>> {
        self.run(self.game_state_async(t, g))
    }

    fn game_states(&self, t: &TournamentId) -> CoreResult<Vec<Arc<GameState>>> {
        self.run(self.game_states_async(t))
    }

    fn game_summaries(&self, t: &TournamentId) -> CoreResult<Vec<Arc<GameSummary>>> {
        self.run(self.game_summaries_async(t))
    }

    fn game_seats(&self, t: &TournamentId) -> CoreResult<Arc<HashMap<GameId, Seat>>> {
        self.run(self.game_seats_async(t))
    }

    fn tournament_view(&self, t: &TournamentId) -> CoreResult<Option<TournamentView>> {
        self.run(self.tournament_view_async(t))
    }

    fn check_space(&self) -> CoreResult<()> {
        // Whether the database answers: a write now would reach it.
        self.run(async {
            let client = self.client().await?;
            client.simple_query("SELECT 1").await.map_err(pg_error)?;
            Ok(())
        })
    }

    fn failure(&self) -> Option<String> {
        // Nothing in this process stops it writing again: the database is the one to fail,
        // and a connection lost is made anew.
        None
    }

    fn corrupt_lines(&self) -> Vec<String> {
        Vec::new()
    }

    fn keyspace(&self, name: &str) -> CoreResult<Arc<dyn Keyspace>> {
        Ok(Arc::new(PgKeyspace::new(self.pool.clone(), self.handle.clone(), name)))
    }

    fn command_lock(&self) -> CoreResult<Box<dyn std::any::Any + Send>> {
        self.run(keyspace::command_lock(&self.pool))
    }

    fn place(&self) -> String {
        self.place.clone()
    }
}

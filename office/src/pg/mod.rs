//! The office's events in PostgreSQL (issue 29, under way): an append-only table, idempotent by
//! event id, with an arrival sequence that makes pulls exact. Not yet behind the store interface
//! the office serves from; tested on a real throwaway cluster (`tests/pg_ledger.rs`).
//!
//! Why a counter row and not a `bigserial`: sequence values are handed out at insert and
//! committed in any order, so a pull could read 11 before 10 commits and pass 10 by for ever.
//! Each append takes the counter row (`UPDATE … RETURNING`), which holds its lock to commit:
//! appends are serialised, and a number is visible only after every smaller one.

use arbiter_core::domain::{DeviceId, GameId, TournamentId};
use arbiter_core::event::{wire, Event};
use arbiter_core::store::Appended;
use arbiter_core::{CoreError, DomainError};
use tokio_postgres::{Client, NoTls};

use crate::error::OfficeError;

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
];

fn db(e: impl std::fmt::Display) -> OfficeError {
    OfficeError::Core(CoreError::Storage(format!("PostgreSQL: {e}")))
}

/// A connection to the office's database.
pub struct PgLedger {
    client: Client,
}

impl PgLedger {
    /// Connects to `url` (`host=… port=… user=… dbname=…` or `postgres://…`) and brings the
    /// schema up to date.
    pub async fn connect(url: &str) -> Result<PgLedger, OfficeError> {
        let (mut client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(db)?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                eprintln!("arbiter-office: the PostgreSQL connection ended: {e}");
            }
        });
        migrate(&mut client).await?;
        Ok(PgLedger { client })
    }

    /// Stores `events` in one transaction: each new one under the next arrival number, a
    /// duplicate (same id, same line) answered with its number, the same id with another
    /// content refused. Two offices storing the same new event at once: one transaction wins,
    /// the other fails on the unique id and is tried again, finding it stored.
    pub async fn append(&mut self, events: &[Event]) -> Result<Vec<Result<Appended, CoreError>>, OfficeError> {
        for _ in 0..2 {
            match self.try_append(events).await {
                Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) => continue,
                other => return other.map_err(db),
            }
        }
        self.try_append(events).await.map_err(db)
    }

    async fn try_append(
        &mut self,
        events: &[Event],
    ) -> Result<Vec<Result<Appended, CoreError>>, tokio_postgres::Error> {
        let tx = self.client.transaction().await?;
        let mut out = Vec::with_capacity(events.len());
        let mut fresh: Vec<(&Event, String)> = Vec::new();
        for e in events {
            let line = wire::encode(e);
            let id = *e.id.as_uuid();
            match tx.query_opt("SELECT seq, line FROM events WHERE id = $1", &[&id]).await? {
                Some(row) => {
                    let (seq, stored): (i64, String) = (row.get(0), row.get(1));
                    out.push(if stored == line {
                        Ok(Appended::Duplicate(seq as u64))
                    } else {
                        Err(DomainError::ConflictingDuplicate(e.id.to_string()).into())
                    });
                }
                None if fresh.iter().any(|(f, _)| f.id == e.id) => {
                    out.push(Err(DomainError::ConflictingDuplicate(e.id.to_string()).into()));
                }
                None => {
                    out.push(Ok(Appended::New(0)));
                    fresh.push((e, line));
                }
            }
        }
        if !fresh.is_empty() {
            let n = fresh.len() as i64;
            let row = tx.query_one("UPDATE arrival SET last = last + $1 RETURNING last", &[&n]).await?;
            let mut seq = row.get::<_, i64>(0) - n;
            let mut next = fresh.iter();
            for slot in out.iter_mut().filter(|r| matches!(r, Ok(Appended::New(0)))) {
                let Some((e, line)) = next.next() else { break };
                seq += 1;
                tx.execute(
                    "INSERT INTO events (seq, id, tournament, game, device, line) VALUES ($1, $2, $3, $4, $5, $6)",
                    &[
                        &seq,
                        e.id.as_uuid(),
                        &e.tournament.as_str(),
                        &e.game.as_ref().map(|g| g.as_str()),
                        &e.author.device.as_str(),
                        line,
                    ],
                )
                .await?;
                *slot = Ok(Appended::New(seq as u64));
            }
        }
        tx.commit().await?;
        Ok(out)
    }

    /// Events in arrival order after `after`, at most `limit`.
    pub async fn since(&self, after: u64, limit: usize) -> Result<Vec<(u64, Event)>, OfficeError> {
        let rows = self
            .client
            .query(
                "SELECT seq, line FROM events WHERE seq > $1 ORDER BY seq LIMIT $2",
                &[&(after as i64), &(limit as i64)],
            )
            .await
            .map_err(db)?;
        decode_rows(&rows)
    }
}

impl PgLedger {
    /// A game's events, in the agreed order (HLC, id), as the fold reads them.
    pub async fn game_events(&self, tournament: &TournamentId, game: &GameId) -> Result<Vec<Event>, OfficeError> {
        let rows = self
            .client
            .query(
                "SELECT seq, line FROM events WHERE tournament = $1 AND game = $2 ORDER BY seq",
                &[&tournament.as_str(), &game.as_str()],
            )
            .await
            .map_err(db)?;
        let mut events = decode_rows(&rows)?.into_iter().map(|(_, e)| e).collect::<Vec<_>>();
        events.sort_by_key(Event::order_key);
        Ok(events)
    }

    /// What `device` recorded in `tournament`, in arrival order.
    pub async fn device_events(
        &self,
        tournament: &TournamentId,
        device: &DeviceId,
    ) -> Result<Vec<(u64, Event)>, OfficeError> {
        let rows = self
            .client
            .query(
                "SELECT seq, line FROM events WHERE tournament = $1 AND device = $2 ORDER BY seq",
                &[&tournament.as_str(), &device.as_str()],
            )
            .await
            .map_err(db)?;
        decode_rows(&rows)
    }
}

fn decode_rows(rows: &[tokio_postgres::Row]) -> Result<Vec<(u64, Event)>, OfficeError> {
    rows.iter()
        .map(|r| {
            let (seq, line): (i64, &str) = (r.get(0), r.get(1));
            let e = wire::decode(line).map_err(|e| db(format!("event #{seq} cannot be read: {e}")))?;
            Ok((seq as u64, e))
        })
        .collect()
}

async fn migrate(client: &mut Client) -> Result<(), OfficeError> {
    client.batch_execute("CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY)").await.map_err(db)?;
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        let tx = client.transaction().await.map_err(db)?;
        // Two offices starting at once: the second waits here, then finds the version done.
        tx.batch_execute("LOCK TABLE schema_migrations IN EXCLUSIVE MODE").await.map_err(db)?;
        let done = tx.query_opt("SELECT 1 FROM schema_migrations WHERE version = $1", &[&version]).await.map_err(db)?;
        if done.is_none() {
            tx.batch_execute(sql).await.map_err(db)?;
            tx.execute("INSERT INTO schema_migrations (version) VALUES ($1)", &[&version]).await.map_err(db)?;
        }
        tx.commit().await.map_err(db)?;
    }
    Ok(())
}

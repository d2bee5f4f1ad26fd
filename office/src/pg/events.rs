//! Events in and out of PostgreSQL: appends (idempotent by id, one arrival number each, in one
//! transaction with each game's last number), the office's own records (stamped under the
//! counter row's lock, so two processes never fork the office's chain or its clock), reads.

use arbiter_core::clock::{Hlc, HybridClock};
use arbiter_core::event::{wire, Event, EventBody, EventDigest, NewEvent};
use arbiter_core::model::{Author, EventId, GameId, TournamentId};
use arbiter_core::store::stamp::{stamp, Stamped};
use arbiter_core::store::{Appended, LogTag};
use arbiter_core::{CoreError, DomainError};
use chrono::{DateTime, Utc};
use tokio_postgres::error::SqlState;
use tokio_postgres::Transaction;

use super::{pg_error, PgStore};

type Result<T, E = CoreError> = std::result::Result<T, E>;

impl PgStore {
    /// Stores `events` in one transaction: each new one under the next arrival number, a
    /// duplicate (same id, same line) answered with its number, the same id with another
    /// content refused. Two offices storing the same new event at once: one transaction wins,
    /// the other fails on the unique id and is tried again, finding it stored.
    /// `lines`: each event's line (`wire::encode`, or the text it was decoded from).
    pub(super) async fn append_async(&self, events: &[Event], lines: &[String]) -> Result<Vec<Result<Appended>>> {
        let mut client = self.client().await?;
        let mut tries = 0;
        loop {
            match try_append(&mut client, events, lines).await {
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) && tries < 2 => tries += 1,
                other => return other.map_err(pg_error),
            }
        }
    }
}

async fn try_append(
    client: &mut deadpool_postgres::Object,
    events: &[Event],
    lines: &[String],
) -> Result<Vec<Result<Appended>>, tokio_postgres::Error> {
    /// An event's answer before the new ones are numbered.
    enum Answer {
        Done(Result<Appended>),
        /// The `k`th new event of the batch (also for a second copy of it in the batch).
        New(usize),
        Again(usize),
    }
    let tx = client.transaction().await?;
    let ids: Vec<uuid::Uuid> = events.iter().map(|e| *e.id.as_uuid()).collect();
    let stored = tx.query("SELECT id, seq, line FROM events WHERE id = ANY($1)", &[&ids]).await?;
    let stored: std::collections::HashMap<uuid::Uuid, (i64, String)> =
        stored.into_iter().map(|r| (r.get(0), (r.get(1), r.get(2)))).collect();
    let conflict = |e: &Event| Answer::Done(Err(DomainError::ConflictingDuplicate(e.id.to_string()).into()));
    let mut answers = Vec::with_capacity(events.len());
    let mut fresh: Vec<(&Event, &str)> = Vec::new();
    for ((e, line), id) in events.iter().zip(lines).zip(&ids) {
        answers.push(match (stored.get(id), fresh.iter().position(|(f, _)| f.id == e.id)) {
            // The same bytes, or the same event written otherwise (by a device, or a build).
            (Some((seq, stored)), _) if stored == line || wire::decode(stored).is_ok_and(|s| s == *e) => {
                Answer::Done(Ok(Appended::Duplicate(*seq as u64)))
            }
            (Some(_), _) => conflict(e),
            // Twice in one batch: the same is a duplicate of the first, another is refused.
            (None, Some(k)) if fresh[k].0 == e => Answer::Again(k),
            (None, Some(_)) => conflict(e),
            (None, None) => {
                fresh.push((e, line));
                Answer::New(fresh.len() - 1)
            }
        });
    }
    let mut first = 0;
    if !fresh.is_empty() {
        let n = fresh.len() as i64;
        let row = tx.query_one("UPDATE arrival SET last = last + $1 RETURNING last", &[&n]).await?;
        first = row.get::<_, i64>(0) - n + 1;
        insert(&tx, first, &fresh).await?;
    }
    tx.commit().await?;
    let seq = |k: usize| (first + k as i64) as u64;
    Ok(answers
        .into_iter()
        .map(|a| match a {
            Answer::Done(r) => r,
            Answer::New(k) => Ok(Appended::New(seq(k))),
            Answer::Again(k) => Ok(Appended::Duplicate(seq(k))),
        })
        .collect())
}

impl PgStore {
    /// Records new events by `author` at the office: under the counter row's lock, the office's
    /// clock and its chain head in the tournament are read, the batch stamped and signed, stored
    /// and both moved on — in one transaction, whichever process records.
    pub(super) async fn record_async(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<NewEvent>,
        now: DateTime<Utc>,
        made: DateTime<Utc>,
        random: &mut dyn FnMut() -> Result<[u8; 10]>,
    ) -> Result<Vec<Event>> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg_error)?;
        let row =
            tx.query_one("SELECT last, hlc_ms, hlc_logical FROM arrival FOR UPDATE", &[]).await.map_err(pg_error)?;
        let (last, ms, logical): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
        let mut clock = HybridClock::resume(Hlc { wall_ms: ms as u64, logical: logical as u32 });
        let signer = self.signer();
        let head = match &signer {
            Some(s) => tx
                .query_opt(
                    "SELECT digest FROM chain_heads WHERE tournament = $1 AND signer = $2",
                    &[&tournament.as_str(), &s.id.as_str()],
                )
                .await
                .map_err(pg_error)?
                .and_then(|r| <[u8; 32]>::try_from(r.get::<_, Vec<u8>>(0)).ok())
                .map(EventDigest),
            None => None,
        };
        let Stamped { events, digests } =
            stamp(signer.as_deref(), head, &mut clock, tournament, author, bodies, now, made, random)?;
        let lines: Vec<String> = events.iter().map(wire::encode).collect();
        let fresh: Vec<(&Event, &str)> = events.iter().zip(lines.iter().map(String::as_str)).collect();
        insert(&tx, last + 1, &fresh).await.map_err(pg_error)?;
        let hlc = clock.last();
        tx.execute(
            "UPDATE arrival SET last = $1, hlc_ms = $2, hlc_logical = $3",
            &[&(last + events.len() as i64), &(hlc.wall_ms as i64), &i64::from(hlc.logical)],
        )
        .await
        .map_err(pg_error)?;
        if let (Some(s), Some(d)) = (&signer, digests.last()) {
            tx.execute(
                "INSERT INTO chain_heads (tournament, signer, digest) VALUES ($1, $2, $3)
                 ON CONFLICT (tournament, signer) DO UPDATE SET digest = excluded.digest",
                &[&tournament.as_str(), &s.id.as_str(), &d.0.as_slice()],
            )
            .await
            .map_err(pg_error)?;
        }
        tx.commit().await.map_err(pg_error)?;
        Ok(events)
    }

    async fn query_events(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Vec<(u64, Event)>> {
        let client = self.client().await?;
        let rows = client.query(sql, params).await.map_err(pg_error)?;
        rows.iter().map(|r| decode(r.get(0), r.get(1))).collect()
    }

    pub(super) async fn get_async(&self, id: &EventId) -> Result<Option<Event>> {
        Ok(self
            .query_events("SELECT seq, line FROM events WHERE id = $1", &[id.as_uuid()])
            .await?
            .pop()
            .map(|(_, e)| e))
    }

    /// A game's events, in the agreed order (HLC, id), as the fold reads them.
    pub(super) async fn game_events_async(&self, t: &TournamentId, g: &GameId) -> Result<Vec<Event>> {
        let rows = self
            .query_events(
                "SELECT seq, line FROM events WHERE tournament = $1 AND game = $2 ORDER BY seq",
                &[&t.as_str(), &g.as_str()],
            )
            .await?;
        let mut events: Vec<Event> = rows.into_iter().map(|(_, e)| e).collect();
        events.sort_by_key(Event::order_key);
        Ok(events)
    }

    /// The tournament's events outside games (its set-up), in the agreed order.
    pub(super) async fn setup_events_async(&self, t: &TournamentId) -> Result<Vec<Event>> {
        let rows = self
            .query_events(
                "SELECT seq, line FROM events WHERE tournament = $1 AND game IS NULL ORDER BY seq",
                &[&t.as_str()],
            )
            .await?;
        let mut events: Vec<Event> = rows.into_iter().map(|(_, e)| e).collect();
        events.sort_by_key(Event::order_key);
        Ok(events)
    }

    pub(super) async fn since_async(&self, after: u64, limit: usize) -> Result<Vec<(u64, Event)>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.query_events(
            "SELECT seq, line FROM events WHERE seq > $1 ORDER BY seq LIMIT $2",
            &[&(after as i64), &limit],
        )
        .await
    }

    /// The log's tags are read first, the lines only of the entries kept.
    pub(super) async fn scan_log_async(
        &self,
        after: u64,
        until: u64,
        max_scan: usize,
        limit: usize,
        keep: &mut dyn FnMut(&LogTag<'_>) -> bool,
    ) -> Result<(Vec<(u64, Event)>, u64)> {
        let mut last = after;
        if until <= after {
            return Ok((Vec::new(), last));
        }
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT seq, tournament, game, device FROM events WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3",
                &[&(after as i64), &(until as i64), &i64::try_from(max_scan).unwrap_or(i64::MAX)],
            )
            .await
            .map_err(pg_error)?;
        let mut kept: Vec<i64> = Vec::new();
        for r in &rows {
            let seq: i64 = r.get(0);
            last = seq as u64;
            let tag = LogTag { tournament: r.get(1), game: r.get(2), device: r.get(3) };
            if keep(&tag) {
                kept.push(seq);
                if kept.len() >= limit {
                    break;
                }
            }
        }
        if kept.is_empty() {
            return Ok((Vec::new(), last));
        }
        let out = self.query_events("SELECT seq, line FROM events WHERE seq = ANY($1) ORDER BY seq", &[&kept]).await?;
        Ok((out, last))
    }

    pub(super) async fn last_seq_async(&self) -> Result<u64> {
        let client = self.client().await?;
        let row = client.query_one("SELECT last FROM arrival", &[]).await.map_err(pg_error)?;
        Ok(row.get::<_, i64>(0) as u64)
    }
}

fn decode(seq: i64, line: &str) -> Result<(u64, Event)> {
    // The database gave back a line that is not an event: the table is damaged.
    let e = wire::decode(line)
        .map_err(|e| CoreError::Damaged { message: format!("PostgreSQL: event #{seq} cannot be read: {e}") })?;
    Ok((seq as u64, e))
}

/// Inserts `fresh` under numbers from `first` on, and moves each game's last number.
async fn insert(tx: &Transaction<'_>, first: i64, fresh: &[(&Event, &str)]) -> Result<(), tokio_postgres::Error> {
    let seqs: Vec<i64> = (first..).take(fresh.len()).collect();
    let ids: Vec<uuid::Uuid> = fresh.iter().map(|(e, _)| *e.id.as_uuid()).collect();
    let tournaments: Vec<&str> = fresh.iter().map(|(e, _)| e.tournament.as_str()).collect();
    let games: Vec<Option<&str>> = fresh.iter().map(|(e, _)| e.game.as_ref().map(GameId::as_str)).collect();
    let devices: Vec<&str> = fresh.iter().map(|(e, _)| e.author.device.as_str()).collect();
    let lines: Vec<&str> = fresh.iter().map(|(_, l)| *l).collect();
    tx.execute(
        "INSERT INTO events (seq, id, tournament, game, device, line)
         SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])",
        &[&seqs, &ids, &tournaments, &games, &devices, &lines],
    )
    .await?;
    tx.execute(
        "INSERT INTO games (tournament, game, last_seq)
         SELECT t, g, max(s) FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u(t, g, s)
         WHERE g IS NOT NULL GROUP BY t, g
         ON CONFLICT (tournament, game) DO UPDATE SET last_seq = GREATEST(games.last_seq, excluded.last_seq)",
        &[&tournaments, &games, &seqs],
    )
    .await?;
    // Schedules move their games' seats, unless a later schedule (agreed order) is there.
    let schedules: Vec<&Event> =
        fresh.iter().map(|(e, _)| *e).filter(|e| matches!(e.body, EventBody::GameScheduled(_))).collect();
    if !schedules.is_empty() {
        let (mut ts, mut gs, mut rounds, mut tables) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut ms, mut logical, mut ids) = (Vec::new(), Vec::new(), Vec::new());
        for e in &schedules {
            let (EventBody::GameScheduled(g), Some(game)) = (&e.body, &e.game) else { continue };
            ts.push(e.tournament.as_str());
            gs.push(game.as_str());
            rounds.push(i32::from(g.round));
            tables.push(i32::from(g.table));
            ms.push(e.hlc.wall_ms as i64);
            logical.push(i64::from(e.hlc.logical));
            ids.push(*e.id.as_uuid());
        }
        tx.execute(
            "INSERT INTO seats AS s (tournament, game, round, tbl, hlc_ms, hlc_logical, id)
             SELECT DISTINCT ON (t, g) t, g, r, tb, ms, lg, i
             FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::bigint[], $6::bigint[], $7::uuid[])
                AS u(t, g, r, tb, ms, lg, i)
             ORDER BY t, g, ms DESC, lg DESC, i DESC
             ON CONFLICT (tournament, game) DO UPDATE
             SET round = excluded.round, tbl = excluded.tbl, hlc_ms = excluded.hlc_ms,
                 hlc_logical = excluded.hlc_logical, id = excluded.id
             WHERE (excluded.hlc_ms, excluded.hlc_logical, excluded.id) > (s.hlc_ms, s.hlc_logical, s.id)",
            &[&ts, &gs, &rounds, &tables, &ms, &logical, &ids],
        )
        .await?;
    }
    Ok(())
}

//! What a store is to those who serve from it — the office's handlers, its command line and the
//! views shared with the app: one interface, two implementations. [`Store`] (sled + journal)
//! is every tablet's and a venue office's; the office crate's PostgreSQL store is a central
//! office's, shared by several processes. Both answer with the same types, so a
//! handler cannot tell them apart.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::error::Result;
use crate::event::wire::Lined;
use crate::event::{Event, EventBody, NewEvent};
use crate::game::{GameState, GameSummary};
use crate::model::{Author, EventId, GameId, TournamentId};
use crate::tournament::TournamentView;

use super::{Appended, LogTag, Origin, Signer, Store};

/// Where a game is played, by its latest schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seat {
    pub round: u16,
    pub table: u16,
}

impl Seat {
    /// The seat a schedule gives.
    pub fn of(g: &crate::model::Game) -> Seat {
        Seat { round: g.round, table: g.table }
    }
}

/// A named keyspace of bytes beside the events (the office's accounts, idempotency answers,
/// evaluations): every write durable when it returns.
pub trait Keyspace: Send + Sync {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>>;
    fn insert(&self, key: &[u8], value: &[u8]) -> Result<()>;
    /// Removes `key`, answering what it held: of two removing at once (two offices taking one
    /// enrollment code), exactly one is answered the value.
    fn remove(&self, key: &[u8]) -> Result<Option<Vec<u8>>>;
    /// Sets `key` to `new` (none: removes it) only if it holds `old` (none: absent); whether
    /// it did. Of two processes swapping from the same value, one succeeds.
    fn compare_and_swap(&self, key: &[u8], old: Option<&[u8]>, new: Option<&[u8]>) -> Result<bool>;
    /// Every entry under `prefix`, in key order.
    fn scan_prefix(&self, prefix: &[u8]) -> Result<Vec<(Vec<u8>, Vec<u8>)>>;
}

/// Events, stored durably and idempotently, and the state derived from them.
pub trait EventStore: Send + Sync {
    /// Stores `events` durably; each is answered on its own: new, duplicate (idempotent), or
    /// refused (same id, other content). See [`Store::append`].
    fn append(&self, events: &[Event], origin: Origin) -> Result<Vec<Result<Appended>>>;
    /// [`EventStore::append`] of events with the lines they came in: stored as they are, not
    /// written again (a push's events, [`crate::event::wire::Lined`]).
    fn append_lined(&self, events: Vec<Lined>, origin: Origin) -> Result<Vec<Result<Appended>>>;
    /// Records new events by one author (stamped, signed, stored in order); nothing is stored
    /// if any is invalid. See [`Store::record_all`].
    fn record_all(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<NewEvent>,
        now: DateTime<Utc>,
        random: &mut dyn FnMut() -> Result<[u8; 10]>,
    ) -> Result<Vec<Event>> {
        self.record_made(tournament, author, bodies, now, now, random)
    }
    /// [`EventStore::record_all`] of records made at `made` (their `wall_time`) and stamped at
    /// `now` (their HLC): see [`Store::record_made`].
    fn record_made(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<NewEvent>,
        now: DateTime<Utc>,
        made: DateTime<Utc>,
        random: &mut dyn FnMut() -> Result<[u8; 10]>,
    ) -> Result<Vec<Event>>;
    /// Signs what this store records from now on with `signer`'s key.
    fn sign_with(&self, signer: Signer);
    /// Records one new event (see [`EventStore::record_all`]); `random` fills its id's random bits.
    fn record(
        &self,
        tournament: TournamentId,
        game: Option<GameId>,
        author: Author,
        body: EventBody,
        now: DateTime<Utc>,
        random: [u8; 10],
    ) -> Result<Event> {
        let mut random = Some(random);
        let events = self.record_all(&tournament, &author, vec![(game, body)], now, &mut || {
            random.take().map_or_else(crate::random_id_bits, Ok)
        })?;
        events.into_iter().last().ok_or(crate::CoreError::Broken("a record produced no event"))
    }
    /// Every event, in arrival order (for a command that reads a whole ledger: replay, verify).
    fn all_events(&self) -> Result<Vec<Event>> {
        let (mut after, mut out) = (0, Vec::new());
        loop {
            let page = self.since(after, 10_000)?;
            let Some(&(last, _)) = page.last() else { return Ok(out) };
            out.extend(page.into_iter().map(|(_, e)| e));
            after = last;
        }
    }

    /// Writes every event, in arrival order, one wire line each; the number written.
    fn export(&self, out: &mut dyn std::io::Write) -> Result<usize> {
        let (mut after, mut n) = (0, 0);
        loop {
            let page = self.since(after, 10_000)?;
            let Some(&(last, _)) = page.last() else { return Ok(n) };
            for (_, e) in &page {
                out.write_all(crate::event::wire::encode(e).as_bytes()).map_err(super::storage)?;
                out.write_all(b"\n").map_err(super::storage)?;
            }
            n += page.len();
            after = last;
        }
    }

    fn get(&self, id: &EventId) -> Result<Option<Event>>;
    /// A game's events in the agreed order (HLC, id).
    fn game_events(&self, tournament: &TournamentId, game: &GameId) -> Result<Vec<Event>>;
    /// Events in arrival order after `after`, at most `limit`.
    fn since(&self, after: u64, limit: usize) -> Result<Vec<(u64, Event)>>;
    /// Events after `after` up to `until` that `keep` keeps by their tags, at most `limit`,
    /// looking at no more than `max_scan` entries; with the last sequence number looked at.
    fn scan_log(
        &self,
        after: u64,
        until: u64,
        max_scan: usize,
        limit: usize,
        keep: &mut dyn FnMut(&LogTag<'_>) -> bool,
    ) -> Result<(Vec<(u64, Event)>, u64)>;
    /// The arrival number of the last event stored.
    fn last_seq(&self) -> Result<u64>;

    /// The tournament's set-up, folded (empty for an unknown tournament).
    fn setup(&self, t: &TournamentId) -> Result<Arc<TournamentView>>;
    fn game_state(&self, t: &TournamentId, g: &GameId) -> Result<Option<Arc<GameState>>>;
    /// Every game's whole state, in game-id order.
    fn game_states(&self, t: &TournamentId) -> Result<Vec<Arc<GameState>>>;
    /// Every game's summary, in game-id order.
    fn game_summaries(&self, t: &TournamentId) -> Result<Vec<Arc<GameSummary>>>;
    /// Each game's round and table by its latest schedule (a referee's tables, a venue's boards).
    fn game_seats(&self, t: &TournamentId) -> Result<Arc<HashMap<GameId, Seat>>>;
    /// The set-up with every game's summary; none for a tournament nothing was recorded in.
    fn tournament_view(&self, t: &TournamentId) -> Result<Option<TournamentView>>;

    /// Refuses a write that could not be completed (`disk_full`, the database unreachable).
    fn check_space(&self) -> Result<()>;
    /// Why this store cannot write again in this process, if it cannot (the host exits).
    fn failure(&self) -> Option<String>;
    /// Stored lines found damaged (`journal_corrupt`), for `/health`.
    fn corrupt_lines(&self) -> Vec<String>;
    /// A keyspace beside the events, made on first use.
    fn keyspace(&self, name: &str) -> Result<Arc<dyn Keyspace>>;
    /// Held (with the office's own lock) while an office command checks, then records — two
    /// officials pairing one round — so that it holds across every process serving from this
    /// store; released when dropped.
    fn command_lock(&self) -> Result<Box<dyn std::any::Any + Send>>;
    /// Writes derived state kept only in memory (the sled store's kept game states); the
    /// number written.
    fn store_kept_states(&self) -> Result<usize> {
        Ok(0)
    }
    /// The sled store itself, where it is one (a backup copies its files).
    fn sled(&self) -> Option<&Store> {
        None
    }
    /// Where the store is, for messages: a directory or a database.
    fn place(&self) -> String;
}

impl Keyspace for sled::Tree {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>> {
        Ok(sled::Tree::get(self, key).map_err(super::storage)?.map(|v| v.to_vec()))
    }

    fn insert(&self, key: &[u8], value: &[u8]) -> Result<()> {
        sled::Tree::insert(self, key, value).map_err(super::storage)?;
        self.flush().map_err(super::storage)?;
        Ok(())
    }

    fn remove(&self, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let old = sled::Tree::remove(self, key).map_err(super::storage)?;
        self.flush().map_err(super::storage)?;
        Ok(old.map(|v| v.to_vec()))
    }

    fn compare_and_swap(&self, key: &[u8], old: Option<&[u8]>, new: Option<&[u8]>) -> Result<bool> {
        let swapped = sled::Tree::compare_and_swap(self, key, old, new).map_err(super::storage)?.is_ok();
        self.flush().map_err(super::storage)?;
        Ok(swapped)
    }

    fn scan_prefix(&self, prefix: &[u8]) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
        sled::Tree::scan_prefix(self, prefix)
            .map(|kv| kv.map(|(k, v)| (k.to_vec(), v.to_vec())).map_err(super::storage))
            .collect()
    }
}

impl EventStore for Store {
    fn append(&self, events: &[Event], origin: Origin) -> Result<Vec<Result<Appended>>> {
        Store::append(self, events, origin)
    }

    fn append_lined(&self, events: Vec<Lined>, origin: Origin) -> Result<Vec<Result<Appended>>> {
        Store::append_lined(self, events, origin)
    }

    fn record_made(
        &self,
        tournament: &TournamentId,
        author: &Author,
        bodies: Vec<NewEvent>,
        now: DateTime<Utc>,
        made: DateTime<Utc>,
        random: &mut dyn FnMut() -> Result<[u8; 10]>,
    ) -> Result<Vec<Event>> {
        Store::record_made(self, tournament, author, bodies, now, made, random)
    }

    fn sign_with(&self, signer: Signer) {
        Store::sign_with(self, signer)
    }

    fn export(&self, mut out: &mut dyn std::io::Write) -> Result<usize> {
        Store::export(self, &mut out)
    }

    fn get(&self, id: &EventId) -> Result<Option<Event>> {
        Store::get(self, id)
    }

    fn game_events(&self, tournament: &TournamentId, game: &GameId) -> Result<Vec<Event>> {
        Store::game_events(self, tournament, game)
    }

    fn since(&self, after: u64, limit: usize) -> Result<Vec<(u64, Event)>> {
        Store::since(self, after, limit)
    }

    fn scan_log(
        &self,
        after: u64,
        until: u64,
        max_scan: usize,
        limit: usize,
        keep: &mut dyn FnMut(&LogTag<'_>) -> bool,
    ) -> Result<(Vec<(u64, Event)>, u64)> {
        Store::scan_log(self, after, until, max_scan, limit, keep)
    }

    fn last_seq(&self) -> Result<u64> {
        Ok(Store::last_seq(self))
    }

    fn setup(&self, t: &TournamentId) -> Result<Arc<TournamentView>> {
        Store::setup(self, t)
    }

    fn game_state(&self, t: &TournamentId, g: &GameId) -> Result<Option<Arc<GameState>>> {
        Store::game_state(self, t, g)
    }

    fn game_states(&self, t: &TournamentId) -> Result<Vec<Arc<GameState>>> {
        Store::game_states(self, t)
    }

    fn game_summaries(&self, t: &TournamentId) -> Result<Vec<Arc<GameSummary>>> {
        Store::game_summaries(self, t)
    }

    fn game_seats(&self, t: &TournamentId) -> Result<Arc<HashMap<GameId, Seat>>> {
        Store::game_seats(self, t)
    }

    fn tournament_view(&self, t: &TournamentId) -> Result<Option<TournamentView>> {
        Store::tournament_view(self, t)
    }

    fn check_space(&self) -> Result<()> {
        Store::check_space(self)
    }

    fn failure(&self) -> Option<String> {
        Store::failure(self)
    }

    fn corrupt_lines(&self) -> Vec<String> {
        Store::corrupt_lines(self)
    }

    fn keyspace(&self, name: &str) -> Result<Arc<dyn Keyspace>> {
        Ok(Arc::new(self.open_tree(name)?))
    }

    fn command_lock(&self) -> Result<Box<dyn std::any::Any + Send>> {
        // One process owns a sled store: the office's own command lock is the whole of it.
        Ok(Box::new(()))
    }

    fn store_kept_states(&self) -> Result<usize> {
        Store::store_kept_states(self)
    }

    fn sled(&self) -> Option<&Store> {
        Some(self)
    }

    fn place(&self) -> String {
        self.dir().display().to_string()
    }
}

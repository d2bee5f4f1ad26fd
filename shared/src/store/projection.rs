//! Derived state kept with the events, so that a screen costs what it shows, not the length
//! of the history.
//!
//! - The games last read whole keep their folded state in memory (at most 1,024 games and
//!   50,000 events between them; the least recently read is let go first) and in sled (`f`,
//!   with the sequence number it was folded at): written behind the requests (the office every
//!   30 s, every store when it closes), so a reopened store reads it back and folds on only the
//!   events indexed after it. Every game's [`GameSummary`] is kept in memory and in
//!   sled (`s`), so the tables page, the queue, pairing and standings read summaries instead
//!   of folding, and the kept states do not grow with an event's games.
//! - Each tournament's set-up (its events outside games, indexed under `n`) is kept folded.
//! - Writing an event updates or drops what it touches. An event of play that sorts after every
//!   event of a kept game — a clock press, a fact (clock, adjournment, count, resignation,
//!   result), a new incident, a ruling, an escalation, an appeal or its decision — is folded
//!   onto its state in place ([`fold_onto`]: a fact is one step, a ruling walks the state's kept
//!   steps again, no event is read); the game's summary is taken from it and stored by the batch
//!   after its id index key. Anything else — a schedule, an event arriving late (sorting before
//!   the game's last) — drops that game's state and summary (or its tournament's set-up); the
//!   next read folds only that game (or set-up) again, from its own index. So a read costs one
//!   game's fold at most.
//!
//! The full fold ([`crate::tournament::replay`]) stays the reference: the store's tests check
//! that what is kept here equals it after every arrival, in any order, duplicates included.
//!
//! Consistency: drops happen in `Store::apply` under the write lock, and every fold that fills
//! the cache runs under the same lock, so a fold never sees half a batch and no dropped state
//! can be put back stale. In sled, a game's summary is removed before its new event's id index
//! key is written, so after a crash a summary that is present is current. A stored state is
//! never stale, only behind: it names the sequence number it was folded at, and a batch's
//! index group is keyed by its first, so what came after it is one range of keys. Derived data
//! another build's fold computed is let go on open (`meta::check_derived`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use serde::{Deserialize, Serialize};

use crate::clock::Hlc;
use crate::error::Result;
use crate::event::Event;
use crate::game::{fold_game, fold_onto, folds_on, GameState, GameSummary, Walk};
use crate::model::EventId;
use crate::model::{GameId, TournamentId};
use crate::rules::RulesetSpec;
use crate::store::{keys, storage, Store};
use crate::timing::ClockFact;
use crate::tournament::{fold_setup, TournamentView};

type GameKey = (TournamentId, GameId);

/// Games whose full state is kept in memory at most; beyond it the least recently read is let
/// go (and folded again when asked). Summaries are kept for every game. A 500-table round is
/// 500 games; this keeps about two rounds' worth for the game pages and commands.
pub(super) const STATES_KEPT: usize = 1_024;

/// How often the office writes the kept states sled does not hold ([`Store::store_kept_states`]):
/// a state written every 30 s costs the office about 0.5 ms a game it changed, off the request
/// paths; after a crash the events since are folded onto it.
pub const STORE_STATES_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// The events those kept states may hold between them: a state's size follows its events (a
/// 200-event game's is about 0.8 MB), so long games are let go sooner — 250 of them at most.
pub(super) const STATE_EVENTS_KEPT: usize = 50_000;

/// What is kept in memory; see the module's documentation.
#[derive(Default)]
pub(super) struct Projection {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    setups: HashMap<TournamentId, Arc<TournamentView>>,
    states: HashMap<GameKey, Kept>,
    reads: u64,
    /// The events of the kept states, summed.
    state_events: usize,
    summaries: HashMap<GameKey, Arc<GameSummary>>,
    /// Events folded onto a kept state instead of dropping it (for tests).
    folded_on: u64,
    /// Games folded from all their events, not read back from sled (for tests).
    folds: u64,
    /// Each game's round and table by its latest schedule, per tournament: a referee's or a
    /// venue's pull scope (`sync::scope`), a venue's forwarded events checked, without summarising every game per request. Dropped when a game is
    /// scheduled; `schedules` counts those drops, so a map built across one is not kept.
    seats: HashMap<TournamentId, Arc<HashMap<GameId, super::Seat>>>,
    schedules: u64,
}

/// A game's kept state.
struct Kept {
    state: Arc<GameState>,
    /// When it was last read (`reads` at that moment).
    read: u64,
    /// The (HLC, id) of the last of its events: one sorting after it can be folded on.
    last: (Hlc, EventId),
    /// The tournament's default ruleset it was folded under (stored with its summary).
    default_ruleset: RulesetSpec,
    /// Whether sled holds it as it is (`f`).
    stored: bool,
}

/// A game's state as stored in sled (`f`, its JSON deflated, after the sequence number it was
/// folded at and its last event: [`keys::state_value`]): folded under `default_ruleset`.
#[derive(Deserialize)]
struct StoredState {
    default_ruleset: RulesetSpec,
    state: GameState,
    /// The state's wire form leaves its clock facts and its walk out (screens are sent the clock).
    clock_facts: Vec<(ClockFact, u64)>,
    walk: Walk,
}

/// What [`StoredState`] reads, as it is written.
#[derive(Serialize)]
struct StateToStore<'a> {
    default_ruleset: RulesetSpec,
    state: &'a GameState,
    clock_facts: &'a [(ClockFact, u64)],
    walk: &'a Walk,
}

/// A stored state's JSON deflated: its incidents repeat the same names, so a 200-incident game's
/// 182 kB are 9 kB (miniz_oxide's level 1, and inflated in a tenth of the time its JSON takes to
/// read). Level 2 as pushes are gzipped (`sync::protocol::GZIP_LEVEL`): zlib-rs's level 1 codes
/// literals only with the fixed tables; on a push's JSON its level 2 is the smaller of the two.
fn deflate(json: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut z = flate2::write::DeflateEncoder::new(Vec::with_capacity(json.len() / 8), flate2::Compression::new(2));
    z.write_all(json)?;
    z.finish()
}

fn inflate(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut json = Vec::with_capacity(bytes.len() * 16);
    std::io::Read::read_to_end(&mut flate2::read::DeflateDecoder::new(bytes), &mut json).ok()?;
    Some(json)
}

/// A game's state read back: from sled (`stored`: and nothing to fold on), else folded.
struct Loaded {
    state: Arc<GameState>,
    last: Option<(Hlc, EventId)>,
    stored: bool,
}

/// A summary as stored in sled: with the default ruleset it was folded under (a change of the
/// tournament's ruleset makes it stale).
#[derive(Deserialize)]
struct StoredSummary {
    default_ruleset: RulesetSpec,
    summary: GameSummary,
}

/// What [`StoredSummary`] reads, as it is written.
#[derive(Serialize)]
struct SummaryToStore<'a> {
    default_ruleset: RulesetSpec,
    summary: &'a GameSummary,
}

impl SummaryToStore<'_> {
    fn bytes(&self) -> Result<Vec<u8>> {
        serde_json::to_vec(self).map_err(storage)
    }
}

impl Inner {
    fn kept_state(&mut self, key: &GameKey) -> Option<Arc<GameState>> {
        self.reads += 1;
        let now = self.reads;
        let kept = self.states.get_mut(key)?;
        kept.read = now;
        Some(kept.state.clone())
    }

    /// Keeps a game's state, letting go of the least recently read beyond the bounds (one sled
    /// does not hold as it is is folded on, or again, when next read: see `store_kept_states`).
    fn keep_state(&mut self, key: GameKey, kept: Kept) {
        self.drop_state(&key);
        // A scan of at most STATES_KEPT entries per game let go, only when a fold adds a game.
        while !self.states.is_empty()
            && (self.states.len() >= STATES_KEPT || self.state_events + kept.state.events > STATE_EVENTS_KEPT)
        {
            let Some(oldest) = self.states.iter().min_by_key(|(_, kept)| kept.read).map(|(k, _)| k.clone()) else {
                break;
            };
            self.drop_state(&oldest);
        }
        self.reads += 1;
        self.state_events += kept.state.events;
        self.states.insert(key, Kept { read: self.reads, ..kept });
    }

    /// Folds `e` onto its game's kept state if it can ([`fold_onto`]). Its summary is let go
    /// either way; the batch takes it from the state once it is written (`Projection::summarise`).
    fn fold_on(&mut self, key: &GameKey, e: &Event) -> bool {
        self.summaries.remove(key);
        let Some(kept) = self.states.get_mut(key) else { return false };
        // A reader holding the state keeps the old one; it is copied only then.
        if e.order_key() <= kept.last || !fold_onto(Arc::make_mut(&mut kept.state), e) {
            return false;
        }
        kept.last = e.order_key();
        kept.stored = false;
        self.state_events += 1;
        self.folded_on += 1;
        true
    }

    fn drop_state(&mut self, key: &GameKey) -> Option<Kept> {
        let kept = self.states.remove(key)?;
        self.state_events -= kept.state.events;
        Some(kept)
    }
}

impl Projection {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many games' full states are kept (for tests: what a screen had to fold).
    #[cfg(test)]
    pub(super) fn states_kept(&self) -> usize {
        self.lock().states.len()
    }

    /// How many events were folded onto a kept state (for tests).
    #[cfg(test)]
    pub(super) fn folded_on(&self) -> u64 {
        self.lock().folded_on
    }

    /// How many games were folded from all their events (for tests).
    #[cfg(test)]
    pub(super) fn folds(&self) -> u64 {
        self.lock().folds
    }

    /// Whether this game's full state is kept (for tests).
    #[cfg(test)]
    pub(super) fn keeps_state(&self, t: &TournamentId, g: &GameId) -> bool {
        self.lock().states.contains_key(&(t.clone(), g.clone()))
    }

    /// Folds `e` onto its game's kept state, or drops what it changes (see the module's
    /// documentation). Called for each new event by `Store::apply` under the write lock, after
    /// its id index key; whether it folded on.
    pub(super) fn arrived(&self, e: &Event) -> bool {
        let mut inner = self.lock();
        match &e.game {
            Some(g) => {
                let key = (e.tournament.clone(), g.clone());
                if inner.fold_on(&key, e) {
                    return true;
                }
                inner.drop_state(&key);
                inner.summaries.remove(&key);
                if matches!(e.body, crate::event::EventBody::GameScheduled(_)) {
                    inner.seats.remove(&e.tournament);
                    inner.schedules += 1;
                }
            }
            None => {
                inner.setups.remove(&e.tournament);
                // Only the tournament's creation (or its correction) sets the default ruleset
                // a game folds under; other set-up events leave every game's fold as it was.
                if matches!(e.body, crate::event::EventBody::TournamentCreated(_)) {
                    let dropped: Vec<GameKey> =
                        inner.states.keys().filter(|(t, _)| t == &e.tournament).cloned().collect();
                    for key in &dropped {
                        inner.drop_state(key);
                    }
                    inner.summaries.retain(|(t, _), _| t != &e.tournament);
                }
            }
        }
        false
    }

    /// A kept game's summary taken from its state, kept in memory and returned as sled keeps it
    /// (`None` if the state is not kept): once per game and batch, after the batch's events were
    /// folded on.
    pub(super) fn summarise(&self, t: &TournamentId, g: &GameId) -> Result<Option<Vec<u8>>> {
        let mut inner = self.lock();
        let key = (t.clone(), g.clone());
        let Some(kept) = inner.states.get(&key) else { return Ok(None) };
        let summary = GameSummary::of(&kept.state);
        let bytes = SummaryToStore { default_ruleset: kept.default_ruleset, summary: &summary }.bytes()?;
        inner.summaries.insert(key, Arc::new(summary));
        Ok(Some(bytes))
    }
}

impl Store {
    /// The tournament's set-up, folded (its `games` are empty): from memory, else from the
    /// set-up's own index.
    pub fn setup(&self, t: &TournamentId) -> Result<Arc<TournamentView>> {
        if let Some(s) = self.projection.lock().setups.get(t) {
            return Ok(s.clone());
        }
        let _guard = self.lock();
        let events = self.events_under(&[keys::setup_prefix(t)])?;
        let setup = Arc::new(fold_setup(t, &events));
        self.projection.lock().setups.insert(t.clone(), setup.clone());
        Ok(setup)
    }

    /// One game's state as the full fold gives it, or `None` if no event of it is stored.
    pub fn game_state(&self, t: &TournamentId, g: &GameId) -> Result<Option<Arc<GameState>>> {
        self.read_state(t, g, true)
    }

    /// [`Store::game_state`] without keeping what it folds: for reads of every game (exports,
    /// the incidents list) that must not push the games being played out of memory.
    pub fn game_state_passing(&self, t: &TournamentId, g: &GameId) -> Result<Option<Arc<GameState>>> {
        self.read_state(t, g, false)
    }

    fn read_state(&self, t: &TournamentId, g: &GameId, keep: bool) -> Result<Option<Arc<GameState>>> {
        let key = (t.clone(), g.clone());
        if let Some(s) = self.projection.lock().kept_state(&key) {
            return Ok(Some(s));
        }
        let default_ruleset = self.setup(t)?.default_ruleset();
        let _guard = self.lock();
        Ok(self.load_and_keep(key, default_ruleset, keep)?.map(|(state, _)| state))
    }

    /// Under the write lock: reads one game's state back (see [`Store::load_state`]) and keeps
    /// its summary (and, if `keep_state`, its state, which `store_kept_states` writes later);
    /// returns both.
    fn load_and_keep(
        &self,
        key: GameKey,
        default_ruleset: RulesetSpec,
        keep_state: bool,
    ) -> Result<Option<(Arc<GameState>, Arc<GameSummary>)>> {
        let Some(Loaded { state, last, stored }) = self.load_state(&key, default_ruleset)? else { return Ok(None) };
        let summary = GameSummary::of(&state);
        let bytes = SummaryToStore { default_ruleset, summary: &summary }.bytes()?;
        self.db.insert(keys::game_key(keys::SUMMARY, &key.0, &key.1), bytes).map_err(storage)?;
        let summary = Arc::new(summary);
        let mut inner = self.projection.lock();
        inner.summaries.insert(key.clone(), summary.clone());
        if let (true, Some(last)) = (keep_state, last) {
            inner.keep_state(key, Kept { state: state.clone(), read: 0, last, default_ruleset, stored });
        }
        Ok(Some((state, summary)))
    }

    /// Under the write lock: one game's state as the full fold gives it — the one sled holds
    /// with the events indexed after it folded on ([`fold_onto`]), else folded from the game's
    /// index (a stored state that is missing, unreadable, folded under another default ruleset,
    /// or that an event after it cannot be folded onto). `None` if no event of it is stored.
    fn load_state(&self, key: &GameKey, default_ruleset: RulesetSpec) -> Result<Option<Loaded>> {
        if !self.has_game(&key.0, &key.1)? {
            return Ok(None);
        }
        if let Some(loaded) = self.stored_state(key, default_ruleset)? {
            return Ok(Some(loaded));
        }
        let events = self.game_events(&key.0, &key.1)?;
        let state = Arc::new(fold_game(&key.1, default_ruleset, &events));
        self.projection.lock().folds += 1;
        Ok(Some(Loaded { state, last: events.last().map(Event::order_key), stored: false }))
    }

    /// The state sled holds for a game, brought up to date, if it can be.
    fn stored_state(&self, key: &GameKey, default_ruleset: RulesetSpec) -> Result<Option<Loaded>> {
        let Some(bytes) = self.db.get(keys::game_key(keys::STATE, &key.0, &key.1)).map_err(storage)? else {
            return Ok(None);
        };
        // Derived data: one that cannot be read is folded again, not reported.
        let Some((seq, last_order, deflated)) = keys::state_parts(&bytes) else { return Ok(None) };
        let Some(mut last) = keys::order_parts(&last_order) else { return Ok(None) };
        // What came after it, checked before the state is read: a schedule, or an event sorting
        // before its last, means folding the game again anyway.
        let after = self.orders_after(&keys::game_prefix(&key.0, &key.1), seq)?;
        if after.iter().any(|o| *o <= last_order) {
            return Ok(None);
        }
        let after = self.events_of(after)?;
        if !after.iter().all(|e| folds_on(&e.body)) {
            return Ok(None);
        }
        let Some(stored) = inflate(deflated).and_then(|json| serde_json::from_slice::<StoredState>(&json).ok()) else {
            return Ok(None);
        };
        if stored.default_ruleset != default_ruleset || stored.state.game != key.1 {
            return Ok(None);
        }
        let mut state = stored.state;
        state.clock_facts = stored.clock_facts;
        state.walk = stored.walk;
        for e in &after {
            if !fold_onto(&mut state, e) {
                return Ok(None);
            }
            last = e.order_key();
        }
        Ok(Some(Loaded { state: Arc::new(state), last: Some(last), stored: after.is_empty() }))
    }

    /// Writes a kept state to sled as holding every event up to `seq`.
    fn store_state(&self, key: &GameKey, kept: &Kept, seq: u64) -> Result<()> {
        let stored = StateToStore {
            default_ruleset: kept.default_ruleset,
            state: &kept.state,
            clock_facts: &kept.state.clock_facts,
            walk: &kept.state.walk,
        };
        let deflated = deflate(&serde_json::to_vec(&stored).map_err(storage)?).map_err(storage)?;
        let value = keys::state_value(seq, keys::order(kept.last.0, &kept.last.1), &deflated);
        self.db.insert(keys::game_key(keys::STATE, &key.0, &key.1), value).map_err(storage)?;
        Ok(())
    }

    /// Writes every kept state sled does not hold as it is (folded since it was read, or had
    /// events folded onto it), so that a reopened store reads it back: the office every
    /// [`STORE_STATES_EVERY`], and every store when it closes. The states are taken under the
    /// write lock (between batches, so each holds exactly the events up to the last sequence
    /// number) and written outside it: pushes do not wait for the serialising. Returns how many.
    pub fn store_kept_states(&self) -> Result<usize> {
        let (seq, unstored) = {
            let _guard = self.lock();
            let inner = self.projection.lock();
            let unstored = inner.states.iter().filter(|(_, k)| !k.stored);
            let unstored: Vec<(GameKey, Kept)> =
                unstored.map(|(key, k)| (key.clone(), Kept { state: k.state.clone(), ..*k })).collect();
            (self.last_seq(), unstored)
        };
        let count = unstored.len();
        // Each clone is let go once written: while one is held, an event folded onto that game
        // copies its state (`Arc::make_mut`).
        for (key, kept) in unstored {
            self.store_state(&key, &kept, seq)?;
            // Unless an event was folded onto it meanwhile (which copied it: this clone is held).
            if let Some(k) = self.projection.lock().states.get_mut(&key) {
                k.stored |= Arc::ptr_eq(&k.state, &kept.state);
            }
        }
        Ok(count)
    }

    /// Every game of the tournament summarised, in game-id order: from memory, else from sled,
    /// else folded (only the games written since they were last summarised).
    pub fn game_summaries(&self, t: &TournamentId) -> Result<Vec<Arc<GameSummary>>> {
        let default_ruleset = self.setup(t)?.default_ruleset();
        let mut out = Vec::new();
        for g in self.games_of(t)? {
            let key = (t.clone(), g);
            if let Some(s) = self.projection.lock().summaries.get(&key) {
                out.push(s.clone());
                continue;
            }
            let _guard = self.lock();
            let stored = self.db.get(keys::game_key(keys::SUMMARY, t, &key.1)).map_err(storage)?;
            let stored = stored.and_then(|v| serde_json::from_slice::<StoredSummary>(&v).ok());
            match stored {
                Some(s) if s.default_ruleset == default_ruleset => {
                    let s = Arc::new(s.summary);
                    self.projection.lock().summaries.insert(key, s.clone());
                    out.push(s);
                }
                _ => out.extend(self.load_and_keep(key, default_ruleset, false)?.map(|(_, summary)| summary)),
            }
        }
        Ok(out)
    }

    /// Which round and table each game of the tournament is at (its latest schedule): kept until a game
    /// is scheduled again, so that 500 referees' pulls at a round's start summarise the
    /// tournament once, not once each.
    pub fn game_seats(&self, t: &TournamentId) -> Result<Arc<HashMap<GameId, super::Seat>>> {
        let before = {
            let inner = self.projection.lock();
            if let Some(m) = inner.seats.get(t) {
                return Ok(m.clone());
            }
            inner.schedules
        };
        let summaries = self.game_summaries(t)?;
        let map: HashMap<GameId, super::Seat> =
            summaries.iter().filter_map(|s| Some((s.game.clone(), super::Seat::of(s.schedule.as_ref()?)))).collect();
        let map = Arc::new(map);
        let mut inner = self.projection.lock();
        // A game scheduled meanwhile may be missing from it: answer with it, but do not keep it.
        if inner.schedules == before {
            inner.seats.insert(t.clone(), map.clone());
        }
        Ok(map)
    }

    /// The whole tournament as [`crate::tournament::replay`] gives it (each game summarised),
    /// assembled from the kept set-up and summaries; `None` if none of its events is stored.
    pub fn tournament_view(&self, t: &TournamentId) -> Result<Option<TournamentView>> {
        let summaries = self.game_summaries(t)?;
        if summaries.is_empty() && !self.has_setup(t)? {
            return Ok(None);
        }
        Ok(Some(self.setup(t)?.with_games(summaries.iter().map(|s| GameSummary::clone(s)).collect())))
    }

    /// Every game of the tournament with its whole state, as [`crate::tournament::replay_states`]
    /// gives them, in game-id order: folded one at a time and not kept afterwards (see
    /// [`Store::game_state_passing`]); the caller holds them for its request.
    pub fn game_states(&self, t: &TournamentId) -> Result<Vec<Arc<GameState>>> {
        let mut out = Vec::new();
        for g in self.games_of(t)? {
            out.extend(self.game_state_passing(t, &g)?);
        }
        Ok(out)
    }

    /// The tournament's games, in id order (one key each).
    fn games_of(&self, t: &TournamentId) -> Result<Vec<GameId>> {
        let prefix = keys::keyspace(keys::VERSION, t);
        let mut out = Vec::new();
        for item in self.db.scan_prefix(&prefix) {
            let (k, _) = item.map_err(storage)?;
            let g = std::str::from_utf8(&k[prefix.len()..]).map_err(storage)?;
            out.push(GameId::new(g)?);
        }
        Ok(out)
    }

    fn has_setup(&self, t: &TournamentId) -> Result<bool> {
        Ok(self.db.scan_prefix(keys::setup_prefix(t)).next().transpose().map_err(storage)?.is_some())
    }

    /// Whether any event of this game is stored (one key read).
    pub fn has_game(&self, tournament: &TournamentId, game: &GameId) -> Result<bool> {
        Ok(self.db.get(keys::game_key(keys::VERSION, tournament, game)).map_err(storage)?.is_some())
    }
}

#[cfg(test)]
#[path = "projection_tests.rs"]
mod tests;

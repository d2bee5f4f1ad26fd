//! Derived state from PostgreSQL, never stale whichever process wrote last: a game's state is
//! kept in this process's memory with the game's last arrival number it was folded at (the
//! `games` row, written with the events), and refolded from the game's own events when that
//! number moved; each game's summary is kept in `summaries` the same way, for every process;
//! the set-up is folded again only when an event outside games arrived. A page costs one
//! game's fold at most, and a table of summaries costs the games that changed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_core::game::{fold_game, GameState, GameSummary};
use arbiter_core::model::{GameId, TournamentId};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::tournament::{fold_setup, TournamentView};
use arbiter_core::CoreError;

use super::{pg_error, PgStore};
use arbiter_core::store::Seat;

type Result<T, E = CoreError> = std::result::Result<T, E>;

/// Game states kept in memory at most (the sled store keeps as many).
const STATES_KEPT: usize = 1_024;

#[derive(Default)]
pub(super) struct Cache {
    /// Per tournament: the last arrival number of its set-up events, and the set-up folded.
    setups: Mutex<HashMap<TournamentId, (i64, Arc<TournamentView>)>>,
    /// Per game: the game's last number and default ruleset it was folded at.
    states: Mutex<HashMap<(TournamentId, GameId), KeptState>>,
}

/// A game's state with the game's last number and the default ruleset it was folded at.
type KeptState = (i64, RulesetSpec, Arc<GameState>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl PgStore {
    pub(super) async fn setup_async(&self, t: &TournamentId) -> Result<Arc<TournamentView>> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT coalesce(max(seq), 0) FROM events WHERE tournament = $1 AND game IS NULL",
                &[&t.as_str()],
            )
            .await
            .map_err(pg_error)?;
        let last: i64 = row.get(0);
        if let Some((at, setup)) = lock(&self.derived.setups).get(t) {
            if *at == last {
                return Ok(setup.clone());
            }
        }
        drop(client);
        let events = self.setup_events_async(t).await?;
        let setup = Arc::new(fold_setup(t, &events));
        // Events that arrived while folding have higher numbers: kept under the number read
        // before, they are folded in on the next read.
        lock(&self.derived.setups).insert(t.clone(), (last, setup.clone()));
        Ok(setup)
    }

    /// The game's last arrival number (none: no event of it is stored).
    async fn game_last(&self, t: &TournamentId, g: &GameId) -> Result<Option<i64>> {
        let client = self.client().await?;
        let row = client
            .query_opt("SELECT last_seq FROM games WHERE tournament = $1 AND game = $2", &[&t.as_str(), &g.as_str()])
            .await
            .map_err(pg_error)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub(super) async fn game_state_async(&self, t: &TournamentId, g: &GameId) -> Result<Option<Arc<GameState>>> {
        let default_ruleset = self.setup_async(t).await?.default_ruleset();
        let Some(last) = self.game_last(t, g).await? else { return Ok(None) };
        Ok(Some(self.state_at(t, g, last, default_ruleset).await?))
    }

    /// The game's state folded at `last` under `default_ruleset`: kept, or folded and kept.
    async fn state_at(
        &self,
        t: &TournamentId,
        g: &GameId,
        last: i64,
        default_ruleset: RulesetSpec,
    ) -> Result<Arc<GameState>> {
        let key = (t.clone(), g.clone());
        if let Some((at, ruleset, state)) = lock(&self.derived.states).get(&key) {
            if *at == last && *ruleset == default_ruleset {
                return Ok(state.clone());
            }
        }
        let events = self.game_events_async(t, g).await?;
        let state = Arc::new(fold_game(g, default_ruleset, &events));
        let mut states = lock(&self.derived.states);
        if states.len() >= STATES_KEPT {
            // Let one go; which is no matter: a miss costs one game's fold.
            if let Some(k) = states.keys().next().cloned() {
                states.remove(&k);
            }
        }
        states.insert(key, (last, default_ruleset, state.clone()));
        Ok(state)
    }

    pub(super) async fn game_summaries_async(&self, t: &TournamentId) -> Result<Vec<Arc<GameSummary>>> {
        self.summaries_under(t, self.setup_async(t).await?.default_ruleset()).await
    }

    /// Every game's summary folded under the tournament's `default_ruleset`.
    async fn summaries_under(&self, t: &TournamentId, default_ruleset: RulesetSpec) -> Result<Vec<Arc<GameSummary>>> {
        let ruleset_text = serde_json::to_string(&default_ruleset).map_err(CoreError::storage)?;
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT g.game, g.last_seq, s.through_seq, s.default_ruleset, s.summary
                 FROM games g LEFT JOIN summaries s ON s.tournament = g.tournament AND s.game = g.game
                 WHERE g.tournament = $1 ORDER BY g.game COLLATE \"C\"",
                &[&t.as_str()],
            )
            .await
            .map_err(pg_error)?;
        drop(client);
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let (game, last): (&str, i64) = (r.get(0), r.get(1));
            let (through, ruleset, summary): (Option<i64>, Option<&str>, Option<&str>) = (r.get(2), r.get(3), r.get(4));
            if through == Some(last) && ruleset == Some(ruleset_text.as_str()) {
                if let Some(s) = summary.and_then(|s| serde_json::from_str::<GameSummary>(s).ok()) {
                    out.push(Arc::new(s));
                    continue;
                }
            }
            let g = GameId::new(game)?;
            let state = self.state_at(t, &g, last, default_ruleset).await?;
            let summary = GameSummary::of(&state);
            let text = serde_json::to_string(&summary).map_err(CoreError::storage)?;
            // Kept for every process; one folded at a later number is never replaced by this.
            let client = self.client().await?;
            client
                .execute(
                    "INSERT INTO summaries (tournament, game, through_seq, default_ruleset, summary)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (tournament, game) DO UPDATE
                     SET through_seq = excluded.through_seq, default_ruleset = excluded.default_ruleset,
                         summary = excluded.summary
                     WHERE summaries.through_seq <= excluded.through_seq",
                    &[&t.as_str(), &game, &last, &ruleset_text, &text],
                )
                .await
                .map_err(pg_error)?;
            out.push(Arc::new(summary));
        }
        Ok(out)
    }

    pub(super) async fn game_states_async(&self, t: &TournamentId) -> Result<Vec<Arc<GameState>>> {
        let default_ruleset = self.setup_async(t).await?.default_ruleset();
        let client = self.client().await?;
        let rows = client
            .query("SELECT game, last_seq FROM games WHERE tournament = $1 ORDER BY game COLLATE \"C\"", &[&t.as_str()])
            .await
            .map_err(pg_error)?;
        drop(client);
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let g = GameId::new(r.get::<_, &str>(0))?;
            out.push(self.state_at(t, &g, r.get(1), default_ruleset).await?);
        }
        Ok(out)
    }

    pub(super) async fn tournament_view_async(&self, t: &TournamentId) -> Result<Option<TournamentView>> {
        let setup = self.setup_async(t).await?;
        let summaries = self.summaries_under(t, setup.default_ruleset()).await?;
        if summaries.is_empty() {
            let client = self.client().await?;
            let any = client
                .query_opt("SELECT 1 FROM events WHERE tournament = $1 AND game IS NULL LIMIT 1", &[&t.as_str()])
                .await
                .map_err(pg_error)?;
            if any.is_none() {
                return Ok(None);
            }
        }
        Ok(Some(setup.with_games(summaries.iter().map(|s| GameSummary::clone(s)).collect())))
    }

    pub(super) async fn game_seats_async(&self, t: &TournamentId) -> Result<Arc<HashMap<GameId, Seat>>> {
        let client = self.client().await?;
        let rows = client
            .query("SELECT game, round, tbl FROM seats WHERE tournament = $1", &[&t.as_str()])
            .await
            .map_err(pg_error)?;
        let mut out = HashMap::with_capacity(rows.len());
        for r in rows {
            let game = GameId::new(r.get::<_, String>(0)).map_err(CoreError::from)?;
            let seat = |i: usize| u16::try_from(r.get::<_, i32>(i)).unwrap_or(0);
            out.insert(game, Seat { round: seat(1), table: seat(2) });
        }
        Ok(Arc::new(out))
    }
}

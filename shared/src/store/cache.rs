//! Derived-state cache: a game's folded state as JSON, keyed by the sequence number of the
//! game's newest event. Always rebuildable from the events; never the source of truth.

use crate::domain::{GameId, TournamentId};
use crate::error::Result;
use crate::game::fold_game;
use crate::rules::RulesetSpec;
use crate::store::{keys, storage, Store};

impl Store {
    /// The game's derived state as JSON: from the cache when it is current, else folded from
    /// the events and cached. A write racing with the fold leaves an older version in the
    /// cache, which the next read sees as stale and folds again.
    pub fn game_state_json(
        &self,
        tournament: &TournamentId,
        game: &GameId,
        default_ruleset: RulesetSpec,
    ) -> Result<Vec<u8>> {
        let version_key = keys::game_key(keys::VERSION, tournament, game);
        let cache_key = keys::game_key(keys::CACHE, tournament, game);
        let version = self.db.get(&version_key).map_err(storage)?.and_then(|v| keys::u64_of(&v)).unwrap_or(0);
        if let Some(v) = self.db.get(&cache_key).map_err(storage)? {
            if keys::u64_of(&v) == Some(version) {
                return Ok(v[8..].to_vec());
            }
        }
        let events = self.game_events(tournament, game)?;
        let state = fold_game(game, default_ruleset, &events);
        let json = serde_json::to_vec(&state).map_err(storage)?;
        let mut value = version.to_be_bytes().to_vec();
        value.extend_from_slice(&json);
        self.db.insert(cache_key, value).map_err(storage)?;
        Ok(json)
    }

    /// Whether any event of this game is stored (one key read).
    pub fn has_game(&self, tournament: &TournamentId, game: &GameId) -> Result<bool> {
        Ok(self.db.get(keys::game_key(keys::VERSION, tournament, game)).map_err(storage)?.is_some())
    }

    /// Drops every cached state; the next reads fold from the events again.
    pub fn clear_cache(&self) -> Result<()> {
        let mut batch = sled::Batch::default();
        for item in self.db.scan_prefix([keys::CACHE]) {
            batch.remove(item.map_err(storage)?.0);
        }
        self.db.apply_batch(batch).map_err(storage)
    }
}

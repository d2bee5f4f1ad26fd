//! What the app's screens show, derived from the device's store.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;

use crate::error::{DomainError, Result, Scope};
use crate::game::{GameResult, GameState, GameSummary, Status};
use crate::model::{DeviceId, EventId, GameId, PersonId, Player, PlayerId, Rank};
use crate::rules::{catalogue, CatalogueEntry, Ruleset, RulesetSpec};
use crate::tournament::TournamentView;

use super::App;

/// A player as the screens show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerInfo {
    pub id: PlayerId,
    pub name: String,
    pub rank: Option<Rank>,
    pub rank_zh: Option<String>,
}

/// One row of “my tables”: players, status and warning dots.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct TableRow {
    pub game: GameId,
    pub round: u16,
    pub table: u16,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    pub status: Status,
    pub black_warnings: usize,
    pub white_warnings: usize,
    pub result: Option<GameResult>,
    pub open_items: usize,
    /// The referee assigned to its table (第三十一条三), if any: a referee's own tables are
    /// listed first on their screen, and a cover the chief arbiter assigns shows at once.
    pub referee: Option<PersonId>,
}

/// The game screen: state, players and the incident catalogue of its ruleset.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GameView {
    // Shared with the store's kept state: a page is not a deep copy of a long game.
    pub state: Arc<GameState>,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    pub catalogue: Vec<CatalogueEntry>,
    /// The incidents referees record most, one tap per side (rules::quick).
    pub quick: Vec<crate::rules::QuickAction>,
    /// Who signed each incident and ruling of the history (checked when it reached this store:
    /// the office checks every push, a device every pull); none for an unsigned one.
    pub seals: Vec<SealView>,
}

/// Who signed an event shown on a screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SealView {
    pub event: EventId,
    /// The signing device (`office` for what officials recorded in its pages); none: recorded
    /// by a build from before signatures.
    pub signer: Option<DeviceId>,
}

/// The seals of every incident and ruling in `state`, read from `store`.
pub fn seals_of(store: &dyn crate::store::EventStore, state: &GameState) -> Result<Vec<SealView>> {
    let mut ids: Vec<EventId> = Vec::new();
    for i in &state.incidents {
        ids.push(i.id);
        ids.extend(i.rulings.iter().map(|r| r.event).filter(|e| *e != i.id));
    }
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let signer = store.get(&id)?.and_then(|e| e.sig).map(|s| s.by);
        out.push(SealView { event: id, signer });
    }
    Ok(out)
}

/// Players by id, to put names on rows.
pub(super) struct Names<'a>(HashMap<&'a PlayerId, &'a Player>);

impl<'a> Names<'a> {
    fn of(setup: &'a TournamentView) -> Self {
        Names(setup.players.iter().map(|p| (&p.id, p)).collect())
    }

    /// Only these players: one game's page does not index a 1,000-player field.
    pub(super) fn of_two(setup: &'a TournamentView, ids: [&PlayerId; 2]) -> Self {
        Names(setup.players.iter().filter(|p| ids.contains(&&p.id)).map(|p| (&p.id, p)).collect())
    }

    pub(super) fn info(&self, id: &PlayerId) -> PlayerInfo {
        match self.0.get(id) {
            Some(p) => {
                PlayerInfo { id: id.clone(), name: p.name.clone(), rank: Some(p.rank), rank_zh: Some(p.rank.zh()) }
            }
            None => PlayerInfo { id: id.clone(), name: id.to_string(), rank: None, rank_zh: None },
        }
    }
}

/// “My tables”: every scheduled game, by round and table, from the set-up (for names) and the
/// games' summaries. Pure: the app and the office both call it.
pub fn tables<'a>(setup: &TournamentView, games: impl IntoIterator<Item = &'a GameSummary>) -> Vec<TableRow> {
    let names = Names::of(setup);
    let mut rows: Vec<TableRow> = games
        .into_iter()
        .filter_map(|g| {
            let s = g.schedule.as_ref()?;
            Some(TableRow {
                game: g.game.clone(),
                round: s.round,
                table: s.table,
                black: names.info(&s.black),
                white: names.info(&s.white),
                status: g.status,
                black_warnings: g.warnings.black,
                white_warnings: g.warnings.white,
                result: g.result,
                open_items: g.open.len(),
                referee: setup.referees.get(&s.table).cloned(),
            })
        })
        .collect();
    rows.sort_by_key(|r| (r.round, r.table));
    rows
}

/// One game's screen, from the set-up (for names) and the game's state.
pub fn game_view(setup: &TournamentView, state: Arc<GameState>, seals: Vec<SealView>) -> Result<GameView> {
    let schedule =
        state.schedule.as_ref().ok_or_else(|| DomainError::WrongScope(Scope::NotScheduled(state.game.to_string())))?;
    let names = Names::of_two(setup, [&schedule.black, &schedule.white]);
    let (black, white) = (names.info(&schedule.black), names.info(&schedule.white));
    let ruleset = Ruleset::from_spec(state.ruleset);
    let catalogue = catalogue(&ruleset);
    let quick = crate::rules::quick_actions(&ruleset, state.rule_context());
    Ok(GameView { state, black, white, catalogue, quick, seals })
}

impl App {
    pub(super) fn default_ruleset(&self) -> Result<RulesetSpec> {
        Ok(self.setup()?.default_ruleset())
    }

    /// The game as it stands now (an empty game while nothing of it is stored).
    pub(super) fn state_of(&self, game: &GameId) -> Result<Arc<GameState>> {
        let id = self.identity()?;
        match self.store.game_state(&id.tournament, game)? {
            Some(s) => Ok(s),
            None => Ok(Arc::new(crate::game::fold_game(game, self.default_ruleset()?, &[]))),
        }
    }

    pub(super) fn setup(&self) -> Result<Arc<TournamentView>> {
        self.store.setup(&self.identity()?.tournament)
    }

    /// Every scheduled game on this device, by round and table.
    pub fn tables(&self) -> Result<Vec<TableRow>> {
        let summaries = self.store.game_summaries(&self.identity()?.tournament)?;
        Ok(tables(&*self.setup()?, summaries.iter().map(|s| &**s)))
    }

    /// One game's screen.
    pub fn game(&self, game: &GameId) -> Result<GameView> {
        let id = self.identity()?;
        let state = self
            .store
            .game_state(&id.tournament, game)?
            .ok_or_else(|| DomainError::WrongScope(Scope::NoGame(game.to_string())))?;
        let seals = seals_of(&*self.store, &state)?;
        game_view(&*self.setup()?, state, seals)
    }
}

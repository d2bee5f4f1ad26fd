//! What the app's screens show, derived from the device's store.

use serde::Serialize;

use crate::domain::{Colour, GameId, PlayerId, Rank};
use crate::error::{DomainError, Result};
use crate::game::{GameResult, GameState, OpenItem, Status};
use crate::rules::{catalogue, CatalogueEntry, Ruleset, RulesetSpec};
use crate::tournament::{replay, TournamentView};

use super::App;

/// A player as the screens show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerInfo {
    pub id: PlayerId,
    pub name: String,
    pub rank: Option<Rank>,
    pub rank_zh: Option<String>,
}

/// One row of “my tables”: players, status and warning dots.
#[derive(Debug, Clone, Serialize)]
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
}

/// The game screen: state, players and the incident catalogue of its ruleset.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GameView {
    pub state: GameState,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    pub catalogue: Vec<CatalogueEntry>,
}

/// One item of the chief arbiter's queue.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct QueueRow {
    pub game: GameId,
    pub round: Option<u16>,
    pub table: Option<u16>,
    #[serde(flatten)]
    pub item: OpenItem,
}

fn player(view: &TournamentView, id: &PlayerId) -> PlayerInfo {
    match view.players.iter().find(|p| &p.id == id) {
        Some(p) => PlayerInfo { id: id.clone(), name: p.name.clone(), rank: Some(p.rank), rank_zh: Some(p.rank.zh()) },
        None => PlayerInfo { id: id.clone(), name: id.to_string(), rank: None, rank_zh: None },
    }
}

/// “My tables”: every scheduled game, by round and table. Pure: the app and the office both
/// call it on their own tournament view.
pub fn tables(view: &TournamentView) -> Vec<TableRow> {
    let mut rows: Vec<TableRow> = view
        .games
        .iter()
        .filter_map(|g| {
            let s = g.schedule.as_ref()?;
            Some(TableRow {
                game: g.game.clone(),
                round: s.round,
                table: s.table,
                black: player(view, &s.black),
                white: player(view, &s.white),
                status: g.status,
                black_warnings: g.warnings(Colour::Black),
                white_warnings: g.warnings(Colour::White),
                result: g.result,
                open_items: g.open.len(),
            })
        })
        .collect();
    rows.sort_by_key(|r| (r.round, r.table));
    rows
}

/// One game's screen.
pub fn game_view(view: &TournamentView, game: &GameId) -> Result<GameView> {
    let state = view
        .games
        .iter()
        .find(|g| &g.game == game)
        .cloned()
        .ok_or_else(|| DomainError::WrongScope(format!("no game `{game}` here (yet)")))?;
    let schedule = state
        .schedule
        .as_ref()
        .ok_or_else(|| DomainError::WrongScope(format!("game `{game}` is not scheduled (yet)")))?;
    let (black, white) = (player(view, &schedule.black), player(view, &schedule.white));
    let catalogue = catalogue(&Ruleset::from_spec(state.ruleset));
    Ok(GameView { state, black, white, catalogue })
}

/// What officials still have to decide, across every game.
pub fn queue(view: &TournamentView) -> Vec<QueueRow> {
    view.games
        .iter()
        .flat_map(|g| {
            let (round, table) = (g.schedule.as_ref().map(|s| s.round), g.schedule.as_ref().map(|s| s.table));
            g.open.iter().cloned().map(move |item| QueueRow { game: g.game.clone(), round, table, item })
        })
        .collect()
}

impl App {
    pub(super) fn default_ruleset(&self) -> Result<RulesetSpec> {
        Ok(self.tournament()?.tournament.map(|t| t.ruleset).unwrap_or_default())
    }

    pub(super) fn tournament(&self) -> Result<TournamentView> {
        let id = self.identity()?;
        let events = self.store.tournament_events(&id.tournament)?;
        Ok(replay(&events).into_iter().next().unwrap_or_else(|| TournamentView::empty(id.tournament)))
    }

    /// Every scheduled game on this device, by round and table.
    pub fn tables(&self) -> Result<Vec<TableRow>> {
        Ok(tables(&self.tournament()?))
    }

    /// One game's screen.
    pub fn game(&self, game: &GameId) -> Result<GameView> {
        game_view(&self.tournament()?, game)
    }

    /// What the chief arbiter (and the committee) still have to decide.
    pub fn queue(&self) -> Result<Vec<QueueRow>> {
        Ok(queue(&self.tournament()?))
    }
}

//! What tournament-wide screens need of one game (the tables page, the chief arbiter's queue):
//! a few fields of its state, small enough to keep for every game of a big event and to
//! store beside it, so those screens are built from summaries instead of folding every game.

use serde::{Deserialize, Serialize};

use crate::domain::{Colour, Game, GameId, PerColour};
use crate::game::state::{GameResult, GameState, OpenItem, Status};

/// One game as the tables page and the queue show it, taken from its [`GameState`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    pub game: GameId,
    pub schedule: Option<Game>,
    pub status: Status,
    /// Warnings in force per side (第二十五条二: the second loses the game).
    pub warnings: PerColour<usize>,
    pub result: Option<GameResult>,
    /// What officials still have to decide on this game.
    pub open: Vec<OpenItem>,
}

impl GameSummary {
    pub fn of(state: &GameState) -> Self {
        GameSummary {
            game: state.game.clone(),
            schedule: state.schedule.clone(),
            status: state.status,
            warnings: PerColour { black: state.warnings(Colour::Black), white: state.warnings(Colour::White) },
            result: state.result,
            open: state.open.clone(),
        }
    }
}

//! What tournament-wide work needs of one game (the tables page, the chief arbiter's queue,
//! pairing, standings): a few fields of its state, small enough to keep for every game of a big
//! event and to store beside it, so that work is built from summaries instead of folding every
//! game.

use serde::{Deserialize, Serialize};

use crate::game::state::{GameResult, GameState, OpenItem, Status};
use crate::model::{Colour, EventId, Game, GameId, PerColour};
use crate::rules::{Article, Ruling};

/// One game as tournament-wide work reads it (tables page, queue, pairing, standings), taken
/// from its [`GameState`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GameSummary {
    pub game: GameId,
    pub schedule: Option<Game>,
    pub status: Status,
    /// Warnings in force per side (第二十五条二: the second loses the game).
    pub warnings: PerColour<usize>,
    pub result: Option<GameResult>,
    /// What officials still have to decide on this game.
    pub open: Vec<OpenItem>,
    /// Results a later decision replaced, oldest first (the standings' changes).
    pub earlier_results: Vec<GameResult>,
    /// Rulings a higher authority replaced (第十六条四 appeal, the chief arbiter's decision).
    pub overruled: Vec<Overruled>,
    /// The result's corrections, who made them and why (game::correction).
    #[serde(default)]
    pub corrections: Vec<crate::game::Correction>,
}

/// A ruling a higher authority replaced (第十六条四 appeal, the chief arbiter's decision).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Overruled {
    pub incident: EventId,
    pub article: Option<Article>,
    pub was: Ruling,
    pub now: Ruling,
    /// The decision in force: 2 chief arbiter, 3 committee.
    pub rank: u8,
    pub decision: EventId,
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
            earlier_results: state.superseded_results.clone(),
            overruled: overruled(state),
            corrections: state.corrections.clone(),
        }
    }
}

fn overruled(g: &GameState) -> Vec<Overruled> {
    g.incidents
        .iter()
        .filter_map(|i| {
            let eff = i.effective?;
            let was = i.rulings.iter().find(|r| r.superseded_by == Some(eff.event) && r.ruling != eff.ruling)?;
            Some(Overruled {
                incident: i.id,
                article: i.article,
                was: was.ruling,
                now: eff.ruling,
                rank: eff.rank,
                decision: eff.event,
            })
        })
        .collect()
}

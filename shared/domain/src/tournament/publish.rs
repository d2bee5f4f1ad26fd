//! What the office publishes (第三十二条: results promptly, pairings correctly): each round's
//! pairing sheet with tables and referees, and the crosstable — pure over the view.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::{Colour, GameId, PersonId, PlayerId, Rank};
use crate::game::{GameResult, Status};
use crate::rules::Outcome;

use super::frac::Frac;
use super::standings::Standings;
use super::TournamentView;

/// A player as sheets print them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
    pub rank: Rank,
    pub club: Option<String>,
}

/// A referee as sheets print them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RefereeRef {
    pub id: PersonId,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetBoard {
    pub table: u16,
    pub game: GameId,
    pub black: PlayerRef,
    pub white: PlayerRef,
    pub referee: Option<RefereeRef>,
    pub status: Status,
    pub result: Option<GameResult>,
    /// 第三十一条四: why the chief arbiter set this pairing by hand.
    pub reason: Option<String>,
}

/// One round's pairing sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairingSheet {
    pub round: u16,
    pub starts_at: Option<DateTime<Utc>>,
    pub boards: Vec<SheetBoard>,
    pub bye: Option<PlayerRef>,
}

fn player_ref(view: &TournamentView, id: &PlayerId) -> PlayerRef {
    match view.players.iter().find(|p| &p.id == id) {
        Some(p) => PlayerRef { id: p.id.clone(), name: p.name.clone(), rank: p.rank, club: p.club.clone() },
        None => PlayerRef { id: id.clone(), name: id.to_string(), rank: Rank::Kyu(30), club: None },
    }
}

/// The sheet of `round`, boards by table.
pub fn pairing_sheet(view: &TournamentView, round: u16) -> PairingSheet {
    let mut boards: Vec<SheetBoard> = view
        .games
        .iter()
        .filter_map(|g| {
            let s = g.schedule.as_ref().filter(|s| s.round == round)?;
            let referee = view.referees.get(&s.table).map(|id| RefereeRef {
                id: id.clone(),
                name: view.people.iter().find(|p| &p.id == id).map_or_else(|| id.to_string(), |p| p.name.clone()),
            });
            Some(SheetBoard {
                table: s.table,
                game: g.game.clone(),
                black: player_ref(view, &s.black),
                white: player_ref(view, &s.white),
                referee,
                status: g.status,
                result: g.result,
                reason: s.reason.clone(),
            })
        })
        .collect();
    boards.sort_by_key(|b| b.table);
    PairingSheet {
        round,
        starts_at: view.rounds.get(&round).copied(),
        boards,
        bye: view.byes.get(&round).map(|p| player_ref(view, p)),
    }
}

/// One cell of the crosstable: the opponent's line, the colour and what this player scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub round: u16,
    /// The opponent's line in the crosstable (1-based); `None` for a bye or no game.
    pub opponent: Option<usize>,
    pub colour: Option<Colour>,
    /// `+` win, `-` loss, `=` draw, `?` not yet, `bye`, or empty when not paired.
    pub mark: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CrossRow {
    pub place: u32,
    pub shared: bool,
    pub player: PlayerRef,
    pub cells: Vec<Cell>,
    /// The values of the standings' criteria, as in the standings.
    pub values: Vec<Frac>,
}

/// The crosstable in the order of `standings`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Crosstable {
    pub rounds: u16,
    pub criteria: Vec<&'static str>,
    pub rows: Vec<CrossRow>,
}

fn mark(result: Option<GameResult>, me: Colour) -> &'static str {
    match result.map(|r| r.outcome) {
        None | Some(Outcome::ReplayOrdered | Outcome::NoResult) => "?",
        Some(Outcome::Win { winner, .. }) if winner == me => "+",
        Some(Outcome::Win { .. } | Outcome::BothLose) => "-",
        Some(Outcome::Draw) => "=",
    }
}

/// Every player's games by round, lines in standings order.
pub fn crosstable(view: &TournamentView, standings: &Standings) -> Crosstable {
    let line: std::collections::HashMap<&PlayerId, usize> =
        standings.rows.iter().enumerate().map(|(i, r)| (&r.player, i + 1)).collect();
    let rounds = standings.round;
    let rows = standings
        .rows
        .iter()
        .map(|r| {
            let cells = (1..=rounds)
                .map(|round| {
                    let game = view.games.iter().find(|g| {
                        g.schedule
                            .as_ref()
                            .is_some_and(|s| s.round == round && (s.black == r.player || s.white == r.player))
                    });
                    match game.and_then(|g| Some((g, g.schedule.as_ref()?))) {
                        Some((g, s)) => {
                            let me = if s.black == r.player { Colour::Black } else { Colour::White };
                            let opp = if me == Colour::Black { &s.white } else { &s.black };
                            Cell {
                                round,
                                opponent: line.get(opp).copied(),
                                colour: Some(me),
                                mark: mark(g.result, me).into(),
                            }
                        }
                        None if view.byes.get(&round) == Some(&r.player) => {
                            Cell { round, opponent: None, colour: None, mark: "bye".into() }
                        }
                        None => Cell { round, opponent: None, colour: None, mark: String::new() },
                    }
                })
                .collect();
            CrossRow {
                place: r.place,
                shared: r.shared,
                player: player_ref(view, &r.player),
                cells,
                values: r.values.clone(),
            }
        })
        .collect();
    Crosstable { rounds, criteria: standings.criteria.iter().chain(&standings.shown).map(|c| c.name()).collect(), rows }
}

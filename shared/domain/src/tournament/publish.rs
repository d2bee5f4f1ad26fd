//! What the office publishes (第三十二条: results promptly, pairings correctly): each round's
//! pairing sheet with tables and referees, and the crosstable — pure over the view.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::game::{GameResult, Status};
use crate::model::{Colour, GameId, PersonId, PlayerId, Rank};

use super::field::{Field, GameScore};
use super::frac::Frac;
use super::standings::Standings;
use super::system::System;
use super::team::Teams;
use super::TournamentView;
use crate::error::Result;

/// A player as sheets print them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
    pub rank: Rank,
    pub club: Option<String>,
}

/// A referee as sheets print them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct RefereeRef {
    pub id: PersonId,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SheetBoard {
    pub table: u16,
    pub game: GameId,
    pub black: PlayerRef,
    pub white: PlayerRef,
    /// Handicap stones Black places (0: an even game).
    pub handicap: u8,
    pub referee: Option<RefereeRef>,
    pub status: Status,
    pub result: Option<GameResult>,
    /// 第三十一条四: why the chief arbiter set this pairing by hand.
    pub reason: Option<String>,
    /// How the result came to be what it is: each correction, who made it and why.
    pub corrections: Vec<crate::game::Correction>,
}

/// One round's pairing sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PairingSheet {
    pub round: u16,
    pub starts_at: Option<DateTime<Utc>>,
    pub boards: Vec<SheetBoard>,
    /// Who sits out this round.
    pub byes: Vec<PlayerRef>,
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
                handicap: s.handicap,
                referee,
                status: g.status,
                result: g.result,
                reason: s.reason.clone(),
                corrections: g.corrections.clone(),
            })
        })
        .collect();
    boards.sort_by_key(|b| b.table);
    PairingSheet {
        round,
        starts_at: view.rounds.get(&round).copied(),
        boards,
        byes: view.byes.get(&round).into_iter().flatten().map(|p| player_ref(view, p)).collect(),
    }
}

/// One cell of the crosstable: the opponent's line, the colour and what this player scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Cell {
    pub round: u16,
    /// The opponent's line in the crosstable (1-based); `None` for a bye or no game.
    pub opponent: Option<usize>,
    pub colour: Option<Colour>,
    /// `+` win, `-` loss, `=` draw, `?` not yet, `bye`, or empty when not paired.
    pub mark: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Crosstable {
    pub rounds: u16,
    pub criteria: Vec<String>,
    pub rows: Vec<CrossRow>,
}

fn mark(score: GameScore, me: Colour) -> &'static str {
    match score.points(me) {
        None => "?",
        Some(2) => "+",
        Some(1) => "=",
        Some(_) => "-",
    }
}

/// The event's crosstable after `round` (default: the last paired round), ranked as its
/// standings are; in a team event its rows are teams and its cells matches (第二十八条二).
pub fn crosstable(view: &TournamentView, round: Option<u16>) -> Result<Crosstable> {
    let s = super::run::standings(view, round)?;
    let field = super::ledger::field(view);
    let ranked = match s.system {
        System::Team { boards, .. } => Teams::of(&field, boards)?.field(&field),
        _ => field,
    };
    Ok(crosstable_of(view, &ranked, &s.standings))
}

/// Every row's games by round, lines in standings order. `field` is what the standings ranked:
/// the players' field, or the teams' for a team event (a cell is then a match).
fn crosstable_of(view: &TournamentView, field: &Field, standings: &Standings) -> Crosstable {
    let line: std::collections::HashMap<&PlayerId, usize> =
        standings.rows.iter().enumerate().map(|(i, r)| (&r.player, i + 1)).collect();
    let index = field.index();
    let rounds = standings.round;
    let rows = standings
        .rows
        .iter()
        .map(|r| {
            let cells = (1..=rounds)
                .map(|round| match index.games_of(&r.player).find(|g| g.round == round) {
                    Some(g) => {
                        let me = g.colour_of(&r.player).unwrap_or(Colour::Black);
                        Cell {
                            round,
                            opponent: g.opponent_of(&r.player).and_then(|o| line.get(o).copied()),
                            colour: Some(me),
                            mark: mark(g.score, me).into(),
                        }
                    }
                    None if field.byes.iter().any(|(br, p)| *br == round && p == &r.player) => {
                        Cell { round, opponent: None, colour: None, mark: "bye".into() }
                    }
                    None => Cell { round, opponent: None, colour: None, mark: String::new() },
                })
                .collect();
            let player = match (view.players.iter().any(|p| p.id == r.player), field.entrant(&r.player)) {
                (false, Some(team)) => {
                    PlayerRef { id: team.id.clone(), name: team.name.clone(), rank: team.rank, club: None }
                }
                _ => player_ref(view, &r.player),
            };
            CrossRow { place: r.place, shared: r.shared, player, cells, values: r.values.clone() }
        })
        .collect();
    Crosstable {
        rounds,
        criteria: standings.criteria.iter().chain(&standings.shown).map(|c| c.name().to_owned()).collect(),
        rows,
    }
}

/// The event's set-up as the office's pages show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Setup {
    pub tournament: Option<crate::model::Tournament>,
    /// The set-up's time control as this build reads it (第十二条二: `main_minutes` the whole
    /// limit, the reserve its last minutes): what the form shows, whatever revision it was
    /// recorded under.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time_limit: Option<crate::model::TimeControl>,
    pub players: Vec<crate::model::Player>,
    pub people: Vec<crate::model::Person>,
    pub withdrawals: std::collections::BTreeMap<PlayerId, u16>,
    /// The rounds each player will miss, where any.
    pub absences: std::collections::BTreeMap<PlayerId, std::collections::BTreeSet<u16>>,
    pub byes: std::collections::BTreeMap<u16, Vec<PlayerId>>,
    pub rounds: std::collections::BTreeMap<u16, DateTime<Utc>>,
    pub referees: std::collections::BTreeMap<u16, PersonId>,
    /// Per paired round: games with a result, and games.
    pub paired: std::collections::BTreeMap<u16, (u32, u32)>,
}

/// The set-up of `view`.
pub fn setup(view: &TournamentView) -> Setup {
    let mut paired: std::collections::BTreeMap<u16, (u32, u32)> = std::collections::BTreeMap::new();
    for g in &view.games {
        if let Some(s) = &g.schedule {
            let e = paired.entry(s.round).or_default();
            e.1 += 1;
            e.0 += u32::from(g.result.is_some());
        }
    }
    Setup {
        tournament: view.tournament.clone(),
        time_limit: view.time_limit,
        players: view.players.clone(),
        people: view.people.clone(),
        withdrawals: view.withdrawals.clone(),
        absences: view.absences.clone(),
        byes: view.byes.clone(),
        rounds: view.rounds.clone(),
        referees: view.referees.clone(),
        paired,
    }
}

/// What the hall display and the printed sheets show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Board {
    pub tournament: crate::model::TournamentId,
    pub name: String,
    pub round: u16,
    pub pairings: PairingSheet,
    /// `None` until the system is set up.
    pub standings: Option<super::run::EventStandings>,
    /// The languages the hall display takes turns in (the set-up's); none: the screen's own.
    pub languages: Vec<crate::labels::Lang>,
}

/// The board of `round` (default: the latest paired round).
pub fn board(view: &TournamentView, round: Option<u16>) -> Board {
    let last = view.games.iter().filter_map(|g| g.schedule.as_ref().map(|s| s.round)).max().unwrap_or(1);
    let round = round.unwrap_or(last);
    Board {
        tournament: view.id.clone(),
        name: view.tournament.as_ref().map_or_else(|| view.id.to_string(), |t| t.name.clone()),
        round,
        pairings: pairing_sheet(view, round),
        standings: super::run::standings(view, Some(round)).ok(),
        languages: view.tournament.as_ref().map(|t| t.settings.languages.clone()).unwrap_or_default(),
    }
}

/// A player whose place or score a proposed ruling would change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Move {
    pub player: PlayerId,
    pub name: String,
    pub place_before: Option<u32>,
    pub place_after: Option<u32>,
    pub score_before: Option<String>,
    pub score_after: Option<String>,
}

/// The standings before and after a proposed ruling, and who moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct StandingsPreview {
    pub moves: Vec<Move>,
    pub before: super::run::EventStandings,
    pub after: super::run::EventStandings,
}

/// Compares two standings of the same players: who changes place or score.
pub fn preview(
    players: &[crate::model::Player],
    before: super::run::EventStandings,
    after: super::run::EventStandings,
) -> StandingsPreview {
    let find =
        |s: &super::run::EventStandings, id: &PlayerId| s.standings.rows.iter().find(|r| &r.player == id).cloned();
    let score = |r: &Option<super::Standing>| r.as_ref().and_then(|r| r.values.first()).map(ToString::to_string);
    let moves = players
        .iter()
        .filter_map(|pl| {
            let (b, a) = (find(&before, &pl.id), find(&after, &pl.id));
            let m = Move {
                player: pl.id.clone(),
                name: pl.name.clone(),
                place_before: b.as_ref().map(|r| r.place),
                place_after: a.as_ref().map(|r| r.place),
                score_before: score(&b),
                score_after: score(&a),
            };
            (m.place_before != m.place_after || m.score_before != m.score_after).then_some(m)
        })
        .collect();
    StandingsPreview { moves, before, after }
}

/// What an import brought in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ImportReport {
    pub players: u32,
    pub games: u32,
    pub events: u32,
    /// What the source holds that the ledger does not, in each language
    /// (`interop::note::ImportNote`).
    pub notes: Vec<crate::labels::Said>,
}

//! Running the event by its system: the pairing of a round as the events that record it, and
//! the standings the system calls for — both pure over the tournament's view.

use std::collections::HashMap;

use serde::Serialize;

use crate::error::{words, DomainError, Result};
use crate::event::{EventBody, NewEvent};
pub use crate::game::Overruled;
use crate::game::{GameResult, GameSummary};
use crate::model::{Game, GameId, Player, PlayerId, TimeControl};
use crate::rules::{IngKomi, RulesetSpec};

use super::field::Field;
use super::pairing::{best_of, knockout, leitai, opengotha, round_robin, swiss, Board, RoundPairing};
use super::standings::{
    art28, best_of as match_standings, knockout as knockout_standings, leitai as leitai_standings, mcmahon,
    team as team_standings, Criterion, Standings,
};
use super::system::{System, TeamPairing};
use super::team::Teams;
use super::{ledger, TournamentView};

pub use super::system::{MCMAHON_CRITERIA, OPENGOTHA_SWISS_CRITERIA};

fn setup_missing(missing: crate::labels::Label) -> DomainError {
    DomainError::SetupIncomplete { missing }
}

fn system(view: &TournamentView) -> Result<System> {
    view.tournament.as_ref().and_then(|t| t.settings.system.clone()).ok_or_else(|| setup_missing(words::SYSTEM))
}

/// The id of the game at `table` in `round`.
pub fn game_id(round: u16, table: u16) -> Result<GameId> {
    GameId::new(format!("r{round}-t{table:03}"))
}

/// The players in seeding order (round robin tables, knockout bracket, a match's first Black):
/// by rank, strongest first, then by id.
fn seeds(field: &Field) -> Vec<PlayerId> {
    let mut e: Vec<_> = field.entrants.iter().filter(|e| e.withdrawn_after != Some(0)).collect();
    e.sort_by(|a, b| b.rank.value().cmp(&a.rank.value()).then_with(|| a.id.cmp(&b.id)));
    e.into_iter().map(|e| e.id.clone()).collect()
}

/// A round robin's `round` by Berger tables over the seeds (players, or teams): a withdrawn
/// entrant's remaining games are not played (第二十九条二/四), the opponent sits out.
fn round_robin_round(field: &Field, round: u16, double: bool) -> Result<RoundPairing> {
    if field.games.iter().any(|g| g.round == round) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::AlreadyPaired { round },
        });
    }
    let p = round_robin::berger(&seeds(field), round, double)?;
    let gone = |p: &PlayerId| field.entrant(p).and_then(|e| e.withdrawn_after).is_some_and(|w| w < round);
    Ok(RoundPairing {
        boards: p.boards.into_iter().filter(|b| !gone(&b.black) && !gone(&b.white)).collect(),
        byes: p.byes.into_iter().filter(|b| !gone(b)).collect(),
        ..p
    })
}

/// A round of a McMahon or OpenGotha Swiss event as OpenGotha pairs it (`pairing::opengotha`),
/// with the event's own parameters.
fn opengotha_round(view: &TournamentView, field: &Field, round: u16, criteria: &[Criterion]) -> Result<RoundPairing> {
    let system = system(view)?;
    let (pairing, handicap) = system.opengotha_pairing();
    let rounds = view.tournament.as_ref().and_then(|t| t.settings.rounds).unwrap_or(field.rounds);
    let settings = opengotha::Settings {
        criteria: criteria.to_vec(),
        pairing,
        handicap,
        ..opengotha::Settings::mcmahon(system.mcmahon().unwrap_or_default(), rounds)
    };
    let players: HashMap<&PlayerId, &Player> = view.players.iter().map(|p| (&p.id, p)).collect();
    let people: Vec<opengotha::Person> = field
        .entrants
        .iter()
        .map(|e| {
            let p = players.get(&e.id);
            let club = p.and_then(|p| p.club.as_deref()).unwrap_or("");
            match p.and_then(|p| p.opengotha.as_ref()) {
                // A player from an OpenGotha file is paired as OpenGotha knew them.
                Some(r) => opengotha::Person {
                    name: &r.name,
                    first_name: &r.first_name,
                    rating: r.rating,
                    club,
                    country: &r.country,
                },
                None => opengotha::Person::of_entrant(e, club),
            }
        })
        .collect();
    Ok(opengotha::pair(field, &people, &settings, round)?.round_pairing())
}

/// The pairing of `round` by the event's system, and the events that record it: one
/// `game_scheduled` per board (game ids `r{round}-t{table}`), and a `bye_assigned`.
pub fn pair_round(view: &TournamentView, round: u16) -> Result<(RoundPairing, Vec<NewEvent>)> {
    let t = view.tournament.as_ref().ok_or_else(|| setup_missing(words::TOURNAMENT))?;
    // 第十二条二: as the set-up meant it, written in this build's reading (the reserve within).
    let time_control: TimeControl = view.time_limit.ok_or_else(|| setup_missing(words::TIME_CONTROL))?;
    let lateness = t.settings.allowed_lateness_minutes.ok_or_else(|| setup_missing(words::LATENESS_LIMIT))?;
    if round > crate::model::game::MAX_ROUNDS {
        return Err(crate::model::game::round_over(round));
    }
    if let Some(max) = t.settings.rounds {
        if round == 0 || round > max {
            return Err(DomainError::Outside {
                what: crate::error::Noun::Round,
                detail: crate::error::Detail::RoundOutside { round, max },
            });
        }
    }
    let previous_unfinished = view
        .games
        .iter()
        .filter(|g| g.schedule.as_ref().is_some_and(|s| s.round < round) && g.result.is_none())
        .count();
    if previous_unfinished > 0 {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::EarlierUnfinished { games: previous_unfinished, round },
        });
    }
    let field = ledger::field(view);
    if field.games.iter().any(|g| g.round == round) || field.byes.iter().any(|(r, _)| *r == round) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::AlreadyPaired { round },
        });
    }
    let pairing = match system(view)? {
        System::RoundRobin { double } => round_robin_round(&field, round, double)?,
        System::Swiss { .. } => {
            let before = round.saturating_sub(1);
            let index = field.index();
            swiss::pair(&field, round, &|p| index.points(p, before))?
        }
        System::McMahon { .. } | System::OpenGothaSwiss { .. } => {
            let criteria = system(view)?.opengotha_criteria().unwrap_or_else(|| MCMAHON_CRITERIA.to_vec());
            opengotha_round(view, &field, round, &criteria)?
        }
        System::Match { best_of: n } => {
            if field.entrants.iter().any(|e| e.withdrawn_after.is_some_and(|w| w < round)) {
                return Err(DomainError::Outside {
                    what: crate::error::Noun::Match,
                    detail: crate::error::Detail::MatchWithdrawn,
                });
            }
            best_of::pair(&field, &seeds(&field), round, n)?
        }
        System::Knockout { losses } => knockout::pair(&field, &seeds(&field), round, losses)?,
        System::Leitai => leitai::pair(&field, round)?,
        System::Team { boards, pairing, .. } => {
            let teams = Teams::of(&field, boards)?;
            let by_team = teams.field(&field);
            let matches = if pairing == TeamPairing::Swiss {
                let index = by_team.index();
                swiss::pair(&by_team, round, &|t| index.points(t, round.saturating_sub(1)))?
            } else {
                round_robin_round(&by_team, round, pairing == TeamPairing::DoubleRoundRobin)?
            };
            teams.boards_of(&matches, &field)?
        }
    };
    let mut events = Vec::with_capacity(pairing.boards.len() + 1);
    for b in &pairing.boards {
        let id = game_id(round, b.table)?;
        let (black, white, ruleset, handicap) = balanced(&field, t.ruleset, b);
        let game = Game {
            id: id.clone(),
            round,
            table: b.table,
            black,
            white,
            ruleset,
            time_control,
            allowed_lateness_minutes: lateness,
            handicap,
            reason: None,
        };
        events.push((Some(id), EventBody::GameScheduled(game)));
    }
    for p in &pairing.byes {
        events.push((None, EventBody::ByeAssigned { round, player: p.clone() }));
    }
    Ok((pairing, events))
}

/// A board's colours, ruleset and stones. Under the Ing rules a board the pairing made a
/// handicap game is balanced as seed 003 五 says instead — the weaker side Black, komi by the
/// rank difference, stones only past one 先 (`ing::balance`); ranks of two kinds, which the
/// seed gives no difference for, keep the pairing's stones without komi.
fn balanced(field: &Field, ruleset: RulesetSpec, b: &Board) -> (PlayerId, PlayerId, RulesetSpec, u8) {
    let as_paired = (b.black.clone(), b.white.clone(), ruleset, b.handicap);
    if !matches!(ruleset, RulesetSpec::Ing { .. }) || b.handicap == 0 {
        return as_paired;
    }
    let rank = |p: &PlayerId| field.entrants.iter().find(|e| e.id == *p).map(|e| e.rank);
    let (Some(black_rank), Some(white_rank)) = (rank(&b.black), rank(&b.white)) else { return as_paired };
    match crate::rules::ing::balance(black_rank, white_rank) {
        Ok(x) => {
            let (black, white) =
                if x.swap { (b.white.clone(), b.black.clone()) } else { (b.black.clone(), b.white.clone()) };
            (black, white, RulesetSpec::Ing { komi_points: Some(x.komi) }, x.stones)
        }
        Err(_) => (b.black.clone(), b.white.clone(), RulesetSpec::Ing { komi_points: IngKomi::new(0) }, b.handicap),
    }
}

/// A game whose result a later decision changed, for the standings page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ResultChange {
    pub game: GameId,
    pub round: u16,
    pub table: u16,
    /// Results the game had before, oldest first.
    pub earlier: Vec<GameResult>,
    pub overruled: Vec<Overruled>,
    /// The corrections that changed it: what each replaced, who made it and why.
    pub corrections: Vec<crate::game::Correction>,
    pub now: Option<GameResult>,
}

fn change(g: &GameSummary, s: &Game) -> Option<ResultChange> {
    (!g.overruled.is_empty() || !g.earlier_results.is_empty()).then(|| ResultChange {
        game: g.game.clone(),
        round: s.round,
        table: s.table,
        earlier: g.earlier_results.clone(),
        overruled: g.overruled.clone(),
        corrections: g.corrections.clone(),
        now: g.result,
    })
}

/// Standings with what changed them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct EventStandings {
    pub system: System,
    #[serde(flatten)]
    pub standings: Standings,
    /// Games still without a result in the rounds counted.
    pub pending: usize,
    pub changes: Vec<ResultChange>,
}

/// The standings the event's system calls for, after `round` (default: the last paired round).
pub fn standings(view: &TournamentView, round: Option<u16>) -> Result<EventStandings> {
    let system = system(view)?;
    let field = ledger::field(view);
    let last = field.games.iter().map(|g| g.round).chain(field.byes.iter().map(|(r, _)| *r)).max().unwrap_or(0);
    let round = round.unwrap_or(last).max(1);
    if round > crate::model::game::MAX_ROUNDS {
        return Err(crate::model::game::round_over(round));
    }
    let shared = !view.tournament.as_ref().is_some_and(|t| t.settings.no_shared_places);
    let standings = match system {
        System::RoundRobin { .. } => art28::round_robin(&field, round, shared),
        System::Swiss { reading } => art28::swiss(&field, round, reading, shared),
        System::McMahon { .. } | System::OpenGothaSwiss { .. } => {
            let params = system.mcmahon().unwrap_or_default();
            let criteria = system.opengotha_criteria().unwrap_or_else(|| MCMAHON_CRITERIA.to_vec());
            // Ratings as OpenGotha knew them (a file's), else its initial rating for the rank.
            let ratings = view
                .players
                .iter()
                .map(|p| {
                    (p.id.clone(), p.opengotha.as_ref().map_or_else(|| opengotha::initial_rating(p.rank), |r| r.rating))
                })
                .collect();
            mcmahon::standings(&field, &params, &criteria, round, &ratings)?
        }
        System::Match { best_of } => match_standings::standings(&field, best_of, round),
        System::Knockout { losses } => knockout_standings::standings(&field, losses, round, shared),
        System::Leitai => leitai_standings::standings(&field, round)?,
        System::Team { boards, pairing, reading } => {
            let teams = Teams::of(&field, boards)?;
            let swiss = (pairing == TeamPairing::Swiss).then_some(reading);
            team_standings::standings(&field, &teams, swiss, round, shared)
        }
    };
    let changes = view
        .games
        .iter()
        .filter_map(|g| Some((g, g.schedule.as_ref()?)))
        .filter(|(_, s)| s.round <= round)
        .filter_map(|(g, s)| change(g, s))
        .collect();
    let pending = mcmahon::pending(&field, round);
    Ok(EventStandings { system, standings, pending, changes })
}

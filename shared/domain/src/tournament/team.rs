//! 第二十六条二 团体比赛, run as 分台定人制 (fixed boards): every team fields the same number of
//! boards, its players sit in board order — by rank, strongest first, unless the organiser set a
//! board — and once the team has played, that order is locked (台次排定后不得更动): it is read
//! back from the team's first match, whatever is registered later.
//!
//! A team match is `boards` games at consecutive tables; board 1 of match `m` is at table
//! `(m − 1) × boards + 1`. The team that has Black on board 1 has White on board 2, and so on.
//! Team-level pairing and standings see each team as one entrant and each match as one game
//! (won by game points, 第二十八条二), so the individual pairing systems pair teams too.

use std::collections::{BTreeMap, HashMap};

use crate::error::{DomainError, Result};
use crate::model::{Colour, PlayerId};

use super::field::{Entrant, Field, FieldGame, GameScore};
use super::pairing::{Board, RoundPairing};

/// The most boards a team match may have.
pub const MAX_BOARDS: u8 = 8;

/// One team, as it sits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// Stands for the team in team-level pairing and standings (`team-1`, … by name).
    pub key: PlayerId,
    pub name: String,
    /// Board order, board 1 first; players past the event's board count are reserves.
    pub order: Vec<PlayerId>,
}

/// The teams of an event and their board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Teams {
    pub boards: u8,
    pub teams: Vec<Team>,
    member_of: HashMap<PlayerId, usize>,
}

/// Refuses a board count the system does not run.
pub fn check(boards: u8) -> Result<()> {
    if (1..=MAX_BOARDS).contains(&boards) {
        return Ok(());
    }
    Err(out_of_range(crate::error::Detail::TeamBoards { max: MAX_BOARDS, boards }))
}

fn out_of_range(detail: crate::error::Detail) -> DomainError {
    DomainError::Outside { what: crate::error::Noun::Team, detail }
}

/// The board (1-based) of the game at `table` in an event of `boards` boards.
pub fn board_of(table: u16, boards: u8) -> u8 {
    ((table.max(1) - 1) % u16::from(boards.max(1))) as u8 + 1
}

impl Teams {
    /// The teams of `field`'s entrants (withdrawn before round 1 left out), each in its board
    /// order; refuses a player without a team, a team short of players, two players set on
    /// the same board.
    pub fn of(field: &Field, boards: u8) -> Result<Teams> {
        check(boards)?;
        let mut by_name: BTreeMap<&str, Vec<&Entrant>> = BTreeMap::new();
        for e in field.entrants.iter().filter(|e| e.withdrawn_after != Some(0)) {
            let Some(team) = e.team.as_deref() else {
                return Err(out_of_range(crate::error::Detail::NoTeam { name: e.name.clone(), id: e.id.to_string() }));
            };
            by_name.entry(team).or_default().push(e);
        }
        if by_name.len() < 2 {
            return Err(out_of_range(crate::error::Detail::TeamsNeeded { teams: by_name.len() }));
        }
        let mut teams = Vec::with_capacity(by_name.len());
        for (n, (name, mut members)) in by_name.into_iter().enumerate() {
            if members.len() < usize::from(boards) {
                return Err(out_of_range(crate::error::Detail::TeamShort {
                    team: name.to_owned(),
                    players: members.len(),
                    boards,
                }));
            }
            let mut set: BTreeMap<u8, &PlayerId> = BTreeMap::new();
            for e in members.iter().filter(|e| e.board.is_some()) {
                let b = e.board.unwrap_or_default();
                if let Some(other) = set.insert(b, &e.id) {
                    return Err(out_of_range(crate::error::Detail::SameBoard {
                        team: name.to_owned(),
                        a: other.to_string(),
                        b: e.id.to_string(),
                        board: b,
                    }));
                }
            }
            // By rank, strongest first (第二十六条二), after the boards the organiser set.
            members.sort_by(|a, b| {
                (a.board.is_none(), a.board, std::cmp::Reverse(a.rank.value()), &a.id).cmp(&(
                    b.board.is_none(),
                    b.board,
                    std::cmp::Reverse(b.rank.value()),
                    &b.id,
                ))
            });
            let mut order: Vec<PlayerId> = members.iter().map(|e| e.id.clone()).collect();
            // Locked once played: the first match's boards come first, in board order.
            if let Some(first) = field
                .games
                .iter()
                .filter(|g| order.contains(&g.black) || order.contains(&g.white))
                .map(|g| g.round)
                .min()
            {
                let mut played: Vec<(u8, PlayerId)> = field
                    .games
                    .iter()
                    .filter(|g| g.round == first)
                    .flat_map(|g| [&g.black, &g.white].map(|p| (board_of(g.table, boards), p.clone())))
                    .filter(|(_, p)| order.contains(p))
                    .collect();
                played.sort();
                let locked: Vec<PlayerId> = played.into_iter().map(|(_, p)| p).collect();
                order.retain(|p| !locked.contains(p));
                order.splice(0..0, locked);
            }
            let key = PlayerId::new(format!("team-{}", n + 1))?;
            teams.push(Team { key, name: name.to_owned(), order });
        }
        let member_of =
            teams.iter().enumerate().flat_map(|(i, t)| t.order.iter().map(move |p| (p.clone(), i))).collect();
        Ok(Teams { boards, teams, member_of })
    }

    /// The team `p` plays for.
    pub fn team_of(&self, p: &PlayerId) -> Option<&Team> {
        self.member_of.get(p).map(|&i| &self.teams[i])
    }

    /// The team with `key`.
    pub fn by_key(&self, key: &PlayerId) -> Option<&Team> {
        self.teams.iter().find(|t| &t.key == key)
    }

    /// The event as teams play it: one entrant per team (rank of its board 1), one game per
    /// match scored by game points (第二十八条二: more game points wins the match), a team's
    /// bye where its board 1 sat out.
    pub fn field(&self, field: &Field) -> Field {
        let entrants = self
            .teams
            .iter()
            .filter_map(|t| {
                let board_one = field.entrant(t.order.first()?)?;
                // The team is out after the last round it can still fill every board.
                // Each with the revision its withdrawal was recorded under, which the team's takes.
                let mut last: Vec<(u16, u16)> = t
                    .order
                    .iter()
                    .map(|p| {
                        field.entrant(p).map_or((u16::MAX, crate::rules::RULES_REVISION), |e| {
                            (e.withdrawn_after.unwrap_or(u16::MAX), e.withdrawn_under)
                        })
                    })
                    .collect();
                last.sort_by_key(|b| std::cmp::Reverse(b.0));
                let fill = Entrant::new(t.key.clone(), t.name.clone(), board_one.rank);
                let (withdrawn_after, withdrawn_under) = match last.get(usize::from(self.boards) - 1) {
                    Some(&(w, rules)) if w != u16::MAX => (Some(w), rules),
                    _ => (None, fill.withdrawn_under),
                };
                Some(Entrant { withdrawn_after, withdrawn_under, ..fill })
            })
            .collect();
        let mut games = Vec::new();
        for m in self.matches(field) {
            let (black_points, white_points) = (m.game_points(Colour::Black), m.game_points(Colour::White));
            let score = match (black_points, white_points) {
                (Some(b), Some(w)) if b > w => GameScore::BlackWins,
                (Some(b), Some(w)) if b < w => GameScore::WhiteWins,
                (Some(_), Some(_)) => GameScore::Draw,
                _ => GameScore::Pending,
            };
            games.push(FieldGame {
                round: m.round,
                table: m.table,
                black: self.teams[m.black].key.clone(),
                white: self.teams[m.white].key.clone(),
                handicap: 0,
                score,
                by_default: m.games.iter().all(|g| g.by_default),
            });
        }
        let byes = field
            .byes
            .iter()
            .filter_map(|(r, p)| {
                let t = self.team_of(p)?;
                (t.order.first() == Some(p)).then(|| (*r, t.key.clone()))
            })
            .collect();
        Field { entrants, rounds: field.rounds, games, byes, bye_points: field.bye_points, warnings: BTreeMap::new() }
    }

    /// Every team match of `field`: the games between two teams in a round.
    pub fn matches<'a>(&'a self, field: &'a Field) -> Vec<Match<'a>> {
        let mut by_pair: BTreeMap<(u16, usize, usize), Vec<&'a FieldGame>> = BTreeMap::new();
        for g in &field.games {
            let (Some(&b), Some(&w)) = (self.member_of.get(&g.black), self.member_of.get(&g.white)) else { continue };
            if b != w {
                by_pair.entry((g.round, b.min(w), b.max(w))).or_default().push(g);
            }
        }
        by_pair
            .into_iter()
            .filter_map(|((round, ..), mut games)| {
                games.sort_by_key(|g| g.table);
                let first = games.first()?;
                let black = *self.member_of.get(&first.black)?;
                let white = *self.member_of.get(&first.white)?;
                let table = (first.table.max(1) - 1) / u16::from(self.boards) + 1;
                Some(Match { round, table, black, white, games, teams: self })
            })
            .collect()
    }

    /// Who sits for `team` in `round`, board 1 first: the board order with players who have
    /// withdrawn (第二十九条) left out, so the reserves move up in order.
    pub fn lineup<'a>(&self, team: &'a Team, field: &Field, round: u16) -> Result<Vec<&'a PlayerId>> {
        let n = usize::from(self.boards);
        let seated: Vec<&PlayerId> =
            team.order.iter().filter(|p| field.entrant(p).is_none_or(|e| e.available(round))).take(n).collect();
        if seated.len() < n {
            return Err(out_of_range(crate::error::Detail::TeamShortInRound {
                team: team.name.clone(),
                players: seated.len(),
                boards: self.boards,
                round,
            }));
        }
        Ok(seated)
    }

    /// The board games of a team-level pairing: match `m` at tables `(m − 1) × boards + 1 …`,
    /// colours alternating by board; a team's bye is a bye for each of its boards.
    pub fn boards_of(&self, teams: &RoundPairing, field: &Field) -> Result<RoundPairing> {
        let team = |key: &PlayerId| {
            self.by_key(key).ok_or_else(|| out_of_range(crate::error::Detail::UnknownTeam { team: key.to_string() }))
        };
        let round = teams.round;
        let mut boards = Vec::with_capacity(teams.boards.len() * usize::from(self.boards));
        for m in &teams.boards {
            let (a, b) = (self.lineup(team(&m.black)?, field, round)?, self.lineup(team(&m.white)?, field, round)?);
            for (k, (x, y)) in a.into_iter().zip(b).enumerate() {
                let table = (m.table - 1) * u16::from(self.boards) + k as u16 + 1;
                let (black, white) = if k % 2 == 0 { (x, y) } else { (y, x) };
                boards.push(Board { table, black: black.clone(), white: white.clone(), handicap: 0 });
            }
        }
        let mut byes = Vec::new();
        for key in &teams.byes {
            byes.extend(self.lineup(team(key)?, field, round)?.into_iter().cloned());
        }
        Ok(RoundPairing { round: teams.round, boards, byes, rematches: teams.rematches })
    }
}

/// One team match: the games between two teams in a round, board 1 first.
pub struct Match<'a> {
    pub round: u16,
    pub table: u16,
    /// Index of the team with Black on board 1.
    pub black: usize,
    pub white: usize,
    pub games: Vec<&'a FieldGame>,
    teams: &'a Teams,
}

impl Match<'_> {
    /// Game points (第二十八条二: each game 2/1/0) of the side that had `c` on board 1; `None`
    /// while a game is pending.
    pub fn game_points(&self, c: Colour) -> Option<i64> {
        let team = if c == Colour::Black { self.black } else { self.white };
        self.games.iter().map(|g| self.points_of(team, g)).sum()
    }

    /// What `team` scored on `g`, `None` while pending.
    pub fn points_of(&self, team: usize, g: &FieldGame) -> Option<i64> {
        let c = if self.teams.member_of.get(&g.black) == Some(&team) { Colour::Black } else { Colour::White };
        g.score.points(c)
    }
}

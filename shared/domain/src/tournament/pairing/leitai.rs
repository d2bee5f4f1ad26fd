//! 第二十七条六 擂台赛: two teams, each in an order fixed in advance (the boards the organiser set,
//! otherwise weakest first so the captain, 主将, comes last). One game a round; the loser is out
//! and the winner stays on against the other team's next player; the match ends when one
//! team's last player loses. A draw has to be replayed; 双方判负 puts both out.
//!
//! Colours: the rules are silent. The player who has just come on takes Black against the one
//! who stays (both new: the first team's player in odd rounds); the chief arbiter may override.

use crate::error::{DomainError, Result};
use crate::model::PlayerId;
use crate::tournament::field::{Entrant, Field, GameScore};

use super::{Board, RoundPairing};

/// One side of the 擂台.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub team: String,
    /// Playing order.
    pub order: Vec<PlayerId>,
    /// How many of `order` are out.
    pub out: usize,
    /// Wins per player, in `order`.
    pub wins: Vec<u32>,
}

impl Side {
    /// The player on now, while the side has one.
    pub fn current(&self) -> Option<&PlayerId> {
        self.order.get(self.out)
    }
}

/// Where the match stands after the rounds played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leitai {
    pub sides: [Side; 2],
    /// Who was on in the last round played, per side (to tell the newcomer from the one who stays).
    last: [Option<PlayerId>; 2],
}

impl Leitai {
    /// The winning side, once the other has nobody left.
    pub fn winner(&self) -> Option<&Side> {
        match (self.sides[0].current(), self.sides[1].current()) {
            (Some(_), None) => Some(&self.sides[0]),
            (None, Some(_)) => Some(&self.sides[1]),
            _ => None,
        }
    }
}

fn out_of_range(detail: crate::error::Detail) -> DomainError {
    DomainError::Outside { what: crate::error::Noun::Leitai, detail }
}

/// The two teams in their playing order.
fn sides(field: &Field) -> Result<[Side; 2]> {
    let mut teams: std::collections::BTreeMap<&str, Vec<&Entrant>> = Default::default();
    for e in field.entrants.iter().filter(|e| e.withdrawn_after != Some(0)) {
        let team = e
            .team
            .as_deref()
            .ok_or_else(|| out_of_range(crate::error::Detail::NoTeam { name: e.name.clone(), id: e.id.to_string() }))?;
        teams.entry(team).or_default().push(e);
    }
    let mut sides: Vec<Side> = teams
        .into_iter()
        .map(|(team, mut members)| {
            members.sort_by_key(|e| (e.board.is_none(), e.board, e.rank.value(), e.id.clone()));
            let order: Vec<PlayerId> = members.iter().map(|e| e.id.clone()).collect();
            Side { team: team.to_owned(), wins: vec![0; order.len()], order, out: 0 }
        })
        .collect();
    if sides.len() != 2 {
        return Err(out_of_range(crate::error::Detail::LeitaiTwoTeams { teams: sides.len() }));
    }
    let b = sides.remove(1);
    let a = sides.remove(0);
    Ok([a, b])
}

/// The match after rounds `..=up_to`.
pub fn state(field: &Field, up_to: u16) -> Result<Leitai> {
    let mut l = Leitai { sides: sides(field)?, last: [None, None] };
    let mut games: Vec<_> = field.games.iter().filter(|g| g.round <= up_to).collect();
    games.sort_by_key(|g| g.round);
    for g in games {
        if g.score == GameScore::Pending {
            continue;
        }
        if g.score == GameScore::Draw {
            return Err(out_of_range(crate::error::Detail::LeitaiDraw { round: g.round }));
        }
        for (i, side) in l.sides.iter_mut().enumerate() {
            let Some(pos) = side.order.iter().position(|p| p == &g.black || p == &g.white) else { continue };
            let me = &side.order[pos];
            l.last[i] = Some(me.clone());
            let c = g.colour_of(me).ok_or_else(|| {
                out_of_range(crate::error::Detail::NotInGame { round: g.round, player: me.to_string() })
            })?;
            match g.score.points(c) {
                Some(2) => side.wins[pos] += 1,
                Some(0) => side.out = side.out.max(pos + 1),
                _ => {}
            }
        }
    }
    Ok(l)
}

/// The game of `round`: each side's player on now.
pub fn pair(field: &Field, round: u16) -> Result<RoundPairing> {
    if field.games.iter().any(|g| g.round == round) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::AlreadyPaired { round },
        });
    }
    let l = state(field, round.saturating_sub(1))?;
    if let Some(w) = l.winner() {
        return Err(out_of_range(crate::error::Detail::LeitaiWon { team: w.team.clone() }));
    }
    let (Some(a), Some(b)) = (l.sides[0].current(), l.sides[1].current()) else {
        return Err(out_of_range(crate::error::Detail::LeitaiBothLost));
    };
    let stays = |i: usize, p: &PlayerId| l.last[i].as_ref() == Some(p);
    let a_black = match (stays(0, a), stays(1, b)) {
        (true, false) => false,
        (false, true) => true,
        _ => round % 2 == 1,
    };
    let (black, white) = if a_black { (a, b) } else { (b, a) };
    Ok(RoundPairing {
        round,
        boards: vec![Board { table: 1, black: black.clone(), white: white.clone(), handicap: 0 }],
        byes: vec![],
        rematches: 0,
    })
}

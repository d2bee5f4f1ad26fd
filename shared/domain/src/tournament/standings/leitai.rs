//! A 擂台赛's standing (第二十七条六): the team with players left wins once the other team's last
//! player has lost; notes list each player's wins in a row (连胜).

use crate::error::Result;
use crate::model::PlayerId;
use crate::tournament::field::{Entrant, Field};
use crate::tournament::frac::Frac;
use crate::tournament::pairing::leitai::state;

use super::{Criterion, Note, Standings, Unplaced};

/// The match after `up_to` rounds: one row per team.
pub fn standings(field: &Field, up_to: u16) -> Result<Standings> {
    let l = state(field, up_to)?;
    let mut entrants = Vec::with_capacity(2);
    for (i, side) in l.sides.iter().enumerate() {
        let captain = side.order.first().and_then(|p| field.entrant(p));
        let rank = captain.map(|e| e.rank).unwrap_or(crate::model::Rank::Kyu(30));
        entrants.push(Entrant::new(PlayerId::new(format!("team-{}", i + 1))?, side.team.clone(), rank));
    }
    let rows: Vec<Unplaced> = entrants
        .iter()
        .zip(&l.sides)
        .map(|(e, side)| Unplaced { player: e, values: vec![Frac::int((side.order.len() - side.out) as i64)] })
        .collect();
    let mut notes = vec![match l.winner() {
        Some(w) => Note::new(
            format!("第二十七条六 擂台赛：{} 获胜", w.team),
            format!("Art. 27.6 winner stays on: {} won", w.team),
        ),
        None => Note::new("第二十七条六 擂台赛：比赛进行中", "Art. 27.6 winner stays on: the match goes on"),
    }];
    for side in &l.sides {
        for (p, wins) in side.order.iter().zip(&side.wins).filter(|(_, w)| **w > 0) {
            let name = field.entrant(p).map_or(p.as_str(), |e| e.name.as_str());
            notes.push(Note::new(
                format!("{}：{name} 胜 {wins} 局", side.team),
                format!("{}: {name} won {wins}", side.team),
            ));
        }
    }
    let criteria = vec![Criterion::PlayersLeft];
    Ok(Standings::ranked(up_to, criteria, vec![], notes, rows, true))
}

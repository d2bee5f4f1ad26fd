//! A 擂台赛's standing (第二十七条六): the team with players left wins once the other team's last
//! player has lost; notes list each player's wins in a row (连胜).

use crate::error::Result;
use crate::labels::said;
use crate::model::PlayerId;
use crate::tournament::field::{Entrant, Field};
use crate::tournament::frac::Frac;
use crate::tournament::pairing::leitai::state;

use super::{Criterion, Standings, Unplaced};

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
        Some(w) => {
            let team = &w.team;
            said!(_l =>
                zh: format!("第二十七条六 擂台赛：{team} 获胜"),
                en: format!("Art. 27.6 winner stays on: {team} won"),
                zh_hant: format!("第二十七條六 擂臺賽：{team} 獲勝"),
                ko: format!("제27조 6항 연승전: {team} 승리"),
                ja: format!("第二十七条第六項 勝ち抜き戦：{team} の勝ち"),
            )
        }
        None => said!(_l =>
            zh: "第二十七条六 擂台赛：比赛进行中",
            en: "Art. 27.6 winner stays on: the match goes on",
            zh_hant: "第二十七條六 擂臺賽：比賽進行中",
            ko: "제27조 6항 연승전: 진행 중",
            ja: "第二十七条第六項 勝ち抜き戦：対戦中",
        ),
    }];
    for side in &l.sides {
        for (p, wins) in side.order.iter().zip(&side.wins).filter(|(_, w)| **w > 0) {
            let name = field.entrant(p).map_or(p.as_str(), |e| e.name.as_str());
            let team = &side.team;
            notes.push(said!(_l =>
                zh: format!("{team}：{name} 胜 {wins} 局"),
                en: format!("{team}: {name} won {wins}"),
                zh_hant: format!("{team}：{name} 勝 {wins} 局"),
                ko: format!("{team}: {name} {wins}승"),
                ja: format!("{team}：{name} {wins} 勝"),
            ));
        }
    }
    let criteria = vec![Criterion::PlayersLeft];
    Ok(Standings::ranked(up_to, criteria, vec![], notes, rows, true))
}

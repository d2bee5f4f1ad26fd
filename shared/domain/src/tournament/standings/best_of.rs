//! A best-of-N match's standing (第二十七条四): each game scored 2/1/0 (第二十八条一); a player
//! who withdraws leaves every unplayed game to the opponent (第二十九条四).

use crate::labels::said;
use crate::tournament::field::{Field, FieldGame, GameScore};
use crate::tournament::frac::Frac;
use crate::tournament::pairing::best_of::decided;

use super::{Criterion, Standings, Unplaced};

/// The match after `up_to` games.
pub fn standings(field: &Field, best_of: u8, up_to: u16) -> Standings {
    let mut field = field.clone();
    let mut notes = Vec::new();
    let played = field.games.iter().filter(|g| g.score != GameScore::Pending).count() as u16;
    if let Some(w) = field.entrants.iter().find(|e| e.withdrawn_after.is_some()).cloned() {
        // 第二十九条四: 未赛部分均作对方胜.
        let opponent = field.entrants.iter().find(|e| e.id != w.id).map(|e| e.id.clone());
        let unplayed = u16::from(best_of).saturating_sub(played);
        if let Some(o) = opponent {
            for k in 0..unplayed {
                field.games.push(FieldGame {
                    round: played + k + 1,
                    table: 1,
                    black: w.id.clone(),
                    white: o.clone(),
                    handicap: 0,
                    score: GameScore::WhiteWins,
                    by_default: true,
                });
            }
        }
        let name = &w.name;
        notes.push(said!(_l =>
            zh: format!("第二十九条四：{name} 中途退出，已赛成绩有效，未赛 {unplayed} 局均作对方胜"),
            en: format!("Art. 29.4: {name} withdrew; played games stand, the {unplayed} unplayed game(s) are the opponent's wins"),
            zh_hant: format!("第二十九條四：{name} 中途退出，已賽成績有效，未賽 {unplayed} 局均作對方勝"),
            ko: format!("제29조 4항: {name}이(가) 중도 기권했습니다. 치른 대국은 유효하고, 남은 {unplayed}국은 상대의 승리입니다"),
            ja: format!("第二十九条第四項：{name} が途中で棄権しました。対局済みの成績は有効で、未対局の {unplayed} 局は相手の勝ちとします"),
        ));
    }
    let up_to = up_to.max(field.games.iter().map(|g| g.round).max().unwrap_or(0));
    let index = field.index();
    let rows: Vec<Unplaced> = field
        .entrants
        .iter()
        .map(|e| Unplaced { player: e, values: vec![Frac::int(index.points(&e.id, up_to))] })
        .collect();
    let points: Vec<i64> = rows.iter().map(|r| r.values[0].num()).collect();
    let games = field.games.iter().filter(|g| g.score != GameScore::Pending).count() as u16;
    let over = points.len() == 2 && decided(best_of, (points[0], points[1]), games);
    notes.push(if over {
        said!(_l =>
            zh: format!("多局决胜制（{best_of}局）：胜负已定"),
            en: format!("Best of {best_of}: the match is decided"),
            zh_hant: format!("多局決勝制（{best_of}局）：勝負已定"),
            ko: format!("{best_of}번기: 승부가 결정되었습니다"),
            ja: format!("{best_of}番勝負：勝敗が決しました"),
        )
    } else {
        said!(_l =>
            zh: format!("多局决胜制（{best_of}局）：尚未决出"),
            en: format!("Best of {best_of}: not decided yet"),
            zh_hant: format!("多局決勝制（{best_of}局）：尚未決出"),
            ko: format!("{best_of}번기: 아직 승부가 나지 않았습니다"),
            ja: format!("{best_of}番勝負：まだ決着していません"),
        )
    });
    let criteria = vec![Criterion::Points];
    Standings::ranked(up_to, criteria, vec![], notes, rows, true)
}

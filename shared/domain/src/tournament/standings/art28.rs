//! 第二十八条一 individual standings: round robin (points → A → B → C/D) and Swiss (总得分 → B
//! → C/D, with the reading of the total in force said in the output).

use crate::labels::said;
use crate::tournament::field::{Field, GameScore};
use crate::tournament::frac::Frac;

use super::art29_withdrawal::{round_robin_field, swiss_opponent_points};
use super::{no_shared_places, Criterion, Standings, SwissReading, Unplaced};

fn warnings(field: &Field, p: &crate::model::PlayerId) -> Frac {
    Frac::int(i64::from(field.warnings.get(p).copied().unwrap_or(0)))
}

/// 第二十八条一1 round robin after `up_to`: points; A = points of the opponents beaten plus half
/// the points of those drawn; B = fewer warnings over the whole event; then C shared place, or
/// D play-off or lots when `shared_allowed` is false. Withdrawals per 第二十九条二.
pub fn round_robin(field: &Field, up_to: u16, shared_allowed: bool) -> Standings {
    let (field, void, mut notes) = round_robin_field(field);
    let criteria = vec![Criterion::Points, Criterion::BeatenOpponents, Criterion::Warnings];
    let index = field.index();
    let rows = field
        .entrants
        .iter()
        .filter(|e| !void.contains(&e.id))
        .map(|e| {
            let points = index.points(&e.id, up_to);
            let a: Frac = index
                .games_of(&e.id)
                .filter(|g| g.round <= up_to)
                .filter_map(|g| {
                    let opp = g.opponent_of(&e.id)?;
                    let opp_points = Frac::int(index.points(opp, up_to));
                    match g.score.points(g.colour_of(&e.id)?)? {
                        2 if g.score != GameScore::BothWin => Some(opp_points),
                        1 => Some(opp_points.div_int(2)),
                        _ => None,
                    }
                })
                .sum();
            Unplaced { player: e, values: vec![Frac::int(points), a, warnings(&field, &e.id)] }
        })
        .collect();
    if !shared_allowed {
        notes.push(no_shared_places());
    }
    Standings::ranked(up_to, criteria, vec![], notes, rows, shared_allowed)
}

/// 第二十八条一2 Swiss after `up_to`: 总得分 = points + (opponents' points ÷ ½ maximum points −
/// rounds), maximum = 2 × rounds; then B, then C/D. Opponents who withdrew count per 第二十九条三.
pub fn swiss(field: &Field, up_to: u16, reading: SwissReading, shared_allowed: bool) -> Standings {
    let rounds = i64::from(up_to.max(1));
    let index = field.index();
    // What each player counts as an opponent (第二十九条三), once per player.
    let as_opponent: std::collections::HashMap<&crate::model::PlayerId, Frac> =
        field.entrants.iter().map(|e| (&e.id, swiss_opponent_points(&index, &e.id, up_to))).collect();
    let rows = field
        .entrants
        .iter()
        .map(|e| {
            let points = Frac::int(index.points(&e.id, up_to));
            let sos: Frac = index
                .games_of(&e.id)
                .filter(|g| g.round <= up_to && g.score != GameScore::Pending)
                .filter_map(|g| g.opponent_of(&e.id))
                .filter_map(|o| as_opponent.get(o).copied())
                .sum();
            // ½ of the maximum (2 × rounds) is `rounds`.
            let term = sos.div_int(rounds) - Frac::int(rounds);
            let total = points + term;
            let b = warnings(field, &e.id);
            let values = match reading {
                SwissReading::TieBreak => vec![points, term, b, total],
                SwissReading::Literal => vec![total, b, points, term],
            };
            Unplaced { player: e, values }
        })
        .collect();
    let (criteria, shown) = match reading {
        SwissReading::TieBreak => {
            (vec![Criterion::Points, Criterion::OpponentsTerm, Criterion::Warnings], vec![Criterion::SwissTotal])
        }
        SwissReading::Literal => {
            (vec![Criterion::SwissTotal, Criterion::Warnings], vec![Criterion::Points, Criterion::OpponentsTerm])
        }
    };
    let mut notes = vec![match reading {
        SwissReading::TieBreak => said!(_l =>
            zh: "第二十八条一2 总得分公式按同分时的区分理解：先比积分，积分相同再比（对手积分总和 ÷ ½最高积分 − 轮次数），再比 B；总得分照规则所列显示",
            en: "Art. 28.1.2 read as a tie-break: ranked by points, then by (opponents' points ÷ ½ maximum − rounds), then B; the total is shown as the rules print it",
            zh_hant: "第二十八條一2 總得分公式按同分時的區分理解：先比積分，積分相同再比（對手積分總和 ÷ ½最高積分 − 輪次數），再比 B；總得分照規則所列顯示",
            ko: "제28조 1항 2를 동점 처리 기준으로 해석: 승점으로 순위를 정하고, 같으면 (상대 승점 합 ÷ 최고 승점의 ½ − 라운드 수), 그다음 B로 가립니다. 총점은 규칙에 적힌 대로 표시합니다",
            ja: "第二十八条第一項2を同点時の区別として解釈：まず勝ち点、同じなら（相手の勝ち点の合計 ÷ 最高勝ち点の½ − 回戦数）、次に B で比べます。総得点は規則の記載どおり表示します",
        ),
        SwissReading::Literal => said!(_l =>
            zh: "第二十八条一2 按字面理解：按总得分 = 积分 +（对手积分总和 ÷ ½最高积分 − 轮次数）排名，再比 B",
            en: "Art. 28.1.2 read literally: ranked by the total = points + (opponents' points ÷ ½ maximum − rounds), then B",
            zh_hant: "第二十八條一2 按字面理解：按總得分 = 積分 +（對手積分總和 ÷ ½最高積分 − 輪次數）排名，再比 B",
            ko: "제28조 1항 2를 글자 그대로 해석: 총점 = 승점 + (상대 승점 합 ÷ 최고 승점의 ½ − 라운드 수)로 순위를 정하고, 그다음 B",
            ja: "第二十八条第一項2を文字どおりに解釈：総得点 = 勝ち点 +（相手の勝ち点の合計 ÷ 最高勝ち点の½ − 回戦数）で順位を決め、次に B",
        ),
    }];
    if field.entrants.iter().any(|e| e.withdrawn_after.is_some_and(|w| w < up_to)) {
        notes.push(said!(_l =>
            zh: "第二十九条三：退出者在对手积分总和中按 已赛积分 + A × 未赛局数 计算（A = 积分 ÷ 已赛局数，大于1按1计）",
            en: "Art. 29.3: withdrawn players count played points + A × unplayed games in their opponents' sums (A = points ÷ games played, at most 1)",
            zh_hant: "第二十九條三：退出者在對手積分總和中按 已賽積分 + A × 未賽局數 計算（A = 積分 ÷ 已賽局數，大於1按1計）",
            ko: "제29조 3항: 기권자는 상대 승점 합에서 (치른 승점 + A × 남은 대국 수)로 계산합니다(A = 승점 ÷ 치른 대국 수, 최대 1)",
            ja: "第二十九条第三項：棄権者は相手の勝ち点の合計で（対局済みの勝ち点 + A × 未対局数）として数えます（A = 勝ち点 ÷ 対局数、最大 1）",
        ));
    }
    if !shared_allowed {
        notes.push(no_shared_places());
    }
    Standings { swiss_reading: Some(reading), ..Standings::ranked(up_to, criteria, shown, notes, rows, shared_allowed) }
}

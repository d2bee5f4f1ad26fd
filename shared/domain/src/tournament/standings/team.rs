//! 第二十八条二 team standings. Each board game is scored 2/1/0 (局分, game points); each match
//! 2/1/0 by game points (场分, match points). Round robin: match points, then game points, then
//! board 1's game points, board 2's, …; all equal, the place is shared. Swiss: 总得分 = match
//! points + (opponents' match points ÷ ½ maximum match points − rounds), then as round robin —
//! read as 第二十八条一2 is read (see [`SwissReading`]).

use crate::labels::said;
use crate::tournament::field::{Field, GameScore};
use crate::tournament::frac::Frac;
use crate::tournament::team::{board_of, Teams};

use super::{no_shared_places, Criterion, Standings, SwissReading, Unplaced};

/// The team standings after `up_to`; `swiss` names the reading for a team Swiss event, `None`
/// for a team round robin.
pub fn standings(
    field: &Field,
    teams: &Teams,
    swiss: Option<SwissReading>,
    up_to: u16,
    shared_allowed: bool,
) -> Standings {
    let team_field = teams.field(field);
    let index = team_field.index();
    let boards = usize::from(teams.boards);
    // Game points per team, in total and per board.
    let mut game_points = vec![0i64; teams.teams.len()];
    let mut by_board = vec![vec![0i64; boards]; teams.teams.len()];
    for m in teams.matches(field).iter().filter(|m| m.round <= up_to) {
        for g in &m.games {
            let b = usize::from(board_of(g.table, teams.boards)) - 1;
            for side in [m.black, m.white] {
                let points = m.points_of(side, g).unwrap_or(0);
                game_points[side] += points;
                by_board[side][b] += points;
            }
        }
    }
    let rounds = i64::from(up_to.max(1));
    let by_key: std::collections::HashMap<_, _> = teams.teams.iter().enumerate().map(|(i, t)| (&t.key, i)).collect();
    let rows: Vec<Unplaced> = team_field
        .entrants
        .iter()
        .map(|e| {
            let i = by_key.get(&e.id).copied().unwrap_or_default();
            let match_points = Frac::int(index.points(&e.id, up_to));
            let mut values = vec![match_points];
            if let Some(reading) = swiss {
                let sos: Frac = index
                    .games_of(&e.id)
                    .filter(|g| g.round <= up_to && g.score != GameScore::Pending)
                    .filter_map(|g| g.opponent_of(&e.id))
                    .map(|o| Frac::int(index.points(o, up_to)))
                    .sum();
                // ½ of the maximum match points (2 × rounds) is `rounds`.
                let term = sos.div_int(rounds) - Frac::int(rounds);
                values = match reading {
                    SwissReading::TieBreak => vec![match_points, term],
                    SwissReading::Literal => vec![match_points + term],
                };
            }
            values.push(Frac::int(game_points[i]));
            values.extend(by_board[i].iter().map(|p| Frac::int(*p)));
            Unplaced { player: e, values }
        })
        .collect();
    let mut criteria = match swiss {
        None => vec![Criterion::MatchPoints],
        Some(SwissReading::TieBreak) => vec![Criterion::MatchPoints, Criterion::OpponentsTerm],
        Some(SwissReading::Literal) => vec![Criterion::SwissTotal],
    };
    criteria.push(Criterion::GamePoints);
    criteria.extend((1..=teams.boards).filter_map(Criterion::board));
    let mut notes = vec![match swiss {
        None => said!(_l =>
            zh: "第二十八条二1 团体循环赛：场分、局分、第一台局分、第二台局分……依次比较，全部相同名次并列",
            en: "Art. 28.2.1 team round robin: match points, game points, then board 1's game points, board 2's, …; all equal, the place is shared",
            zh_hant: "第二十八條二1 團體循環賽：場分、局分、第一臺局分、第二臺局分……依次比較，全部相同名次並列",
            ko: "제28조 2항 1 단체 리그: 매치 승점, 대국 승점, 제1판 대국 승점, 제2판 대국 승점… 순으로 비교하고, 모두 같으면 공동 순위",
            ja: "第二十八条第二項1 団体リーグ戦：マッチ勝ち点、局勝ち点、第1盤の局勝ち点、第2盤の局勝ち点……の順に比べ、すべて同じなら同順位",
        ),
        Some(SwissReading::TieBreak) => said!(_l =>
            zh: "第二十八条二2 团体积分编排：总得分按同分时的区分理解——先比场分，再比（对手场分总和 ÷ ½最高场分 − 轮次数），再依循环赛顺序比较",
            en: "Art. 28.2.2 team Swiss read as a tie-break: match points, then (opponents' match points ÷ ½ maximum − rounds), then as a round robin",
            zh_hant: "第二十八條二2 團體積分編排：總得分按同分時的區分理解——先比場分，再比（對手場分總和 ÷ ½最高場分 − 輪次數），再依循環賽順序比較",
            ko: "제28조 2항 2 단체 스위스 방식(중국 규칙)을 동점 처리 기준으로 해석: 매치 승점, 그다음 (상대 매치 승점 합 ÷ 최고 매치 승점의 ½ − 라운드 수), 그다음 리그 순서",
            ja: "第二十八条第二項2 団体スイス方式（中国規則）を同点時の区別として解釈：マッチ勝ち点、次に（相手のマッチ勝ち点の合計 ÷ 最高マッチ勝ち点の½ − 回戦数）、次にリーグ戦の順",
        ),
        Some(SwissReading::Literal) => said!(_l =>
            zh: "第二十八条二2 团体积分编排按字面理解：总得分 = 场分 +（对手场分总和 ÷ ½最高场分 − 轮次数），再依循环赛顺序比较",
            en: "Art. 28.2.2 team Swiss read literally: total = match points + (opponents' match points ÷ ½ maximum − rounds), then as a round robin",
            zh_hant: "第二十八條二2 團體積分編排按字面理解：總得分 = 場分 +（對手場分總和 ÷ ½最高場分 − 輪次數），再依循環賽順序比較",
            ko: "제28조 2항 2 단체 스위스 방식(중국 규칙)을 글자 그대로 해석: 총점 = 매치 승점 + (상대 매치 승점 합 ÷ 최고 매치 승점의 ½ − 라운드 수), 그다음 리그 순서",
            ja: "第二十八条第二項2 団体スイス方式（中国規則）を文字どおりに解釈：総得点 = マッチ勝ち点 +（相手のマッチ勝ち点の合計 ÷ 最高マッチ勝ち点の½ − 回戦数）、次にリーグ戦の順",
        ),
    }];
    if teams.teams.iter().any(|t| t.order.len() > boards) {
        notes.push(said!(_l =>
            zh: format!("第二十六条二：每队前 {boards} 名按台次出场，其余为替补"),
            en: format!("Art. 26.2: each team's first {boards} players sit in board order; the others are reserves"),
            zh_hant: format!("第二十六條二：每隊前 {boards} 名按臺次出場，其餘為替補"),
            ko: format!("제26조 2항: 각 팀의 앞 {boards}명이 판 순서대로 출전하고 나머지는 후보입니다"),
            ja: format!("第二十六条第二項：各チームの上位 {boards} 名が盤順に出場し、残りは補欠です"),
        ));
    }
    if !shared_allowed {
        notes.push(no_shared_places());
    }
    Standings { swiss_reading: swiss, ..Standings::ranked(up_to, criteria, vec![], notes, rows, shared_allowed) }
}

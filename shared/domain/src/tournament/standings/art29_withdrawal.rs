//! 第二十九条 棋手退出比赛: what a withdrawal does to the results the standings count.
//! - 一 before round 1: the draw is redone if time allows (a pairing matter; nothing to count).
//! - 二 round robin: fewer than half the rounds played → every result of that player is void;
//!   at least half → each game not yet played is the opponent's win.
//! - 三 Swiss: results stand, no further pairing; in opponents' sums the withdrawn player counts
//!   played points + A × the rounds after the withdrawal, A = points of the games played ÷
//!   their number, capped at 1 (rules revision 6; before it, × every round without a game).
//! - 四 team and match play: results stand, games not played are the opponent's wins (the
//!   same credit as the round robin's second case).

use crate::labels::said;
use crate::model::PlayerId;
use crate::rules::UNPLAYED_AFTER_WITHDRAWAL_SINCE;
use crate::tournament::field::{Field, FieldGame, FieldIndex, GameScore};
use crate::tournament::frac::Frac;

use super::Note;

/// Completed games of `p` up to `up_to`.
pub fn games_played(field: &Field, p: &PlayerId, up_to: u16) -> i64 {
    field.games_of(p).filter(|g| g.round <= up_to && g.score != GameScore::Pending).count() as i64
}

/// 第二十九条二 and 四: the field a round robin (or match) is scored on. Returns it with the
/// players whose results are void and notes saying what was applied.
pub fn round_robin_field(field: &Field) -> (Field, Vec<PlayerId>, Vec<Note>) {
    let mut out = field.clone();
    let mut void = Vec::new();
    let mut notes = Vec::new();
    let cycles =
        (field.rounds / crate::tournament::pairing::round_robin::rounds_per_cycle(field.entrants.len()).max(1)).max(1);
    for w in field.entrants.iter().filter(|e| e.withdrawn_after.is_some()) {
        let played = games_played(field, &w.id, u16::MAX);
        if 2 * played < i64::from(field.rounds) {
            out.games.retain(|g| g.colour_of(&w.id).is_none());
            void.push(w.id.clone());
            let (name, rounds) = (&w.name, field.rounds);
            notes.push(said!(_l =>
                zh: format!("第二十九条二：{name} 已赛 {played} 局（共 {rounds} 轮）不足一半后退出，其已赛成绩全部无效"),
                en: format!("Art. 29.2: {name} withdrew after {played} of {rounds} rounds (fewer than half): all of that player's results are void"),
                zh_hant: format!("第二十九條二：{name} 已賽 {played} 局（共 {rounds} 輪）不足一半後退出，其已賽成績全部無效"),
                ko: format!("제29조 2항: {name}이(가) 전체 {rounds}라운드 중 {played}국(절반 미만)을 두고 기권했으므로 그 대국자의 성적은 모두 무효입니다"),
                ja: format!("第二十九条第二項：{name} は全 {rounds} 回戦のうち {played} 局（半分未満）で棄権したため、その成績はすべて無効です"),
            ));
            continue;
        }
        let after = w.withdrawn_after.unwrap_or(0);
        let mut credited = 0;
        for q in field.entrants.iter().filter(|e| e.id != w.id && !void.contains(&e.id)) {
            let met = field
                .games
                .iter()
                .filter(|g| {
                    g.score != GameScore::Pending && g.colour_of(&w.id).is_some() && g.colour_of(&q.id).is_some()
                })
                .count() as u16;
            for _ in met..cycles {
                out.games.retain(|g| {
                    !(g.score == GameScore::Pending && g.colour_of(&w.id).is_some() && g.colour_of(&q.id).is_some())
                });
                out.games.push(FieldGame {
                    round: after + 1,
                    table: 0,
                    black: w.id.clone(),
                    white: q.id.clone(),
                    handicap: 0,
                    score: GameScore::WhiteWins,
                    by_default: true,
                });
                credited += 1;
            }
        }
        let (name, rounds) = (&w.name, field.rounds);
        notes.push(said!(_l =>
            zh: format!("第二十九条二：{name} 已赛 {played} 局（共 {rounds} 轮）达到一半后退出，其余 {credited} 局作对手胜"),
            en: format!("Art. 29.2: {name} withdrew after {played} of {rounds} rounds (at least half): {credited} unplayed game(s) scored as the opponents' wins"),
            zh_hant: format!("第二十九條二：{name} 已賽 {played} 局（共 {rounds} 輪）達到一半後退出，其餘 {credited} 局作對手勝"),
            ko: format!("제29조 2항: {name}이(가) 전체 {rounds}라운드 중 {played}국(절반 이상)을 두고 기권했으므로 남은 {credited}국은 상대의 승리입니다"),
            ja: format!("第二十九条第二項：{name} は全 {rounds} 回戦のうち {played} 局（半分以上）で棄権したため、残りの {credited} 局は相手の勝ちとします"),
        ));
    }
    (out, void, notes)
}

/// 第二十九条三: the points a Swiss opponent counts for `p` in sums of opponents' points after
/// round `up_to` — played points, plus A × unplayed games if `p` withdrew.
///
/// Seed 001: "已赛部分积分有效。未赛部分应为A(即:积分/已赛局数)*未赛局数。A如大于1,则按1计算",
/// and "以后各轮比赛,不再编排". The played part is every point `p` has, a bye's included (its
/// results stand); the unplayed games are those of the rounds after the withdrawal, which are
/// no longer paired; A is the points of the games played over their number: a bye is no 局
/// (no game, no opponent), so it is neither in A nor an unplayed game. Under a withdrawal
/// recorded before [`UNPLAYED_AFTER_WITHDRAWAL_SINCE`], every round up to `up_to` without a
/// game counted as unplayed (a bye before the withdrawal counted twice: its points and A).
pub fn swiss_opponent_points(index: &FieldIndex, p: &PlayerId, up_to: u16) -> Frac {
    let points = Frac::int(index.points(p, up_to));
    let Some((after, rules)) =
        index.field.entrant(p).and_then(|e| Some((e.withdrawn_after?, e.withdrawn_under))).filter(|(w, _)| *w < up_to)
    else {
        return points;
    };
    let games: Vec<&FieldGame> =
        index.games_of(p).filter(|g| g.round <= up_to && g.score != GameScore::Pending).collect();
    let played = games.len() as i64;
    let game_points: i64 = games.iter().filter_map(|g| g.score.points(g.colour_of(p)?)).sum();
    let a = Frac::new(game_points, played).min(Frac::int(1));
    let unplayed = if rules >= UNPLAYED_AFTER_WITHDRAWAL_SINCE {
        i64::from(up_to - after)
    } else {
        (i64::from(up_to) - played).max(0)
    };
    points + a.mul_int(unplayed)
}

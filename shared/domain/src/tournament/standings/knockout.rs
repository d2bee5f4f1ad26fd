//! A knockout's standing (第二十七条一): who went out later places higher; those out in the same
//! round share the place (第二十八条 C), or are flagged for a play-off or lots where the event
//! allows no shared place (D). The last player in is first once the knockout is over.

use crate::labels::said;
use crate::tournament::field::Field;
use crate::tournament::frac::Frac;
use crate::tournament::pairing::knockout::out_after;

use super::{no_shared_places, Criterion, Standings, Unplaced};

/// The knockout after `up_to` rounds, players out after `lives` defeats.
pub fn standings(field: &Field, lives: u8, up_to: u16, shared_allowed: bool) -> Standings {
    let index = field.index();
    let still_in = i64::from(up_to) + 1;
    let rows: Vec<Unplaced> = field
        .entrants
        .iter()
        .map(|e| {
            let reached = out_after(&index, &e.id, lives).filter(|r| *r <= up_to).map_or(still_in, i64::from);
            Unplaced { player: e, values: vec![Frac::int(reached), Frac::int(index.points(&e.id, up_to))] }
        })
        .collect();
    let left: Vec<&str> =
        rows.iter().filter(|r| r.values[0].num() == still_in).map(|r| r.player.name.as_str()).collect();
    let kind = match lives {
        1 => ["单败淘汰", "single elimination", "單敗淘汰", "싱글 엘리미네이션", "シングルエリミネーション"],
        2 => ["双败淘汰", "double elimination", "雙敗淘汰", "더블 엘리미네이션", "ダブルエリミネーション"],
        _ => ["多败淘汰", "multiple elimination", "多敗淘汰", "다패 탈락", "多敗エリミネーション"],
    };
    let mut notes = vec![said!(l =>
        zh: format!("第二十七条一 {}：同轮被淘汰者名次并列；“淘汰轮次”为被淘汰的轮次", l.pick(kind)),
        en: format!("Art. 27.1 {}: players out in the same round share the place; \"out in round\" is the round a player went out in", l.pick(kind)),
        zh_hant: format!("第二十七條一 {}：同輪被淘汰者名次並列；「淘汰輪次」為被淘汰的輪次", l.pick(kind)),
        ko: format!("제27조 1항 {}: 같은 라운드에서 탈락한 대국자는 공동 순위이며, ‘탈락 라운드’는 탈락한 라운드입니다", l.pick(kind)),
        ja: format!("第二十七条第一項 {}：同じ回戦で敗退した者は同順位。「敗退の回戦」は敗退した回戦です", l.pick(kind)),
    )];
    if let [winner] = left[..] {
        notes.push(said!(_l =>
            zh: format!("{winner} 获胜"),
            en: format!("{winner} won the knockout"),
            zh_hant: format!("{winner} 獲勝"),
            ko: format!("{winner} 우승"),
            ja: format!("{winner} の優勝"),
        ));
    } else {
        let n = left.len();
        notes.push(said!(_l =>
            zh: format!("尚有 {n} 人未被淘汰"),
            en: format!("{n} players still in"),
            zh_hant: format!("尚有 {n} 人未被淘汰"),
            ko: format!("{n}명이 아직 남아 있습니다"),
            ja: format!("まだ {n} 人が残っています"),
        ));
    }
    if !shared_allowed {
        notes.push(no_shared_places());
    }
    let criteria = vec![Criterion::Reached];
    Standings::ranked(up_to, criteria, vec![Criterion::Points], notes, rows, shared_allowed)
}

//! A knockout's standing (第二十七条一): who went out later places higher; those out in the same
//! round share the place (第二十八条 C), or are flagged for a play-off or lots where the event
//! allows no shared place (D). The last player in is first once the knockout is over.

use crate::tournament::field::Field;
use crate::tournament::frac::Frac;
use crate::tournament::pairing::knockout::out_after;

use super::{Criterion, Note, Standings, Unplaced};

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
        1 => ("单败淘汰", "single elimination"),
        2 => ("双败淘汰", "double elimination"),
        _ => ("多败淘汰", "multiple elimination"),
    };
    let mut notes = vec![Note::new(
        format!("第二十七条一 {}：同轮被淘汰者名次并列；“reached”为被淘汰的轮次", kind.0),
        format!("Art. 27.1 {}: players out in the same round share the place; \"reached\" is the round a player went out in", kind.1),
    )];
    if let [winner] = left[..] {
        notes.push(Note::new(format!("{winner} 获胜"), format!("{winner} won the knockout")));
    } else {
        notes.push(Note::new(format!("尚有 {} 人未被淘汰", left.len()), format!("{} players still in", left.len())));
    }
    if !shared_allowed {
        notes.push(Note::no_shared_places());
    }
    let criteria = vec![Criterion::Reached];
    Standings::ranked(up_to, criteria, vec![Criterion::Points], notes, rows, shared_allowed)
}

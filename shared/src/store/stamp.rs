//! A batch of new events made ready to store, the same for every store: the office's own key
//! registration first where its chain in the tournament has no head yet (the ledger's root),
//! then each body stamped with the store's HLC and a UUIDv7 at `now`, checked, and signed in
//! order, each naming the digest of the one signed before it. Each body's `wall_time` is `made`:
//! `now` but for a record an official made offline on a phone and the office stamps on arrival
//! (its HLC is the arrival, its wall time the moment it happened, which the rules' times read).

use chrono::{DateTime, Utc};

use crate::clock::HybridClock;
use crate::error::Result;
use crate::event::{Event, EventBody, EventDigest, NewEvent};
use crate::model::{Author, EventId, TournamentId};

use super::{office_author, Signer};

/// The batch, and each event's digest where it was signed (the new chain head is the last).
pub struct Stamped {
    pub events: Vec<Event>,
    pub digests: Vec<EventDigest>,
}

/// Makes `bodies` by `author` ready to store in `tournament`: see the module's documentation.
/// `head` is the signer's chain head in the tournament (none: it has not signed there).
#[allow(clippy::too_many_arguments)]
pub fn stamp(
    signer: Option<&Signer>,
    head: Option<EventDigest>,
    clock: &mut HybridClock,
    tournament: &TournamentId,
    author: &Author,
    bodies: Vec<NewEvent>,
    now: DateTime<Utc>,
    made: DateTime<Utc>,
    random: &mut dyn FnMut() -> Result<[u8; 10]>,
) -> Result<Stamped> {
    let now_ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
    let event = |game, author: Author, hlc, id, body: EventBody, wall_time| Event {
        schema: crate::event::schema_for(&body),
        rules: Some(crate::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id,
        tournament: tournament.clone(),
        game,
        author,
        hlc,
        wall_time,
        body,
    };
    let mut events = Vec::with_capacity(bodies.len() + 1);
    if let Some(signer) = signer.filter(|s| s.announces && head.is_none()) {
        let hlc = clock.tick(now_ms);
        let body =
            EventBody::KeyRegistered { signer: signer.id.clone(), key: signer.key.public(), person: None, role: None };
        events.push(event(
            None,
            office_author()?,
            hlc,
            EventId::from_parts(hlc.wall_ms, crate::random_id_bits()?),
            body,
            now,
        ));
    }
    for (game, body) in bodies {
        let e = event(game, author.clone(), clock.tick(now_ms), EventId::from_parts(now_ms, random()?), body, made);
        e.validate()?;
        events.push(e);
    }
    let mut digests = Vec::new();
    if let Some(signer) = signer {
        let mut head = head;
        for e in &mut events {
            e.prev = head;
            let d = signer.key.sign(e, signer.id.clone());
            digests.push(d);
            head = Some(d);
        }
    }
    Ok(Stamped { events, digests })
}

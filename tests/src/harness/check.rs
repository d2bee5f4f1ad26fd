//! The league's invariants at quiescence:
//! 1. every event a tablet's venue acknowledged is at that venue, and at the centre or listed
//!    as refused on both offices with a reason; every refusal to a tablet is in its venue's log;
//! 2. no event twice, at any office;
//! 3. every replica's game states equal (venue and centre; each tablet in use and its venue);
//! 4. the centre's standings, as both its processes serve them, equal those folded from the
//!    union of the halls' events;
//! 5. every receipt a tablet or a venue holds is satisfied by the office that gave it.

use std::collections::{HashMap, HashSet};

use arbiter_core::event::Event;
use arbiter_core::model::EventId;
use arbiter_core::store::EventStore;
use arbiter_core::sync::protocol::Refusal;
use arbiter_office::server::AppState;
use reqwest::Method;
use serde_json::Value;

use super::world::World;
use crate::tournament;

/// One invariant broken, and how.
#[derive(Debug, Clone)]
pub struct Violation {
    pub invariant: &'static str,
    pub detail: String,
}

impl Violation {
    pub fn new(invariant: &'static str, detail: impl Into<String>) -> Violation {
        Violation { invariant, detail: detail.into() }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.invariant, self.detail)
    }
}

/// Refused event ids and their reasons, from an office's `/refusals` (`upstream` only, or all).
async fn refusals(proc: &crate::procs::OfficeProc, token: &str, upstream_only: bool) -> HashMap<String, String> {
    let list = proc.call(token, Method::GET, "/refusals?limit=10000", None).await.unwrap_or_default();
    let list: Vec<Refusal> = serde_json::from_value(list).unwrap_or_default();
    list.into_iter()
        .filter(|r| r.upstream || !upstream_only)
        .filter_map(|r| Some((r.event?, format!("{}: {}", r.code, r.message))))
        .collect()
}

fn ids(events: &[Event]) -> (HashSet<EventId>, Vec<EventId>) {
    let mut seen = HashSet::new();
    let twice = events.iter().filter(|e| !seen.insert(e.id)).map(|e| e.id).collect();
    (seen, twice)
}

fn game_state(store: &dyn EventStore, g: &arbiter_core::model::GameId) -> Value {
    match store.game_state(&tournament(), g) {
        Ok(s) => serde_json::to_value(s.as_deref()).unwrap_or_default(),
        Err(e) => Value::String(format!("unreadable: {e}")),
    }
}

pub(super) async fn check(w: &mut World<'_>) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut stats = w.stats;
    // What the offices serve, while they run.
    let mut served = Vec::new();
    for c in &w.central {
        served.push(c.call(&w.org, Method::GET, "/standings", None).await.unwrap_or_else(|r| r.body));
    }
    let centre_refused = refusals(&w.central[0], &w.org, false).await;
    let mut venue_refused = Vec::new();
    for v in &w.venues {
        venue_refused.push((refusals(&v.proc, &v.token, true).await, refusals(&v.proc, &v.token, false).await));
    }
    // Then each venue's store read as it lies on disk after a SIGKILL.
    let mut venues = Vec::new();
    for v in &mut w.venues {
        v.proc.kill();
        match AppState::open(&v.dir) {
            Ok(s) => venues.push(s),
            Err(e) => {
                out.push(Violation::new(
                    "durability",
                    format!("venue store at {} does not open: {e}", v.dir.display()),
                ));
                return out;
            }
        }
    }
    let centre = match arbiter_office::pg::PgStore::connect(&w.db) {
        Ok(s) => s,
        Err(e) => {
            out.push(Violation::new("durability", format!("the centre's database: {e}")));
            return out;
        }
    };
    let centre_events = centre.all_events().unwrap_or_default();
    let (centre_ids, twice) = ids(&centre_events);
    if !twice.is_empty() {
        out.push(Violation::new("no event twice", format!("at the centre: {twice:?}")));
    }
    let mut union: Vec<Event> = centre_events.iter().filter(|e| e.game.is_none()).cloned().collect();
    for (v, state) in venues.iter().enumerate() {
        let events = state.store.all_events().unwrap_or_default();
        let (venue_ids, twice) = ids(&events);
        if !twice.is_empty() {
            out.push(Violation::new("no event twice", format!("at venue {v}: {twice:?}")));
        }
        let (up_refused, all_refused) = &venue_refused[v];
        stats.refused_upstream += up_refused.len();
        // 1. What the venue holds of its tablets' reaches the centre, or is refused on both.
        for e in events.iter().filter(|e| e.author.device.as_str().starts_with("tab-")) {
            let id = e.id.to_string();
            if centre_ids.contains(&e.id) {
                continue;
            }
            match (up_refused.get(&id), centre_refused.get(&id)) {
                (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => {}
                (a, b) => out.push(Violation::new(
                    "acknowledged reaches the centre",
                    format!(
                        "{id} by {} is at venue {v}, not at the centre; refused at the venue: {a:?}, at the centre: {b:?}",
                        e.author.device
                    ),
                )),
            }
        }
        for t in w.tablets().filter(|t| t.venue == v) {
            let acknowledged = t.acknowledged();
            stats.acknowledged += acknowledged.len();
            for id in acknowledged {
                if !venue_ids.contains(&id) {
                    out.push(Violation::new(
                        "acknowledged is kept",
                        format!("{id} of {} was acknowledged but is not at venue {v}", t.dev.author.device),
                    ));
                }
            }
            for (id, why) in &t.rejected {
                stats.refused_at_venue += 1;
                if !all_refused.contains_key(id) {
                    out.push(Violation::new(
                        "nothing refused is silent",
                        format!("{id} refused to {} ({why}) is not in venue {v}'s refusal log", t.dev.author.device),
                    ));
                }
            }
        }
        // 3. The venue's games, as it and the centre hold them.
        let venue = &w.venues[v];
        for g in &venue.games {
            let (here, there) = (game_state(&*state.store, g), game_state(&centre, g));
            let refused_here =
                events.iter().any(|e| e.game.as_ref() == Some(g) && up_refused.contains_key(&e.id.to_string()));
            if here != there && !refused_here {
                out.push(Violation::new("replicas agree", format!("game {g}: venue {v} {here} — centre {there}")));
            }
            for t in w.live_tablets().filter(|t| t.venue == v && t.rejected.is_empty()) {
                let mine = game_state(&*t.dev.store, g);
                if mine != here {
                    out.push(Violation::new(
                        "replicas agree",
                        format!("game {g}: {} {mine} — venue {v} {here}", t.dev.author.device),
                    ));
                }
            }
        }
        union.extend(
            events
                .iter()
                .filter(|e| e.game.as_ref().is_some_and(|g| venue.games.contains(g)))
                .filter(|e| !up_refused.contains_key(&e.id.to_string()))
                .cloned(),
        );
        // 5. The centre's receipts to this venue, and the venue's to its tablets.
        let forwarder = state.forwarder().ok().flatten();
        let receipts = forwarder.map(|f| f.receipts().unwrap_or_default()).unwrap_or_default();
        for r in arbiter_office::verify::check_receipts(&centre_events, &receipts) {
            stats.receipts += 1;
            if !(r.signed && r.held >= r.count && r.last_held) {
                out.push(Violation::new("receipts hold", format!("the centre's receipt to venue {v}: {r:?}")));
            }
        }
        for t in w.tablets().filter(|t| t.venue == v) {
            for r in arbiter_office::verify::check_receipts(&events, &t.dev.client.receipts().unwrap_or_default()) {
                stats.receipts += 1;
                if !(r.signed && r.held >= r.count && r.last_held) {
                    out.push(Violation::new(
                        "receipts hold",
                        format!("venue {v}'s receipt to {}: {r:?}", t.dev.author.device),
                    ));
                }
            }
        }
    }
    // 4. The centre's standings against the union of the halls' events.
    union.sort_by_key(|e| (e.hlc, e.id));
    let folded = arbiter_core::tournament::view::replay(&union)
        .into_iter()
        .find(|v| v.id == tournament())
        .map(|v| arbiter_core::tournament::run::standings(&v, None));
    let folded = match folded {
        Some(Ok(s)) => serde_json::to_value(s).unwrap_or_default(),
        other => Value::String(format!("{other:?}")),
    };
    for (i, s) in served.iter().enumerate() {
        if *s != folded {
            out.push(Violation::new(
                "standings equal the halls'",
                format!("central process {i} serves {s}; the halls' events fold to {folded}"),
            ));
        }
    }
    w.stats = stats;
    out
}

//! The league's invariants at quiescence:
//! 1. every event a tablet's venue acknowledged is at that venue, and at the centre or listed
//!    as refused on both offices with a reason; every refusal to a tablet is in its venue's log;
//! 2. no event twice, at any office;
//! 3. the replicas hold what they must, refusals included: the centre holds exactly what its
//!    venue holds of a venue's game less what it refused; each tablet in use holds exactly what
//!    its venue holds plus its own records the venue refused; and every replica's kept state is
//!    the full fold of the events it holds;
//! 4. the centre's standings, as both its processes serve them, equal those folded from the
//!    union of the halls' events;
//! 5. every receipt a tablet or a venue holds is satisfied by the office that gave it.
//!
//! The checker reads every store and log it needs; a read it cannot make is a violation of its
//! own ("the checker reads"), so nothing holds because it was not read.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Display;

use arbiter_core::event::Event;
use arbiter_core::game::GameState;
use arbiter_core::model::{EventId, GameId};
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

/// What the checker found, and what it could not read.
#[derive(Default)]
struct Found(Vec<Violation>);

impl Found {
    fn push(&mut self, invariant: &'static str, detail: impl Into<String>) {
        self.0.push(Violation::new(invariant, detail));
    }

    /// A read the checker must make: its value, or a violation saying what could not be read.
    fn read<T, E: Display>(&mut self, what: impl Display, r: Result<T, E>) -> Option<T> {
        r.map_err(|e| self.push("the checker reads", format!("{what}: {e}"))).ok()
    }
}

/// Refused event ids and their reasons, from an office's `/refusals` (`upstream` only, or all).
async fn refusals(
    proc: &crate::procs::OfficeProc,
    token: &str,
    upstream_only: bool,
) -> Result<HashMap<String, String>, String> {
    let list = proc
        .call(token, Method::GET, "/refusals?limit=10000", None)
        .await
        .map_err(|r| format!("answered {} {}", r.status, r.body))?;
    let list: Vec<Refusal> = serde_json::from_value(list).map_err(|e| format!("not a refusal list: {e}"))?;
    Ok(list
        .into_iter()
        .filter(|r| r.upstream || !upstream_only)
        .filter_map(|r| Some((r.event?, format!("{}: {}", r.code, r.message))))
        .collect())
}

fn ids(events: &[Event]) -> (HashSet<EventId>, Vec<EventId>) {
    let mut seen = HashSet::new();
    let twice = events.iter().filter(|e| !seen.insert(e.id)).map(|e| e.id).collect();
    (seen, twice)
}

/// A replica's view of one game: the events it holds, and whether the state it keeps is the
/// full fold of them.
struct Replica {
    ids: BTreeSet<EventId>,
    state: Option<GameState>,
}

fn replica(found: &mut Found, who: &str, store: &dyn EventStore, g: &GameId) -> Option<Replica> {
    let t = tournament();
    let events = found.read(format_args!("{who}'s events of game {g}"), store.game_events(&t, g))?;
    let kept = found.read(format_args!("{who}'s state of game {g}"), store.game_state(&t, g))?;
    let setup = found.read(format_args!("{who}'s set-up"), store.setup(&t))?;
    let folded = arbiter_core::game::fold_game(g, setup.default_ruleset(), &events);
    match kept.as_deref() {
        Some(kept) if *kept != folded => found.push(
            "a kept state is the fold of its events",
            format!("{who}, game {g}: keeps {} — its {} events fold to {}", brief(kept), events.len(), brief(&folded)),
        ),
        None if !events.is_empty() => found.push(
            "a kept state is the fold of its events",
            format!("{who}, game {g}: no state for {} events", events.len()),
        ),
        _ => {}
    }
    Some(Replica { ids: events.iter().map(|e| e.id).collect(), state: kept.map(|s| (*s).clone()) })
}

/// A game's state in words the same on every run of a seed.
fn brief(s: &GameState) -> String {
    let result = s.result.as_ref().map(|r| format!("{:?} by {:?}", r.outcome, r.reason));
    let rejected: Vec<&str> = s.rejected.iter().map(|r| r.error.code.as_str()).collect();
    format!(
        "{:?}, warnings {}/{}, result {result:?}, {} events, {} after the result, rejected {rejected:?}",
        s.status,
        s.sides.black.warnings.len(),
        s.sides.white.warnings.len(),
        s.events,
        s.after_result.len()
    )
}

/// `a` less `b`, listed.
fn less(a: &BTreeSet<EventId>, b: &BTreeSet<EventId>) -> Vec<EventId> {
    a.difference(b).copied().collect()
}

pub(super) async fn check(w: &mut World<'_>) -> Vec<Violation> {
    let mut found = Found::default();
    let mut stats = w.stats;
    // What the offices serve, while they run.
    let mut served = Vec::new();
    for (i, c) in w.central.iter().enumerate() {
        match c.call(&w.org, Method::GET, "/standings", None).await {
            Ok(s) => served.push(s),
            Err(r) => {
                found.push("the checker reads", format!("central process {i}'s standings: {} {}", r.status, r.body))
            }
        }
    }
    let centre_refused = refusals(&w.central[0], &w.org, false).await;
    let Some(centre_refused) = found.read("the centre's refusal log", centre_refused) else { return found.0 };
    let mut venue_refused = Vec::new();
    for (v, venue) in w.venues.iter().enumerate() {
        let up =
            found.read(format_args!("venue {v}'s upstream refusals"), refusals(&venue.proc, &venue.token, true).await);
        let all = found.read(format_args!("venue {v}'s refusal log"), refusals(&venue.proc, &venue.token, false).await);
        let (Some(up), Some(all)) = (up, all) else { return found.0 };
        venue_refused.push((up, all));
    }
    // Then each venue's store read as it lies on disk after a SIGKILL.
    let mut venues = Vec::new();
    for v in &mut w.venues {
        v.proc.kill();
        match AppState::open(&v.dir) {
            Ok(s) => venues.push(s),
            Err(e) => {
                found.push("durability", format!("venue store at {} does not open: {e}", v.dir.display()));
                return found.0;
            }
        }
    }
    let centre = match arbiter_office::pg::PgStore::connect(&w.db) {
        Ok(s) => s,
        Err(e) => {
            found.push("durability", format!("the centre's database: {e}"));
            return found.0;
        }
    };
    let Some(centre_events) = found.read("the centre's events", centre.all_events()) else { return found.0 };
    let (centre_ids, twice) = ids(&centre_events);
    if !twice.is_empty() {
        found.push("no event twice", format!("at the centre: {twice:?}"));
    }
    let mut union: Vec<Event> = centre_events.iter().filter(|e| e.game.is_none()).cloned().collect();
    let mut summary = Vec::new();
    for (v, state) in venues.iter().enumerate() {
        let Some(events) = found.read(format_args!("venue {v}'s events"), state.store.all_events()) else { continue };
        let (venue_ids, twice) = ids(&events);
        if !twice.is_empty() {
            found.push("no event twice", format!("at venue {v}: {twice:?}"));
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
                (a, b) => found.push(
                    "acknowledged reaches the centre",
                    format!(
                        "{id} by {} is at venue {v}, not at the centre; refused at the venue: {a:?}, at the centre: {b:?}",
                        e.author.device
                    ),
                ),
            }
        }
        for t in w.tablets().filter(|t| t.venue == v) {
            let device = &t.dev.author.device;
            let Some(acknowledged) = found.read(format_args!("{device}'s outbox"), t.acknowledged()) else { continue };
            stats.acknowledged += acknowledged.len();
            for id in acknowledged {
                if !venue_ids.contains(&id) {
                    found.push(
                        "acknowledged is kept",
                        format!("{id} of {device} was acknowledged but is not at venue {v}"),
                    );
                }
            }
            for (id, why) in &t.rejected {
                stats.refused_at_venue += 1;
                if !all_refused.contains_key(id) {
                    found.push(
                        "nothing refused is silent",
                        format!("{id} refused to {device} ({why}) is not in venue {v}'s refusal log"),
                    );
                }
            }
        }
        // 3. The venue's games, as it, the centre and its tablets in use hold them.
        let venue = &w.venues[v];
        for g in &venue.games {
            let Some(here) = replica(&mut found, &format!("venue {v}"), &*state.store, g) else { continue };
            let Some(there) = replica(&mut found, "the centre", &centre, g) else { continue };
            let refused: BTreeSet<EventId> =
                here.ids.iter().filter(|id| up_refused.contains_key(&id.to_string())).copied().collect();
            let expected: BTreeSet<EventId> = here.ids.difference(&refused).copied().collect();
            if there.ids != expected {
                found.push(
                    "replicas agree",
                    format!(
                        "game {g}: the centre lacks {:?} and has beyond venue {v}'s (less {} refused upstream) {:?}",
                        less(&expected, &there.ids),
                        refused.len(),
                        less(&there.ids, &expected)
                    ),
                );
            }
            for t in w.live_tablets().filter(|t| t.venue == v) {
                let device = t.dev.author.device.to_string();
                let Some(mine) = replica(&mut found, &device, &*t.dev.store, g) else { continue };
                let own_refused: BTreeSet<EventId> =
                    mine.ids.iter().filter(|id| t.rejected.contains_key(&id.to_string())).copied().collect();
                let expected: BTreeSet<EventId> = here.ids.union(&own_refused).copied().collect();
                if mine.ids != expected {
                    found.push(
                        "replicas agree",
                        format!(
                            "game {g}: {device} lacks {:?} and has beyond venue {v}'s (and its {} own refused) {:?}",
                            less(&expected, &mine.ids),
                            own_refused.len(),
                            less(&mine.ids, &expected)
                        ),
                    );
                }
            }
            let words = there.state.as_ref().map_or_else(|| "nothing".to_owned(), brief);
            summary.push(format!("game {g} at the centre: {words}; {} refused upstream", refused.len()));
        }
        union.extend(
            events
                .iter()
                .filter(|e| e.game.as_ref().is_some_and(|g| venue.games.contains(g)))
                .filter(|e| !up_refused.contains_key(&e.id.to_string()))
                .cloned(),
        );
        // 5. The centre's receipts to this venue, and the venue's to its tablets.
        let forwarder = found.read(format_args!("venue {v}'s forwarder"), state.forwarder());
        let Some(forwarder) = forwarder.flatten() else {
            found.push("the checker reads", format!("venue {v} has no forwarder"));
            continue;
        };
        let Some(receipts) = found.read(format_args!("venue {v}'s receipts"), forwarder.receipts()) else { continue };
        for r in arbiter_office::verify::check_receipts(&centre_events, &receipts) {
            stats.receipts += 1;
            if !(r.signed && r.held >= r.count && r.last_held) {
                found.push("receipts hold", format!("the centre's receipt to venue {v}: {r:?}"));
            }
        }
        for t in w.tablets().filter(|t| t.venue == v) {
            let device = &t.dev.author.device;
            let Some(receipts) = found.read(format_args!("{device}'s receipts"), t.dev.client.receipts()) else {
                continue;
            };
            for r in arbiter_office::verify::check_receipts(&events, &receipts) {
                stats.receipts += 1;
                if !(r.signed && r.held >= r.count && r.last_held) {
                    found.push("receipts hold", format!("venue {v}'s receipt to {device}: {r:?}"));
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
        Some(Ok(s)) => found.read("the folded standings as JSON", serde_json::to_value(s)),
        other => {
            found.push("standings equal the halls'", format!("the halls' events give no standings: {other:?}"));
            None
        }
    };
    if let Some(folded) = folded {
        for (i, s) in served.iter().enumerate() {
            if *s != folded {
                found.push(
                    "standings equal the halls'",
                    format!("central process {i} serves {s}; the halls' events fold to {folded}"),
                );
            }
        }
        summary.push(format!("standings: {}", standings_words(&folded)));
    }
    let mut refusals: Vec<String> = w.tablets().flat_map(|t| t.rejected.values().map(|why| code_of(why))).collect();
    refusals.sort();
    summary.push(format!("refused to tablets: {refusals:?}"));
    w.trace.extend(summary);
    w.stats = stats;
    found.0
}

/// A refusal's code (its words may name a time).
fn code_of(why: &str) -> String {
    why.split(':').next().unwrap_or(why).to_owned()
}

/// The standings' ranks and points, without what may name a time.
fn standings_words(s: &Value) -> String {
    s.to_string()
}

//! Push and pull: the sync endpoints. Pushes are idempotent by event id; the office answers each
//! event on its own (accepted / duplicate / rejected with the reason) and stores the accepted
//! ones durably, in one shared sync, before it answers.

use arbiter_core::event::wire::Lined;
use arbiter_core::event::{Event, EventBody, PublicKey};
use arbiter_core::ledger::{check_all, Keyring};
use arbiter_core::rules::authority::{check_author, check_escalation};
use arbiter_core::store::{Appended, Origin};
use arbiter_core::sync::protocol::*;
use arbiter_core::sync::scope::PullScope;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::Json;
use serde_json::value::RawValue;

use crate::accounts::{Principal, Refusal};
use crate::error::{Forbidden, OfficeError, RequestFault};
use crate::runtime::blocking;
use crate::server::request::body;
use crate::server::{AppState, Caller};
use arbiter_core::model::Author;
use arbiter_core::DomainError;
use axum::routing::post;
use axum::Router;

/// `/events`.
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/events", post(push).get(pull))
}

/// Authorization of one event against the caller: own tournament, own identity, a kind the
/// role may write (rules::authority), escalations only upward.
fn authorize(p: &Principal, e: &Event) -> Result<(), OfficeError> {
    if e.tournament != p.tournament {
        return Err(OfficeError::Forbidden(Forbidden::OtherTournament {
            device_of: p.tournament.clone(),
            event_of: e.tournament.clone(),
        }));
    }
    if e.author.device != p.device || e.author.person != p.person || e.author.role != p.role {
        let token = Author { device: p.device.clone(), person: p.person.clone(), role: p.role };
        return Err(OfficeError::Forbidden(Forbidden::NotTheAuthor { claimed: e.author.clone(), token }));
    }
    if matches!(e.body, EventBody::KeyRegistered { .. } | EventBody::KeyRevoked { .. }) {
        let action = arbiter_core::error::Forbidden::RecordKey(e.body.kind());
        return Err(arbiter_core::DomainError::not_authorized(p.role, action, None).into());
    }
    check_author(p.role, e.body.kind())?;
    if let EventBody::Escalated { to, .. } = e.body {
        check_escalation(p.role, to)?;
    }
    Ok(())
}

/// What the central office checks a venue office's forwarded events against: the
/// league's set-up (venues, registered keys) and each game's round and table.
struct League {
    setup: std::sync::Arc<arbiter_core::tournament::TournamentView>,
    at: std::collections::HashMap<arbiter_core::model::GameId, (u16, u16)>,
}

impl League {
    fn read(
        store: &dyn arbiter_core::store::EventStore,
        t: &arbiter_core::model::TournamentId,
    ) -> Result<Self, OfficeError> {
        let at = store.game_seats(t)?.iter().map(|(g, s)| (g.clone(), (s.round, s.table))).collect();
        Ok(League { setup: store.setup(t)?, at })
    }
}

/// Authorization of an event a venue office forwards: its own tournament; a game's events only
/// where the league plays that game at this venue, by an official whose role may write them;
/// of the set-up only its own officials' keys (the keyring checks which).
fn authorize_forwarded(p: &Principal, league: &League, e: &Event) -> Result<(), OfficeError> {
    if e.tournament != p.tournament {
        return Err(OfficeError::Forbidden(Forbidden::VenueOfOtherTournament {
            venue: p.person.clone(),
            forwards: p.tournament.clone(),
            event_of: e.tournament.clone(),
        }));
    }
    let Some(g) = &e.game else {
        let own_key = matches!(e.body, EventBody::KeyRegistered { .. } | EventBody::KeyRevoked { .. })
            && e.author.device == p.device
            && e.author.role == arbiter_core::model::Role::Office;
        if own_key {
            return Ok(());
        }
        return Err(OfficeError::Forbidden(Forbidden::CentralOnly { venue: p.person.clone(), kind: e.body.kind() }));
    };
    let Some(&(round, table)) = league.at.get(g) else {
        return Err(OfficeError::Forbidden(Forbidden::UnscheduledGame { game: g.clone() }));
    };
    match league.setup.venue_of(round, table) {
        Some(v) if *v == p.person => {}
        other => {
            return Err(OfficeError::Forbidden(Forbidden::OtherVenue {
                game: g.clone(),
                round,
                table,
                at: other.cloned(),
                venue: p.person.clone(),
            }))
        }
    }
    if matches!(e.author.role, arbiter_core::model::Role::Organiser | arbiter_core::model::Role::Office) {
        return Err(OfficeError::Forbidden(Forbidden::NotAVenueOfficial { role: e.author.role }));
    }
    check_author(e.author.role, e.body.kind())?;
    if let EventBody::Escalated { to, .. } = e.body {
        check_escalation(e.author.role, to)?;
    }
    Ok(())
}

/// Refuses a stamp further ahead of the office's clock than the bound: the device's clock is
/// wrong, and accepting it would order it after everything recorded until then.
fn not_ahead(e: &Event, ceiling_ms: u64, bound_ms: u64) -> Result<(), OfficeError> {
    if e.hlc.wall_ms <= ceiling_ms {
        return Ok(());
    }
    let ahead_min = (e.hlc.wall_ms - ceiling_ms.saturating_sub(bound_ms)) / 60_000;
    Err(OfficeError::not_admitted(
        crate::error::NotAdmitted::ClockAhead,
        arbiter_core::refusals::stamped_ahead(ahead_min, bound_ms / 60_000),
    ))
}

#[derive(serde::Deserialize)]
struct IdProbe {
    id: Option<serde_json::Value>,
}

fn rejected(index: usize, id: Option<String>, err: &OfficeError) -> PushResult {
    PushResult {
        index,
        id,
        status: PushStatus::Rejected,
        seq: None,
        code: Some(err.code().to_owned()),
        message: Some(err.to_string()),
        said: err.body().said,
    }
}

/// `POST /api/v1/events`.
pub async fn push(
    State(state): State<AppState>,
    caller: Caller,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<PushResponse>, OfficeError> {
    let raw = body(raw)?;
    let principal = caller.0;
    let device_key = state.accounts.device_key(&principal.tournament, &principal.device)?;
    let league = if principal.role == arbiter_core::model::Role::Office {
        let (store, t) = (state.store.clone(), principal.tournament.clone());
        Some(blocking(move || League::read(&*store, &t)).await?)
    } else {
        None
    };
    let ceiling =
        u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0).saturating_add(state.max_clock_ahead_ms);
    let (store, accounts) = (state.store.clone(), state.accounts.clone());
    let (tally, receipt_key) = (state.receipts.clone(), state.receipt_key.clone());
    let (office_key, max_ahead) = (state.office_key, state.max_clock_ahead_ms);
    let place = state.place();
    // Decoding and checking 500 events takes milliseconds: off the async threads, with the disk.
    let (results, receipts) = blocking(move || {
        let prepared = prepare(&raw, place, &principal, device_key, league.as_ref(), office_key, ceiling, max_ahead)?;
        for r in &prepared.refusals {
            accounts.log_refusal(&principal.tournament, r)?;
        }
        let signed: Vec<crate::receipts::Signed> = prepared
            .good
            .iter()
            .map(|l| {
                let e = l.event();
                e.sig.as_ref().map(|s| (e.tournament.clone(), s.by.clone(), e.digest()))
            })
            .collect();
        let stored = store.append_lined(prepared.good, Origin::Remote)?;
        let receipts = crate::receipts::after_push(&*tally, &receipt_key, &signed, &stored)?;
        Ok((prepared.answers.answer(stored), receipts))
    })
    .await?;
    // At a venue office, what arrived goes on to the central office now.
    state.forward_nudge.notify_one();
    Ok(Json(PushResponse { results, office_time: Some(chrono::Utc::now()), receipts }))
}

/// A push read and checked: what to store, what was refused, and how to answer each element.
struct Prepared {
    good: Vec<Lined>,
    refusals: Vec<Refusal>,
    answers: Answers,
}

/// Each element's answer: given when refused, else by where its event is in what was stored.
struct Answers {
    results: Vec<Option<PushResult>>,
    /// The element and the id of each event given to the store, in its order.
    stored: Vec<(usize, arbiter_core::model::EventId)>,
}

impl Answers {
    fn answer(self, stored: Vec<arbiter_core::Result<Appended>>) -> Vec<PushResult> {
        let mut results = self.results;
        for ((index, id), outcome) in self.stored.into_iter().zip(stored) {
            let id = Some(id.to_string());
            results[index] = Some(match outcome {
                Ok(Appended::New(seq)) => accepted(index, id, PushStatus::Accepted, seq),
                Ok(Appended::Duplicate(seq)) => accepted(index, id, PushStatus::Duplicate, seq),
                Err(err) => rejected(index, id, &OfficeError::Core(err)),
            });
        }
        results.into_iter().flatten().collect()
    }
}

fn accepted(index: usize, id: Option<String>, status: PushStatus, seq: u64) -> PushResult {
    PushResult { index, id, status, seq: Some(seq), code: None, message: None, said: None }
}

/// Reads a push's events and checks each: decoded, authorized for `p`, signed as its device
/// enrolled, not stamped ahead of `ceiling`, its signature and chain holding ([`check_all`]).
#[allow(clippy::too_many_arguments)]
fn prepare(
    raw: &[u8],
    place: crate::admission::Place,
    p: &Principal,
    device_key: Option<PublicKey>,
    league: Option<&League>,
    office_key: PublicKey,
    ceiling: u64,
    max_ahead: u64,
) -> Result<Prepared, OfficeError> {
    let request: PushRequest<&RawValue> = serde_json::from_slice(raw)
        .map_err(|e| DomainError::MalformedJson(format!("the body must be {{\"events\": [...]}}: {e}")))?;
    if request.events.len() > MAX_PUSH_EVENTS {
        return Err(OfficeError::TooLarge(format!(
            "{} events in one push; at most {MAX_PUSH_EVENTS}",
            request.events.len()
        )));
    }
    let now = chrono::Utc::now();
    let refusal = |event: Option<String>, err: &OfficeError| Refusal {
        at: now,
        device: Some(p.device.clone()),
        person: Some(p.person.clone()),
        role: Some(p.role),
        event,
        code: err.code().to_owned(),
        message: err.to_string(),
        upstream: false,
    };
    let mut results: Vec<Option<PushResult>> = vec![None; request.events.len()];
    let mut refusals = Vec::new();
    let (mut placed, mut events) = (Vec::new(), Vec::new());
    for (index, element) in request.events.iter().enumerate() {
        let text = element.get();
        // Kept with the text it came in, which the store keeps as its line.
        let outcome = Lined::decode(text).map_err(OfficeError::from).and_then(|l| {
            let e = l.event();
            match league {
                Some(league) => authorize_forwarded(p, league, e)?,
                None => authorize(p, e)?,
            }
            crate::admission::signature(place, p, device_key, e)?;
            not_ahead(e, ceiling, max_ahead)?;
            Ok(l)
        });
        match outcome {
            Ok(l) => {
                placed.push((index, l.event().id));
                events.push(l);
            }
            Err(err) => {
                // Read again only when refused: the id it says it has, whatever else is wrong.
                let id = serde_json::from_str::<IdProbe>(text)
                    .ok()
                    .and_then(|p| p.id)
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned));
                if matches!(
                    err,
                    OfficeError::NotAdmitted { .. }
                        | OfficeError::Core(arbiter_core::CoreError::Forged(_))
                        | OfficeError::Forbidden(_)
                        | OfficeError::Core(arbiter_core::CoreError::Domain(
                            arbiter_core::DomainError::NotAuthorized { .. }
                        ))
                ) {
                    refusals.push(refusal(id.clone(), &err));
                }
                results[index] = Some(rejected(index, id, &err));
            }
        }
    }
    let checks: Vec<Result<(), arbiter_core::CoreError>> = match device_key {
        None => events.iter().map(|_| Ok(())).collect(),
        Some(k) => {
            let ring = Keyring::pinned(office_key);
            // A venue's officials' keys are in the league's ledger, registered by the venue.
            let ring = match league {
                Some(l) => ring.with_registered(&l.setup.keys),
                None => ring,
            };
            let mut ring = ring.with_device(p.device.clone(), k, p.person.clone(), p.role);
            let all: Vec<&Event> = events.iter().map(Lined::event).collect();
            let answers = match league {
                // Forwarded keys vouch for what follows them in the batch: admitted in order.
                Some(_) => ring.admit_all(&all),
                None => check_all(&ring, &all),
            };
            answers.into_iter().map(|(c, _)| c.map(drop)).collect()
        }
    };
    let mut good = Vec::with_capacity(events.len());
    let mut stored = Vec::with_capacity(events.len());
    for ((l, (index, id)), check) in events.into_iter().zip(placed).zip(checks) {
        match check {
            Ok(()) => {
                good.push(l);
                stored.push((index, id));
            }
            Err(e) => {
                let err = OfficeError::from(arbiter_core::CoreError::Forged(match e {
                    arbiter_core::CoreError::Forged(m) => m,
                    other => other.to_string(),
                }));
                refusals.push(refusal(Some(id.to_string()), &err));
                results[index] = Some(rejected(index, Some(id.to_string()), &err));
            }
        }
    }
    Ok(Prepared { good, refusals, answers: Answers { results, stored } })
}

#[derive(serde::Deserialize)]
pub struct PullQuery {
    #[serde(default)]
    after: u64,
    limit: Option<usize>,
}

impl crate::server::request::Asked for PullQuery {
    fn asked() -> String {
        format!("expected ?after=<sequence number>&limit=<1..{MAX_PULL_EVENTS}>")
    }
}

/// Log entries one pull request reads at most (it answers `more` and the cursor it reached).
const MAX_PULL_SCAN: usize = 20 * MAX_PULL_EVENTS;

/// What `caller`'s device is sent (`sync::scope`): reads the set-up and the games' tables
/// (both kept by the store) only for a referee.
fn pull_scope(store: &dyn arbiter_core::store::EventStore, caller: &Principal) -> Result<PullScope, OfficeError> {
    if caller.role == arbiter_core::model::Role::Office {
        let setup = store.setup(&caller.tournament)?;
        let summaries = store.game_summaries(&caller.tournament)?;
        let games =
            summaries.iter().filter_map(|s| Some((&s.game, s.schedule.as_ref()?.round, s.schedule.as_ref()?.table)));
        return Ok(PullScope::venue(&caller.person, &setup, games));
    }
    if caller.role != arbiter_core::model::Role::Referee {
        return Ok(PullScope::All);
    }
    let setup = store.setup(&caller.tournament)?;
    let seats = store.game_seats(&caller.tournament)?;
    Ok(PullScope::of(caller.role, &caller.person, &setup, seats.iter().map(|(g, s)| (g, s.table))))
}

/// `GET /api/v1/events?after=SEQ&limit=N`: this tournament's events in office order,
/// as far as the caller's scope goes (`sync::scope`).
pub async fn pull(
    State(state): State<AppState>,
    caller: Caller,
    query: crate::server::request::QueryParam<PullQuery>,
) -> Result<Json<PullResponse>, OfficeError> {
    let q = query.0;
    let limit = q.limit.unwrap_or(MAX_PULL_EVENTS);
    if limit == 0 || limit > MAX_PULL_EVENTS {
        return Err(OfficeError::bad(RequestFault::Query, format!("limit must be between 1 and {MAX_PULL_EVENTS}")));
    }
    let caller = caller.0;
    let store = state.store.clone();
    blocking(move || {
        let t = &caller.tournament;
        // Everything up to `until` was stored before the scope is read, so the scope knows
        // every game drawn and every table assigned in what this request looks at.
        let until = store.last_seq()?;
        let s = pull_scope(&*store, &caller)?;
        // The log holds every tournament of this office and a referee is sent only its tables:
        // entries are passed over by their tags, unread, a bounded number per request.
        let (page, next) = store.scan_log(q.after, until, MAX_PULL_SCAN, limit, &mut |tag| {
            tag.tournament == t.as_str() && s.admits_tag(tag, &caller.device)
        })?;
        let mut events = Vec::with_capacity(page.len());
        for (seq, e) in page {
            if let Some(g) = s.brings_in(&e) {
                // A game's first schedule has nothing before it; a later one (a pairing
                // moved onto this table) brings the game whole.
                let history = store.game_events(t, g)?;
                if history.first().is_some_and(|h| h.id != e.id) {
                    let others = history.into_iter().filter(|h| h.id != e.id);
                    events.extend(others.map(|event| PulledEvent { seq, event }));
                }
            }
            events.push(PulledEvent { seq, event: e });
        }
        let more = next < store.last_seq()?;
        Ok(Json(PullResponse {
            events,
            next,
            more,
            scope: Some(s.label()),
            office_time: Some(chrono::Utc::now()),
            office_cert_next: state.cert_next,
        }))
    })
    .await
}

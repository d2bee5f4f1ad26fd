//! A game from the office: its state, screen, incident stories and reader; the chief arbiter's
//! pairing override (第三十一条四); what an official records on it from the browser (results,
//! rulings, arrivals and lateness), checked as the app checks it; and a record's preview.

use std::sync::Arc;

use arbiter_core::app::GameView;
use arbiter_core::error::DomainError;
use arbiter_core::event::{Event, EventBody};
use arbiter_core::game::validate;
use arbiter_core::model::{GameId, PlayerId, Role, TournamentId};
use arbiter_core::tournament::publish::{pairing_sheet, PairingSheet};
use arbiter_core::tournament::TournamentView;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Json;
use axum::Router;
use serde::Deserialize;

use crate::accounts::Principal;
use crate::acts::Act;
use crate::error::{Clash, Fault, Misasked, Missing, OfficeError, RequestFault};
use crate::runtime::blocking;
use crate::server::reading::{game_page, state_of, view_of};
use crate::server::recording::{command, invalid, locked, record};
use crate::server::request::PathParam;
use crate::server::request::{author, JsonBody};
use crate::server::{AppState, Caller};

/// `/games/{game}…`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{game}", get(game))
        .route("/games/{game}/state", get(game_state))
        .route("/games/{game}/incidents/{incident}/story", get(story))
        .route("/games/{game}/reader", get(reader))
        .route("/games/{game}/pairing", put(override_pairing))
        .route("/games/{game}/events", post(record_game_event))
        .route("/games/{game}/allowed", post(allowed))
        .route("/games/{game}/lateness", post(lateness))
        .route("/games/{game}/arrival", post(record_arrival))
        .route("/games/{game}/preview", post(preview))
}

/// `{body, made_at_ms?}`: an event body proposed on a game (to record, or to preview), and for a
/// record an official's phone made while it could not reach the office, when it was made — ms
/// since the epoch on the office's clock, as the phone corrects its own by the offset learned at
/// its last contact (docs/events.md, "Records from the office's pages").
#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEvent {
    pub(crate) body: EventBody,
    #[serde(default)]
    pub(crate) made_at_ms: Option<u64>,
    /// With an incident recorded without a ruling: escalated to this role in the same act (one
    /// batch), so a phone that makes both offline keeps one record, not an escalation that
    /// needs the incident's id before the office has minted it.
    #[serde(default)]
    pub(crate) escalate_to: Option<Role>,
}

/// The header a phone sends with each try of a record: its office-corrected clock as it sends
/// (not in the body, which is the same on every try of one key).
pub(crate) const SENT_AT: &str = "sent-at-ms";

/// When a record was made: `made_ms` when it says, else `now`. With `sent_ms` (the phone's
/// clock, corrected alike, as it sent this try) the record's age on the phone's own clock is
/// taken from the office's now, so an offset gone stale since the last contact cancels out and
/// a record sent as it is made is stamped at the office's own now. A moment further ahead of the
/// office's clock than `max_ahead_ms` (the clock-skew bound, as for a tablet's stamps) or older
/// than the office answers a request once (`idempotency::KEEP_FOR`) is refused, nothing stored.
pub(crate) fn made_at(
    made_ms: Option<u64>,
    sent_ms: Option<u64>,
    now: chrono::DateTime<chrono::Utc>,
    max_ahead_ms: u64,
) -> Result<chrono::DateTime<chrono::Utc>, OfficeError> {
    use crate::error::NotAdmitted;
    let Some(made_ms) = made_ms else { return Ok(now) };
    let now_ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
    let made_ms = match sent_ms {
        Some(sent) => now_ms.saturating_add(made_ms).saturating_sub(sent),
        None => made_ms,
    };
    if made_ms > now_ms.saturating_add(max_ahead_ms) {
        return Err(OfficeError::not_admitted(
            NotAdmitted::ClockAhead,
            arbiter_core::refusals::record_ahead((made_ms - now_ms) / 1000, max_ahead_ms / 1000),
        ));
    }
    let keep_ms = u64::try_from(crate::server::idempotency::KEEP_FOR.as_millis()).unwrap_or(u64::MAX);
    if now_ms.saturating_sub(made_ms) > keep_ms {
        return Err(OfficeError::not_admitted(
            NotAdmitted::MadeTooLongAgo,
            arbiter_core::refusals::made_too_long_ago((now_ms - made_ms) / 3_600_000, keep_ms / 3_600_000),
        ));
    }
    i64::try_from(made_ms).ok().and_then(chrono::DateTime::from_timestamp_millis).ok_or_else(|| {
        arbiter_core::DomainError::OutOfRange { what: "made_at_ms", message: "not a time".into() }.into()
    })
}

/// The scheduled game `game` of `t`, as kept (one game's state, not the tournament's), or
/// `not_found`.
pub(crate) fn scheduled(
    state: &AppState,
    t: &TournamentId,
    game: &GameId,
) -> Result<Arc<arbiter_core::game::GameState>, OfficeError> {
    state
        .store
        .game_state(t, game)?
        .filter(|g| g.schedule.is_some())
        .ok_or_else(|| OfficeError::NotFound(Missing::Game { game: game.clone(), tournament: t.clone() }))
}

/// The checks the office makes before recording on a game: the rules' (`game::validate`). A
/// record on a decided game is not refused: as on a tablet, it is kept and flagged for the
/// chief arbiter, and the result stands (game::correction).
pub(crate) fn check(g: &arbiter_core::game::GameState, role: Role, body: &EventBody) -> Result<(), OfficeError> {
    validate(g, role, body)?;
    Ok(())
}

/// A referee records only at the tables assigned to them (第三十一条三): another table is
/// [`OfficeError::NotYourTable`]. A referee assigned no table is not held to any (a small event
/// without assignments), as their pull scope is not (`sync::scope`); other roles never are.
pub(crate) fn on_own_table(setup: &TournamentView, p: &Principal, table: u16) -> Result<(), OfficeError> {
    if p.role != Role::Referee {
        return Ok(());
    }
    let tables: Vec<u16> = setup.referees.iter().filter(|(_, r)| **r == p.person).map(|(t, _)| *t).collect();
    if tables.is_empty() || tables.contains(&table) {
        return Ok(());
    }
    Err(OfficeError::NotYourTable { table, referee: p.person.clone(), tables })
}

/// An event `p` would record on `game` after everything in `events`: stamped just after the
/// latest, for previews (never stored).
pub(crate) fn draft(
    p: &Principal,
    game: &GameId,
    events: &[Event],
    body: EventBody,
    now: chrono::DateTime<chrono::Utc>,
) -> Event {
    arbiter_core::app::desk::draft(&p.tournament, game, events, author(p), body, now)
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Override {
    black: PlayerId,
    white: PlayerId,
    /// Why (第三十一条四): shown on the sheet and kept in the ledger.
    reason: String,
}

/// `PUT /api/v1/games/{game}/pairing` (chief arbiter): changes who plays at a table, and why.
pub async fn override_pairing(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    raw: JsonBody<Override>,
) -> Result<Json<PairingSheet>, OfficeError> {
    caller.require(&[Role::ChiefArbiter], Act::OverridePairing)?;
    let game = GameId::new(game.0)?;
    let o = raw.0?;
    let reason = o.reason.trim().to_owned();
    if reason.is_empty() {
        return Err(invalid("reason", "say why the pairing is changed (第三十一条四)"));
    }
    if o.black == o.white {
        return Err(invalid("white", "a player cannot play themselves"));
    }
    command(state, caller, move |state, p, view| {
        let g = view.games.iter().find(|g| g.game == game).and_then(|g| g.schedule.clone());
        let mut g = g.ok_or_else(|| {
            OfficeError::NotFound(Missing::Game { game: game.clone(), tournament: p.tournament.clone() })
        })?;
        if view
            .games
            .iter()
            .any(|s| s.game == game && (s.status != arbiter_core::game::Status::Scheduled || s.result.is_some()))
        {
            return Err(OfficeError::Conflict(Clash::GameStarted { game: game.clone() }));
        }
        for pl in [&o.black, &o.white] {
            if !view.players.iter().any(|x| &x.id == pl) {
                return Err(OfficeError::NotFound(Missing::Player(pl.clone())));
            }
            let elsewhere = view
                .games
                .iter()
                .filter_map(|x| x.schedule.as_ref())
                .any(|s| s.round == g.round && s.id != game && (&s.black == pl || &s.white == pl));
            if elsewhere {
                return Err(OfficeError::Conflict(Clash::PlaysElsewhere { player: pl.clone(), round: g.round }));
            }
        }
        (g.black, g.white, g.reason) = (o.black, o.white, Some(reason));
        let round = g.round;
        record(state, p, vec![(Some(game.clone()), EventBody::GameScheduled(g))])?;
        Ok(Json(pairing_sheet(&view_of(state, &p.tournament)?, round)))
    })
    .await
}

/// `POST /api/v1/games/{game}/events`: an official records from the browser what they would
/// record at the table (a result, the chief arbiter's ruling, the committee's decision),
/// checked against the game as the app checks it.
pub async fn record_game_event(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    headers: axum::http::HeaderMap,
    raw: JsonBody<GameEvent>,
) -> Result<Json<arbiter_core::app::GameView>, OfficeError> {
    let sent = sent_at(&headers)?;
    let game = GameId::new(game.0)?;
    let e = raw.0?;
    if !e.body.kind().is_game_scoped() {
        return Err(OfficeError::Misasked(Misasked::NotAGameEvent { kind: e.body.kind() }));
    }
    locked(state, caller, move |state, p| {
        let g = scheduled(state, &p.tournament, &game)?;
        if let Some(s) = &g.schedule {
            on_own_table(&*state.store.setup(&p.tournament)?, p, s.table)?;
        }
        check(&g, p.role, &e.body)?;
        // When it happened (a phone's record made offline), within the clock-skew bound; the
        // event's HLC is its arrival, its wall time that moment, which lateness and deadlines read.
        let now = state.clock.now();
        let made = made_at(e.made_at_ms, sent, now, state.max_clock_ahead_ms)?;
        if let EventBody::IncidentWithdrawn { incident } = &e.body {
            // The undo window runs from the moment the incident was made to the moment this
            // undo was, as every fold measures it (game::undo): the same answer here as there.
            let ms = |t: chrono::DateTime<chrono::Utc>| u64::try_from(t.timestamp_millis()).unwrap_or(0);
            let at = arbiter_core::game::undo::UndoAt {
                stamp_ms: ms(now),
                made_ms: ms(made),
                revision: arbiter_core::rules::RULES_REVISION,
            };
            arbiter_core::game::undo::check_in_at(&g, *incident, &p.device, at)?;
        }
        let first = arbiter_core::random_id_bits()?;
        let mut bodies = vec![(Some(game.clone()), e.body)];
        let escalated = match e.escalate_to {
            None => None,
            Some(to) => {
                if !matches!(bodies[0].1, EventBody::IncidentRecorded { ruling: None, .. }) {
                    return Err(OfficeError::Misasked(Misasked::NotEscalable));
                }
                // The incident's id, as the stamp mints it from the first random bits given.
                let now_ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
                let incident = arbiter_core::model::EventId::from_parts(now_ms, first);
                bodies.push((Some(game.clone()), EventBody::Escalated { incident, to, note: None }));
                Some(incident)
            }
        };
        let mut given = Some(first);
        let mut random = || given.take().map_or_else(arbiter_core::random_id_bits, Ok);
        let events = state.store.record_made(&p.tournament, &author(p), bodies, now, made, &mut random)?;
        if escalated.is_some_and(|id| events.iter().all(|e| e.id != id)) {
            return Err(OfficeError::Internal(Fault::UnmintedIncident));
        }
        game_page(state, &p.tournament, &game).map(Json)
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrived {
    side: arbiter_core::model::Colour,
    #[serde(default)]
    made_at_ms: Option<u64>,
}

/// `POST /api/v1/games/{game}/arrival {side, made_at_ms?}` (referee, chief arbiter): 第二十三条
/// at one tap, as a phone makes it offline — `side` sat down at `made_at_ms` (the other was on
/// time). The office runs the late-arrival timer at that moment and records what it proposes
/// (23.3 a deduction, 23.1 a forfeit) as the incident, its wall time that moment; nothing when
/// the side was not late. The phone computes nothing: the rule's answer is the office's.
pub async fn record_arrival(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    headers: axum::http::HeaderMap,
    raw: JsonBody<Arrived>,
) -> Result<Json<arbiter_core::app::GameView>, OfficeError> {
    let sent = sent_at(&headers)?;
    caller.require(&[Role::Referee, Role::ChiefArbiter], Act::RecordLateArrival)?;
    let game = GameId::new(game.0)?;
    let a = raw.0?;
    locked(state, caller, move |state, p| {
        let g = scheduled(state, &p.tournament, &game)?;
        let setup = state.store.setup(&p.tournament)?;
        if let Some(s) = &g.schedule {
            on_own_table(&setup, p, s.table)?;
        }
        let now = state.clock.now();
        let made = made_at(a.made_at_ms, sent, now, state.max_clock_ahead_ms)?;
        if let Some(body) = late_arrival_at(&g, &setup, a.side, made)? {
            check(&g, p.role, &body)?;
            state.store.record_made(
                &p.tournament,
                &author(p),
                vec![(Some(game.clone()), body)],
                now,
                made,
                &mut arbiter_core::random_id_bits,
            )?;
        }
        game_page(state, &p.tournament, &game).map(Json)
    })
    .await
}

/// The `Sent-At-Ms` header, if any: ms since the epoch (`made_at`).
fn sent_at(headers: &axum::http::HeaderMap) -> Result<Option<u64>, OfficeError> {
    headers
        .get(SENT_AT)
        .map(|v| {
            v.to_str().ok().and_then(|t| t.trim().parse::<u64>().ok()).ok_or_else(|| {
                OfficeError::bad(RequestFault::Header, format!("the {SENT_AT} header must be ms since the epoch"))
            })
        })
        .transpose()
}

/// What the late-arrival timer proposes (第二十三条一–三) when `side` sat down at `at` and the
/// other was on time, as the incident to record; none when `side` was not late.
fn late_arrival_at(
    g: &arbiter_core::game::GameState,
    setup: &TournamentView,
    side: arbiter_core::model::Colour,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<Option<EventBody>, OfficeError> {
    use arbiter_core::model::Colour;
    use arbiter_core::rules::{Incident, Ruling};
    use arbiter_core::timing::LatenessProposal;
    let at_ms = u64::try_from(at.timestamp_millis()).unwrap_or(0);
    let round = g.schedule.as_ref().map_or(0, |s| s.round);
    let no_start = || OfficeError::Conflict(Clash::NoStartTime { round });
    let start = arbiter_core::app::lateness_screen(g, setup, None, None, at_ms).ok_or_else(no_start)?.starts_at_ms;
    let (black, white) = match side {
        Colour::Black => (at_ms, start),
        Colour::White => (start, at_ms),
    };
    let screen = arbiter_core::app::lateness_screen(g, setup, Some(black), Some(white), at_ms).ok_or_else(no_start)?;
    let (ruling, b, w) = match screen.view.proposal {
        None => return Ok(None),
        Some(LatenessProposal::Deduct { black_late_secs, white_late_secs }) => {
            (Ruling::DeductLateTime, black_late_secs, white_late_secs)
        }
        Some(LatenessProposal::Forfeit { black_late_secs, white_late_secs, .. }) => {
            (Ruling::Forfeit, black_late_secs, white_late_secs)
        }
        Some(LatenessProposal::BothForfeit { black_late_secs, white_late_secs }) => {
            (Ruling::BothForfeit, black_late_secs, white_late_secs)
        }
    };
    Ok(Some(EventBody::IncidentRecorded {
        incident: Incident::LateArrival { black_late_secs: b, white_late_secs: w },
        ruling: Some(ruling),
        note: None,
    }))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncidentAsked {
    incident: arbiter_core::rules::Incident,
}

/// `POST /api/v1/games/{game}/allowed` `{incident}`: the rulings the caller may make on these
/// facts — what the browser's form offers, as the tablet's does.
pub async fn allowed(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    raw: JsonBody<IncidentAsked>,
) -> Result<Json<Vec<arbiter_core::rules::AllowedRuling>>, OfficeError> {
    let game = GameId::new(game.0)?;
    let q = raw.0?;
    blocking(move || {
        let g = state_of(&state, &caller.0.tournament, &game)?;
        let ruleset = arbiter_core::rules::Ruleset::from_spec(g.ruleset);
        Ok(Json(arbiter_core::rules::allowed(&ruleset, &q.incident, caller.0.role, g.rule_context())))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrivals {
    black_arrived: Option<u64>,
    white_arrived: Option<u64>,
}

/// `POST /api/v1/games/{game}/lateness` `{black_arrived, white_arrived}` (ms, or null while not
/// here): the late-arrival timer at the office's clock (第二十三条一–三), as the tablet's; null
/// while the round has no start time.
pub async fn lateness(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    raw: JsonBody<Arrivals>,
) -> Result<Json<Option<arbiter_core::app::LatenessScreen>>, OfficeError> {
    caller.require(&[Role::Referee, Role::ChiefArbiter], Act::TimeLateArrival)?;
    let game = GameId::new(game.0)?;
    let q = raw.0?;
    blocking(move || {
        let t = &caller.0.tournament;
        let g = scheduled(&state, t, &game)?;
        let now = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
        let setup = state.store.setup(t)?;
        Ok(Json(arbiter_core::app::lateness_screen(&g, &setup, q.black_arrived, q.white_arrived, now)))
    })
    .await
}

/// `POST /api/v1/games/{game}/preview` `{body}`: what recording `body` would do to the game,
/// or why it would be refused — nothing is stored.
pub async fn preview(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    raw: JsonBody<GameEvent>,
) -> Result<Json<arbiter_core::game::Preview>, OfficeError> {
    let game = GameId::new(game.0)?;
    let e = raw.0?;
    blocking(move || {
        let t = &caller.0.tournament;
        let g = scheduled(&state, t, &game)?;
        let refused = check(&g, caller.0.role, &e.body).err().map(|e| e.body());
        let events = state.store.game_events(t, &game)?;
        let default = state.store.setup(t)?.default_ruleset();
        let proposed = draft(&caller.0, &game, &events, e.body, state.clock.now());
        let mut p = arbiter_core::game::preview_on(&g, &events, default, &proposed)
            .ok_or_else(|| OfficeError::from(DomainError::WrongScope(arbiter_core::error::Scope::NeedsGame)))?;
        if p.refused.is_none() {
            p.refused = refused;
        }
        Ok(Json(p))
    })
    .await
}

/// `GET /api/v1/games/{game}/state`: the game's derived state (kept up to date by the store).
pub async fn game_state(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
) -> Result<Response, OfficeError> {
    let game = GameId::new(game.0)?;
    blocking(move || {
        let kept = state_of(&state, &caller.0.tournament, &game)?;
        let json = serde_json::to_vec(&*kept)
            .map_err(|source| OfficeError::Internal(Fault::Json { what: "a game's kept state".into(), source }))?;
        Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
    })
    .await
}

/// `GET /api/v1/games/{game}/incidents/{incident}/story`: one incident's whole story (recorded,
/// escalated, ruled, appealed, decided — who and when, what replaced what) and what the caller
/// may decide on it, previewed.
pub async fn story(
    State(state): State<AppState>,
    caller: Caller,
    p: PathParam<(String, String)>,
) -> Result<Json<arbiter_core::app::Story>, OfficeError> {
    let (game, incident) = p.0;
    let game = GameId::new(game)?;
    let incident: arbiter_core::model::EventId = incident.parse().map_err(|_| DomainError::InvalidField {
        field: "incident".into(),
        message: format!("`{incident}` is not an event id"),
    })?;
    blocking(move || {
        let viewer = crate::server::request::author(&caller.0);
        arbiter_core::app::story_of(&*state.store, &caller.0.tournament, &game, incident, viewer, state.clock.now())
            .map(Json)
            .map_err(|e| match e {
                arbiter_core::CoreError::Domain(arbiter_core::DomainError::WrongScope(_)) => {
                    OfficeError::NotFound(Missing::Incident(e))
                }
                other => other.into(),
            })
    })
    .await
}

/// `GET /api/v1/games/{game}`: the game screen (state, players, incident catalogue).
pub async fn game(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
) -> Result<Json<GameView>, OfficeError> {
    let game = GameId::new(game.0)?;
    blocking(move || game_page(&state, &caller.0.tournament, &game).map(Json)).await
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ReaderQuery {
    /// The `now_ms` of the previous answer: what fell due since is said.
    after: Option<u64>,
}

impl crate::server::request::Asked for ReaderQuery {
    fn asked() -> String {
        "after= is the now_ms of the previous answer, in milliseconds".into()
    }
}

/// `GET /api/v1/games/{game}/reader?after=MS` (anyone enrolled): the byo-yomi reader (第十二条)
/// at the office's own time — the clock now, and the calls due since `after`.
pub async fn reader(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    q: crate::server::request::QueryParam<ReaderQuery>,
) -> Result<Json<arbiter_core::app::ReaderView>, OfficeError> {
    let game = GameId::new(game.0)?;
    let q = q.0;
    blocking(move || {
        let folded = state_of(&state, &caller.0.tournament, &game)?;
        let now = state.clock.now_ms();
        Ok(Json(arbiter_core::app::reader_view(&folded, q.after, now)))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::model::{DeviceId, PersonId};

    fn principal(person: &str, role: Role) -> Principal {
        Principal {
            tournament: TournamentId::new("t1").unwrap(),
            person: PersonId::new(person).unwrap(),
            role,
            device: DeviceId::new("web-1").unwrap(),
        }
    }

    /// 第三十一条三: the refusal names the table and the referee's own, as its typed variant.
    #[test]
    fn a_referee_is_held_to_their_tables_and_no_one_else_is() {
        let mut setup = TournamentView::empty(TournamentId::new("t1").unwrap());
        for (t, r) in [(1, "ref-li"), (2, "ref-li"), (3, "ref-wang")] {
            setup.referees.insert(t, PersonId::new(r).unwrap());
        }
        let li = principal("ref-li", Role::Referee);
        assert!(on_own_table(&setup, &li, 2).is_ok());
        match on_own_table(&setup, &li, 3) {
            Err(OfficeError::NotYourTable { table, referee, tables }) => {
                assert_eq!((table, referee.as_str(), tables), (3, "ref-li", vec![1, 2]));
            }
            other => panic!("expected NotYourTable, got {other:?}"),
        }
        // A referee assigned no table, and the chief arbiter, are held to none.
        assert!(on_own_table(&setup, &principal("ref-zhao", Role::Referee), 3).is_ok());
        assert!(on_own_table(&setup, &principal("chief-ma", Role::ChiefArbiter), 1).is_ok());
    }
}

//! Running the event from the office: the organiser's set-up (settings, players, round
//! times), the draw (pairing a round by the system, 第二十七条; the chief arbiter's override,
//! 第三十一条四), referees to tables (第三十一条三), withdrawals (第二十九条), results
//! (第十三条一) and rulings from the browser — each an event in the ledger, checked first.

use arbiter_core::event::{Event, EventBody};
use std::sync::Arc;

use crate::server::request::PathParam;
use arbiter_core::error::DomainError;
use arbiter_core::interop::rating_list::{self, ListKind, RatingList};
use arbiter_core::interop::{latin, opengotha, players_csv};
use arbiter_core::model::{Country, GameId, OpenGothaRecord, Pin, Player, PlayerId, Rank, Role, Settings, Tournament};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::tournament::publish::{pairing_sheet, ImportReport, PairingSheet};
use arbiter_core::tournament::{run, System, TournamentView};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;

use crate::accounts::Principal;
use crate::error::{OfficeError, RequestFault};
use crate::runtime::blocking;
use crate::server::games::{check, draft, made_at, on_own_table, scheduled, GameEvent, SENT_AT};
use crate::server::games::{game_page, setup_events, state_of, view_of};
use crate::server::request::{author, body, json, JsonBody};
use crate::server::{AppState, Caller};

const SETUP: &[Role] = &[Role::Organiser];
/// 第三十一条四: the chief arbiter runs the draw and oversees pairings.
const DRAW: &[Role] = &[Role::Organiser, Role::ChiefArbiter];

/// A fault for the tests that show a failed request leaves the event able to go on
/// (`office/tests/it/failed_request.rs`): with `ARBITER_FAULT_PANIC_ONCE=<event kind>` (e.g.
/// `GameScheduled`) in the environment, the first batch holding an event of that kind panics
/// under the command lock, before anything is stored. Unset, as in every real deployment, it
/// does nothing.
fn injected_fault(bodies: &[arbiter_core::event::NewEvent]) {
    static FIRED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let Ok(kind) = std::env::var("ARBITER_FAULT_PANIC_ONCE") else { return };
    if bodies.iter().any(|(_, b)| format!("{:?}", b.kind()) == kind)
        && !FIRED.swap(true, std::sync::atomic::Ordering::SeqCst)
    {
        panic!("ARBITER_FAULT_PANIC_ONCE: a fault injected at recording {kind}");
    }
}

/// Records office-made events in one durable batch, as the caller.
fn record(
    state: &AppState,
    p: &Principal,
    bodies: Vec<arbiter_core::event::NewEvent>,
) -> Result<Vec<Event>, OfficeError> {
    injected_fault(&bodies);
    Ok(state.store.record_all(
        &p.tournament,
        &author(p),
        bodies,
        state.clock.now(),
        &mut arbiter_core::random_id_bits,
    )?)
}

/// Check-then-record under the office's command lock (the process's, then the store's), so two
/// officials cannot pair the same round (or register the same id) at once.
async fn locked<T: Send + 'static>(
    state: AppState,
    caller: Caller,
    f: impl FnOnce(&AppState, &Principal) -> Result<T, OfficeError> + Send + 'static,
) -> Result<T, OfficeError> {
    blocking(move || {
        let _guard = state.commands.lock().unwrap_or_else(|e| e.into_inner());
        // And across every other office process on the same database.
        let _shared = state.store.command_lock()?;
        f(&state, &caller.0)
    })
    .await
}

/// [`locked`], with the tournament's view read under the lock for the checks.
async fn command<T: Send + 'static>(
    state: AppState,
    caller: Caller,
    f: impl FnOnce(&AppState, &Principal, TournamentView) -> Result<T, OfficeError> + Send + 'static,
) -> Result<T, OfficeError> {
    locked(state, caller, move |state, p| f(state, p, view_of(state, &p.tournament)?)).await
}

/// A field of the organiser's form that is wrong, and how.
fn invalid(field: &str, message: impl Into<String>) -> OfficeError {
    DomainError::InvalidField { field: field.to_owned(), message: message.into() }.into()
}

/// A number outside what the event allows.
fn out_of_range(what: &'static str, message: impl Into<String>) -> OfficeError {
    DomainError::OutOfRange { what, message: message.into() }.into()
}

/// What the organiser sets: everything but the tournament's id.
#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentUpdate {
    #[schemars(length(min = 1, max = 200))]
    name: String,
    ruleset: RulesetSpec,
    #[serde(default)]
    settings: Settings,
}

fn check_settings(s: &Settings, view: &TournamentView) -> Result<(), OfficeError> {
    if let Some(r) = s.rounds {
        if !(1..=99).contains(&r) {
            return Err(out_of_range("rounds", "rounds: 1 to 99"));
        }
    }
    if let Some(tc) = s.time_control {
        tc.check()?;
    }
    if s.allowed_lateness_minutes.is_some_and(|m| m > 240) {
        return Err(out_of_range("allowed lateness", "allowed lateness (第二十三条): at most 240 minutes"));
    }
    if let (Some(b), Some(e)) = (s.begin, s.end) {
        if e < b {
            return Err(out_of_range("dates", format!("the event ends ({e}) before it begins ({b})")));
        }
    }
    if let Some(system) = &s.system {
        system.check(s.rounds)?;
    }
    let paired = view.games.iter().filter_map(|g| g.schedule.as_ref().map(|s| s.round)).max().unwrap_or(0);
    if paired > 0 {
        // OpenGotha's pairing and handicap parameters steer only rounds still to pair, so an
        // organiser may tune them between rounds; the system itself ranks the rounds played.
        let ranked_by = |s: Option<&System>| s.map(System::ranking);
        let old = view.tournament.as_ref().and_then(|t| t.settings.system.as_ref());
        if ranked_by(old) != ranked_by(s.system.as_ref()) {
            return Err(OfficeError::Conflict(format!(
                "round {paired} is already paired: the system (第二十七条) can no longer change"
            )));
        }
        if s.rounds.is_some_and(|r| r < paired) {
            return Err(OfficeError::Conflict(format!(
                "round {paired} is already paired: the event cannot have fewer rounds"
            )));
        }
    }
    Ok(())
}

/// `PUT /api/v1/tournament` (organiser): name, ruleset and set-up; a later one corrects an
/// earlier one.
pub async fn put_tournament(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<TournamentUpdate>,
) -> Result<Json<Tournament>, OfficeError> {
    caller.require(SETUP, "set the tournament up")?;
    let u = raw.0?;
    let name = u.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(invalid("name", "1 to 200 characters"));
    }
    command(state, caller, move |state, p, view| {
        check_settings(&u.settings, &view)?;
        let t = Tournament { id: p.tournament.clone(), name, ruleset: u.ruleset, settings: u.settings };
        record(state, p, vec![(None, EventBody::TournamentCreated(t.clone()))])?;
        Ok(Json(t))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    name: String,
    /// As entry lists write it: `3d`, `5k`, `业余3段`, `5级`.
    rank: String,
    #[serde(default)]
    club: Option<String>,
    #[serde(default)]
    team: Option<String>,
    /// The team board the organiser fixes (第二十六条二), 1 to 8.
    #[serde(default)]
    board: Option<u8>,
    /// Surname and given name apart (else `name` is split by the documented rule).
    #[serde(default)]
    surname: Option<String>,
    #[serde(default)]
    given_name: Option<String>,
    /// ISO 3166 alpha-2.
    #[serde(default)]
    country: Option<String>,
    /// EGF PIN, 8 digits.
    #[serde(default)]
    pin: Option<String>,
    #[serde(default)]
    ffg_licence: Option<String>,
    /// On OpenGotha's scale, -900 to 2949.
    #[serde(default)]
    rating: Option<i32>,
    /// Registers the player though one already registered has the same name (OpenGotha's key)
    /// or PIN: two people can share a name.
    #[serde(default)]
    confirm: bool,
}

/// `POST /api/v1/players` (organiser): one player; the id is the next `pNNN`. With a PIN,
/// country, rating or the two names apart, what OpenGotha and the EGD know of the player too.
pub async fn add_player(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<NewPlayer>,
) -> Result<Json<Player>, OfficeError> {
    caller.require(SETUP, "register players")?;
    let n = raw.0?;
    let name = n.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(invalid("name", "1 to 100 characters"));
    }
    let rank: Rank = players_csv::parse_rank(&n.rank)?;
    let board = n.board.map(|b| players_csv::parse_board(&b.to_string())).transpose()?;
    let clean = |s: Option<String>| s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let og = federation_record(&n, &name, rank)?;
    let confirm = n.confirm;
    command(state, caller, move |state, p, view| {
        // The same person entered twice by hand: answered with the match until confirmed.
        let (surname, given) = match &og {
            Some(r) => (r.name.clone(), r.first_name.clone()),
            None => players_csv::split_name(&name),
        };
        let key = players_csv::name_key(&surname, &given);
        let pin = og.as_ref().and_then(|r| r.egf_pin.clone());
        let same = |q: &Player| {
            players_csv::player_key(q) == key
                || pin.is_some() && q.opengotha.as_ref().and_then(|r| r.egf_pin.clone()) == pin
        };
        let matches: Vec<String> = view
            .players
            .iter()
            .filter(|q| same(q))
            .map(|q| format!("{} {} ({}{})", q.id, q.name, q.rank, q.club.as_deref().map(|c| format!(", {c}")).unwrap_or_default()))
            .collect();
        if !matches.is_empty() && !confirm {
            return Err(OfficeError::AlreadyRegistered(format!(
                "already registered with the same name or PIN: {}; send it again with \"confirm\": true to register another player",
                matches.join("; ")
            )));
        }
        let player = Player {
            id: next_id(&view, 0)?,
            name,
            rank,
            club: clean(n.club),
            team: clean(n.team),
            board,
            opengotha: og,
        };
        record(state, p, vec![(None, EventBody::PlayerRegistered(player.clone()))])?;
        Ok(Json(player))
    })
    .await
}

/// What OpenGotha and the EGD know of a player registered by hand: none unless the form gave
/// more than the entry list's name and rank. PIN and country are checked here, at the edge.
fn federation_record(n: &NewPlayer, name: &str, rank: Rank) -> Result<Option<OpenGothaRecord>, OfficeError> {
    let clean = |s: &Option<String>| s.as_ref().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let pin = clean(&n.pin).map(|p| Pin::new(&p)).transpose()?;
    let country = clean(&n.country).map(|c| Country::new(&c)).transpose()?;
    if n.rating.is_some_and(|r| !(-900..=2949).contains(&r)) {
        return Err(out_of_range("rating", "-900 to 2949 (OpenGotha's scale)"));
    }
    let (surname, given) = match clean(&n.surname) {
        Some(s) => (s, clean(&n.given_name).unwrap_or_default()),
        None => players_csv::split_name(name),
    };
    let any = pin.is_some()
        || country.is_some()
        || n.rating.is_some()
        || clean(&n.surname).is_some()
        || clean(&n.ffg_licence).is_some();
    Ok(any.then(|| OpenGothaRecord {
        name: surname,
        first_name: given,
        rating: n.rating.unwrap_or_else(|| arbiter_core::tournament::pairing::opengotha::initial_rating(rank)),
        country: country.map(|c| c.to_string()).unwrap_or_default(),
        egf_pin: pin,
        ffg_licence: clean(&n.ffg_licence),
        ..OpenGothaRecord::default()
    }))
}

/// The id after the highest `pNNN` in use, plus `offset`.
fn next_id(view: &TournamentView, offset: usize) -> Result<PlayerId, OfficeError> {
    let used =
        view.players.iter().filter_map(|p| p.id.as_str().strip_prefix('p')?.parse::<usize>().ok()).max().unwrap_or(0);
    Ok(PlayerId::new(format!("p{:03}", used.max(view.players.len()) + offset + 1))?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportQuery {
    /// Say what the CSV would add, every bad line and every duplicate; store nothing.
    #[serde(default)]
    preview: bool,
}

/// `POST /api/v1/players/import[?preview=true]` (organiser), body CSV text (`name,rank[,club
/// [,team[,board]]]`, or columns named by a header: `surname,given_name,rank,club,country,pin,
/// rating`, …). A preview answers what would be added — every bad line, and each row already
/// registered (same name or PIN) or repeated in the file — and stores nothing. Without it: any
/// bad line refuses all of it, naming every one; rows already registered are not added again
/// (the notes name them).
pub async fn import_players(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<axum::extract::Query<ImportQuery>, axum::extract::rejection::QueryRejection>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Imported>, OfficeError> {
    caller.require(SETUP, "register players")?;
    let q = crate::server::query(q, "use ?preview=true or nothing")?;
    let text = String::from_utf8(body(raw)?.to_vec())
        .map_err(|_| OfficeError::bad(RequestFault::Body, "the CSV must be UTF-8 text"))?;
    command(state, caller, move |state, p, view| {
        let first = next_id(&view, 0)?;
        let offset = first.as_str()[1..].parse::<usize>().unwrap_or(1) - 1;
        let review = players_csv::review(&text, &view.players, offset);
        if q.preview {
            return Ok(Json(Imported::Preview(review)));
        }
        if !review.faults.is_empty() {
            return Err(DomainError::BadLines { file: "players csv", lines: review.faults }.into());
        }
        let mut notes = Vec::new();
        let mut players = Vec::new();
        for r in review.rows {
            match r.duplicate_of {
                Some(d) => notes
                    .push(format!("line {}: `{}` is already registered ({d}): not added again", r.line, r.player.name)),
                None => players.push(r.player),
            }
        }
        // Ids follow on from the last one in use, with no gap where a duplicate was left out.
        for (i, pl) in players.iter_mut().enumerate() {
            pl.id = PlayerId::new(format!("p{:03}", offset + i + 1))?;
        }
        let n = players.len();
        if n > 0 {
            record(state, p, players.into_iter().map(|pl| (None, EventBody::PlayerRegistered(pl))).collect())?;
        }
        Ok(Json(Imported::Done(ImportReport { players: n as u32, games: 0, events: n as u32, notes })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deletion {
    #[serde(default)]
    note: Option<String>,
}

/// What a players CSV import answers: the review (`?preview=true`), or what was registered.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Imported {
    Preview(players_csv::CsvReview),
    Done(ImportReport),
}

/// `DELETE /api/v1/players/{player}` (organiser): a player registered by mistake, who has no
/// game and no bye, is deleted — gone from every list, standings and export; the history keeps
/// both acts. One who has played withdraws instead (第二十九条).
pub async fn delete_player(
    State(state): State<AppState>,
    caller: Caller,
    player: PathParam<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(SETUP, "delete a player")?;
    let player = PlayerId::new(player.0)?;
    let raw = body(raw)?;
    let d: Deletion = if raw.is_empty() { Deletion { note: None } } else { json(Ok(raw))? };
    command(state, caller, move |state, p, view| {
        if !view.players.iter().any(|x| x.id == player) {
            return Err(OfficeError::NotFound(format!("no player `{player}`")));
        }
        let seated =
            view.games.iter().filter_map(|g| g.schedule.as_ref()).find(|s| s.black == player || s.white == player);
        if let Some(s) = seated {
            return Err(OfficeError::Conflict(format!(
                "`{player}` is paired in round {}: a player who has a game withdraws (第二十九条), never is deleted",
                s.round
            )));
        }
        if let Some(r) = view.byes.iter().find(|(_, ps)| ps.contains(&player)).map(|(r, _)| *r) {
            return Err(OfficeError::Conflict(format!(
                "`{player}` had the bye in round {r}: a player who has played withdraws (第二十九条), never is deleted"
            )));
        }
        record(state, p, vec![(None, EventBody::PlayerDeleted { player: player.clone(), note: d.note })])?;
        Ok(Json(serde_json::json!({ "player": player, "deleted": true })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LatinName {
    surname: String,
    #[serde(default)]
    given_name: Option<String>,
}

/// `PUT /api/v1/players/{player}/latin` (organiser): the player's name in Latin letters, beside
/// the name as written, for the EGD's `.h9`, the FFG's `.tou` and OpenGotha's file. Recorded as
/// the player's registration again under the same id — the event model's correction of a
/// registration, which every build since schema 1 reads so — with all else kept.
pub async fn set_latin_name(
    State(state): State<AppState>,
    caller: Caller,
    player: PathParam<String>,
    raw: JsonBody<LatinName>,
) -> Result<Json<Player>, OfficeError> {
    caller.require(SETUP, "give a player's name in Latin letters")?;
    let player = PlayerId::new(player.0)?;
    let l = raw.0?;
    let surname = l.surname.split_whitespace().collect::<Vec<_>>().join(" ");
    let given = l.given_name.unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
    if surname.is_empty() || surname.chars().count() > 100 || given.chars().count() > 100 {
        return Err(invalid("surname", "1 to 100 characters (given_name: up to 100)"));
    }
    if !latin::is_latin9(&surname) || !latin::is_latin9(&given) {
        return Err(invalid(
            "surname",
            format!("Latin letters the EGD's files can carry (ISO-8859-15): `{surname} {given}` has others"),
        ));
    }
    command(state, caller, move |state, p, view| {
        let Some(mut q) = view.players.iter().find(|x| x.id == player).cloned() else {
            return Err(OfficeError::NotFound(format!("no player `{player}`")));
        };
        let rating = arbiter_core::tournament::pairing::opengotha::initial_rating(q.rank);
        let r = q.opengotha.get_or_insert_with(|| OpenGothaRecord { rating, ..OpenGothaRecord::default() });
        r.name = surname;
        r.first_name = if given.is_empty() { players_csv::NO_FIRST_NAME.to_owned() } else { given };
        record(state, p, vec![(None, EventBody::PlayerRegistered(q.clone()))])?;
        Ok(Json(q))
    })
    .await
}

/// One player whose name as written is not in Latin letters, with the name the EGD's files get
/// and a proposal for the organiser to accept or correct.
#[derive(schemars::JsonSchema, serde::Serialize)]
pub struct LatinEntry {
    player: PlayerId,
    name: String,
    /// `Surname Given` as the `.h9` writes it now (refused while not in Latin letters).
    egd_name: String,
    /// Whether the `.h9` and `.tou` can carry `egd_name`.
    ready: bool,
    proposal: latin::Proposal,
}

/// `GET /api/v1/players/latin` (organiser, chief arbiter): every player whose name as written
/// is not in Latin letters, with a proposed transliteration (never written by itself).
pub async fn latin_names(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<LatinEntry>>, OfficeError> {
    caller.require(DRAW, "read the names in Latin letters")?;
    crate::runtime::blocking(move || {
        let view = crate::server::games::tournament_view(&state, &caller)?;
        let og = opengotha::from_view(&view);
        let people = arbiter_core::interop::egd_h9::players_of(&og);
        let out = view
            .players
            .iter()
            .filter(|q| !latin::is_latin9(&q.name))
            .map(|q| {
                let egd_name = people.get(&q.id).map(|x| x.0.egd_name()).unwrap_or_default();
                let country = people.get(&q.id).map(|x| x.0.country.clone()).unwrap_or_default();
                LatinEntry {
                    player: q.id.clone(),
                    name: q.name.clone(),
                    ready: latin::is_latin9(&egd_name),
                    egd_name,
                    proposal: latin::propose(&q.name, &country),
                }
            })
            .collect();
        Ok(Json(out))
    })
    .await
}

/// One entry of the registration history: who registered, corrected, withdrew or deleted whom.
#[derive(schemars::JsonSchema, serde::Serialize)]
pub struct RegistrationEntry {
    /// Milliseconds since the Unix epoch (the event's stamp).
    at_ms: u64,
    kind: arbiter_core::event::EventKind,
    player: PlayerId,
    /// The player's name as registered last before this entry.
    name: String,
    by: arbiter_core::model::PersonId,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(default)]
    note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(default)]
    after_round: Option<u16>,
}

/// `GET /api/v1/players/history` (organiser, chief arbiter): every registration, correction,
/// withdrawal (第二十九条) and deletion, in the order they were recorded — nothing is erased
/// from it when a player is deleted.
pub async fn registration_history(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Vec<RegistrationEntry>>, OfficeError> {
    caller.require(DRAW, "read the registration history")?;
    crate::runtime::blocking(move || {
        let mut names: std::collections::HashMap<PlayerId, String> = std::collections::HashMap::new();
        let mut out = Vec::new();
        for e in setup_events(&state, &caller.0.tournament)? {
            let (player, note, after_round) = match &e.body {
                EventBody::PlayerRegistered(p) => {
                    names.insert(p.id.clone(), p.name.clone());
                    (p.id.clone(), None, None)
                }
                EventBody::PlayerWithdrew { player, after_round, note } => {
                    (player.clone(), note.clone(), Some(*after_round))
                }
                EventBody::PlayerDeleted { player, note } => (player.clone(), note.clone(), None),
                _ => continue,
            };
            out.push(RegistrationEntry {
                at_ms: e.hlc.wall_ms,
                kind: e.body.kind(),
                name: names.get(&player).cloned().unwrap_or_default(),
                player,
                by: e.author.person.clone(),
                note,
                after_round,
            });
        }
        Ok(Json(out))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    kind: ListKind,
}

/// `POST /api/v1/rating-list?kind=egf|ffg` (organiser), body the list's file as published
/// (UTF-8, or ISO-8859-1 as the federations write it): kept for this tournament while the
/// office runs. A file of another format, or bad lines, is refused naming them.
pub async fn load_rating_list(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<axum::extract::Query<ListQuery>, axum::extract::rejection::QueryRejection>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(SETUP, "load a rating list")?;
    let q = crate::server::query(q, "use ?kind=egf or ?kind=ffg")?;
    let bytes = body(raw)?;
    let text = match String::from_utf8(bytes.to_vec()) {
        Ok(t) => t,
        // Not UTF-8: the federations' Latin-1, one character a byte.
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    crate::runtime::blocking(move || {
        let list = rating_list::parse(q.kind, &text)?;
        let answer = serde_json::json!({ "kind": list.kind, "date": list.date, "players": list.players.len() });
        state
            .rating_lists
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(caller.0.tournament.clone(), Arc::new(list));
        Ok(Json(answer))
    })
    .await
}

fn loaded_list(state: &AppState, p: &Principal) -> Result<Arc<RatingList>, OfficeError> {
    state
        .rating_lists
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&p.tournament)
        .cloned()
        .ok_or_else(|| OfficeError::NotFound("no rating list loaded for this tournament".into()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    q: String,
}

/// `GET /api/v1/rating-list/search?q=` (organiser): up to 20 players of the loaded list whose
/// PIN or licence is `q`, or whose name holds its words.
pub async fn search_rating_list(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<axum::extract::Query<Search>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Vec<rating_list::Listed>>, OfficeError> {
    caller.require(SETUP, "search the rating list")?;
    let q = crate::server::query(q, "use ?q=a name or a PIN")?;
    crate::runtime::blocking(move || {
        let list = loaded_list(&state, &caller.0)?;
        Ok(Json(list.search(&q.q, 20).into_iter().cloned().collect()))
    })
    .await
}

/// `POST /api/v1/rating-list/refresh[?preview=true]` (organiser): the registered players the
/// loaded list changes (rank, rating), each before and after; without `preview`, recorded (a
/// later registration of the same id corrects the earlier one).
pub async fn refresh_ratings(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<axum::extract::Query<ImportQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Vec<rating_list::Refreshed>>, OfficeError> {
    caller.require(SETUP, "refresh ratings")?;
    let q = crate::server::query(q, "use ?preview=true or nothing")?;
    command(state, caller, move |state, p, view| {
        let list = loaded_list(state, p)?;
        let changes = list.refresh(&view.players);
        if !q.preview && !changes.is_empty() {
            record(state, p, changes.iter().map(|c| (None, EventBody::PlayerRegistered(c.updated.clone()))).collect())?;
        }
        Ok(Json(changes))
    })
    .await
}

/// `POST /api/v1/import/opengotha[?preview=true]` (organiser), body an OpenGotha tournament
/// file: brings a whole event in mid-way — set-up, players, pairings, results, byes — into a
/// tournament that has no players yet. Every bad player is named with its line; a preview says
/// what would come in and stores nothing.
pub async fn import_opengotha(
    State(state): State<AppState>,
    caller: Caller,
    q: Result<axum::extract::Query<ImportQuery>, axum::extract::rejection::QueryRejection>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<ImportReport>, OfficeError> {
    caller.require(SETUP, "import an OpenGotha file")?;
    let q = crate::server::query(q, "use ?preview=true or nothing")?;
    let text = String::from_utf8(body(raw)?.to_vec())
        .map_err(|_| OfficeError::bad(RequestFault::Body, "the file must be UTF-8 XML"))?;
    let og = opengotha::parse(&text)?;
    command(state, caller, move |state, p, view| {
        if !view.players.is_empty() {
            return Err(OfficeError::Conflict(format!(
                "`{}` already has {} players: import an OpenGotha file into a new tournament",
                p.tournament,
                view.players.len()
            )));
        }
        let ruleset = view.tournament.as_ref().map(|t| t.ruleset).unwrap_or_default();
        let (bodies, notes) = opengotha::to_events(&og, &p.tournament, ruleset)?;
        use arbiter_core::event::EventKind as K;
        if q.preview {
            // What the file would bring, before anything is stored.
            let count = |k| bodies.iter().filter(|(_, b)| b.kind() == k).count() as u32;
            return Ok(Json(ImportReport {
                players: count(K::PlayerRegistered),
                games: count(K::GameScheduled),
                events: bodies.len() as u32,
                notes,
            }));
        }
        let events = record(state, p, bodies)?;
        let count = |k| events.iter().filter(|e| e.body.kind() == k).count() as u32;
        Ok(Json(ImportReport {
            players: count(K::PlayerRegistered),
            games: count(K::GameScheduled),
            events: events.len() as u32,
            notes,
        }))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    #[serde(deserialize_with = "arbiter_core::model::game::rounds::one")]
    #[schemars(schema_with = "super::openapi::round")]
    after_round: u16,
    #[serde(default)]
    note: Option<String>,
}

/// `POST /api/v1/players/{player}/withdraw` (organiser, chief arbiter): 第二十九条.
pub async fn withdraw(
    State(state): State<AppState>,
    caller: Caller,
    player: PathParam<String>,
    raw: JsonBody<Withdrawal>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(DRAW, "record a withdrawal")?;
    let player = PlayerId::new(player.0)?;
    let w = raw.0?;
    command(state, caller, move |state, p, view| {
        if !view.players.iter().any(|x| x.id == player) {
            return Err(OfficeError::NotFound(format!("no player `{player}`")));
        }
        let body = EventBody::PlayerWithdrew { player: player.clone(), after_round: w.after_round, note: w.note };
        record(state, p, vec![(None, body)])?;
        Ok(Json(serde_json::json!({ "player": player, "after_round": w.after_round })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Absences {
    #[serde(deserialize_with = "arbiter_core::model::game::rounds::list")]
    rounds: Vec<u16>,
}

/// `POST /api/v1/players/{player}/absences` (organiser, chief arbiter): the rounds a player will
/// miss (OpenGotha's participation flags), replacing any set before. Rounds already paired keep
/// what they had: a played round's scores do not change under it.
pub async fn set_absences(
    State(state): State<AppState>,
    caller: Caller,
    player: PathParam<String>,
    raw: JsonBody<Absences>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(DRAW, "set a player's absences")?;
    let player = PlayerId::new(player.0)?;
    let a = raw.0?;
    command(state, caller, move |state, p, view| {
        if !view.players.iter().any(|x| x.id == player) {
            return Err(OfficeError::NotFound(format!("no player `{player}`")));
        }
        let rounds: std::collections::BTreeSet<u16> = a.rounds.iter().copied().collect();
        let last = view.tournament.as_ref().and_then(|t| t.settings.rounds);
        if let Some(&r) = rounds.iter().find(|&&r| r == 0 || last.is_some_and(|n| r > n)) {
            let within = last.map_or("from 1".to_owned(), |n| format!("1–{n}"));
            return Err(out_of_range("round", format!("round {r} is not a round of this event ({within})")));
        }
        let paired: std::collections::BTreeSet<u16> = view
            .games
            .iter()
            .filter_map(|g| g.schedule.as_ref().map(|s| s.round))
            .chain(view.byes.keys().copied())
            .collect();
        let before = view.absences.get(&player).cloned().unwrap_or_default();
        if let Some(r) = paired.iter().find(|r| before.contains(r) != rounds.contains(r)) {
            return Err(OfficeError::bad(
                RequestFault::AlreadyPaired,
                format!("round {r} is already paired: absences change only for rounds not yet paired"),
            ));
        }
        let body = EventBody::PlayerAbsences { player: player.clone(), rounds: rounds.iter().copied().collect() };
        record(state, p, vec![(None, body)])?;
        Ok(Json(serde_json::json!({ "player": player, "rounds": rounds })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    referee: arbiter_core::model::PersonId,
    #[schemars(schema_with = "super::openapi::tables")]
    tables: Vec<u16>,
}

/// `POST /api/v1/referees` (chief arbiter, organiser): a referee to tables (第三十一条三).
pub async fn assign_referee(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<Assignment>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::ChiefArbiter, Role::Organiser], "assign referees")?;
    let a = raw.0?;
    if a.tables.is_empty() || a.tables.contains(&0) {
        return Err(invalid("tables", "one or more table numbers from 1"));
    }
    command(state, caller, move |state, p, view| {
        if !view.people.iter().any(|x| x.id == a.referee && x.role == Role::Referee) {
            return Err(OfficeError::NotFound(format!("`{}` is not a registered referee", a.referee)));
        }
        record(
            state,
            p,
            vec![(None, EventBody::RefereeAssigned { referee: a.referee.clone(), tables: a.tables.clone() })],
        )?;
        Ok(Json(serde_json::json!({ "referee": a.referee, "tables": a.tables })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VenueAssignment {
    venue: arbiter_core::model::PersonId,
    #[serde(deserialize_with = "arbiter_core::model::game::rounds::one")]
    #[schemars(schema_with = "super::openapi::round")]
    round: u16,
    #[schemars(schema_with = "super::openapi::tables")]
    tables: Vec<u16>,
}

/// `POST /api/v1/venues` (organiser): in a league, round `round`'s games at `tables` are played
/// at the venue office `venue` (a registered official of role `office`), which forwards them.
pub async fn assign_venue(
    State(state): State<AppState>,
    caller: Caller,
    raw: JsonBody<VenueAssignment>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(&[Role::Organiser], "assign venues")?;
    let a = raw.0?;
    if a.round == 0 || a.tables.is_empty() || a.tables.contains(&0) {
        return Err(invalid("tables", "round from 1, tables: one or more table numbers from 1"));
    }
    command(state, caller, move |state, p, view| {
        if !view.people.iter().any(|x| x.id == a.venue && x.role == Role::Office) {
            return Err(OfficeError::NotFound(format!("`{}` is not a registered venue office", a.venue)));
        }
        let body = EventBody::VenueAssigned { venue: a.venue.clone(), round: a.round, tables: a.tables.clone() };
        record(state, p, vec![(None, body)])?;
        Ok(Json(serde_json::json!({ "venue": a.venue, "round": a.round, "tables": a.tables })))
    })
    .await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundTime {
    starts_at: chrono::DateTime<chrono::Utc>,
}

fn round_of(p: PathParam<u16>) -> Result<u16, OfficeError> {
    let r = p.0;
    if r == 0 {
        return Err(OfficeError::bad(RequestFault::Path, "rounds count from 1"));
    }
    if r > arbiter_core::model::game::MAX_ROUNDS {
        return Err(arbiter_core::model::game::round_over(r).into());
    }
    Ok(r)
}

/// `PUT /api/v1/rounds/{round}` (organiser): when the round starts.
pub async fn schedule_round(
    State(state): State<AppState>,
    caller: Caller,
    round: PathParam<u16>,
    raw: JsonBody<RoundTime>,
) -> Result<Json<serde_json::Value>, OfficeError> {
    caller.require(SETUP, "schedule rounds")?;
    let round = round_of(round)?;
    let t = raw.0?;
    locked(state, caller, move |state, p| {
        record(state, p, vec![(None, EventBody::RoundScheduled { round, starts_at: t.starts_at })])?;
        Ok(Json(serde_json::json!({ "round": round, "starts_at": t.starts_at })))
    })
    .await
}

/// `POST /api/v1/rounds/{round}/pair` (organiser, chief arbiter): the draw by the system.
pub async fn pair(
    State(state): State<AppState>,
    caller: Caller,
    round: PathParam<u16>,
) -> Result<Json<PairingSheet>, OfficeError> {
    caller.require(DRAW, "pair a round")?;
    let round = round_of(round)?;
    command(state, caller, move |state, p, view| {
        if view.games.iter().any(|g| g.schedule.as_ref().is_some_and(|s| s.round == round)) {
            return Err(OfficeError::Conflict(format!("round {round} is already paired")));
        }
        let (_, bodies) = run::pair_round(&view, round)?;
        record(state, p, bodies)?;
        Ok(Json(pairing_sheet(&view_of(state, &p.tournament)?, round)))
    })
    .await
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
    caller.require(&[Role::ChiefArbiter], "override a pairing (第三十一条四)")?;
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
        let mut g = g.ok_or_else(|| OfficeError::NotFound(format!("no game `{game}`")))?;
        if view
            .games
            .iter()
            .any(|s| s.game == game && (s.status != arbiter_core::game::Status::Scheduled || s.result.is_some()))
        {
            return Err(OfficeError::Conflict(format!("game `{game}` has started: record an incident instead")));
        }
        for pl in [&o.black, &o.white] {
            if !view.players.iter().any(|x| &x.id == pl) {
                return Err(OfficeError::NotFound(format!("no player `{pl}`")));
            }
            let elsewhere = view
                .games
                .iter()
                .filter_map(|x| x.schedule.as_ref())
                .any(|s| s.round == g.round && s.id != game && (&s.black == pl || &s.white == pl));
            if elsewhere {
                return Err(OfficeError::Conflict(format!(
                    "`{pl}` already plays at another table in round {}",
                    g.round
                )));
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
        return Err(OfficeError::bad(
            RequestFault::NotAGameEvent,
            format!("“{}” is not recorded on a game", e.body.kind()),
        ));
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
                    return Err(OfficeError::bad(
                        RequestFault::NotEscalable,
                        "escalate_to goes with an incident recorded without a ruling",
                    ));
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
            return Err(OfficeError::Internal("the escalation names an incident id the stamp did not mint".into()));
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
    caller.require(&[Role::Referee, Role::ChiefArbiter], "record a late arrival")?;
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

/// The `Sent-At-Ms` header, if any: ms since the epoch (`games::made_at`).
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
    let no_start = || {
        OfficeError::Conflict(format!(
            "round {round} has no start time: the organiser sets it (PUT /api/v1/rounds/{round})"
        ))
    };
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
    caller.require(&[Role::Referee, Role::ChiefArbiter], "time a late arrival")?;
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

//! The tournament's players from the office: registration one by one or from a file, deletion,
//! Latin names, the registration history, withdrawals (第二十九条) and absences.

use arbiter_core::error::DomainError;
use arbiter_core::event::EventBody;
use arbiter_core::interop::{latin, opengotha, players_csv};
use arbiter_core::model::{Country, OpenGothaRecord, Pin, Player, PlayerId, Rank};
use arbiter_core::tournament::publish::ImportReport;
use arbiter_core::tournament::TournamentView;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::routing::{get, post, put};
use axum::Json;
use axum::Router;
use serde::Deserialize;

use crate::acts::Act;
use crate::error::{Clash, Misasked, Missing, OfficeError, RequestFault};
use crate::server::reading::setup_events;
use crate::server::recording::{command, invalid, out_of_range, record, ImportQuery, DRAW, SETUP};
use crate::server::request::PathParam;
use crate::server::request::{body, json, JsonBody};
use crate::server::{AppState, Caller};

/// `/players…`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/players", post(add_player))
        .route("/players/import", post(import_players))
        .route("/players/{player}/withdraw", post(withdraw))
        .route("/players/{player}", axum::routing::delete(delete_player))
        .route("/players/history", get(registration_history))
        .route("/players/latin", get(latin_names))
        .route("/players/{player}/latin", put(set_latin_name))
        .route("/players/{player}/absences", post(set_absences))
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
    caller.require(SETUP, Act::RegisterPlayers)?;
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
            .map(|q| {
                format!(
                    "{} {} ({}{})",
                    q.id,
                    q.name,
                    q.rank,
                    q.club.as_deref().map(|c| format!(", {c}")).unwrap_or_default()
                )
            })
            .collect();
        if !matches.is_empty() && !confirm {
            return Err(OfficeError::AlreadyRegistered(matches));
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

/// `POST /api/v1/players/import[?preview=true]` (organiser), body CSV text (`name,rank[,club
/// [,team[,board]]]`, or columns named by a header: `surname,given_name,rank,club,country,pin,
/// rating`, …). A preview answers what would be added — every bad line, and each row already
/// registered (same name or PIN) or repeated in the file — and stores nothing. Without it: any
/// bad line refuses all of it, naming every one; rows already registered are not added again
/// (the notes name them).
pub async fn import_players(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<ImportQuery>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Imported>, OfficeError> {
    caller.require(SETUP, Act::RegisterPlayers)?;
    let q = q.0;
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
                Some(d) => notes.push(
                    arbiter_core::interop::note::ImportNote::AlreadyRegistered {
                        line: r.line,
                        name: r.player.name.clone(),
                        of: d.to_string(),
                    }
                    .said(),
                ),
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
    caller.require(SETUP, Act::DeletePlayer)?;
    let player = PlayerId::new(player.0)?;
    let raw = body(raw)?;
    let d: Deletion = if raw.is_empty() { Deletion { note: None } } else { json(Ok(raw))? };
    command(state, caller, move |state, p, view| {
        if !view.players.iter().any(|x| x.id == player) {
            return Err(OfficeError::NotFound(Missing::Player(player)));
        }
        let seated =
            view.games.iter().filter_map(|g| g.schedule.as_ref()).find(|s| s.black == player || s.white == player);
        if let Some(s) = seated {
            return Err(OfficeError::Conflict(Clash::PlayerPaired { player, round: s.round }));
        }
        if let Some(r) = view.byes.iter().find(|(_, ps)| ps.contains(&player)).map(|(r, _)| *r) {
            return Err(OfficeError::Conflict(Clash::PlayerHadBye { player, round: r }));
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
    caller.require(SETUP, Act::GiveLatinName)?;
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
            return Err(OfficeError::NotFound(Missing::Player(player)));
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
    caller.require(DRAW, Act::ReadLatinNames)?;
    crate::runtime::blocking(move || {
        let view = crate::server::reading::tournament_view(&state, &caller)?;
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
    caller.require(DRAW, Act::ReadRegistrationHistory)?;
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
    caller.require(DRAW, Act::RecordWithdrawal)?;
    let player = PlayerId::new(player.0)?;
    let w = raw.0?;
    command(state, caller, move |state, p, view| {
        if !view.players.iter().any(|x| x.id == player) {
            return Err(OfficeError::NotFound(Missing::Player(player)));
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
    caller.require(DRAW, Act::SetAbsences)?;
    let player = PlayerId::new(player.0)?;
    let a = raw.0?;
    command(state, caller, move |state, p, view| {
        if !view.players.iter().any(|x| x.id == player) {
            return Err(OfficeError::NotFound(Missing::Player(player)));
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
            return Err(OfficeError::Misasked(Misasked::AbsencesAfterPairing { round: *r }));
        }
        let body = EventBody::PlayerAbsences { player: player.clone(), rounds: rounds.iter().copied().collect() };
        record(state, p, vec![(None, body)])?;
        Ok(Json(serde_json::json!({ "player": player, "rounds": rounds })))
    })
    .await
}

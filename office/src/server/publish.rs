//! Publishing (第三十二条: results promptly, pairings correctly; 第三十一条七: the chief arbiter
//! announces the winners): the set-up, pairing sheets, standings, crosstable and exports for
//! officials, a public board for the hall display (no token: it is what hangs on the wall),
//! and the standings a proposed ruling would give, before the chief arbiter confirms it.

use crate::server::request::PathParam;
use arbiter_core::game::{fold_game, GameSummary};
use arbiter_core::interop::{egd_h9, ffg_tou, latin, opengotha};
use arbiter_core::model::{GameId, PlayerId, TournamentId};
use arbiter_core::tournament::publish::{
    self, pairing_sheet, Board, Crosstable, PairingSheet, Setup, StandingsPreview,
};
use arbiter_core::tournament::run;
use arbiter_core::tournament::standings::{mcmahon, Standings};
use arbiter_core::tournament::{System, TournamentView};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use crate::error::{LatinFile, NotLatin, OfficeError, RequestFault};
use crate::runtime::blocking;
use crate::server::reading::{tournament_view, view_of};
use crate::server::request::{csv, JsonBody};
use crate::server::{AppState, Caller};
use crate::standings::{csv_field, from_view, render_csv};
use axum::routing::{get, post};
use axum::Router;

/// `/setup`, `/standings`, `/games/{game}/preview-standings`, `/crosstable`, `/export/opengotha`, `/export/h9`, `/export/tou`, `/export/players.csv`, `/public/{tournament}/board`.
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/setup", get(setup))
        .route("/standings", get(standings))
        // A game's route, whose handler is publish's (it previews the standings with games' checks).
        .route("/games/{game}/preview-standings", post(preview_standings))
        .route("/crosstable", get(crosstable_view))
        .route("/export/opengotha", get(export_opengotha))
        .route("/export/h9", get(export_h9))
        .route("/export/tou", get(export_tou))
        .route("/export/players.csv", get(export_players))
        .route("/public/{tournament}/board", get(public_board))
}

/// `GET /api/v1/setup`.
pub async fn setup(State(state): State<AppState>, caller: Caller) -> Result<Json<Setup>, OfficeError> {
    blocking(move || Ok(Json(publish::setup(&tournament_view(&state, &caller)?)))).await
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Format {
    format: Option<String>,
    round: Option<u16>,
}

impl crate::server::request::Asked for Format {
    fn asked() -> String {
        "use ?round=N and ?format=json or ?format=csv".into()
    }
}

fn wants_csv(f: &Format) -> Result<bool, OfficeError> {
    match f.format.as_deref() {
        None | Some("json") => Ok(false),
        Some("csv") => Ok(true),
        Some(other) => Err(OfficeError::bad(RequestFault::Query, format!("format `{other}`: use json or csv"))),
    }
}

fn sheet_csv(s: &PairingSheet) -> String {
    use arbiter_core::labels::Labelled;
    let mut out = String::from("round,table,black,black_rank,white,white_rank,referee,result,handicap,corrections\r\n");
    for b in &s.boards {
        let result = b.result.map(|r| r.outcome.label().en.to_owned()).unwrap_or_default();
        // Who changed the result and why, in the order it happened (game::correction).
        let corrections = b
            .corrections
            .iter()
            .map(|c| {
                let to = c.outcome.map_or("no result", |o| o.label().en);
                let who = c.person.as_ref().map_or_else(String::new, |p| format!(" {p}"));
                format!(
                    "{} → {to}, by the {}{who} ({}: {})",
                    c.replaced.outcome.label().en,
                    c.by.label().en,
                    c.cause.label().en,
                    c.why
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        let referee = b.referee.as_ref().map(|r| r.name.clone()).unwrap_or_default();
        let row = [
            s.round.to_string(),
            b.table.to_string(),
            b.black.name.clone(),
            b.black.rank.to_string(),
            b.white.name.clone(),
            b.white.rank.to_string(),
            referee,
            result,
            b.handicap.to_string(),
            corrections,
        ];
        out += &row.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",");
        out += "\r\n";
    }
    for p in &s.byes {
        out += &format!("{},,{},{},bye,,,,,\r\n", s.round, csv_field(&p.name), p.rank);
    }
    out
}

/// `GET /api/v1/rounds/{round}/pairings?format=json|csv`.
pub async fn pairings(
    State(state): State<AppState>,
    caller: Caller,
    round: PathParam<u16>,
    q: crate::server::request::QueryParam<Format>,
) -> Result<Response, OfficeError> {
    let round = round.0;
    let f = q.0;
    let as_csv = wants_csv(&f)?;
    blocking(move || {
        let sheet = pairing_sheet(&tournament_view(&state, &caller)?, round);
        Ok(if as_csv {
            csv(sheet_csv(&sheet), &format!("pairings-round-{round}.csv"))
        } else {
            Json(sheet).into_response()
        })
    })
    .await
}

/// `GET /api/v1/standings?round=&format=json|csv`: by the event's system, with the results
/// later decisions changed.
pub async fn standings(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<Format>,
) -> Result<Response, OfficeError> {
    let f = q.0;
    let as_csv = wants_csv(&f)?;
    blocking(move || {
        let v = tournament_view(&state, &caller)?;
        if as_csv {
            return Ok(csv(render_csv(&from_view(&v, f.round)?), "standings.csv"));
        }
        Ok(Json(run::standings(&v, f.round)?).into_response())
    })
    .await
}

/// `GET /api/v1/crosstable?round=`.
pub async fn crosstable_view(
    State(state): State<AppState>,
    caller: Caller,
    q: crate::server::request::QueryParam<Format>,
) -> Result<Json<Crosstable>, OfficeError> {
    let f = q.0;
    blocking(move || {
        let v = tournament_view(&state, &caller)?;
        Ok(Json(publish::crosstable(&v, f.round)?))
    })
    .await
}

/// `GET /api/v1/export/opengotha`: the event as an OpenGotha tournament file.
pub async fn export_opengotha(State(state): State<AppState>, caller: Caller) -> Result<Response, OfficeError> {
    blocking(move || {
        let v = tournament_view(&state, &caller)?;
        let xml = opengotha::write(&opengotha::from_view(&v));
        Ok((
            [
                (header::CONTENT_TYPE, "application/xml; charset=utf-8".to_owned()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}.xml\"", v.id)),
            ],
            xml,
        )
            .into_response())
    })
    .await
}

/// The standings a results file ranks by, after the last round paired: for OpenGotha's systems
/// the page's, so that the file, the page and the printed standings rank players alike at every
/// moment; for the others (whose criteria, 第二十八条's, the EGD's and the FFG's files cannot
/// name) the OpenGotha Swiss criteria the XML export names.
fn export_standings(v: &TournamentView, og: &opengotha::OpenGotha) -> Result<Standings, OfficeError> {
    let system = v.tournament.as_ref().and_then(|t| t.settings.system.as_ref());
    if matches!(system, Some(System::McMahon { .. } | System::OpenGothaSwiss { .. })) {
        return Ok(run::standings(v, None)?.standings);
    }
    let last = og.field.games.iter().map(|g| g.round).chain(og.field.byes.iter().map(|(r, _)| *r)).max().unwrap_or(1);
    Ok(mcmahon::standings(&og.field, &og.mcmahon, &og.criteria, last.max(1), &og.ratings())?)
}

/// The EGD's and the FFG's files are ISO-8859-15, as OpenGotha writes them: a name they cannot
/// carry is refused, naming every such player and the proposal, rather than written as `?`.
/// (The event's name and place are written as OpenGotha writes them, `?` for what the
/// encoding lacks.)
fn latin_letters_only(
    people: &std::collections::HashMap<PlayerId, (egd_h9::H9Player, Option<String>)>,
    file: LatinFile,
) -> Result<(), OfficeError> {
    let mut bad: Vec<(&PlayerId, String)> =
        people.iter().map(|(id, (p, _))| (id, p.egd_name())).filter(|(_, n)| !latin::is_latin9(n)).collect();
    if bad.is_empty() {
        return Ok(());
    }
    bad.sort();
    let names = bad
        .into_iter()
        .map(|(id, n)| {
            let proposed = match latin::propose(&n, &people[id].0.country) {
                latin::Proposal::Proposed { surname, given_name, .. } => Some(format!("{surname} {given_name}")),
                _ => None,
            };
            NotLatin { player: id.clone(), name: n, proposed }
        })
        .collect();
    Err(OfficeError::NotInLatinLetters { file, names })
}

/// `GET /api/v1/export/h9`: results for the European Go Database (OpenGotha's criteria).
pub async fn export_h9(State(state): State<AppState>, caller: Caller) -> Result<Response, OfficeError> {
    blocking(move || {
        let v = tournament_view(&state, &caller)?;
        let og = opengotha::from_view(&v);
        let s = export_standings(&v, &og)?;
        let header = egd_h9::H9Header {
            class: og.time_control.as_ref().map_or("X", egd_h9::egf_class).to_owned(),
            handicap_correction: og.handicap.correction,
            event: og.name.clone(),
            location: og.location.clone(),
            begin_date: og.begin_date.clone(),
            end_date: og.end_date.clone(),
            komi: og.komi.clone(),
            time_minutes: og.time_control.as_ref().map_or(0, egd_h9::adjusted_minutes),
            byo_yomi: og.time_control.as_ref().map_or("", egd_h9::overtime_words).to_owned(),
        };
        let people = egd_h9::players_of(&og);
        latin_letters_only(&people, LatinFile::EgdH9)?;
        let who = |p: &PlayerId| people.get(p).map(|x| x.0.clone()).unwrap_or_default();
        let text = egd_h9::write(&header, &s, &og.field, egd_h9::free_rounds(&og), &who);
        Ok((
            [
                (header::CONTENT_TYPE, "text/plain; charset=iso-8859-15".to_owned()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}.h9\"", v.id)),
            ],
            latin::encode_latin9(&text),
        )
            .into_response())
    })
    .await
}

/// `GET /api/v1/export/tou`: results for the FFG (its `.tou`), ranked as the `.h9` is.
pub async fn export_tou(State(state): State<AppState>, caller: Caller) -> Result<Response, OfficeError> {
    blocking(move || {
        let v = tournament_view(&state, &caller)?;
        let og = opengotha::from_view(&v);
        let s = export_standings(&v, &og)?;
        let date = og.begin_date.split('-').rev().collect::<Vec<_>>().join("/");
        let header = ffg_tou::TouHeader {
            short_name: og.short_name.clone(),
            date,
            town: og.location.clone(),
            name: og.name.clone(),
            komi: og.komi.clone(),
            time: og.time_control,
        };
        let people = egd_h9::players_of(&og);
        latin_letters_only(&people, LatinFile::FfgTou)?;
        let who = |p: &PlayerId| people.get(p).cloned().unwrap_or_default();
        let text = ffg_tou::write(&header, &s, &og.field, egd_h9::free_rounds(&og), &who);
        Ok((
            [
                (header::CONTENT_TYPE, "text/plain; charset=iso-8859-15".to_owned()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}.tou\"", v.id)),
            ],
            latin::encode_latin9(&text),
        )
            .into_response())
    })
    .await
}

/// `GET /api/v1/export/players.csv`.
pub async fn export_players(State(state): State<AppState>, caller: Caller) -> Result<Response, OfficeError> {
    blocking(move || {
        let v = tournament_view(&state, &caller)?;
        let mut out = String::from("id,name,rank,club,team,withdrawn_after\r\n");
        for p in &v.players {
            let row = [
                p.id.to_string(),
                p.name.clone(),
                p.rank.to_string(),
                p.club.clone().unwrap_or_default(),
                p.team.clone().unwrap_or_default(),
                v.withdrawals.get(&p.id).map(ToString::to_string).unwrap_or_default(),
            ];
            out += &row.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",");
            out += "\r\n";
        }
        Ok(csv(out, "players.csv"))
    })
    .await
}

/// `GET /api/v1/public/{tournament}/board?round=` (no token): the latest round's pairings and
/// the standings, as posted in the hall.
pub async fn public_board(
    State(state): State<AppState>,
    t: PathParam<String>,
    q: crate::server::request::QueryParam<Format>,
) -> Result<Json<Board>, OfficeError> {
    let t = TournamentId::new(t.0)?;
    let f = q.0;
    blocking(move || Ok(Json(publish::board(&view_of(&state, &t)?, f.round)))).await
}

/// `POST /api/v1/games/{game}/preview-standings` `{body}`: the standings if the caller recorded
/// `body` on `game` now — nothing is stored. Refused as recording it would be.
pub async fn preview_standings(
    State(state): State<AppState>,
    caller: Caller,
    game: PathParam<String>,
    raw: JsonBody<crate::server::games::GameEvent>,
) -> Result<Json<StandingsPreview>, OfficeError> {
    let game = GameId::new(game.0)?;
    let p = raw.0?;
    blocking(move || {
        let t = &caller.0.tournament;
        let before_view = view_of(&state, t)?;
        let g = crate::server::games::scheduled(&state, t, &game)?;
        crate::server::games::check(&g, caller.0.role, &p.body)?;
        // Only this game changes: fold it again with the proposal, keep the other summaries.
        let mut events = state.store.game_events(t, &game)?;
        events.push(crate::server::games::draft(&caller.0, &game, &events, p.body, state.clock.now()));
        let proposed = GameSummary::of(&fold_game(&game, before_view.default_ruleset(), &events));
        let mut after_view = before_view.clone();
        for s in after_view.games.iter_mut().filter(|s| s.game == game) {
            *s = proposed.clone();
        }
        let before = run::standings(&before_view, None)?;
        let after = run::standings(&after_view, None)?;
        Ok(Json(publish::preview(&before_view.players, before, after)))
    })
    .await
}

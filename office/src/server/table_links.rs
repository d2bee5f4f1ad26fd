//! Players at the table (第二十一条): the organiser mints a link per game of a round, printed as
//! a QR code on the table's sheet; the link opens the players' page with no account. The page
//! shows the game and what the office knows of it — names, ranks and clubs, never an id or a
//! device. A link is live while its round is the latest paired; a later round's pairing ends it.

use arbiter_core::game::{GameResult, Status};
use arbiter_core::model::{Colour, PerColour, Player, PlayerId, Rank, Role, TimeControl};
use arbiter_core::rules::{Article, Outcome, ResultReason, RulesetSpec};
use arbiter_core::tournament::TournamentView;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

use crate::acts::Act;
use crate::error::{OfficeError, RequestFault, TableLinkRefusal};
use crate::runtime::blocking;
use crate::server::reading::view_of;
use crate::server::request::PathParam;
use crate::server::{AppState, Caller, ClientAddr};
use crate::table_links::{TableLink, TableLinks};

/// `/rounds/{round}/table-links` and `/table/{token}` (under `/api/v1`).
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/rounds/{round}/table-links", post(mint)).route("/table/{token}", get(page))
}

/// `/t/{token}`, outside `/api/v1` (and its document): the short address a table's QR code carries.
pub(super) fn short_link() -> Router<AppState> {
    Router::new().route(SHORT_LINK, get(open))
}

/// One table's link as minted: shown once, then kept only hashed.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct MintedLink {
    pub table: u16,
    pub game: arbiter_core::model::GameId,
    /// The token (26 characters): what the link carries.
    pub token: String,
    /// `{office}/t/{token}`, when the office knows the address phones reach it at
    /// (`serve --tablet-url`).
    pub link: Option<String>,
    /// The link as a QR code in SVG, for the table's sheet.
    pub qr_svg: Option<String>,
}

/// `{round, links}`: a round's table links, one per game, by table.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct MintedLinks {
    pub round: u16,
    pub links: Vec<MintedLink>,
}

/// A player as the players' page shows them: what the pairing sheet on the wall shows.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Seat {
    pub name: String,
    pub rank: Rank,
    pub club: Option<String>,
}

/// A result as the players' page shows it (without the event it came from).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct SeenResult {
    #[serde(flatten)]
    pub outcome: Outcome,
    pub reason: ResultReason,
    pub article: Article,
}

/// What a table link opens: the game and what the office knows of it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct TablePage {
    /// The tournament's name, as set up.
    pub tournament: String,
    pub round: u16,
    pub table: u16,
    pub black: Seat,
    pub white: Seat,
    /// Handicap stones Black places (0: an even game).
    pub handicap: u8,
    /// The rules and komi the game is played by.
    pub ruleset: RulesetSpec,
    pub time_control: TimeControl,
    /// 第二十三条: lateness beyond this forfeits the game.
    pub allowed_lateness_minutes: u16,
    pub status: Status,
    /// Warnings in force per side (第二十五条二: the second loses the game).
    pub warnings: PerColour<usize>,
    pub result: Option<SeenResult>,
}

fn seat(players: &[Player], id: &PlayerId) -> Seat {
    match players.iter().find(|p| &p.id == id) {
        Some(p) => Seat { name: p.name.clone(), rank: p.rank, club: p.club.clone() },
        // A pairing names only registered players; should one be missing, no id is shown.
        None => Seat { name: "?".into(), rank: Rank::Kyu(30), club: None },
    }
}

fn result_seen(r: &GameResult) -> SeenResult {
    SeenResult { outcome: r.outcome, reason: r.reason, article: r.article }
}

/// The latest round with a game paired.
fn latest_round(view: &TournamentView) -> Option<u16> {
    view.games.iter().filter_map(|g| g.schedule.as_ref().map(|s| s.round)).max()
}

/// `POST /api/v1/rounds/{round}/table-links` (organiser): mints a link per game of `round`,
/// revoking the links minted for those games before (the sheets are printed again with these).
pub async fn mint(
    State(state): State<AppState>,
    caller: Caller,
    round: PathParam<u16>,
) -> Result<Json<MintedLinks>, OfficeError> {
    caller.require(&[Role::Organiser], Act::MintTableLinks)?;
    let round = round.0;
    if round == 0 {
        return Err(OfficeError::bad(RequestFault::Path, "rounds count from 1"));
    }
    blocking(move || {
        let t = caller.0.tournament.clone();
        let view = view_of(&state, &t)?;
        if latest_round(&view).is_some_and(|latest| latest > round) {
            return Err(OfficeError::TableLink(TableLinkRefusal::RoundOver { round }));
        }
        let mut games: Vec<_> =
            view.games.iter().filter_map(|g| g.schedule.as_ref().filter(|s| s.round == round)).collect();
        if games.is_empty() {
            return Err(OfficeError::TableLink(TableLinkRefusal::NotPaired { round }));
        }
        games.sort_by_key(|s| s.table);
        let store = TableLinks::new(state.store.keyspace(crate::keyspaces::ACCOUNTS)?);
        let mut links = Vec::with_capacity(games.len());
        for s in games {
            let token = store.mint(&TableLink { tournament: t.clone(), round, table: s.table, game: s.id.clone() })?;
            let link = state.tablet_url.as_ref().map(|office| format!("{office}/t/{token}"));
            let qr_svg = link.as_deref().map(crate::server::people::qr_svg).transpose()?;
            links.push(MintedLink { table: s.table, game: s.id.clone(), token, link, qr_svg });
        }
        Ok(Json(MintedLinks { round, links }))
    })
    .await
}

/// The short address a table's QR code carries, outside `/api/v1`.
pub const SHORT_LINK: &str = "/t/{token}";

/// `GET /t/{token}` (what the QR code carries, short to scan): the players' page,
/// `/?table={token}`, which reads [`page`].
pub async fn open(token: PathParam<String>) -> axum::response::Redirect {
    // Only the token's own alphabet goes into the address: nothing else reaches the page.
    let token: String = token.0.chars().filter(char::is_ascii_alphanumeric).take(64).collect();
    axum::response::Redirect::to(&format!("/?table={token}"))
}

/// `GET /api/v1/table/{token}` (no account: the link is the key): the players' page. An unknown
/// token is a 404 counted at the door like a guessed token; a round that is over, a 410.
pub async fn page(
    State(state): State<AppState>,
    addr: ClientAddr,
    token: PathParam<String>,
) -> Result<Json<TablePage>, OfficeError> {
    blocking(move || {
        let store = TableLinks::new(state.store.keyspace(crate::keyspaces::ACCOUNTS)?);
        let link = state.guarded(addr, || store.open(&token.0))?;
        let view = view_of(&state, &link.tournament)?;
        if latest_round(&view).is_some_and(|latest| latest > link.round) {
            return Err(OfficeError::TableLink(TableLinkRefusal::RoundOver { round: link.round }));
        }
        let g = view
            .games
            .iter()
            .find(|g| g.game == link.game)
            .and_then(|g| g.schedule.as_ref().map(|s| (g, s)))
            .filter(|(_, s)| s.round == link.round);
        let Some((g, s)) = g else {
            return Err(OfficeError::TableLink(TableLinkRefusal::LeftTheDraw { round: link.round, table: link.table }));
        };
        Ok(Json(TablePage {
            tournament: view.tournament.as_ref().map(|t| t.name.clone()).unwrap_or_default(),
            round: s.round,
            table: s.table,
            black: seat(&view.players, &s.black),
            white: seat(&view.players, &s.white),
            handicap: s.handicap,
            ruleset: s.ruleset,
            time_control: s.time_control,
            allowed_lateness_minutes: s.allowed_lateness_minutes,
            status: g.status,
            warnings: PerColour { black: *g.warnings.get(Colour::Black), white: *g.warnings.get(Colour::White) },
            result: g.result.as_ref().map(result_seen),
        }))
    })
    .await
}

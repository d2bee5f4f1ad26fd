//! Players at the table (第二十一条): the organiser mints a link per game of a round, printed as
//! a QR code on the table's sheet; the link opens the players' page with no account. The page
//! shows the game and what the office knows of it — names, ranks and clubs, never an id or a
//! device. A link is live while its round is the latest paired; a later round's pairing ends it.

use arbiter_core::model::Role;
use arbiter_core::tournament::table_page::{latest_round, table_page};
pub use arbiter_core::tournament::table_page::{MintedLink, MintedLinks, TablePage};
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};

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
        table_page(&view, link.round, &link.game)
            .map(Json)
            .ok_or(OfficeError::TableLink(TableLinkRefusal::LeftTheDraw { round: link.round, table: link.table }))
    })
    .await
}

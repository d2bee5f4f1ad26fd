//! What a table link (第二十一条) opens: the players' page of one game, read from the tournament's
//! view. Names, ranks and clubs only — what the pairing sheet on the wall shows, never an id or
//! a device.

use serde::{Deserialize, Serialize};

use crate::game::{GameResult, Status};
use crate::model::{Colour, GameId, PerColour, Player, PlayerId, Rank, TimeControl};
use crate::rules::{Article, Outcome, ResultReason, RulesetSpec};
use crate::tournament::TournamentView;

/// One table's link as minted (第二十一条): shown once to the organiser, then kept only hashed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct MintedLink {
    pub table: u16,
    pub game: GameId,
    /// The token (26 characters): what the link carries.
    pub token: String,
    /// `{office}/t/{token}`, when the office knows the address phones reach it at
    /// (`serve --tablet-url`).
    pub link: Option<String>,
    /// The link as a QR code in SVG, for the table's sheet.
    pub qr_svg: Option<String>,
}

/// `{round, links}`: a round's table links, one per game, by table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct MintedLinks {
    pub round: u16,
    pub links: Vec<MintedLink>,
}

/// A player as the players' page shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Seat {
    pub name: String,
    pub rank: Rank,
    pub club: Option<String>,
}

/// A result as the players' page shows it (without the event it came from).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SeenResult {
    #[serde(flatten)]
    pub outcome: Outcome,
    pub reason: ResultReason,
    pub article: Article,
}

/// What a table link opens: the game and what the office knows of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
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

fn seen(r: &GameResult) -> SeenResult {
    SeenResult { outcome: r.outcome, reason: r.reason, article: r.article }
}

/// The latest round with a game paired: a table link is live while its round is this one.
pub fn latest_round(view: &TournamentView) -> Option<u16> {
    view.games.iter().filter_map(|g| g.schedule.as_ref().map(|s| s.round)).max()
}

/// The players' page of `game` in `round`; `None` if the game is not in that round's draw.
pub fn table_page(view: &TournamentView, round: u16, game: &GameId) -> Option<TablePage> {
    let g = view.games.iter().find(|g| &g.game == game)?;
    let s = g.schedule.as_ref().filter(|s| s.round == round)?;
    Some(TablePage {
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
        result: g.result.as_ref().map(seen),
    })
}

//! The commands the UI invokes: one thin call into `arbiter_core::app::App` each. Errors
//! reach the UI as `{code, message}`.

use std::sync::Arc;

use arbiter_core::app::{
    App, AppStatus, GameView, LatenessScreen, Preferences, PublicIdentity, QueueCard, ReaderView, Story, TableRow,
};
use arbiter_core::board::counting_board::{self, CountAnswer, CountRequest, LoadedRecord};
use arbiter_core::board::MoveCheck;
use arbiter_core::error::DomainError;
use arbiter_core::event::EventBody;
use arbiter_core::game::Preview;
use arbiter_core::interop::sgf;
use arbiter_core::label_tables::LabelTables;
use arbiter_core::model::{Colour, EventId, GameId, Point};
use arbiter_core::rules::{AllowedRuling, Incident};
use arbiter_core::ErrorBody;
use tauri::State;

type Reply<T> = Result<T, ErrorBody>;

fn game_id(game: &str) -> Reply<GameId> {
    GameId::new(game).map_err(|e| e.body())
}

#[tauri::command]
pub fn status(app: State<'_, Arc<App>>) -> AppStatus {
    app.status()
}

#[tauri::command]
pub async fn enroll(
    app: State<'_, Arc<App>>,
    office_url: String,
    code: String,
    fingerprint: String,
    device: String,
    label: String,
) -> Reply<PublicIdentity> {
    app.enroll(&office_url, &code, &fingerprint, &device, &label).await.map_err(|e| e.body())
}

#[tauri::command]
pub fn tables(app: State<'_, Arc<App>>) -> Reply<Vec<TableRow>> {
    app.tables().map_err(|e| e.body())
}

#[tauri::command]
pub fn game(app: State<'_, Arc<App>>, game: String) -> Reply<GameView> {
    app.game(&game_id(&game)?).map_err(|e| e.body())
}

#[tauri::command]
pub fn allowed(app: State<'_, Arc<App>>, game: String, incident: Incident) -> Reply<Vec<AllowedRuling>> {
    app.allowed(&game_id(&game)?, &incident).map_err(|e| e.body())
}

#[tauri::command]
pub fn preview(app: State<'_, Arc<App>>, game: String, body: EventBody) -> Reply<Preview> {
    app.preview(&game_id(&game)?, body).map_err(|e| e.body())
}

#[tauri::command]
pub fn record(app: State<'_, Arc<App>>, game: String, body: EventBody) -> Reply<GameView> {
    app.record(&game_id(&game)?, body).map_err(|e| e.body())
}

/// The byo-yomi reader (第十二条): the game's clock now and what to say since `after_ms`.
#[tauri::command]
pub fn reader(app: State<'_, Arc<App>>, game: String, after_ms: Option<u64>) -> Reply<ReaderView> {
    app.reader(&game_id(&game)?, after_ms).map_err(|e| e.body())
}

/// The late-arrival timer (第二十三条一–三) for the game's round, given who has arrived when.
#[tauri::command]
pub fn lateness(
    app: State<'_, Arc<App>>,
    game: String,
    black_arrived: Option<u64>,
    white_arrived: Option<u64>,
) -> Reply<Option<LatenessScreen>> {
    app.lateness(&game_id(&game)?, black_arrived, white_arrived).map_err(|e| e.body())
}

#[tauri::command]
pub fn queue(app: State<'_, Arc<App>>) -> Reply<Vec<QueueCard>> {
    app.queue().map_err(|e| e.body())
}

/// One incident's whole story, and what this official may decide on it.
#[tauri::command]
pub fn story(app: State<'_, Arc<App>>, game: String, incident: String) -> Reply<Story> {
    let game = GameId::new(game).map_err(|e| e.body())?;
    let incident: EventId = incident.parse().map_err(|e: DomainError| e.body())?;
    app.story(&game, incident).map_err(|e| e.body())
}

/// 第十四条: `sealer` seals `point` on this tablet; the ledger gets only its seal.
#[tauri::command]
pub fn seal_move(app: State<'_, Arc<App>>, game: String, sealer: Colour, point: Point) -> Reply<GameView> {
    app.seal_move(&game_id(&game)?, sealer, point).map_err(|e| e.body())
}

/// The sealed move this tablet holds for `game` (shown to the referee at resumption).
#[tauri::command]
pub fn sealed_move(app: State<'_, Arc<App>>, game: String) -> Reply<Option<Point>> {
    app.sealed_move(&game_id(&game)?).map_err(|e| e.body())
}

/// 第十四条 resumption: the sealed move this tablet holds is opened and played.
#[tauri::command]
pub fn unseal_move(app: State<'_, Arc<App>>, game: String) -> Reply<GameView> {
    app.unseal_move(&game_id(&game)?).map_err(|e| e.body())
}

/// A game record (SGF) loaded onto the counting board.
#[tauri::command]
pub fn load_record(sgf: String) -> Reply<LoadedRecord> {
    counting_board::load_record(&sgf).map_err(|e| e.body())
}

/// The counting board's count (第九条, KBA territory, Ing) with the stones marked dead.
#[tauri::command]
pub fn count_board(request: CountRequest) -> Reply<CountAnswer> {
    counting_board::count(&request).map_err(|e| e.body())
}

/// Was move `move_no` of the record legal (第十九条, 第二十条, 第六条)?
#[tauri::command]
pub fn check_move(sgf: String, move_no: u32) -> Reply<MoveCheck> {
    let game = sgf::parse(&sgf).map_err(|e| e.body())?;
    sgf::check_move(&game, move_no).map_err(|e| e.body())
}

#[tauri::command]
pub fn labels() -> LabelTables {
    arbiter_core::label_tables::tables()
}

/// Sync now (the banner's “sync” button); returns the status after the nudge.
#[tauri::command]
pub fn sync_now(app: State<'_, Arc<App>>) -> AppStatus {
    app.nudge();
    app.status()
}

/// A new device token from the office; the old one stops working.
#[tauri::command]
pub async fn rotate_token(app: State<'_, Arc<App>>) -> Reply<()> {
    app.rotate_token().await.map_err(|e| e.body())
}

/// The office's receipts this tablet keeps, written to a file for an auditor: [file, text].
#[tauri::command]
pub fn export_receipts(app: State<'_, Arc<App>>) -> Reply<(String, String)> {
    app.export_receipts().map(|(file, text)| (file.display().to_string(), text)).map_err(|e| e.body())
}

/// The events the office has not acknowledged, as JSON lines (a revoked tablet's hand-over).
#[tauri::command]
pub fn unsent(app: State<'_, Arc<App>>) -> Reply<String> {
    app.unsent().map_err(|e| e.body())
}

/// This device's preferences (language, chime), kept in its data folder.
#[tauri::command]
pub fn preferences(app: State<'_, Arc<App>>) -> Reply<Preferences> {
    app.preferences().map_err(|e| e.body())
}

/// Keeps the user's preferences in the data folder, durably; returns them as kept.
#[tauri::command]
pub fn set_preferences(app: State<'_, Arc<App>>, preferences: Preferences) -> Reply<Preferences> {
    app.set_preferences(&preferences).map_err(|e| e.body())
}

//! The commands the UI invokes: one thin call into `arbiter_core::app::App` each, run on the
//! blocking pool, off the main thread that draws the window (a record ends in `fdatasync`; a
//! synchronous command would hold the window still while it waits). Errors reach the UI as
//! `{code, message}`.

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

/// Runs `f` on the blocking pool and answers what it answered.
async fn off_main<T: Send + 'static>(f: impl FnOnce() -> Reply<T> + Send + 'static) -> Reply<T> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .unwrap_or_else(|_| Err(arbiter_core::CoreError::Broken("a command's task ended without an answer").body()))
}

#[tauri::command]
pub async fn status(app: State<'_, Arc<App>>) -> Reply<AppStatus> {
    let app = Arc::clone(&app);
    off_main(move || Ok(app.status())).await
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
pub async fn tables(app: State<'_, Arc<App>>) -> Reply<Vec<TableRow>> {
    let app = Arc::clone(&app);
    off_main(move || app.tables().map_err(|e| e.body())).await
}

#[tauri::command]
pub async fn game(app: State<'_, Arc<App>>, game: String) -> Reply<GameView> {
    let app = Arc::clone(&app);
    off_main(move || app.game(&game_id(&game)?).map_err(|e| e.body())).await
}

#[tauri::command]
pub async fn allowed(app: State<'_, Arc<App>>, game: String, incident: Incident) -> Reply<Vec<AllowedRuling>> {
    let app = Arc::clone(&app);
    off_main(move || app.allowed(&game_id(&game)?, &incident).map_err(|e| e.body())).await
}

#[tauri::command]
pub async fn preview(app: State<'_, Arc<App>>, game: String, body: EventBody) -> Reply<Preview> {
    let app = Arc::clone(&app);
    off_main(move || app.preview(&game_id(&game)?, body).map_err(|e| e.body())).await
}

#[tauri::command]
pub async fn record(app: State<'_, Arc<App>>, game: String, body: EventBody) -> Reply<GameView> {
    let app = Arc::clone(&app);
    off_main(move || app.record(&game_id(&game)?, body).map_err(|e| e.body())).await
}

/// The byo-yomi reader (第十二条): the game's clock now and what to say since `after_ms`.
#[tauri::command]
pub async fn reader(app: State<'_, Arc<App>>, game: String, after_ms: Option<u64>) -> Reply<ReaderView> {
    let app = Arc::clone(&app);
    off_main(move || app.reader(&game_id(&game)?, after_ms).map_err(|e| e.body())).await
}

/// The late-arrival timer (第二十三条一–三) for the game's round, given who has arrived when.
#[tauri::command]
pub async fn lateness(
    app: State<'_, Arc<App>>,
    game: String,
    black_arrived: Option<u64>,
    white_arrived: Option<u64>,
) -> Reply<Option<LatenessScreen>> {
    let app = Arc::clone(&app);
    off_main(move || app.lateness(&game_id(&game)?, black_arrived, white_arrived).map_err(|e| e.body())).await
}

#[tauri::command]
pub async fn queue(app: State<'_, Arc<App>>) -> Reply<Vec<QueueCard>> {
    let app = Arc::clone(&app);
    off_main(move || app.queue().map_err(|e| e.body())).await
}

/// One incident's whole story, and what this official may decide on it.
#[tauri::command]
pub async fn story(app: State<'_, Arc<App>>, game: String, incident: String) -> Reply<Story> {
    let app = Arc::clone(&app);
    off_main(move || {
        let game = GameId::new(game).map_err(|e| e.body())?;
        let incident: EventId = incident.parse().map_err(|e: DomainError| e.body())?;
        app.story(&game, incident).map_err(|e| e.body())
    })
    .await
}

/// 第十四条: `sealer` seals `point` on this tablet; the ledger gets only its seal.
#[tauri::command]
pub async fn seal_move(app: State<'_, Arc<App>>, game: String, sealer: Colour, point: Point) -> Reply<GameView> {
    let app = Arc::clone(&app);
    off_main(move || app.seal_move(&game_id(&game)?, sealer, point).map_err(|e| e.body())).await
}

/// The sealed move this tablet holds for `game` (shown to the referee at resumption).
#[tauri::command]
pub async fn sealed_move(app: State<'_, Arc<App>>, game: String) -> Reply<Option<Point>> {
    let app = Arc::clone(&app);
    off_main(move || app.sealed_move(&game_id(&game)?).map_err(|e| e.body())).await
}

/// 第十四条 resumption: the sealed move this tablet holds is opened and played.
#[tauri::command]
pub async fn unseal_move(app: State<'_, Arc<App>>, game: String) -> Reply<GameView> {
    let app = Arc::clone(&app);
    off_main(move || app.unseal_move(&game_id(&game)?).map_err(|e| e.body())).await
}

/// A game record (SGF) loaded onto the counting board.
#[tauri::command]
pub async fn load_record(sgf: String) -> Reply<LoadedRecord> {
    off_main(move || counting_board::load_record(&sgf).map_err(|e| e.body())).await
}

/// The counting board's count (第九条, KBA territory, Ing) with the stones marked dead.
#[tauri::command]
pub async fn count_board(request: CountRequest) -> Reply<CountAnswer> {
    off_main(move || counting_board::count(&request).map_err(|e| e.body())).await
}

/// Was move `move_no` of the record legal (第十九条, 第二十条, 第六条)?
#[tauri::command]
pub async fn check_move(sgf: String, move_no: u32) -> Reply<MoveCheck> {
    off_main(move || {
        let game = sgf::parse(&sgf).map_err(|e| e.body())?;
        sgf::check_move(&game, move_no).map_err(|e| e.body())
    })
    .await
}

#[tauri::command]
pub async fn labels() -> Reply<LabelTables> {
    off_main(move || Ok(arbiter_core::label_tables::tables())).await
}

/// Sync now (the banner's “sync” button); returns the status after the nudge.
#[tauri::command]
pub async fn sync_now(app: State<'_, Arc<App>>) -> Reply<AppStatus> {
    let app = Arc::clone(&app);
    off_main(move || {
        app.nudge();
        Ok(app.status())
    })
    .await
}

/// A new device token from the office; the old one stops working.
#[tauri::command]
pub async fn rotate_token(app: State<'_, Arc<App>>) -> Reply<()> {
    app.rotate_token().await.map_err(|e| e.body())
}

/// The office's receipts this tablet keeps, written to a file for an auditor: [file, text].
#[tauri::command]
pub async fn export_receipts(app: State<'_, Arc<App>>) -> Reply<(String, String)> {
    let app = Arc::clone(&app);
    off_main(move || app.export_receipts().map(|(file, text)| (file.display().to_string(), text)).map_err(|e| e.body()))
        .await
}

/// The events the office has not acknowledged, as JSON lines (a revoked tablet's hand-over).
#[tauri::command]
pub async fn unsent(app: State<'_, Arc<App>>) -> Reply<String> {
    let app = Arc::clone(&app);
    off_main(move || app.unsent().map_err(|e| e.body())).await
}

/// This device's preferences (language, chime), kept in its data folder.
#[tauri::command]
pub async fn preferences(app: State<'_, Arc<App>>) -> Reply<Preferences> {
    let app = Arc::clone(&app);
    off_main(move || app.preferences().map_err(|e| e.body())).await
}

/// Keeps the user's preferences in the data folder, durably; returns them as kept.
#[tauri::command]
pub async fn set_preferences(app: State<'_, Arc<App>>, preferences: Preferences) -> Reply<Preferences> {
    let app = Arc::clone(&app);
    off_main(move || app.set_preferences(&preferences).map_err(|e| e.body())).await
}

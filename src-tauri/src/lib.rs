//! The referee app's Tauri shell: opens the app service on its data folder, runs the sync
//! client in the background, opens its window with the WebView's storage and cache in that same
//! folder, and exposes the service as commands. No rules here.

// No unwrap/expect on input or I/O paths (tests are allowed them by clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod commands;

use std::sync::Arc;

use arbiter_core::app::App;
use tauri::Manager;

/// The app's data folder, all of an instance's state: its store, its preferences and its
/// WebView's storage and cache. `ARBITER_DATA_DIR` if set (tests, several instances on one
/// machine), else `store` in the platform's app data directory.
fn data_dir(app: &tauri::App) -> Result<std::path::PathBuf, Box<dyn std::error::Error>> {
    if let Some(dir) = std::env::var_os("ARBITER_DATA_DIR") {
        return Ok(dir.into());
    }
    Ok(app.path().app_data_dir()?.join("store"))
}

/// Builds the app with its commands; `run` and the tests share it.
pub fn builder<R: tauri::Runtime>() -> tauri::Builder<R> {
    tauri::Builder::<R>::new().invoke_handler(tauri::generate_handler![
        commands::status,
        commands::enroll,
        commands::tables,
        commands::game,
        commands::allowed,
        commands::preview,
        commands::record,
        commands::queue,
        commands::story,
        commands::reader,
        commands::lateness,
        commands::seal_move,
        commands::sealed_move,
        commands::unseal_move,
        commands::load_record,
        commands::count_board,
        commands::check_move,
        commands::labels,
        commands::sync_now,
        commands::rotate_token,
        commands::unsent,
        commands::export_receipts,
        commands::preferences,
        commands::set_preferences,
    ])
}

/// The WebView's own folder (localStorage, IndexedDB, cookies, cache) inside the data folder.
/// Without it Tauri puts the WebView's data in the platform's folder for the app's identifier
/// (`~/.local/share/org.weiqiarbiter.referee` on Linux), one for every instance on the machine.
pub const WEBVIEW_DIR: &str = "webview";

/// Opens the main window (tauri.conf.json's `main`, which Tauri does not create by itself) with
/// its WebView's data in `dir`.
fn open_window<R: tauri::Runtime>(
    handle: &tauri::AppHandle<R>,
    dir: &std::path::Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let config = handle
        .config()
        .app
        .windows
        .iter()
        .find(|w| w.label == "main")
        .ok_or("tauri.conf.json has no window labelled `main`")?
        .clone();
    tauri::WebviewWindowBuilder::from_config(handle, &config)?.data_directory(dir.join(WEBVIEW_DIR)).build()?;
    Ok(())
}

/// Opens the store and starts the background sync for a built app.
pub fn setup<R: tauri::Runtime>(
    handle: &tauri::AppHandle<R>,
    dir: &std::path::Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let app = Arc::new(App::open(dir)?);
    let stop = Arc::new(tokio::sync::Notify::new());
    tauri::async_runtime::spawn(app.sync_task(stop));
    handle.manage(app);
    Ok(())
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let result = builder()
        .setup(|app| {
            let dir = data_dir(app)?;
            setup(app.handle(), &dir)?;
            open_window(app.handle(), &dir)
        })
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("weiqi-arbiter: {e}");
        std::process::exit(1);
    }
}

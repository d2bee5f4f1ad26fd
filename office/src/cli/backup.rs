//! `backup`: the office (events, accounts, keys) to a new file — written by the running office
//! when one serves the directory, else from the store directly.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::CoreError;
use arbiter_core::DomainError;
use arbiter_office::backup::{self, BackupReport};
use arbiter_office::serving::{self, Serving};
use arbiter_office::{runtime, tls, OfficeError};

use super::DEFAULT_DATA;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = DEFAULT_DATA)]
    data: PathBuf,
    /// The new file (never replaced).
    #[arg(long)]
    to: PathBuf,
}

pub fn run(Args { data, to }: Args) -> Result<ExitCode, OfficeError> {
    let to = std::path::absolute(&to)
        .map_err(|e| DomainError::InvalidField { field: "--to".into(), message: e.to_string() })?;
    let report = match serving::who(&data) {
        Some(running) => match ask_running_office(&data, &running, &to) {
            Ok(report) => report,
            // Its serving.json outlived it (killed): the store is free, or says who has it.
            Err(OfficeError::Core(CoreError::Network(_))) => {
                backup::write_file(&serving::open_store(&data)?, &data, &to)?
            }
            Err(e) => return Err(e),
        },
        None => backup::write_file(&serving::open_store(&data)?, &data, &to)?,
    };
    eprintln!(
        "arbiter-office: backed up {} events (up to #{}), {} account records, {} key files to {} (it holds private keys: keep it like the data directory)",
        report.events, report.up_to_seq, report.records, report.files, to.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Asks the office serving `data` on this machine to write a backup to `to`.
fn ask_running_office(data: &Path, running: &Serving, to: &Path) -> Result<BackupReport, OfficeError> {
    use arbiter_core::sync::tls::{client_builder, Pin, Pins};
    let pin = if running.address.starts_with("https://") {
        Pin::Exact(vec![tls::current(data)?.fingerprint])
    } else {
        Pin::Nothing
    };
    let secret = running.backup_secret.clone().unwrap_or_default();
    let url = format!("{}/api/v1/backup", running.address);
    runtime::runtime()?.block_on(async move {
        let network = |e: reqwest::Error| OfficeError::Core(CoreError::Network(e.to_string()));
        let client = client_builder(&Pins::new(pin))?.build().map_err(network)?;
        let answer = client
            .post(url)
            .header("x-backup-secret", secret)
            .json(&serde_json::json!({ "to": to }))
            .send()
            .await
            .map_err(network)?;
        let status = answer.status().as_u16();
        let body: serde_json::Value = answer.json().await.map_err(network)?;
        if status != 200 {
            let code = body["code"].as_str().unwrap_or("remote");
            let message = body["message"].as_str().unwrap_or_default();
            let error = arbiter_core::ErrorBody::english(code, message);
            return Err(OfficeError::Core(CoreError::remote(status, error)));
        }
        Ok(serde_json::from_value(body)?)
    })
}

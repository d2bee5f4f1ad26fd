//! `verify`: every signature against the keys the ledger registers, every signer's chain, and
//! the receipts an office gave.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::DomainError;
use arbiter_office::error::{Fault, RequestFault};
use arbiter_office::{verify, OfficeError};

use super::{read, Format, Ledger};

#[derive(clap::Args)]
pub struct Args {
    /// An export (JSON lines), e.g. from `arbiter-office export`.
    #[arg(required_unless_present_any = ["data", "store"], conflicts_with_all = ["data", "store"])]
    file: Option<PathBuf>,
    #[command(flatten)]
    ledger: Ledger,
    /// The office's key (64 hex digits) to hold the ledger to; without it, the key the
    /// ledger registers for itself is used and printed, to compare.
    #[arg(long)]
    office_key: Option<String>,
    /// Receipts an office gave (a JSON array, as a device or a venue keeps them): the copy
    /// must hold what each covers — a copy cut at its end is reported.
    #[arg(long)]
    receipts: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(Args { file, ledger, office_key, receipts, format }: Args) -> Result<ExitCode, OfficeError> {
    let pinned = office_key
        .map(|k| {
            serde_json::from_value::<arbiter_core::event::PublicKey>(serde_json::Value::String(k.clone())).map_err(
                |_| {
                    OfficeError::from(DomainError::InvalidField {
                        field: "--office-key".into(),
                        message: format!("`{k}`: 64 hex digits expected"),
                    })
                },
            )
        })
        .transpose()?;
    let (events, malformed) = match (file, ledger.open()?) {
        (Some(file), _) => arbiter_core::event::wire::decode_jsonl(&read(&file)?),
        (None, Some(store)) => (store.all_events()?, Vec::new()),
        (None, None) => {
            return Err(OfficeError::bad(RequestFault::Usage, "give an export FILE, --data DIR or --store URL"))
        }
    };
    let mut report = verify::verify(&events, pinned, malformed);
    if let Some(path) = receipts {
        let given: Vec<arbiter_core::ledger::Receipt> = serde_json::from_str(&read(&path)?).map_err(|e| {
            OfficeError::from(DomainError::InvalidField {
                field: path.display().to_string(),
                message: format!("a JSON array of receipts expected: {e}"),
            })
        })?;
        report.receipts = verify::check_receipts(&events, &given);
    }
    match format {
        Format::Text => print!("{}", verify::render_text(&report)),
        Format::Json => {
            println!(
                "{}",
                serde_json::to_string_pretty(&report).map_err(|source| OfficeError::Internal(Fault::Json {
                    what: "the verification report".into(),
                    source
                }))?
            )
        }
    }
    Ok(if report.is_clean() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

//! `receipts`: what a venue office keeps of the central office's receipts — the central office's
//! signed word of how much it holds of each signer's events, the JSON `verify --receipts` reads.

use std::process::ExitCode;

use arbiter_office::error::RequestFault;
use arbiter_office::server::AppState;
use arbiter_office::OfficeError;

use super::Place;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    place: Place,
}

pub fn run(Args { place }: Args) -> Result<ExitCode, OfficeError> {
    let state = AppState::open_on(&place.data, place.store.as_deref())?;
    let Some(forwarder) = state.forwarder()? else {
        return Err(OfficeError::bad(
            RequestFault::NotAVenue,
            format!(
                "{} is not a venue office: it keeps no central office's receipts (its own go to the devices that push to it: \
                 a tablet exports them from its settings)",
                place.data.display()
            ),
        ));
    };
    let receipts = forwarder.receipts()?;
    println!("{}", serde_json::to_string_pretty(&receipts)?);
    eprintln!("arbiter-office: {} receipts (one per signer forwarded)", receipts.len());
    Ok(ExitCode::SUCCESS)
}

//! `cert`: the office's TLS certificate — show it, install the organiser's own, or rotate it.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_office::{tls, OfficeError};
use clap::Subcommand;

use super::DEFAULT_DATA;

#[derive(Subcommand)]
pub enum Action {
    /// Print the certificate's fingerprints: the short form tablets type, the SHA-256 they pin,
    /// and the public-key hash browsers take.
    Show {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
    },
    /// Use the organiser's own certificate (PEM chain, leaf first) and private key (PEM).
    /// Devices enrolled with the old one must enroll again, unless you use `--next`.
    Install {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        #[arg(long)]
        cert: PathBuf,
        #[arg(long)]
        key: PathBuf,
        /// Stage it as the next certificate instead (see `next`).
        #[arg(long)]
        next: bool,
    },
    /// Stage a new self-signed certificate. The running office announces it to every device
    /// that syncs (restart `serve` to start announcing); `activate` then serves it.
    Next {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
        #[arg(long = "cert-name")]
        cert_names: Vec<String>,
    },
    /// Serve the staged certificate from the next `serve` on; devices that synced since it was
    /// staged follow without re-enrolling.
    Activate {
        #[arg(long, default_value = DEFAULT_DATA)]
        data: PathBuf,
    },
}

pub fn run(action: Action) -> Result<ExitCode, OfficeError> {
    let (what, cert) = match action {
        Action::Show { data } => ("current", tls::current(&data)?),
        Action::Install { data, cert, key, next: false } => {
            ("installed", tls::install(&data, tls::Slot::Current, &cert, &key)?)
        }
        Action::Install { data, cert, key, next: true } => {
            ("staged", tls::install(&data, tls::Slot::Next, &cert, &key)?)
        }
        Action::Next { data, cert_names } => ("staged", tls::generate(&data, tls::Slot::Next, &cert_names)?),
        Action::Activate { data } => ("now current", tls::activate(&data)?),
    };
    println!("certificate ({what})");
    println!("  short fingerprint: {}", cert.fingerprint.short());
    println!("  sha256:            {}", cert.fingerprint);
    println!("  public key sha256: {}", cert.spki_sha256);
    Ok(ExitCode::SUCCESS)
}

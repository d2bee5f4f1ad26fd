//! Exploring pairing parity with OpenGotha on files of one's own (a tool, not a check: the
//! checks are `tests/it/opengotha_pairing_parity.rs`).
//!
//! - `cargo run -p arbiter-domain --example opengotha_parity -- FOLDER`: every round of every
//!   OpenGotha file in FOLDER, one line per file (`3=` identical, `4c2` two colours differ,
//!   `5tie`, `5L120` the file's pairing weighs 120 less, `H` heavier: a defect of ours).
//! - `… -- FILE ROUND`: one round in detail, ours and the file's, board by board.

#![allow(clippy::disallowed_methods, clippy::disallowed_types)] // a tool reading files: outside the pure library (clippy.toml)

#[path = "../tests/it/support/parity.rs"]
mod parity;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_domain::interop::opengotha::{self, OpenGotha};
use arbiter_domain::model::PlayerId;
use arbiter_domain::tournament::pairing::opengotha::Kind;
use parity::{compare, rounds_in, Verdict};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let done = match &args[..] {
        [folder] => folder_report(Path::new(folder)),
        [file, round] => match round.parse() {
            Ok(round) => round_report(Path::new(file), round),
            Err(e) => Err(format!("round `{round}`: {e}")),
        },
        _ => Err("usage: opengotha_parity FOLDER | opengotha_parity FILE ROUND".into()),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn read(path: &Path) -> Result<OpenGotha, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    opengotha::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every round of every file in `dir` that OpenGotha paired by McMahon or its Swiss.
fn folder_report(dir: &Path) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    let (mut same, mut tried) = (0, 0);
    for f in files {
        let Ok(og) = read(&f) else { continue };
        if og.field.games.is_empty() || og.pairing_settings().kind() == Kind::Other {
            continue;
        }
        let line: Vec<String> = rounds_in(&og)
            .into_iter()
            .map(|r| {
                tried += 1;
                match std::panic::catch_unwind(|| compare(&og, r).0) {
                    Ok(Verdict::Identical) => {
                        same += 1;
                        format!("{r}=")
                    }
                    Ok(Verdict::ColoursDiffer(n)) => format!("{r}c{n}"),
                    Ok(Verdict::Lighter(0)) => format!("{r}tie"),
                    Ok(Verdict::Lighter(d)) => format!("{r}L{d}"),
                    Ok(Verdict::Heavier(d)) => format!("{r}H{d}"),
                    Ok(Verdict::NotComparable(_)) => format!("{r}nc"),
                    Err(_) => format!("{r}panic"),
                }
            })
            .collect();
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        println!("{:>5} {:?} {name}: {}", og.field.entrants.len(), og.pairing_settings().kind(), line.join(" "));
    }
    println!("identical {same} / {tried}");
    Ok(())
}

/// Round `round` of `file`, ours and the file's, board by board.
fn round_report(file: &Path, round: u16) -> Result<(), String> {
    let og = read(file)?;
    let (v, ours) = compare(&og, round);
    println!("{v:?} total {}", ours.total);
    let name = |id: &PlayerId| match og.field.entrants.iter().position(|e| &e.id == id) {
        Some(i) => format!(
            "{} {} ({}, {})",
            og.players[i].name, og.players[i].first_name, og.field.entrants[i].rank, og.players[i].rating
        ),
        None => id.to_string(),
    };
    for b in &ours.boards {
        println!("ours   W {} — B {} h{} {:?}", name(&b.white), name(&b.black), b.handicap, b.weight);
    }
    for (k, g) in og.field.games.iter().enumerate().filter(|(_, g)| g.round == round) {
        println!("theirs W {} — B {} h{} known {}", name(&g.white), name(&g.black), g.handicap, og.known_colour[k]);
    }
    Ok(())
}

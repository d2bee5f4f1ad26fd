//! `arbiter-office pair FILE.xml --round N`: pairs round N of an OpenGotha tournament file as
//! OpenGotha would, from its players, parameters and the games and byes of the rounds before N
//! (any of rounds N and later in the file are not read), and prints the boards — each player as
//! OpenGotha's key (name + first name, as in the file's `<Game>` elements) and display name —
//! with the bye, and with `--explain` every board's weight part by part. Tables are numbered as
//! OpenGotha 3.52.03 numbers them, or as 3.51.02 did with `--tables 3.51`, and the report says which.

use arbiter_core::interop::opengotha;
use arbiter_core::tournament::pairing::opengotha::{pair, Kind, Parts, TableOrder};
use serde::Serialize;

use crate::error::{OfficeError, RequestFault};
use arbiter_core::DomainError;

/// A player as the report names them.
#[derive(Debug, Clone, Serialize)]
pub struct Named {
    /// OpenGotha's key, as in the file's `<Game whitePlayer=…>`.
    pub key: String,
    pub name: String,
    pub rank: String,
}

/// One board.
#[derive(Debug, Clone, Serialize)]
pub struct PairBoard {
    pub table: u16,
    pub white: Named,
    pub black: Named,
    pub handicap: u8,
    /// The pair's weight (what the pairing maximised, summed over the boards).
    pub weight: i64,
    /// The weight's parts, with `--explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Parts>,
}

/// What `pair` prints.
#[derive(Debug, Clone, Serialize)]
pub struct PairReport {
    pub tournament: String,
    pub round: u16,
    /// "mcmahon", "swiss" or "swiss_cat": OpenGotha's tournament type, from its first
    /// placement criterion.
    pub system: &'static str,
    /// The OpenGotha release whose table order numbered the boards: "3.52.03" or "3.51.02".
    pub tables: &'static str,
    pub boards: Vec<PairBoard>,
    pub bye: Option<Named>,
    /// The total weight, as a decimal string (it can pass 2⁵³).
    pub total_weight: String,
}

/// Pairs round `round` of the OpenGotha file `xml`.
pub fn pair_file(xml: &str, round: u16, explain: bool, tables: TableOrder) -> Result<PairReport, OfficeError> {
    let mut og = opengotha::parse(xml)?;
    og.pairing.table_order = tables;
    if round == 0 {
        return Err(
            DomainError::OutOfRange { what: "round", message: "--round: rounds are numbered from 1".into() }.into()
        );
    }
    if round > og.field.rounds {
        return Err(DomainError::OutOfRange {
            what: "round",
            message: format!("--round {round}: the tournament has {} rounds (numberOfRounds)", og.field.rounds),
        }
        .into());
    }
    let settings = og.pairing_settings();
    let system = match settings.kind() {
        Kind::McMahon => "mcmahon",
        Kind::Swiss => "swiss",
        Kind::SwissCat => "swiss_cat",
        Kind::Other => {
            return Err(OfficeError::bad(
                RequestFault::Unsupported,
                "the file's first placement criterion is not MMS, NBW or CAT: OpenGotha pairs only McMahon and Swiss tournaments automatically",
            ))
        }
    };
    let people = og.people();
    let pairing = pair(&og.field, &people, &settings, round)?;
    let named = |id: &arbiter_core::model::PlayerId| -> Named {
        let i = og.field.entrants.iter().position(|e| &e.id == id).unwrap_or(0);
        let (e, p) = (&og.field.entrants[i], &og.players[i]);
        Named { key: p.key.clone(), name: e.name.clone(), rank: e.rank.to_string().to_uppercase() }
    };
    Ok(PairReport {
        tournament: if og.name.is_empty() { og.short_name.clone() } else { og.name.clone() },
        round,
        system,
        tables: match tables {
            TableOrder::OpenGotha352 => "3.52.03",
            TableOrder::OpenGotha351 => "3.51.02",
        },
        boards: pairing
            .boards
            .iter()
            .map(|b| PairBoard {
                table: b.table,
                white: named(&b.white),
                black: named(&b.black),
                handicap: b.handicap,
                weight: b.weight.total(),
                parts: explain.then_some(b.weight),
            })
            .collect(),
        bye: pairing.bye.as_ref().map(named),
        total_weight: pairing.total.to_string(),
    })
}

/// The report as a table an organiser reads.
pub fn render_text(r: &PairReport) -> String {
    let mut out = format!(
        "{} — round {} ({}), tables numbered as OpenGotha {} numbers them\n",
        r.tournament, r.round, r.system, r.tables
    );
    let who = |n: &Named| format!("{} ({})", n.name, n.rank);
    let width = r.boards.iter().map(|b| who(&b.white).chars().count()).max().unwrap_or(5).max(5);
    out += &format!("{:>5}  {:<width$}  {:<5}  {}\n", "table", "White", "hcp", "Black");
    for b in &r.boards {
        out += &format!("{:>5}  {:<width$}  {:<5}  {}\n", b.table, who(&b.white), b.handicap, who(&b.black));
        if let Some(p) = &b.parts {
            out += &format!(
                "       weight {} = base {} + no rematch {} + random {} + colours {} + categories {} + score {} + draw-up/down {} + seeding {} + handicap {} + geography {}\n",
                b.weight, p.base, p.avoid_duplicate, p.random, p.balance_wb, p.categories, p.score, p.dudd, p.seeding, p.handicap, p.geography
            );
        }
    }
    if let Some(b) = &r.bye {
        out += &format!("  bye  {}\n", who(b));
    }
    out += &format!("total weight {}\n", r.total_weight);
    out
}

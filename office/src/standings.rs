//! `arbiter-office standings`: the standings of an OpenGotha tournament file, or of a
//! tournament the office runs, as text, CSV or JSON — every criterion under the name the
//! event's placement settings give it (OpenGotha's, e.g. `MMS`, `SOSM`, `SOSOSM`).

use std::fmt::Write as _;

use arbiter_core::interop::{egd_h9, opengotha};
use arbiter_core::tournament::standings::{mcmahon, Criterion, Note, Standings};
use arbiter_core::tournament::{run, Frac, TournamentView};
use serde::Serialize;

use arbiter_core::DomainError;

use crate::error::RequestFault;
use crate::OfficeError;

/// Standings ready to print: names and values as people read them.
#[derive(Debug, Clone, Serialize)]
pub struct StandingsTable {
    pub tournament: String,
    pub round: u16,
    /// Ranking criteria, then values shown alongside.
    pub criteria: Vec<String>,
    pub notes: Vec<Note>,
    pub rows: Vec<Row>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub place: u32,
    /// 第二十八条 C.
    pub shared: bool,
    /// 第二十八条 D.
    pub playoff_or_lots: bool,
    pub name: String,
    pub rank: String,
    pub club: String,
    /// Criterion name → value, in the order of `criteria`.
    pub values: serde_json::Map<String, serde_json::Value>,
}

fn table(
    title: String,
    s: &Standings,
    club: &dyn Fn(&arbiter_core::model::PlayerId) -> String,
    fmt: fn(Frac) -> String,
) -> StandingsTable {
    let names: Vec<String> = s.criteria.iter().chain(&s.shown).map(|c| c.name().to_owned()).collect();
    let rows = s
        .rows
        .iter()
        .map(|r| Row {
            place: r.place,
            shared: r.shared,
            playoff_or_lots: r.playoff_or_lots,
            name: r.name.clone(),
            rank: r.rank.to_string().to_ascii_uppercase(),
            club: club(&r.player),
            values: names.iter().cloned().zip(r.values.iter().map(|v| serde_json::Value::String(fmt(*v)))).collect(),
        })
        .collect();
    StandingsTable { tournament: title, round: s.round, criteria: names, notes: s.notes.clone(), rows }
}

/// Standings of an OpenGotha file by its own placement criteria, after `round` (default: the
/// file's last round). Lists the players who played or had a bye, as OpenGotha's exports do.
pub fn from_opengotha(xml: &str, round: Option<u16>) -> Result<StandingsTable, OfficeError> {
    let mut t = opengotha::parse(xml)?;
    if !t.unsupported.is_empty() {
        let supported: Vec<&str> = Criterion::OPENGOTHA.iter().map(|c| c.name()).collect();
        return Err(OfficeError::bad(
            RequestFault::Unsupported,
            format!(
                "the file ranks by {}, which this project does not compute (it computes {})",
                t.unsupported.join(", "),
                supported.join(", ")
            ),
        ));
    }
    if t.categories > 1 && t.criteria.contains(&Criterion::Cat) {
        return Err(OfficeError::bad(
            RequestFault::Unsupported,
            "the file ranks by CAT over several categories, which this project does not compute",
        ));
    }
    if t.criteria.is_empty() {
        return Err(OfficeError::bad(RequestFault::Unsupported, "the file names no placement criteria"));
    }
    let round = round.unwrap_or(t.field.rounds);
    if round == 0 || round > t.field.rounds {
        return Err(DomainError::OutOfRange {
            what: "round",
            message: format!("round {round} is outside the file's 1–{}", t.field.rounds),
        }
        .into());
    }
    let implied: std::collections::HashSet<_> = t
        .field
        .games
        .iter()
        .flat_map(|g| [g.black.clone(), g.white.clone()])
        .chain(t.field.byes.iter().map(|(_, p)| p.clone()))
        .collect();
    let clubs: std::collections::HashMap<_, _> =
        t.field.entrants.iter().zip(&t.players).map(|(e, p)| (e.id.clone(), p.club.clone())).collect();
    t.field.entrants.retain(|e| implied.contains(&e.id));
    let s = mcmahon::standings(&t.field, &t.mcmahon, &t.criteria, round, &t.ratings())?;
    let club = |p: &arbiter_core::model::PlayerId| clubs.get(p).cloned().unwrap_or_default();
    Ok(table(t.name.clone(), &s, &club, egd_h9::og_value))
}

/// Standings of a tournament the office runs, by its system (第二十八条 or McMahon).
pub fn from_view(view: &TournamentView, round: Option<u16>) -> Result<StandingsTable, OfficeError> {
    let s = run::standings(view, round)?;
    let title = view.tournament.as_ref().map_or_else(|| view.id.to_string(), |t| t.name.clone());
    let club = |p: &arbiter_core::model::PlayerId| {
        view.players.iter().find(|x| &x.id == p).and_then(|x| x.club.clone()).unwrap_or_default()
    };
    let mut t = table(title, &s.standings, &club, |v| v.to_decimal());
    if s.pending > 0 {
        let n = s.pending;
        t.notes.push(arbiter_core::tournament::standings::provisional(n));
    }
    Ok(t)
}

/// Aligned columns for a terminal.
pub fn render_text(t: &StandingsTable) -> String {
    let mut out = format!("{} — after round {}\n", t.tournament, t.round);
    let mut header = format!("{:>5}  {:<28} {:>4} {:<8}", "place", "name", "rank", "club");
    for c in &t.criteria {
        let _ = write!(header, " {c:>8}");
    }
    out += &header;
    out.push('\n');
    for r in &t.rows {
        let mark = if r.playoff_or_lots {
            "*"
        } else if r.shared {
            "="
        } else {
            " "
        };
        let name: String = r.name.chars().take(28).collect();
        let pad = 28usize.saturating_sub(name.chars().count());
        let _ = write!(
            out,
            "{:>4}{mark}  {name}{} {:>4} {:<8}",
            r.place,
            " ".repeat(pad),
            r.rank,
            r.club.chars().take(8).collect::<String>()
        );
        for v in r.values.values() {
            let _ = write!(out, " {:>8}", v.as_str().unwrap_or(""));
        }
        out.push('\n');
    }
    if t.rows.iter().any(|r| r.shared) {
        out += "= shared place (第二十八条 C)\n";
    }
    if t.rows.iter().any(|r| r.playoff_or_lots) {
        out += "* tied: a play-off or lots decide (第二十八条 D)\n";
    }
    for n in &t.notes {
        let _ = writeln!(out, "note: {}\n      {}", n.zh, n.en);
    }
    out
}

/// One CSV field, quoted when it must be (RFC 4180).
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// RFC 4180 CSV, one line per player.
pub fn render_csv(t: &StandingsTable) -> String {
    let mut out = String::from("place,shared,name,rank,club");
    for c in &t.criteria {
        out.push(',');
        out += &csv_field(c);
    }
    out += "\r\n";
    for r in &t.rows {
        let _ = write!(
            out,
            "{},{},{},{},{}",
            r.place,
            r.shared || r.playoff_or_lots,
            csv_field(&r.name),
            csv_field(&r.rank),
            csv_field(&r.club)
        );
        for v in r.values.values() {
            out.push(',');
            out += &csv_field(v.as_str().unwrap_or(""));
        }
        out += "\r\n";
    }
    out
}

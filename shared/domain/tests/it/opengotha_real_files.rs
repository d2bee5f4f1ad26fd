//! OpenGotha's own files: for each tournament file that OpenGotha's repository ships with the
//! `.h9` it exported from it, the scores and tie-breaks this project computes must equal the
//! ones OpenGotha wrote — per player: place, name, rank and every criterion in the header.
//!
//! The files are OpenGotha's, kept with their licence in `tests/fixtures/opengotha/` (see the
//! README there); `OPENGOTHA_SAMPLES` names another folder holding files of the same names.

use std::path::PathBuf;

use arbiter_domain::interop::{egd_h9, opengotha};
use arbiter_domain::tournament::standings::{mcmahon, Criterion};

const PAIRS: [(&str, &str); 3] = [
    ("Tournoi de Juvisy.xml", "Tournoi de Juvisy.h9"),
    ("TournoiChinois.xml", "TournoiChinois.h9"),
    ("ioct_20_02.xml", "ioct_20_02.h9"),
];

fn samples() -> PathBuf {
    std::env::var_os("OPENGOTHA_SAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/opengotha"))
}

/// OpenGotha writes `.h9` files in ISO-8859-15; names outside it become '?'.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

fn as_h9_name(name: &str) -> String {
    name.chars().map(|c| if (c as u32) < 0x100 { c } else { '?' }).take(30).collect::<String>().trim_end().to_owned()
}

type Row = (u32, String, String, Vec<String>);

fn parse_h9(text: &str) -> (Vec<String>, Vec<Row>) {
    let header = text.lines().find(|l| l.starts_with("; Pl Name")).expect("an .h9 header line");
    let crit: String = header.chars().skip(header.find("Club").unwrap() + 4).collect();
    let names: Vec<String> =
        crit.chars().collect::<Vec<_>>().chunks(5).map(|c| c.iter().collect::<String>().trim().to_owned()).collect();
    let mut rows = Vec::new();
    let mut place = 0;
    for line in text.lines().filter(|l| !l.starts_with(';') && !l.trim().is_empty()) {
        let chars: Vec<char> = line.chars().collect();
        let p: String = chars[..4].iter().collect();
        if !p.trim().is_empty() {
            place = p.trim().parse().unwrap();
        }
        let name: String = chars[5..35].iter().collect::<String>().trim_end().to_owned();
        let rest: Vec<String> = chars[35..].iter().collect::<String>().split_whitespace().map(str::to_owned).collect();
        rows.push((place, name, rest[0].clone(), rest[3..3 + names.len()].to_vec()));
    }
    (names, rows)
}

#[test]
fn scores_and_tie_breaks_equal_opengotha_exports() {
    let dir = samples();
    for (xml, h9) in PAIRS {
        let t = opengotha::parse(&std::fs::read_to_string(dir.join(xml)).unwrap()).unwrap();
        let (names, theirs) = parse_h9(&latin1(&std::fs::read(dir.join(h9)).unwrap()));
        // Short names in the export header → the file's own criteria where they agree, else the
        // unambiguous ones (the export may have been made with other placement settings).
        let criteria: Vec<Criterion> = names
            .iter()
            .map(|n| {
                t.criteria
                    .iter()
                    .copied()
                    .find(|c| c.short_name() == n)
                    .or_else(|| Criterion::from_opengotha(n))
                    .unwrap_or_else(|| panic!("{h9}: criterion {n}"))
            })
            .collect();
        let standings = mcmahon::standings(&t.field, &t.mcmahon, &criteria, t.field.rounds, &t.ratings()).unwrap();
        let implied: std::collections::HashSet<_> = t
            .field
            .games
            .iter()
            .flat_map(|g| [&g.black, &g.white])
            .chain(t.field.byes.iter().map(|(_, p)| p))
            .collect();
        // OpenGotha lists only players in a game or a bye; places count over those.
        let rows: Vec<_> = standings.rows.iter().filter(|r| implied.contains(&r.player)).collect();
        let mut ours: Vec<Row> = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            let place = if i > 0 && rows[i - 1].values == r.values { ours[i - 1].0 } else { i as u32 + 1 };
            let values = r.values.iter().map(|v| egd_h9::og_value(*v).chars().take(4).collect()).collect();
            // OpenGotha's export names a player by name and first name as they are in the file.
            let k = t.field.entrants.iter().position(|e| e.id == r.player).unwrap();
            let written = format!("{} {}", t.players[k].name, t.players[k].first_name);
            ours.push((place, as_h9_name(&written), r.rank.to_string().to_ascii_uppercase(), values));
        }
        let mut theirs = theirs;
        theirs.sort();
        ours.sort();
        assert_eq!(ours.len(), theirs.len(), "{xml}: players listed");
        for (o, t) in ours.iter().zip(&theirs) {
            assert_eq!(o, t, "{xml}: ours (left) against OpenGotha's export (right), criteria {names:?}");
        }
        eprintln!("{xml}: {} players, criteria {names:?}: equal to OpenGotha's export", ours.len());
    }
}

//! Pairing parity with OpenGotha's own engine: every round OpenGotha's jar paired — 3.52.03,
//! the release organisers run, and 3.51.02, whose table numbering events brought in from its
//! files keep — the real files of `fixtures/opengotha/pairing/` replayed round by round, and a
//! generated corpus of tournaments each jar paired from the rounds it paired before
//! (`fixtures/opengotha/oracle/VERSION/`, made by `scripts/opengotha-oracle` with
//! `tests/oracle/`) —
//! paired here from the same rounds before, and compared board by board: the pairs, colours,
//! handicaps, tables and the bye; and each pair's weight here against the cost OpenGotha gave it.
//! No JVM runs here: what the jar answered is committed as data.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use arbiter_domain::interop::opengotha::{self, OpenGotha};
use arbiter_domain::model::PlayerId;
use arbiter_domain::tournament::pairing::opengotha::{pair, weigh_each, TableOrder};
use arbiter_domain::tournament::standings::Criterion;
use serde::Deserialize;

/// What the jar answered for one file.
#[derive(Deserialize)]
struct Answer {
    file: String,
    rounds: Vec<Round>,
}

#[derive(Deserialize)]
struct Round {
    round: u16,
    bye: Option<String>,
    games: Vec<Game>,
}

#[derive(Deserialize)]
struct Game {
    table: u16,
    white: String,
    black: String,
    handicap: u8,
    cost: i64,
}

/// How one round compares with the jar's.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    /// Pairs, colours, handicaps, tables and bye all the jar's.
    #[default]
    Identical,
    /// Same pairs, colours and handicaps; other table numbers.
    Tables,
    /// Same pairs; other colours or handicaps on some boards.
    Colours,
    /// Other pairs, of exactly the same total under the jar's own costs: a tie broken otherwise.
    Tie,
    /// Other pairs (or another bye).
    Pairs,
}

struct Compared {
    verdict: Verdict,
    /// Pairs of the jar's round whose weight here differs from the jar's cost.
    weights_differ: usize,
    pairs: usize,
}

/// The releases whose answers are committed, the current one first.
const V352: &str = "3.52.03";
const V351: &str = "3.51.02";

/// What `version`'s jar answered.
fn oracle_dir(version: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/opengotha/oracle").join(version)
}

/// `og` as `version`'s jar pairs it: its own rules, whatever version saved the file (a file's
/// own version picks the colour rule and the table order its games were made under).
fn as_paired_by(og: &mut OpenGotha, version: &str) {
    og.version = version.into();
    og.pairing.table_order = TableOrder::of_version(version);
}

fn compare(file: &str, og: &OpenGotha, answer: &Round) -> Compared {
    let people = og.people();
    let settings = og.pairing_settings();
    let id_of: HashMap<&str, &PlayerId> =
        og.players.iter().zip(&og.field.entrants).map(|(p, e)| (p.key.as_str(), &e.id)).collect();
    let id = |key: &str| -> PlayerId { (*id_of.get(key).unwrap_or_else(|| panic!("no player {key}"))).clone() };
    let round = answer.round;
    let ours = pair(&og.field, &people, &settings, round).unwrap_or_else(|e| panic!("round {round}: {e}"));

    // Each of the jar's pairs weighed here, against its cost there.
    let mut weights_differ = 0;
    let jars_pairs: Vec<(PlayerId, PlayerId)> = answer.games.iter().map(|g| (id(&g.white), id(&g.black))).collect();
    let weights = weigh_each(&og.field, &people, &settings, round, &jars_pairs).unwrap();
    for (g, &w) in answer.games.iter().zip(&weights) {
        weights_differ += usize::from(w != i128::from(g.cost));
        if w != i128::from(g.cost) && std::env::var_os("ORACLE_WEIGHTS").is_some() {
            println!(
                "{file} round {round} {} – {}: ours {w}, the jar's {} (ours − jar's {})",
                g.white,
                g.black,
                g.cost,
                w - i128::from(g.cost)
            );
        }
    }

    let theirs: BTreeMap<(PlayerId, PlayerId), (u16, u8)> =
        answer.games.iter().map(|g| ((id(&g.white), id(&g.black)), (g.table, g.handicap))).collect();
    let ours_boards: BTreeMap<(PlayerId, PlayerId), (u16, u8)> =
        ours.boards.iter().map(|b| ((b.white.clone(), b.black.clone()), (b.table, b.handicap))).collect();
    let unordered = |m: &BTreeMap<(PlayerId, PlayerId), (u16, u8)>| -> BTreeSet<(PlayerId, PlayerId)> {
        m.keys().map(|(a, b)| if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) }).collect()
    };
    let same_bye = ours.bye.as_ref() == answer.bye.as_deref().map(id).as_ref();
    let verdict = if !same_bye || unordered(&theirs) != unordered(&ours_boards) {
        // A tie only where the jar's own costs say so: our pairs' total under its costs (each
        // pair's cost is its weight here where the weights agree) equals its total.
        let their_total: i128 = answer.games.iter().map(|g| i128::from(g.cost)).sum();
        if same_bye && weights_differ == 0 && their_total == ours.total {
            Verdict::Tie
        } else {
            Verdict::Pairs
        }
    } else if theirs.keys().collect::<Vec<_>>() != ours_boards.keys().collect::<Vec<_>>()
        || theirs.iter().any(|(k, (_, h))| ours_boards[k].1 != *h)
    {
        Verdict::Colours
    } else if theirs != ours_boards {
        Verdict::Tables
    } else {
        Verdict::Identical
    };
    Compared { verdict, weights_differ, pairs: answer.games.len() }
}

/// The system of a file, for the report: McMahon when its main criterion is MMS.
fn system(og: &OpenGotha) -> &'static str {
    if og.criteria.first() == Some(&Criterion::Mms) {
        "McMahon"
    } else {
        "Swiss"
    }
}

#[derive(Default)]
struct Tally {
    rounds: BTreeMap<(&'static str, &'static str, Verdict), usize>,
    weights_differ: usize,
    pairs: usize,
}

impl Tally {
    fn add(&mut self, corpus: &'static str, og: &OpenGotha, c: &Compared) {
        *self.rounds.entry((corpus, system(og), c.verdict)).or_default() += 1;
        self.weights_differ += c.weights_differ;
        self.pairs += c.pairs;
    }

    fn count(&self, corpus: &str, verdict: Verdict) -> usize {
        self.rounds.iter().filter(|((c, _, v), _)| *c == corpus && *v == verdict).map(|(_, n)| n).sum()
    }

    fn tried(&self, corpus: &str) -> usize {
        self.rounds.iter().filter(|((c, _, _), _)| *c == corpus).map(|(_, n)| n).sum()
    }
}

fn answers(dir: &Path) -> Vec<Answer> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| serde_json::from_slice(&std::fs::read(f).unwrap()).unwrap_or_else(|e| panic!("{f:?}: {e}")))
        .collect()
}

/// Players above which a generated tournament is compared only when `ORACLE_ALL` is set: the
/// matching is cubic, and the 30 tournaments of 100–400 players take minutes in a debug build
/// (`ORACLE_ALL=1 cargo test --release -p arbiter-domain --test it opengotha_oracle`).
const LARGE: usize = 60;

fn run(tally: &mut Tally, corpus: &'static str, answers: &[Answer], xml_dir: &Path, all: bool, version: &str) {
    for answer in answers {
        let mut og = opengotha::parse(&std::fs::read_to_string(xml_dir.join(&answer.file)).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", answer.file));
        as_paired_by(&mut og, version);
        if !all && og.field.entrants.len() > LARGE {
            continue;
        }
        for round in &answer.rounds {
            let c = compare(&answer.file, &og, round);
            if c.verdict != Verdict::Identical && std::env::var_os("ORACLE_VERBOSE").is_some() {
                println!(
                    "{} round {}: {:?} ({} of {} pair weights differ)",
                    answer.file, round.round, c.verdict, c.weights_differ, c.pairs
                );
            }
            tally.add(corpus, &og, &c);
        }
    }
}

/// The figures of one jar's corpora: (identical, ties, tried) for the real files, the generated
/// tournaments of ≤ 60 players and all of them; pairs weighing here what they cost there, of all
/// (default run, `ORACLE_ALL`).
struct Figures {
    real: (usize, usize, usize),
    generated_up_to_60: (usize, usize, usize),
    generated_all: (usize, usize, usize),
    weights: (usize, usize),
    weights_all: (usize, usize),
}

/// Every round `version`'s jar paired, compared with ours paired by that release's rules.
fn compare_with_jar(version: &str, expected: &Figures) {
    let dir = oracle_dir(version);
    let real = answers(&dir.join("real"));
    let generated = answers(&dir.join("generated"));
    assert_eq!(real.len(), 15, "every real file has the jar's answer");
    assert!(generated.len() >= 300, "the generated corpus: {}", generated.len());
    let all = std::env::var_os("ORACLE_ALL").is_some();
    let mut tally = Tally::default();
    let pairing = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/opengotha/pairing");
    run(&mut tally, "real", &real, &pairing, true, version);
    run(&mut tally, "generated", &generated, &dir.join("generated"), all, version);
    for ((corpus, system, verdict), n) in &tally.rounds {
        println!("{version} {corpus:9} {system:7} {verdict:?}: {n}");
    }
    println!(
        "{version}: pair weights equal to the jar's cost: {} of {}",
        tally.pairs - tally.weights_differ,
        tally.pairs
    );
    let figure =
        |corpus| (tally.count(corpus, Verdict::Identical), tally.count(corpus, Verdict::Tie), tally.tried(corpus));
    println!("{version}: real: {:?}, generated: {:?} (identical, ties, tried)", figure("real"), figure("generated"));
    assert_eq!(figure("real"), expected.real, "{version} real files: (identical, ties, tried)");
    let generated_expected = if all { expected.generated_all } else { expected.generated_up_to_60 };
    assert_eq!(figure("generated"), generated_expected, "{version} generated: (identical, ties, tried)");
    let weights = if all { expected.weights_all } else { expected.weights };
    assert_eq!((tally.pairs - tally.weights_differ, tally.pairs), weights, "{version}: pair weights");
}

/// Every round OpenGotha 3.52.03 paired, compared; the figures docs/opengotha.md reports. They
/// are held here so that any change shows: a round that stops matching fails this test, and so
/// does one that starts to (update the figures and the doc together).
#[test]
fn every_round_3_52_03_paired_compared_with_ours() {
    compare_with_jar(V352, &FIGURES_352);
}

/// Every round OpenGotha 3.51.02 paired, compared with ours numbering tables as 3.51 did.
#[test]
fn every_round_3_51_02_paired_compared_with_ours() {
    compare_with_jar(V351, &FIGURES_351);
}

/// The two releases pair the real files alike but number most of their rounds' tables
/// otherwise: numbered by 3.51's order, 3.52.03's rounds of the real files keep their pairs,
/// colours and handicaps, and 60 of 72 get other tables. So the table order is what the
/// comparison with each jar holds, not a detail both would pass.
#[test]
fn the_releases_number_the_real_files_tables_otherwise() {
    let pairing = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/opengotha/pairing");
    let mut verdicts: BTreeMap<Verdict, usize> = BTreeMap::new();
    for answer in answers(&oracle_dir(V352).join("real")) {
        let mut og = opengotha::parse(&std::fs::read_to_string(pairing.join(&answer.file)).unwrap()).unwrap();
        as_paired_by(&mut og, V352);
        og.pairing.table_order = TableOrder::OpenGotha351;
        for round in &answer.rounds {
            *verdicts.entry(compare(&answer.file, &og, round).verdict).or_default() += 1;
        }
    }
    assert_eq!(verdicts, BTreeMap::from([(Verdict::Identical, 12), (Verdict::Tables, 60)]));
}

/// What the jar answered for one file's standings.
#[derive(Deserialize)]
struct Ranked {
    file: String,
    round: u16,
    criteria: Vec<String>,
    players: Vec<RankedPlayer>,
}

#[derive(Deserialize)]
struct RankedPlayer {
    key: String,
    values: Vec<i64>,
}

/// The standings of every real file after its last round, every player's value of every
/// criterion the file ranks by — DC and SDC among them, and SOS with unplayed games counted as
/// half a point where the file says so — equal to what OpenGotha's own engine gives.
#[test]
fn standings_of_the_real_files_equal_the_jars() {
    for version in [V352, V351] {
        standings_equal(version);
    }
}

fn standings_equal(version: &str) {
    use arbiter_domain::tournament::standings::mcmahon;
    use arbiter_domain::tournament::Frac;
    let dir = oracle_dir(version).join("standings");
    let pairing = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/opengotha/pairing");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut values, mut direct) = (0, 0);
    for f in &files {
        let jar: Ranked = serde_json::from_slice(&std::fs::read(f).unwrap()).unwrap();
        let og = opengotha::parse(&std::fs::read_to_string(pairing.join(&jar.file)).unwrap()).unwrap();
        let criteria: Vec<Criterion> = jar
            .criteria
            .iter()
            .map(|c| Criterion::from_opengotha(c).unwrap_or_else(|| panic!("{}: {c} not computed", jar.file)))
            .collect();
        assert_eq!(criteria, og.criteria, "{}", jar.file);
        let ratings = og.players.iter().zip(&og.field.entrants).map(|(p, e)| (e.id.clone(), p.rating)).collect();
        let ours = mcmahon::standings(&og.field, &og.mcmahon, &criteria, jar.round, &ratings).unwrap();
        let row: HashMap<&PlayerId, &arbiter_domain::tournament::Standing> =
            ours.rows.iter().map(|r| (&r.player, r)).collect();
        let id_of: HashMap<&str, &PlayerId> =
            og.players.iter().zip(&og.field.entrants).map(|(p, e)| (p.key.as_str(), &e.id)).collect();
        assert_eq!(jar.players.len(), ours.rows.len(), "{}: every player ranked", jar.file);
        for p in &jar.players {
            let r = row[id_of[p.key.as_str()]];
            for (k, (&c, &v)) in criteria.iter().zip(&p.values).enumerate() {
                // OpenGotha's units: half points, quarter points for SODOS; CAT is −category
                // (0-based), shown as category 1.
                let theirs = match c {
                    Criterion::Sodosw | Criterion::Sodosm => Frac::new(v, 4),
                    Criterion::Rank | Criterion::Rating | Criterion::Dc | Criterion::Sdc => Frac::int(v),
                    Criterion::Cat => Frac::int(1 - v),
                    _ => Frac::new(v, 2),
                };
                assert_eq!(r.values[k], theirs, "{} {} {}", jar.file, p.key, c.name());
                values += 1;
                direct += usize::from(matches!(c, Criterion::Dc | Criterion::Sdc) && v != 0);
            }
        }
    }
    println!("{version} standings: {values} values of {} files equal to the jar's ({direct} non-zero DC)", files.len());
    assert_eq!(files.len(), 15);
    assert!(direct > 0, "some DC to check");
}

/// The office's own path on the generated corpus: each tournament brought in as events, each
/// round paired from the ledger of the rounds before it (`support::office_path`, what the pair
/// button records), must be the jar's round — pairs, colours, handicaps, tables, bye. The jar
/// and the `pair` command agree (above), so the office pairs as the command does. Absences,
/// games won by default, the file's criteria (DC among them) and scoring come across; so does
/// the release that saved the file: 3.52.03's files are paired by 3.52's table order, 3.51.02's
/// keep 3.51's.
#[test]
fn the_office_pairs_every_generated_round_as_the_jar_did() {
    office_pairs_as(V352, if std::env::var_os("ORACLE_ALL").is_some() { OFFICE_352_ALL } else { OFFICE_352 });
    office_pairs_as(V351, if std::env::var_os("ORACLE_ALL").is_some() { OFFICE_351_ALL } else { OFFICE_351 });
}

fn office_pairs_as(version: &str, expected: (usize, usize)) {
    use crate::support::office_path::Ledger;
    let dir = oracle_dir(version).join("generated");
    let all = std::env::var_os("ORACLE_ALL").is_some();
    let (mut same, mut tried, mut absences) = (0, 0, 0);
    for answer in answers(&dir) {
        let mut og = opengotha::parse(&std::fs::read_to_string(dir.join(&answer.file)).unwrap()).unwrap();
        if !all && og.field.entrants.len() > LARGE {
            continue;
        }
        absences += og.field.entrants.iter().filter(|e| !e.absent.is_empty()).count();
        // Every file comes in with 3.52.03's tables; 3.51.02's corpus as its organiser would
        // run it: with 3.51's order picked in the set-up.
        og.pairing.table_order = TableOrder::of_version(version);
        let ledger = Ledger::of(&og);
        let id_of: HashMap<&str, &PlayerId> =
            og.players.iter().zip(&og.field.entrants).map(|(p, e)| (p.key.as_str(), &e.id)).collect();
        for round in &answer.rounds {
            let pairing = ledger.pair(round.round);
            let mut ours: Vec<(u16, &PlayerId, &PlayerId, u8)> =
                pairing.boards.iter().map(|b| (b.table, &b.white, &b.black, b.handicap)).collect();
            ours.sort();
            let ours_bye = &pairing.byes;
            let mut theirs: Vec<(u16, &PlayerId, &PlayerId, u8)> = round
                .games
                .iter()
                .map(|g| (g.table, id_of[g.white.as_str()], id_of[g.black.as_str()], g.handicap))
                .collect();
            theirs.sort();
            let their_bye: Vec<PlayerId> = round.bye.iter().map(|b| id_of[b.as_str()].clone()).collect();
            tried += 1;
            if ours == theirs && *ours_bye == their_bye {
                same += 1;
            } else if std::env::var_os("ORACLE_VERBOSE").is_some() {
                println!("office path: {} round {} differs", answer.file, round.round);
                if std::env::var_os("ORACLE_DIFF").is_some() {
                    for (a, b) in ours.iter().zip(&theirs) {
                        println!("  ours {a:?} jar's {b:?}{}", if a == b { "" } else { "  <<" });
                    }
                    println!("  byes ours {ours_bye:?} jar's {their_bye:?}");
                }
            }
        }
    }
    println!(
        "{version}: the office's path: {same} of {tried} generated rounds the jar's ({absences} players with absences)"
    );
    assert!(absences > 0, "the corpus has absences to carry");
    assert_eq!((same, tried), expected, "{version}: the office's path");
}

/// Generated rounds the office pairs as each jar did, of those compared (≤ 60 players; all).
const OFFICE_352: (usize, usize) = (1738, 1738);
const OFFICE_352_ALL: (usize, usize) = (1930, 1930);
const OFFICE_351: (usize, usize) = (1738, 1738);
const OFFICE_351_ALL: (usize, usize) = (1930, 1930);

// (identical, ties, tried), as docs/opengotha.md reports them. The goal: identical +
// ties = tried. A "tie" here: other pairs whose total under our weights equals the total of the
// jar's costs, every one of the jar's pairs weighing here what it cost there. Weights: pairs of
// the jar's rounds weighing here what they cost there, of all its pairs (the real files and the
// generated tournaments compared).
const FIGURES_352: Figures = Figures {
    real: (72, 0, 72),
    generated_up_to_60: (1738, 0, 1738),
    generated_all: (1930, 0, 1930),
    weights: (28168, 28168),
    weights_all: (50760, 50760),
};
const FIGURES_351: Figures = Figures {
    real: (72, 0, 72),
    generated_up_to_60: (1738, 0, 1738),
    generated_all: (1930, 0, 1930),
    weights: (28168, 28168),
    weights_all: (50760, 50760),
};

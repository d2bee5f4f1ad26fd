//! Pairing a McMahon round the OpenGotha way (`pairing::opengotha`) at 500 and 1,000 players,
//! round 5 after four rounds with results: the whole pairing, and apart its two halves — the
//! weight of every pair, and the maximum-weight matching on them. Baseline in the same run: the
//! score-group search (`pairing::swiss`) that paired McMahon here before, on the same field and
//! McMahon scores.
//!
//! Then the same round of the largest McMahon events of the oracle's generated corpus (the one
//! OpenGotha 3.52.03 paired), paired here and by OpenGotha's own `makeAutomaticPairing` on the
//! same file, same machine, when `OPENGOTHA_JARS` names a folder with its jars (as
//! `scripts/opengotha-oracle` takes — 3.52.03's, the release organisers run; needs a JDK): first
//! call and warm median each side, the jar's version said.
//!
//! `cargo bench -p arbiter-domain --bench pairing` (see docs/PERFORMANCE.md).

#![allow(clippy::disallowed_methods, clippy::disallowed_types)] // a benchmark reads the clock: outside the pure library (clippy.toml)

mod common;
use common::{median, ms};

use arbiter_domain::model::{PlayerId, Rank};
use arbiter_domain::tournament::pairing::matching::{max_weight_matching, Weights};
use arbiter_domain::tournament::pairing::opengotha::info::Infos;
use arbiter_domain::tournament::pairing::opengotha::{self, Person, Settings};
use arbiter_domain::tournament::pairing::swiss;
use arbiter_domain::tournament::standings::mcmahon::{McMahonParams, Scores};
use arbiter_domain::tournament::{Entrant, Field, FieldGame, GameScore};

const ROUND: u16 = 5;

/// `n` players from 8d down to 30k, 40 clubs, rounds 1…ROUND−1 paired here with results by
/// rank and some upsets.
fn field(n: usize, settings: &Settings, names: &[String], clubs: &[String]) -> Field {
    let mut f = Field {
        entrants: (0..n)
            .map(|i| {
                let rank = Rank::from_value(8 - (i as i32 * 38 / n as i32));
                Entrant::new(PlayerId::new(format!("p{i:04}")).unwrap(), names[i].clone(), rank)
            })
            .collect(),
        rounds: ROUND,
        bye_points: 2,
        ..Field::default()
    };
    for round in 1..ROUND {
        let people = people(&f, clubs);
        let p = opengotha::pair(&f, &people, settings, round).unwrap();
        let games: Vec<FieldGame> = p
            .boards
            .iter()
            .map(|b| {
                let num = |p: &PlayerId| p.as_str()[1..].parse::<usize>().unwrap();
                let (x, y) = (num(&b.black), num(&b.white));
                let upset = (x * 7 + y * 13 + round as usize) % 5 == 0;
                let black_wins = (x < y) != upset;
                FieldGame {
                    round,
                    table: b.table,
                    black: b.black.clone(),
                    white: b.white.clone(),
                    handicap: b.handicap,
                    score: if black_wins { GameScore::BlackWins } else { GameScore::WhiteWins },
                    by_default: false,
                }
            })
            .collect();
        f.games.extend(games);
        f.byes.extend(p.bye.map(|b| (round, b)));
    }
    f
}

fn people<'a>(f: &'a Field, clubs: &'a [String]) -> Vec<Person<'a>> {
    f.entrants.iter().zip(clubs).map(|(e, club)| Person::of_entrant(e, club)).collect()
}

/// Rounds of the generated corpus's largest McMahon events (382 and 362 players pair in them).
const AGAINST_OPENGOTHA: [(&str, u16); 2] = [("gen-0279.xml", 3), ("gen-0039.xml", 5)];

/// Ours against OpenGotha's jar on the same files.
fn against_opengotha() {
    use arbiter_domain::interop::opengotha as og_file;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("tests/fixtures/opengotha/oracle/3.52.03/generated");
    let jars = std::env::var_os("OPENGOTHA_JARS").map(std::path::PathBuf::from);
    let java = jars.as_ref().and_then(|dir| {
        let build = std::env::temp_dir().join(format!("oracle-bench-{}", std::process::id()));
        let cp = dir.join("opengotha.jar");
        let oracle = root.join("../../tests/oracle/Oracle.java");
        let ok = std::process::Command::new("javac")
            .args(["-nowarn", "-d"])
            .arg(&build)
            .arg("-cp")
            .arg(&cp)
            .arg(&oracle)
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| (build.clone(), format!("{}:{}:{}", build.display(), cp.display(), dir.join("jhall.jar").display())))
    });
    let version = java.as_ref().and_then(|(_, cp)| {
        let out = std::process::Command::new("java")
            .args(["-Djava.awt.headless=true", "-cp", cp, "Oracle", "version"])
            .output()
            .ok()?;
        Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    });
    println!(
        "\nOne round paired here and by OpenGotha {}'s makeAutomaticPairing, same file (first call · warm median)",
        version.as_deref().unwrap_or("(no jar)")
    );
    if java.is_none() {
        println!("  (OpenGotha's jars not given: OPENGOTHA_JARS=DIR with opengotha.jar and jhall.jar, and a JDK; ours alone)");
    }
    for (file, round) in AGAINST_OPENGOTHA {
        let path = corpus.join(file);
        let og = og_file::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let people = og.people();
        let settings = og.pairing_settings();
        let start = std::time::Instant::now();
        let p = opengotha::pair(&og.field, &people, &settings, round).unwrap();
        let first = start.elapsed();
        let warm = median(7, || opengotha::pair(&og.field, &people, &settings, round).unwrap());
        let players = 2 * p.boards.len() + usize::from(p.bye.is_some());
        let theirs = java.as_ref().and_then(|(_, cp)| {
            let out = std::process::Command::new("java")
                .args(["-Djava.awt.headless=true", "-cp", cp, "Oracle", "time"])
                .arg(&path)
                .args([round.to_string(), "7".into()])
                .output()
                .ok()?;
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
            Some((v["first_ms"].as_f64()?, v["median_ms"].as_f64()?))
        });
        let ours = format!("ours {:7.1} · {:7.1} ms", ms(first), ms(warm));
        match theirs {
            Some((tf, tm)) => println!(
                "  {file} round {round}, {players} players | {ours} | OpenGotha's {tf:7.1} · {tm:7.1} ms | ratio {:.2}× · {:.2}×",
                ms(first) / tf,
                ms(warm) / tm
            ),
            None => println!("  {file} round {round}, {players} players | {ours}"),
        }
    }
    if let Some((build, _)) = java {
        let _ = std::fs::remove_dir_all(build);
    }
}

fn main() {
    let mm = McMahonParams { bar: Rank::Dan(3).value(), floor: Rank::Kyu(20).value(), ..McMahonParams::default() };
    let settings = Settings::mcmahon(mm, 9);
    println!("McMahon round {ROUND}, OpenGotha's defaults (medians)");
    for n in [500usize, 1000] {
        let names: Vec<String> = (0..n).map(|i| format!("Player {i:04}")).collect();
        let clubs: Vec<String> = (0..n).map(|i| format!("c{}", i % 40)).collect();
        let f = field(n, &settings, &names, &clubs);
        let people = people(&f, &clubs);
        let runs = if n > 500 { 3 } else { 5 };

        let pair = median(runs, || opengotha::pair(&f, &people, &settings, ROUND).unwrap());
        let p = opengotha::pair(&f, &people, &settings, ROUND).unwrap();
        let rematches = p.round_pairing().rematches;

        // The two halves on all n players at once (past 600 OpenGotha pairs in batches, so at
        // 1,000 this is more than `pair` itself does).
        let infos = Infos::new(&f, &people, &settings, usize::from(ROUND) - 1);
        let m = n - n % 2;
        let weigh_all = || {
            let mut w = Weights::new(m);
            for i in 0..m {
                for j in i + 1..m {
                    w.set(i, j, infos.weight(i, j).total());
                }
            }
            w
        };
        let weights = median(runs, weigh_all);
        let w = weigh_all();
        let matching = median(runs, || max_weight_matching(&w));

        // Baseline: the score-group search on McMahon scores.
        let scores = Scores::new(&f, &mm, ROUND - 1);
        let search = median(runs, || swiss::pair(&f, ROUND, &|p| scores.mms2_before(p, ROUND)).unwrap());
        println!(
            "{n:5} players | pair {:8.1} ms ({} boards, {rematches} rematches) | weights of all {} pairs {:8.1} ms | matching {:8.1} ms | baseline score-group search {:7.1} ms | ratio {:.1}×",
            ms(pair),
            p.boards.len(),
            m * (m - 1) / 2,
            ms(weights),
            ms(matching),
            ms(search),
            ms(pair) / ms(search),
        );
    }
    against_opengotha();
}

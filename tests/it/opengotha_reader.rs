//! OpenGotha 3.52.03's own reader on the office's exports, in every test run: events of the
//! systems OpenGotha knows (McMahon, McMahon with handicaps, OpenGotha's Swiss), the rules' own
//! Swiss and round robin, generated from a seed and run through a real office on 127.0.0.1 — byes, absences,
//! withdrawals (第二十九条), one-word, two-part, Chinese, Korean, Japanese and accented names,
//! wins, jigo, both losing, wins by default and second-warning losses (第二十五条二) — exported
//! with `GET /export/opengotha`, read by OpenGotha's `ExternalDocument` through
//! `tests/oracle/Reader.java`, and compared with the office: players, games, results, byes,
//! participation and, for OpenGotha's systems, its standings after every round (each player's
//! values and the order). What differs by design is named in docs/opengotha.md.
//!
//! Needs a JDK (Debian's `openjdk-17-jdk-headless`, which `scripts/setup` installs) and the jar
//! at `../shared/oracles/opengotha-3.52.03/` beside the checkout (or `$OPENGOTHA_JAR_DIR`).
//! `OPENGOTHA_READER_EVENTS=N` runs N events (8 by default), `OPENGOTHA_READER_SEED` another seed.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use arbiter_core::event::EventBody;
use arbiter_core::interop::latin;
use arbiter_core::interop::players_csv::{join_name, NO_FIRST_NAME};
use arbiter_core::model::{Colour, GameId, Role};
use arbiter_core::rules::{Incident, Ruling};
use arbiter_tests::*;
use reqwest::Method as M;
use serde_json::{json, Value};

use crate::office_tournament::Http;

/// The folder of OpenGotha's jars: `$OPENGOTHA_JAR_DIR`, else `shared/oracles/opengotha-3.52.03`
/// beside the checkout (the checkout's parent, or its grandparent for a worktree under `wt/`).
fn jar_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("OPENGOTHA_JAR_DIR") {
        return PathBuf::from(d);
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let candidates: Vec<PathBuf> =
        ["..", "../.."].iter().map(|up| repo.join(up).join("shared/oracles/opengotha-3.52.03")).collect();
    candidates.iter().find(|d| d.join("opengotha.jar").is_file()).cloned().unwrap_or_else(|| {
        panic!("OpenGotha 3.52.03's jar is not at {candidates:?}: set OPENGOTHA_JAR_DIR to the folder holding opengotha.jar and jhall.jar")
    })
}

/// Reader.java compiled once per run into a temporary folder: (classes, jars).
fn reader() -> &'static (PathBuf, PathBuf) {
    static READER: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    READER.get_or_init(|| {
        let jars = jar_dir();
        let classes = scratch("opengotha-reader-classes");
        std::fs::create_dir_all(&classes).unwrap();
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/Reader.java");
        let out = Command::new("javac")
            .arg("-nowarn")
            .arg("-d")
            .arg(&classes)
            .arg("-cp")
            .arg(jars.join("opengotha.jar"))
            .arg(&source)
            .output()
            .unwrap_or_else(|e| panic!("javac: {e} (install a JDK: Debian's openjdk-17-jdk-headless, scripts/setup)"));
        assert!(out.status.success(), "javac {}: {}", source.display(), String::from_utf8_lossy(&out.stderr));
        (classes, jars)
    })
}

/// What OpenGotha read of `xml`.
fn opengotha_reads(xml: &str, dir: &Path) -> Value {
    let (classes, jars) = reader();
    let file = dir.join("export.xml");
    std::fs::write(&file, xml).unwrap();
    let sep = if cfg!(windows) { ";" } else { ":" };
    let cp = format!(
        "{}{sep}{}{sep}{}",
        classes.display(),
        jars.join("opengotha.jar").display(),
        jars.join("jhall.jar").display()
    );
    let out = Command::new("java")
        .args(["-Djava.awt.headless=true", "-cp", &cp, "Reader"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("java: {e}"));
    assert!(
        out.status.success(),
        "OpenGotha could not read {}: {}\n{xml}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// splitmix64: the events drawn from a seed.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Names as entry lists write them: one word (Chinese, Korean, Japanese), surname first,
/// `Given SURNAME`, accented.
const NAMES: [&str; 32] = [
    "王一",
    "李昌镐",
    "朴廷桓",
    "井山裕太",
    "张伟",
    "王伟",
    "柯洁",
    "申真谞",
    "이창호",
    "신진서",
    "さとう たろう",
    "芝野虎丸",
    "Schmidt Anna",
    "Anna SCHMIDT",
    "Müller Jürgen",
    "Éric DUPONT",
    "Dvořák Zdeněk",
    "Łukasz Nowak",
    "Ñúñez José",
    "Søren KIERKEGAARD",
    "Lee Sedol",
    "Cho Hunhyun",
    "Kim Jiseok",
    "Tanaka Yuki",
    "Garcia Lopez Maria",
    "O'Neil Sean",
    "Van der Berg Pieter",
    "Ødegaard Martin",
    "Schröder Lena",
    "Çelik Ayşe",
    "Fernández Lucía",
    "Hoàng Minh",
];

/// The office's systems this compares, as the set-up page sends them, and whether OpenGotha
/// ranks it as the office does (the rules' Swiss and round robin rank by 第二十八条).
fn system(kind: u64, d: &mut Draw) -> (Value, bool) {
    match kind % 5 {
        0 => (json!({"kind": "mcmahon", "bar": "3d", "floor": "15k"}), true),
        1 => (
            json!({"kind": "mcmahon", "bar": "1d", "floor": "20k",
                   "handicap": {"based_on_mms": d.below(2) == 0, "no_handicap_rank_threshold": d.below(3) as i32 - 2, "correction": d.below(2), "ceiling": 9}}),
            true,
        ),
        2 => (json!({"kind": "opengotha_swiss"}), true),
        3 => (json!({"kind": "swiss"}), false),
        _ => (json!({"kind": "round_robin"}), false),
    }
}

/// What each result entered is, as OpenGotha names it.
#[derive(Clone, Copy, Debug)]
enum Entered {
    Win(Colour),
    Jigo,
    BothLose,
    ByDefault(Colour),
    SecondWarning(Colour),
}

impl Entered {
    fn opengotha(self) -> &'static str {
        match self {
            Entered::Win(Colour::White) | Entered::SecondWarning(Colour::Black) => "RESULT_WHITEWINS",
            Entered::Win(Colour::Black) | Entered::SecondWarning(Colour::White) => "RESULT_BLACKWINS",
            Entered::Jigo => "RESULT_EQUAL",
            Entered::BothLose => "RESULT_BOTHLOSE",
            Entered::ByDefault(Colour::White) => "RESULT_WHITEWINS_BYDEF",
            Entered::ByDefault(Colour::Black) => "RESULT_BLACKWINS_BYDEF",
        }
    }
}

fn rank_text(v: i64) -> String {
    if v >= 0 {
        format!("{}d", v + 1)
    } else {
        format!("{}k", -v)
    }
}

/// The value OpenGotha's `getCritValue` gives, as a fraction (its units: half points; quarter
/// points for SODOS; whole numbers for DC, SDC, Rank and Rating).
fn jar_value(criterion: &str, v: i64) -> (i64, i64) {
    match criterion {
        "SODOSW" | "SODOSM" => (v, 4),
        "DC" | "SDC" | "RANK" | "RATING" | "Rank" | "Rating" => (v, 1),
        _ => (v, 2),
    }
}

fn same(a: (i64, i64), b: (i64, i64)) -> bool {
    a.0 * b.1 == b.0 * a.1
}

/// Letters of a name, blanks and OpenGotha's placeholder first name left out, upper case, sorted:
/// the name as written and as OpenGotha holds it have the same.
fn letters(s: &str) -> Vec<char> {
    let mut v: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_uppercase).collect();
    v.sort_unstable();
    v
}

/// One event, run through the office and read by OpenGotha; returns how much was compared.
async fn one_event(seed: u64, i: u64) -> usize {
    let mut d = Draw(seed ^ (i.wrapping_mul(0x51_7cc1_b727_220a)));
    let office = Office::start(&format!("og-reader-{i}")).await;
    let http = Http { office: &office };
    let org = office.organiser_token.clone();
    let (sys, opengotha_system) = system(i, &mut d);
    let mut rounds = 3 + d.below(3) as u16;
    // A round robin's rounds are its players' count (less one when even): 5 to 7 players.
    let round_robin = sys["kind"] == "round_robin";
    let rr_players = 5 + d.below(3) as u16;
    if round_robin {
        rounds = rr_players - 1 + rr_players % 2;
    }
    let setup = json!({"name": format!("Reader {i}"), "ruleset": {"preset": "chinese_1988"},
        "settings": {"system": sys, "rounds": rounds, "allowed_lateness_minutes": 15,
                     "time_control": {"main_minutes": 60, "reserved_minutes": 1}}});
    let (s, t) = http.call(M::PUT, Some(&org), "/tournament", Some(setup), None).await;
    assert_eq!(s, 200, "{t}");
    let n = if round_robin { usize::from(rr_players) } else { 7 + d.below(10) as usize };
    let mut pool: Vec<&str> = NAMES.to_vec();
    let mut csv = String::new();
    for _ in 0..n {
        let name = pool.remove(d.below(pool.len() as u64) as usize);
        csv += &format!("{name},{}\n", rank_text(d.below(26) as i64 - 20));
    }
    let (s, t) = http.call(M::POST, Some(&org), "/players/import", None, Some(&csv)).await;
    assert_eq!(s, 200, "{t}\n{csv}");
    let setup = get(&http, &org, "/setup").await;
    let ids: Vec<String> =
        setup["players"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_owned()).collect();
    // `Schmidt Anna` and `Anna SCHMIDT` are one person to OpenGotha (and to the import, which
    // leaves the second out).
    let n = ids.len();
    // In every other event the organiser gives each name not in Latin letters in Latin letters
    // (the proposal, or a name of their own where there is none), so the EGD's `.h9` is written.
    if i % 2 == 0 {
        let to_give = get(&http, &org, "/players/latin").await;
        for e in to_give.as_array().unwrap() {
            let id = e["player"].as_str().unwrap();
            let body = match e["proposal"]["kind"].as_str() {
                Some("proposed") => {
                    json!({"surname": e["proposal"]["surname"], "given_name": e["proposal"]["given_name"]})
                }
                _ => json!({"surname": "Organiser", "given_name": format!("Named {id}")}),
            };
            let (s, t) = http.call(M::PUT, Some(&org), &format!("/players/{id}/latin"), Some(body), None).await;
            assert_eq!(s, 200, "{t}");
        }
        let after = get(&http, &org, "/players/latin").await;
        assert!(after.as_array().unwrap().iter().all(|e| e["ready"] == true), "{after}");
    }
    // Two players miss a round (OpenGotha's participation), set before the draw.
    for _ in 0..2 {
        let who = &ids[d.below(n as u64) as usize];
        let round = 1 + d.below(u64::from(rounds)) as u16;
        let (s, t) = http
            .call(M::POST, Some(&org), &format!("/players/{who}/absences"), Some(json!({"rounds": [round]})), None)
            .await;
        assert_eq!(s, 200, "{t}");
    }
    let chief = office.enroll(&format!("chief-{i}"), Role::ChiefArbiter, &format!("desk-{i}")).await;
    let desk = Device::new(&format!("reader-desk-{i}"), &chief, &office.endpoint(), |_| {});
    let mut entered: HashMap<(u16, String, String), Entered> = HashMap::new();
    let withdraw_after = (rounds > 3).then(|| 1 + d.below(u64::from(rounds) - 2) as u16);
    let mut withdrawn: Option<String> = None;
    for round in 1..=rounds {
        let sheet = get_post(&http, &org, &format!("/rounds/{round}/pair")).await;
        // Mid-round, results pending: one order everywhere; once an event, OpenGotha reads it too.
        let (xml, keys, egd) = exported_names(&http, &org).await;
        let moment = format!("event {i} ({sys}), round {round} paired");
        let h9_written = one_order(&http, &org, opengotha_system.then_some(&egd), &moment).await;
        // Named in Latin letters, the event's `.h9` is written and ranked as the page.
        assert!(!opengotha_system || i % 2 == 1 || h9_written, "{moment}: the .h9 not written");
        if round == 2 && opengotha_system {
            let dir = scratch(&format!("og-reader-{i}-mid"));
            std::fs::create_dir_all(&dir).unwrap();
            standings_agree(&http, &org, &opengotha_reads(&xml, &dir), &keys, &moment).await;
        }
        let mut warned = false;
        for b in sheet["boards"].as_array().unwrap() {
            let game = b["game"].as_str().unwrap();
            let (black, white) = (b["black"]["id"].as_str().unwrap(), b["white"]["id"].as_str().unwrap());
            let side = if d.below(2) == 0 { Colour::Black } else { Colour::White };
            let roll = d.below(100);
            let result = match roll {
                0..=7 => Entered::Jigo,
                8..=13 => Entered::BothLose,
                14..=21 => Entered::ByDefault(side),
                22..=29 if !warned => Entered::SecondWarning(side),
                _ => Entered::Win(side),
            };
            match result {
                Entered::SecondWarning(offender) => {
                    // 第二十五条二: the second warning in one game loses it, recorded at the desk.
                    warned = true;
                    let id: GameId = game.parse().unwrap();
                    desk.record_on(&id, EventBody::ClockStarted);
                    for _ in 0..2 {
                        desk.record_on(
                            &id,
                            EventBody::IncidentRecorded {
                                incident: Incident::Disturbing { offender },
                                ruling: Some(Ruling::Warning),
                                note: None,
                            },
                        );
                    }
                    desk.settle().await;
                }
                other => {
                    let (outcome, forfeit) = match other {
                        Entered::Win(w) | Entered::ByDefault(w) => {
                            (json!({"outcome": "win", "winner": w}), matches!(other, Entered::ByDefault(_)))
                        }
                        Entered::Jigo => (json!({"outcome": "draw"}), false),
                        _ => (json!({"outcome": "both_lose"}), false),
                    };
                    let body =
                        json!({"body": {"kind": "result_entered", "data": {"outcome": outcome, "forfeit": forfeit}}});
                    let (s, t) =
                        http.call(M::POST, Some(&org), &format!("/games/{game}/events"), Some(body), None).await;
                    assert_eq!(s, 200, "{t}");
                }
            }
            entered.insert((round, black.to_owned(), white.to_owned()), result);
        }
        let (_, _, egd) = exported_names(&http, &org).await;
        one_order(
            &http,
            &org,
            opengotha_system.then_some(&egd),
            &format!("event {i} ({sys}), round {round}'s results in"),
        )
        .await;
        if withdraw_after == Some(round) {
            let who = ids[d.below(n as u64) as usize].clone();
            let (s, t) = http
                .call(
                    M::POST,
                    Some(&org),
                    &format!("/players/{who}/withdraw"),
                    Some(json!({"after_round": round})),
                    None,
                )
                .await;
            assert_eq!(s, 200, "{t}");
            withdrawn = Some(who);
        }
    }

    // The export, as OpenGotha reads it.
    let (s, xml) = http.call(M::GET, Some(&org), "/export/opengotha", None, None).await;
    assert_eq!(s, 200, "{xml}");
    let dir = scratch(&format!("og-reader-{i}"));
    std::fs::create_dir_all(&dir).unwrap();
    let jar = opengotha_reads(&xml, &dir);
    let what = format!("event {i} (seed {seed}, {sys}, {n} players, {rounds} rounds), export in {}", dir.display());
    std::fs::write(dir.join("read.json"), serde_json::to_string_pretty(&jar).unwrap()).unwrap();
    let setup = get(&http, &org, "/setup").await;

    // Players: every one, names as written, participation (absences and the withdrawal).
    let written = player_elements(&xml);
    let players = setup["players"].as_array().unwrap();
    assert_eq!(written.len(), players.len(), "{what}");
    let jar_players: BTreeMap<String, &Value> =
        jar["players"].as_array().unwrap().iter().map(|p| (p["key"].as_str().unwrap().to_owned(), p)).collect();
    assert_eq!(jar_players.len(), players.len(), "{what}: OpenGotha read every player");
    let mut key_of: HashMap<String, String> = HashMap::new();
    for (p, w) in players.iter().zip(&written) {
        let id = p["id"].as_str().unwrap();
        let key = format!("{}{}", w["name"], w["firstName"]).replace(' ', "").to_uppercase();
        let read = jar_players.get(&key).unwrap_or_else(|| panic!("{what}: OpenGotha has no {key}"));
        let (surname, first) = (read["name"].as_str().unwrap(), read["firstName"].as_str().unwrap());
        // The name OpenGotha gets: in Latin letters where the organiser gave them.
        let latin =
            p["opengotha"]["name"].as_str().map(|s| join_name(s, p["opengotha"]["first_name"].as_str().unwrap_or("")));
        let as_written = latin.as_deref().unwrap_or(p["name"].as_str().unwrap());
        assert_eq!(
            letters(&join_name(surname, first)),
            letters(as_written),
            "{what}: {as_written} read as {surname} / {first}"
        );
        assert!(first == NO_FIRST_NAME || !first.is_empty(), "{what}");
        let absent: Vec<u64> =
            setup["absences"][id].as_array().map(|a| a.iter().filter_map(Value::as_u64).collect()).unwrap_or_default();
        let after = setup["withdrawals"][id].as_u64();
        let expected: String = (1..=u64::from(rounds))
            .map(|r| if absent.contains(&r) || after.is_some_and(|a| r > a) { '0' } else { '1' })
            .collect();
        assert_eq!(read["participating"].as_str(), Some(expected.as_str()), "{what}: {as_written}'s rounds");
        key_of.insert(id.to_owned(), key);
    }
    if let Some(w) = &withdrawn {
        assert!(jar_players[&key_of[w]]["participating"].as_str().unwrap().ends_with('0'), "{what}");
    }

    // Games, colours, handicaps and results; byes.
    let mut compared = 0;
    let jar_games = jar["games"].as_array().unwrap();
    assert_eq!(jar_games.len(), entered.len(), "{what}: every game");
    for round in 1..=rounds {
        let sheet = get(&http, &org, &format!("/rounds/{round}/pairings")).await;
        for b in sheet["boards"].as_array().unwrap() {
            let (black, white) = (b["black"]["id"].as_str().unwrap(), b["white"]["id"].as_str().unwrap());
            let table = b["table"].as_u64().unwrap();
            let g = jar_games
                .iter()
                .find(|g| g["round"] == round && g["table"] == table)
                .unwrap_or_else(|| panic!("{what}: OpenGotha has no round {round} table {table}"));
            let result = entered[&(round, black.to_owned(), white.to_owned())];
            assert_eq!(
                (g["black"].as_str(), g["white"].as_str(), g["handicap"].as_u64(), g["result"].as_str()),
                (
                    Some(key_of[black].as_str()),
                    Some(key_of[white].as_str()),
                    b["handicap"].as_u64(),
                    Some(result.opengotha())
                ),
                "{what}: round {round} table {table} ({result:?})"
            );
            compared += 1;
        }
    }
    let mut ours_byes: Vec<(u64, String)> = Vec::new();
    if let Some(byes) = setup["byes"].as_object() {
        for (r, who) in byes {
            for p in who.as_array().unwrap() {
                ours_byes.push((r.parse().unwrap(), key_of[p.as_str().unwrap()].clone()));
            }
        }
    }
    ours_byes.sort();
    let theirs_byes: Vec<(u64, String)> = jar["byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["round"].as_u64().unwrap(), b["player"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(theirs_byes, ours_byes, "{what}: byes");

    // Standings after every round, for OpenGotha's own systems: the criteria, every player's
    // values, the order (equal up to players tied on every criterion).
    if opengotha_system {
        compared += standings_agree(&http, &org, &jar, &key_of, &what).await;
    }
    office.shutdown().await;
    compared
}

/// OpenGotha's standings after every round it read against the page's: the criteria, every
/// player's values and, place by place, the values (the order, up to players tied on all).
async fn standings_agree(
    http: &Http<'_>,
    org: &str,
    jar: &Value,
    key_of: &HashMap<String, String>,
    what: &str,
) -> usize {
    let mut compared = 0;
    for st in jar["standings"].as_array().unwrap() {
        let round = st["round"].as_u64().unwrap();
        let ours = get(http, org, &format!("/standings?round={round}")).await;
        let criteria: Vec<&str> = st["criteria"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        let our_criteria: Vec<&str> =
            ours["criteria"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert_eq!(our_criteria, criteria, "{what}: round {round}");
        let rows = ours["rows"].as_array().unwrap();
        let jar_rows = st["rows"].as_array().unwrap();
        assert_eq!(rows.len(), jar_rows.len(), "{what}: round {round}");
        let by_key: HashMap<&str, &Value> =
            rows.iter().map(|r| (key_of[r["player"].as_str().unwrap()].as_str(), r)).collect();
        let frac = |v: &Value| (v["num"].as_i64().unwrap(), v["den"].as_i64().unwrap());
        for (k, theirs) in jar_rows.iter().enumerate() {
            let key = theirs["key"].as_str().unwrap();
            for (c, name) in criteria.iter().enumerate() {
                let jar_v = jar_value(name, theirs["values"][c].as_i64().unwrap());
                let ours_v = frac(&by_key[key]["values"][c]);
                assert!(
                    same(ours_v, jar_v),
                    "{what}: round {round}, {key}'s {name}: ours {ours_v:?}, OpenGotha's {jar_v:?}"
                );
                // The same place in the order: the row at this place has the same values.
                assert!(
                    same(frac(&rows[k]["values"][c]), jar_v),
                    "{what}: round {round}, place {}: ours is {}, OpenGotha's {key}",
                    k + 1,
                    rows[k]["name"]
                );
                compared += 1;
            }
        }
    }
    compared
}

/// The page, the printed standings (CSV) and, for OpenGotha's systems, the EGD's `.h9` rank the
/// players in one order: `egd` gives each player's name as the `.h9` writes it. (The rules' own
/// Swiss ranks by 第二十八条's criteria, which the `.h9` cannot name: its `.h9` ranks by
/// OpenGotha's Swiss criteria, docs/opengotha.md.)
/// Whether the `.h9` was written (not refused for names not in Latin letters).
async fn one_order(http: &Http<'_>, org: &str, egd: Option<&HashMap<String, String>>, what: &str) -> bool {
    let page = get(http, org, "/standings").await;
    let ids: Vec<&str> = page["rows"].as_array().unwrap().iter().map(|r| r["player"].as_str().unwrap()).collect();
    let names: Vec<&str> = page["rows"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    let (s, csv) = http.call(M::GET, Some(org), "/standings?format=csv", None, None).await;
    assert_eq!(s, 200, "{csv}");
    let printed: Vec<String> =
        csv.lines().skip(1).map(|l| l.split(',').nth(2).unwrap_or("").trim_matches('"').to_owned()).collect();
    assert_eq!(printed, names, "{what}: the printed standings against the page");
    let Some(egd) = egd else { return false };
    let (s, h9) = http.call(M::GET, Some(org), "/export/h9", None, None).await;
    // The `.h9` is ISO-8859-15: names it cannot carry are refused, every such player named.
    let not_latin: Vec<&String> = egd.iter().filter(|(_, n)| !latin::is_latin9(n)).map(|(id, _)| id).collect();
    if !not_latin.is_empty() {
        let v: Value = serde_json::from_str(&h9).unwrap_or_else(|_| panic!("{what}: not a refusal: {h9}"));
        assert_eq!((s, v["code"].as_str()), (422, Some("not_in_latin_letters")), "{what}: {h9}");
        let message = v["message"].as_str().unwrap_or("");
        for id in egd.keys() {
            assert_eq!(message.contains(&format!("{id} ")), not_latin.contains(&id), "{what}: {id} in {message}");
        }
        return false;
    }
    assert_eq!(s, 200, "{h9}");
    let in_h9: Vec<String> = h9
        .lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .map(|l| l.chars().skip(5).take(30).collect::<String>().trim_end().to_owned())
        .collect();
    let expected: Vec<String> = ids
        .iter()
        .map(|id| {
            // As the test's client reads the file's bytes (UTF-8, lossily).
            let n = String::from_utf8_lossy(&latin::encode_latin9(&egd[*id])).into_owned();
            n.chars().take(30).collect::<String>().trim_end().to_owned()
        })
        .collect();
    assert_eq!(in_h9, expected, "{what}: the .h9 against the page\n{h9}");
    true
}

/// Each player's OpenGotha key and name as the `.h9` writes it, from the export now.
async fn exported_names(http: &Http<'_>, org: &str) -> (String, HashMap<String, String>, HashMap<String, String>) {
    let setup = get(http, org, "/setup").await;
    let (s, xml) = http.call(M::GET, Some(org), "/export/opengotha", None, None).await;
    assert_eq!(s, 200, "{xml}");
    let (mut keys, mut egd) = (HashMap::new(), HashMap::new());
    let part = |s: &str| s.split_whitespace().collect::<Vec<_>>().join("_");
    for (p, w) in setup["players"].as_array().unwrap().iter().zip(player_elements(&xml)) {
        let id = p["id"].as_str().unwrap().to_owned();
        keys.insert(id.clone(), format!("{}{}", w["name"], w["firstName"]).replace(' ', "").to_uppercase());
        let given = if w["firstName"] == NO_FIRST_NAME { String::new() } else { part(&w["firstName"]) };
        egd.insert(id, format!("{} {given}", part(&w["name"])).trim_end().to_owned());
    }
    (xml, keys, egd)
}

async fn get(http: &Http<'_>, token: &str, path: &str) -> Value {
    let (s, t) = http.call(M::GET, Some(token), path, None, None).await;
    assert_eq!(s, 200, "{path}: {t}");
    serde_json::from_str(&t).unwrap()
}

async fn get_post(http: &Http<'_>, token: &str, path: &str) -> Value {
    let (s, t) = http.call(M::POST, Some(token), path, None, None).await;
    assert_eq!(s, 200, "{path}: {t}");
    serde_json::from_str(&t).unwrap()
}

/// Every `<Player …/>` of an OpenGotha file, in the file's order, as its attributes.
fn player_elements(xml: &str) -> Vec<BTreeMap<String, String>> {
    let unescape = |s: &str| {
        s.replace("&apos;", "'").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    };
    xml.split("<Player ")
        .skip(1)
        .map(|el| {
            let el = &el[..el.find("/>").unwrap()];
            let mut attrs = BTreeMap::new();
            let mut rest = el;
            while let Some(eq) = rest.find("=\"") {
                let after = &rest[eq + 2..];
                let end = after.find('"').unwrap();
                attrs.insert(rest[..eq].trim().to_owned(), unescape(&after[..end]));
                rest = &after[end + 1..];
            }
            attrs
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opengotha_reads_every_export_as_the_office_holds_it() {
    let seed = std::env::var("OPENGOTHA_READER_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(66);
    let events = std::env::var("OPENGOTHA_READER_EVENTS").ok().and_then(|s| s.parse().ok()).unwrap_or(8);
    let mut compared = 0;
    for i in 0..events {
        compared += one_event(seed, i).await;
    }
    eprintln!(
        "opengotha_reader: {events} events, {compared} games and standing values equal to OpenGotha 3.52.03's reading"
    );
    assert!(compared > 0);
}

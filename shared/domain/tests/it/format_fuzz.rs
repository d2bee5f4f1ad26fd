//! Every format this project reads, fuzzed on stable Rust (proptest; cargo-fuzz needs a
//! nightly toolchain and `bolero` is not in this machine's registry): a harness per parser —
//! OpenGotha's XML (then, when it reads, its events and a round paired), players as CSV, the
//! EGF's and the FFG's rating lists, SGF — each seeded from the real files of `fixtures/` and
//! mutated byte-wise (flips, cuts, insertions, a slice repeated) and by structure (an XML
//! attribute's value replaced by an odd one: huge, negative, empty, not a number; each
//! attribute name given its turn, so a count written once per file is hit as often as one
//! written per player). With the bound on `numberOfCategories` lifted, the test run aborts. No panic,
//! no abort, and no single allocation over [`CAP`] while a case runs (a counting allocator
//! wraps the system's for this test binary). The event wire format has its own harness
//! (`tests/it/hostile_input.rs`). The test run plays [`CASES`] cases a format; the long run is
//! `PROPTEST_CASES=50000 cargo test -p arbiter-domain --test it format_fuzz` (docs/security.md).

use std::path::Path;
use std::sync::OnceLock;

use arbiter_domain::interop::{opengotha, players_csv, rating_list, sgf};
use arbiter_domain::tournament::pairing::opengotha::{pair, Kind};
use proptest::prelude::*;

/// The most memory this test process may have held at its peak (`VmHWM`), checked after each
/// case: far above what the real files need, far below what a hostile count asked for. A single
/// allocation the machine cannot give aborts the process, and so fails the run. (A counting
/// allocator would see each allocation, but `unsafe_code` is forbidden in this workspace; the
/// long run adds a hard cap with `ulimit -v`.)
const CAP: u64 = 1 << 30;
/// Cases a format in the test run.
const CASES: u32 = 1500;

/// The process's peak resident memory, in bytes (Linux; none elsewhere).
fn peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kb| kb * 1024)
}

/// Runs `f` and fails the case if the process's peak memory passed [`CAP`]. The peak is reset
/// first (`/proc/self/clear_refs`), so one case's peak is not blamed on the next (nor on the
/// smaller inputs proptest tries when it shrinks a failure).
fn within_cap<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let out = f();
    if let Some(p) = peak().filter(|&p| p > CAP) {
        return Err(TestCaseError::fail(format!("{what}: the process peaked at {p} bytes (cap {CAP})")));
    }
    Ok(out)
}

fn fixtures(dir: &str, ext: &str, max_bytes: u64) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .filter(|p| p.metadata().is_ok_and(|m| m.len() <= max_bytes))
        .collect();
    files.sort();
    let texts: Vec<String> =
        files.iter().map(|f| String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned()).collect();
    assert!(!texts.is_empty(), "no seed in {}", root.display());
    texts
}

fn opengotha_seeds() -> &'static Vec<String> {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut s = fixtures("opengotha", "xml", 40_000);
        s.extend(fixtures("opengotha/pairing", "xml", 40_000));
        s
    })
}

fn rating_seeds() -> &'static Vec<String> {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| fixtures("ratings", "txt", 1 << 20))
}

fn sgf_seeds() -> &'static Vec<String> {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| fixtures("sgf", "sgf", 1 << 20))
}

/// Players' files as organisers paste them (no CSV fixture is committed: these are the
/// shapes `players_csv`'s own tests read).
const CSV_SEEDS: [&str; 4] = [
    "Wang Yi,3d,Beijing\nLi Er,1k,Shanghai,Team A,1\n",
    "name,rank,club,team,board\n\"Zhang, San\",2d,TJ,A,2\n赵四,5级,,,\n",
    "surname,given_name,rank,country,pin,rating\nWang,Yi,3d,CN,12345678,2300\nLi,Er,1k,FR,,1900\n",
    "\u{feff}name,rank\r\nA B,30k\r\nC D,9p\r\n",
];

/// Values a hostile or careless file puts where a number or a name was.
const ODD: [&str; 16] = [
    "",
    "-1",
    "0",
    "4000000000",
    "99999999999999999999999",
    "-2147483648",
    "65535",
    "30K",
    "9D",
    "NaN",
    "1e9",
    "0.5",
    "RESULT_BOTHWIN_BYDEF",
    "ZZZZ",
    "\u{0}",
    "   2   ",
];

#[derive(Debug, Clone)]
enum Mutation {
    /// Flip a bit of the byte at (a fraction of) the length.
    Flip(usize, u8),
    /// Keep only the first part.
    Cut(usize),
    /// Insert text.
    Insert(usize, String),
    /// Repeat a slice `n` times in place (many players, games, moves …).
    Repeat(usize, usize, u16),
    /// Replace the value of the k-th `attr="…"` by an odd one.
    Attribute(usize, String),
    /// Replace a value of the attribute named n-th among the distinct names (its k-th
    /// occurrence) by a large or negative number: each count a file has gets its turn, however
    /// few times it occurs beside the players' and games' attributes.
    Named(usize, usize, String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let odd = prop_oneof![
        4 => proptest::sample::select(ODD.to_vec()).prop_map(str::to_owned),
        1 => "[0-9]{1,30}",
        1 => ".{0,12}",
        1 => Just("9".repeat(5_000)),
    ];
    prop_oneof![
        2 => (any::<usize>(), any::<u8>()).prop_map(|(at, bit)| Mutation::Flip(at, bit % 8)),
        1 => any::<usize>().prop_map(Mutation::Cut),
        2 => (any::<usize>(), prop_oneof![".{0,16}", Just("<Player name=\"X\" firstName=\"Y\" rank=\"1K\"/>".to_owned()), Just(";B[aa]".to_owned()), Just("(".repeat(2_000))]).prop_map(|(at, s)| Mutation::Insert(at, s)),
        1 => (any::<usize>(), 1usize..400, 1u16..3_000).prop_map(|(at, len, n)| Mutation::Repeat(at, len, n)),
        4 => (any::<usize>(), odd).prop_map(|(k, v)| Mutation::Attribute(k, v)),
        4 => (any::<usize>(), any::<usize>(), number()).prop_map(|(n, k, v)| Mutation::Named(n, k, v)),
    ]
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "4000000000",
            "2147483647",
            "-2147483648",
            "65535",
            "70000",
            "100000",
            "-1",
            "0"
        ])
        .prop_map(str::to_owned),
        "-?[1-9][0-9]{3,11}",
    ]
}

/// Every `name="value"` of `text`: the name, and where the value starts and ends.
fn attributes(text: &str) -> Vec<(&str, usize, usize)> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("=\"") {
        let name_start = text[..i]
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_ascii_alphanumeric())
            .map_or(0, |(j, c)| j + c.len_utf8());
        let start = i + 2;
        if let Some(len) = text[start..].find('"') {
            out.push((&text[name_start..i], start, start + len));
        }
    }
    out
}

fn boundary(s: &str, at: usize) -> usize {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn apply(text: &str, m: &Mutation) -> String {
    let len = text.len().max(1);
    match m {
        Mutation::Flip(at, bit) => {
            let mut b = text.as_bytes().to_vec();
            if !b.is_empty() {
                let i = at % b.len();
                b[i] ^= 1 << bit;
            }
            String::from_utf8_lossy(&b).into_owned()
        }
        Mutation::Cut(at) => text[..boundary(text, at % len)].to_owned(),
        Mutation::Insert(at, s) => {
            let i = boundary(text, at % len);
            format!("{}{s}{}", &text[..i], &text[i..])
        }
        Mutation::Repeat(at, slice, n) => {
            let i = boundary(text, at % len);
            let j = boundary(text, i + slice);
            format!("{}{}{}", &text[..i], text[i..j].repeat(usize::from(*n)), &text[j..])
        }
        Mutation::Attribute(k, v) => {
            let starts: Vec<usize> = text.match_indices("=\"").map(|(i, _)| i + 2).collect();
            let Some(&start) = starts.get(k % starts.len().max(1)) else { return text.to_owned() };
            let Some(end) = text[start..].find('"') else { return text.to_owned() };
            let v = v.replace('"', "&quot;");
            format!("{}{v}{}", &text[..start], &text[start + end..])
        }
        Mutation::Named(n, k, v) => {
            let all = attributes(text);
            let mut names: Vec<&str> = all.iter().map(|(name, ..)| *name).collect();
            names.sort_unstable();
            names.dedup();
            let Some(name) = names.get(n % names.len().max(1)) else { return text.to_owned() };
            let at: Vec<_> = all.iter().filter(|(x, ..)| x == name).collect();
            let (_, start, end) = at[k % at.len()];
            format!("{}{v}{}", &text[..*start], &text[*end..])
        }
    }
}

fn mutated(seeds: &'static [String]) -> impl Strategy<Value = String> {
    (proptest::sample::select(seeds), proptest::collection::vec(mutation(), 1..4))
        .prop_map(|(seed, ms)| ms.iter().fold(seed.clone(), |t, m| apply(&t, m)))
}

proptest! {
    // A fixed seed: the test run plays the same cases every time (a longer or another run:
    // `PROPTEST_CASES`, `PROPTEST_RNG_SEED`).
    #![proptest_config(ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(65),
        ..ProptestConfig::default()
    })]

    #[test]
    fn opengotha_files(xml in mutated(opengotha_seeds())) {
        let read = within_cap("opengotha::parse", || opengotha::parse(&xml))?;
        if let Ok(og) = read {
            within_cap("to_events", || {
                let _ = opengotha::to_events(&og, &arbiter_domain::model::TournamentId::new("t1").unwrap(), Default::default());
            })?;
            // A file that reads is one the `pair` command pairs on: its next round pairs or is
            // refused, never panics.
            let settings = og.pairing_settings();
            if settings.kind() != Kind::Other && og.field.entrants.len() <= 80 {
                let next = og.field.games.iter().map(|g| g.round).max().unwrap_or(0) + 1;
                let people = og.people();
                within_cap("pair", || pair(&og.field, &people, &settings, next.min(og.field.rounds.max(1))).err())?;
            }
        }
    }

    #[test]
    fn players_csv_files(text in mutated_csv()) {
        within_cap("players_csv::review", || players_csv::review(&text, &[], 0))?;
    }

    #[test]
    fn rating_lists(text in mutated(rating_seeds()), ffg in any::<bool>()) {
        let kind = if ffg { rating_list::ListKind::Ffg } else { rating_list::ListKind::Egf };
        within_cap("rating_list::parse", || rating_list::parse(kind, &text).err())?;
    }

    #[test]
    fn sgf_records(text in mutated(sgf_seeds()), move_no in 0u32..400) {
        if let Ok(g) = within_cap("sgf::parse", || sgf::parse(&text))? {
            within_cap("sgf::record_at", || sgf::record_at(&g, (move_no > 0).then_some(move_no)).err())?;
        }
    }
}

fn mutated_csv() -> impl Strategy<Value = String> {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    mutated(SEEDS.get_or_init(|| CSV_SEEDS.iter().map(|s| (*s).to_owned()).collect()))
}

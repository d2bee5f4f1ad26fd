//! Hostile input, fuzzed (hall security, part 7). A stable-Rust harness (proptest; cargo-fuzz
//! needs a nightly toolchain this machine kind does not have): inputs start from a committed
//! corpus of real event lines (`tests/scenarios/*.jsonl`, `tests/fuzz_corpus/*.jsonl`) and are
//! mutated byte-wise (flips, cuts, insertions) and structurally (any JSON node replaced by odd
//! values, keys dropped). Over the event decoder, the fold, JSONL import and the office's push
//! and enroll endpoints: no panic, every refusal a `{code, message}`, nothing stored changed by
//! a refused input. `PROPTEST_CASES` sets the run's length (the test command uses the default
//! below; `PROPTEST_CASES=20000 cargo test -p arbiter-tests --test it hostile_input` for a long run).

use std::path::Path;
use std::sync::OnceLock;

use arbiter_core::event::wire;
use arbiter_core::model::Role;
use arbiter_core::store::Store;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_tests::*;
use proptest::prelude::*;
use serde_json::Value;

fn corpus() -> &'static Vec<String> {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut lines = Vec::new();
        for dir in ["scenarios", "fuzz_corpus"] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(dir)).unwrap().map(|e| e.unwrap().path()).collect();
            files.sort();
            for f in files.iter().filter(|p| p.extension().is_some_and(|x| x == "jsonl")) {
                lines.extend(
                    std::fs::read_to_string(f).unwrap().lines().filter(|l| !l.trim().is_empty()).map(str::to_owned),
                );
            }
        }
        assert!(lines.len() > 50, "the corpus is missing");
        lines
    })
}

/// An odd JSON value to put where something else was.
fn odd_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        ".{0,40}".prop_map(Value::String),
        Just(Value::String("x".repeat(70_000))),
        Just(serde_json::json!({})),
        Just(serde_json::json!([])),
        Just(serde_json::json!({"kind": "incident_recorded", "data": {}})),
    ]
}

#[derive(Debug, Clone)]
enum Mutation {
    /// Replace the n-th node (depth-first) by a value.
    Replace(usize, Value),
    /// Drop the n-th object key met.
    Drop(usize),
    /// Flip a byte of the text.
    Flip(usize, u8),
    /// Cut the text at a point.
    Cut(usize),
    /// Insert text at a point.
    Insert(usize, String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), odd_value()).prop_map(|(n, v)| Mutation::Replace(n, v)),
        2 => any::<usize>().prop_map(Mutation::Drop),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(n, b)| Mutation::Flip(n, b)),
        1 => any::<usize>().prop_map(Mutation::Cut),
        1 => (any::<usize>(), "[\\[\\]{}\",:\\\\0-9a-z\\u{0}-\\u{1f}\\u{4e00}-\\u{4e10}]{1,6}").prop_map(|(n, s)| Mutation::Insert(n, s)),
    ]
}

fn count_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count_nodes).sum(),
        Value::Object(o) => o.values().map(count_nodes).sum(),
        _ => 0,
    }
}

fn replace_node(v: &mut Value, n: usize, with: Value) {
    // Depth-first numbering: walk until the counter reaches n.
    fn walk(v: &mut Value, n: &mut usize, with: &mut Option<Value>) {
        if *n == 0 {
            if let Some(w) = with.take() {
                *v = w;
            }
            return;
        }
        *n -= 1;
        match v {
            Value::Array(a) => a.iter_mut().for_each(|x| walk(x, n, with)),
            Value::Object(o) => o.values_mut().for_each(|x| walk(x, n, with)),
            _ => {}
        }
    }
    let mut k = n % count_nodes(v);
    walk(v, &mut k, &mut Some(with));
}

fn drop_key(v: &mut Value, n: &mut usize) -> bool {
    match v {
        Value::Object(o) => {
            if *n < o.len() {
                let key = o.keys().nth(*n).cloned().unwrap_or_default();
                o.remove(&key);
                return true;
            }
            *n -= o.len();
            o.values_mut().any(|x| drop_key(x, n))
        }
        Value::Array(a) => a.iter_mut().any(|x| drop_key(x, n)),
        _ => false,
    }
}

fn apply(line: &str, ms: &[Mutation]) -> String {
    let mut text = line.to_owned();
    for m in ms {
        match m {
            Mutation::Replace(n, with) => {
                if let Ok(mut v) = serde_json::from_str::<Value>(&text) {
                    replace_node(&mut v, *n, with.clone());
                    text = v.to_string();
                }
            }
            Mutation::Drop(n) => {
                if let Ok(mut v) = serde_json::from_str::<Value>(&text) {
                    let mut k = n % 64;
                    drop_key(&mut v, &mut k);
                    text = v.to_string();
                }
            }
            Mutation::Flip(n, b) => {
                let mut bytes = text.into_bytes();
                if !bytes.is_empty() {
                    let i = n % bytes.len();
                    bytes[i] ^= b | 1;
                }
                text = String::from_utf8_lossy(&bytes).into_owned();
            }
            Mutation::Cut(n) => {
                let cut = n % (text.len() + 1);
                text = text.char_indices().take_while(|(i, _)| *i < cut).map(|(_, c)| c).collect();
            }
            Mutation::Insert(n, s) => {
                let at = text.char_indices().map(|(i, _)| i).nth(n % (text.chars().count() + 1)).unwrap_or(text.len());
                text.insert_str(at, s);
            }
        }
    }
    text
}

fn hostile_line() -> impl Strategy<Value = String> {
    (any::<prop::sample::Index>(), prop::collection::vec(mutation(), 0..5))
        .prop_map(|(i, ms)| apply(&corpus()[i.index(corpus().len())], &ms))
}

fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    ProptestConfig { cases: n, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(cases(400))]

    /// The decoder answers every line: an event that encodes back to itself, or a coded error.
    #[test]
    fn the_decoder_never_panics_and_every_refusal_is_coded(line in hostile_line()) {
        match wire::decode(&line) {
            Ok(e) => {
                let again = wire::decode(&wire::encode(&e)).unwrap();
                prop_assert_eq!(again, e);
            }
            Err(err) => {
                prop_assert!(!err.code().is_empty() && !err.to_string().is_empty());
                let body = err.body();
                prop_assert_eq!(body.code.as_str(), err.code());
            }
        }
    }

    /// Whatever decodes, the fold and the tournament view take without panicking.
    #[test]
    fn the_fold_takes_whatever_decodes(lines in prop::collection::vec(hostile_line(), 1..40)) {
        let events: Vec<_> = lines.iter().filter_map(|l| wire::decode(l).ok()).collect();
        let views = arbiter_core::tournament::replay(&events);
        for v in &views {
            let _ = arbiter_core::tournament::run::standings(v, None);
            let _ = arbiter_core::tournament::publish::setup(v);
        }
    }
}

proptest! {
    #![proptest_config(cases(60))]

    /// JSONL import: every line is added, a duplicate, or refused with a code; the store holds
    /// exactly what was added.
    #[test]
    fn import_accounts_for_every_line_and_stores_only_what_it_added(lines in prop::collection::vec(hostile_line(), 1..30)) {
        let dir = scratch("fuzz-import");
        let store = Store::open(&dir, None).unwrap();
        let text = lines.join("\n");
        let report = store.import(std::io::BufReader::new(text.as_bytes())).unwrap();
        let non_empty = text.lines().filter(|l| !l.trim().is_empty()).count();
        prop_assert_eq!(report.added + report.duplicates + report.refused.len(), non_empty);
        prop_assert!(report.refused.iter().all(|r| !r.code.is_empty() && !r.message.is_empty()));
        prop_assert_eq!(store.len().unwrap(), report.added as u64);
    }
}

struct Live {
    rt: tokio::runtime::Runtime,
    office: Office,
    token: String,
}

fn live() -> &'static Live {
    static LIVE: OnceLock<Live> = OnceLock::new();
    LIVE.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let (office, token) = rt.block_on(async {
            let office = Office::start("fuzz-office").await;
            office.schedule(2);
            let e = office.enroll("ref-fuzz", Role::Referee, "tab-fuzz").await;
            (office, e.token)
        });
        Live { rt, office, token }
    })
}

/// A non-2xx answer is `{code, message}`; no answer is a 5xx.
fn coded(status: u16, body: &str) -> Result<(), TestCaseError> {
    prop_assert!(status < 500, "{status}: {body}");
    if !(200..300).contains(&status) {
        let v: Value =
            serde_json::from_str(body).map_err(|e| TestCaseError::fail(format!("{status} not JSON ({e}): {body}")))?;
        prop_assert!(v["code"].as_str().is_some_and(|c| !c.is_empty()) && v["message"].is_string(), "{body}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(120))]

    /// The office's push: never a 5xx, each event accepted, duplicate or refused with a code,
    /// and the log grows by exactly the accepted ones.
    #[test]
    fn push_answers_every_hostile_batch(lines in prop::collection::vec(hostile_line(), 0..12), raw in any::<bool>()) {
        let l = live();
        let body = if raw { lines.join(",") } else { format!("{{\"events\":[{}]}}", lines.join(",")) };
        let before = l.office.state.store.last_seq().unwrap();
        let (status, text) = l.rt.block_on(async {
            let r = l.office.http()
                .post(format!("{}{API_PREFIX}/events", l.office.url))
                .bearer_auth(&l.token)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        });
        coded(status, &text)?;
        let after = l.office.state.store.last_seq().unwrap();
        if status == 200 {
            let v: Value = serde_json::from_str(&text).unwrap();
            let results = v["results"].as_array().unwrap();
            let accepted = results.iter().filter(|r| r["status"] == "accepted").count() as u64;
            prop_assert!(results.iter().filter(|r| r["status"] == "rejected").all(|r| r["code"].as_str().is_some_and(|c| !c.is_empty())));
            prop_assert_eq!(after, before + accepted);
        } else {
            prop_assert_eq!(after, before, "a refused push stored something");
        }
    }

    /// Enrollment with hostile bodies: a coded refusal, never a 5xx, no device enrolled.
    #[test]
    fn enroll_answers_every_hostile_body(line in hostile_line()) {
        let l = live();
        let (status, text) = l.rt.block_on(async {
            let r = l.office.http()
                .post(format!("{}{API_PREFIX}/enroll", l.office.url))
                .header("content-type", "application/json")
                .body(line)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        });
        prop_assert!(status != 200, "a hostile body enrolled a device: {text}");
        coded(status, &text)?;
    }
}

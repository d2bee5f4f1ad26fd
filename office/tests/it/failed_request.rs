//! A failed request leaves the event able to go on: the real binary with a fault injected
//! (`ARBITER_FAULT_PANIC_ONCE=GameScheduled`: the first pairing panics under the command lock,
//! before anything is stored) answers that request 500; then every other request of the event
//! works — the set-up, the players, the standings, a new player — and the same request asked
//! again is answered as an office without the fault answers it, board for board.

use std::path::Path;

use arbiter_core::sync::tls::{client_builder, Pin, Pins};
use serde_json::{json, Value};

use crate::support;

struct Office {
    child: std::process::Child,
    url: String,
    token: String,
    http: reqwest::Client,
}

impl Office {
    fn start(data: &Path, env: &[(&str, &str)]) -> Office {
        let _ = std::fs::remove_dir_all(data);
        let token = support::init(data, "续赛杯", &[]);
        let (child, url) = support::serve(data, &["--insecure-http"], env, false);
        Office { child, url, token, http: client_builder(&Pins::new(Pin::Nothing)).unwrap().build().unwrap() }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut r = self.http.request(method, format!("{}/api/v1{path}", self.url)).bearer_auth(&self.token);
        if let Some(b) = body {
            r = r.json(&b);
        }
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn ok(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let (s, v) = self.call(method, path, body).await;
        assert_eq!(s, 200, "{path}: {v}");
        v
    }

    /// The same event in each office: a Swiss of six.
    async fn set_up(&self) {
        let setup = json!({
            "name": "续赛杯",
            "ruleset": {"preset": "chinese_1988", "komi": 3.75},
            "settings": {"time_control": {"main_minutes": 60, "reserved_minutes": 5},
                         "allowed_lateness_minutes": 15, "system": {"kind": "swiss"}, "rounds": 3}
        });
        self.ok(reqwest::Method::PUT, "/tournament", Some(setup)).await;
        for (name, rank) in [("甲", "3d"), ("乙", "2d"), ("丙", "1d"), ("丁", "1k"), ("戊", "2k"), ("己", "3k")] {
            self.ok(reqwest::Method::POST, "/players", Some(json!({"name": name, "rank": rank}))).await;
        }
    }
}

impl Drop for Office {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A sheet's boards as (table, black, white), the part the draw decides.
fn boards(sheet: &Value) -> Vec<(u64, String, String)> {
    sheet["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["table"].as_u64().unwrap(), b["black"]["name"].to_string(), b["white"]["name"].to_string()))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn after_a_500_the_event_goes_on_and_the_same_request_is_answered_as_without_it() {
    use reqwest::Method as M;
    let root = std::env::temp_dir().join(format!("arbiter-failed-request-{}", std::process::id()));
    let faulty = Office::start(&root.join("faulty"), &[("ARBITER_FAULT_PANIC_ONCE", "GameScheduled")]);
    let control = Office::start(&root.join("control"), &[]);
    faulty.set_up().await;
    control.set_up().await;

    let (status, body) = faulty.call(M::POST, "/rounds/1/pair", None).await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(body["code"], "internal", "{body}");
    // Nothing of the failed request was stored; every other request works.
    let setup = faulty.ok(M::GET, "/setup", None).await;
    assert_eq!(setup["players"].as_array().map(Vec::len), Some(6));
    assert_eq!(faulty.ok(M::GET, "/rounds/1/pairings", None).await["boards"], json!([]), "no half-made round");
    faulty.ok(M::GET, "/standings", None).await;
    let (s, health) = faulty.call(M::GET, "/health", None).await;
    assert_eq!(s, 200, "{health}");

    // The same request again: answered as the office that never failed answers it.
    let again = faulty.ok(M::POST, "/rounds/1/pair", None).await;
    let expected = control.ok(M::POST, "/rounds/1/pair", None).await;
    assert_eq!(boards(&again), boards(&expected));
    assert_eq!(boards(&again).len(), 3);
    // And again: the round is paired, in both alike.
    let (s1, b1) = faulty.call(M::POST, "/rounds/1/pair", None).await;
    let (s2, b2) = control.call(M::POST, "/rounds/1/pair", None).await;
    assert_eq!((s1, &b1["code"]), (s2, &b2["code"]));
    assert_eq!(s1, 409);
    // A round far past any event's is refused before it sizes anything, and answers on.
    for path in ["/rounds/65535/pair", "/standings?round=65535"] {
        let method = if path.starts_with("/rounds") { M::POST } else { M::GET };
        let (s, b) = faulty.call(method, path, None).await;
        assert_eq!((s, b["code"].as_str()), (400, Some("out_of_range")), "{path}: {b}");
    }
    // The event goes on: a late entry is registered in both.
    faulty.ok(M::POST, "/players", Some(json!({"name": "庚", "rank": "4k"}))).await;
    drop(faulty);
    drop(control);
    let _ = std::fs::remove_dir_all(&root);
}

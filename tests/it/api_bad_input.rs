//! Bad input to a real office: every mistake gets a 4xx with `{code, message}` that says what was
//! wrong, never a 5xx, and stored data is untouched.

use std::io::Write;

use arbiter_core::model::Role;
use arbiter_core::sync::protocol::{API_PREFIX, MAX_BODY_BYTES, MAX_PUSH_EVENTS};
use arbiter_tests::*;

async fn send(req: reqwest::RequestBuilder) -> (u16, serde_json::Value) {
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    let body: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_mistake_is_a_clear_4xx_and_changes_nothing() {
    let office = Office::start("bad-input").await;
    let e = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let http = office.http();
    let events = format!("{}{API_PREFIX}/events", office.url);
    let before = office.state.store.last_seq().unwrap();
    let post =
        |body: Vec<u8>| http.post(&events).bearer_auth(&e.token).header("content-type", "application/json").body(body);

    let cases: Vec<(&str, reqwest::RequestBuilder, u16, &str)> = vec![
        ("not JSON", post(b"{events: [".to_vec()), 400, "malformed_json"),
        ("events not a list", post(br#"{"events": 3}"#.to_vec()), 400, "malformed_json"),
        (
            "too many events",
            post(
                serde_json::to_vec(&serde_json::json!({"events": vec![serde_json::json!({}); MAX_PUSH_EVENTS + 1]}))
                    .unwrap(),
            ),
            413,
            "too_large",
        ),
        ("body too large", post(vec![b' '; MAX_BODY_BYTES + 10]), 413, "too_large"),
        ("bad pull query", http.get(format!("{events}?after=minus-one")).bearer_auth(&e.token), 400, "bad_query"),
        ("pull limit zero", http.get(format!("{events}?limit=0")).bearer_auth(&e.token), 400, "bad_query"),
        ("unknown route", http.get(format!("{}/api/v2/events", office.url)), 404, "not_found"),
        ("wrong method", http.delete(&events).bearer_auth(&e.token), 405, "method_not_allowed"),
        (
            "bad game id",
            http.get(format!("{}{API_PREFIX}/games/a%20b/state", office.url)).bearer_auth(&e.token),
            400,
            "invalid_id",
        ),
        (
            "unknown game",
            http.get(format!("{}{API_PREFIX}/games/g404/state", office.url)).bearer_auth(&e.token),
            404,
            "not_found",
        ),
        (
            "bad article filter",
            http.get(format!("{}{API_PREFIX}/incidents?article=99.9", office.url)).bearer_auth(&e.token),
            400,
            "bad_query",
        ),
        (
            "referee exports",
            http.get(format!("{}{API_PREFIX}/export", office.url)).bearer_auth(&e.token),
            403,
            "forbidden",
        ),
        (
            "enroll with a wrong type",
            http.post(format!("{}{API_PREFIX}/enroll", office.url)).body(r#"{"code": 5, "device": "d"}"#),
            400,
            "invalid_field",
        ),
        (
            "standings before the set-up has a system (第二十七条)",
            http.get(format!("{}{API_PREFIX}/standings", office.url)).bearer_auth(&office.organiser_token),
            400,
            "setup_incomplete",
        ),
        (
            "a round paired before the set-up has a system",
            http.post(format!("{}{API_PREFIX}/rounds/1/pair", office.url)).bearer_auth(&office.organiser_token),
            400,
            "setup_incomplete",
        ),
        (
            "a round that is not a number",
            http.post(format!("{}{API_PREFIX}/rounds/first/pair", office.url)).bearer_auth(&office.organiser_token),
            400,
            "bad_path",
        ),
        (
            "round 0 (rounds count from 1)",
            http.post(format!("{}{API_PREFIX}/rounds/0/pair", office.url)).bearer_auth(&office.organiser_token),
            400,
            "bad_path",
        ),
        (
            "enroll with a bad code",
            http.post(format!("{}{API_PREFIX}/enroll", office.url)).body(r#"{"code": "AAAA-AAAA", "device": "d"}"#),
            401,
            "unauthenticated",
        ),
    ];
    for (what, req, status, code) in cases {
        let (s, body) = send(req).await;
        assert_eq!((s, body["code"].as_str().unwrap_or_default()), (status, code), "{what}: {body}");
        assert!(!body["message"].as_str().unwrap_or_default().is_empty(), "{what}: a message for people");
    }

    // Per-event mistakes inside a valid batch: each answered on its own.
    let (s, body) = send(post(
        serde_json::to_vec(&serde_json::json!({"events": [
            {"schema": arbiter_core::event::SCHEMA_VERSION + 1},
            {"schema": 1, "id": "nope"},
            "a string",
        ]}))
        .unwrap(),
    ))
    .await;
    assert_eq!(s, 200);
    let codes: Vec<&str> =
        body["results"].as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap_or_default()).collect();
    // A malformed event id is `invalid_id`, as docs/events.md lists it.
    assert_eq!(codes, ["unsupported_schema", "invalid_id", "invalid_field"], "{body}");

    // A gzip bomb: small on the wire, over the limit once inflated.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&vec![b' '; MAX_BODY_BYTES * 2]).unwrap();
    let bomb = gz.finish().unwrap();
    assert!(bomb.len() < 64 * 1024, "small on the wire: {} bytes", bomb.len());
    let (s, body) = send(post(bomb).header("content-encoding", "gzip")).await;
    assert_eq!((s, body["code"].as_str().unwrap_or_default()), (413, "too_large"), "{body}");

    assert_eq!(office.state.store.last_seq().unwrap(), before, "no refused request stored anything");
    office.shutdown().await;
}

//! Guessing from the hall's network: a client that tries
//! enrollment codes or tokens is answered normally for a few mistakes, then made to wait, then
//! locked out — while an official enrolling from another address is not slowed at all. The
//! organiser sees the lock-out, and the refusal log, and lifts it. Real office on loopback;
//! each client binds its own 127.0.0.x source address. The waits are shortened for the test
//! (`Policy`); the counting is the production code's.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::model::Role;
use arbiter_core::rules::RulesetSpec;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_office::door::Door;
use arbiter_office::limits::Policy;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::*;
use serde_json::{json, Value};

fn from(office: &Office, last: u8) -> reqwest::Client {
    let ip = IpAddr::from([127, 0, 0, last]);
    office.http_builder().local_address(ip).build().unwrap()
}

async fn post(client: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut r = client.post(url).json(&body);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let resp = r.send().await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guessing_client_is_slowed_then_locked_out_and_an_official_elsewhere_enrolls() {
    let mut state = AppState::open(&scratch("abuse-limits")).unwrap();
    let policy =
        Policy { first_wait: Duration::from_millis(20), max_wait: Duration::from_millis(80), ..Policy::default() };
    state.door = Arc::new(Door::new(policy, state.store.keyspace(arbiter_office::door::KEYSPACE).unwrap()));
    let report = init_tournament(&state, tournament(), "测试杯".into(), RulesetSpec::default()).unwrap();
    let office = Office::serve(state, report.organiser_token).await;
    let enroll = format!("{}{API_PREFIX}/enroll", office.url);
    let real_code = office.code_for("ref-li", Role::Referee).await;

    // The attacker at 127.0.0.2 guesses codes.
    let attacker = from(&office, 2);
    let (mut answered, mut waits, mut locked_at) = (0, 0, None);
    for n in 0..400 {
        let guess = json!({"code": format!("ZZZZ-{n:04}"), "device": "evil", "label": "evil"});
        let (status, body) = post(&attacker, enroll.clone(), None, guess).await;
        match (status, body["code"].as_str()) {
            (401, Some("unauthenticated")) => answered += 1,
            (429, Some("too_many_attempts")) => {
                waits += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            (429, Some("locked_out")) => {
                locked_at = Some(n);
                break;
            }
            other => panic!("unexpected answer {other:?}: {body}"),
        }
    }
    assert!(locked_at.is_some(), "locked out within 400 tries");
    assert_eq!(answered, policy.lock_after, "exactly the allowed number of guesses was answered");
    assert!(waits > 0, "the attacker was made to wait before the lock-out");
    // Locked out, even the right code gets no answer about itself from that address.
    let (status, body) =
        post(&attacker, enroll.clone(), None, json!({"code": real_code, "device": "evil", "label": "x"})).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("locked_out")), "{body}");

    // The referee's tablet at 127.0.0.3 enrolls at once.
    let (status, body) =
        post(&from(&office, 3), enroll.clone(), None, json!({"code": real_code, "device": "tab-li", "label": "李"}))
            .await;
    assert_eq!(status, 200, "{body}");

    // Wrong tokens count the same way (127.0.0.4).
    let push = format!("{}{API_PREFIX}/events", office.url);
    let forger = from(&office, 4);
    let mut last = String::new();
    for _ in 0..400 {
        let (status, body) = post(&forger, push.clone(), Some("wa1_forged"), json!({"events": []})).await;
        last = body["code"].as_str().unwrap_or("").to_owned();
        if status == 429 && last == "locked_out" {
            break;
        }
        if last == "too_many_attempts" {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    assert_eq!(last, "locked_out");

    // The organiser sees both addresses and the refusals, and lifts the attacker's lock-out.
    let org = office.http();
    let get =
        |path: &str| org.get(format!("{}{API_PREFIX}{path}", office.url)).bearer_auth(&office.organiser_token).send();
    let lockouts: Value = get("/lockouts").await.unwrap().json().await.unwrap();
    let locked: Vec<&str> = lockouts
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["locked"] == true)
        .map(|l| l["address"].as_str().unwrap())
        .collect();
    assert!(locked.contains(&"127.0.0.2") && locked.contains(&"127.0.0.4"), "{lockouts}");
    let refusals: Value = get("/refusals?limit=1000").await.unwrap().json().await.unwrap();
    let from_attacker =
        refusals.as_array().unwrap().iter().filter(|r| r["message"].as_str().unwrap().starts_with("127.0.0.2")).count();
    assert_eq!(from_attacker as u32, policy.lock_after, "every counted guess is in the refusal log");
    let lift = org
        .delete(format!("{}{API_PREFIX}/lockouts/127.0.0.2", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await
        .unwrap();
    assert_eq!(lift.status().as_u16(), 200);
    let bad = org
        .delete(format!("{}{API_PREFIX}/lockouts/nonsense", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status().as_u16(), 400);
    let code = office.code_for("ref-zhao", Role::Referee).await;
    let (status, body) =
        post(&attacker, enroll, None, json!({"code": code, "device": "tab-zhao", "label": "赵"})).await;
    assert_eq!(status, 200, "lifted: the address enrolls again: {body}");
    office.shutdown().await;
}

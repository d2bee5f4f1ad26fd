//! The chief arbiter's desk from a real office: a referee's tablet records a 第十七条三 dispute
//! with its facts and escalates it; the chief arbiter's queue card says everything needed to
//! decide — both players with ranks, the facts in words, who recorded and escalated it and when,
//! the referee's note, the table's clock — and offers exactly the rulings the rules allow the
//! chief here, each previewed; a table waiting with its clock stopped comes first.

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Rank, Role};
use arbiter_core::rules::{Incident, Ruling};
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_tests::*;
use serde_json::{json, Value};

async fn call(office: &Office, token: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
    let mut r = office.http().request(method, format!("{}{API_PREFIX}{path}", office.url)).bearer_auth(token);
    if let Some(b) = body {
        r = r.json(&b);
    }
    let resp = r.send().await.unwrap();
    let status = resp.status();
    let text = resp.text().await.unwrap();
    assert!(status.is_success(), "{path}: {status} {text}");
    serde_json::from_str(&text).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_17_3_dispute_reaches_the_chief_with_enough_to_decide() {
    let office = Office::start("desk-office").await;
    office.register_players(&[
        ("p1", "李明", Rank::Dan(5)),
        ("p2", "陈静", Rank::Dan(4)),
        ("p3", "张三", Rank::Dan(3)),
        ("p4", "王五", Rank::Kyu(2)),
    ]);
    office.schedule(2);
    let referee = office.enroll_as("ref-wang", "王裁判", Role::Referee, "tab-wang").await;
    let chief = office.enroll_as("chief-liu", "刘裁判长", Role::ChiefArbiter, "desk-liu").await;
    let tablet = Device::new("desk-tab", &referee, &office.endpoint(), |_| {});

    // Table 1 plays on: a warning the referee asks the chief to confirm.
    tablet.record(1, EventBody::ClockStarted);
    let noise = tablet.record(
        1,
        EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: Colour::White },
            ruling: Some(Ruling::Warning),
            note: None,
        },
    );
    tablet.record(1, EventBody::Escalated { incident: noise.id, to: Role::ChiefArbiter, note: None });
    // Table 2, later: stones moved, the players disagree (第十七条三); the referee stops the
    // clocks, notes what was said and escalates.
    tablet.record(2, EventBody::ClockStarted);
    for by in [Colour::Black, Colour::White, Colour::Black] {
        tablet.record(2, EventBody::ClockPressed { by });
    }
    let moved = tablet.record(
        2,
        EventBody::IncidentRecorded {
            incident: Incident::MovedStones {
                mover: Some(Colour::White),
                players_agree: false,
                deliberate: false,
                restorable: None,
            },
            ruling: None,
            note: Some("黑方称白方碰动了两子".into()),
        },
    );
    tablet.record(2, EventBody::ClockPaused { reason: Some("等待裁判长".into()) });
    tablet.record(2, EventBody::Escalated { incident: moved.id, to: Role::ChiefArbiter, note: None });
    tablet.settle().await;

    let queue = call(&office, &chief.token, reqwest::Method::GET, "/queue", None).await;
    let cards = queue.as_array().unwrap();
    assert_eq!(cards.len(), 2, "{queue:#}");
    // The waiting table first, though it escalated later.
    let card = &cards[0];
    assert_eq!((card["round"].as_u64(), card["table"].as_u64()), (Some(1), Some(2)));
    assert_eq!(cards[1]["table"], 1);
    assert_eq!(card["kind"], "escalation");
    assert_eq!((card["black"]["name"].as_str(), card["black"]["rank"].as_str()), (Some("张三"), Some("3d")));
    assert_eq!((card["white"]["name"].as_str(), card["white"]["rank"].as_str()), (Some("王五"), Some("2k")));
    assert_eq!(card["happened"]["incident"]["type"], "moved_stones");
    assert_eq!(card["incident"].as_str(), Some(moved.id.to_string().as_str()), "the open item names the incident");
    let facts: Vec<(String, String, String)> = card["happened"]["facts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["label"]["zh"].as_str().unwrap().into(),
                f["zh"].as_str().unwrap().into(),
                f["en"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        facts,
        [
            ("移子方（如知道）".into(), "白方".into(), "White".into()),
            ("对局者意见一致".into(), "否".into(), "no".into()),
            ("故意移子".into(), "否".into(), "no".into()),
        ]
    );
    assert_eq!(card["happened"]["note"], "黑方称白方碰动了两子");
    assert_eq!(card["happened"]["recorded"]["name"], "王裁判");
    assert_eq!(card["happened"]["recorded"]["role"], "referee");
    assert_eq!(card["escalated"]["name"], "王裁判");
    assert_eq!(card["happened"]["referee_ruling"], Value::Null, "the referee gave no ruling");
    let recorded: chrono::DateTime<chrono::Utc> = card["happened"]["recorded"]["at"].as_str().unwrap().parse().unwrap();
    let escalated: chrono::DateTime<chrono::Utc> = card["escalated"]["at"].as_str().unwrap().parse().unwrap();
    assert!(recorded <= escalated && (chrono::Utc::now() - escalated).num_seconds() < 60);
    assert_eq!((card["status"]["status"].as_str(), card["clock_running"].as_bool()), (Some("paused"), Some(false)));
    assert_eq!(card["moves"], 3, "three presses recorded: after move 3");
    assert_eq!(cards[1]["moves"], Value::Null, "no presses recorded on table 1");
    assert_eq!(
        (cards[1]["status"]["status"].as_str(), cards[1]["clock_running"].as_bool()),
        (Some("playing"), Some(true))
    );
    assert_eq!(cards[1]["happened"]["referee_ruling"], "warning");

    // The options are exactly what the rules allow the chief for these facts, each previewed.
    let allowed = call(
        &office,
        &chief.token,
        reqwest::Method::POST,
        "/games/g2/allowed",
        Some(json!({"incident": card["happened"]["incident"]})),
    )
    .await;
    let offered: Vec<&Value> = card["options"].as_array().unwrap().iter().map(|o| &o["ruling"]).collect();
    let allowed: Vec<&Value> = allowed.as_array().unwrap().iter().map(|a| &a["ruling"]).collect();
    assert!(!offered.is_empty());
    // A ruling that ends the game says so (第十七条三 allows a draw).
    let draw = card["options"].as_array().unwrap().iter().find(|o| o["ruling"] == "draw").unwrap();
    assert_eq!(draw["preview"]["result_after"]["outcome"], "draw");
    assert_eq!(draw["preview"]["consequence"]["article"], "17.3", "{draw:#}");
    assert_eq!(offered, allowed);
    for o in card["options"].as_array().unwrap() {
        assert_eq!(o["body"]["kind"], "ruling_issued");
        assert_eq!(o["body"]["data"]["incident"].as_str(), Some(moved.id.to_string().as_str()));
        assert_eq!(o["preview"]["refused"], Value::Null, "{o:#}");
        // The preview is the same as the game page's own preview of that body.
        let same =
            call(&office, &chief.token, reqwest::Method::POST, "/games/g2/preview", Some(json!({"body": o["body"]})))
                .await;
        assert_eq!(same["consequence"], o["preview"]["consequence"]);
        assert_eq!(same["result_after"], o["preview"]["result_after"]);
    }

    // Deciding: the draw, as the card sends it; the item leaves the desk.
    let draw = card["options"].as_array().unwrap().iter().find(|o| o["ruling"] == "draw").unwrap();
    call(&office, &chief.token, reqwest::Method::POST, "/games/g2/events", Some(json!({"body": draw["body"]}))).await;
    let after = call(&office, &chief.token, reqwest::Method::GET, "/queue", None).await;
    assert_eq!(after.as_array().unwrap().len(), 1, "{after:#}");
    assert_eq!(
        after[0]["game"], "g1",
        "nothing left of table 2: the clocks stopped while waiting are no after-result fact"
    );

    // The story of the decided dispute, step by step, with who and when.
    let story =
        call(&office, &chief.token, reqwest::Method::GET, &format!("/games/g2/incidents/{}/story", moved.id), None)
            .await;
    let steps: Vec<(&str, &str, &str, bool)> = story["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["kind"].as_str().unwrap(),
                s["by"]["name"].as_str().unwrap(),
                s["ruling"].as_str().unwrap_or("-"),
                s["in_force"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        steps,
        [("recorded", "王裁判", "-", false), ("escalated", "王裁判", "-", false), ("ruled", "刘裁判长", "draw", true)]
    );
    assert_eq!(story["steps"][0]["note"], "黑方称白方碰动了两子");
    assert_eq!(story["steps"][1]["to"], "chief_arbiter");
    assert!(story["options"].as_array().unwrap().is_empty(), "nothing open on it any more");

    // Table 1: the chief arbiter replaces the referee's warning with advice; Black appeals to
    // the committee. The story keeps the warning, marked as replaced by the chief's ruling; the
    // committee's story offers upholding, annulling or overturning, each previewed.
    let advice = card_option(&call(&office, &chief.token, reqwest::Method::GET, "/queue", None).await, "g1", "advice");
    call(&office, &chief.token, reqwest::Method::POST, "/games/g1/events", Some(json!({"body": advice}))).await;
    let appeal = tablet
        .record(1, EventBody::AppealFiled { incident: noise.id, by: Colour::Black, grounds: "白方未发出声音".into() });
    tablet.settle().await;
    let committee = office.enroll_as("cmte-zhou", "周主任", Role::Committee, "desk-zhou").await;
    // The committee's card still says who escalated it, though the escalation was decided.
    let desk = call(&office, &committee.token, reqwest::Method::GET, "/queue", None).await;
    assert_eq!((desk[0]["kind"].as_str(), desk[0]["escalated"]["name"].as_str()), (Some("appeal"), Some("王裁判")));
    assert_eq!(desk[0]["appeal"]["grounds"], "白方未发出声音");
    let story =
        call(&office, &committee.token, reqwest::Method::GET, &format!("/games/g1/incidents/{}/story", noise.id), None)
            .await;
    let kinds: Vec<&str> = story["steps"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["recorded", "escalated", "ruled", "appealed"]);
    let recorded = &story["steps"][0];
    assert_eq!((recorded["ruling"].as_str(), recorded["in_force"].as_bool()), (Some("warning"), Some(false)));
    assert_eq!(recorded["superseded_by"], story["steps"][2]["event"], "the warning was replaced by the chief's advice");
    assert_eq!(story["steps"][2]["in_force"], true);
    assert_eq!(
        (story["steps"][3]["appellant"].as_str(), story["steps"][3]["note"].as_str()),
        (Some("black"), Some("白方未发出声音"))
    );
    assert_eq!(story["steps"][3]["event"].as_str(), Some(appeal.id.to_string().as_str()));
    let decisions: Vec<&str> = story["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["body"]["data"]["decision"]["decision"].as_str().unwrap())
        .collect();
    assert_eq!(&decisions[..2], ["upheld", "annulled"]);
    assert!(decisions[2..].iter().all(|d| *d == "overturned") && decisions.len() > 2, "{decisions:?}");
    // The chief arbiter reads the same story with nothing to decide: the appeal is the committee's.
    let chiefs =
        call(&office, &chief.token, reqwest::Method::GET, &format!("/games/g1/incidents/{}/story", noise.id), None)
            .await;
    assert!(chiefs["options"].as_array().unwrap().is_empty());
    // An unknown incident is a 404 that says so.
    let r = office
        .http()
        .get(format!("{}{API_PREFIX}/games/g1/incidents/{}/story", office.url, moved.id))
        .bearer_auth(&chief.token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
    assert!(r.text().await.unwrap().contains("no incident"));

    // The referee sees what is open (the appeal), with nothing to decide on it.
    let theirs = call(&office, &referee.token, reqwest::Method::GET, "/queue", None).await;
    assert_eq!(theirs.as_array().unwrap().len(), 1);
    assert_eq!(theirs[0]["kind"], "appeal");
    assert!(theirs.as_array().unwrap().iter().all(|c| c["options"].as_array().unwrap().is_empty()));
    office.shutdown().await;
}

/// The body of the option giving `ruling` on `game`'s card.
fn card_option(queue: &Value, game: &str, ruling: &str) -> Value {
    let card = queue
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["game"] == game)
        .unwrap_or_else(|| panic!("no card for {game}: {queue:#}"));
    let option = card["options"].as_array().unwrap().iter().find(|o| o["ruling"] == ruling);
    option.unwrap_or_else(|| panic!("no {ruling} on {game}: {card:#}"))["body"].clone()
}

/// A ko recaptured at once on a 19×19 board (第二十条一): the shape is built in the lower left,
/// Black takes at C2 (move 9) and White retakes at B2 at once (move 10); play went on one move.
pub const KO_RECORD: &str = "(;GM[1]FF[4]SZ[19];B[bq];W[cq];B[ar];W[br];B[bs];W[dr];B[ki];W[cs];B[cr];W[br];B[pd])";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_attached_to_an_incident_shows_the_move_checked_and_the_board() {
    let office = Office::start("desk-record").await;
    office.register_players(&[("p1", "李明", Rank::Dan(5)), ("p2", "陈静", Rank::Dan(4))]);
    office.schedule(1);
    let referee = office.enroll_as("ref-wang", "王裁判", Role::Referee, "tab-wang").await;
    let chief = office.enroll_as("chief-liu", "刘裁判长", Role::ChiefArbiter, "desk-liu").await;
    let tablet = Device::new("desk-record-tab", &referee, &office.endpoint(), |_| {});
    tablet.record(1, EventBody::ClockStarted);
    let ko = tablet.record(
        1,
        EventBody::IncidentRecorded {
            incident: Incident::KoRecapture {
                offender: Colour::White,
                point: Some("B2".parse().unwrap()),
                objection: None,
            },
            ruling: None,
            note: Some("黑方称白方立即提回".into()),
        },
    );
    tablet.record(1, EventBody::Escalated { incident: ko.id, to: Role::ChiefArbiter, note: None });
    // No move named: the core finds the record's first illegal move.
    tablet.record(1, EventBody::RecordAttached { incident: ko.id, sgf: KO_RECORD.into(), move_no: None });
    tablet.settle().await;

    let path = format!("/games/g1/incidents/{}/story", ko.id);
    let story = call(&office, &chief.token, reqwest::Method::GET, &path, None).await;
    let kinds: Vec<&str> = story["steps"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["recorded", "escalated", "attached"]);
    assert_eq!(story["steps"][2]["by"]["name"], "王裁判");
    let record = &story["record"];
    assert_eq!(record["moves"], 11);
    let check = &record["check"];
    assert_eq!(
        (check["move_no"].as_u64(), check["colour"].as_str(), check["point"].as_str()),
        (Some(10), Some("white"), Some("B2"))
    );
    assert_eq!(check["moves_after"], 1);
    assert_eq!(check["verdict"]["verdict"], "illegal");
    assert_eq!(check["verdict"]["article"], "20.1", "{check:#}");
    assert_eq!(check["verdict"]["incident"]["type"], "ko_recapture");
    // The board is the position just before move 10: Black's C2 has taken White's B2.
    let points = |c: &str| -> Vec<String> {
        let mut v: Vec<String> =
            record["board"][c].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
        v.sort();
        v
    };
    assert_eq!(points("black"), ["A2", "B1", "B3", "C2", "L11"]);
    assert_eq!(points("white"), ["C1", "C3", "D2"]);
    assert_eq!(record["board"]["captured_by_black"], 1);
    assert_eq!(record["problem"], Value::Null);

    // The chief attaches it again naming move 9: the latest record is the one shown.
    let body = json!({"kind": "record_attached", "data": {"incident": ko.id, "sgf": KO_RECORD, "move_no": 9}});
    call(&office, &chief.token, reqwest::Method::POST, "/games/g1/events", Some(json!({ "body": body }))).await;
    let story = call(&office, &chief.token, reqwest::Method::GET, &path, None).await;
    assert_eq!(story["steps"].as_array().unwrap().len(), 4);
    assert_eq!(story["steps"][3]["by"]["name"], "刘裁判长");
    assert_eq!(
        (story["record"]["check"]["move_no"].as_u64(), story["record"]["check"]["verdict"]["verdict"].as_str()),
        (Some(9), Some("legal"))
    );
    assert_eq!(story["record"]["board"]["white"].as_array().unwrap().len(), 4, "B2 still on the board before move 9");

    // Bad records are refused with what is wrong, and nothing is recorded.
    let refuse = |data: Value| {
        let office = &office;
        let token = chief.token.clone();
        async move {
            let r = office
                .http()
                .post(format!("{}{API_PREFIX}/games/g1/events", office.url))
                .bearer_auth(token)
                .json(&json!({"body": {"kind": "record_attached", "data": data}}))
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        }
    };
    let (status, e) = refuse(json!({"incident": ko.id, "sgf": "(;GM[1]SZ[19];B[pd]", "move_no": 1})).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("invalid_field")), "{e}");
    assert!(e["message"].as_str().unwrap().contains("line 1"), "{e}");
    let (status, e) = refuse(json!({"incident": ko.id, "sgf": KO_RECORD, "move_no": 50})).await;
    assert_eq!(status, 400, "{e}");
    assert!(e["message"].as_str().unwrap().contains("no move 50"), "{e}");
    let (status, e) = refuse(json!({"incident": ko.id, "sgf": KO_RECORD, "move_no": 11})).await;
    assert!(status == 400 && e["message"].as_str().unwrap().contains("move 10"), "past an illegal move: {e}");
    let (status, e) = refuse(json!({"incident": "019a0000-0000-7000-8000-000000000000", "sgf": KO_RECORD})).await;
    assert!((400..500).contains(&status), "{status} {e}");
    let huge = format!("(;GM[1]SZ[19]C[{}])", "x".repeat(70_000));
    let (status, e) = refuse(json!({"incident": ko.id, "sgf": huge})).await;
    assert!(status == 400 && e["message"].as_str().unwrap().contains("at most"), "{e}");
    let deep = format!("{}{}", "(;".repeat(5_000), ")".repeat(5_000));
    let (status, e) = refuse(json!({"incident": ko.id, "sgf": deep})).await;
    assert!(status == 400 && e["message"].as_str().unwrap().contains("nested"), "{e}");
    let story = call(&office, &chief.token, reqwest::Method::GET, &path, None).await;
    assert_eq!(story["steps"].as_array().unwrap().len(), 4, "nothing refused was recorded");
    office.shutdown().await;
}

//! Table links (第二十一条, docs/players.md): the organiser mints one per game of a round; a
//! phone with no account opens its game's page with it — names, ranks and clubs, no ids — and
//! nothing else. A guessed link is a 404 counted at the door (then the address waits, then is
//! locked out), a link of a round that is over is a 410, a minted-again link replaces the old,
//! a replayed mint answers the same. Real office on loopback; the door's waits shortened.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::event::EventBody;
use arbiter_core::model::{Author, DeviceId, Game, PersonId, PlayerId, Rank, Role, TimeControl};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_office::door::Door;
use arbiter_office::limits::Policy;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::*;
use serde_json::Value;

fn from(office: &Office, last: u8) -> reqwest::Client {
    office.http_builder().local_address(IpAddr::from([127, 0, 0, last])).build().unwrap()
}

async fn mint(office: &Office, token: &str, round: u16, key: Option<&str>) -> (u16, Value) {
    let mut r = office.http().post(format!("{}{API_PREFIX}/rounds/{round}/table-links", office.url)).bearer_auth(token);
    if let Some(k) = key {
        r = r.header("Idempotency-Key", k);
    }
    let resp = r.send().await.unwrap();
    (resp.status().as_u16(), resp.json().await.unwrap())
}

async fn open(client: &reqwest::Client, office: &Office, token: &str) -> (u16, Value) {
    let resp = client.get(format!("{}{API_PREFIX}/table/{token}", office.url)).send().await.unwrap();
    (resp.status().as_u16(), resp.json().await.unwrap())
}

/// Every string anywhere in `v`.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| {
            out.push(k.clone());
            strings(x, out);
        }),
        _ => {}
    }
}

/// Schedules round 2's first game (p1 against p3) as the organiser's pairing would.
fn pair_round_two(office: &Office) {
    let organiser = Author {
        device: DeviceId::new("office-t1").unwrap(),
        person: PersonId::new("organiser").unwrap(),
        role: Role::Organiser,
    };
    let g = Game {
        id: game(101),
        round: 2,
        table: 1,
        black: PlayerId::new("p3").unwrap(),
        white: PlayerId::new("p1").unwrap(),
        ruleset: RulesetSpec::default(),
        time_control: TimeControl::reserved(60, 5),
        allowed_lateness_minutes: 15,
        handicap: 0,
        reason: None,
    };
    office
        .state
        .store
        .record_all(
            &tournament(),
            &organiser,
            vec![(Some(game(101)), EventBody::GameScheduled(g))],
            chrono::Utc::now(),
            &mut || Ok(random_from(9_901)),
        )
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_link_opens_its_own_game_only_while_its_round_is_played() {
    let mut state = AppState::open(&scratch("table-links")).unwrap();
    let policy =
        Policy { first_wait: Duration::from_millis(20), max_wait: Duration::from_millis(80), ..Policy::default() };
    state.door = Arc::new(Door::new(policy, state.store.keyspace(arbiter_office::door::KEYSPACE).unwrap()));
    let report = init_tournament(&state, tournament(), "测试杯".into(), RulesetSpec::default()).unwrap();
    let office = Office::serve(state, report.organiser_token).await;
    office.register_players(&[
        ("p1", "李明", Rank::Dan(3)),
        ("p2", "김민준", Rank::Kyu(1)),
        ("p3", "佐藤", Rank::Dan(1)),
        ("p4", "Anna Berg", Rank::Kyu(5)),
    ]);
    office.schedule(2);
    let org = office.organiser_token.clone();

    // Only the organiser mints; a referee is refused.
    let referee = office.enroll("ref-li", Role::Referee, "tab-li").await;
    let (status, body) = mint(&office, &referee.token, 1, None).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "{body}");
    let (status, body) = mint(&office, &org, 3, None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")), "an unpaired round: {body}");

    // One link per game, by table; a replayed mint (same Idempotency-Key) answers the same links.
    let (status, minted) = mint(&office, &org, 1, Some("mint-r1")).await;
    assert_eq!(status, 200, "{minted}");
    let links = minted["links"].as_array().unwrap().clone();
    assert_eq!(links.iter().map(|l| l["table"].as_u64().unwrap()).collect::<Vec<_>>(), [1, 2]);
    let (t1, t2) = (links[0]["token"].as_str().unwrap().to_owned(), links[1]["token"].as_str().unwrap().to_owned());
    assert_eq!(t1.len(), 26);
    assert_ne!(t1, t2);
    assert_eq!(links[0]["link"], format!("{}/t/{t1}", office.url));
    assert!(links[0]["qr_svg"].as_str().unwrap().starts_with("<?xml"), "{}", links[0]["qr_svg"]);
    let (status, replayed) = mint(&office, &org, 1, Some("mint-r1")).await;
    assert_eq!((status, &replayed), (200, &minted), "a replayed mint mints nothing new");

    // The phone opens table 2's game: names, ranks, colours, the game's terms; no id anywhere.
    let phone = from(&office, 3);
    let (status, page) = open(&phone, &office, &t2).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!((page["round"].as_u64(), page["table"].as_u64()), (Some(1), Some(2)));
    assert_eq!(page["tournament"], "测试杯");
    assert_eq!(page["black"]["name"], "佐藤");
    assert_eq!(page["white"]["name"], "Anna Berg");
    assert_eq!(page["white"]["rank"], "5k");
    assert_eq!(page["allowed_lateness_minutes"], 15);
    assert_eq!(page["warnings"], serde_json::json!({"black": 0, "white": 0}));
    assert_eq!(page["time_control"]["main_minutes"], 60);
    assert!(page["result"].is_null());
    let mut seen = Vec::new();
    strings(&page, &mut seen);
    for private in ["p3", "p4", "g2", "ref-li", "tab-li", "office-t1", "id", "device"] {
        assert!(!seen.iter().any(|s| s == private), "`{private}` is on the players' page: {page}");
    }
    // Opening is a read: asked again, the same page.
    assert_eq!(open(&phone, &office, &t2).await, (200, page.clone()));
    // The token is read case-blind (a phone's keyboard capitalises).
    assert_eq!(open(&phone, &office, &t2.to_ascii_lowercase()).await.0, 200);

    // The short address the QR code carries leads to the players' page.
    let no_redirects = office.http_builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let r = no_redirects.get(format!("{}/t/{t1}", office.url)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303);
    assert_eq!(r.headers()["location"], format!("/?table={t1}").as_str());

    // A guessed link: 404, counted at the door — the guesser waits, then is locked out, while
    // the phone at another address still opens its table.
    let guesser = from(&office, 2);
    let (mut answered, mut waits, mut locked) = (0, 0, false);
    for n in 0..400 {
        let (status, body) = open(&guesser, &office, &format!("{n:026}")).await;
        match (status, body["code"].as_str()) {
            (404, Some("unknown_table_link")) => answered += 1,
            (429, Some("too_many_attempts")) => {
                waits += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            (429, Some("locked_out")) => {
                locked = true;
                break;
            }
            other => panic!("unexpected answer {other:?}: {body}"),
        }
    }
    assert!(locked, "locked out within 400 guesses");
    assert_eq!(answered, policy.lock_after, "exactly the allowed number of guesses was answered");
    assert!(waits > 0);
    assert_eq!(open(&guesser, &office, &t1).await.0, 429, "locked out, even a real link gets no answer");
    assert_eq!(open(&phone, &office, &t1).await.0, 200);

    // Minted again (sheets reprinted): the old link of that table is gone, the other stands.
    let (status, again) = mint(&office, &org, 1, None).await;
    assert_eq!(status, 200, "{again}");
    let t1_new = again["links"][0]["token"].as_str().unwrap().to_owned();
    let (status, body) = open(&phone, &office, &t1).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_table_link")), "{body}");
    assert_eq!(open(&phone, &office, &t1_new).await.0, 200);

    // Round 2 is paired: round 1's links have ended (410), and round 1 gets no new ones.
    pair_round_two(&office);
    let (status, body) = open(&phone, &office, &t1_new).await;
    assert_eq!((status, body["code"].as_str()), (410, Some("table_link_gone")), "{body}");
    // Said to the player in each language, the round named.
    assert_eq!(
        body["said"]["ko"],
        "제1라운드는 끝났습니다. 이 링크는 더 이상 쓸 수 없습니다. 지금 라운드의 대진은 대회장 게시판을 보세요"
    );
    assert_eq!(body["said"]["zh"], "第 1 轮已结束，这个链接不再有效：本轮对阵请看大厅的公告板");
    assert!(body["message"].as_str().unwrap().contains("round 1 is over"), "{body}");
    let (status, body) = mint(&office, &org, 1, None).await;
    assert_eq!((status, body["code"].as_str()), (410, Some("table_link_gone")), "{body}");
    let (status, r2) = mint(&office, &org, 2, None).await;
    assert_eq!(status, 200, "{r2}");
    let (status, page2) = open(&phone, &office, r2["links"][0]["token"].as_str().unwrap()).await;
    assert_eq!((status, page2["round"].as_u64(), &page2["black"]["name"]), (200, Some(2), &Value::from("佐藤")));
    office.shutdown().await;
}

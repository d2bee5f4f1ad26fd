//! A league's venues forward to a central office: a central office on PostgreSQL,
//! two venue offices on sled, each enrolled at the centre as a device of role `office`. The
//! league sets the schedule, the officials and the venues centrally; each venue pulls them down,
//! its referees enroll there, and what they record goes up exactly once — also after the venue
//! was offline. The centre refuses, and logs, what a venue may not write.

use arbiter_core::event::{wire, EventBody};
use arbiter_core::model::{Colour, Role};
use arbiter_core::rules::{Incident, RulesetSpec, Ruling};
use arbiter_core::sync::protocol::{PushResponse, PushStatus, API_PREFIX};
use arbiter_office::error::{OfficeError, RequestFault};
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::league::*;
use arbiter_tests::pg::PgCluster;
use arbiter_tests::*;

fn warning(c: Colour) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn venues_forward_their_matches_once_even_after_an_outage_and_nothing_else() {
    let pg = PgCluster::start("league");
    let state = AppState::open_on(&scratch("league-central"), Some(&pg.url())).unwrap();
    let report = init_tournament(&state, tournament(), "围甲联赛 2026".into(), RulesetSpec::default()).unwrap();
    let central = Office::serve(state, report.organiser_token.clone()).await;
    let org = report.organiser_token.clone();
    // Round 1: four boards; boards 1–2 at Hangzhou, 3–4 at Shanghai.
    let players: Vec<(String, String)> = (1..=8).map(|i| (format!("p{i}"), format!("棋手{i}"))).collect();
    let rank = arbiter_core::model::Rank::Dan(5);
    central.register_players(&players.iter().map(|(id, name)| (id.as_str(), name.as_str(), rank)).collect::<Vec<_>>());
    central.schedule(4);
    // An earlier event of the association where p1 played at 3 dan.
    let earlier = arbiter_core::model::TournamentId::new("cup-2025").unwrap();
    init_tournament(&central.state, earlier.clone(), "2025 城市杯".into(), RulesetSpec::default()).unwrap();
    let p1 = arbiter_core::model::Player {
        id: arbiter_core::model::PlayerId::new("p1").unwrap(),
        name: "棋手1".into(),
        rank: arbiter_core::model::Rank::Dan(3),
        club: None,
        team: None,
        board: None,
        opengotha: None,
    };
    central
        .state
        .store
        .record(
            earlier,
            None,
            central.state.office_author.clone(),
            EventBody::PlayerRegistered(p1),
            chrono::Utc::now(),
            random_from(4_242),
        )
        .unwrap();
    let hz_code = central.code_for("venue-hz", Role::Office).await;
    let sh_code = central.code_for("venue-sh", Role::Office).await;
    post(&central, &org, "/venues", serde_json::json!({"venue": "venue-hz", "round": 1, "tables": [1, 2]})).await;
    post(&central, &org, "/venues", serde_json::json!({"venue": "venue-sh", "round": 1, "tables": [3, 4]})).await;
    // The league registers the referees; each venue issues its own codes.
    for r in ["ref-li", "ref-wu"] {
        central.issue(r, Role::Referee).await;
    }
    // A venue's code taken to a tablet, and a referee's code to `venue-join`: each refused
    // before it is spent.
    let tablet_try = central
        .http()
        .post(format!("{}{API_PREFIX}/enroll", central.url))
        .json(&serde_json::json!({"code": hz_code, "device": "tab-x", "label": "tab-x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(tablet_try.status(), 400);
    let body: serde_json::Value = tablet_try.json().await.unwrap();
    assert_eq!(body["code"], "invalid_role", "{body}");
    let referee_code = central.code_for("ref-zhao", Role::Referee).await;
    let wrong = arbiter_office::server::join_office(
        &scratch("venue-wrong"),
        &central.url,
        central.cert.unwrap(),
        &referee_code,
        &arbiter_core::model::DeviceId::new("venue-x").unwrap(),
    )
    .await
    .unwrap_err();
    assert!(wrong.to_string().contains("invalid_role") && wrong.to_string().contains("referee"), "{wrong}");
    let mut hz = Venue::join("venue-hz", &central, &hz_code).await;
    let sh = Venue::join("venue-sh", &central, &sh_code).await;
    // Only its own boards came down to each venue (and the set-up).
    assert!(hz.office.state.store.game_events(&tournament(), &game(1)).unwrap().len() == 1);
    assert!(hz.office.state.store.game_events(&tournament(), &game(3)).unwrap().is_empty());
    assert!(sh.office.state.store.game_events(&tournament(), &game(3)).unwrap().len() == 1);

    let li = hz.tablet("ref-li", "tab-li").await;
    let wu = sh.tablet("ref-wu", "tab-wu").await;
    // At Hangzhou, board 1: Black warned twice — the second warning loses the game (第二十五条二).
    let mut at_hz = vec![li.record(1, warning(Colour::Black)).id, li.record(1, warning(Colour::Black)).id];
    let at_sh =
        vec![wu.record(3, warning(Colour::White)).id, wu.record(3, EventBody::Resigned { by: Colour::White }).id];
    li.settle().await;
    wu.settle().await;
    for d in [&li, &wu] {
        // What came down through the venue (the league's set-up, the venue's key registrations)
        // verifies under the central office's key alone.
        assert!(d.client.status().forged.is_empty(), "{:?}", d.client.status().forged);
        assert_eq!(d.store.setup(&tournament()).unwrap().venues[&1].len(), 4, "the league's venues came down");
    }
    arrives(&central, &at_hz).await;
    arrives(&central, &at_sh).await;
    let g1 = central.state.store.game_state(&tournament(), &game(1)).unwrap().unwrap();
    let result = g1.result.as_ref().expect("board 1 decided at the centre");
    assert!(matches!(result.outcome, arbiter_core::rules::Outcome::Win { winner: Colour::White, .. }), "{result:?}");
    assert_eq!(result.article.to_string(), arbiter_core::rules::Article::Art25_2.to_string());

    // The venue keeps the centre's receipt of what it holds from each tablet it forwarded for
    // (kept once the centre's answer is read, a moment after the centre stored the events).
    let forwarder = hz.office.state.forwarder().unwrap().unwrap();
    let of_li = eventually("the centre's receipt for tab-li's two events, kept at the venue", secs(5), || {
        std::future::ready(
            forwarder.receipts().unwrap().into_iter().find(|r| r.signer.as_str() == "tab-li" && r.count >= 2),
        )
    })
    .await;
    assert!(of_li.holds() && of_li.office == central.state.office_key, "{of_li:?}");
    // Hangzhou loses its line to the centre and finishes its match: its hall goes on.
    hz.go_offline();
    at_hz.push(li.record(2, EventBody::Resigned { by: Colour::Black }).id);
    li.settle().await;
    // At the venue, waiting to be forwarded — and not at the centre.
    assert!(hz.office.state.store.get(at_hz.last().unwrap()).unwrap().is_some(), "at Hangzhou");
    let behind = arbiter_office::venue::forward_behind(&*hz.office.state.store).unwrap();
    assert!(behind >= 1, "the resignation waits at Hangzhou: {behind} behind");
    assert!(central.state.store.get(at_hz.last().unwrap()).unwrap().is_none(), "not forwarded while offline");
    hz.come_back();
    arrives(&central, &at_hz).await;

    // Every event recorded at a venue is at the centre once; Shanghai's are as it sent them.
    let all = central.state.store.all_events().unwrap();
    for id in at_hz.iter().chain(&at_sh) {
        assert_eq!(all.iter().filter(|e| e.id == *id).count(), 1, "{id} exactly once");
    }
    assert_eq!(
        central.state.store.game_events(&tournament(), &game(3)).unwrap(),
        sh.office.state.store.game_events(&tournament(), &game(3)).unwrap(),
        "Shanghai's board 3 is the same at the centre"
    );
    assert_eq!(central.state.store.game_events(&tournament(), &game(3)).unwrap().len(), 3);
    assert!(central.state.store.get(&at_sh[1]).unwrap().is_some());

    // What a venue may not write: Hangzhou forwarding a Shanghai board, another tournament, or
    // the league's set-up. Each refused and in the centre's refusal log.
    let up = hz.office.state.upstream.clone().unwrap();
    let mut forged_board = li.store.get(&at_hz[0]).unwrap().unwrap();
    forged_board.game = Some(game(3));
    forged_board.id = arbiter_core::model::EventId::from_parts(1_795_000_000_000, random_from(77));
    let mut other_tournament = forged_board.clone();
    other_tournament.tournament = arbiter_core::model::TournamentId::new("t-other").unwrap();
    other_tournament.game = Some(game(1));
    let mut setup = forged_board.clone();
    setup.game = None;
    setup.body = EventBody::RoundScheduled { round: 2, starts_at: chrono::Utc::now() };
    for (e, why) in
        [(forged_board, "is played at"), (other_tournament, "forwards"), (setup, "central office's to record")]
    {
        let r = central
            .http()
            .post(format!("{}{API_PREFIX}/events", central.url))
            .bearer_auth(&up.token)
            .json(&serde_json::json!({"events": [serde_json::value::RawValue::from_string(wire::encode(&e)).unwrap()]}))
            .send()
            .await
            .unwrap();
        let answer: PushResponse = r.json().await.unwrap();
        assert_eq!(answer.results[0].status, PushStatus::Rejected, "{answer:?}");
        assert!(answer.results[0].message.as_deref().unwrap_or_default().contains(why), "{answer:?}");
    }
    let refusals = central.get_json("/refusals?limit=100", &org).await;
    let by_hz = refusals.as_array().unwrap().iter().filter(|r| r["device"] == "venue-hz").count();
    assert!(by_hz >= 3, "{refusals}");

    // One admission rule: what the centre would refuse, the venue refuses up front.
    // An older build (no signing key) cannot enroll at a venue; told why, and the code is kept.
    let push_to = |office: &Office, token: &str, e: &arbiter_core::event::Event| {
        let r = office
            .http()
            .post(format!("{}{API_PREFIX}/events", office.url))
            .bearer_auth(token)
            .json(&serde_json::json!({"events": [serde_json::value::RawValue::from_string(wire::encode(e)).unwrap()]}))
            .send();
        async move { r.await.unwrap().json::<PushResponse>().await.unwrap() }
    };
    let code =
        post(&hz.office, &hz.office.organiser_token, "/enrollment-codes", serde_json::json!({"person": "ref-li"}))
            .await["code"]
            .as_str()
            .unwrap()
            .to_owned();
    let old_build = hz
        .office
        .http()
        .post(format!("{}{API_PREFIX}/enroll", hz.office.url))
        .json(&serde_json::json!({"code": code, "device": "tab-old", "label": "tab-old"}))
        .send()
        .await
        .unwrap();
    assert_eq!(old_build.status(), 400);
    let body: serde_json::Value = old_build.json().await.unwrap();
    assert_eq!(body["code"], "key_required", "{body}");
    assert!(body["message"].as_str().unwrap().contains("update the app"), "{body}");
    // A device enrolled without a key before the venue joined the league: its unsigned events
    // are refused at the venue with the centre's reason, naming it.
    let legacy = hz
        .office
        .state
        .accounts
        .enroll(&code, &arbiter_core::model::DeviceId::new("tab-old").unwrap(), "tab-old", None, chrono::Utc::now())
        .unwrap();
    let mut unsigned = li.store.get(&at_hz[0]).unwrap().unwrap();
    unsigned.id = arbiter_core::model::EventId::from_parts(1_795_000_000_000, random_from(78));
    unsigned.author.device = arbiter_core::model::DeviceId::new("tab-old").unwrap();
    (unsigned.sig, unsigned.prev) = (None, None);
    let answer = push_to(&hz.office, &legacy.token, &unsigned).await;
    let r = &answer.results[0];
    assert_eq!((r.status, r.code.as_deref()), (PushStatus::Rejected, Some("key_required")), "{answer:?}");
    assert!(r.message.as_deref().unwrap().contains("by device tab-old is unsigned"), "{answer:?}");
    // The centre gives the same reason for an unsigned event a venue forwards, naming the
    // device that recorded it as well as the forwarder.
    let mut by_li = unsigned.clone();
    by_li.author.device = arbiter_core::model::DeviceId::new("tab-li").unwrap();
    let answer = push_to(&central, &up.token, &by_li).await;
    let r = &answer.results[0];
    assert_eq!((r.status, r.code.as_deref()), (PushStatus::Rejected, Some("key_required")), "{answer:?}");
    assert!(
        r.message.as_deref().unwrap().contains("by device tab-li (forwarded by venue-hz) is unsigned"),
        "{answer:?}"
    );

    // The association's record of p1 (Black on board 1) at the centre: both events it entered,
    // at the rank of each; the two warnings and the loss they cost (第二十五条二).
    let get = |path: &str| {
        let r = central.http().get(format!("{}{API_PREFIX}{path}", central.url)).bearer_auth(&org).send();
        async move { r.await.unwrap() }
    };
    let record: serde_json::Value = get("/league/players/p1").await.json().await.unwrap();
    let ranks: Vec<&str> =
        record["entry"]["entries"].as_array().unwrap().iter().map(|e| e["rank"].as_str().unwrap()).collect();
    assert_eq!(ranks.len(), 2, "{record}");
    assert!(ranks.contains(&"3d") && ranks.contains(&"5d"), "{record}");
    assert_eq!(record["entry"]["warnings"], 2, "{record}");
    assert_eq!(record["entry"]["losses_by_penalty"], 1, "{record}");
    let marks: Vec<&str> =
        record["discipline"].as_array().unwrap().iter().map(|d| d["mark"].as_str().unwrap()).collect();
    assert_eq!(marks.iter().filter(|m| **m == "warning").count(), 2, "{record}");
    assert!(marks.contains(&"loss_by_penalty"), "{record}");
    let p3: serde_json::Value = get("/league/players/p3").await.json().await.unwrap();
    assert!(
        p3["discipline"].as_array().unwrap().is_empty(),
        "Hangzhou's second board: a resignation is not a penalty: {p3}"
    );
    let csv = get("/league/discipline.csv").await.text().await.unwrap();
    assert!(csv.starts_with("player,name,tournament,game,round,colour,mark,article,what,at,event\n"), "{csv}");
    assert_eq!(csv.lines().filter(|l| l.starts_with("p1,")).count(), 3, "{csv}");
    assert!(csv.contains("第二十五条二"), "{csv}");
    let unknown = get("/league/players/nobody").await;
    assert_eq!(unknown.status(), 404);

    // Nothing refused is silent: a board reassigned at the centre while Hangzhou was
    // offline, an appeal recorded there on it meanwhile. The centre refuses it; the venue lists
    // the refusal under the referee's device, counts it in /health, and once the board is
    // Hangzhou's again its organiser resends it and the centre admits it.
    hz.go_offline();
    post(&central, &org, "/venues", serde_json::json!({"venue": "venue-sh", "round": 1, "tables": [1]})).await;
    let appeal =
        li.record(1, EventBody::AppealFiled { incident: at_hz[1], by: Colour::Black, grounds: "手机未响".into() });
    li.settle().await;
    hz.come_back();
    let health = |office: &Office| {
        let r = office.http().get(format!("{}{API_PREFIX}/health", office.url)).send();
        async move { r.await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    let hz_office = &hz.office;
    eventually("Hangzhou counting the record the centre refused", secs(10), || async move {
        (health(hz_office).await["refused_upstream"] == 1).then_some(())
    })
    .await;
    assert!(health(&central).await["refusals"].as_u64().unwrap() >= 4, "the centre counts what it refused");
    let at_venue = hz.office.get_json("/refusals?limit=10", &hz.office.organiser_token).await;
    let listed = at_venue.as_array().unwrap().iter().find(|r| r["event"] == appeal.id.to_string()).unwrap().clone();
    assert_eq!((listed["upstream"].as_bool(), listed["device"].as_str()), (Some(true), Some("tab-li")), "{listed}");
    assert!(listed["message"].as_str().unwrap().contains("venue-sh"), "{listed}");
    assert!(central.state.store.get(&appeal.id).unwrap().is_none());
    let resend = |office: &Office, body: serde_json::Value| {
        let r = office
            .http()
            .post(format!("{}{API_PREFIX}/refusals/resend", office.url))
            .bearer_auth(office.organiser_token.clone())
            .json(&body)
            .send();
        async move {
            let r = r.await.unwrap();
            (r.status().as_u16(), r.json::<serde_json::Value>().await.unwrap())
        }
    };
    // Sent again before the cause is fixed: refused again, still counted.
    let (status, again) = resend(&hz.office, serde_json::json!({"event": appeal.id})).await;
    assert_eq!((status, again["status"].as_str()), (200, Some("rejected")), "{again}");
    post(&central, &org, "/venues", serde_json::json!({"venue": "venue-hz", "round": 1, "tables": [1]})).await;
    let (status, admitted) = resend(&hz.office, serde_json::json!({"event": appeal.id})).await;
    assert_eq!((status, admitted["status"].as_str()), (200, Some("accepted")), "{admitted}");
    assert!(central.state.store.get(&appeal.id).unwrap().is_some(), "the appeal is at the centre");
    assert_eq!(health(&hz.office).await["refused_upstream"], 0);
    let (status, unknown) = resend(&hz.office, serde_json::json!({"event": at_hz[0]})).await;
    assert_eq!((status, unknown["code"].as_str()), (404, Some("not_found")), "{unknown}");
    let (status, not_venue) = resend(&central, serde_json::json!({"event": at_hz[0]})).await;
    assert_eq!((status, not_venue["code"].as_str()), (400, Some("not_a_venue")), "{not_venue}");

    // A join cut short after enrolling is finished by running it again; once done, it says so.
    let bj_code = central.code_for("venue-bj", Role::Office).await;
    let bj = scratch("venue-bj");
    let device = arbiter_core::model::DeviceId::new("venue-bj").unwrap();
    arbiter_office::venue::join(&bj, &central.url, central.cert.unwrap(), &bj_code, &device).await.unwrap();
    let done =
        arbiter_office::server::join_office(&bj, &central.url, central.cert.unwrap(), "spent", &device).await.unwrap();
    assert!(done.organiser_token.starts_with("wa1_"));
    let again = arbiter_office::server::join_office(&bj, &central.url, central.cert.unwrap(), "spent", &device)
        .await
        .unwrap_err();
    assert!(matches!(again, OfficeError::BadRequest { what: RequestFault::AlreadyJoined, .. }), "{again:?}");
    hz.go_offline();
    let mut sh = sh;
    sh.go_offline();
}

//! Running a whole event from a real office on 127.0.0.1: the organiser sets it up, imports
//! players, pairs rounds (第二十七条); a referee's tablet records a second warning (第二十五条二)
//! through the real sync client; results are entered (第十三条一); the standings count the loss
//! and the warnings (第二十八条 B); the chief arbiter overrides a pairing with a reason
//! (第三十一条四) and previews what a ruling would do to the standings; exports read back; the
//! hall's public board needs no token. Bad input is refused with `{code, message}` and
//! stores nothing.

use arbiter_core::event::EventBody;
use arbiter_core::interop::opengotha;
use arbiter_core::model::{Colour, GameId, Role};
use arbiter_core::rules::{Incident, Ruling};
use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_tests::*;
use serde_json::{json, Value};

/// Calls on an office's API as whoever holds the token given (shared with the registration desk's
/// tests).
pub(crate) struct Http<'a> {
    pub(crate) office: &'a Office,
}

impl Http<'_> {
    pub(crate) async fn call(
        &self,
        method: reqwest::Method,
        token: Option<&str>,
        path: &str,
        body: Option<Value>,
        text: Option<&str>,
    ) -> (u16, String) {
        let mut r = self.office.http().request(method, format!("{}{API_PREFIX}{path}", self.office.url));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        if let Some(b) = body {
            r = r.json(&b);
        }
        if let Some(t) = text {
            r = r.body(t.to_owned());
        }
        let resp = r.send().await.unwrap();
        (resp.status().as_u16(), resp.text().await.unwrap())
    }

    async fn ok(&self, method: reqwest::Method, token: &str, path: &str, body: Option<Value>) -> Value {
        let (s, text) = self.call(method, Some(token), path, body, None).await;
        assert!((200..300).contains(&s), "{path}: {s} {text}");
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    }
}

use reqwest::Method as M;

/// Asserts a refusal: the status, the stable code, and that the message says `says`.
fn refusal((s, text): (u16, String), status: u16, code: &str, says: &str) {
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    assert_eq!((s, v["code"].as_str().unwrap_or("")), (status, code), "{text}");
    assert!(v["message"].as_str().unwrap_or("").contains(says), "{text}");
}

fn players_of(setup: &Value) -> usize {
    setup["players"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_runs_a_swiss_event_and_the_ledger_reaches_the_standings() {
    let office = Office::start("tournament-office").await;
    let http = Http { office: &office };
    let org = office.organiser_token.clone();

    // Set-up (第二十七条 Swiss, 第十二条 time control, 第二十三条 lateness).
    let setup = json!({
        "name": "城市杯",
        "ruleset": {"preset": "chinese_1988", "komi": 3.75},
        "settings": {"begin": "2026-11-21", "end": "2026-11-22", "venue": "市棋院",
                     "time_control": {"main_minutes": 60, "reserved_minutes": 5},
                     "allowed_lateness_minutes": 15, "system": {"kind": "swiss"}, "rounds": 3}
    });
    let (s, text) = http.call(M::PUT, Some(&org), "/tournament", Some(setup.clone()), None).await;
    assert_eq!(s, 200, "{text}");
    refusal(
        http.call(M::PUT, Some(&org), "/tournament", Some(json!({"name": "", "ruleset": {"preset": "korean"}})), None)
            .await,
        400,
        "invalid_field",
        "name",
    );
    let mut late_end = setup.clone();
    late_end["settings"]["end"] = json!("2026-11-20");
    refusal(http.call(M::PUT, Some(&org), "/tournament", Some(late_end), None).await, 400, "out_of_range", "ends");
    // A time control in both wire forms at once, or an overtime no organiser means, is refused.
    let mut both = setup.clone();
    both["settings"]["time_control"]["overtime"] = json!({"system": "fischer", "seconds": 10});
    refusal(http.call(M::PUT, Some(&org), "/tournament", Some(both), None).await, 400, "out_of_range", "not both");
    let mut zero_periods = setup.clone();
    zero_periods["settings"]["time_control"] =
        json!({"main_minutes": 60, "overtime": {"system": "periods", "periods": 0, "seconds": 30}});
    refusal(
        http.call(M::PUT, Some(&org), "/tournament", Some(zero_periods), None).await,
        400,
        "out_of_range",
        "periods 1–60",
    );
    let mut four_game_match = setup.clone();
    four_game_match["settings"]["system"] = json!({"kind": "match", "best_of": 4});
    four_game_match["settings"]["rounds"] = json!(4);
    refusal(
        http.call(M::PUT, Some(&org), "/tournament", Some(four_game_match), None).await,
        400,
        "out_of_range",
        "3, 5, 7 or 10",
    );

    // Players: a bad paste stores nothing and names the line; a good one stores all.
    refusal(
        http.call(M::POST, Some(&org), "/players/import", None, Some("王一,3d\n李二,3x\n")).await,
        400,
        "bad_lines",
        "line 2",
    );
    assert_eq!(players_of(&http.ok(M::GET, &org, "/setup", None).await), 0);
    let csv = "姓名,段位,单位\n王一,5d,北京\n李二,4d,上海\n张三,3d,天津\n赵四,2d,北京\n钱五,1d,杭州\n";
    refusal(http.call(M::POST, Some(&org), "/players/import", None, Some("")).await, 400, "bad_lines", "no players");
    let (s, text) = http.call(M::POST, Some(&org), "/players/import", None, Some(csv)).await;
    assert_eq!(s, 200, "{text}");
    let one = http.ok(M::POST, &org, "/players", Some(json!({"name": "孙六", "rank": "5级", "club": "南京"}))).await;
    assert_eq!(one["id"], "p006");
    let setup_now = http.ok(M::GET, &org, "/setup", None).await;
    assert_eq!(players_of(&setup_now), 6);

    // Officials: a referee on tables 1–3, enrolled on a real tablet.
    let referee = office.enroll("ref-wang", Role::Referee, "tab-wang").await;
    http.ok(M::POST, &org, "/referees", Some(json!({"referee": "ref-wang", "tables": [1, 2, 3]}))).await;
    let chief = office.enroll("chief-liu", Role::ChiefArbiter, "tab-chief").await;
    refusal(
        http.call(M::PUT, Some(&referee.token), "/tournament", Some(setup.clone()), None).await,
        403,
        "forbidden",
        "set the tournament up",
    );

    // Round 1: the draw.
    let sheet = http.ok(M::POST, &org, "/rounds/1/pair", None).await;
    let boards = sheet["boards"].as_array().unwrap().clone();
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0]["referee"]["id"], "ref-wang");
    refusal(http.call(M::POST, Some(&org), "/rounds/1/pair", None, None).await, 409, "conflict", "already paired");
    refusal(http.call(M::POST, Some(&org), "/rounds/2/pair", None, None).await, 400, "out_of_range", "no result yet");

    // Table 1: the referee's tablet records two warnings to Black (第二十四条二, 第二十五条二).
    let t1: GameId = boards[0]["game"].as_str().unwrap().parse().unwrap();
    let black1 = boards[0]["black"]["id"].as_str().unwrap().to_owned();
    let tablet = Device::new("tournament-tab", &referee, &office.endpoint(), |_| {});
    let warn = || EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: Colour::Black },
        ruling: Some(Ruling::Warning),
        note: None,
    };
    tablet.record_on(&t1, EventBody::ClockStarted);
    tablet.record_on(&t1, warn());
    tablet.record_on(&t1, warn());
    tablet.settle().await;
    // Tables 2 and 3: results entered at the office from the score sheets (White wins both).
    for b in &boards[1..] {
        let g = b["game"].as_str().unwrap();
        http.ok(
            M::POST,
            &org,
            &format!("/games/{g}/events"),
            Some(
                json!({"body": {"kind": "result_entered", "data": {"outcome": {"outcome": "win", "winner": "white"}}}}),
            ),
        )
        .await;
    }
    // A result entered on a game already decided is kept and flagged: the first result stands.
    let page = http
        .ok(
            M::POST,
            &org,
            &format!("/games/{t1}/events"),
            Some(json!({"body": {"kind": "result_entered", "data": {"outcome": {"outcome": "draw"}}}})),
        )
        .await;
    assert_eq!(page["state"]["result"]["reason"], "second_warning", "{}", page["state"]["result"]);
    assert_eq!(page["state"]["after_result"].as_array().map(Vec::len), Some(1));
    assert!(page["state"]["open"].as_array().unwrap().iter().any(|o| o["kind"] == "after_result"));
    // The organiser corrects only what an organiser entered; a ruling's result is the chief
    // arbiter's to correct (game::correction), and nothing is stored.
    let decided = page["state"]["result"]["event"].clone();
    let fix = json!({"body": {"kind": "result_corrected", "data": {
        "replaces": decided, "outcome": {"outcome": "draw"}, "cause": "wrong_entry", "why": "录错了"}}});
    refusal(
        http.call(M::POST, Some(&org), &format!("/games/{t1}/events"), Some(fix.clone()), None).await,
        400,
        "correction_refused",
        "organiser entered",
    );
    let mut no_reason = fix.clone();
    no_reason["body"]["data"]["why"] = json!(" ");
    refusal(
        http.call(M::POST, Some(&chief.token), &format!("/games/{t1}/events"), Some(no_reason), None).await,
        400,
        "correction_refused",
        "reason is needed",
    );
    let after = http.ok(M::GET, &org, &format!("/games/{t1}"), None).await;
    assert_eq!(after["state"]["corrections"], json!([]), "nothing stored");

    let standings = http.ok(M::GET, &org, "/standings", None).await;
    let row = |id: &str| standings["rows"].as_array().unwrap().iter().find(|r| r["player"] == id).unwrap().clone();
    let loser = row(&black1);
    assert_eq!(loser["values"][0]["value"], "0", "第二十五条二: the second warning lost the game: {loser}");
    assert_eq!(standings["criteria"], json!(["points", "opponents_term", "B"]));
    assert_eq!(loser["values"][2]["value"], "2", "B counts the two warnings from the ledger");
    assert!(standings["notes"][0]["en"].as_str().unwrap().contains("tie-break"));

    // Round 2, and the chief arbiter's override with a reason (第三十一条四).
    let sheet2 = http.ok(M::POST, &chief.token, "/rounds/2/pair", None).await;
    let b0 = sheet2["boards"][0].clone();
    let g = b0["game"].as_str().unwrap().to_owned();
    let swapped = json!({"black": b0["white"]["id"], "white": b0["black"]["id"], "reason": "颜色平衡"});
    refusal(
        http.call(M::PUT, Some(&org), &format!("/games/{g}/pairing"), Some(swapped.clone()), None).await,
        403,
        "forbidden",
        "chief arbiter",
    );
    let mut no_reason = swapped.clone();
    no_reason["reason"] = json!("  ");
    refusal(
        http.call(M::PUT, Some(&chief.token), &format!("/games/{g}/pairing"), Some(no_reason), None).await,
        400,
        "invalid_field",
        "reason",
    );
    let other = sheet2["boards"][1]["black"]["id"].clone();
    let clash = json!({"black": other, "white": b0["black"]["id"], "reason": "x"});
    refusal(
        http.call(M::PUT, Some(&chief.token), &format!("/games/{g}/pairing"), Some(clash), None).await,
        409,
        "conflict",
        "another table",
    );
    let after = http.ok(M::PUT, &chief.token, &format!("/games/{g}/pairing"), Some(swapped)).await;
    assert_eq!(after["boards"][0]["black"]["id"], b0["white"]["id"]);
    assert_eq!(after["boards"][0]["reason"], "颜色平衡");

    // The chief arbiter sees what a ruling would do before confirming: a loss by ruling on
    // table 1 of round 2 (第二十四条三) moves the standings; nothing is stored.
    let before_events = office.state.store.last_seq().unwrap();
    let incident = json!({"body": {"kind": "incident_recorded", "data": {"incident": {"type": "consulting", "facts": {"offender": "black"}}, "ruling": "offender_loses"}}});
    let preview = http.ok(M::POST, &chief.token, &format!("/games/{g}/preview-standings"), Some(incident)).await;
    let moves = preview["moves"].as_array().unwrap();
    let new_black = b0["white"]["id"].clone();
    let mover = moves.iter().find(|m| m["player"] == b0["black"]["id"]).unwrap_or_else(|| panic!("{preview}"));
    assert_ne!(mover["score_before"], mover["score_after"], "White's win adds to its points: {mover}");
    assert!(moves.iter().all(|m| m["player"] != new_black || m["score_before"] == m["score_after"]), "{preview}");
    let bad = json!({"body": {"kind": "incident_recorded", "data": {"incident": {"type": "disturbing", "facts": {"offender": "black"}}, "ruling": "offender_loses"}}});
    refusal(
        http.call(M::POST, Some(&chief.token), &format!("/games/{g}/preview-standings"), Some(bad), None).await,
        400,
        "ruling_not_allowed",
        "24.2",
    );
    assert_eq!(office.state.store.last_seq().unwrap(), before_events, "a preview stores nothing");

    // Exports: the OpenGotha file reads back with every player and game; the h9 and CSVs.
    let (s, xml) = http.call(M::GET, Some(&org), "/export/opengotha", None, None).await;
    assert_eq!(s, 200);
    let og = opengotha::parse(&xml).unwrap();
    assert_eq!((og.field.entrants.len(), og.field.games.len(), og.field.rounds), (6, 6, 3));
    let (s, h9) = http.call(M::GET, Some(&org), "/export/h9", None, None).await;
    // Players 孙六 and the rest are in Han: the EGD's ISO-8859-15 file is refused, naming them.
    assert!(s == 422 && h9.contains("not_in_latin_letters") && h9.contains("孙六"), "{h9}");
    let (s, csv) = http.call(M::GET, Some(&org), "/standings?format=csv", None, None).await;
    assert_eq!(s, 200);
    assert_eq!(csv.lines().count(), 7, "{csv}");
    let (s, csv) = http.call(M::GET, Some(&org), "/rounds/1/pairings?format=csv", None, None).await;
    assert_eq!((s, csv.lines().count()), (200, 4), "{csv}");
    let cross = http.ok(M::GET, &org, "/crosstable", None).await;
    assert_eq!(cross["rows"].as_array().unwrap().len(), 6);

    // The hall's board needs no token; other endpoints do.
    let (s, board) = http.call(M::GET, None, "/public/t1/board", None, None).await;
    assert_eq!(s, 200, "{board}");
    let board: Value = serde_json::from_str(&board).unwrap();
    assert_eq!((board["name"].as_str(), board["round"].as_u64()), (Some("城市杯"), Some(2)));
    refusal(http.call(M::GET, None, "/standings", None, None).await, 401, "unauthenticated", "Authorization");
    refusal(http.call(M::GET, None, "/public/nope/board", None, None).await, 404, "not_found", "nope");

    // Withdrawal (第二十九条) of an unknown player is refused; of a real one recorded.
    refusal(
        http.call(M::POST, Some(&org), "/players/p999/withdraw", Some(json!({"after_round": 1})), None).await,
        404,
        "not_found",
        "p999",
    );
    http.ok(M::POST, &org, "/players/p006/withdraw", Some(json!({"after_round": 2}))).await;
    assert_eq!(http.ok(M::GET, &org, "/setup", None).await["withdrawals"]["p006"], 2);
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opengotha_file_comes_in_and_the_event_goes_on() {
    let office = Office::start("og-import-office").await;
    let http = Http { office: &office };
    let org = office.organiser_token.clone();
    // A file made by this project's writer from an event of four players, one round played.
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201"><Players>
<Player name="Wang" firstName="Yi" rank="3D" club="BJ" rating="2300" participating="11" smmsCorrection="0"/>
<Player name="Li" firstName="Er" rank="1D" club="SH" rating="2100" participating="11" smmsCorrection="0"/>
<Player name="Zhang" firstName="San" rank="2K" club="TJ" rating="1900" participating="11" smmsCorrection="0"/>
<Player name="Zhao" firstName="Si" rank="5K" club="" rating="1600" participating="11" smmsCorrection="0"/>
</Players><Games>
<Game blackPlayer="LIER" whitePlayer="WANGYI" handicap="0" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1"/>
<Game blackPlayer="ZHAOSI" whitePlayer="ZHANGSAN" handicap="0" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="2"/>
</Games><TournamentParameterSet>
<GeneralParameterSet name="Open" basicTime="60" beginDate="2026-11-21" endDate="2026-11-21" genMMBar="3D" genMMFloor="20K" genMMZero="30K" numberOfRounds="2" location="Hall"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="SOSM" number="2"/></PlacementCriteria></PlacementParameterSet>
</TournamentParameterSet></Tournament>"#;
    refusal(
        http.call(M::POST, Some(&org), "/import/opengotha", None, Some("<Tournament")).await,
        400,
        "invalid_field",
        "XML",
    );
    // A count far beyond OpenGotha's own (it aborted the office before: "memory allocation of
    // 15999999996 bytes failed") is a 400 naming the field and the line, previewed or not;
    // nothing is stored, and the office answers on.
    let huge = xml.replace(" numberOfRounds=\"2\"", " numberOfRounds=\"2\" numberOfCategories=\"4000000000\"");
    assert_ne!(huge, xml);
    for path in ["/import/opengotha?preview=true", "/import/opengotha"] {
        let (s, text) = http.call(M::POST, Some(&org), path, None, Some(&huge)).await;
        refusal((s, text.clone()), 400, "over_bound", "numberOfCategories");
        assert!(text.contains("line 11"), "{text}");
        assert_eq!(players_of(&http.ok(M::GET, &org, "/setup", None).await), 0, "nothing stored");
    }
    let (s, text) = http.call(M::POST, Some(&org), "/import/opengotha", None, Some(xml)).await;
    assert_eq!(s, 200, "{text}");
    let r: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((r["players"].as_u64(), r["games"].as_u64()), (Some(4), Some(2)));
    refusal(
        http.call(M::POST, Some(&org), "/import/opengotha", None, Some(xml)).await,
        409,
        "conflict",
        "already has 4 players",
    );
    // The set-up came in (McMahon, 2 rounds); lateness is the organiser's to set before pairing.
    let setup = http.ok(M::GET, &org, "/setup", None).await;
    assert_eq!(setup["tournament"]["settings"]["system"]["kind"], "mcmahon");
    refusal(http.call(M::POST, Some(&org), "/rounds/2/pair", None, None).await, 400, "setup_incomplete", "lateness");
    let mut t = setup["tournament"].clone();
    t["settings"]["allowed_lateness_minutes"] = json!(15);
    let put = |t: &Value| Some(json!({"name": t["name"], "ruleset": t["ruleset"], "settings": t["settings"]}));
    // OpenGotha's pairing parameters are the organiser's to set; a bad one is refused by name.
    let mut bad = t.clone();
    bad["settings"]["system"]["pairing"] = json!({"dudd_weight": -5});
    refusal(http.call(M::PUT, Some(&org), "/tournament", put(&bad), None).await, 400, "out_of_range", "dudd_weight");
    let mut unknown = t.clone();
    unknown["settings"]["system"]["pairing"] = json!({"dud_weight": 5});
    refusal(
        http.call(M::PUT, Some(&org), "/tournament", put(&unknown), None).await,
        400,
        "invalid_field",
        "dud_weight",
    );
    http.ok(M::PUT, &org, "/tournament", put(&t)).await;
    let sheet = http.ok(M::POST, &org, "/rounds/2/pair", None).await;
    assert_eq!(sheet["boards"].as_array().unwrap().len(), 2);
    // Between rounds the pairing and handicap parameters may be tuned (they steer only rounds
    // to come); the bar, which ranks the rounds played, may not.
    let mut tuned = t.clone();
    tuned["settings"]["system"]["handicap"] =
        json!({"based_on_mms": false, "no_handicap_rank_threshold": -30, "correction": 0, "ceiling": 0});
    http.ok(M::PUT, &org, "/tournament", put(&tuned)).await;
    let stored = http.ok(M::GET, &org, "/setup", None).await;
    assert_eq!(stored["tournament"]["settings"]["system"]["handicap"]["ceiling"], 0);
    let mut rebar = tuned.clone();
    rebar["settings"]["system"]["bar"] = json!("1d");
    refusal(
        http.call(M::PUT, Some(&org), "/tournament", put(&rebar), None).await,
        409,
        "conflict",
        "can no longer change",
    );
    // No rematch: round 1's pairs do not meet again.
    for b in sheet["boards"].as_array().unwrap() {
        let pair = [b["black"]["name"].as_str().unwrap(), b["white"]["name"].as_str().unwrap()];
        assert!(!(pair.contains(&"Li Er") && pair.contains(&"Wang Yi")), "{sheet}");
    }
    // Ranked by the file's own criteria.
    let standings = http.ok(M::GET, &org, "/standings", None).await;
    assert_eq!(standings["criteria"], json!(["MMS", "SOSM"]));
    office.shutdown().await;
}

/// OpenGotha's per-round absences: a file's come in as events, with what an absence is worth,
/// the McMahon zero and the file's criteria; the organiser sets more on the players page; a round pairs everyone
/// but the absent; a round already paired keeps its absences; bad input is refused by name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn absences_come_in_with_a_file_and_the_organiser_sets_more() {
    let office = Office::start("og-absences-office").await;
    let http = Http { office: &office };
    let org = office.organiser_token.clone();
    // Five players, three rounds; Zhao misses round 2; round 1 played with Zhao's bye.
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201"><Players>
<Player name="Wang" firstName="Yi" rank="3D" club="BJ" rating="2300" participating="111" smmsCorrection="0"/>
<Player name="Li" firstName="Er" rank="1D" club="SH" rating="2100" participating="111" smmsCorrection="0"/>
<Player name="Zhang" firstName="San" rank="2K" club="TJ" rating="1900" participating="111" smmsCorrection="0"/>
<Player name="Sun" firstName="Wu" rank="4K" club="GZ" rating="1700" participating="111" smmsCorrection="0"/>
<Player name="Zhao" firstName="Si" rank="5K" club="" rating="1600" participating="101" smmsCorrection="0"/>
</Players><Games>
<Game blackPlayer="LIER" whitePlayer="WANGYI" handicap="0" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1"/>
<Game blackPlayer="SUNWU" whitePlayer="ZHANGSAN" handicap="0" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="2"/>
</Games><ByePlayers><ByePlayer player="ZHAOSI" roundNumber="1"/></ByePlayers><TournamentParameterSet>
<GeneralParameterSet name="Open" basicTime="60" beginDate="2026-11-21" endDate="2026-11-21" genMMBar="3D" genMMFloor="20K" genMMZero="20K" genMMS2ValueAbsent="2" numberOfRounds="3" location="Hall"/>
<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="SOSM" number="2"/><PlacementCriterion name="DC" number="3"/><PlacementCriterion name="SOSOSM" number="4"/></PlacementCriteria></PlacementParameterSet>
</TournamentParameterSet></Tournament>"#;
    let (s, text) = http.call(M::POST, Some(&org), "/import/opengotha", None, Some(xml)).await;
    assert_eq!(s, 200, "{text}");
    let setup = http.ok(M::GET, &org, "/setup", None).await;
    let id = |name: &str| -> String {
        setup["players"].as_array().unwrap().iter().find(|p| p["name"] == name).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (zhao, li) = (id("Zhao Si"), id("Li Er"));
    assert_eq!(setup["absences"][&zhao], json!([2]), "{setup}");
    let scoring = &setup["tournament"]["settings"]["system"]["scoring"];
    // OpenGotha 3.52.03 reads any genMMZero as 30k (its setGenMMZero ignores its argument).
    assert_eq!((scoring["zero"].as_str(), scoring["absent_mms2"].as_i64()), (Some("30k"), Some(2)), "{setup}");
    let mut t = setup["tournament"].clone();
    t["settings"]["allowed_lateness_minutes"] = json!(15);
    let put = |t: &Value| Some(json!({"name": t["name"], "ruleset": t["ruleset"], "settings": t["settings"]}));
    // The event's criteria are OpenGotha's, its main score first, none twice.
    for (criteria, says) in [
        (json!(["SOSM", "MMS"]), "ranks by MMS first"),
        (json!(["MMS", "SOSM", "MMS"]), "MMS is named twice"),
        (json!(["MMS", "points"]), "points is not a criterion of an OpenGotha event"),
    ] {
        let mut bad = t.clone();
        bad["settings"]["system"]["criteria"] = criteria;
        refusal(http.call(M::PUT, Some(&org), "/tournament", put(&bad), None).await, 400, "out_of_range", says);
    }
    // The file's own criteria came in with it (DC among them).
    assert_eq!(t["settings"]["system"]["criteria"], json!(["MMS", "SOSM", "DC", "SOSOSM"]));
    http.ok(M::PUT, &org, "/tournament", put(&t)).await;

    // Round 2 pairs the four present; Zhao is neither seated nor given the bye.
    let sheet = http.ok(M::POST, &org, "/rounds/2/pair", None).await;
    let seated = |sheet: &Value| -> Vec<String> {
        let mut names: Vec<String> = sheet["boards"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|b| {
                [b["black"]["name"].as_str().unwrap().to_owned(), b["white"]["name"].as_str().unwrap().to_owned()]
            })
            .collect();
        names.sort();
        names
    };
    assert_eq!(seated(&sheet), ["Li Er", "Sun Wu", "Wang Yi", "Zhang San"], "{sheet}");
    assert_eq!(http.ok(M::GET, &org, "/setup", None).await["byes"].get("2"), None);

    // The organiser marks Li absent from round 3; round 2, already paired, keeps its absences.
    let path = format!("/players/{li}/absences");
    refusal(
        http.call(M::POST, Some(&org), &path, Some(json!({"rounds": [2, 3]})), None).await,
        409,
        "already_paired",
        "round 2 is already paired",
    );
    refusal(
        http.call(M::POST, Some(&org), &path, Some(json!({"rounds": [4]})), None).await,
        400,
        "out_of_range",
        "1–3",
    );
    refusal(
        http.call(M::POST, Some(&org), &path, Some(json!({"rounds": [0]})), None).await,
        400,
        "out_of_range",
        "round 0",
    );
    refusal(
        http.call(M::POST, Some(&org), "/players/nobody/absences", Some(json!({"rounds": [3]})), None).await,
        404,
        "not_found",
        "nobody",
    );
    refusal(
        http.call(M::POST, Some(&org), &path, Some(json!({"round": 3})), None).await,
        400,
        "invalid_field",
        "round",
    );
    http.ok(M::POST, &org, &path, Some(json!({"rounds": [3]}))).await;
    let setup = http.ok(M::GET, &org, "/setup", None).await;
    assert_eq!((setup["absences"][&li].clone(), setup["absences"][&zhao].clone()), (json!([3]), json!([2])));

    // Round 2's results; round 3 pairs the four present, Li out.
    for b in sheet["boards"].as_array().unwrap() {
        let game = b["game"].as_str().unwrap();
        let body =
            json!({"body": {"kind": "result_entered", "data": {"outcome": {"outcome": "win", "winner": "black"}}}});
        http.ok(M::POST, &org, &format!("/games/{game}/events"), Some(body)).await;
    }
    let sheet = http.ok(M::POST, &org, "/rounds/3/pair", None).await;
    assert_eq!(seated(&sheet), ["Sun Wu", "Wang Yi", "Zhang San", "Zhao Si"], "{sheet}");
    let standings = http.ok(M::GET, &org, "/standings", None).await;
    assert_eq!(standings["criteria"], json!(["MMS", "SOSM", "DC", "SOSOSM"]));
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_event_is_set_up_paired_by_boards_and_ranked_by_match_points() {
    // 第二十六条二 fixed boards, 第二十八条二 team standings, through the office's API.
    let office = Office::start("team-office").await;
    let http = Http { office: &office };
    let org = office.organiser_token.clone();
    let setup = json!({
        "name": "团体赛",
        "ruleset": {"preset": "chinese_1988", "komi": 3.75},
        "settings": {"time_control": {"main_minutes": 60, "reserved_minutes": 5}, "allowed_lateness_minutes": 15,
                     "system": {"kind": "team", "boards": 2, "pairing": "round_robin"}, "rounds": 3}
    });
    http.ok(M::PUT, &org, "/tournament", Some(setup.clone())).await;
    let mut nine_boards = setup.clone();
    nine_boards["settings"]["system"]["boards"] = json!(9);
    refusal(
        http.call(M::PUT, Some(&org), "/tournament", Some(nine_boards), None).await,
        400,
        "out_of_range",
        "1 to 8 boards",
    );
    // 东队 fixes its order against rank: the 3段 plays board 1.
    let csv = "name,rank,club,team,board\n东一,1d,,东队,2\n东二,3d,,东队,1\n西一,5d,,西队\n西二,2d,,西队\n南一,4d,,南队\n南二,1k,,南队\n";
    let (s, text) = http.call(M::POST, Some(&org), "/players/import", None, Some(csv)).await;
    assert_eq!(s, 200, "{text}");
    let mut sheets = vec![];
    for round in 1..=3u16 {
        let sheet = http.ok(M::POST, &org, &format!("/rounds/{round}/pair"), None).await;
        let boards = sheet["boards"].as_array().unwrap().clone();
        assert_eq!((boards.len(), sheet["byes"].as_array().unwrap().len()), (2, 2), "{sheet}");
        for b in &boards {
            let (black, white) = (b["black"]["name"].as_str().unwrap(), b["white"]["name"].as_str().unwrap());
            let table = b["table"].as_u64().unwrap();
            // Board 1 (odd tables) holds each team's board-1 player: 东二, 西一, 南一.
            let board_one = ["东二", "西一", "南一"];
            assert_eq!(board_one.contains(&black), table % 2 == 1, "{black} at table {table}");
            assert_eq!(board_one.contains(&white), table % 2 == 1, "{white} at table {table}");
            // Board 1's Black wins, board 2's White wins: the team with Black on board 1 (and so
            // White on board 2) wins its match 4–0.
            let winner = if table % 2 == 1 { "black" } else { "white" };
            let g = b["game"].as_str().unwrap();
            http.ok(
                M::POST,
                &org,
                &format!("/games/{g}/events"),
                Some(json!({"body": {"kind": "result_entered", "data": {"outcome": {"outcome": "win", "winner": winner}}}})),
            )
            .await;
        }
        sheets.push(sheet);
    }
    let standings = http.ok(M::GET, &org, "/standings", None).await;
    assert_eq!(standings["criteria"], json!(["match_points", "game_points", "board1", "board2"]));
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "one row per team: {standings}");
    for r in rows {
        assert_eq!((r["values"][0]["value"].as_str(), r["values"][1]["value"].as_str()), (Some("2"), Some("4")), "{r}");
    }
    // The crosstable's cells are matches: each team won one, lost one and sat out once.
    let cross = http.ok(M::GET, &org, "/crosstable", None).await;
    for row in cross["rows"].as_array().unwrap() {
        let marks: Vec<&str> = row["cells"].as_array().unwrap().iter().map(|c| c["mark"].as_str().unwrap()).collect();
        let mut sorted = marks.clone();
        sorted.sort();
        assert_eq!(sorted, ["+", "-", "bye"], "{row}");
        assert!(row["player"]["name"].as_str().unwrap().ends_with('队'), "{row}");
    }
    let err = http.call(M::POST, Some(&org), "/rounds/4/pair", None, None).await;
    refusal(err, 400, "out_of_range", "outside 1–3");
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_tournament_is_created_from_the_page_with_the_one_time_setup_code() {
    // An office with no tournament: `serve` offers a setup code; the page trades it, once, for
    // the tournament and the organiser's token.
    let state = arbiter_office::server::AppState::open(&scratch("create-office")).unwrap();
    assert!(!state.accounts.has_tournament().unwrap());
    let code = state.accounts.offer_setup_code().unwrap();
    let office = Office::serve(state, String::new()).await;
    let http = Http { office: &office };
    let body =
        |code: &str, id: &str| json!({"setup_code": code, "id": id, "name": "城市杯", "ruleset": {"preset": "korean"}});
    refusal(
        http.call(M::POST, None, "/tournaments", Some(body("AAAA-BBBB-CCCC-DDDD", "city")), None).await,
        401,
        "unauthenticated",
        "setup code",
    );
    // Bad input is refused before the code is spent.
    refusal(http.call(M::POST, None, "/tournaments", Some(body(&code, "城市")), None).await, 400, "invalid_id", "城市");
    let (s, text) = http.call(M::POST, None, "/tournaments", Some(body(&code.to_lowercase(), "city")), None).await;
    assert_eq!(s, 200, "{text}");
    let created: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(created["tournament"], "city");
    let token = created["organiser_token"].as_str().unwrap().to_owned();
    let setup = http.ok(M::GET, &token, "/setup", None).await;
    assert_eq!(
        (setup["tournament"]["name"].as_str(), setup["tournament"]["ruleset"]["preset"].as_str()),
        (Some("城市杯"), Some("korean"))
    );
    // The code works once.
    refusal(
        http.call(M::POST, None, "/tournaments", Some(body(&code, "other")), None).await,
        401,
        "unauthenticated",
        "used already",
    );
    assert!(office.state.accounts.has_tournament().unwrap());
    office.shutdown().await;
}

//! The office's authorization matrix over real HTTP: each role × each event kind × own or other
//! tournament; revoked devices, forged tokens, replayed codes and impersonation. Refused events
//! never touch stored data, and refusals are logged for the organiser.

use arbiter_core::clock::Hlc;
use arbiter_core::event::{AppealDecision, Event, EventBody, EventKind, SCHEMA_VERSION};
use arbiter_core::model::*;
use arbiter_core::rules::{Count, HalfStones, Incident, RulesetSpec, Ruling};
use arbiter_core::sync::protocol::{PushResponse, PushStatus, API_PREFIX};
use arbiter_office::server::init_tournament;
use arbiter_tests::*;

/// Who may write what, written out from the rules (not read from the code under test):
/// set-up is the organiser's (the chief arbiter also pairs games, 第三十一条); table facts,
/// incidents and rulings are the officials' at the table; escalations go up; appeals are
/// recorded by any official, decided by the committee (第十六条四).
fn expected(role: Role, kind: EventKind) -> bool {
    use EventKind::*;
    use Role::*;
    match kind {
        TournamentCreated | PersonRegistered | PlayerRegistered => role == Organiser,
        // 第二十九条 withdrawals and byes are part of the draw the chief arbiter oversees.
        // So are the rounds a player will miss (absences, OpenGotha's participation).
        GameScheduled | PlayerWithdrew | PlayerAbsences | ByeAssigned => matches!(role, Organiser | ChiefArbiter),
        RoundScheduled => role == Organiser,
        // Undoing a registration made by mistake is the organiser's, as registering is.
        PlayerDeleted => role == Organiser,
        // A league's venues are the central office's schedule.
        VenueAssigned => role == Organiser,
        // 第三十一条三: the chief arbiter assigns the referees (the organiser may too).
        RefereeAssigned => matches!(role, Organiser | ChiefArbiter),
        // 第十三条一: a referee's decision ends a game; the chief arbiter may enter it, and the
        // office enters results from score sheets.
        ResultEntered => matches!(role, Referee | ChiefArbiter | Organiser),
        ClockStarted | ClockPaused | ClockResumed | ClockPressed | RemovalStarted | RemovalEnded | BreakStarted
        | BreakEnded | GameAdjourned | MoveUnsealed | EndConfirmed | CountRecorded | CountCorrected | Resigned
        | RemainingTimeAsked | IncidentRecorded | RulingIssued | Escalated => {
            matches!(role, Referee | ChiefArbiter)
        }
        AppealFiled => matches!(role, Referee | ChiefArbiter | Committee),
        AppealDecided => role == Committee,
        RecordAttached => matches!(role, Referee | ChiefArbiter | Committee),
        // Undo: the table's officials, of their own records (game::undo).
        IncidentWithdrawn => matches!(role, Referee | ChiefArbiter),
        // A result changes only by a correction: the chief arbiter, the committee by an appeal
        // (第十六条四), the organiser of its own entries.
        ResultCorrected => matches!(role, ChiefArbiter | Committee | Organiser),
        // The office records keys itself; a push of one is refused for every role.
        KeyRegistered | KeyRevoked => false,
    }
}

fn body_of(kind: EventKind, t: &TournamentId) -> EventBody {
    let some = EventId::from_parts(1_795_000_000_000, [0x80; 10]);
    match kind {
        EventKind::TournamentCreated => EventBody::TournamentCreated(Tournament {
            id: t.clone(),
            name: "x".into(),
            ruleset: RulesetSpec::default(),
            settings: Default::default(),
        }),
        EventKind::PersonRegistered => EventBody::PersonRegistered(Person {
            id: PersonId::new("p-x").unwrap(),
            name: "x".into(),
            role: Role::Referee,
        }),
        EventKind::PlayerRegistered => EventBody::PlayerRegistered(Player {
            id: PlayerId::new("pl-x").unwrap(),
            name: "x".into(),
            rank: Rank::Dan(1),
            club: None,
            team: None,
            board: None,
            opengotha: None,
        }),
        EventKind::GameScheduled => EventBody::GameScheduled(Game {
            id: game(1),
            round: 1,
            table: 1,
            black: PlayerId::new("a").unwrap(),
            white: PlayerId::new("b").unwrap(),
            ruleset: RulesetSpec::default(),
            time_control: TimeControl::reserved(60, 5),
            allowed_lateness_minutes: 15,
            handicap: 0,
            reason: None,
        }),
        EventKind::IncidentWithdrawn => EventBody::IncidentWithdrawn { incident: some },
        EventKind::ResultCorrected => EventBody::ResultCorrected {
            replaces: some,
            outcome: None,
            cause: arbiter_core::game::CorrectionCause::Appeal,
            why: "x".into(),
        },
        EventKind::PlayerAbsences => EventBody::PlayerAbsences { player: PlayerId::new("a").unwrap(), rounds: vec![2] },
        EventKind::PlayerDeleted => EventBody::PlayerDeleted { player: PlayerId::new("a").unwrap(), note: None },
        EventKind::RemovalStarted => EventBody::RemovalStarted { by: Colour::Black },
        EventKind::BreakStarted => EventBody::BreakStarted { by: Colour::Black },
        EventKind::BreakEnded => EventBody::BreakEnded { by: Colour::Black },
        EventKind::RemovalEnded => EventBody::RemovalEnded { by: Colour::Black },
        EventKind::CountCorrected => EventBody::CountCorrected {
            count: arbiter_core::rules::Count::Area {
                black_stones: arbiter_core::rules::HalfStones::new(370).unwrap(),
            },
            asked_by: Colour::Black,
        },
        EventKind::PlayerWithdrew => {
            EventBody::PlayerWithdrew { player: PlayerId::new("a").unwrap(), after_round: 1, note: None }
        }
        EventKind::ByeAssigned => EventBody::ByeAssigned { round: 1, player: PlayerId::new("a").unwrap() },
        EventKind::RoundScheduled => EventBody::RoundScheduled { round: 1, starts_at: chrono::Utc::now() },
        EventKind::VenueAssigned => {
            EventBody::VenueAssigned { venue: PersonId::new("venue-a").unwrap(), round: 1, tables: vec![1] }
        }
        EventKind::RefereeAssigned => {
            EventBody::RefereeAssigned { referee: PersonId::new("ref-a").unwrap(), tables: vec![1] }
        }
        EventKind::ResultEntered => {
            EventBody::ResultEntered { outcome: arbiter_core::rules::Outcome::Draw, note: None, forfeit: false }
        }
        EventKind::ClockStarted => EventBody::ClockStarted,
        EventKind::ClockPaused => EventBody::ClockPaused { reason: None },
        EventKind::ClockResumed => EventBody::ClockResumed,
        EventKind::ClockPressed => EventBody::ClockPressed { by: Colour::Black },
        EventKind::GameAdjourned => EventBody::GameAdjourned { sealer: Colour::Black, seal: None },
        EventKind::MoveUnsealed => EventBody::MoveUnsealed { point: "D4".parse().unwrap(), salt: None },
        EventKind::EndConfirmed => EventBody::EndConfirmed { first: Colour::Black },
        EventKind::CountRecorded => {
            EventBody::CountRecorded { count: Count::Area { black_stones: HalfStones::new(370).unwrap() } }
        }
        EventKind::Resigned => EventBody::Resigned { by: Colour::White },
        EventKind::RemainingTimeAsked => EventBody::RemainingTimeAsked { by: Colour::White, reserved_minutes_left: 2 },
        EventKind::IncidentRecorded => EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: Colour::Black },
            ruling: Some(Ruling::Advice),
            note: None,
        },
        EventKind::RulingIssued => EventBody::RulingIssued { incident: some, ruling: Ruling::Warning, note: None },
        EventKind::Escalated => EventBody::Escalated { incident: some, to: Role::Committee, note: None },
        EventKind::AppealFiled => EventBody::AppealFiled { incident: some, by: Colour::Black, grounds: "x".into() },
        EventKind::AppealDecided => {
            EventBody::AppealDecided { appeal: some, decision: AppealDecision::Upheld, note: None }
        }
        EventKind::KeyRegistered => EventBody::KeyRegistered {
            signer: DeviceId::new("tab-x").unwrap(),
            key: arbiter_core::event::PublicKey([7; 32]),
            person: None,
            role: None,
        },
        EventKind::KeyRevoked => EventBody::KeyRevoked { signer: DeviceId::new("tab-x").unwrap() },
        EventKind::RecordAttached => {
            EventBody::RecordAttached { incident: some, sgf: "(;SZ[19];B[pd];W[dp])".into(), move_no: None }
        }
    }
}

/// An event of `kind` by `author`, signed as its device signs (the organiser's are unsigned).
fn event_by(author: &Author, t: &TournamentId, kind: EventKind, n: u64) -> Event {
    let mut e = unsigned_by(author, t, kind, n);
    if author.role != Role::Organiser {
        test_key(author.device.as_str()).sign(&mut e, author.device.clone());
    }
    e
}

fn unsigned_by(author: &Author, t: &TournamentId, kind: EventKind, n: u64) -> Event {
    let body = body_of(kind, t);
    Event {
        schema: SCHEMA_VERSION,
        rules: Some(arbiter_core::rules::RULES_REVISION),
        prev: None,
        sig: None,
        id: EventId::from_parts(1_795_000_000_000 + n, random_from(n)),
        tournament: t.clone(),
        game: kind.is_game_scoped().then(|| game(1)),
        author: author.clone(),
        hlc: Hlc::new(1_795_000_000_000 + n, 0),
        wall_time: chrono::Utc::now(),
        body,
    }
}

async fn push(office: &Office, token: &str, events: &[Event]) -> (u16, serde_json::Value) {
    let r = office
        .http()
        .post(format!("{}{API_PREFIX}/events", office.url))
        .bearer_auth(token)
        .json(&serde_json::json!({ "events": events }))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_role_by_every_kind_in_own_and_other_tournament() {
    let office = Office::start("authz-office").await;
    let other = TournamentId::new("t2").unwrap();
    init_tournament(&office.state, other.clone(), "另一个比赛".into(), RulesetSpec::Korean).unwrap();
    let mut principals = vec![(
        Author {
            device: DeviceId::new("office-t1").unwrap(),
            person: PersonId::new("organiser").unwrap(),
            role: Role::Organiser,
        },
        office.organiser_token.clone(),
    )];
    for (person, role, device) in [
        ("ref-a", Role::Referee, "tab-a"),
        ("chief-a", Role::ChiefArbiter, "tab-chief"),
        ("cmte-a", Role::Committee, "tab-cmte"),
    ] {
        let e = office.enroll(person, role, device).await;
        principals.push((Author { device: e.device, person: e.person, role: e.role }, e.token));
    }
    let mut n = 0;
    let mut checked = 0;
    for (author, token) in &principals {
        for kind in EventKind::ALL {
            for (t, own) in [(&office.tournament, true), (&other, false)] {
                n += 1;
                let before = office.state.store.last_seq().unwrap();
                let e = event_by(author, t, kind, n);
                let (status, body) = push(&office, token, std::slice::from_ref(&e)).await;
                assert_eq!(status, 200, "{body}");
                let answer: PushResponse = serde_json::from_value(body).unwrap();
                let r = &answer.results[0];
                let want = own && expected(author.role, kind);
                let added = office.state.store.last_seq().unwrap() - before;
                if want {
                    assert_eq!(r.status, PushStatus::Accepted, "{} {kind:?} own={own}: {r:?}", author.role);
                    assert_eq!(added, 1);
                } else {
                    assert_eq!(r.status, PushStatus::Rejected, "{} {kind:?} own={own} must be refused", author.role);
                    let code = r.code.as_deref().unwrap_or_default();
                    assert_eq!(
                        code,
                        if own { "not_authorized" } else { "forbidden" },
                        "{} {kind:?} own={own}",
                        author.role
                    );
                    assert_eq!(added, 0, "a refused event must not be stored");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 4 * EventKind::ALL.len() * 2);
    // The organiser can read what was refused, and why.
    let refusals = office.get_json("/refusals?limit=500", &office.organiser_token).await;
    let refused_expected = principals
        .iter()
        .map(|(a, _)| EventKind::ALL.iter().filter(|k| !expected(a.role, **k)).count() + EventKind::ALL.len())
        .sum::<usize>();
    assert_eq!(refusals.as_array().unwrap().len(), refused_expected);
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn revoked_forged_replayed_and_impersonating_callers_are_refused() {
    let office = Office::start("authz-creds").await;
    let e = office.enroll("ref-a", Role::Referee, "tab-a").await;
    let author = Author { device: e.device.clone(), person: e.person.clone(), role: e.role };
    let ok = event_by(&author, &office.tournament, EventKind::ClockStarted, 1);
    assert_eq!(push(&office, &e.token, &[ok]).await.0, 200);

    // Impersonation: a referee's token, an event claiming the chief arbiter.
    let mut forged_author = author.clone();
    forged_author.role = Role::ChiefArbiter;
    let (_, body) =
        push(&office, &e.token, &[event_by(&forged_author, &office.tournament, EventKind::RulingIssued, 2)]).await;
    assert_eq!(body["results"][0]["code"], "forbidden", "{body}");

    // A forged token.
    let (status, body) =
        push(&office, "wa1_00000000000000000000000000000000000000000000000000000000deadbeef", &[]).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthenticated")));
    let r = office.http().get(format!("{}{API_PREFIX}/events", office.url)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 401, "no token");

    // A replayed enrollment code.
    let http = office.http();
    let code = office.code_for("ref-b", Role::Referee).await;
    let enroll = |device: &'static str| {
        let http = http.clone();
        let url = office.url.clone();
        let code = code.clone();
        async move {
            http.post(format!("{url}{API_PREFIX}/enroll"))
                .json(&serde_json::json!({"code": code, "device": device}))
                .send()
                .await
                .unwrap()
        }
    };
    assert_eq!(enroll("tab-b").await.status().as_u16(), 200);
    let again = enroll("tab-c").await;
    assert_eq!(again.status().as_u16(), 401);
    assert!(again.text().await.unwrap().contains("already used"));

    // A referee may not register officials.
    let r = http
        .post(format!("{}{API_PREFIX}/people", office.url))
        .bearer_auth(&e.token)
        .json(&serde_json::json!({"id": "x", "name": "x", "role": "referee"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);

    // Revocation takes effect from the next request (the office records it in the ledger).
    let r = http
        .post(format!("{}{API_PREFIX}/devices/tab-a/revoke", office.url))
        .bearer_auth(&office.organiser_token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let before = office.state.store.last_seq().unwrap();
    let (status, body) =
        push(&office, &e.token, &[event_by(&author, &office.tournament, EventKind::ClockPaused, 3)]).await;
    assert_eq!(status, 401, "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("revoked"));
    assert_eq!(office.state.store.last_seq().unwrap(), before, "nothing stored by a refused request");
    office.shutdown().await;
}

//! What the app's screens show, derived from the device's store.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;

use crate::error::{DomainError, Result, Scope};
use crate::event::{Event, EventBody};
use crate::game::{GameResult, GameState, GameSummary, Status};
use crate::model::{
    Author, Colour, DeviceId, EventId, GameId, PerColour, PersonId, Player, PlayerId, Rank, Role, TournamentId,
};
use crate::rules::{catalogue, CatalogueEntry, IncidentType, Ruleset, RulesetSpec, Ruling};
use crate::tournament::TournamentView;

use super::App;

/// A player as the screens show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerInfo {
    pub id: PlayerId,
    pub name: String,
    pub rank: Option<Rank>,
    pub rank_zh: Option<String>,
}

/// One row of “my tables”: players, status and warning dots.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct TableRow {
    pub game: GameId,
    pub round: u16,
    pub table: u16,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    pub status: Status,
    pub black_warnings: usize,
    pub white_warnings: usize,
    pub result: Option<GameResult>,
    pub open_items: usize,
    /// The referee assigned to its table (第三十一条三), if any: a referee's own tables are
    /// listed first on their screen, and a cover the chief arbiter assigns shows at once.
    pub referee: Option<PersonId>,
}

/// The game screen: state, players and the incident catalogue of its ruleset.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct GameView {
    // Shared with the store's kept state: a page is not a deep copy of a long game.
    pub state: Arc<GameState>,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    pub catalogue: Vec<CatalogueEntry>,
    /// The incidents referees record most, one tap per side (rules::quick).
    pub quick: Vec<crate::rules::QuickAction>,
    /// Who signed each incident and ruling of the history (checked when it reached this store:
    /// the office checks every push, a device every pull); none for an unsigned one.
    pub seals: Vec<SealView>,
    /// What further records would do to the game, folded by the core now: a phone that records
    /// offline cannot fold, and says from its last view that a record decides the game.
    pub foreseen: Foreseen,
}

/// What the core can say in advance of records not yet made, each side's as the game stands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Foreseen {
    /// Each side's warnings by the count they add to (第二十五条二: the second warning loses the
    /// game; KBA 競技の規則 第一条 counts a ring and a noise each on its own): every other warning
    /// first, then each kind with a count of its own under the game's ruleset.
    pub warnings: PerColour<Vec<WarningCount>>,
    /// In `quick`'s order: the result one more of that action, against each side, would give.
    pub quick: Vec<PerColour<Option<GameResult>>>,
    /// The rulings a record counts as one of `warnings` by (第二十五条二).
    pub counted: Vec<Ruling>,
    /// The result a resignation by that side would give (第七条二); none once the game has
    /// a result.
    pub resigned: PerColour<Option<GameResult>>,
}

/// The warnings of one side that count together toward a loss, and what further ones would do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct WarningCount {
    /// The kind this count is of, where the ruleset counts it on its own (KBA 競技の規則 第一条:
    /// a phone's ring, a noise); none: every other warning (第二十五条二).
    pub kind: Option<IncidentType>,
    /// The warnings the side has had in this count.
    pub given: u32,
    /// The result after one, then two further warnings in this count; none where the game would
    /// go on. Empty once the game has a result, or where no quick action gives such a warning.
    pub next: Vec<Option<GameResult>>,
}

/// Folds `bodies` one after the other onto a copy of `state`, each as the last event (as a
/// store folds an arrival): the result the game would have after each, if it had none before.
/// Stops at the first that decides it or that cannot be folded on.
fn foresee(tournament: &TournamentId, state: &GameState, bodies: &[EventBody]) -> Vec<Option<GameResult>> {
    if state.result.is_some() {
        return Vec::new();
    }
    let author = Author {
        device: DeviceId::new("foreseen").unwrap_or_else(|_| unreachable!("a valid id")),
        person: PersonId::new("foreseen").unwrap_or_else(|_| unreachable!("a valid id")),
        role: Role::Referee,
    };
    // After every fact of the clock: an incident's fold reads no time, but its order does.
    let ms = state.clock_facts.iter().map(|f| f.1).max().unwrap_or(0) + 1;
    let mut after = state.clone();
    let mut out = Vec::new();
    for (n, body) in bodies.iter().enumerate() {
        let mut random = [0u8; 10];
        random[0] = 0x80; // RFC 4122 variant bits
        random[9] = n as u8;
        let e = Event {
            schema: crate::event::schema_for(body),
            rules: Some(crate::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(ms + n as u64, random),
            tournament: tournament.clone(),
            game: Some(state.game.clone()),
            author: author.clone(),
            hlc: crate::clock::Hlc::new(ms + n as u64, 0),
            wall_time: chrono::DateTime::from_timestamp_millis((ms + n as u64) as i64).unwrap_or_default(),
            body: body.clone(),
        };
        if !crate::game::fold_onto(&mut after, &e) {
            break;
        }
        out.push(after.result);
        if after.result.is_some() {
            break;
        }
    }
    out
}

/// [`Foreseen`] for `state`, whose quick actions are `quick`.
fn foreseen(tournament: &TournamentId, state: &GameState, quick: &[crate::rules::QuickAction]) -> Foreseen {
    let record = |incident: &crate::rules::Incident, ruling| EventBody::IncidentRecorded {
        incident: incident.clone(),
        ruling: Some(ruling),
        note: None,
    };
    let once = |incident: &crate::rules::Incident, ruling| {
        foresee(tournament, state, &[record(incident, ruling)]).pop().flatten()
    };
    let twice = |i: &crate::rules::Incident| {
        foresee(tournament, state, &[record(i, Ruling::Warning), record(i, Ruling::Warning)])
    };
    // Every other warning first, then each kind the ruleset counts on its own (rules revision 7,
    // as a record made now is judged): a warning's incident is any of its count the quick actions
    // warn for, since the count is what decides.
    let ruleset = Ruleset::from_spec(state.ruleset);
    let own: Vec<IncidentType> = ruleset.second_warning.iter().map(|(k, _)| *k).collect();
    let of = |count: Option<IncidentType>, kind: IncidentType| match count {
        Some(k) => kind == k,
        None => !own.contains(&kind),
    };
    let counts = |c: Colour| -> Vec<WarningCount> {
        std::iter::once(None)
            .chain(own.iter().copied().map(Some))
            .map(|kind| {
                let given = state
                    .sides
                    .get(c)
                    .warnings
                    .iter()
                    .filter_map(|id| state.incidents.iter().find(|i| i.id == *id).map(|i| i.incident.kind()));
                let quick = quick.iter().find(|q| q.ruling == Ruling::Warning && of(kind, q.incident));
                WarningCount {
                    kind,
                    given: u32::try_from(given.filter(|k| of(kind, *k)).count()).unwrap_or(u32::MAX),
                    next: quick
                        .map(|q| twice(if c == Colour::Black { &q.black } else { &q.white }))
                        .unwrap_or_default(),
                }
            })
            .collect()
    };
    Foreseen {
        warnings: PerColour { black: counts(Colour::Black), white: counts(Colour::White) },
        quick: quick
            .iter()
            .map(|q| PerColour { black: once(&q.black, q.ruling), white: once(&q.white, q.ruling) })
            .collect(),
        counted: vec![Ruling::RestoreWithWarning, Ruling::Warning, Ruling::WarningAndReport],
        resigned: PerColour {
            black: foresee(tournament, state, &[EventBody::Resigned { by: Colour::Black }]).pop().flatten(),
            white: foresee(tournament, state, &[EventBody::Resigned { by: Colour::White }]).pop().flatten(),
        },
    }
}

/// Who signed an event shown on a screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SealView {
    pub event: EventId,
    /// The signing device (`office` for what officials recorded in its pages); none: recorded
    /// by a build from before signatures.
    pub signer: Option<DeviceId>,
}

/// The seals of every incident and ruling in `state`, read from `store`.
pub fn seals_of(store: &dyn crate::store::EventStore, state: &GameState) -> Result<Vec<SealView>> {
    let mut ids: Vec<EventId> = Vec::new();
    for i in &state.incidents {
        ids.push(i.id);
        ids.extend(i.rulings.iter().map(|r| r.event).filter(|e| *e != i.id));
    }
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let signer = store.get(&id)?.and_then(|e| e.sig).map(|s| s.by);
        out.push(SealView { event: id, signer });
    }
    Ok(out)
}

/// Players by id, to put names on rows.
pub(super) struct Names<'a>(HashMap<&'a PlayerId, &'a Player>);

impl<'a> Names<'a> {
    fn of(setup: &'a TournamentView) -> Self {
        Names(setup.players.iter().map(|p| (&p.id, p)).collect())
    }

    /// Only these players: one game's page does not index a 1,000-player field.
    pub(super) fn of_two(setup: &'a TournamentView, ids: [&PlayerId; 2]) -> Self {
        Names(setup.players.iter().filter(|p| ids.contains(&&p.id)).map(|p| (&p.id, p)).collect())
    }

    pub(super) fn info(&self, id: &PlayerId) -> PlayerInfo {
        match self.0.get(id) {
            Some(p) => {
                PlayerInfo { id: id.clone(), name: p.name.clone(), rank: Some(p.rank), rank_zh: Some(p.rank.zh()) }
            }
            None => PlayerInfo { id: id.clone(), name: id.to_string(), rank: None, rank_zh: None },
        }
    }
}

/// “My tables”: every scheduled game, by round and table, from the set-up (for names) and the
/// games' summaries. Pure: the app and the office both call it.
pub fn tables<'a>(setup: &TournamentView, games: impl IntoIterator<Item = &'a GameSummary>) -> Vec<TableRow> {
    let names = Names::of(setup);
    let mut rows: Vec<TableRow> = games
        .into_iter()
        .filter_map(|g| {
            let s = g.schedule.as_ref()?;
            Some(TableRow {
                game: g.game.clone(),
                round: s.round,
                table: s.table,
                black: names.info(&s.black),
                white: names.info(&s.white),
                status: g.status,
                black_warnings: g.warnings.black,
                white_warnings: g.warnings.white,
                result: g.result,
                open_items: g.open.len(),
                referee: setup.referees.get(&s.table).cloned(),
            })
        })
        .collect();
    rows.sort_by_key(|r| (r.round, r.table));
    rows
}

/// One game's screen, from the set-up (for names) and the game's state.
pub fn game_view(setup: &TournamentView, state: Arc<GameState>, seals: Vec<SealView>) -> Result<GameView> {
    let schedule =
        state.schedule.as_ref().ok_or_else(|| DomainError::WrongScope(Scope::NotScheduled(state.game.to_string())))?;
    let names = Names::of_two(setup, [&schedule.black, &schedule.white]);
    let (black, white) = (names.info(&schedule.black), names.info(&schedule.white));
    let ruleset = Ruleset::from_spec(state.ruleset);
    let catalogue = catalogue(&ruleset);
    let quick = crate::rules::quick_actions(&ruleset, state.rule_context());
    let foreseen = foreseen(&setup.id, &state, &quick);
    Ok(GameView { state, black, white, catalogue, quick, seals, foreseen })
}

impl App {
    pub(super) fn default_ruleset(&self) -> Result<RulesetSpec> {
        Ok(self.setup()?.default_ruleset())
    }

    /// The game as it stands now (an empty game while nothing of it is stored).
    pub(super) fn state_of(&self, game: &GameId) -> Result<Arc<GameState>> {
        let id = self.identity()?;
        match self.store.game_state(&id.tournament, game)? {
            Some(s) => Ok(s),
            None => Ok(Arc::new(crate::game::fold_game(game, self.default_ruleset()?, &[]))),
        }
    }

    pub(super) fn setup(&self) -> Result<Arc<TournamentView>> {
        self.store.setup(&self.identity()?.tournament)
    }

    /// Every scheduled game on this device, by round and table.
    pub fn tables(&self) -> Result<Vec<TableRow>> {
        let summaries = self.store.game_summaries(&self.identity()?.tournament)?;
        Ok(tables(&*self.setup()?, summaries.iter().map(|s| &**s)))
    }

    /// One game's screen.
    pub fn game(&self, game: &GameId) -> Result<GameView> {
        let id = self.identity()?;
        let state = self
            .store
            .game_state(&id.tournament, game)?
            .ok_or_else(|| DomainError::WrongScope(Scope::NoGame(game.to_string())))?;
        let seals = seals_of(&*self.store, &state)?;
        game_view(&*self.setup()?, state, seals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fold_game;
    use crate::model::Colour;
    use crate::rules::{Article, Outcome, ResultReason};

    fn t() -> TournamentId {
        TournamentId::new("t1").unwrap()
    }

    fn ev(n: u64, role: Role, body: EventBody) -> Event {
        let mut random = [0u8; 10];
        random[0] = 0x80;
        Event {
            schema: crate::event::schema_for(&body),
            rules: Some(crate::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(1_000 + n, random),
            tournament: t(),
            game: Some(GameId::new("g1").unwrap()),
            author: Author { device: DeviceId::new("d1").unwrap(), person: PersonId::new("ref").unwrap(), role },
            hlc: crate::clock::Hlc::new(1_000 + n, 0),
            wall_time: chrono::DateTime::from_timestamp_millis(1_000 + n as i64).unwrap(),
            body,
        }
    }

    fn view(events: &[Event]) -> GameView {
        let state = fold_game(&GameId::new("g1").unwrap(), RulesetSpec::default(), events);
        game_view(&TournamentView::empty(t()), Arc::new(state), Vec::new()).unwrap()
    }

    /// 第二十五条二 read before the record is made: what the phone offline shows from its last view.
    #[test]
    fn the_view_says_in_advance_which_warning_decides_the_game() {
        let data = serde_json::json!({"id": "g1", "round": 1, "table": 1, "black": "p1", "white": "p2",
            "ruleset": {"preset": "chinese_1988"}, "time_control": {"main_minutes": 60, "reserved_minutes": 5},
            "allowed_lateness_minutes": 15});
        let scheduled: EventBody =
            serde_json::from_value(serde_json::json!({"kind": "game_scheduled", "data": data})).unwrap();
        let mut events = vec![ev(0, Role::Organiser, scheduled)];
        let fresh = view(&events);
        let loses = |c: Colour| (Outcome::win(c.opponent()), ResultReason::SecondWarning, Article::Art25_2);
        let said = |r: &Option<GameResult>| r.map(|r| (r.outcome, r.reason, r.article));
        // The Chinese rules count every warning together: one count per side.
        let next = |v: &GameView, c: Colour| -> Vec<_> {
            let counts = v.foreseen.warnings.get(c);
            assert_eq!(counts.len(), 1, "one count of warnings under the Chinese rules");
            assert_eq!(counts[0].kind, None);
            counts[0].next.iter().map(said).collect()
        };
        assert_eq!(next(&fresh, Colour::Black), [None, Some(loses(Colour::Black))]);
        assert_eq!(next(&fresh, Colour::White), [None, Some(loses(Colour::White))]);
        assert_eq!(fresh.foreseen.warnings.black[0].given, 0);
        let warn = fresh.quick.iter().position(|q| q.ruling == Ruling::Warning).expect("a quick warning");
        let lost = fresh.quick.iter().position(|q| q.ruling == Ruling::OffenderLoses).expect("a quick loss");
        assert_eq!(fresh.foreseen.quick[warn], PerColour { black: None, white: None });
        let time = fresh.foreseen.quick[lost].white.expect("a time loss decides the game");
        assert_eq!(time.outcome, Outcome::win(Colour::Black));
        // 第七条二: a resignation decides it, for the other side.
        let resigned = |c: Colour| (Outcome::win(c.opponent()), ResultReason::Resignation, Article::Art7_2);
        assert_eq!(said(&fresh.foreseen.resigned.black), Some(resigned(Colour::Black)));
        assert_eq!(said(&fresh.foreseen.resigned.white), Some(resigned(Colour::White)));

        // One warning to Black: Black's next decides it, White's does not.
        let first = EventBody::IncidentRecorded {
            incident: fresh.quick[warn].black.clone(),
            ruling: Some(Ruling::Warning),
            note: None,
        };
        events.push(ev(1, Role::Referee, first));
        let warned = view(&events);
        assert_eq!(next(&warned, Colour::Black), [Some(loses(Colour::Black))]);
        assert_eq!(next(&warned, Colour::White).len(), 2);
        assert_eq!((warned.foreseen.warnings.black[0].given, warned.foreseen.warnings.white[0].given), (1, 0));
        assert_eq!(said(&warned.foreseen.quick[warn].black), Some(loses(Colour::Black)));
        assert_eq!(warned.foreseen.quick[warn].white, None);
        assert!(warned.state.result.is_none(), "foreseeing records nothing");

        // Once decided, nothing further decides it.
        let second = EventBody::IncidentRecorded {
            incident: fresh.quick[warn].black.clone(),
            ruling: Some(Ruling::Warning),
            note: None,
        };
        events.push(ev(2, Role::Referee, second));
        let over = view(&events);
        assert!(over.state.result.is_some());
        assert!(over.foreseen.warnings.black.iter().chain(&over.foreseen.warnings.white).all(|c| c.next.is_empty()));
        assert_eq!(over.foreseen.warnings.black[0].given, 2);
        assert!(over.foreseen.quick.iter().all(|q| q.black.is_none() && q.white.is_none()));
        assert_eq!(over.foreseen.resigned, PerColour { black: None, white: None });
    }

    /// KBA 競技の規則 第一条: "1次：警告, 2次：反則負け" for a phone's ring (1.1) and again for a
    /// noise (1.2) — each counted on its own. A referee's account: Black's phone rang in the first
    /// hour (a yellow card); later Black talked aloud over the board (another). Black has not lost;
    /// a second ring loses, as does a second noise, and any other warning still needs two.
    #[test]
    fn under_the_kba_rules_a_ring_and_a_noise_each_have_their_own_count() {
        let data = serde_json::json!({"id": "g1", "round": 1, "table": 1, "black": "p1", "white": "p2",
            "ruleset": {"preset": "korean"}, "time_control": {"main_minutes": 60, "reserved_minutes": 5},
            "allowed_lateness_minutes": 15});
        let scheduled: EventBody =
            serde_json::from_value(serde_json::json!({"kind": "game_scheduled", "data": data})).unwrap();
        let mut events = vec![ev(0, Role::Organiser, scheduled)];
        let fresh = view(&events);
        let kinds: Vec<_> = fresh.foreseen.warnings.black.iter().map(|c| c.kind).collect();
        let own = [IncidentType::PhoneRang, IncidentType::Noise, IncidentType::ClockStoppedFillingDame];
        assert_eq!(kinds, [None, Some(own[0]), Some(own[1]), Some(own[2])]);
        let card = |kind: IncidentType| {
            let q = fresh.quick.iter().find(|q| q.incident == kind && q.ruling == Ruling::Warning);
            let q = q.unwrap_or_else(|| panic!("a quick yellow card for {kind:?}"));
            EventBody::IncidentRecorded { incident: q.black.clone(), ruling: Some(Ruling::Warning), note: None }
        };
        events.push(ev(1, Role::Referee, card(IncidentType::PhoneRang)));
        events.push(ev(2, Role::Referee, card(IncidentType::Noise)));
        let carded = view(&events);
        assert!(carded.state.result.is_none(), "a ring and a noise: two yellow cards, no loss");
        let black = &carded.foreseen.warnings.black;
        let given: Vec<_> = black.iter().map(|c| (c.kind, c.given)).collect();
        assert_eq!(
            given,
            [(None, 0), (Some(own[0]), 1), (Some(own[1]), 1), (Some(own[2]), 0)],
            "each card in its own count"
        );
        // The next ring loses (競技第一条1 2)), as does the next noise (第一条2 2)).
        for c in &black[1..3] {
            let first = c.next.first().copied().flatten().map(|r| (r.outcome, r.reason, r.article));
            let article = if c.kind == Some(IncidentType::PhoneRang) { Article::KrC1_1_2 } else { Article::KrC1_2_2 };
            assert_eq!(first, Some((Outcome::win(Colour::White), ResultReason::SecondWarning, article)), "{c:?}");
        }
        // No quick action warns for 付則第一条5: nothing foreseen, rather than a guess.
        assert!(black[3].next.is_empty());
        // Every other warning (a clock pressed before the capture, 第二十三条四) still needs two.
        assert_eq!(black[0].next.len(), 2);
        assert!(black[0].next[0].is_none());
        assert!(carded.foreseen.warnings.white.iter().all(|c| c.given == 0));
    }
}

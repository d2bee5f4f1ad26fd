//! The fold: a game's events, in any order and with any duplicates, to its derived state.
//! Pure and deterministic: events are de-duplicated by id and ordered by (HLC, id), so every
//! replica that holds the same set computes the same state.

use std::collections::{BTreeMap, BTreeSet};

use crate::error::{DomainError, Unmet};
use crate::event::{wire, AppealDecision, Event, EventBody, EventKind};
use crate::game::part::{part, Part};
use crate::game::state::*;
use crate::model::{Colour, EventId, GameId, PerColour, Role};
use crate::rules::authority::{check_author, check_escalation};
use crate::rules::penalty::{allowed, check, RuleContext};
use crate::rules::{
    consequence, counting, Incident, Outcome, ResultReason, Ruleset, RulesetSpec, Ruling, FIRST_RESULT_STANDS_SINCE,
    WARNINGS_BY_KIND_SINCE,
};
use crate::timing::ClockFact;

/// Rank of the chief arbiter's rulings: at and above it, a decision may change a result.
const CHIEF_RANK: u8 = 2;

/// Folds every event of `game` found in `events` (others are ignored). `default_ruleset` applies
/// until the game's own schedule says otherwise.
pub fn fold_game<'a>(
    game: &GameId,
    default_ruleset: RulesetSpec,
    events: impl IntoIterator<Item = &'a Event>,
) -> GameState {
    let mut rejected = Vec::new();
    let ordered = canonical(events.into_iter().filter(|e| e.game.as_ref() == Some(game)), &mut rejected);
    let count = ordered.len();
    let admitted: Vec<&Event> = ordered
        .into_iter()
        .filter(|e| match authorize(e) {
            Ok(()) => true,
            Err(err) => {
                rejected.push(Rejected { event: e.id, error: err.body() });
                false
            }
        })
        .collect();
    let (schedule, time_limit) = admitted
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            // 第十二条二: read as the revision it was recorded under read it.
            EventBody::GameScheduled(g) => Some((Some(g.clone()), Some(g.time_control.read_under(e.rules_revision())))),
            _ => None,
        })
        .unwrap_or((None, None));
    let spec = schedule.as_ref().map_or(default_ruleset, |g| g.ruleset);
    let ctx = RuleContext::for_game(schedule.as_ref());
    let mut sides = PerColour::<SideRecord>::default();
    if let Some(g) = &schedule {
        for c in Colour::BOTH {
            sides.get_mut(c).player = Some(g.player(c).clone());
        }
    }
    let mut fold = Fold {
        ruleset: Ruleset::from_spec(spec),
        ctx,
        incidents: BTreeMap::new(),
        incident_order: Vec::new(),
        escalations: Vec::new(),
        appeals: Vec::new(),
        sides,
        play: Play::default(),
        rejected,
        walk: Walk::default(),
    };
    fold.index(&admitted);
    fold.settle_rulings();
    let steps: Vec<Walked> = admitted.iter().filter_map(|e| walked(e)).collect();
    fold.walk_steps(&steps);
    fold.walk.steps = steps;
    let open = fold.open_items();
    let mut rejected = fold.rejected;
    sort_rejected(&mut rejected);
    let incidents = fold.incident_order.iter().filter_map(|id| fold.incidents.remove(id)).collect();
    let mut state = GameState {
        game: game.clone(),
        schedule,
        time_limit,
        ruleset: spec,
        status: Status::Scheduled,
        sides: fold.sides,
        result: None,
        to_move: None,
        superseded_results: Vec::new(),
        corrections: Vec::new(),
        incidents,
        appeals: fold.appeals,
        open,
        after_result: Vec::new(),
        rejected,
        events: count,
        clock_facts: Vec::new(),
        walk: fold.walk,
    };
    fold.play.into_state(&mut state);
    state
}

/// What the walk reads of an event: an incident, or a clock press or fact (`None` for others).
fn walked(e: &Event) -> Option<Walked> {
    match part(e.body.kind()) {
        Part::Incident => Some(Walked::Incident { id: e.id }),
        p @ (Part::Press | Part::Recount | Part::Fact | Part::Correction) => Some(Walked::Fact {
            id: e.id,
            at_ms: at_ms(e),
            role: e.author.role,
            rules: e.rules_revision(),
            person: (p == Part::Correction).then(|| e.author.person.clone()),
            body: Box::new(e.body.clone()),
        }),
        Part::Tournament | Part::Schedule | Part::Decision | Part::Withdrawal | Part::Evidence | Part::Query => None,
    }
}

/// Folds `e` onto `state` — the fold of a game's events — when `e` sorts after all of them
/// (the caller knows the order; the state does not record it): `state` becomes what
/// [`fold_game`] gives for all the events together, without reading them. A clock press or a
/// fact the walk alone applies (clock, adjournment, count, resignation, result) is one step; a
/// new incident runs the fold's passes over itself alone; a ruling, an escalation or an appeal
/// (filed or decided) is indexed alone and the walk runs again over the state's kept steps
/// ([`GameState::walk`]), since it may change what an earlier incident decided. Returns `false`,
/// `state` untouched, for any other event (a schedule changes the ruleset every check used), or
/// when an earlier event named what `e` brings (a ruling stamped before its incident on a
/// skewed device was refused as unknown): then the game must be folded again.
pub fn fold_onto(state: &mut GameState, e: &Event) -> bool {
    let p = part(e.body.kind());
    let incident = p == Part::Incident;
    let appeal = e.body.kind() == EventKind::AppealFiled;
    let named_before = |code: &str| state.rejected.iter().any(|r| r.error.code == code);
    if e.game.as_ref() != Some(&state.game)
        || !p.folds_on()
        || incident && named_before(unknown("", e.id).code())
        || appeal && named_before(DomainError::UnknownAppeal(String::new()).code())
    {
        return false;
    }
    state.events += 1;
    let admitted = match authorize(e) {
        Err(err) => {
            state.rejected.push(Rejected { event: e.id, error: err.body() });
            None
        }
        Ok(()) => Some(p),
    };
    match admitted {
        None => {}
        Some(Part::Incident) => fold_incident_onto(state, e),
        // Evidence only: the incident's story reads it from the events.
        Some(Part::Evidence) => {}
        Some(Part::Press | Part::Recount | Part::Fact) => {
            let mut play = Play::from_state(state);
            let before = play.after_result.len();
            let ruleset = Ruleset::from_spec(state.ruleset);
            // No person: only a correction needs one, and a correction is never folded on.
            if let Err(err) = play.step(&ruleset, e.id, at_ms(e), e.author.role, None, e.rules_revision(), &e.body) {
                let refused = Rejected { event: e.id, error: err.body() };
                state.walk.rejected.push(refused.clone());
                state.rejected.push(refused);
            }
            state.walk.steps.extend(walked(e));
            // After-result items come last in `open`, in event order (`Fold::open_items`); a
            // correction, which closes them, is never folded on.
            state.open.extend(play.after_result[before..].iter().map(|&id| after_result_item(id)));
            play.into_state(state);
        }
        Some(Part::Decision) => fold_decision_onto(state, e),
        // `folds_on` sent these back above: the game is folded again.
        Some(Part::Tournament | Part::Schedule | Part::Withdrawal | Part::Correction | Part::Query) => {}
    }
    sort_rejected(&mut state.rejected);
    true
}

/// Whether [`fold_onto`] may take an event of this kind (it still refuses one an earlier event
/// named): a caller holding a stored state checks this before reading it. A correction is not
/// (rare, and one that takes a result away needs the status under it, which a state with a
/// result does not keep): the game is folded again.
pub fn folds_on(body: &EventBody) -> bool {
    part(body.kind()).folds_on()
}

/// [`fold_onto`] for a new incident sorting last that no earlier event named: the fold's passes
/// run over it alone, on the state's own parts — indexed (with its own ruling), settled, walked —
/// and its open items go where the full fold lists them, after the other incidents'.
fn fold_incident_onto(state: &mut GameState, e: &Event) {
    let mut fold = Fold::from_state(state);
    fold.index(&[e]);
    fold.settle_rulings();
    let step = Walked::Incident { id: e.id };
    fold.walk_steps(std::slice::from_ref(&step));
    fold.walk.steps.push(step);
    // The earlier incidents' items are in `state.open` already; none names this incident (they
    // would have been refused as unknown).
    let open_appeals = fold.appeals.iter().filter(|a| a.decision.is_none()).count();
    let open_facts = fold.play.after_result.iter().filter(|e| !fold.play.closed(e)).count();
    let at = state.open.len().saturating_sub(open_appeals + open_facts);
    state.open.splice(at..at, fold.incident_items(&e.id));
    fold.into_state(state);
}

/// [`fold_onto`] for a ruling, an escalation or an appeal sorting last: indexed alone, the
/// rulings settled again, then the walk run again from the start over the state's kept steps —
/// an incident's ruling in force may have changed, and with it everything after it (the second
/// warning's loss, 第二十五条二; a result; whose move it is). The walk's own refusals are taken
/// out first, to be made again.
fn fold_decision_onto(state: &mut GameState, e: &Event) {
    let mut fold = Fold::from_state(state);
    fold.index(&[e]);
    fold.settle_rulings();
    for r in std::mem::take(&mut fold.walk.rejected) {
        if let Some(i) = fold.rejected.iter().position(|x| *x == r) {
            fold.rejected.remove(i);
        }
    }
    for c in Colour::BOTH {
        let side = fold.sides.get_mut(c);
        *side = SideRecord { player: side.player.take(), ..SideRecord::default() };
    }
    for view in fold.incidents.values_mut() {
        view.consequence = None;
        view.after_result = false;
    }
    fold.play = Play::default();
    let steps = std::mem::take(&mut fold.walk.steps);
    fold.walk_steps(&steps);
    fold.walk.steps = steps;
    state.open = fold.open_items();
    fold.into_state(state);
}

fn sort_rejected(rejected: &mut [Rejected]) {
    rejected.sort_by(|a, b| (a.event, &a.error.code).cmp(&(b.event, &b.error.code)));
}

/// An event's time on the clock's base (ms since the epoch, the device's office-corrected time).
fn at_ms(e: &Event) -> u64 {
    u64::try_from(e.wall_time.timestamp_millis()).unwrap_or(0)
}

/// De-duplicates by id and sorts by (HLC, id). Two different contents under one id keep the
/// one with the smaller encoding, so the choice does not depend on arrival order.
pub(crate) fn canonical<'a>(events: impl Iterator<Item = &'a Event>, rejected: &mut Vec<Rejected>) -> Vec<&'a Event> {
    let mut by_id: BTreeMap<EventId, &Event> = BTreeMap::new();
    let mut conflicts = BTreeSet::new();
    for e in events {
        match by_id.get(&e.id) {
            None => {
                by_id.insert(e.id, e);
            }
            Some(&kept) if kept == e => {}
            Some(&kept) => {
                conflicts.insert(e.id);
                if wire::encode(e) < wire::encode(kept) {
                    by_id.insert(e.id, e);
                }
            }
        }
    }
    for id in conflicts {
        rejected.push(Rejected { event: id, error: DomainError::ConflictingDuplicate(id.to_string()).body() });
    }
    let mut v: Vec<&Event> = by_id.into_values().collect();
    v.sort_by_key(|e| e.order_key());
    v
}

fn authorize(e: &Event) -> Result<(), DomainError> {
    check_author(e.author.role, e.body.kind())?;
    if let EventBody::Escalated { to, .. } = e.body {
        check_escalation(e.author.role, to)?;
    }
    Ok(())
}

struct Fold {
    ruleset: Ruleset,
    ctx: RuleContext,
    incidents: BTreeMap<EventId, IncidentView>,
    incident_order: Vec<EventId>,
    /// (escalation event, incident, to)
    escalations: Vec<(EventId, EventId, Role)>,
    appeals: Vec<AppealView>,
    sides: PerColour<SideRecord>,
    play: Play,
    rejected: Vec<Rejected>,
    walk: Walk,
}

/// What the walk changes besides incidents: where the game stands, its result, who is to move,
/// what came after the result and the clock's facts — all a clock press or a fact sorting last
/// needs, so that one can be folded onto a kept state ([`fold_onto`]).
struct Play {
    status: Status,
    result: Option<GameResult>,
    to_move: Option<ToMove>,
    superseded_results: Vec<GameResult>,
    corrections: Vec<crate::game::Correction>,
    after_result: Vec<EventId>,
    /// What was flagged after the result since the last correction (facts and incidents), for
    /// the next correction to close. Only a walk fills it: a correction is never folded on.
    pending: Vec<EventId>,
    /// 第十二条/第十四条/第二十三条三 facts for the game clock, with their times.
    clock_facts: Vec<(ClockFact, u64)>,
}

/// 第十六条三: the result a corrected count replaces — the game's result in force, when a count
/// (the first, or one corrected already) decided it. A result decided otherwise, or corrected by
/// its own act since (game::correction), has no count to correct.
pub(crate) fn recount_replaces(result: Option<&GameResult>) -> Result<GameResult, DomainError> {
    match result {
        Some(r) if r.reason == ResultReason::Count => Ok(*r),
        _ => {
            Err(DomainError::ConditionNotMet { article: crate::rules::Article::Art16_3, why: Unmet::NoCountToCorrect })
        }
    }
}

/// A step of the walk as [`Play::step`] applies it.
enum Step<'a> {
    Press(Colour),
    Removal(ClockFact),
    /// KBA 競技第二条2: a toilet break's start or end.
    Break(ClockFact),
    Recount(&'a crate::rules::Count),
    Correct {
        replaces: EventId,
        outcome: Option<Outcome>,
        cause: crate::game::CorrectionCause,
        why: &'a str,
    },
    Fact(Fact<'a>),
}

/// A fact the walk applies in event order (game::part's `Fact`).
#[derive(Clone, Copy)]
enum Fact<'a> {
    Start,
    Pause,
    Resume,
    Adjourn { sealer: Colour, seal: Option<crate::game::SealDigest> },
    Unseal,
    End,
    Count(&'a crate::rules::Count),
    Resign(Colour),
    Enter { outcome: Outcome, forfeit: bool },
}

impl<'a> Step<'a> {
    /// What the walk makes of `body`, every kind read here (a new kind is a compile error until
    /// it is placed); none for what the walk does not step through.
    fn of(body: &'a EventBody) -> Option<Step<'a>> {
        Some(match body {
            EventBody::ClockPressed { by } => Step::Press(*by),
            EventBody::RemovalStarted { .. } => Step::Removal(ClockFact::RemovalStarted),
            EventBody::RemovalEnded { .. } => Step::Removal(ClockFact::RemovalEnded),
            EventBody::BreakStarted { by } => Step::Break(ClockFact::BreakStarted { by: *by }),
            EventBody::BreakEnded { by } => Step::Break(ClockFact::BreakEnded { by: *by }),
            EventBody::CountCorrected { count, .. } => Step::Recount(count),
            EventBody::ResultCorrected { replaces, outcome, cause, why } => {
                Step::Correct { replaces: *replaces, outcome: *outcome, cause: *cause, why }
            }
            EventBody::ClockStarted => Step::Fact(Fact::Start),
            EventBody::ClockPaused { .. } => Step::Fact(Fact::Pause),
            EventBody::ClockResumed => Step::Fact(Fact::Resume),
            EventBody::GameAdjourned { sealer, seal } => Step::Fact(Fact::Adjourn { sealer: *sealer, seal: *seal }),
            EventBody::MoveUnsealed { .. } => Step::Fact(Fact::Unseal),
            EventBody::EndConfirmed { .. } => Step::Fact(Fact::End),
            EventBody::CountRecorded { count } => Step::Fact(Fact::Count(count)),
            EventBody::Resigned { by } => Step::Fact(Fact::Resign(*by)),
            EventBody::ResultEntered { outcome, forfeit, .. } => {
                Step::Fact(Fact::Enter { outcome: *outcome, forfeit: *forfeit })
            }
            EventBody::TournamentCreated(_)
            | EventBody::PersonRegistered(_)
            | EventBody::PlayerRegistered(_)
            | EventBody::GameScheduled(_)
            | EventBody::PlayerWithdrew { .. }
            | EventBody::PlayerDeleted { .. }
            | EventBody::PlayerAbsences { .. }
            | EventBody::ByeAssigned { .. }
            | EventBody::RoundScheduled { .. }
            | EventBody::RefereeAssigned { .. }
            | EventBody::VenueAssigned { .. }
            | EventBody::RemainingTimeAsked { .. }
            | EventBody::IncidentRecorded { .. }
            | EventBody::RulingIssued { .. }
            | EventBody::Escalated { .. }
            | EventBody::AppealFiled { .. }
            | EventBody::AppealDecided { .. }
            | EventBody::RecordAttached { .. }
            | EventBody::KeyRegistered { .. }
            | EventBody::KeyRevoked { .. }
            | EventBody::IncidentWithdrawn { .. } => return None,
        })
    }
}

impl Default for Play {
    /// Before the walk's first step.
    fn default() -> Self {
        Play {
            status: Status::Scheduled,
            result: None,
            to_move: None,
            superseded_results: Vec::new(),
            corrections: Vec::new(),
            after_result: Vec::new(),
            pending: Vec::new(),
            clock_facts: Vec::new(),
        }
    }
}

impl Play {
    /// Takes the walk's part out of a folded state (`state.status` says `Finished` whenever
    /// there is a result; only a correction takes one away, and it is never folded on, so the
    /// status under it is moot here).
    fn from_state(state: &mut GameState) -> Self {
        Play {
            status: state.status,
            result: state.result,
            to_move: state.to_move,
            superseded_results: std::mem::take(&mut state.superseded_results),
            corrections: std::mem::take(&mut state.corrections),
            after_result: std::mem::take(&mut state.after_result),
            pending: Vec::new(),
            clock_facts: std::mem::take(&mut state.clock_facts),
        }
    }

    /// Whether a correction has dealt with what was flagged as `event` after the result.
    fn closed(&self, event: &EventId) -> bool {
        self.corrections.iter().any(|c| c.closes.contains(event))
    }

    /// Puts it into the state as the full fold shows it.
    fn into_state(self, state: &mut GameState) {
        state.status = if self.result.is_some() { Status::Finished } else { self.status };
        state.to_move = self.to_move.filter(|_| self.result.is_none());
        state.result = self.result;
        state.superseded_results = self.superseded_results;
        state.corrections = self.corrections;
        state.after_result = self.after_result;
        state.clock_facts = self.clock_facts;
    }

    /// One step of the walk other than an incident (event `id`, at `at_ms`, by `person` in
    /// `role`, under rules revision `rules`); an error is the event's refusal.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        ruleset: &Ruleset,
        id: EventId,
        at_ms: u64,
        role: Role,
        person: Option<crate::model::PersonId>,
        rules: u16,
        body: &EventBody,
    ) -> Result<(), DomainError> {
        let Some(step) = Step::of(body) else { return Ok(()) };
        match step {
            // A press after the result changes nothing.
            Step::Press(by) => {
                if self.result.is_none() {
                    self.clock_facts.push((ClockFact::Press { by }, at_ms));
                }
                Ok(())
            }
            // 第十六条三: the recount replaces the count in force; it decides nothing else.
            Step::Recount(count) => {
                let replaced = recount_replaces(self.result.as_ref())?;
                let outcome = counting::decide(*count, ruleset)?;
                self.superseded_results.push(replaced);
                self.result = Some(GameResult {
                    outcome,
                    reason: ResultReason::Count,
                    article: crate::rules::Article::Art16_3,
                    event: id,
                    by: Some(role),
                });
                Ok(())
            }
            // 第二十三条四: the removal of captures stops the side to move's clock in byo-yomi.
            // After the result it changes nothing, as a press.
            Step::Removal(fact) => {
                if self.result.is_none() {
                    self.clock_facts.push((fact, at_ms));
                }
                Ok(())
            }
            // KBA 競技第二条2: the toilet break is the Korean ruleset's alone; under it, the
            // break stops the clocks as a removal does.
            Step::Break(_) if ruleset.preset != crate::rules::Preset::Korean => Err(DomainError::ConditionNotMet {
                article: crate::rules::Article::KrC2_2,
                why: Unmet::KoreanRulesOnly,
            }),
            Step::Break(fact) => {
                if self.result.is_none() {
                    self.clock_facts.push((fact, at_ms));
                }
                Ok(())
            }
            // Nor does stopping or restarting the clocks: a referee who stops them while the
            // chief arbiter decides, and the decision ends the game, has nothing to flag.
            Step::Fact(Fact::Pause | Fact::Resume) if self.result.is_some() => Ok(()),
            Step::Correct { replaces, outcome, cause, why } => {
                crate::game::correction::check(self.result.as_ref(), role, replaces, cause, why)?;
                let Some(replaced) = self.result.take() else { return Ok(()) };
                self.superseded_results.push(replaced);
                self.result = outcome.map(|outcome| GameResult {
                    outcome,
                    reason: ResultReason::Corrected,
                    article: cause.article(),
                    event: id,
                    by: Some(role),
                });
                self.corrections.push(crate::game::Correction {
                    event: id,
                    replaced,
                    outcome,
                    cause,
                    why: why.trim().to_owned(),
                    by: role,
                    person,
                    closes: std::mem::take(&mut self.pending),
                });
                Ok(())
            }
            Step::Fact(fact) => {
                // Before revision 3 the chief arbiter's fact after a result replaced it; from
                // it on, the first decisive event stands for everyone (game::correction).
                let authority = rules < FIRST_RESULT_STANDS_SINCE && role.ruling_rank().unwrap_or(0) >= CHIEF_RANK;
                if self.result.is_some() && !authority {
                    self.after_result.push(id);
                    self.pending.push(id);
                    return Ok(());
                }
                self.to_move = None;
                self.apply_fact(ruleset, id, at_ms, role, fact)
            }
        }
    }

    fn apply_fact(
        &mut self,
        ruleset: &Ruleset,
        id: EventId,
        at_ms: u64,
        role: Role,
        fact: Fact,
    ) -> Result<(), DomainError> {
        let clock = match fact {
            Fact::Start => Some(ClockFact::Start { to_move: Colour::Black }),
            Fact::Pause => Some(ClockFact::Pause),
            // 第十四条: at resumption the sealed move is played and the opponent's clock starts.
            Fact::Resume | Fact::Unseal => Some(ClockFact::Resume),
            Fact::Adjourn { .. } => Some(ClockFact::Adjourn),
            Fact::End | Fact::Count(_) | Fact::Enter { .. } | Fact::Resign(_) => None,
        };
        if let Some(f) = clock {
            self.clock_facts.push((f, at_ms));
        }
        match fact {
            Fact::Start | Fact::Resume | Fact::Unseal => self.status = Status::Playing,
            Fact::Pause => self.status = Status::Paused,
            Fact::Adjourn { sealer, seal } => self.status = Status::Adjourned { sealer, seal },
            Fact::End => self.status = Status::EndConfirmed,
            Fact::Count(count) => {
                let outcome = counting::decide(*count, ruleset)?;
                let article = ruleset.count_article;
                self.set_result(GameResult {
                    outcome,
                    reason: ResultReason::Count,
                    article,
                    event: id,
                    by: Some(role),
                });
            }
            Fact::Enter { outcome, forfeit } => {
                let article = crate::rules::Article::Art13_1;
                let reason = if forfeit { ResultReason::Forfeit } else { ResultReason::Entered };
                self.set_result(GameResult { outcome, reason, article, event: id, by: Some(role) });
            }
            Fact::Resign(by) => {
                let article = ruleset.resignation_article;
                self.set_result(GameResult {
                    outcome: Outcome::win(by.opponent()),
                    reason: ResultReason::Resignation,
                    article,
                    event: id,
                    by: Some(role),
                });
            }
        }
        Ok(())
    }

    /// Decides the game (or, before revision 3, replaces its result). The status under the
    /// result is kept: `into_state` shows `Finished` while there is one, and a correction that
    /// takes it away shows the game as it stood.
    fn set_result(&mut self, new: GameResult) {
        if let Some(old) = self.result.replace(new) {
            self.superseded_results.push(old);
        }
    }
}

impl Fold {
    /// The fold's parts taken out of a folded state, to fold more events onto it.
    fn from_state(state: &mut GameState) -> Self {
        // Closed escalations stay closed (a ruling's rank only rises), so the open ones are all
        // `open_items` needs, in the same order.
        let escalations = state
            .open
            .iter()
            .filter(|o| o.kind == OpenKind::Escalation)
            .filter_map(|o| Some((o.event, o.incident?, o.for_role)))
            .collect();
        Fold {
            ruleset: Ruleset::from_spec(state.ruleset),
            ctx: RuleContext::for_game(state.schedule.as_ref()),
            incident_order: state.incidents.iter().map(|v| v.id).collect(),
            incidents: std::mem::take(&mut state.incidents).into_iter().map(|v| (v.id, v)).collect(),
            escalations,
            appeals: std::mem::take(&mut state.appeals),
            sides: std::mem::take(&mut state.sides),
            play: Play::from_state(state),
            rejected: std::mem::take(&mut state.rejected),
            walk: std::mem::take(&mut state.walk),
        }
    }

    /// Puts the parts back (`open` is the caller's).
    fn into_state(mut self, state: &mut GameState) {
        state.incidents = self.incident_order.iter().filter_map(|id| self.incidents.remove(id)).collect();
        state.appeals = self.appeals;
        state.sides = self.sides;
        state.rejected = self.rejected;
        state.walk = self.walk;
        self.play.into_state(state);
    }

    fn reject(&mut self, event: EventId, err: &DomainError) {
        self.rejected.push(Rejected { event, error: err.body() });
    }

    /// A refusal the walk makes: kept apart too, so that walking again can take it back.
    fn reject_walk(&mut self, event: EventId, err: &DomainError) {
        let refused = Rejected { event, error: err.body() };
        self.walk.rejected.push(refused.clone());
        self.rejected.push(refused);
    }

    /// Admits (or refuses) a ruling through the one penalty check.
    fn ruling_record(
        &mut self,
        e: &Event,
        incident: &Incident,
        ruling: Ruling,
        role: Role,
        appeal: Option<EventId>,
        revision: u16,
    ) -> RulingRecord {
        // The checks of the revision the incident was recorded under (rules::revision).
        let admitted = check(&self.ruleset, incident, ruling, role, self.ctx.under(revision));
        let (article, refused) = match admitted {
            Ok(entry) => (Some(entry.article), None),
            Err(err) => {
                self.reject(e.id, &err);
                (None, Some(err.body()))
            }
        };
        RulingRecord {
            event: e.id,
            hlc: e.hlc,
            author: e.author.clone(),
            ruling,
            rank: role.ruling_rank().unwrap_or(0),
            article,
            refused,
            superseded_by: None,
            appeal,
        }
    }

    /// Collects incidents, then rulings, escalations and appeals on them, then appeal decisions,
    /// then undos. Passes, not one walk, because a ruling's HLC may precede its incident's on a
    /// skewed device.
    fn index(&mut self, events: &[&Event]) {
        for e in events {
            if let EventBody::IncidentRecorded { incident, ruling, note } = &e.body {
                let mut view = IncidentView {
                    id: e.id,
                    hlc: e.hlc,
                    wall_time: e.wall_time,
                    author: e.author.clone(),
                    incident: incident.clone(),
                    article: None,
                    note: note.clone(),
                    rulings: Vec::new(),
                    effective: None,
                    disputed: false,
                    after_result: false,
                    would_decide: false,
                    consequence: None,
                    escalated_to: Vec::new(),
                    rules: e.rules_revision(),
                    withdrawn: None,
                };
                if let Some(r) = ruling {
                    let rec = self.ruling_record(e, incident, *r, e.author.role, None, view.rules);
                    view.rulings.push(rec);
                }
                self.incidents.insert(e.id, view);
                self.incident_order.push(e.id);
            }
        }
        for e in events {
            match &e.body {
                EventBody::RulingIssued { incident, ruling, .. } => {
                    match self.incidents.get(incident).map(|v| (v.incident.clone(), v.rules)) {
                        Some((inc, rules)) => {
                            let rec = self.ruling_record(e, &inc, *ruling, e.author.role, None, rules);
                            self.push_ruling(*incident, rec);
                        }
                        None => self.reject(e.id, &unknown("a ruling", *incident)),
                    }
                }
                EventBody::Escalated { incident, to, .. } => match self.incidents.get_mut(incident) {
                    Some(view) => {
                        view.escalated_to.push(*to);
                        self.escalations.push((e.id, *incident, *to));
                    }
                    None => self.reject(e.id, &unknown("an escalation", *incident)),
                },
                EventBody::AppealFiled { incident, by, grounds } => {
                    if self.incidents.contains_key(incident) {
                        self.appeals.push(AppealView {
                            id: e.id,
                            incident: *incident,
                            by: *by,
                            grounds: grounds.clone(),
                            decision: None,
                            refused: Vec::new(),
                        });
                    } else {
                        self.reject(e.id, &unknown("an appeal", *incident));
                    }
                }
                _ => {}
            }
        }
        for e in events {
            if let EventBody::AppealDecided { appeal, decision, .. } = &e.body {
                let Some(idx) = self.appeals.iter().position(|a| a.id == *appeal) else {
                    self.reject(e.id, &DomainError::UnknownAppeal(appeal.to_string()));
                    continue;
                };
                let incident_id = self.appeals[idx].incident;
                // 第十六条四: the decision replaces the ruling with another, annuls it, or upholds it.
                let replacement = match decision {
                    AppealDecision::Overturned { ruling } => Some(*ruling),
                    AppealDecision::Annulled => Some(Ruling::Void),
                    AppealDecision::Upheld => None,
                };
                let inc = self.incidents.get(&incident_id).map(|v| (v.incident.clone(), v.rules));
                let rec = replacement
                    .zip(inc)
                    .map(|(r, (inc, rules))| self.ruling_record(e, &inc, r, Role::Committee, Some(*appeal), rules));
                // A decision the rules refuse does not decide: the appeal stays open, the refusal
                // beside it.
                match rec.as_ref().and_then(|r| r.refused.clone()) {
                    Some(error) => self.appeals[idx].refused.push(Rejected { event: e.id, error }),
                    None if self.appeals[idx].decision.is_none() => {
                        self.appeals[idx].decision = Some((e.id, *decision))
                    }
                    None => {}
                }
                if let Some(rec) = rec {
                    self.push_ruling(incident_id, rec);
                }
            }
        }
        self.index_withdrawals(events);
    }

    /// Undos last: each checked against the incident with every ruling, escalation and appeal
    /// on it indexed, at the moment the undo was made or its stamp, by its revision (game::undo).
    fn index_withdrawals(&mut self, events: &[&Event]) {
        for e in events {
            let EventBody::IncidentWithdrawn { incident } = &e.body else { continue };
            let appealed = self.appeals.iter().any(|a| a.incident == *incident);
            let checked = match self.incidents.get(incident) {
                Some(view) => {
                    let at = crate::game::undo::UndoAt {
                        stamp_ms: e.hlc.wall_ms,
                        made_ms: u64::try_from(e.wall_time.timestamp_millis()).unwrap_or(0),
                        revision: e.rules_revision(),
                    };
                    crate::game::undo::check_at(view, appealed, &e.author.device, at)
                }
                None => Err(unknown("an undo", *incident)),
            };
            match checked {
                Ok(()) => {
                    if let Some(view) = self.incidents.get_mut(incident) {
                        view.withdrawn =
                            Some(Withdrawal { event: e.id, wall_time: e.wall_time, author: e.author.clone() });
                    }
                }
                Err(err) => self.reject(e.id, &err),
            }
        }
    }

    fn push_ruling(&mut self, incident: EventId, rec: RulingRecord) {
        if let Some(v) = self.incidents.get_mut(&incident) {
            v.rulings.push(rec);
        }
    }

    /// Who overrides whom: the highest rank rules; within it the first in event order stands,
    /// and a different ruling of the same rank makes a dispute. Nothing is deleted.
    fn settle_rulings(&mut self) {
        for view in self.incidents.values_mut() {
            view.rulings.sort_by_key(|r| (r.hlc, r.event));
            if view.withdrawn.is_some() {
                view.effective = None;
                continue;
            }
            let top = view.rulings.iter().filter(|r| r.refused.is_none()).map(|r| r.rank).max();
            let Some(top) = top else { continue };
            let Some(first) = view.rulings.iter().find(|r| r.refused.is_none() && r.rank == top) else { continue };
            let eff = EffectiveRuling {
                event: first.event,
                ruling: first.ruling,
                article: first.article.unwrap_or(crate::rules::Article::Art25_1),
                rank: top,
            };
            view.disputed = view.rulings.iter().any(|r| r.refused.is_none() && r.rank == top && r.ruling != eff.ruling);
            for r in view.rulings.iter_mut().filter(|r| r.refused.is_none() && r.rank < top) {
                r.superseded_by = Some(eff.event);
            }
            view.effective = Some(eff);
        }
        for view in self.incidents.values_mut() {
            view.article = view
                .effective
                .map(|e| e.article)
                .or_else(|| self.ruleset.table.rows_for(view.incident.kind()).next().map(|r| r.article));
        }
    }

    /// Applies facts and incidents in event order.
    fn walk_steps(&mut self, steps: &[Walked]) {
        for step in steps {
            match step {
                Walked::Incident { id } => {
                    self.play.to_move = None;
                    self.apply_incident(*id);
                }
                Walked::Fact { id, at_ms, role, rules, person, body } => {
                    let by = person.clone();
                    if let Err(err) = self.play.step(&self.ruleset, *id, *at_ms, *role, by, *rules, body) {
                        self.reject_walk(*id, &err);
                    }
                }
            }
        }
    }

    fn apply_incident(&mut self, id: EventId) {
        let after = self.play.result.is_some();
        let Some(view) = self.incidents.get_mut(&id) else { return };
        view.after_result = after;
        view.would_decide = false;
        let kind = view.incident.kind();
        let rules = view.rules;
        // From revision 3 the first decisive event stands: after it, a ruling that would decide
        // the game again is kept and flagged, whoever gives it (game::correction).
        let stands = after && view.rules >= FIRST_RESULT_STANDS_SINCE;
        let Some(eff) = view.effective else {
            if after {
                self.play.pending.push(id);
            }
            return;
        };
        let by = view.rulings.iter().find(|r| r.event == eff.event).map(|r| r.author.role);
        // After a result, only the chief arbiter or the committee changes anything.
        if after && eff.rank < CHIEF_RANK {
            self.play.pending.push(id);
            return;
        }
        let c = consequence(&view.incident, eff.ruling, eff.article, self.ctx);
        if let Some(who) = c.approved_absence {
            // The earlier approval stands; this one is refused.
            if !self.sides.get(who).approved_absences.is_empty() {
                let err = DomainError::ConditionNotMet { article: eff.article, why: Unmet::OneApprovedAbsence(who) };
                self.reject_walk(eff.event, &err);
                return;
            }
        }
        view.consequence = Some(c.clone());
        if let Some(w) = c.advice {
            self.sides.get_mut(w).advice.push(id);
        }
        if let Some(w) = c.pass {
            self.sides.get_mut(w).imposed_passes.push(id);
            // 轮对方下子: the opponent of the side that passed is to move.
            self.play.to_move = Some(ToMove { colour: w.opponent(), after_pass: id, article: c.article });
        }
        for adj in &c.clock {
            self.sides.get_mut(adj.colour).clock_adjustment_secs += adj.secs;
        }
        if let Some(w) = c.approved_absence {
            self.sides.get_mut(w).approved_absences.push(id);
        }
        if let Some(w) = c.report_to_committee {
            self.sides.get_mut(w).reported_to_committee.push(id);
        }
        let mut would_decide = false;
        if let Some((outcome, reason)) = c.result {
            if stands {
                would_decide = true;
            } else {
                self.play.set_result(GameResult { outcome, reason, article: c.article, event: id, by });
            }
        }
        if let Some(w) = c.warning {
            let earlier: Vec<_> = self
                .sides
                .get(w)
                .warnings
                .iter()
                .filter_map(|e| self.incidents.get(e))
                .map(|v| v.incident.kind())
                .collect();
            // The warnings this one counts with: from revision 7 a KBA ring or noise only with
            // its own kind (競技の規則 第一条), before it every warning in the game.
            let by_kind = rules >= WARNINGS_BY_KIND_SINCE;
            let count = 1 + earlier.iter().filter(|k| !by_kind || self.ruleset.counts_with(kind, **k)).count();
            self.sides.get_mut(w).warnings.push(id);
            // 第二十五条二: the warning that makes the count reach the limit loses the game (the
            // text's own sentence cited where it has one, e.g. KBA's second ring).
            if count == self.ruleset.warnings_to_lose && (self.play.result.is_none() || after) {
                let article = self.ruleset.warning_loss(kind, &earlier);
                if stands {
                    would_decide = true;
                } else {
                    self.play.set_result(GameResult {
                        outcome: Outcome::win(w.opponent()),
                        reason: ResultReason::SecondWarning,
                        article,
                        event: id,
                        by,
                    });
                }
            }
        }
        if would_decide {
            self.play.pending.push(id);
            if let Some(view) = self.incidents.get_mut(&id) {
                view.would_decide = true;
            }
        }
    }

    fn open_items(&self) -> Vec<OpenItem> {
        let mut open = Vec::new();
        for id in &self.incident_order {
            open.extend(self.incident_items(id));
        }
        for a in self.appeals.iter().filter(|a| a.decision.is_none()) {
            let article = Some(crate::rules::Article::Art16_4);
            open.push(OpenItem {
                kind: OpenKind::Appeal,
                for_role: Role::Committee,
                event: a.id,
                incident: Some(a.incident),
                article,
                refused: a.refused.clone(),
            });
        }
        open.extend(self.play.after_result.iter().filter(|e| !self.play.closed(e)).map(|&e| after_result_item(e)));
        open
    }

    /// What officials still have to decide on one incident: its escalations above the ruling in
    /// force, a result-changing incident after the result, a dispute, or no ruling yet.
    fn incident_items(&self, id: &EventId) -> Vec<OpenItem> {
        let mut open = Vec::new();
        let Some(v) = self.incidents.get(id) else { return open };
        if v.withdrawn.is_some() {
            return open;
        }
        let article = v.article;
        let item =
            |kind, for_role, event| OpenItem { kind, for_role, event, incident: Some(v.id), article, refused: vec![] };
        let top_rank = v.effective.map_or(0, |e| e.rank);
        let mut escalated_open = false;
        for &(esc, inc, to) in &self.escalations {
            if inc == v.id && top_rank < to.ruling_rank().unwrap_or(0) {
                open.push(item(OpenKind::Escalation, to, esc));
                escalated_open = true;
            }
        }
        // Flagged after the result until the chief arbiter rules on it or corrects the result;
        // one that would have decided the game again waits even when the chief recorded it.
        let reviewed = v.rulings.iter().any(|r| r.refused.is_none() && r.rank >= CHIEF_RANK && r.event != v.id);
        let waits = top_rank < CHIEF_RANK || v.would_decide && !reviewed;
        if v.after_result && waits && !self.play.closed(&v.id) {
            open.push(item(OpenKind::AfterResult, Role::ChiefArbiter, v.id));
        } else if v.disputed {
            let to = if top_rank >= 3 { Role::Committee } else { Role::ChiefArbiter };
            open.push(item(OpenKind::Dispute, to, v.id));
        } else if v.effective.is_none() && !escalated_open {
            // Some facts leave nothing the referee may rule (17.3 when the players disagree).
            let referee_can = !allowed(&self.ruleset, &v.incident, Role::Referee, self.ctx.under(v.rules)).is_empty();
            let to = if referee_can { Role::Referee } else { Role::ChiefArbiter };
            open.push(item(OpenKind::AwaitingRuling, to, v.id));
        }
        open
    }
}

/// A fact recorded after the result, for the chief arbiter to look at.
fn after_result_item(event: EventId) -> OpenItem {
    OpenItem {
        kind: OpenKind::AfterResult,
        for_role: Role::ChiefArbiter,
        event,
        incident: None,
        article: None,
        refused: vec![],
    }
}

fn unknown(what: &'static str, incident: EventId) -> DomainError {
    DomainError::UnknownIncident { what, incident: incident.to_string() }
}

//! The whole tournament as derived from its events: set-up plus every game, summarised.
//!
//! Tournament-wide work (pairing, standings, sheets) needs of each game only its
//! [`GameSummary`], so a view of a 5,000-game event holds 5,000 small summaries, not 5,000
//! folded games; a game's full state is read on its own.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use chrono::{DateTime, Utc};

use crate::clock::Hlc;
use crate::event::{Event, EventBody, PublicKey};
use crate::game::fold::canonical;
use crate::game::{fold_game, GameState, GameSummary, Rejected};
use crate::model::{DeviceId, GameId, Person, PersonId, Player, PlayerId, Role, Tournament, TournamentId};
use crate::rules::authority::check_author;
use crate::rules::RulesetSpec;

/// A signing key as the ledger registered it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisteredKey {
    pub key: PublicKey,
    pub person: Option<PersonId>,
    pub role: Option<Role>,
    /// The device that signed its registration (the office, or a venue office).
    pub registered_by: Option<DeviceId>,
    /// When it was revoked: what it signed after is refused.
    pub revoked: Option<Hlc>,
}

/// A tournament's derived state: its set-up and its games, each as a `G` — a [`GameSummary`]
/// unless said otherwise ([`replay_states`] gives every game's whole state).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, concrete(G = GameSummary)))]
pub struct TournamentView<G = GameSummary> {
    pub id: TournamentId,
    /// `None` until the `tournament_created` event is here.
    pub tournament: Option<Tournament>,
    /// The set-up's time control as this build reads it (第十二条二: `main_minutes` the whole
    /// limit, the reserve its last minutes), whatever rules revision the set-up was recorded
    /// under; what the set-up form shows and a round is paired with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time_limit: Option<crate::model::TimeControl>,
    pub people: Vec<Person>,
    pub players: Vec<Player>,
    /// 第二十九条: who withdrew, after which round.
    pub withdrawals: BTreeMap<PlayerId, u16>,
    /// The rules revision each withdrawal in force was recorded under: 第二十九条三 reads it by
    /// that revision ([`crate::rules::UNPLAYED_AFTER_WITHDRAWAL_SINCE`]).
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub withdrawal_rules: BTreeMap<PlayerId, u16>,
    /// The rounds each player will miss (OpenGotha's participation flags), where any.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<BTreeMap<PlayerId, BTreeSet<u16>>>"))]
    pub absences: BTreeMap<PlayerId, BTreeSet<u16>>,
    /// Who sits out each round that has a bye.
    pub byes: BTreeMap<u16, Vec<PlayerId>>,
    /// When each scheduled round starts.
    pub rounds: BTreeMap<u16, DateTime<Utc>>,
    /// 第三十一条三: the referee at each table.
    pub referees: BTreeMap<u16, PersonId>,
    /// A league's venues: round → table → the venue office that hosts it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<BTreeMap<u16, BTreeMap<u16, PersonId>>>"))]
    pub venues: BTreeMap<u16, BTreeMap<u16, PersonId>>,
    /// Signing keys the ledger registers (devices', venues'), with who registered them and any
    /// revocation: what checks a venue's forwarded events at the central office.
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub keys: BTreeMap<DeviceId, RegisteredKey>,
    pub games: Vec<G>,
    /// Tournament-level events that were not applied.
    pub rejected: Vec<Rejected>,
}

impl<G> TournamentView<G> {
    /// A tournament of which nothing is known yet.
    pub fn empty(id: TournamentId) -> Self {
        TournamentView {
            id,
            tournament: None,
            time_limit: None,
            people: vec![],
            players: vec![],
            withdrawals: BTreeMap::new(),
            withdrawal_rules: BTreeMap::new(),
            absences: BTreeMap::new(),
            byes: BTreeMap::new(),
            rounds: BTreeMap::new(),
            referees: BTreeMap::new(),
            venues: BTreeMap::new(),
            keys: BTreeMap::new(),
            games: vec![],
            rejected: vec![],
        }
    }

    /// The venue office hosting `table` in `round`, in a league.
    pub fn venue_of(&self, round: u16, table: u16) -> Option<&PersonId> {
        self.venues.get(&round)?.get(&table)
    }

    /// The ruleset a game folds under until its own schedule names one.
    pub fn default_ruleset(&self) -> RulesetSpec {
        self.tournament.as_ref().map(|t: &Tournament| t.ruleset).unwrap_or_default()
    }

    /// This view's set-up with `games` as its games.
    pub fn with_games<H>(&self, games: Vec<H>) -> TournamentView<H> {
        TournamentView {
            id: self.id.clone(),
            tournament: self.tournament.clone(),
            time_limit: self.time_limit,
            people: self.people.clone(),
            players: self.players.clone(),
            withdrawals: self.withdrawals.clone(),
            withdrawal_rules: self.withdrawal_rules.clone(),
            absences: self.absences.clone(),
            byes: self.byes.clone(),
            rounds: self.rounds.clone(),
            referees: self.referees.clone(),
            venues: self.venues.clone(),
            keys: self.keys.clone(),
            games,
            rejected: self.rejected.clone(),
        }
    }
}

impl TournamentView<GameState> {
    /// Each game summarised, as tournament-wide work reads it.
    pub fn summarised(&self) -> TournamentView {
        let games = self.games.iter().map(GameSummary::of).collect();
        self.with_games(games)
    }
}

/// Folds a log that may hold several tournaments, each on its own; each game summarised.
pub fn replay(events: &[Event]) -> Vec<TournamentView> {
    replay_states(events).iter().map(TournamentView::summarised).collect()
}

/// [`replay`] with every game's whole state (incidents, rulings, clocks): the reference the
/// store's kept state is tested against, and what the `replay` report prints.
pub fn replay_states(events: &[Event]) -> Vec<TournamentView<GameState>> {
    let mut by_tournament: BTreeMap<&TournamentId, Vec<&Event>> = BTreeMap::new();
    for e in events {
        by_tournament.entry(&e.tournament).or_default().push(e);
    }
    by_tournament.into_iter().map(|(id, evs)| fold_tournament(id, &evs)).collect()
}

fn fold_tournament(id: &TournamentId, events: &[&Event]) -> TournamentView<GameState> {
    let mut view = fold_setup(id, events.iter().copied().filter(|e| e.game.is_none()));
    let mut games: BTreeMap<&GameId, Vec<&Event>> = BTreeMap::new();
    for e in events {
        if let Some(g) = &e.game {
            games.entry(g).or_default().push(e);
        }
    }
    let default_ruleset = view.default_ruleset();
    view.games = games.into_iter().map(|(g, evs)| fold_game(g, default_ruleset, evs.iter().copied())).collect();
    view
}

/// The tournament's set-up: its events that belong to no game (creation, people, players,
/// withdrawals, byes, rounds, referees), folded; `games` is left empty. Events of games are
/// ignored, so a caller may pass the whole log or only the set-up's events.
pub fn fold_setup<'a, G>(id: &TournamentId, events: impl IntoIterator<Item = &'a Event>) -> TournamentView<G> {
    let mut rejected = Vec::new();
    let ordered = canonical(events.into_iter().filter(|e| e.game.is_none()), &mut rejected);
    let mut tournament = None;
    let mut time_limit = None;
    let mut people: BTreeMap<PersonId, Person> = BTreeMap::new();
    let mut players: BTreeMap<PlayerId, Player> = BTreeMap::new();
    let mut withdrawals = BTreeMap::new();
    let mut withdrawal_rules = BTreeMap::new();
    let mut absences: BTreeMap<PlayerId, BTreeSet<u16>> = BTreeMap::new();
    let mut byes: BTreeMap<u16, Vec<PlayerId>> = BTreeMap::new();
    let mut rounds = BTreeMap::new();
    let mut referees = BTreeMap::new();
    let mut venues: BTreeMap<u16, BTreeMap<u16, PersonId>> = BTreeMap::new();
    let mut keys: BTreeMap<DeviceId, RegisteredKey> = BTreeMap::new();
    for e in &ordered {
        if let Err(err) = check_author(e.author.role, e.body.kind()) {
            rejected.push(Rejected { event: e.id, error: err.body() });
            continue;
        }
        // Later registrations of the same id correct earlier ones.
        match &e.body {
            EventBody::TournamentCreated(t) => {
                time_limit = t.settings.time_control.map(|tc| tc.read_under(e.rules_revision()));
                tournament = Some(t.clone());
            }
            EventBody::PersonRegistered(p) => {
                people.insert(p.id.clone(), p.clone());
            }
            EventBody::PlayerRegistered(p) => {
                players.insert(p.id.clone(), p.clone());
            }
            EventBody::PlayerWithdrew { player, after_round, .. } => {
                withdrawals.insert(player.clone(), *after_round);
                withdrawal_rules.insert(player.clone(), e.rules_revision());
            }
            // Gone from every list; a later registration of the same id brings them back.
            EventBody::PlayerDeleted { player, .. } => {
                players.remove(player);
                withdrawals.remove(player);
                withdrawal_rules.remove(player);
                absences.remove(player);
            }
            EventBody::PlayerAbsences { player, rounds } => {
                let rounds: BTreeSet<u16> = rounds.iter().copied().collect();
                if rounds.is_empty() {
                    absences.remove(player);
                } else {
                    absences.insert(player.clone(), rounds);
                }
            }
            EventBody::ByeAssigned { round, player } => {
                let sitting_out = byes.entry(*round).or_default();
                if !sitting_out.contains(player) {
                    sitting_out.push(player.clone());
                }
            }
            EventBody::RoundScheduled { round, starts_at } => {
                rounds.insert(*round, *starts_at);
            }
            EventBody::RefereeAssigned { referee, tables } => {
                for t in tables {
                    referees.insert(*t, referee.clone());
                }
            }
            EventBody::VenueAssigned { venue, round, tables } => {
                let at = venues.entry(*round).or_default();
                for t in tables {
                    at.insert(*t, venue.clone());
                }
            }
            EventBody::KeyRegistered { signer, key, person, role } => {
                let registered_by = e.sig.as_ref().map(|s| s.by.clone());
                let entry =
                    RegisteredKey { key: *key, person: person.clone(), role: *role, registered_by, revoked: None };
                keys.insert(signer.clone(), entry);
            }
            EventBody::KeyRevoked { signer } => {
                if let Some(k) = keys.get_mut(signer) {
                    k.revoked.get_or_insert(e.hlc);
                }
            }
            _ => {}
        }
    }
    TournamentView {
        id: id.clone(),
        tournament,
        time_limit,
        people: people.into_values().collect(),
        players: players.into_values().collect(),
        withdrawals,
        withdrawal_rules,
        absences,
        byes,
        rounds,
        referees,
        venues,
        keys,
        games: Vec::new(),
        rejected,
    }
}

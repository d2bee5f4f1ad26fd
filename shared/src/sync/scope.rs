//! What a device is sent when it pulls, so that a tablet on a big event holds what it needs: a
//! referee assigned to tables (第三十一条三) is sent the tournament's set-up, the games at those
//! tables in every round, and whatever its own device recorded. A chief arbiter, the committee,
//! the organiser — and a referee not assigned to any table — are sent everything.
//!
//! The scope travels with each pull answer as a label; a device whose label changes (a new
//! assignment) pulls again from the start, so it gets the earlier events of its new tables
//! (what it already holds stays; duplicates are idempotent). A game that enters a referee's
//! tables otherwise (a pairing moved to one) is sent whole with the schedule that moves it.

use std::collections::{BTreeSet, HashSet};

use crate::event::{Event, EventBody};
use crate::model::{DeviceId, GameId, PersonId, Role};
use crate::store::LogTag;
use crate::tournament::TournamentView;

/// What one device is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PullScope {
    All,
    /// A referee's tables, and the games scheduled at them.
    Tables {
        tables: BTreeSet<u16>,
        games: HashSet<GameId>,
    },
    /// A league's venue office: the set-up, and the games its rounds' tables hold
    /// there (`venue_assigned`).
    Venue {
        venue: PersonId,
        /// Per round, the tables played at this venue.
        tables: std::collections::BTreeMap<u16, BTreeSet<u16>>,
        games: HashSet<GameId>,
    },
}

impl PullScope {
    /// The scope of `person` in `role`, from the set-up's assignments and the games' schedules.
    pub fn of<'a>(
        role: Role,
        person: &PersonId,
        setup: &TournamentView,
        games: impl IntoIterator<Item = (&'a GameId, u16)>,
    ) -> Self {
        if role != Role::Referee {
            return PullScope::All;
        }
        let tables: BTreeSet<u16> = setup.referees.iter().filter(|(_, p)| *p == person).map(|(t, _)| *t).collect();
        if tables.is_empty() {
            return PullScope::All;
        }
        let games = games.into_iter().filter(|(_, table)| tables.contains(table)).map(|(g, _)| g.clone()).collect();
        PullScope::Tables { tables, games }
    }

    /// The scope of the venue office `venue`: the set-up's venue assignments, and each game's
    /// round and table.
    pub fn venue<'a>(
        venue: &PersonId,
        setup: &TournamentView,
        games: impl IntoIterator<Item = (&'a GameId, u16, u16)>,
    ) -> Self {
        let tables: std::collections::BTreeMap<u16, BTreeSet<u16>> = setup
            .venues
            .iter()
            .map(|(round, at)| (*round, at.iter().filter(|(_, v)| *v == venue).map(|(t, _)| *t).collect()))
            .collect();
        let hosts = |round: u16, table: u16| tables.get(&round).is_some_and(|t: &BTreeSet<u16>| t.contains(&table));
        let games = games.into_iter().filter(|(_, r, t)| hosts(*r, *t)).map(|(g, _, _)| g.clone()).collect();
        PullScope::Venue { venue: venue.clone(), tables, games }
    }

    /// The label sent with a pull answer: `all`, `tables:1,2,3` or `venue:ID`.
    pub fn label(&self) -> String {
        match self {
            PullScope::All => "all".into(),
            PullScope::Venue { venue, .. } => format!("venue:{venue}"),
            PullScope::Tables { tables, .. } => {
                format!("tables:{}", tables.iter().map(u16::to_string).collect::<Vec<_>>().join(","))
            }
        }
    }

    /// Whether `e` is sent to `device`.
    pub fn admits(&self, e: &Event, device: &DeviceId) -> bool {
        self.admits_tag(&LogTag::of(e), device)
    }

    /// [`PullScope::admits`] from a log entry's tag, before its event is read: the set-up, the
    /// games at its tables, and what `device` itself recorded.
    pub fn admits_tag(&self, tag: &LogTag<'_>, device: &DeviceId) -> bool {
        match self {
            PullScope::All => true,
            PullScope::Tables { games, .. } | PullScope::Venue { games, .. } => {
                tag.game.is_none_or(|g| games.contains(g)) || tag.device == device.as_str()
            }
        }
    }

    /// The game `e` brings into a referee's tables (its schedule at one of them): its earlier
    /// events are sent along, since they were left out while it sat elsewhere.
    pub fn brings_in<'e>(&self, e: &'e Event) -> Option<&'e GameId> {
        match (self, &e.body) {
            (PullScope::Tables { tables, .. }, EventBody::GameScheduled(g)) if tables.contains(&g.table) => {
                e.game.as_ref()
            }
            (PullScope::Venue { tables, .. }, EventBody::GameScheduled(g))
                if tables.get(&g.round).is_some_and(|t| t.contains(&g.table)) =>
            {
                e.game.as_ref()
            }
            _ => None,
        }
    }
}

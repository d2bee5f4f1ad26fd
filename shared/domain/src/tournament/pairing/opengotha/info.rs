//! What OpenGotha knows of each player when it weighs a pair (`Tournament.fillPairingInfo` and
//! the values `costValue` reads): category, score group and place in it, draw-ups and
//! draw-downs, colour balance, and the scores before the round.
//!
//! Rounds here are OpenGotha's, 0-based: pairing round `rn` reads scores "after round rn−1".
//! Integer divisions of doubled scores truncate toward zero, as Java's do.

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::model::PlayerId;
use crate::tournament::field::{Field, FieldGame};
use crate::tournament::standings::direct::{self, Direct};
use crate::tournament::standings::mcmahon::Scores;
use crate::tournament::standings::Criterion;

use super::{Person, Settings};

/// OpenGotha's lowest rank (30k), from which the McMahon bands are counted (`Gotha.MIN_RANK`).
pub(super) const MIN_RANK: i32 = -30;
/// `PlacementParameterSet.PLA_SMMS_CORR_MIN` / `_MAX`: the range of a starting-score correction.
pub(super) const SMMS_CORR_MIN: i32 = -1;
pub(super) const SMMS_CORR_MAX: i32 = 2;

/// The criterion that makes the score groups (`PlacementParameterSet.mainCriterion`): the first
/// of NBW or MMS among the placement criteria, NBW when neither is there.
pub(super) fn main_criterion(criteria: &[Criterion]) -> Criterion {
    criteria.iter().copied().find(|c| matches!(c, Criterion::Nbw | Criterion::Mms)).unwrap_or(Criterion::Nbw)
}

/// Java's `String.compareTo`: by UTF-16 code unit, then by length.
pub(super) fn java_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// One player as the weights read them.
#[derive(Debug, Clone, Default)]
pub struct Info {
    pub category: i32,
    pub group: i32,
    pub group_size: i32,
    /// Place in the score group, 0 = first.
    pub inner: i32,
    pub nb_du: i32,
    pub nb_dd: i32,
    /// Games as White − games as Black, even games only, before the round.
    pub wb_balance: i32,
    pub rank: i32,
    pub smms: i32,
    /// Doubled MMS and NBW before the round.
    pub mms2: i64,
    pub nbw2: i64,
}

/// Every entrant's [`Info`] for pairing round `rn` (0-based), plus the number of score groups.
pub struct Infos<'a> {
    pub field: &'a Field,
    pub people: &'a [Person<'a>],
    pub settings: &'a Settings,
    pub scores: Scores<'a>,
    pub rn: usize,
    pub infos: Vec<Info>,
    pub number_of_groups: i32,
    pub index: HashMap<&'a PlayerId, usize>,
    /// Per entrant, per round before `rn`, the game played (if any).
    pub games: Vec<Vec<Option<&'a FieldGame>>>,
    /// DC and SDC after the round before `rn`, where the criteria name them.
    pub direct: Vec<Direct>,
}

impl<'a> Infos<'a> {
    /// `field` holds the rounds before `rn` only.
    pub fn new(field: &'a Field, people: &'a [Person<'a>], settings: &'a Settings, rn: usize) -> Infos<'a> {
        let n = field.entrants.len();
        let scores = Scores::new(field, &settings.mcmahon, rn as u16);
        let index: HashMap<&PlayerId, usize> = field.entrants.iter().enumerate().map(|(i, e)| (&e.id, i)).collect();
        let mut games = vec![vec![None; rn]; n];
        for g in &field.games {
            let r = usize::from(g.round).wrapping_sub(1);
            if r >= rn {
                continue;
            }
            for p in [&g.black, &g.white] {
                if let Some(&i) = index.get(p) {
                    games[i][r] = Some(g);
                }
            }
        }
        let mut me = Infos {
            field,
            people,
            settings,
            scores,
            rn,
            infos: vec![Info::default(); n],
            number_of_groups: 0,
            index,
            games,
            direct: vec![Direct::default(); n],
        };
        me.direct = me.direct_confrontation();
        me.fill();
        me
    }

    /// DC and SDC as OpenGotha's window leaves them when it lists the players to pair
    /// (`orderedScoredPlayersList` after the round before): every player sorted by the criteria
    /// before DC/SDC, then the games won on the board before this round.
    fn direct_confrontation(&self) -> Vec<Direct> {
        let criteria = &self.settings.criteria;
        let n = self.field.entrants.len();
        if !direct::wanted(criteria) {
            return vec![Direct::default(); n];
        }
        let before: Vec<Criterion> =
            criteria.iter().copied().take_while(|c| !matches!(c, Criterion::Dc | Criterion::Sdc)).collect();
        let after = self.before();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| self.compare(&before, a, b, after));
        let wins = direct::wins(self.field, &self.index, self.rn as u16);
        direct::direct(n, &order, criteria, &|c, i| self.crit(c, i, after), &wins)
    }

    /// OpenGotha's `getCritValue(crit, rn − 1)` for entrant `i`: doubled scores, rank, rating,
    /// −category. Criteria this project does not compute count 0 for everyone.
    pub fn crit(&self, c: Criterion, i: usize, after: Option<usize>) -> i64 {
        match c {
            Criterion::Rating => i64::from(self.people[i].rating),
            Criterion::Cat => -i64::from(self.category(i)),
            Criterion::Dc => self.direct[i].dc,
            Criterion::Sdc => self.direct[i].sdc,
            _ => self.scores.crit2(c, i, after).unwrap_or(0),
        }
    }

    /// Rounds before this one, as OpenGotha's `rn − 1` (None before round 1).
    pub fn before(&self) -> Option<usize> {
        self.rn.checked_sub(1)
    }

    fn category(&self, i: usize) -> i32 {
        let limits = &self.settings.category_limits;
        if limits.is_empty() {
            return 0;
        }
        let rank = self.field.entrants[i].rank.value();
        limits.iter().position(|&l| rank >= l).unwrap_or(limits.len()) as i32
    }

    /// OpenGotha's `ScoredPlayerComparator(criteria, rn − 1, false)`: better first, then by
    /// name and first name.
    pub fn compare(&self, criteria: &[Criterion], a: usize, b: usize, after: Option<usize>) -> Ordering {
        for &c in criteria {
            let (x, y) = (self.crit(c, a, after), self.crit(c, b, after));
            if x != y {
                return y.cmp(&x);
            }
        }
        let (p, q) = (&self.people[a], &self.people[b]);
        java_cmp(p.name, q.name).then_with(|| java_cmp(p.first_name, q.first_name))
    }

    fn fill(&mut self) {
        let s = self.settings;
        let before = self.before();
        let main = main_criterion(&s.criteria);
        let rn = self.rn as i32;
        let (min, max) = match main {
            Criterion::Mms => {
                (s.mcmahon.floor + SMMS_CORR_MIN - MIN_RANK, s.mcmahon.bar + SMMS_CORR_MAX + rn - MIN_RANK)
            }
            _ => (0, rn),
        };
        let n = self.field.entrants.len();
        for i in 0..n {
            let e = &self.field.entrants[i];
            let info = Info {
                category: self.category(i),
                rank: e.rank.value(),
                smms: self.scores.smms(i) as i32,
                mms2: self.crit(Criterion::Mms, i, before),
                nbw2: self.crit(Criterion::Nbw, i, before),
                wb_balance: self.wb_balance(i),
                ..Info::default()
            };
            self.infos[i] = info;
        }
        // Score groups, category by category, the highest score first; an empty group still
        // takes a number (OpenGotha 3.49.01).
        let categories = s.category_limits.len() as i32 + 1;
        let additional = if self.rn + 1 > usize::from(s.pairing.last_round_for_seed_system1) {
            s.pairing.additional_criterion2
        } else {
            s.pairing.additional_criterion1
        };
        let mut order: Vec<Criterion> = s.criteria.clone();
        order.extend(additional);
        let mut group = 0;
        for cat in 0..categories {
            for score in (min..=max).rev() {
                let mut members: Vec<usize> = (0..n)
                    .filter(|&i| self.infos[i].category == cat && self.crit(main, i, before) / 2 == i64::from(score))
                    .collect();
                if !members.is_empty() {
                    members.sort_by(|&a, &b| self.compare(&order, a, b, before));
                    let size = members.len() as i32;
                    for (place, &i) in members.iter().enumerate() {
                        let info = &mut self.infos[i];
                        info.group = group;
                        info.group_size = size;
                        info.inner = place as i32;
                    }
                }
                group += 1;
            }
        }
        self.number_of_groups = group;
        // Draw-ups and draw-downs: each earlier game against a higher or lower score group.
        for r in 0..self.rn {
            let score_before: Vec<i64> = (0..n).map(|i| self.crit(main, i, r.checked_sub(1)) / 2).collect();
            for i in 0..n {
                let Some(g) = self.games[i][r] else { continue };
                let me = &self.field.entrants[i].id;
                let Some(&o) = g.opponent_of(me).and_then(|o| self.index.get(o)) else { continue };
                match score_before[i].cmp(&score_before[o]) {
                    Ordering::Less => self.infos[i].nb_du += 1,
                    Ordering::Greater => self.infos[i].nb_dd += 1,
                    Ordering::Equal => {}
                }
            }
        }
    }

    /// `Pairing.wbBalance(sP, rn − 1)`: +1 as White, −1 as Black, handicap games left out.
    fn wb_balance(&self, i: usize) -> i32 {
        let me = &self.field.entrants[i].id;
        self.games[i].iter().flatten().filter(|g| g.handicap == 0).map(|g| if &g.white == me { 1 } else { -1 }).sum()
    }

    /// How many games `a` and `b` have played against each other before this round.
    pub fn games_between(&self, a: usize, b: usize) -> usize {
        let other = &self.field.entrants[b].id;
        self.games[a].iter().flatten().filter(|g| g.opponent_of(&self.field.entrants[a].id) == Some(other)).count()
    }
}

//! McMahon and Swiss pairing as OpenGotha makes it, so a round paired here is the round
//! OpenGotha would pair from the same file.
//!
//! OpenGotha (`Tournament.makeAutomaticPairing`) gives every pair of players a weight from its
//! criteria ([`weight`]: avoid a rematch, colour balance, categories, score difference,
//! draw-up/draw-down, seeding, handicap, geography), then takes the pairing of greatest total
//! weight ([`super::matching`]: Gabow's algorithm as OpenGotha runs it, so that where two
//! pairings weigh the same the one OpenGotha takes is taken), and makes each pair a game
//! (colours, handicap). An odd count
//! first gives the bye (`chooseAByePlayer`); more than 600 players are paired in score-ordered
//! batches as OpenGotha batches them; tables go by best score, then rating
//! (`renumberTablesByBestScoreThenRating`, by the rule of the release the event follows:
//! [`TableOrder`]).
//!
//! What is not reproduced, and why: a non-deterministic
//! "random" (`paiBaDeterministic = false`) cannot be reproduced and the deterministic one is
//! used; placement criteria this project does not compute (STS, CPS, SOSTS) count 0 in a score
//! group's order.

pub mod info;
mod java_sort;
pub mod params;
mod tables;
pub mod weight;

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use crate::error::{DomainError, Result};
use crate::model::PlayerId;
use crate::tournament::field::{Entrant, Field};
use crate::tournament::standings::mcmahon::McMahonParams;
use crate::tournament::standings::Criterion;

use super::matching::{max_weight_matching, Weights};
use super::{Board, RoundPairing};
use info::{main_criterion, Infos, MIN_RANK, SMMS_CORR_MAX, SMMS_CORR_MIN};
pub use params::{DuddMode, HandicapParams, PairingParams, SeedSystem};
pub use tables::TableOrder;
pub use weight::Parts;

/// `Pairing.PAIRING_GROUP_MIN_SIZE` and `_MAX_SIZE`: past 600 players, OpenGotha pairs in
/// batches of 200 to 600.
const GROUP_MIN: usize = 200;
const GROUP_MAX: usize = 3 * GROUP_MIN;
/// `chooseAByePlayer`: each earlier bye adds this to a player's claim to sit out.
const BYE_PENALTY: i64 = 1000;

/// The rating OpenGotha gives a player registered without one: 2100 for 1d, 100 a rank.
pub fn initial_rating(rank: crate::model::Rank) -> i32 {
    2100 + 100 * rank.value()
}

/// What OpenGotha knows of a player beyond the [`Field`]'s entrant.
#[derive(Debug, Clone, Copy, Default)]
pub struct Person<'a> {
    pub name: &'a str,
    pub first_name: &'a str,
    pub rating: i32,
    pub club: &'a str,
    pub country: &'a str,
}

impl<'a> Person<'a> {
    /// An entrant known only by name, rank and club (the office keeps no rating, first name or
    /// country): OpenGotha's initial rating for the rank stands in, as for a player registered
    /// without one.
    pub fn of_entrant(e: &'a Entrant, club: &'a str) -> Person<'a> {
        Person { name: &e.name, first_name: "", rating: initial_rating(e.rank), club, country: "" }
    }
}

/// OpenGotha's tournament types, read from the first placement criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    McMahon,
    Swiss,
    SwissCat,
    Other,
}

/// Which of OpenGotha's deterministic "random" rules pairs are weighed and coloured by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RandomRule {
    /// OpenGotha up to 3.51: the two names in the order the players are listed.
    Ordered,
    /// OpenGotha 3.51.01 and later: the names in alphabetical order, either way round.
    #[default]
    Symmetric,
}

impl RandomRule {
    /// The rule of the OpenGotha version that wrote a file (`fullVersionNumber`, e.g.
    /// "3.51.01"); the current rule when the version is missing or unreadable.
    pub fn of_version(version: &str) -> RandomRule {
        match version_parts(version) {
            Some(v) if v < vec![3, 51, 1] => RandomRule::Ordered,
            _ => RandomRule::Symmetric,
        }
    }
}

/// An OpenGotha `fullVersionNumber` ("3.51.02", "3.52") as numbers; None when missing or
/// unreadable.
fn version_parts(version: &str) -> Option<Vec<u32>> {
    let parts: Option<Vec<u32>> = version.trim().split('.').map(|p| p.parse().ok()).collect();
    parts.filter(|v| !v.is_empty())
}

/// The settings OpenGotha pairs by.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub mcmahon: McMahonParams,
    /// Placement criteria in order: the first says the kind, the first of NBW/MMS the score.
    pub criteria: Vec<Criterion>,
    pub pairing: PairingParams,
    pub handicap: HandicapParams,
    /// Lower rank limits of categories 1, 2, … (empty: one category).
    pub category_limits: Vec<i32>,
    /// The tournament's number of rounds (the NBW threshold of the secondary criteria).
    pub rounds: u16,
    /// Clubs groups: club names, compared without case.
    pub clubs_groups: Vec<Vec<String>>,
    pub random_rule: RandomRule,
}

impl Settings {
    /// OpenGotha's McMahon defaults for a tournament of `rounds` rounds.
    pub fn mcmahon(mcmahon: McMahonParams, rounds: u16) -> Settings {
        Settings {
            mcmahon,
            criteria: vec![Criterion::Mms, Criterion::Sosm, Criterion::Sososm],
            pairing: PairingParams::mcmahon(),
            handicap: HandicapParams::default(),
            category_limits: Vec::new(),
            rounds,
            clubs_groups: Vec::new(),
            random_rule: RandomRule::Symmetric,
        }
    }

    pub fn kind(&self) -> Kind {
        match self.criteria.first() {
            Some(Criterion::Mms) => Kind::McMahon,
            Some(Criterion::Nbw) => Kind::Swiss,
            Some(Criterion::Cat) => Kind::SwissCat,
            _ => Kind::Other,
        }
    }

    fn in_common_clubs_group(&self, a: &str, b: &str) -> bool {
        let (a, b) = (a.to_lowercase(), b.to_lowercase());
        self.clubs_groups
            .iter()
            .any(|g| g.iter().any(|c| c.to_lowercase() == a) && g.iter().any(|c| c.to_lowercase() == b))
    }
}

/// One board as OpenGotha pairs it, with its weight part by part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairedBoard {
    pub table: u16,
    pub white: PlayerId,
    pub black: PlayerId,
    pub handicap: u8,
    pub weight: Parts,
}

/// A round paired the OpenGotha way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pairing {
    pub round: u16,
    pub boards: Vec<PairedBoard>,
    pub bye: Option<PlayerId>,
    /// The sum of the boards' weights (what the matching maximised).
    pub total: i128,
}

impl Pairing {
    /// As the pairing every system gives (Black and White per table, the bye).
    pub fn round_pairing(&self) -> RoundPairing {
        RoundPairing {
            round: self.round,
            boards: self
                .boards
                .iter()
                .map(|b| Board { table: b.table, black: b.black.clone(), white: b.white.clone(), handicap: b.handicap })
                .collect(),
            byes: self.bye.iter().cloned().collect(),
            rematches: self.boards.iter().filter(|b| b.weight.avoid_duplicate == 0).count(),
        }
    }
}

/// The games and byes of `field` from rounds before `round` only.
fn before(field: &Field, round: u16) -> Field {
    Field {
        games: field.games.iter().filter(|g| g.round < round).cloned().collect(),
        byes: field.byes.iter().filter(|(r, _)| *r < round).cloned().collect(),
        ..field.clone()
    }
}

/// Pairs `round` (1-based) of `field` as OpenGotha does, from the games and byes of the rounds
/// before it (later ones are not read): every entrant available in the round, one sitting out
/// on an odd count. `people` is in the order of `field.entrants`.
pub fn pair(field: &Field, people: &[Person], settings: &Settings, round: u16) -> Result<Pairing> {
    pair_among(field, people, settings, round, None)
}

/// Pairs only `selected` in `round`, as OpenGotha does when the organiser selects the players
/// to pair (the rest being paired by hand or left out); an odd selection gives a bye.
pub fn pair_selected(
    field: &Field,
    people: &[Person],
    settings: &Settings,
    round: u16,
    selected: &BTreeSet<PlayerId>,
) -> Result<Pairing> {
    pair_among(field, people, settings, round, Some(selected))
}

fn pair_among(
    field: &Field,
    people: &[Person],
    settings: &Settings,
    round: u16,
    selected: Option<&BTreeSet<PlayerId>>,
) -> Result<Pairing> {
    if round == 0 {
        return Err(out_of_range(crate::error::Detail::RoundsFromOne));
    }
    if round > crate::model::game::MAX_ROUNDS {
        return Err(crate::model::game::round_over(round));
    }
    if people.len() != field.entrants.len() {
        return Err(out_of_range(crate::error::Detail::EntrantsRecords {
            entrants: field.entrants.len(),
            records: people.len(),
        }));
    }
    if settings.kind() == Kind::Other {
        return Err(out_of_range(crate::error::Detail::OpenGothaSystems));
    }
    let past = before(field, round);
    let infos = Infos::new(&past, people, settings, usize::from(round) - 1);
    let mut players = list_order(&infos, round);
    if let Some(selected) = selected {
        if let Some(missing) = selected.iter().find(|p| !infos.index.contains_key(p)) {
            return Err(out_of_range(crate::error::Detail::NotAnEntrant { player: missing.to_string() }));
        }
        players.retain(|&i| selected.contains(&field.entrants[i].id));
    }
    // Every player's score falls in a score group when the scores and the groups agree; a
    // player outside every group is refused here, not divided by an empty group's size.
    if let Some(&i) = players.iter().find(|&&i| infos.infos[i].group_size == 0) {
        return Err(out_of_range(crate::error::Detail::OutsideScoreGroups {
            round,
            player: field.entrants[i].id.to_string(),
        }));
    }
    if players.len() < 2 {
        return Err(out_of_range(crate::error::Detail::TooFewToPair { round, available: players.len() }));
    }

    // An odd count: the lowest claim (rank + doubled MMS + 1000 per earlier bye) sits out;
    // on equal claims the last in the list (OpenGotha compares with `<=`).
    let mut bye = None;
    if players.len() % 2 == 1 {
        let claim = |i: usize| {
            let byes = past.byes.iter().filter(|(_, p)| p == &field.entrants[i].id).count() as i64;
            i64::from(infos.infos[i].rank) + infos.infos[i].mms2 + BYE_PENALTY * byes
        };
        let mut best: Option<(i64, usize)> = None;
        for (pos, &i) in players.iter().enumerate() {
            let c = claim(i);
            if best.is_none_or(|(b, _)| c <= b) {
                best = Some((c, pos));
            }
        }
        if let Some((_, pos)) = best {
            bye = Some(players.remove(pos));
        }
    }

    let mut games: Vec<(weight::Game, Parts)> = Vec::with_capacity(players.len() / 2);
    for batch in batches(&infos, players) {
        games.extend(pair_batch(&infos, &batch)?);
    }
    let total = games.iter().map(|(_, p)| i128::from(p.total())).sum();
    let boards = tables::number(&infos, &past, round, games);
    Ok(Pairing { round, boards, bye: bye.map(|b| field.entrants[b].id.clone()), total })
}

/// The players available in `round`, in OpenGotha's "pairable players by score" order (the
/// order its pairing reads them in: a pair's `sP1` is the earlier).
fn list_order(infos: &Infos, round: u16) -> Vec<usize> {
    let field = infos.field;
    let mut players: Vec<usize> = (0..field.entrants.len()).filter(|&i| field.entrants[i].available(round)).collect();
    players.sort_by(|&a, &b| infos.compare(&infos.settings.criteria, a, b, infos.before()));
    players
}

/// The total weight of a given pairing of `round` under these settings (each pair weighed with
/// the earlier of the two in OpenGotha's list first, as the pairing weighs it): what a pairing
/// made elsewhere or by hand is worth against [`pair`]'s.
pub fn weigh(
    field: &Field,
    people: &[Person],
    settings: &Settings,
    round: u16,
    pairs: &[(PlayerId, PlayerId)],
) -> Result<i128> {
    Ok(weigh_each(field, people, settings, round, pairs)?.into_iter().sum())
}

/// Each pair's weight in `round`, as [`weigh`] weighs them, in the order given: the scores
/// before the round are computed once for all of them.
pub fn weigh_each(
    field: &Field,
    people: &[Person],
    settings: &Settings,
    round: u16,
    pairs: &[(PlayerId, PlayerId)],
) -> Result<Vec<i128>> {
    if round == 0 || round > crate::model::game::MAX_ROUNDS || people.len() != field.entrants.len() {
        return Err(out_of_range(crate::error::Detail::RoundAndRecords));
    }
    let past = before(field, round);
    let infos = Infos::new(&past, people, settings, usize::from(round) - 1);
    let position: HashMap<usize, usize> =
        list_order(&infos, round).into_iter().enumerate().map(|(pos, i)| (i, pos)).collect();
    pairs
        .iter()
        .map(|(a, b)| {
            let (Some(&i), Some(&j)) = (infos.index.get(a), infos.index.get(b)) else {
                return Err(out_of_range(crate::error::Detail::NotEntrants { a: a.to_string(), b: b.to_string() }));
            };
            let (pi, pj) =
                (position.get(&i).copied().unwrap_or(usize::MAX), position.get(&j).copied().unwrap_or(usize::MAX));
            let p = if pi <= pj { infos.weight(i, j) } else { infos.weight(j, i) };
            Ok(i128::from(p.total()))
        })
        .collect()
}

/// Splits more than 600 players into batches the way `makeAutomaticPairing` does: take
/// players category by category and score by score (from the top), until a batch reaches 600,
/// or 200 and an even count at the end of a score, or only 200 would be left.
fn batches(infos: &Infos, players: Vec<usize>) -> Vec<Vec<usize>> {
    let s = infos.settings;
    let main = main_criterion(&s.criteria);
    let rn = infos.rn as i32;
    let (min, max) = match main {
        Criterion::Mms => (s.mcmahon.floor + SMMS_CORR_MIN - MIN_RANK, s.mcmahon.bar + SMMS_CORR_MAX + rn - MIN_RANK),
        _ => (0, rn),
    };
    let after = infos.before();
    let categories = s.category_limits.len() as i32 + 1;
    let mut remaining = players;
    let mut out = Vec::new();
    while remaining.len() > GROUP_MAX {
        let mut batch = Vec::new();
        let mut ready = false;
        'categories: for cat in 0..categories {
            for score in (min..=max).rev() {
                let mut k = 0;
                while k < remaining.len() {
                    let p = remaining[k];
                    if infos.infos[p].category > cat || infos.crit(main, p, after) / 2 < i64::from(score) {
                        k += 1;
                        continue;
                    }
                    batch.push(remaining.remove(k));
                    if batch.len() >= GROUP_MAX || remaining.len() <= GROUP_MIN {
                        ready = true;
                        break;
                    }
                }
                if batch.len() >= GROUP_MIN && batch.len() % 2 == 0 {
                    ready = true;
                }
                if ready {
                    break 'categories;
                }
            }
        }
        if batch.is_empty() {
            break;
        }
        out.push(batch);
    }
    out.push(remaining);
    out
}

/// `pairAGroup`: the weight of every pair, the heaviest perfect matching, each pair a game (the
/// earlier of the two in the list is OpenGotha's `sP1`).
fn pair_batch(infos: &Infos, batch: &[usize]) -> Result<Vec<(weight::Game, Parts)>> {
    let n = batch.len();
    let mut w = Weights::new(n);
    let mut parts = vec![Parts::default(); n * n.saturating_sub(1) / 2];
    let mut k = 0;
    for i in 0..n {
        for j in i + 1..n {
            let p = infos.weight(batch[i], batch[j]);
            w.set(i, j, p.total());
            parts[k] = p;
            k += 1;
        }
    }
    let pairs = max_weight_matching(&w);
    if pairs.len() * 2 != n {
        return Err(out_of_range(crate::error::Detail::BatchOdd { players: n }));
    }
    let at = |i: usize, j: usize| i * (2 * n - i - 1) / 2 + (j - i - 1);
    Ok(pairs.into_iter().map(|(i, j)| (infos.game_between(batch[i], batch[j]), parts[at(i, j)])).collect())
}

fn out_of_range(detail: crate::error::Detail) -> DomainError {
    DomainError::Outside { what: crate::error::Noun::Round, detail }
}

//! McMahon (and Swiss run the OpenGotha way): scores and tie-breaks exactly as OpenGotha
//! defines them, so an organiser moving an event in or out of OpenGotha sees the same numbers.
//! Values are kept in OpenGotha's units: half points (×2), SODOS in quarter points (×4).
//!
//! - MMS: the McMahon starting score (rank framed by floor and bar, counted from `zero`, plus
//!   the entrant's correction) + wins (+ half for draws) + what absent rounds and byes are worth.
//! - NBW: wins the same way, without the starting score.
//! - SOS(W|M): the sum over rounds of the opponent's final NBW/MMS (MMS adjusted by the
//!   handicap given: +hd when White, −hd when Black); a round without an opponent counts the
//!   player's own starting score for SOSM and nothing for SOSW.
//! - SOS-1/-2: SOS less the lowest one/two rounds' values (as OpenGotha: 0 after one round;
//!   after two, SOSW-1 is the larger and SOSM-1 stays 0).
//! - SODOS: sum of the opponent's score × the points won against them (2 win, 1 draw).
//! - SOSOS: sum of the opponents' SOS; SOSOSM counts (starting score × rounds) for a round
//!   without an opponent.
//! - CUSS: sum of the player's score after each round.
//! - EXT / EXR: opponents' NBW weighted by how much stronger they were than the handicap said
//!   (0, 1, 2, 3), over games played / won.

use crate::labels::said;
use std::collections::HashMap;

use crate::error::{DomainError, Result};
use serde::{Deserialize, Serialize};

use crate::model::{Colour, Rank};
use crate::tournament::field::{Field, FieldGame, GameScore};
use crate::tournament::frac::Frac;

use super::{place, Criterion, Standings, Unplaced};

/// McMahon settings, in OpenGotha's terms (ranks as [`crate::model::Rank::value`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct McMahonParams {
    /// McMahon bar: stronger entrants start as if of this rank (OpenGotha's default 9d).
    pub bar: i32,
    /// McMahon floor: weaker entrants start as if of this rank (OpenGotha's default 30k).
    pub floor: i32,
    pub scoring: Scoring,
}

impl Default for McMahonParams {
    /// OpenGotha's defaults: bar 9d, floor 30k.
    fn default() -> Self {
        McMahonParams::new(8, -30)
    }
}

impl McMahonParams {
    /// Bar and floor (rank values), OpenGotha's default scoring.
    pub fn new(bar: i32, floor: i32) -> McMahonParams {
        McMahonParams { bar, floor, scoring: Scoring::default() }
    }
}

/// How OpenGotha's general parameters score what is not a game won or lost, and where
/// starting scores count from (`GeneralParameterSet`): an event brought in from a file keeps
/// its own; OpenGotha's defaults otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Scoring {
    /// OpenGotha's "MM zero", kept as the event or file set it; scores count from 30k whatever
    /// it says, as OpenGotha 3.52.03 counts them (its `setGenMMZero` ignores its argument).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub zero: Rank,
    /// Half points an absent round adds to NBW and to MMS (defaults 0 and 1).
    pub absent_nbw2: i64,
    pub absent_mms2: i64,
    /// Half points a bye adds to NBW and to MMS (defaults 2 and 2).
    pub bye_nbw2: i64,
    pub bye_mms2: i64,
    /// Round what absences and byes add down to whole points (default true).
    pub round_down: bool,
    /// OpenGotha's "count games not played as half a point": in SOS, SOSOS and SODOS an
    /// opponent's score counts each of their rounds without a game played (absent, bye,
    /// unpaired, or decided by default) as half a point, instead of what absences and byes are
    /// worth; their own score is unchanged (default false).
    pub unplayed_as_half: bool,
}

impl Default for Scoring {
    /// OpenGotha's defaults: zero 30k, absent ½ MMS and 0 NBW, bye 1 win, rounded down.
    fn default() -> Self {
        Scoring {
            zero: Rank::Kyu(30),
            absent_nbw2: 0,
            absent_mms2: 1,
            bye_nbw2: 2,
            bye_mms2: 2,
            round_down: true,
            unplayed_as_half: false,
        }
    }
}

#[derive(Clone, Copy)]
enum Part<'a> {
    Absent,
    Bye,
    Paired(&'a FieldGame),
    Unpaired,
}

/// Per player and round (0-based), every value OpenGotha computes, in its units.
pub struct Scores<'a> {
    field: &'a Field,
    index: HashMap<&'a crate::model::PlayerId, usize>,
    part: Vec<Vec<Part<'a>>>,
    smms: Vec<i64>,
    nbw2: Vec<Vec<i64>>,
    mms2: Vec<Vec<i64>>,
    /// The scores an opponent counts with in SOS: `nbw2`/`mms2`, or their "virtual" scores
    /// when unplayed games count as half a point.
    sos_nbw2: Vec<Vec<i64>>,
    sos_mms2: Vec<Vec<i64>>,
}

impl<'a> Scores<'a> {
    /// Computes scores for rounds 1..=`rounds` of `field`.
    pub fn new(field: &'a Field, params: &McMahonParams, rounds: u16) -> Scores<'a> {
        let n = field.entrants.len();
        let rounds = usize::from(rounds);
        let index: HashMap<_, _> = field.entrants.iter().enumerate().map(|(i, e)| (&e.id, i)).collect();
        let mut part = vec![vec![Part::Unpaired; rounds]; n];
        for (row, e) in part.iter_mut().zip(&field.entrants) {
            for (r, slot) in row.iter_mut().enumerate() {
                // A player who withdrew (第二十九条) takes part in no later round: absent, as
                // OpenGotha counts the rounds its organiser marks them out of.
                let round = r as u16 + 1;
                if e.absent.contains(&round) || e.withdrawn_after.is_some_and(|w| round > w) {
                    *slot = Part::Absent;
                }
            }
        }
        for g in &field.games {
            let r = usize::from(g.round).wrapping_sub(1);
            if r >= rounds {
                continue;
            }
            for p in [&g.black, &g.white] {
                if let Some(&i) = index.get(p) {
                    part[i][r] = Part::Paired(g);
                }
            }
        }
        for (round, p) in &field.byes {
            let r = usize::from(*round).wrapping_sub(1);
            if let (Some(&i), true) = (index.get(p), r < rounds) {
                part[i][r] = Part::Bye;
            }
        }
        let smms: Vec<i64> = field
            .entrants
            .iter()
            .map(|e| {
                // OpenGotha 3.52.03 counts from 30k whatever the MM zero says (its
                // `setGenMMZero` stores −30, not its argument), and its score groups span the
                // scores counted so: a zero of 20k would leave the weakest in no group.
                let zero = Scoring::default().zero.value();
                i64::from(
                    e.rank.value().clamp(params.floor, params.bar.max(params.floor)) - zero + e.mcmahon_correction,
                )
            })
            .collect();
        let mut nbw2 = vec![vec![0; rounds]; n];
        let mut mms2 = vec![vec![0; rounds]; n];
        for (i, e) in field.entrants.iter().enumerate() {
            let (mut games, mut extra_nbw, mut extra_mms) = (0, 0, 0);
            for r in 0..rounds {
                match part[i][r] {
                    Part::Paired(g) => games += g.colour_of(&e.id).and_then(|c| g.score.points(c)).unwrap_or(0),
                    Part::Absent => {
                        extra_nbw += params.scoring.absent_nbw2;
                        extra_mms += params.scoring.absent_mms2;
                    }
                    Part::Bye => {
                        extra_nbw += params.scoring.bye_nbw2;
                        extra_mms += params.scoring.bye_mms2;
                    }
                    Part::Unpaired => {}
                }
                let down = |x: i64| if params.scoring.round_down { x / 2 * 2 } else { x };
                nbw2[i][r] = games + down(extra_nbw);
                mms2[i][r] = 2 * smms[i] + games + down(extra_mms);
            }
        }
        let (sos_nbw2, sos_mms2) = if params.scoring.unplayed_as_half {
            Self::virtual_scores(&part, field, &smms, rounds)
        } else {
            (nbw2.clone(), mms2.clone())
        };
        Scores { field, index, part, smms, nbw2, mms2, sos_nbw2, sos_mms2 }
    }

    /// OpenGotha's `NBWVirtualX2` / `MMSVirtualX2`: points from games played (not by default,
    /// not pending), plus a half point for every round without one.
    fn virtual_scores(
        part: &[Vec<Part>],
        field: &Field,
        smms: &[i64],
        rounds: usize,
    ) -> (Vec<Vec<i64>>, Vec<Vec<i64>>) {
        let n = field.entrants.len();
        let mut nbw2 = vec![vec![0; rounds]; n];
        let mut mms2 = vec![vec![0; rounds]; n];
        for (i, e) in field.entrants.iter().enumerate() {
            let mut points = 0;
            for r in 0..rounds {
                let played = match part[i][r] {
                    Part::Paired(g) if !g.by_default => g.colour_of(&e.id).and_then(|c| g.score.points(c)),
                    _ => None,
                };
                points += played.unwrap_or(1);
                nbw2[i][r] = points;
                mms2[i][r] = 2 * smms[i] + points;
            }
        }
        (nbw2, mms2)
    }

    /// The pairing score (MMS in half points) of every entrant before `round` (1-based).
    pub fn mms2_before(&self, p: &crate::model::PlayerId, round: u16) -> i64 {
        let Some(&i) = self.index.get(p) else { return 0 };
        match usize::from(round).checked_sub(2) {
            Some(r) if r < self.mms2[i].len() => self.mms2[i][r],
            _ => 2 * self.smms[i],
        }
    }

    /// Entrant `i`'s starting score (OpenGotha's `smms`).
    pub fn smms(&self, i: usize) -> i64 {
        self.smms[i]
    }

    /// OpenGotha's `getCritValue(c, r)` for entrant `i`, in its units: after round `r`
    /// (0-based), or before the first round (`None`), when MMS is twice the starting score and
    /// every other score 0. `None` for criteria that are not McMahon's.
    pub fn crit2(&self, c: Criterion, i: usize, r: Option<usize>) -> Option<i64> {
        match r {
            Some(r) => self.value(c, i, r),
            None => match c {
                Criterion::Mms => Some(2 * self.smms[i]),
                Criterion::Rank => Some(i64::from(self.field.entrants[i].rank.value())),
                _ => computed(c).then_some(0),
            },
        }
    }

    fn opponent(&self, i: usize, g: &FieldGame) -> Option<(usize, Colour)> {
        let me = &self.field.entrants[i].id;
        let c = g.colour_of(me)?;
        Some((*self.index.get(g.opponent_of(me)?)?, c))
    }

    /// Points won in `g` by `i` ×2: 2 a win, 1 a draw (OpenGotha's "wX2").
    fn won2(&self, i: usize, g: &FieldGame) -> i64 {
        g.colour_of(&self.field.entrants[i].id).and_then(|c| g.score.points(c)).unwrap_or(0)
    }

    /// Per round: the opponent's value (or what a round without one counts).
    fn per_round(&self, i: usize, r: usize, of: &dyn Fn(usize, Colour, &FieldGame) -> i64, alone: i64) -> Vec<i64> {
        (0..=r)
            .map(|rr| match self.part[i][rr] {
                Part::Paired(g) => self.opponent(i, g).map(|(o, c)| of(o, c, g)).unwrap_or(alone),
                _ => alone,
            })
            .collect()
    }

    fn sos_w(&self, i: usize, r: usize) -> Vec<i64> {
        self.per_round(i, r, &|o, _, _| self.sos_nbw2[o][r], 0)
    }

    fn sos_m(&self, i: usize, r: usize) -> Vec<i64> {
        let hd = |c: Colour, g: &FieldGame| {
            let h = 2 * i64::from(g.handicap);
            if c == Colour::White {
                h
            } else {
                -h
            }
        };
        self.per_round(i, r, &|o, c, g| self.sos_mms2[o][r] + hd(c, g), 2 * self.smms[i])
    }

    /// OpenGotha's SOS-1 and SOS-2 from the per-round values.
    fn minus(values: &[i64], drop: usize, mms_variant: bool) -> i64 {
        let r = values.len() - 1;
        match r {
            0 => 0,
            1 if mms_variant => 0,
            1 if drop == 1 => values[0].max(values[1]),
            1 => 0,
            _ => {
                let mut v = values.to_vec();
                v.sort_unstable();
                v.iter().skip(drop).sum()
            }
        }
    }

    /// The value of `c` for entrant `i` after round `r` (0-based), in OpenGotha's units, or
    /// `None` for criteria that are not McMahon's (Chinese ones).
    fn value(&self, c: Criterion, i: usize, r: usize) -> Option<i64> {
        use Criterion::*;
        if !computed(c) {
            return None;
        }
        let e = &self.field.entrants[i];
        Some(match c {
            Nbw => self.nbw2[i][r],
            Mms => self.mms2[i][r],
            Cussw => self.nbw2[i][..=r].iter().sum(),
            Cussm => self.mms2[i][..=r].iter().sum(),
            Sosw => self.sos_w(i, r).iter().sum(),
            SoswM1 => Self::minus(&self.sos_w(i, r), 1, false),
            SoswM2 => Self::minus(&self.sos_w(i, r), 2, false),
            Sosm => self.sos_m(i, r).iter().sum(),
            SosmM1 => Self::minus(&self.sos_m(i, r), 1, true),
            SosmM2 => Self::minus(&self.sos_m(i, r), 2, true),
            Sodosw => (0..=r)
                .filter_map(|rr| match self.part[i][rr] {
                    Part::Paired(g) => self.opponent(i, g).map(|(o, _)| self.sos_nbw2[o][r] * self.won2(i, g)),
                    _ => None,
                })
                .sum(),
            Sodosm => {
                let sos = self.sos_m(i, r);
                (0..=r)
                    .filter_map(|rr| match self.part[i][rr] {
                        Part::Paired(g) => Some(sos[rr] * self.won2(i, g)),
                        _ => None,
                    })
                    .sum()
            }
            Sososw => self.per_round(i, r, &|o, _, _| self.sos_w(o, r).iter().sum(), 0).iter().sum(),
            Sososm => self
                .per_round(i, r, &|o, _, _| self.sos_m(o, r).iter().sum(), 2 * self.smms[i] * (r as i64 + 1))
                .iter()
                .sum(),
            Ext | Exr => (0..=r)
                .filter_map(|rr| match self.part[i][rr] {
                    Part::Paired(g) => {
                        let (o, colour) = self.opponent(i, g)?;
                        let real = if colour == Colour::White { i64::from(g.handicap) } else { -i64::from(g.handicap) };
                        let natural = i64::from(e.rank.value() - self.field.entrants[o].rank.value());
                        let coef = match real - natural {
                            d if d < 0 => 0,
                            0 => 1,
                            1 => 2,
                            _ => 3,
                        };
                        let won = matches!(self.won2(i, g), 2);
                        (c == Ext || won).then_some(self.nbw2[o][r] * coef)
                    }
                    _ => None,
                })
                .sum(),
            Rank => i64::from(e.rank.value()),
            _ => return None,
        })
    }

    /// The value as a number of points (OpenGotha's unit divided out).
    pub fn frac(&self, c: Criterion, i: usize, r: usize) -> Option<Frac> {
        let unit = match c {
            Criterion::Sodosw | Criterion::Sodosm => 4,
            Criterion::Rank => 1,
            _ => 2,
        };
        self.value(c, i, r).map(|v| Frac::new(v, unit))
    }
}

/// Whether `c` is one of the criteria [`Scores`] computes the OpenGotha way.
fn computed(c: Criterion) -> bool {
    use Criterion::*;
    !matches!(
        c,
        Rating
            | Cat
            | Reached
            | PlayersLeft
            | MatchPoints
            | GamePoints
            | Board1
            | Board2
            | Board3
            | Board4
            | Board5
            | Board6
            | Board7
            | Board8
            | Points
            | BeatenOpponents
            | Warnings
            | SwissTotal
            | OpponentsTerm
    )
}

/// Standings of a McMahon (or OpenGotha-style Swiss) event after `round`, by `criteria` in
/// order. `ratings` supplies the Rating criterion where the source has one. Every entrant is
/// listed; OpenGotha's export leaves out entrants who never played, the caller may too.
pub fn standings(
    field: &Field,
    params: &McMahonParams,
    criteria: &[Criterion],
    round: u16,
    ratings: &HashMap<crate::model::PlayerId, i32>,
) -> Result<Standings> {
    if round == 0 {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::StandingsNeedARound,
        });
    }
    let scores = Scores::new(field, params, round);
    let r = usize::from(round) - 1;
    let rating = |i: usize| i64::from(ratings.get(&field.entrants[i].id).copied().unwrap_or(0));
    let direct = direct_after(field, &scores, criteria, round, &rating);
    let mut rows = Vec::with_capacity(field.entrants.len());
    for (i, e) in field.entrants.iter().enumerate() {
        let mut values = Vec::with_capacity(criteria.len());
        for &c in criteria {
            values.push(match c {
                // One category: everyone is in category 1 (OpenGotha prints 1).
                Criterion::Cat => Frac::int(1),
                Criterion::Rating => Frac::int(rating(i)),
                Criterion::Dc => Frac::int(direct[i].dc),
                Criterion::Sdc => Frac::int(direct[i].sdc),
                _ => scores.frac(c, i, r).ok_or_else(|| DomainError::Outside {
                    what: crate::error::Noun::Criterion,
                    detail: crate::error::Detail::NotAMcMahonCriterion { criterion: c.name().to_owned() },
                })?,
            });
        }
        rows.push(Unplaced { player: e, values });
    }
    let rank = crate::model::Rank::from_value;
    let (bar, floor, zero) = (rank(params.bar), rank(params.floor), Scoring::default().zero);
    let notes = vec![said!(_l =>
        zh: format!("麦克马洪分按 OpenGotha 的定义计算：上限 {bar}，下限 {floor}，起始分自 {zero} 起算"),
        en: format!("McMahon scores as OpenGotha defines them: bar {bar}, floor {floor}, starting score counted from {zero}"),
        zh_hant: format!("麥克馬洪分按 OpenGotha 的定義計算：上限 {bar}，下限 {floor}，起始分自 {zero} 起算"),
        ko: format!("맥마흔 점수는 OpenGotha의 정의대로 계산합니다: 상한 {bar}, 하한 {floor}, 시작 점수는 {zero}부터"),
        ja: format!("マクマホン点は OpenGotha の定義で計算します：上限 {bar}、下限 {floor}、開始点は {zero} から"),
    )];
    Ok(Standings {
        round,
        criteria: criteria.to_vec(),
        shown: vec![],
        swiss_reading: None,
        notes,
        rows: place(criteria, rows, true),
    })
}

/// DC and SDC after `round` (every player 0 where the criteria name neither).
fn direct_after(
    field: &Field,
    scores: &Scores,
    criteria: &[Criterion],
    round: u16,
    rating: &dyn Fn(usize) -> i64,
) -> Vec<super::direct::Direct> {
    let n = field.entrants.len();
    if !super::direct::wanted(criteria) {
        return vec![Default::default(); n];
    }
    let r = usize::from(round) - 1;
    let value = |c: Criterion, i: usize| match c {
        Criterion::Rating => rating(i),
        _ => scores.value(c, i, r).unwrap_or(0),
    };
    let before: Vec<Criterion> =
        criteria.iter().copied().take_while(|c| !matches!(c, Criterion::Dc | Criterion::Sdc)).collect();
    // Groups are runs of players equal on the criteria before DC: any order that sorts by them.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        before.iter().map(|&c| value(c, b).cmp(&value(c, a))).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
    });
    let index: HashMap<&crate::model::PlayerId, usize> =
        field.entrants.iter().enumerate().map(|(i, e)| (&e.id, i)).collect();
    let wins = super::direct::wins(field, &index, round);
    super::direct::direct(n, &order, criteria, &value, &wins)
}

/// Whether any game of the field is still to be played (standings are provisional).
pub fn pending(field: &Field, round: u16) -> usize {
    field.games.iter().filter(|g| g.round <= round && g.score == GameScore::Pending).count()
}

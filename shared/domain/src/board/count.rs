//! Counting a final position, the dead stones taken off, by the three methods the seeds use:
//! - 第九条 area counting (数子法): each side's stones plus the empty points only it surrounds;
//!   points touching both (dame, and the liberties of a seki) are shared half each;
//! - KBA territory counting (seed 004 第九条, 第十一条, 第十三条): the empty points only one side
//!   surrounds, plus the stones it took (captured in play and dead at the end); points touching
//!   both count for nobody, nor do the eyes of stones in seki (第十一条);
//! - Ing fill-in counting (seed 003, 填滿計點): it comes to the same points as area counting
//!   (stones and surrounded points, a shared point split half each), in points against 8 komi.

use serde::{Deserialize, Serialize};

use crate::error::{Detail, DomainError, Result};
use crate::model::Colour;
use crate::rules::counting::{area_outcome, ing_outcome, territory_outcome};
use crate::rules::{Count, HalfStones, Outcome};

use super::position::{Coord, Position};

/// How a game is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Method {
    /// 第九条 数子法, against half the board with komi in 子.
    Area,
    /// KBA 地計算: territory + prisoners, komi in points.
    Territory,
    /// Ing 計點制 (seed 003): area points against each other, komi 8 points.
    Ing,
}

/// What an empty point of the final position counts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Owner {
    Black,
    White,
    /// Touches both colours: dame, or a liberty shared in seki.
    Shared,
    /// An eye of stones in seki: the owner's under area counting, nobody's under territory
    /// counting (seed 004 第十一条).
    SekiBlack,
    SekiWhite,
}

/// One side's count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Side {
    /// Its stones left on the board.
    pub stones: u32,
    /// The empty points it alone surrounds that the method counts.
    pub territory: u32,
    /// Stones it took: captured in play plus the opponent's dead stones (territory counting).
    pub prisoners: u32,
    /// The total the result is decided on, in halves (of a 子 for area, of a point otherwise).
    pub total_halves: u32,
}

/// A counted position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Tally {
    pub method: Method,
    pub size: u8,
    pub black: Side,
    pub white: Side,
    /// Empty points touching both colours.
    pub shared: u32,
    /// Empty points that are eyes of stones in seki.
    pub seki_eyes: u32,
    /// Each point, row by row from the bottom line (index `y * size + x`): `None` for a stone.
    pub owners: Vec<Option<Owner>>,
}

/// Counts `position` by `method`; `captured` is the stones each side (black, white) took
/// during play, counted under territory counting only.
pub fn tally(position: &Position, method: Method, captured: [u32; 2]) -> Tally {
    let owners = owners(position);
    let mut black = Side { prisoners: captured[0], ..Side::default() };
    let mut white = Side { prisoners: captured[1], ..Side::default() };
    let (mut shared, mut seki_eyes) = (0, 0);
    for (stone, owner) in position.stones().iter().zip(&owners) {
        match (stone, owner) {
            (Some(Colour::Black), _) => black.stones += 1,
            (Some(Colour::White), _) => white.stones += 1,
            (None, Some(Owner::Black)) => black.territory += 1,
            (None, Some(Owner::White)) => white.territory += 1,
            (None, Some(Owner::SekiBlack)) => {
                seki_eyes += 1;
                // 第九条 counts every point a side surrounds; seed 004 第十一条 counts no seki.
                if method != Method::Territory {
                    black.territory += 1;
                }
            }
            (None, Some(Owner::SekiWhite)) => {
                seki_eyes += 1;
                if method != Method::Territory {
                    white.territory += 1;
                }
            }
            (None, _) => shared += 1,
        }
    }
    for side in [&mut black, &mut white] {
        side.total_halves = match method {
            Method::Area | Method::Ing => 2 * (side.stones + side.territory) + shared,
            Method::Territory => 2 * (side.territory + side.prisoners),
        };
    }
    Tally { method, size: position.size(), black, white, shared, seki_eyes, owners }
}

/// Takes the `dead` stones off the final position and counts it: under territory counting
/// each dead stone is a prisoner of the other side (seed 004 第十三条). A marked point without
/// a stone is refused.
pub fn count_final(position: &Position, dead: &[Coord], method: Method, captured: [u32; 2]) -> Result<Tally> {
    let mut taken = captured;
    for d in dead {
        match position.get(*d) {
            Some(c) => taken[usize::from(c == Colour::Black)] += 1,
            None => {
                return Err(DomainError::Invalid {
                    field: "dead".into(),
                    detail: Detail::NoStoneOn { point: d.label(position.size()) },
                })
            }
        }
    }
    let mut dedup = dead.to_vec();
    dedup.sort_by_key(|c| (c.y, c.x));
    dedup.dedup();
    if dedup.len() != dead.len() {
        return Err(DomainError::Invalid { field: "dead".into(), detail: Detail::DeadTwice });
    }
    Ok(tally(&position.without(dead), method, taken))
}

impl Tally {
    /// The result with `komi`: in quarter-子 for area counting, in half-points otherwise.
    pub fn outcome(&self, komi: u32) -> Outcome {
        let (b, w) = (self.black.total_halves, self.white.total_halves);
        match self.method {
            Method::Area => area_outcome(b, u32::from(self.size) * u32::from(self.size), komi),
            Method::Territory => territory_outcome(b, w, komi),
            Method::Ing => ing_outcome(b, w, komi),
        }
    }

    /// As the count recorded in the game's ledger (第九条, KBA 第十三条 or Ing 四; 19×19 only, the board
    /// the rules count on).
    pub fn to_count(&self) -> Result<Count> {
        if self.size != 19 {
            return Err(DomainError::Invalid {
                field: "count".into(),
                detail: Detail::CountOn19Only { size: self.size },
            });
        }
        match self.method {
            Method::Area => Ok(Count::Area { black_stones: HalfStones::new(self.black.total_halves)? }),
            Method::Territory => Ok(Count::Territory {
                black_points: (self.black.total_halves / 2) as u16,
                white_points: (self.white.total_halves / 2) as u16,
            }),
            // Penalty stones are the referee's to add when recording (none from the board).
            Method::Ing => Ok(Count::Points {
                black_points: HalfStones::new(self.black.total_halves)?,
                black_penalty_stones: 0,
                white_penalty_stones: 0,
            }),
        }
    }
}

/// What every empty point counts as. An empty region touching one colour is that colour's,
/// unless it is the only eye (at most six points) of stones that also share liberties with the
/// other colour: an eye in seki. Groups are chains joined through their own empty regions, so a
/// living group's second eye or its territory elsewhere keeps its eyes its own.
fn owners(position: &Position) -> Vec<Option<Owner>> {
    const NONE: usize = usize::MAX;
    const SEKI_EYE_MAX: usize = 6;
    let stones = position.stones();
    let n = stones.len();
    let side = |c: Colour| usize::from(c == Colour::White);

    // Chains of stones.
    let mut chain_of = vec![NONE; n];
    let mut chains = 0;
    for i in 0..n {
        let Some(colour) = stones[i] else { continue };
        if chain_of[i] != NONE {
            continue;
        }
        chain_of[i] = chains;
        let mut stack = vec![i];
        while let Some(at) = stack.pop() {
            for nb in position.neighbours_of(at) {
                if stones[nb] == Some(colour) && chain_of[nb] == NONE {
                    chain_of[nb] = chains;
                    stack.push(nb);
                }
            }
        }
        chains += 1;
    }

    // Empty regions, with the colours and chains they touch.
    struct Region {
        points: Vec<usize>,
        touches: [bool; 2],
        chains: Vec<usize>,
    }
    let mut region_of = vec![NONE; n];
    let mut regions: Vec<Region> = Vec::new();
    for i in 0..n {
        if stones[i].is_some() || region_of[i] != NONE {
            continue;
        }
        let id = regions.len();
        let mut r = Region { points: vec![i], touches: [false; 2], chains: Vec::new() };
        region_of[i] = id;
        let mut k = 0;
        while k < r.points.len() {
            let at = r.points[k];
            k += 1;
            for nb in position.neighbours_of(at) {
                match stones[nb] {
                    Some(c) => {
                        r.touches[side(c)] = true;
                        if !r.chains.contains(&chain_of[nb]) {
                            r.chains.push(chain_of[nb]);
                        }
                    }
                    None if region_of[nb] == NONE => {
                        region_of[nb] = id;
                        r.points.push(nb);
                    }
                    None => {}
                }
            }
        }
        regions.push(r);
    }
    let one_colour = |r: &Region| r.touches[0] != r.touches[1];

    // Groups: chains joined through the regions only their colour touches.
    let mut parent: Vec<usize> = (0..chains).collect();
    fn root(parent: &mut [usize], mut c: usize) -> usize {
        while parent[c] != c {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        c
    }
    for r in regions.iter().filter(|r| one_colour(r)) {
        for w in r.chains.windows(2) {
            let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let mut eyes: Vec<Vec<usize>> = vec![Vec::new(); chains];
    let mut shares = vec![false; chains];
    for (id, r) in regions.iter().enumerate() {
        for &c in &r.chains {
            let g = root(&mut parent, c);
            if one_colour(r) {
                if !eyes[g].contains(&id) {
                    eyes[g].push(id);
                }
            } else {
                shares[g] = true;
            }
        }
    }

    let mut out = vec![None; n];
    for (id, r) in regions.iter().enumerate() {
        let owner = match r.touches {
            [true, false] | [false, true] => {
                let black = r.touches[0];
                let in_seki = r.points.len() <= SEKI_EYE_MAX
                    && r.chains.iter().any(|&c| {
                        let g = root(&mut parent, c);
                        shares[g] && eyes[g] == [id]
                    });
                match (black, in_seki) {
                    (true, false) => Owner::Black,
                    (false, false) => Owner::White,
                    (true, true) => Owner::SekiBlack,
                    (false, true) => Owner::SekiWhite,
                }
            }
            // Touching both, or an empty board.
            _ => Owner::Shared,
        };
        for &p in &r.points {
            out[p] = Some(owner);
        }
    }
    out
}

/// The area count of `position` (第九条), as the office has long reported it.
pub fn area(position: &Position) -> Tally {
    tally(position, Method::Area, [0, 0])
}

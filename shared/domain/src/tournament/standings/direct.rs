//! OpenGotha's direct confrontation (DC) and simplified direct confrontation (SDC): among
//! players tied on every criterion before DC or SDC, who beat whom
//! (`Tournament.fillDirScoringInfo` and `defineDirForExAequoGroup`, with the `Confrontation`
//! graph they rank by). Pure: the caller supplies the order, the values and the games won.
//!
//! - SDC: in a tied group where every two players have a decided result between them, the
//!   number of group members each beat.
//! - DC: the group ordered by the criteria after DC (equal ones sharing a place), then ranked
//!   by a graph of who beat whom — cycles of wins merged into one class, each player placed
//!   above everyone it beat — the weakest first; DC is (worst rank − own rank), so higher is
//!   better, as OpenGotha counts it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::Criterion;
use crate::model::PlayerId;
use crate::tournament::field::{Field, GameScore};

/// A player's DC and SDC (0 outside a tied group).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Direct {
    pub dc: i64,
    pub sdc: i64,
}

/// (winner, loser), as `index` numbers them, of every game of `field` up to `round` won on the
/// board: what direct confrontation counts (a win by default is not one, nor a draw).
pub fn wins(field: &Field, index: &HashMap<&PlayerId, usize>, round: u16) -> Vec<(usize, usize)> {
    field
        .games
        .iter()
        .filter(|g| g.round <= round && !g.by_default)
        .filter_map(|g| {
            let (w, l) = match g.score {
                GameScore::WhiteWins => (&g.white, &g.black),
                GameScore::BlackWins => (&g.black, &g.white),
                _ => return None,
            };
            Some((*index.get(w)?, *index.get(l)?))
        })
        .collect()
}

/// Whether `criteria` name DC or SDC.
pub fn wanted(criteria: &[Criterion]) -> bool {
    criteria.iter().any(|c| matches!(c, Criterion::Dc | Criterion::Sdc))
}

/// DC and SDC of `n` players. `order`: every player, sorted by the criteria before the first DC
/// or SDC (then by name, as OpenGotha sorts); `criteria`: the placement criteria; `value`: a
/// criterion's value for a player (higher is better); `wins`: (winner, loser) of every game won
/// on the board (not by default) up to the round.
pub fn direct(
    n: usize,
    order: &[usize],
    criteria: &[Criterion],
    value: &dyn Fn(Criterion, usize) -> i64,
    wins: &[(usize, usize)],
) -> Vec<Direct> {
    let mut out = vec![Direct::default(); n];
    let Some(first_dir) = criteria.iter().position(|c| matches!(c, Criterion::Dc | Criterion::Sdc)) else {
        return out;
    };
    let before = &criteria[..first_dir];
    // DC orders a group by the criteria after the first DC (none when only SDC is named).
    let after: &[Criterion] = criteria.iter().position(|c| *c == Criterion::Dc).map_or(&[], |k| &criteria[k + 1..]);
    let mut k = 0;
    while k < order.len() {
        let mut end = k + 1;
        while end < order.len() && before.iter().all(|&c| value(c, order[end]) == value(c, order[k])) {
            end += 1;
        }
        if end - k > 1 {
            group(&order[k..end], after, value, wins, &mut out);
        }
        k = end;
    }
    out
}

/// `defineDirForExAequoGroup` for one group of tied players.
fn group(
    members: &[usize],
    after: &[Criterion],
    value: &dyn Fn(Criterion, usize) -> i64,
    wins: &[(usize, usize)],
    out: &mut [Direct],
) {
    let m = members.len();
    let matrix = |members: &[usize]| {
        let at: BTreeMap<usize, usize> = members.iter().enumerate().map(|(k, &p)| (p, k)).collect();
        let mut pair = vec![vec![0i64; m]; m];
        for (w, l) in wins {
            if let (Some(&a), Some(&b)) = (at.get(w), at.get(l)) {
                pair[a][b] += 1;
                pair[b][a] -= 1;
            }
        }
        pair
    };
    // SDC: only where every two members have a decided result between them.
    let pair = matrix(members);
    let clamp = |x: i64| x.clamp(-1, 1);
    if (0..m).all(|i| (0..m).all(|j| i == j || clamp(pair[i][j]) != 0)) {
        for (i, &p) in members.iter().enumerate() {
            out[p].sdc += (0..m).filter(|&j| j != i && clamp(pair[i][j]) == 1).count() as i64;
        }
    }
    // DC: the group in the order of the criteria after DC (stable), equal ones sharing a place.
    let better = |a: usize, b: usize| {
        after.iter().map(|&c| value(c, b).cmp(&value(c, a))).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
    };
    let mut sorted = members.to_vec();
    sorted.sort_by(|&a, &b| better(a, b));
    let mut place = vec![0usize; m];
    for i in 1..m {
        place[i] = if better(sorted[i], sorted[i - 1]).is_eq() { place[i - 1] } else { i };
    }
    let sc: Vec<i64> = place.iter().map(|&p| (m - p) as i64).collect();
    // OpenGotha draws an edge only where the count of wins is exactly one more than of losses.
    let pair = matrix(&sorted);
    let mut graph = Graph::new(m);
    for (i, row) in pair.iter().enumerate() {
        for (j, &x) in row.iter().enumerate() {
            if x == 1 {
                graph.add(j, i, Kind::Game);
            }
        }
    }
    let rank = graph.rank(&sc);
    let worst = rank.iter().copied().max().unwrap_or(0);
    for (i, &p) in sorted.iter().enumerate() {
        out[p].dc = worst - rank[i];
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A win: the edge goes from the loser to the winner.
    Game,
    /// A game inside a cycle of wins, set aside.
    Cycling,
    /// Added while finding cycles (through a node) or to stand for a cycle's edges.
    Transitive,
}

struct Edge {
    from: usize,
    to: usize,
    kind: Kind,
    via: BTreeSet<usize>,
}

/// The confrontation graph: nodes are group members (in DC's order), an edge per win.
struct Graph {
    edges: Vec<Edge>,
    /// Per node: edges in, keyed by their origin; edges out, keyed by their end; a loop.
    coming: Vec<BTreeMap<usize, usize>>,
    outgoing: Vec<BTreeMap<usize, usize>>,
    looped: Vec<Option<usize>>,
    cycle_class: Vec<usize>,
}

impl Graph {
    fn new(m: usize) -> Graph {
        Graph {
            edges: Vec::new(),
            coming: vec![BTreeMap::new(); m],
            outgoing: vec![BTreeMap::new(); m],
            looped: vec![None; m],
            cycle_class: (0..m).collect(),
        }
    }

    fn add(&mut self, from: usize, to: usize, kind: Kind) -> usize {
        let k = self.edges.len();
        self.edges.push(Edge { from, to, kind, via: BTreeSet::new() });
        self.register(k);
        k
    }

    fn register(&mut self, k: usize) {
        let (from, to) = (self.edges[k].from, self.edges[k].to);
        if from == to {
            self.looped[to] = Some(k);
        } else {
            self.outgoing[from].insert(to, k);
            self.coming[to].insert(from, k);
        }
    }

    fn unregister(&mut self, k: usize) {
        let (from, to) = (self.edges[k].from, self.edges[k].to);
        if from == to {
            self.looped[to] = None;
        } else {
            self.outgoing[from].remove(&to);
            self.coming[to].remove(&from);
        }
    }

    fn find(&self, from: usize, to: usize) -> Option<usize> {
        if from == to {
            self.looped[from]
        } else {
            self.outgoing[from].get(&to).copied()
        }
    }

    /// Unregisters every edge in or out of `n` (not its loop).
    fn isolate(&mut self, n: usize) {
        let edges: Vec<usize> = self.coming[n].values().chain(self.outgoing[n].values()).copied().collect();
        for k in edges {
            self.unregister(k);
        }
    }

    /// Drops the edges added while finding cycles and registers the others again, as they were.
    fn reinit(&mut self) {
        self.edges.retain(|e| e.kind != Kind::Transitive);
        for map in self.coming.iter_mut().chain(self.outgoing.iter_mut()) {
            map.clear();
        }
        self.looped.iter_mut().for_each(|l| *l = None);
        for k in 0..self.edges.len() {
            self.edges[k].via.clear();
            self.register(k);
        }
    }

    /// Cycles of wins: each node in turn is bypassed by edges from its predecessors to its
    /// successors; a node that comes to reach itself closes a cycle, whose members take its
    /// class.
    fn detect_cycles(&mut self) -> Vec<BTreeSet<usize>> {
        let mut with_loop: Vec<usize> = Vec::new();
        for n in 0..self.coming.len() {
            let coming: Vec<usize> = self.coming[n].values().copied().collect();
            let outgoing: Vec<usize> = self.outgoing[n].values().copied().collect();
            for &c in &coming {
                for &o in &outgoing {
                    let (x, y) = (self.edges[c].from, self.edges[o].to);
                    let te = match self.find(x, y) {
                        Some(te) => te,
                        None => self.add(x, y, Kind::Transitive),
                    };
                    let mut via: BTreeSet<usize> = self.edges[c].via.union(&self.edges[o].via).copied().collect();
                    via.insert(n);
                    if let Some(l) = self.looped[n] {
                        via.extend(self.edges[l].via.iter().copied());
                    }
                    self.edges[te].via.extend(via);
                }
            }
            self.isolate(n);
            if let Some(l) = self.looped[n] {
                let via = &self.edges[l].via;
                with_loop.retain(|x| !via.contains(x));
                with_loop.push(n);
            }
        }
        let mut cycles = Vec::new();
        for &n in &with_loop {
            let Some(l) = self.looped[n] else { continue };
            let mut cycle: BTreeSet<usize> = BTreeSet::from([n]);
            for &v in &self.edges[l].via {
                self.cycle_class[v] = n;
                cycle.insert(v);
            }
            cycles.push(cycle);
        }
        self.reinit();
        cycles
    }

    /// Sets aside the wins inside a cycle, and gives every member of a cycle the edges in and
    /// out of the others.
    fn remove_cycling_edges(&mut self, cycles: &[BTreeSet<usize>]) {
        for k in 0..self.edges.len() {
            let (from, to) = (self.edges[k].from, self.edges[k].to);
            if self.cycle_class[from] == self.cycle_class[to] {
                self.edges[k].kind = Kind::Cycling;
                self.unregister(k);
            }
        }
        for cycle in cycles {
            for &origin in cycle {
                for &dest in cycle {
                    if dest == origin {
                        continue;
                    }
                    let coming: Vec<usize> = self.coming[origin].keys().copied().collect();
                    for from in coming {
                        if !self.coming[dest].contains_key(&from) {
                            self.add(from, dest, Kind::Transitive);
                        }
                    }
                    let outgoing: Vec<usize> = self.outgoing[origin].keys().copied().collect();
                    for to in outgoing {
                        if !self.outgoing[dest].contains_key(&to) {
                            self.add(dest, to, Kind::Transitive);
                        }
                    }
                }
            }
        }
    }

    /// `topologicalSort(upWinners = true, preserveTransitivity = true)`: repeatedly the players
    /// who beat no one left, of the least `sc` among them, take the worst rank left.
    fn rank(&mut self, sc: &[i64]) -> Vec<i64> {
        let m = sc.len();
        let cycles = self.detect_cycles();
        self.remove_cycling_edges(&cycles);
        let mut rank = vec![0i64; m];
        let mut left: BTreeSet<usize> = (0..m).collect();
        while !left.is_empty() {
            let free: Vec<usize> = left.iter().copied().filter(|&n| self.coming[n].is_empty()).collect();
            // OpenGotha would loop for ever here (a cycle left in the graph); take everyone left.
            let pool = if free.is_empty() { left.iter().copied().collect() } else { free };
            let least = pool.iter().map(|&n| sc[n]).min().unwrap_or(0);
            let candidates: Vec<usize> = pool.into_iter().filter(|&n| sc[n] == least).collect();
            let current = (1 + left.len() - candidates.len()) as i64;
            for c in candidates {
                self.isolate(c);
                rank[c] = current;
                left.remove(&c);
            }
        }
        rank
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(m: usize, sc: &[i64], wins: &[(usize, usize)]) -> Vec<i64> {
        let mut g = Graph::new(m);
        for &(w, l) in wins {
            g.add(l, w, Kind::Game);
        }
        g.rank(sc)
    }

    #[test]
    fn a_chain_of_wins_ranks_in_order() {
        // 0 beat 1, 1 beat 2: ranks 1, 2, 3 whatever the secondary order.
        assert_eq!(run(3, &[1, 2, 3], &[(0, 1), (1, 2)]), vec![1, 2, 3]);
    }

    #[test]
    fn a_cycle_of_wins_ranks_by_the_secondary_order() {
        // 0 > 1 > 2 > 0: one class, ranked by sc (3 best), as Confrontation's own example.
        assert_eq!(run(3, &[3, 2, 1], &[(0, 1), (1, 2), (2, 0)]), vec![1, 2, 3]);
    }

    #[test]
    fn players_who_did_not_meet_share_by_the_secondary_order() {
        // No games: the least sc goes last; equal sc share.
        assert_eq!(run(3, &[3, 1, 1], &[]), vec![1, 2, 2]);
    }
}

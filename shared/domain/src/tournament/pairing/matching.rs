//! Maximum-weight matching on a complete graph: Gabow's O(n³) implementation of Edmonds'
//! algorithm (his 1973 dissertation, appendix D), in the shape OpenGotha runs it
//! (`WeightedMatchLong`, after Rothberg's C `wmatch`), on exact 64-bit integers.
//!
//! Why this algorithm and not any other maximum-weight matching: where several matchings share
//! the greatest total, which one comes out depends on the algorithm's steps, and an organiser
//! comparing our boards with OpenGotha's must see the same ones. So the steps, their order and
//! the order edges are listed in are OpenGotha's (checked against its engine on thousands of
//! rounds, `tests/it/opengotha_oracle.rs`); the step names (W1…W9, PA1…, SC1…) are Gabow's.
//!
//! Indices are 1-based as in the dissertation: vertices 1..=V, a dummy vertex V+1; edge
//! `e` and its opposite direction `opp(e)` are V+1..=V+2E, a dummy edge V+2E+1. A link is an
//! edge with a sign (negative: unlinked, or a flag), so every index is an `isize`.

use std::ops::{Index, IndexMut};

/// The weight of each pair, `weight(i, j)` for `i < j`, as a dense upper triangle.
#[derive(Debug, Clone)]
pub struct Weights {
    n: usize,
    w: Vec<i64>,
}

impl Weights {
    /// `n` vertices, every pair weighing 0 until set.
    pub fn new(n: usize) -> Weights {
        Weights { n, w: vec![0; n * n.saturating_sub(1) / 2] }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    fn index(&self, i: usize, j: usize) -> usize {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        // Row i holds the pairs (i, i+1 .. n).
        i * (2 * self.n - i - 1) / 2 + (j - i - 1)
    }

    pub fn set(&mut self, i: usize, j: usize, weight: i64) {
        let k = self.index(i, j);
        self.w[k] = weight;
    }

    pub fn get(&self, i: usize, j: usize) -> i64 {
        self.w[self.index(i, j)]
    }

    /// The total weight of `pairs`, exactly.
    pub fn total(&self, pairs: &[(usize, usize)]) -> i128 {
        pairs.iter().map(|&(a, b)| i128::from(self.get(a, b))).sum()
    }
}

/// The pairs of a maximum-weight matching, each as `(i, j)` with `i < j`, sorted. With every
/// weight positive (OpenGotha's least cost is 1) the matching is perfect on an even count and
/// leaves one vertex out on an odd count. Weights must be non-negative and below 2⁶² (they are
/// doubled, as Gabow's algorithm keeps half-integral duals).
pub fn max_weight_matching(weights: &Weights) -> Vec<(usize, usize)> {
    let n = weights.len();
    if n < 2 {
        return Vec::new();
    }
    let mate = Gabow::new(weights).run();
    let mut pairs: Vec<(usize, usize)> =
        (1..=n).filter(|&v| mate[v] != 0 && (v as isize) < mate[v]).map(|v| (v - 1, mate[v] as usize - 1)).collect();
    pairs.sort_unstable();
    pairs
}

/// A vector indexed by the algorithm's signed indices (never negative where it indexes).
struct Arr<T>(Vec<T>);

impl<T> Index<isize> for Arr<T> {
    type Output = T;
    fn index(&self, i: isize) -> &T {
        &self.0[i as usize]
    }
}

impl<T> IndexMut<isize> for Arr<T> {
    fn index_mut(&mut self, i: isize) -> &mut T {
        &mut self.0[i as usize]
    }
}

/// The algorithm's state. Gabow's description passes much of it between steps in shared
/// variables (`e`, `v`, `i`, `f`, `new_base`, …); they are fields here, so each step reads
/// as the dissertation's does.
struct Gabow {
    vertices: isize,
    dummy_vertex: isize,
    dummy_edge: isize,
    /// Each vertex's edges in the order Gabow's adjacency list gives them (the last listed
    /// first), laid out together: `(edge, neighbour, weight)`, vertex v's from `adj_start[v]`.
    adj: Vec<(isize, isize, i64)>,
    adj_start: Vec<usize>,
    end: Arr<isize>,
    weight: Arr<i64>,
    mate: Arr<isize>,
    link: Arr<isize>,
    base: Arr<isize>,
    next_vertex: Arr<isize>,
    last_vertex: Arr<isize>,
    y: Arr<i64>,
    next_delta: Arr<i64>,
    next_edge: Arr<isize>,
    next_pair: Arr<isize>,
    last_edge: [isize; 3],
    delta: i64,
    last_delta: i64,
    new_base: isize,
    next_base: isize,
    stop_scan: isize,
    pair_point: isize,
    neighbor: isize,
    new_last: isize,
    next_point: isize,
    old_first: isize,
    second_mate: isize,
    f: isize,
    nxt_edge: isize,
    next_e: isize,
    next_u: isize,
    e: isize,
    v: isize,
    i: isize,
}

impl Gabow {
    /// W0 and W1: the graph (edges listed from the last vertex down, as OpenGotha lists them:
    /// the order decides between equal matchings) and the initial duals.
    fn new(weights: &Weights) -> Gabow {
        let n = weights.len() as isize;
        let edges = n * (n - 1) / 2;
        let size = (n + 2 * edges + 2) as usize;
        let mut a = Arr(vec![0isize; size]);
        let mut end = Arr(vec![0isize; size]);
        let mut weight = Arr(vec![0i64; size]);
        let mut current = n + 2;
        for i in (1..=n).rev() {
            for j in (1..i).rev() {
                let cost = 2 * weights.get(i as usize - 1, j as usize - 1);
                weight[current - 1] = cost;
                weight[current] = cost;
                end[current - 1] = i;
                end[current] = j;
                a[current] = a[i];
                a[i] = current;
                a[current - 1] = a[j];
                a[j] = current - 1;
                current += 2;
            }
        }
        // Walked once into one array, so that scanning a vertex reads memory in order.
        let mut adj = Vec::with_capacity(2 * edges as usize);
        let mut adj_start = vec![0usize; n as usize + 2];
        for v in 1..=n {
            adj_start[v as usize] = adj.len();
            let mut e = a[v];
            while e != 0 {
                adj.push((e, end[e], weight[e]));
                e = a[e];
            }
        }
        adj_start[n as usize + 1] = adj.len();
        let dummy_vertex = n + 1;
        let dummy_edge = n + 2 * edges + 1;
        end[dummy_edge] = dummy_vertex;
        let max_weight = 2 * weights.w.iter().copied().max().unwrap_or(0);
        let last_delta = max_weight / 2;
        let per_vertex = (n + 2) as usize;
        let mut g = Gabow {
            vertices: n,
            dummy_vertex,
            dummy_edge,
            adj,
            adj_start,
            end,
            weight,
            mate: Arr(vec![0; per_vertex]),
            link: Arr(vec![0; per_vertex]),
            base: Arr(vec![0; per_vertex]),
            next_vertex: Arr(vec![0; per_vertex]),
            last_vertex: Arr(vec![0; per_vertex]),
            y: Arr(vec![0; per_vertex]),
            next_delta: Arr(vec![0; per_vertex]),
            next_edge: Arr(vec![0; per_vertex]),
            next_pair: Arr(vec![0; size]),
            last_edge: [0; 3],
            delta: 0,
            last_delta,
            new_base: 0,
            next_base: 0,
            stop_scan: 0,
            pair_point: 0,
            neighbor: 0,
            new_last: 0,
            next_point: 0,
            old_first: 0,
            second_mate: 0,
            f: 0,
            nxt_edge: 0,
            next_e: 0,
            next_u: 0,
            e: 0,
            v: 0,
            i: 0,
        };
        for i in 1..=n + 1 {
            g.mate[i] = dummy_edge;
            g.next_edge[i] = dummy_edge;
            g.next_vertex[i] = 0;
            g.link[i] = -dummy_edge;
            g.base[i] = i;
            g.last_vertex[i] = i;
            g.y[i] = last_delta;
            g.next_delta[i] = last_delta;
        }
        g
    }

    /// The mate of each vertex 1..=V (0: unmatched), index 0 unused.
    fn run(mut self) -> Vec<isize> {
        loop {
            // W2. Start a new search: link all exposed vertices.
            self.delta = 0;
            self.v = 1;
            while self.v <= self.vertices {
                if self.mate[self.v] == self.dummy_edge {
                    self.pointer(self.dummy_vertex, self.v, self.dummy_edge);
                }
                self.v += 1;
            }
            loop {
                // W3. Get next edge: the least slack (the first of equal ones).
                self.i = 1;
                for j in 2..=self.vertices {
                    if self.next_delta[self.i] > self.next_delta[j] {
                        self.i = j;
                    }
                }
                self.delta = self.next_delta[self.i];
                if self.delta == self.last_delta {
                    // W8. Undo blossoms; W9, done.
                    self.set_bounds();
                    self.unpair_all();
                    let mut mate = vec![0isize; self.vertices as usize + 1];
                    for (i, m) in mate.iter_mut().enumerate().skip(1) {
                        let other = self.end[self.mate[i as isize]];
                        *m = if other == self.dummy_vertex { 0 } else { other };
                    }
                    return mate;
                }
                // W4. Assign pair links.
                self.v = self.base[self.i];
                if self.link[self.v] >= 0 {
                    if self.pair() {
                        break;
                    }
                } else {
                    // W5. Assign a pointer link.
                    let w = self.bmate(self.v);
                    if self.link[w] < 0 {
                        let e = self.opp(self.next_edge[self.i]);
                        self.pointer(self.v, w, e);
                    } else {
                        // W6. Undo a pair link.
                        self.unpair(self.v, w);
                    }
                }
            }
            // W7. Enlarge the matching.
            self.last_delta -= self.delta;
            self.set_bounds();
            let g = self.opp(self.e);
            let (e, first) = (self.e, self.bend(self.e));
            self.rematch(first, g);
            let second = self.bend(g);
            self.rematch(second, e);
        }
    }

    fn bend(&self, e: isize) -> isize {
        self.base[self.end[e]]
    }

    fn blink(&self, v: isize) -> isize {
        self.base[self.end[self.link[v]]]
    }

    fn bmate(&self, v: isize) -> isize {
        self.base[self.end[self.mate[v]]]
    }

    fn opp(&self, e: isize) -> isize {
        if (e - self.vertices) % 2 == 0 {
            e - 1
        } else {
            e + 1
        }
    }

    fn slack(&self, e: isize) -> i64 {
        self.y[self.end[e]] + self.y[self.end[self.opp(e)]] - self.weight[e]
    }

    /// Inserts edge `e` (ending at `neighbor`) into the pair list of `new_base`'s blossom,
    /// from `pair_point` on.
    fn insert_pair(&mut self) {
        // IP1. Prepare to insert.
        let delta_e = self.slack(self.e) / 2;
        self.next_point = self.next_pair[self.pair_point];
        // IP2. Find the insertion point.
        while self.end[self.next_point] < self.neighbor {
            self.pair_point = self.next_point;
            self.next_point = self.next_pair[self.next_point];
        }
        if self.end[self.next_point] == self.neighbor {
            // IP3. Choose the edge: keep the one already listed unless this one is tighter.
            if delta_e >= self.slack(self.next_point) / 2 {
                return;
            }
            self.next_point = self.next_pair[self.next_point];
        }
        // IP4. Insert.
        self.next_pair[self.pair_point] = self.e;
        self.pair_point = self.e;
        self.next_pair[self.e] = self.next_point;
        // IP5. Update the best linking edge.
        if self.next_delta[self.new_base] > delta_e {
            self.next_delta[self.new_base] = delta_e;
        }
    }

    /// Links the unlinked vertices on the path from `end[e]` to `new_base`.
    fn link_path(&mut self, mut e: isize) {
        // L1. Done?
        self.v = self.bend(e);
        while self.v != self.new_base {
            // L2. Link the next vertex.
            let u = self.bmate(self.v);
            self.link[u] = self.opp(e);
            // L3. Add the vertices to the blossom's list.
            self.next_vertex[self.new_last] = self.v;
            self.next_vertex[self.last_vertex[self.v]] = u;
            self.new_last = self.last_vertex[u];
            self.i = self.v;
            // L4. Update the base.
            loop {
                self.base[self.i] = self.new_base;
                self.i = self.next_vertex[self.i];
                if self.i == self.dummy_vertex {
                    break;
                }
            }
            // L5. Get the next edge.
            e = self.link[self.v];
            self.v = self.bend(e);
        }
    }

    /// Merges the pair list of the subblossom based at `v` into the new blossom's.
    fn merge_pairs(&mut self, v: isize) {
        // MP1. Prepare to merge.
        self.next_delta[v] = self.last_delta;
        self.pair_point = self.dummy_edge;
        self.f = self.next_edge[v];
        while self.f != self.dummy_edge {
            // MP2. Prepare to insert.
            self.e = self.f;
            self.neighbor = self.end[self.e];
            self.f = self.next_pair[self.f];
            // MP3. Insert the edge.
            if self.base[self.neighbor] != self.new_base {
                self.insert_pair();
            }
        }
    }

    /// An edge joining two linked vertices (`v` the base of one end): true if it completes an
    /// augmenting path, else it makes a blossom.
    fn pair(&mut self) -> bool {
        // PA1–PA2. Find the edge.
        self.e = self.next_edge[self.v];
        while self.slack(self.e) != 2 * self.delta {
            self.e = self.next_pair[self.e];
        }
        // PA3. Begin flagging vertices.
        let mut w = self.bend(self.e);
        let flagged = self.bmate(w);
        self.link[flagged] = -self.e;
        let mut u = self.bmate(self.v);
        // PA4. Flag vertices, alternately from either end.
        while self.link[u] != -self.e {
            self.link[u] = -self.e;
            if self.mate[w] != self.dummy_edge {
                std::mem::swap(&mut self.v, &mut w);
            }
            self.v = self.blink(self.v);
            u = self.bmate(self.v);
        }
        // PA5. Augmenting path?
        if u == self.dummy_vertex && self.v != w {
            return true;
        }
        // PA6. Prepare to link vertices.
        self.new_last = self.v;
        self.new_base = self.v;
        self.old_first = self.next_vertex[self.v];
        // PA7. Link vertices.
        self.link_path(self.e);
        let back = self.opp(self.e);
        self.link_path(back);
        // PA8. Finish linking.
        self.next_vertex[self.new_last] = self.old_first;
        if self.last_vertex[self.new_base] == self.new_base {
            self.last_vertex[self.new_base] = self.new_last;
        }
        // PA9. Start the new pair list.
        self.next_pair[self.dummy_edge] = self.dummy_edge;
        self.merge_pairs(self.new_base);
        self.i = self.next_vertex[self.new_base];
        loop {
            // PA10. Merge a subblossom's pair list.
            self.merge_pairs(self.i);
            self.i = self.next_vertex[self.last_vertex[self.i]];
            // PA11. Scan a subblossom.
            let del = 2 * self.delta - self.slack(self.mate[self.i]);
            self.scan(self.i, del);
            self.i = self.next_vertex[self.last_vertex[self.i]];
            // PA12. More blossoms?
            if self.i == self.old_first {
                return false;
            }
        }
    }

    /// Assigns a pointer link: `u` and `v` are bases of blossoms matched with each other, and
    /// `e` joins a vertex of `u`'s blossom to a linked vertex.
    fn pointer(&mut self, u: isize, v: isize, e: isize) {
        // PT1. Reinitialise what may have changed.
        self.link[u] = -self.dummy_edge;
        let (lu, lv) = (self.last_vertex[u], self.last_vertex[v]);
        self.next_vertex[lu] = self.dummy_vertex;
        self.next_vertex[lv] = self.dummy_vertex;
        // PT2. Find the unpairing value.
        let del = if self.last_vertex[u] != u {
            let i = self.mate[self.next_vertex[u]];
            -self.slack(i) / 2
        } else {
            self.last_delta
        };
        // PT3.
        let mut i = u;
        while i != self.dummy_vertex {
            self.y[i] += del;
            self.next_delta[i] += del;
            i = self.next_vertex[i];
        }
        // PT4. Link v, and scan it if it was unlinked.
        let unlinked = self.link[v] < 0;
        self.link[v] = e;
        if unlinked {
            self.next_pair[self.dummy_edge] = self.dummy_edge;
            self.scan(v, self.delta);
        }
    }

    /// Changes the matching along an alternating path that starts at `first_mate`, whose new
    /// matched edge is `e`.
    fn rematch(&mut self, mut first_mate: isize, mut e: isize) {
        // R1. Start rematching.
        self.mate[first_mate] = e;
        self.next_e = -self.link[first_mate];
        // R2. Done?
        while self.next_e != self.dummy_edge {
            // R3. Get the next edge.
            e = self.next_e;
            self.f = self.opp(e);
            first_mate = self.bend(e);
            self.second_mate = self.bend(self.f);
            self.next_e = -self.link[first_mate];
            // R4. Relink and rematch.
            self.link[first_mate] = -self.mate[self.second_mate];
            self.link[self.second_mate] = -self.mate[first_mate];
            self.mate[first_mate] = self.f;
            self.mate[self.second_mate] = e;
        }
    }

    /// Scans the blossom just linked at base `x`, raising its duals by `del`; the list head
    /// `next_pair[dummy_edge]` points at the first edge of its pair list.
    fn scan(&mut self, mut x: isize, del: i64) {
        // SC1. Initialise.
        self.new_base = self.base[x];
        self.stop_scan = self.next_vertex[self.last_vertex[x]];
        while x != self.stop_scan {
            // SC2. Set bounds and initialise for x.
            self.y[x] += del;
            self.next_delta[x] = self.last_delta;
            self.pair_point = self.dummy_edge;
            let y_x = self.y[x];
            for k in self.adj_start[x as usize]..self.adj_start[x as usize + 1] {
                // SC3. Find a neighbour (edge e's other end is x: its slack is read directly).
                let (e, neighbor, weight) = self.adj[k];
                self.e = e;
                self.neighbor = neighbor;
                let u = self.base[neighbor];
                if self.link[u] < 0 {
                    // SC4. A pair link edge.
                    if self.link[self.bmate(u)] < 0 || self.last_vertex[u] != u {
                        let del_e = y_x + self.y[neighbor] - weight;
                        if self.next_delta[neighbor] > del_e {
                            self.next_delta[neighbor] = del_e;
                            self.next_edge[neighbor] = e;
                        }
                    }
                } else if u != self.new_base {
                    // SC5.
                    self.insert_pair();
                }
                // SC6.
            }
            // The list ends as Gabow's does, with no edge.
            self.e = 0;
            // SC7.
            x = self.next_vertex[x];
        }
        // SC8.
        self.next_edge[self.new_base] = self.next_pair[self.dummy_edge];
    }

    /// Updates the duals and bounds for the next search (`last_delta` already set).
    fn set_bounds(&mut self) {
        // SB1. Examine each vertex.
        self.v = 1;
        while self.v <= self.vertices {
            let v = self.v;
            // SB2. A linked base?
            if self.link[v] < 0 || self.base[v] != v {
                // SB8.
                self.next_delta[v] = self.last_delta;
                self.v += 1;
                continue;
            }
            // SB3. Begin processing the linked blossom.
            self.link[v] = -self.link[v];
            self.i = v;
            // SB4. Update y in it.
            while self.i != self.dummy_vertex {
                self.y[self.i] -= self.delta;
                self.i = self.next_vertex[self.i];
            }
            // SB5. Is it matched?
            self.f = self.mate[v];
            if self.f != self.dummy_edge {
                // SB6–SB7. Update y in the unlinked blossom matched to it.
                self.i = self.bend(self.f);
                let del = self.slack(self.f);
                while self.i != self.dummy_vertex {
                    self.y[self.i] -= del;
                    self.i = self.next_vertex[self.i];
                }
            }
            self.next_delta[v] = self.last_delta;
            self.v += 1;
        }
    }

    /// Unlinks the subblossoms of the blossom based at `old_base`, keeping the links it undoes
    /// (for `rematch` and `unpair`); sets `last_edge`.
    fn unlink(&mut self, old_base: isize) {
        // UL1. Prepare to unlink the paths.
        self.new_base = self.next_vertex[old_base];
        self.i = self.new_base;
        self.next_base = self.next_vertex[self.last_vertex[self.new_base]];
        self.e = self.link[self.next_base];
        // Twice: the two paths containing the subblossom.
        for j in 1..=2 {
            loop {
                // UL2. Get the next path edge.
                self.nxt_edge = self.opp(self.link[self.new_base]);
                for _ in 1..=2 {
                    // UL3. Unlink the blossom's base.
                    self.link[self.new_base] = -self.link[self.new_base];
                    // UL4. Update the base array.
                    loop {
                        self.base[self.i] = self.new_base;
                        self.i = self.next_vertex[self.i];
                        if self.i == self.next_base {
                            break;
                        }
                    }
                    // UL5. Get the next vertex.
                    self.new_base = self.next_base;
                    self.next_base = self.next_vertex[self.last_vertex[self.new_base]];
                }
                // UL6. More vertices?
                if self.link[self.next_base] != self.nxt_edge {
                    break;
                }
            }
            // UL7. End of a path.
            if j == 1 {
                self.last_edge[1] = self.nxt_edge;
                self.nxt_edge = self.opp(self.e);
                if self.link[self.next_base] == self.nxt_edge {
                    continue;
                }
            }
            break;
        }
        self.last_edge[2] = self.nxt_edge;
        // UL8. Update the blossom list.
        if self.base[self.last_vertex[old_base]] == old_base {
            self.next_vertex[old_base] = self.new_base;
        } else {
            self.next_vertex[old_base] = self.dummy_vertex;
            self.last_vertex[old_base] = old_base;
        }
    }

    /// Undoes a blossom: `old_base` (unlinked) is its base, `old_mate` (linked) the base of the
    /// blossom matched to it.
    fn unpair(&mut self, old_base: isize, old_mate: isize) {
        // UP1. Unlink vertices.
        self.unlink(old_base);
        // UP2. Rematch a path.
        let new_base = self.bmate(old_mate);
        if new_base != old_base {
            self.link[old_base] = -self.dummy_edge;
            let e = self.mate[old_base];
            self.rematch(new_base, e);
            self.link[self.second_mate] =
                if self.f == self.last_edge[1] { -self.last_edge[2] } else { -self.last_edge[1] };
        }
        // UP3. Examine the linking edge.
        let mut e = self.link[old_mate];
        let mut u = self.bend(self.opp(e));
        if u == new_base {
            // UP7. Relink old_mate.
            self.pointer(new_base, old_mate, e);
            return;
        }
        let flagged = self.bmate(u);
        self.link[flagged] = -e;
        loop {
            // UP5. Relink a vertex.
            e = -self.link[u];
            self.v = self.bmate(u);
            let (v, l) = (self.v, -self.link[self.v]);
            self.pointer(u, v, l);
            // UP6. Get the next blossom.
            u = self.bend(e);
            if u == new_base {
                break;
            }
        }
        e = self.opp(e);
        // UP7. Relink old_mate.
        self.pointer(new_base, old_mate, e);
    }

    /// Undoes every blossom, rematching them into the final matching.
    fn unpair_all(&mut self) {
        // UA1. Unpair each blossom.
        self.v = 1;
        while self.v <= self.vertices {
            let v = self.v;
            if self.base[v] != v || self.last_vertex[v] == v {
                self.v += 1;
                continue;
            }
            // UA2. Prepare to unpair.
            self.next_u = v;
            let last = self.last_vertex[self.next_u];
            self.next_vertex[last] = self.dummy_vertex;
            loop {
                // UA3. Get the next blossom to unpair.
                let u = self.next_u;
                self.next_u = self.next_vertex[self.next_u];
                // UA4. Unlink it.
                self.unlink(u);
                if self.last_vertex[u] != u {
                    // UA5. List its subblossoms to unpair.
                    self.f = if self.last_edge[2] == self.opp(self.e) { self.last_edge[1] } else { self.last_edge[2] };
                    let last = self.last_vertex[self.bend(self.f)];
                    self.next_vertex[last] = u;
                }
                // UA6. Rematch it.
                self.new_base = self.bmate(self.bmate(u));
                if self.new_base != self.dummy_vertex && self.new_base != u {
                    self.link[u] = -self.dummy_edge;
                    let e = self.mate[u];
                    self.rematch(self.new_base, e);
                }
                // UA7. Find the next blossom to unpair.
                while self.last_vertex[self.next_u] == self.next_u && self.next_u != self.dummy_vertex {
                    self.next_u = self.next_vertex[self.next_u];
                }
                if self.last_vertex[self.next_u] == self.next_u && self.next_u == self.dummy_vertex {
                    break;
                }
            }
            self.v += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weights(n: usize, f: impl Fn(usize, usize) -> i64) -> Weights {
        let mut w = Weights::new(n);
        for i in 0..n {
            for j in i + 1..n {
                w.set(i, j, f(i, j));
            }
        }
        w
    }

    #[test]
    fn index_covers_the_triangle_once() {
        let w = Weights::new(7);
        let mut seen: Vec<usize> =
            (0..7).flat_map(|i| (i + 1..7).map(move |j| (i, j))).map(|(i, j)| w.index(i, j)).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..21).collect::<Vec<_>>());
        assert_eq!(w.index(5, 2), w.index(2, 5));
    }

    #[test]
    fn four_vertices_take_the_heavier_pairing() {
        // 0–1 and 2–3 weigh 10 + 10; 0–2 and 1–3 weigh 11 + 11; 0–3, 1–2 weigh 1 + 1.
        let w = weights(4, |i, j| match (i, j) {
            (0, 1) | (2, 3) => 10,
            (0, 2) | (1, 3) => 11,
            _ => 1,
        });
        assert_eq!(max_weight_matching(&w), vec![(0, 2), (1, 3)]);
    }

    #[test]
    fn a_blossom_is_needed() {
        // Triangle 0-1-2 heavy, 3 hangs off 2 only: the odd cycle must be shrunk and expanded.
        let w = weights(6, |i, j| match (i, j) {
            (0, 1) => 8,
            (1, 2) => 9,
            (0, 2) => 10,
            (2, 3) => 7,
            (3, 4) => 5,
            (4, 5) => 6,
            (0, 5) => 4,
            _ => 1,
        });
        let m = max_weight_matching(&w);
        assert_eq!(m.len(), 3);
        assert_eq!(w.total(&m), 21, "{m:?}");
    }
}

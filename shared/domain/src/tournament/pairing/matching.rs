//! Maximum-weight perfect matching on a complete graph: Edmonds' blossom algorithm in its
//! primal–dual form (Galil's O(n³) presentation), on exact integers.
//!
//! OpenGotha pairs a round by giving every pair of players a weight and taking the matching of
//! greatest total weight; its weights reach 10¹⁵, so nothing here is a float. The dual
//! variables are kept doubled-free: with integer weights every slack an S-blossom is charged is
//! even (the invariant of the algorithm), so halving it is exact.
//!
//! Where several matchings share the greatest total, which one is returned depends on the order
//! edges are scanned (vertex order, then neighbour order); it is the same for the same input.

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

/// The pairs of a maximum-weight matching among those of greatest cardinality (on a complete
/// graph with an even number of vertices: a perfect matching), each as `(i, j)` with `i < j`,
/// sorted. Weights must be non-negative.
pub fn max_weight_matching(weights: &Weights) -> Vec<(usize, usize)> {
    let n = weights.len();
    if n < 2 {
        return Vec::new();
    }
    let mut m = Matcher::new(weights);
    m.run();
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .filter_map(|v| {
            let p = m.mate[v];
            (p != NONE).then(|| m.endpoint(p)).filter(|&w| v < w).map(|w| (v, w))
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

const NONE: usize = usize::MAX;

/// Vertices are 0..n; blossoms n..2n. An edge k joins `ends[k]`; its endpoints are 2k (the
/// first end) and 2k+1 (the second), so `p ^ 1` is the other end of the same edge.
struct Matcher<'a> {
    weights: &'a Weights,
    n: usize,
    ends: Vec<(u32, u32)>,
    /// Per vertex, the endpoints (of its edges) at the far side.
    neighbend: Vec<Vec<u32>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i64>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a> Matcher<'a> {
    fn new(weights: &'a Weights) -> Matcher<'a> {
        let n = weights.len();
        let edges = n * (n - 1) / 2;
        let mut ends = Vec::with_capacity(edges);
        let mut neighbend: Vec<Vec<u32>> = vec![Vec::with_capacity(n - 1); n];
        for i in 0..n {
            for j in i + 1..n {
                let k = ends.len() as u32;
                ends.push((i as u32, j as u32));
                neighbend[i].push(2 * k + 1);
                neighbend[j].push(2 * k);
            }
        }
        let maxweight = weights.w.iter().copied().max().unwrap_or(0).max(0);
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        Matcher {
            weights,
            n,
            ends,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; edges],
            queue: Vec::new(),
        }
    }

    fn endpoint(&self, p: usize) -> usize {
        let (a, b) = self.ends[p / 2];
        (if p & 1 == 0 { a } else { b }) as usize
    }

    fn edge_weight(&self, k: usize) -> i64 {
        let (a, b) = self.ends[k];
        self.weights.get(a as usize, b as usize)
    }

    fn slack(&self, k: usize) -> i64 {
        let (i, j) = self.ends[k];
        self.dualvar[i as usize] + self.dualvar[j as usize] - 2 * self.edge_weight(k)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint(mb), 1, mb ^ 1);
        }
    }

    /// Traces back from v and w to find a new blossom's base, or NONE for an augmenting path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (v, w) = self.ends[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v as usize];
        let mut bw = self.inblossom[w as usize];
        let Some(b) = self.unusedblossoms.pop() else { return };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            let v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            let w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // The least-slack edge from the new blossom to each other S-blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|&p| p as usize / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (i, j) = self.ends[k];
                    let j = if self.inblossom[j as usize] == b { i } else { j } as usize;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut be = NONE;
        for &k in &best {
            if be == NONE || self.slack(k) < self.slack(be) {
                be = k;
            }
        }
        self.blossombestedges[b] = Some(best);
        self.bestedge[b] = be;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            // Relabel the children on the path from the entry to the base.
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let endp = |j: isize| -> usize { endps[(j - endptrick as isize).rem_euclid(len) as usize] };
            let mut p = self.labelend[b];
            while j != 0 {
                let a = self.endpoint(p ^ 1);
                self.label[a] = 0;
                let c = self.endpoint(endp(j) ^ endptrick ^ 1);
                self.label[c] = 0;
                self.assign_label(a, 2, p);
                self.allowedge[endp(j) / 2] = true;
                j += jstep;
                p = endp(j) ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let a = self.endpoint(p ^ 1);
            self.label[a] = 2;
            self.label[bv] = 2;
            self.labelend[a] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labelled = self.leaves_of(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let m = self.endpoint(self.mate[self.blossombase[bv]]);
                    self.label[m] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the path from v to the base of blossom b.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][j.rem_euclid(len) as usize];
            let p = self.blossomendps[b][(j - endptrick as isize).rem_euclid(len) as usize] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][j.rem_euclid(len) as usize];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let (a, c) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends[k];
        for (mut s, mut p) in [(v as usize, 2 * k + 1), (w as usize, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.endpoint(self.labelend[bt]);
                let j = self.endpoint(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn run(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(0);
            self.bestedge.fill(NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx] as usize;
                        let k = p / 2;
                        let w = self.endpoint(p);
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            let bw = self.inblossom[w];
                            if self.label[bw] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with the allowed edges: change the duals.
                let mut deltatype = 0u8;
                let mut delta = 0i64;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                        let kslack = self.slack(self.bestedge[b]);
                        debug_assert_eq!(kslack % 2, 0, "integer weights keep S–S slacks even");
                        let d = kslack / 2;
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    // Maximum cardinality reached: the optimum is found.
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0).max(0);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (i, j) = self.ends[deltaedge];
                        let i = if self.label[self.inblossom[i as usize]] == 0 { j } else { i };
                        self.queue.push(i as usize);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _) = self.ends[deltaedge];
                        self.queue.push(i as usize);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
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

//! A position on a 9×9, 13×13 or 19×19 board and the placing of one stone (第三条–第五条): the
//! opponent's stones left without liberties are taken off first (第四条); a stone that would
//! then have no liberty is on a forbidden point (第五条). Positions are values: playing returns
//! a new one. Each carries its Zobrist hash, updated per stone, so a repetition check is O(1).

use std::fmt;

use crate::model::{Colour, Point};
use crate::rules::Article;

use super::zobrist;

/// A point by zero-based column and row (row 0 is the bottom line, as on a score sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Coord {
    pub x: u8,
    pub y: u8,
}

impl Coord {
    /// As on a score sheet: `D4` (columns A–T without I, row 1 at the bottom).
    pub fn label(self, size: u8) -> String {
        match Point::new(self.x, self.y) {
            Ok(p) if self.x < size && self.y < size => p.to_string(),
            _ => format!("({}, {}) off the {size}×{size} board", self.x, self.y),
        }
    }

    /// A score-sheet point (`D4`, `q16`) of a `size` board; none if it is not one.
    pub fn parse(text: &str, size: u8) -> Option<Coord> {
        let p: Point = text.trim().parse().ok()?;
        (p.col() < size && p.row() < size).then_some(Coord { x: p.col(), y: p.row() })
    }

    /// As a score-sheet point.
    pub fn point(self) -> Option<Point> {
        Point::new(self.x, self.y).ok()
    }
}

/// Why a stone cannot be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    #[error("{0:?} is off the board")]
    OffBoard(Coord),
    #[error("the point is occupied")]
    Occupied,
    /// 第五条: no liberty and nothing captured.
    #[error("第五条: a forbidden point — the stone would have no liberty and captures nothing")]
    Forbidden,
}

impl PlaceError {
    /// The article a refusal cites (none for a point that is not free at all).
    pub fn article(self) -> Option<Article> {
        match self {
            PlaceError::Forbidden => Some(Article::Art5),
            _ => None,
        }
    }
}

/// A board position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    size: u8,
    stones: Vec<Option<Colour>>,
    hash: u64,
}

/// What placing a stone did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub position: Position,
    /// The opponent's stones taken off (第四条).
    pub captured: Vec<Coord>,
}

impl Position {
    /// An empty board of `size` (9, 13 or 19).
    pub fn empty(size: u8) -> Option<Position> {
        matches!(size, 9 | 13 | 19).then(|| Position {
            size,
            stones: vec![None; usize::from(size) * usize::from(size)],
            hash: 0,
        })
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The Zobrist hash of the stones (equal positions, equal hashes).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn index(&self, c: Coord) -> Option<usize> {
        (c.x < self.size && c.y < self.size).then(|| usize::from(c.y) * usize::from(self.size) + usize::from(c.x))
    }

    fn coord(&self, i: usize) -> Coord {
        let n = usize::from(self.size);
        Coord { x: (i % n) as u8, y: (i / n) as u8 }
    }

    pub fn get(&self, c: Coord) -> Option<Colour> {
        self.index(c).and_then(|i| self.stones[i])
    }

    fn set(&mut self, i: usize, stone: Option<Colour>) {
        if let Some(old) = self.stones[i] {
            self.hash ^= zobrist::key(i, old);
        }
        if let Some(new) = stone {
            self.hash ^= zobrist::key(i, new);
        }
        self.stones[i] = stone;
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let n = usize::from(self.size);
        let (x, y) = (i % n, i / n);
        [(x > 0).then(|| i - 1), (x + 1 < n).then(|| i + 1), (y > 0).then(|| i - n), (y + 1 < n).then(|| i + n)]
            .into_iter()
            .flatten()
    }

    /// The chain holding the stone at `i` and whether it has a liberty.
    fn chain(&self, i: usize) -> (Vec<usize>, bool) {
        let Some(colour) = self.stones[i] else { return (vec![], true) };
        let mut chain = vec![i];
        let mut seen = vec![false; self.stones.len()];
        seen[i] = true;
        let mut free = false;
        let mut k = 0;
        while k < chain.len() {
            let at = chain[k];
            k += 1;
            for nb in self.neighbours(at) {
                match self.stones[nb] {
                    None => free = true,
                    Some(c) if c == colour && !seen[nb] => {
                        seen[nb] = true;
                        chain.push(nb);
                    }
                    _ => {}
                }
            }
        }
        (chain, free)
    }

    /// Places a `colour` stone at `at`: captures first (第四条), then refuses a stone left with
    /// no liberty (第五条). The position itself is unchanged.
    pub fn place(&self, colour: Colour, at: Coord) -> Result<Placed, PlaceError> {
        let i = self.index(at).ok_or(PlaceError::OffBoard(at))?;
        if self.stones[i].is_some() {
            return Err(PlaceError::Occupied);
        }
        let mut next = self.clone();
        next.set(i, Some(colour));
        let mut captured = Vec::new();
        let opponents: Vec<usize> =
            next.neighbours(i).filter(|&nb| next.stones[nb] == Some(colour.opponent())).collect();
        for nb in opponents {
            if next.stones[nb].is_none() {
                continue; // taken with an earlier neighbour's chain
            }
            let (chain, free) = next.chain(nb);
            if !free {
                for s in chain {
                    next.set(s, None);
                    captured.push(next.coord(s));
                }
            }
        }
        if !next.chain(i).1 {
            return Err(PlaceError::Forbidden);
        }
        Ok(Placed { position: next, captured })
    }

    /// The position with a `colour` stone set at `at` (a set-up stone: placed, not played, so
    /// nothing is captured or checked). Off the board, nothing changes.
    pub fn with_stone(&self, at: Coord, colour: Colour) -> Position {
        let mut next = self.clone();
        if let Some(i) = next.index(at) {
            next.set(i, Some(colour));
        }
        next
    }

    /// Takes the stones at `points` off (dead stones marked at the end of the game).
    pub fn without(&self, points: &[Coord]) -> Position {
        let mut next = self.clone();
        for p in points {
            if let Some(i) = next.index(*p) {
                next.set(i, None);
            }
        }
        next
    }

    /// A position drawn as text, top row first: `X` black, `O` white, `.` empty; spaces ignored.
    pub fn from_ascii(text: &str) -> Option<Position> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<char>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = u8::try_from(rows.len()).ok()?;
        let mut p = Position::empty(size)?;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != rows.len() {
                return None;
            }
            let y = usize::from(size) - 1 - r;
            for (x, ch) in row.iter().enumerate() {
                let stone = match ch {
                    'X' | 'x' => Some(Colour::Black),
                    'O' | 'o' => Some(Colour::White),
                    '.' | '+' => None,
                    _ => return None,
                };
                let i = y * usize::from(size) + x;
                p.set(i, stone);
            }
        }
        Some(p)
    }

    /// Points of each colour, and empty points (for counting).
    pub(crate) fn stones(&self) -> &[Option<Colour>] {
        &self.stones
    }

    pub(crate) fn neighbours_of(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours(i)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for y in (0..self.size).rev() {
            for x in 0..self.size {
                let c = match self.get(Coord { x, y }) {
                    Some(Colour::Black) => 'X',
                    Some(Colour::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

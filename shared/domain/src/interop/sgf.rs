//! SGF (FF[4]) game records in and out: board size, komi, rules, result, set-up stones, moves
//! and passes, comments. The main line is read (the first variation wherever the record
//! branches). A malformed file is refused with the line and column where it went wrong.

use crate::board::{check as board_check, Coord, MoveCheck, MoveError, Record, Verdict};
use crate::error::{Detail, DomainError, Result};
use crate::event::MAX_RECORD_BYTES;
use crate::model::Colour;
use crate::rules::Objection;

/// One move of the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfMove {
    pub colour: Colour,
    /// None: a pass.
    pub at: Option<Coord>,
    pub comment: Option<String>,
}

/// A game record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfGame {
    pub size: u8,
    /// `KM`, as written (e.g. `7.5`).
    pub komi: Option<String>,
    /// `RU` (e.g. `Chinese`).
    pub rules: Option<String>,
    /// `RE` (e.g. `B+R`, `W+3.5`).
    pub result: Option<String>,
    pub black_setup: Vec<Coord>,
    pub white_setup: Vec<Coord>,
    /// The root node's comment.
    pub comment: Option<String>,
    pub moves: Vec<SgfMove>,
    /// `TB`/`TW` of the last node that marks territory: a scored record's count, dead stones
    /// included (a stone on the other colour's mark is dead).
    pub black_territory: Vec<Coord>,
    pub white_territory: Vec<Coord>,
    /// The ko rule of the game the record is checked for (its tournament's ruleset), which
    /// decides over the record's own `RU`.
    pub ko: Option<crate::rules::KoRule>,
}

/// How deep variations may nest: editors nest one level per branching move, far below this.
const MAX_DEPTH: usize = 1_000;

/// The most moves a record's main line may have (docs/security.md): a 19×19 game runs to a few
/// hundred; each move replayed is checked against every position before it.
pub const MAX_MOVES: usize = 2_000;

fn invalid(text: &str, at: usize, what: Detail) -> DomainError {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    DomainError::Invalid { field: "sgf".into(), detail: Detail::SgfAt { line, column, detail: Box::new(what) } }
}

/// A node's properties, in order, each with where it starts in the file (for errors).
type Node = Vec<(String, Vec<String>, usize)>;

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, what: Detail) -> DomainError {
        invalid(self.text, self.at, what)
    }

    fn expect(&mut self, c: char) -> Result<()> {
        self.skip_space();
        match self.bump() {
            Some(got) if got == c => Ok(()),
            Some(got) => Err(self.error(Detail::SgfExpected { expected: c, found: Some(got) })),
            None => Err(self.error(Detail::SgfExpected { expected: c, found: None })),
        }
    }

    /// `[value]` with `\` escapes.
    fn value(&mut self) -> Result<String> {
        self.expect('[')?;
        let mut v = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    // A soft line break: `\` then a newline is nothing.
                    Some('\n') => {}
                    Some(c) => v.push(c),
                    None => return Err(self.error(Detail::SgfValueNotClosed)),
                },
                Some(']') => return Ok(v),
                Some(c) => v.push(c),
                None => return Err(self.error(Detail::SgfValueNotClosed)),
            }
        }
    }

    fn node(&mut self) -> Result<Node> {
        self.expect(';')?;
        let mut props = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(c) if c.is_ascii_uppercase() => {
                    let start = self.at;
                    while self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
                        self.bump();
                    }
                    let ident = self.text[start..self.at].to_owned();
                    let mut values = vec![];
                    self.skip_space();
                    while self.peek() == Some('[') {
                        values.push(self.value()?);
                        self.skip_space();
                    }
                    if values.is_empty() {
                        return Err(self.error(Detail::SgfNoValue { property: ident }));
                    }
                    props.push((ident, values, start));
                }
                _ => return Ok(props),
            }
        }
    }

    /// A game tree's main line: its nodes, then the first variation's, recursively; other
    /// variations are passed over. Nesting deeper than [`MAX_DEPTH`] is refused, so a hostile
    /// file cannot exhaust the stack.
    fn tree(&mut self, line: &mut Vec<Node>, depth: usize) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(self.error(Detail::SgfTooDeep { max: MAX_DEPTH }));
        }
        self.expect('(')?;
        self.skip_space();
        while self.peek() == Some(';') {
            line.push(self.node()?);
            self.skip_space();
        }
        let mut first = true;
        while self.peek() == Some('(') {
            if first {
                self.tree(line, depth + 1)?;
                first = false;
            } else {
                self.tree(&mut Vec::new(), depth + 1)?;
            }
            self.skip_space();
        }
        self.expect(')')
    }
}

fn point(text: &str, at: usize, v: &str, size: u8) -> Result<Option<Coord>> {
    let b = v.as_bytes();
    // `[]`, and `[tt]` on boards up to 19, are passes (FF[4]).
    if b.is_empty() || (v == "tt" && size <= 19) {
        return Ok(None);
    }
    let ok = |c: u8| c.is_ascii_lowercase() && c - b'a' < size;
    if b.len() != 2 || !ok(b[0]) || !ok(b[1]) {
        return Err(invalid(text, at, Detail::SgfNotAPoint { written: v.to_owned(), size }));
    }
    Ok(Some(Coord { x: b[0] - b'a', y: size - 1 - (b[1] - b'a') }))
}

/// Reads an SGF record (its main line).
pub fn parse(text: &str) -> Result<SgfGame> {
    let mut p = Parser { text, at: 0 };
    let mut line = Vec::new();
    p.tree(&mut line, 0)?;
    let root = line.first().ok_or_else(|| invalid(text, 0, Detail::SgfNoNode))?;
    let get = |n: &Node, k: &str| n.iter().find(|(id, ..)| id == k).map(|(_, v, _)| v.clone());
    let at = |n: &Node, k: &str| n.iter().find(|(id, ..)| id == k).map_or(0, |(.., at)| *at);
    if let Some(gm) = get(root, "GM") {
        if gm.first().map(String::as_str) != Some("1") {
            return Err(invalid(text, at(root, "GM"), Detail::SgfNotGo));
        }
    }
    let size = match get(root, "SZ") {
        None => 19,
        Some(v) => match v.first().and_then(|s| s.parse::<u8>().ok()) {
            Some(n @ (9 | 13 | 19)) => n,
            _ => {
                let size = v.first().cloned().unwrap_or_default();
                return Err(invalid(text, at(root, "SZ"), Detail::SgfBoardSize { written: size }));
            }
        },
    };
    let first = |n: &Node, k: &str| get(n, k).and_then(|v| v.into_iter().next());
    let points = |n: &Node, k: &str| -> Result<Vec<Coord>> {
        let mut out = Vec::new();
        for v in get(n, k).unwrap_or_default() {
            out.extend(point(text, at(n, k), &v, size)?);
        }
        Ok(out)
    };
    let marked = line.iter().rev().find(|n| get(n, "TB").is_some() || get(n, "TW").is_some());
    let mut moves = Vec::new();
    for node in &line {
        for (k, colour) in [("B", Colour::Black), ("W", Colour::White)] {
            if let Some(v) = first(node, k) {
                if moves.len() >= MAX_MOVES {
                    let line = text[..at(node, k).min(text.len())].matches('\n').count() + 1;
                    let line = u32::try_from(line).unwrap_or(u32::MAX);
                    return Err(DomainError::over_bound("sgf", "moves", line, moves.len() + 1, (0, MAX_MOVES as i64)));
                }
                moves.push(SgfMove { colour, at: point(text, at(node, k), &v, size)?, comment: first(node, "C") });
            }
        }
    }
    Ok(SgfGame {
        size,
        komi: first(root, "KM"),
        rules: first(root, "RU"),
        result: first(root, "RE"),
        black_setup: points(root, "AB")?,
        white_setup: points(root, "AW")?,
        comment: if first(root, "B").is_none() && first(root, "W").is_none() { first(root, "C") } else { None },
        moves,
        black_territory: marked.map(|n| points(n, "TB")).transpose()?.unwrap_or_default(),
        white_territory: marked.map(|n| points(n, "TW")).transpose()?.unwrap_or_default(),
        ko: None,
    })
}

/// Reads a record attached to an event (bounded: [`MAX_RECORD_BYTES`]).
pub fn parse_attached(text: &str) -> Result<SgfGame> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(DomainError::Invalid {
            field: "sgf".into(),
            detail: Detail::RecordTooLarge { bytes: text.len(), max: MAX_RECORD_BYTES },
        });
    }
    parse(text)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

fn sgf_point(c: Coord, size: u8) -> String {
    let letter = |n: u8| char::from(b'a' + n);
    format!("{}{}", letter(c.x), letter(size - 1 - c.y))
}

/// Writes a record (FF[4], UTF-8).
pub fn write(g: &SgfGame) -> String {
    let mut out = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{}]", g.size);
    for (k, v) in [("KM", &g.komi), ("RU", &g.rules), ("RE", &g.result), ("C", &g.comment)] {
        if let Some(v) = v {
            out.push_str(&format!("{k}[{}]", escape(v)));
        }
    }
    for (k, stones) in [("AB", &g.black_setup), ("AW", &g.white_setup)] {
        if !stones.is_empty() {
            out.push_str(k);
            for s in stones {
                out.push_str(&format!("[{}]", sgf_point(*s, g.size)));
            }
        }
    }
    for m in &g.moves {
        let k = if m.colour == Colour::Black { "B" } else { "W" };
        out.push_str(&format!("\n;{k}[{}]", m.at.map(|c| sgf_point(c, g.size)).unwrap_or_default()));
        if let Some(c) = &m.comment {
            out.push_str(&format!("C[{}]", escape(c)));
        }
    }
    if !g.black_territory.is_empty() || !g.white_territory.is_empty() {
        out.push_str("\n;");
        for (k, marks) in [("TB", &g.black_territory), ("TW", &g.white_territory)] {
            if !marks.is_empty() {
                out.push_str(k);
                for s in marks {
                    out.push_str(&format!("[{}]", sgf_point(*s, g.size)));
                }
            }
        }
    }
    out.push_str(")\n");
    out
}

/// Plays the record through with every check; an illegal move is refused with its number
/// (1-based) and why.
pub fn replay(g: &SgfGame) -> std::result::Result<Record, (usize, MoveError)> {
    let mut position = crate::board::Position::empty(g.size).ok_or((0, MoveError::BoardSize(g.size)))?;
    for (stones, colour) in [(&g.black_setup, Colour::Black), (&g.white_setup, Colour::White)] {
        for s in stones {
            // Set-up stones are placed, not played: no capture, no check.
            position = position.with_stone(*s, colour);
        }
    }
    let first = g.moves.first().map_or(Colour::Black, |m| m.colour);
    let mut record = Record::from(position, first).ok_or((0, MoveError::BoardSize(g.size)))?.under(g.ko_rule());
    for (i, m) in g.moves.iter().enumerate() {
        record.play(m.colour, m.at).map_err(|e| (i + 1, e))?;
    }
    Ok(record)
}

impl SgfGame {
    /// How the record's returns are ruled: as the game's ruleset says ([`SgfGame::ko`]), else by
    /// the Ing rules when its `RU` names them (`Ing`, `GOE`, `SST`, as SGF editors write them),
    /// else as the Chinese rules do.
    pub fn ko_rule(&self) -> crate::board::KoRule {
        if let Some(ko) = self.ko {
            return ko;
        }
        let ing = self.rules.as_deref().is_some_and(|r| {
            let r = r.trim().to_ascii_lowercase();
            r.starts_with("ing") || r == "goe" || r == "sst" || r.contains("应氏") || r.contains("應氏")
        });
        if ing {
            crate::board::KoRule::Ing
        } else {
            crate::board::KoRule::Chinese
        }
    }

    /// The stones the record's territory marks show dead in `position` (its final position):
    /// each stone on the other colour's mark.
    pub fn marked_dead(&self, position: &crate::board::Position) -> Vec<Coord> {
        let on = |marks: &[Coord], colour: Colour| -> Vec<Coord> {
            marks.iter().copied().filter(|c| position.get(*c) == Some(colour)).collect()
        };
        let mut dead = on(&self.black_territory, Colour::White);
        dead.extend(on(&self.white_territory, Colour::Black));
        dead
    }
}

/// Checks move `move_no` (1-based) of the record for a ruling: the moves before it are played
/// with every check (an illegal one is refused with its number), then this one is tried.
pub fn check_move(g: &SgfGame, move_no: u32) -> Result<MoveCheck> {
    checked_at(g, move_no).map(|(check, _)| check)
}

/// A record attached to an incident, looked at as the one deciding it would: the move in
/// question checked, and the board just before it.
#[derive(Debug, Clone)]
pub struct RecordAt {
    /// The move named, else the record's first illegal move; none when every move is legal
    /// and none was named.
    pub check: Option<MoveCheck>,
    /// The position before that move (the final one when no move is checked), and the
    /// prisoners each side had taken by then.
    pub position: Record,
    pub moves: u32,
}

/// Looks at `g` for the move `move_no`, or for its first illegal move when none is named.
pub fn record_at(g: &SgfGame, move_no: Option<u32>) -> Result<RecordAt> {
    let moves = g.moves.len() as u32;
    let n = match move_no {
        Some(n) => n,
        None => match replay(g) {
            Ok(position) => return Ok(RecordAt { check: None, position, moves }),
            Err((0, e)) => return Err(DomainError::Invalid { field: "sgf".into(), detail: Detail::of_move(&e) }),
            Err((k, _)) => k as u32,
        },
    };
    let (check, position) = checked_at(g, n)?;
    Ok(RecordAt { check: Some(check), position, moves })
}

fn checked_at(g: &SgfGame, move_no: u32) -> Result<(MoveCheck, Record)> {
    let n = move_no as usize;
    let Some(m) = n.checked_sub(1).and_then(|i| g.moves.get(i)) else {
        return Err(DomainError::Invalid {
            field: "move_no".into(),
            detail: Detail::NoSuchMove { moves: g.moves.len(), asked: n },
        });
    };
    let before = SgfGame { moves: g.moves[..n - 1].to_vec(), ..g.clone() };
    let record = replay(&before).map_err(|(k, e)| DomainError::Invalid {
        field: "sgf".into(),
        detail: Detail::IllegalBefore { move_no: k, detail: Box::new(Detail::of_move(&e)) },
    })?;
    let moves_after = (g.moves.len() - n) as u32;
    // The record says how far play went before the claim (付則第三条1 under the KBA rules).
    let when = Objection::Record { offending_move: move_no, claimed_after_move: move_no + moves_after };
    let verdict = match board_check(&record, m.colour, m.at) {
        Verdict::Illegal { article, reason, incident } => {
            Verdict::Illegal { article, reason, incident: incident.map(|i| i.with_objection(when)) }
        }
        legal => legal,
    };
    let check = MoveCheck { move_no, colour: m.colour, point: m.at.map(|c| c.label(g.size)), moves_after, verdict };
    Ok((check, record))
}

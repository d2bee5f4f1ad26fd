//! What pairing and standings read: the entrants, each round's games and their scores, byes,
//! withdrawals, and the warnings each player received over the whole event (第二十八条 B reads
//! the referee's ledger, 第二十五条二).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use crate::model::{Colour, PlayerId, Rank};

/// One entrant as pairing and standings see them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entrant {
    pub id: PlayerId,
    pub name: String,
    pub rank: Rank,
    /// 第二十九条: withdrew after playing up to this round (0 = before round 1).
    pub withdrawn_after: Option<u16>,
    /// The rules revision the withdrawal was recorded under (第二十九条三 reads by it); this
    /// build's revision for an entrant not read from a ledger.
    #[serde(skip)]
    pub withdrawn_under: u16,
    /// Rounds this entrant is not available for (OpenGotha's "participating" flags).
    pub absent: BTreeSet<u16>,
    /// Added to the McMahon starting score (OpenGotha's `smmsCorrection`).
    pub mcmahon_correction: i32,
    /// Team, in team events (第二十六条二).
    pub team: Option<String>,
    /// The board the organiser fixed for this player in the team, if any.
    pub board: Option<u8>,
    /// Registered provisionally (OpenGotha's `registeringStatus="PRE"`): scored as any other
    /// entrant, never paired — OpenGotha's pairing window pairs finally registered players only.
    pub preliminary: bool,
}

impl Entrant {
    pub fn new(id: PlayerId, name: impl Into<String>, rank: Rank) -> Self {
        Entrant {
            id,
            name: name.into(),
            rank,
            withdrawn_after: None,
            withdrawn_under: crate::rules::RULES_REVISION,
            absent: BTreeSet::new(),
            mcmahon_correction: 0,
            team: None,
            board: None,
            preliminary: false,
        }
    }

    /// May this entrant be paired in `round`?
    pub fn available(&self, round: u16) -> bool {
        !self.preliminary && !self.absent.contains(&round) && self.withdrawn_after.is_none_or(|w| round <= w)
    }
}

/// A game's score as the standings count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameScore {
    BlackWins,
    WhiteWins,
    Draw,
    /// 双方判负 (第二十三条二 both forfeit, and other rulings).
    BothLose,
    /// Both credited a win (OpenGotha's "both win"; not a Chinese ruling, read from files).
    BothWin,
    /// Not played yet, replay ordered, or no result (無勝負): counts for nobody.
    Pending,
}

impl GameScore {
    /// 第二十八条一: win 2, draw 1, loss 0 — for the side `c`; `None` while pending.
    pub fn points(self, c: Colour) -> Option<i64> {
        use GameScore::*;
        Some(match (self, c) {
            (Pending, _) => return None,
            (BlackWins, Colour::Black) | (WhiteWins, Colour::White) | (BothWin, _) => 2,
            (Draw, _) => 1,
            _ => 0,
        })
    }
}

/// A paired game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldGame {
    pub round: u16,
    pub table: u16,
    pub black: PlayerId,
    pub white: PlayerId,
    /// Handicap stones given to Black (0 for an even game).
    pub handicap: u8,
    pub score: GameScore,
    /// Decided without play (forfeit, 第二十三条一/二; OpenGotha's "by default").
    pub by_default: bool,
}

impl FieldGame {
    pub fn colour_of(&self, p: &PlayerId) -> Option<Colour> {
        if &self.black == p {
            Some(Colour::Black)
        } else if &self.white == p {
            Some(Colour::White)
        } else {
            None
        }
    }

    pub fn opponent_of(&self, p: &PlayerId) -> Option<&PlayerId> {
        match self.colour_of(p)? {
            Colour::Black => Some(&self.white),
            Colour::White => Some(&self.black),
        }
    }
}

/// Everything pairing and standings need, independent of where it came from (the office's
/// ledger or an OpenGotha file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Field {
    pub entrants: Vec<Entrant>,
    /// Rounds planned.
    pub rounds: u16,
    pub games: Vec<FieldGame>,
    pub byes: Vec<(u16, PlayerId)>,
    /// Points a bye is worth (the rules are silent; 2, a win, unless the event says otherwise).
    pub bye_points: i64,
    /// Warnings over the whole event, per player, from the incident ledger (第二十八条 B).
    pub warnings: BTreeMap<PlayerId, u32>,
}

impl Field {
    pub fn entrant(&self, id: &PlayerId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| &e.id == id)
    }

    /// Games of `player`, in round order.
    pub fn games_of<'a>(&'a self, player: &'a PlayerId) -> impl Iterator<Item = &'a FieldGame> + 'a {
        self.games.iter().filter(move |g| g.colour_of(player).is_some())
    }

    /// Who has met whom (any round, any result): Swiss pairing avoids these.
    pub fn met(&self) -> BTreeSet<(PlayerId, PlayerId)> {
        self.games
            .iter()
            .flat_map(|g| [(g.black.clone(), g.white.clone()), (g.white.clone(), g.black.clone())])
            .collect()
    }

    pub fn had_bye(&self, p: &PlayerId) -> bool {
        self.byes.iter().any(|(_, b)| b == p)
    }

    /// Points so far (第二十八条一) including byes, over rounds `..=up_to`.
    pub fn points(&self, p: &PlayerId, up_to: u16) -> i64 {
        points_in(
            self.games_of(p),
            self.byes.iter().filter(|(_, b)| b == p).map(|(r, _)| *r),
            p,
            up_to,
            self.bye_points,
        )
    }

    /// Whites minus blacks so far: positive means the player is due Black.
    pub fn colour_balance(&self, p: &PlayerId) -> i32 {
        balance_in(self.games_of(p), p)
    }

    /// The colour of `p`'s latest game, if any.
    pub fn last_colour(&self, p: &PlayerId) -> Option<Colour> {
        last_colour_in(self.games_of(p), p)
    }

    /// Each entrant's games and byes, for computations that ask per player many times.
    pub fn index(&self) -> FieldIndex<'_> {
        let mut games: HashMap<&PlayerId, Vec<&FieldGame>> = HashMap::new();
        for g in &self.games {
            games.entry(&g.black).or_default().push(g);
            games.entry(&g.white).or_default().push(g);
        }
        let mut byes: HashMap<&PlayerId, Vec<u16>> = HashMap::new();
        for (r, p) in &self.byes {
            byes.entry(p).or_default().push(*r);
        }
        FieldIndex { field: self, games, byes }
    }
}

fn points_in<'a>(
    games: impl Iterator<Item = &'a FieldGame>,
    byes: impl Iterator<Item = u16>,
    p: &PlayerId,
    up_to: u16,
    bye_points: i64,
) -> i64 {
    let from_games: i64 = games.filter(|g| g.round <= up_to).filter_map(|g| g.score.points(g.colour_of(p)?)).sum();
    from_games + byes.filter(|r| *r <= up_to).count() as i64 * bye_points
}

fn balance_in<'a>(games: impl Iterator<Item = &'a FieldGame>, p: &PlayerId) -> i32 {
    games.map(|g| if g.colour_of(p) == Some(Colour::White) { 1 } else { -1 }).sum()
}

fn last_colour_in<'a>(games: impl Iterator<Item = &'a FieldGame>, p: &PlayerId) -> Option<Colour> {
    games.max_by_key(|g| g.round).and_then(|g| g.colour_of(p))
}

/// A field with each entrant's games and byes at hand: the same answers as [`Field`]'s
/// methods, without scanning every game per question.
pub struct FieldIndex<'a> {
    pub field: &'a Field,
    games: HashMap<&'a PlayerId, Vec<&'a FieldGame>>,
    byes: HashMap<&'a PlayerId, Vec<u16>>,
}

impl<'a> FieldIndex<'a> {
    pub fn games_of(&self, p: &PlayerId) -> impl Iterator<Item = &'a FieldGame> + '_ {
        self.games.get(p).into_iter().flatten().copied()
    }

    pub fn points(&self, p: &PlayerId, up_to: u16) -> i64 {
        let byes = self.byes.get(p).into_iter().flatten().copied();
        points_in(self.games_of(p), byes, p, up_to, self.field.bye_points)
    }

    pub fn colour_balance(&self, p: &PlayerId) -> i32 {
        balance_in(self.games_of(p), p)
    }

    pub fn last_colour(&self, p: &PlayerId) -> Option<Colour> {
        last_colour_in(self.games_of(p), p)
    }

    pub fn had_bye(&self, p: &PlayerId) -> bool {
        self.byes.contains_key(p)
    }
}

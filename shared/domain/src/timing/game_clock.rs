//! The game clock (第十二条): each side has main time, then byo-yomi kept by reserved minutes —
//! in byo-yomi a move under a minute costs nothing, each full minute used takes one reserved
//! minute, and the reserve may not be used up: when the last reserved minute runs out the side
//! has lost on time (第二十三条五). Only the side to move runs; 第十四条's pauses stop both.
//! The same clock keeps the other systems organisers set: byo-yomi periods of any length (the
//! same rule), Canadian blocks (N moves in a block's time, then a new block) and Fischer (an
//! increment after every move, no overtime).
//!
//! A clock is folded from [`ClockFact`]s, each with the time it happened; [`GameClock::view`]
//! says how things stand at any later time without changing anything.

use serde::{Deserialize, Serialize};

use crate::model::{Colour, Overtime, TimeControl};

const MINUTE_MS: u64 = 60_000;

/// What follows main time, in the clock's units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum OvertimeClock {
    /// Periods of `period_ms` (第十二条: minutes); `count` of them, the last not to be used up.
    Periods {
        count: u8,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        period_ms: u64,
    },
    /// `moves` moves in `block_ms`, then a new block.
    Canadian {
        moves: u16,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        block_ms: u64,
    },
    /// `increment_ms` added after every move.
    Fischer {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        increment_ms: u64,
    },
}

/// Main time per side and what follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSettings {
    pub main_ms: u64,
    pub overtime: OvertimeClock,
}

impl ClockSettings {
    /// Main time and then reserved minutes (5 nationally, 1 locally; 0: none): the clock as it
    /// stands once the reserve is split off the limit ([`ClockSettings::limit`]).
    pub fn reserved(main_ms: u64, minutes: u8) -> ClockSettings {
        ClockSettings { main_ms, overtime: OvertimeClock::Periods { count: minutes, period_ms: MINUTE_MS } }
    }

    /// 第十二条二: a time limit of `limit_ms`, of which the last `minutes` are byo-yomi ("在时限
    /// 内保留几分钟开始读秒"): 60 minutes with 5 reserved is 55 minutes' main time and 5 reserved.
    pub fn limit(limit_ms: u64, minutes: u8) -> ClockSettings {
        ClockSettings::reserved(limit_ms.saturating_sub(u64::from(minutes) * MINUTE_MS), minutes)
    }
}

impl From<TimeControl> for ClockSettings {
    /// The clock of a time control as this build reads it (第十二条二: the reserve within the
    /// limit); a record of an older revision is read first ([`TimeControl::read_under`]).
    fn from(t: TimeControl) -> Self {
        // Zero-length periods or blocks would never let a move be made: at least a second.
        let overtime = match t.overtime() {
            Overtime::ReservedMinutes { minutes } => OvertimeClock::Periods { count: minutes, period_ms: MINUTE_MS },
            Overtime::Periods { periods, seconds } => {
                OvertimeClock::Periods { count: periods, period_ms: u64::from(seconds.max(1)) * 1_000 }
            }
            Overtime::Canadian { moves, seconds } => {
                OvertimeClock::Canadian { moves: moves.max(1), block_ms: u64::from(seconds.max(1)) * 1_000 }
            }
            Overtime::Fischer { seconds } => OvertimeClock::Fischer { increment_ms: u64::from(seconds) * 1_000 },
        };
        ClockSettings { main_ms: u64::from(t.main_time_minutes()) * MINUTE_MS, overtime }
    }
}

/// What happened to the clock. Facts are applied in the order they happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClockFact {
    /// 开钟: `to_move`'s clock starts.
    Start {
        to_move: Colour,
    },
    /// `by`, the side to move, pressed the clock after its move: the turn passes. A press by
    /// the other side (a late or doubled record) is refused.
    Press {
        by: Colour,
    },
    /// 第十四条: a pause (e.g. lunch) stops both clocks; [`ClockFact::Resume`] continues the turn.
    Pause,
    Resume,
    /// 第十四条: adjournment. The side to move has sealed its move, which ends its turn; the
    /// clocks stop, and at [`ClockFact::Resume`] the referee plays the sealed move and the
    /// opponent's clock starts.
    Adjourn,
    /// 第二十三条三: `side` arrived `late_ms` late, within the allowed lateness; that time is
    /// taken from its main time.
    LateArrival {
        side: Colour,
        late_ms: u64,
    },
    /// 第二十三条四: in byo-yomi, removing captured stones is not timed — the running clock stops
    /// from here to [`ClockFact::RemovalEnded`] or the mover's [`ClockFact::Press`], which ends
    /// the removal with the turn. In main time it runs on.
    RemovalStarted,
    RemovalEnded,
    /// KBA 競技第二条2 2): `by`, in byo-yomi, has just moved and pressed, and goes to the toilet:
    /// the opponent's running clock stops (its thinking meanwhile is not timed). The opponent
    /// may still play and press; then no clock runs until [`ClockFact::BreakEnded`].
    BreakStarted {
        by: Colour,
    },
    /// 競技第二条2 3): `by` is seated again; the clock of whoever is to move runs from here.
    BreakEnded {
        by: Colour,
    },
    /// 第二十三条六: the referee approved `side`'s leaving the seat during byo-yomi; the clock
    /// keeps running. One per side per game.
    AbsenceApproved {
        side: Colour,
    },
    /// A referee's or chief arbiter's correction of `side`'s time: the only fact that may give
    /// time back.
    Adjusted {
        side: Colour,
        main_ms: u64,
        reserve: u8,
    },
}

/// A fact the clock cannot take, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("the clock has not been started")]
    NotStarted,
    #[error("the clock is already running")]
    AlreadyStarted,
    #[error("the clocks are stopped (paused or adjourned): resume first")]
    Stopped,
    #[error("the clocks are not stopped")]
    NotStopped,
    #[error("第二十三条五: {side:?} ran out of time at {at_ms} ms; the clock no longer runs")]
    TimeUp { side: Colour, at_ms: u64 },
    #[error("第二十三条六: {0:?} already had its one approved absence in this game")]
    SecondAbsence(Colour),
    #[error("第二十三条四: no removal of captured stones is being timed out")]
    NoRemoval,
    #[error("第二十三条四: the captured stones are already being removed")]
    RemovalUnderWay,
    #[error("{0:?} is not to move: its clock is not running")]
    NotToMove(Colour),
    #[error("競技第二条2: {0:?} is not in byo-yomi")]
    NotInByoYomi(Colour),
    #[error("競技第二条2: {0:?} has not just moved: the break comes after its own move")]
    NotAfterOwnMove(Colour),
    #[error("競技第二条2: {0:?} is on a toilet break")]
    BreakUnderWay(Colour),
    #[error("競技第二条2: no toilet break is under way")]
    NoBreak,
}

/// When and who ran out of time (第二十三条五): what the app proposes to the referee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct TimeUp {
    pub side: Colour,
    /// The instant the last reserved minute (or the main time, without byo-yomi) ran out.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at_ms: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Side {
    main_ms: u64,
    /// Periods (reserved minutes) left.
    reserve: u8,
    absences: u8,
    /// Canadian: time and moves left in the current block.
    block_ms: u64,
    block_moves: u16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Run {
    NotStarted,
    /// The side to move's clock runs since this instant.
    Running {
        since: u64,
    },
    Paused,
    /// 第二十三条四: stopped while captured stones are removed in byo-yomi.
    Removing,
    /// 競技第二条2: stopped while `by` is at the toilet.
    OnBreak {
        by: Colour,
    },
    /// 第十四条: stopped with the sealed move; the turn has passed.
    Adjourned,
    Over(TimeUp),
}

/// One game's clock, folded from its facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameClock {
    settings: ClockSettings,
    sides: [Side; 2],
    to_move: Colour,
    /// Time the side to move has used in this turn before the clock last stopped.
    used_ms: u64,
    run: Run,
    /// 第二十三条四: a removal of captures is under way (its clock stopped only in byo-yomi).
    removal: bool,
}

/// How one side stands at a given time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SideView {
    /// Main time left.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub main_ms: u64,
    /// Reserved minutes left (第十二条).
    pub reserve: u8,
    /// In byo-yomi: main time is used up.
    pub byo_yomi: bool,
    /// For the side to move in byo-yomi: how far into the current period (a minute under
    /// 第十二条).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub minute_ms: u64,
    /// Canadian: time left in the current block, and moves still to make in it.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub block_ms: Option<u64>,
    pub moves_left: Option<u16>,
    /// 第二十三条六: its one approved absence is used.
    pub absence_used: bool,
}

/// The clock at a given time: what the reader screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ClockView {
    /// What follows main time in this game (how the reader shows and reads it).
    pub overtime: OvertimeClock,
    pub to_move: Colour,
    /// The side to move's clock is running now.
    pub running: bool,
    pub black: SideView,
    pub white: SideView,
    /// Set once a side has run out of time (第二十三条五).
    pub time_up: Option<TimeUp>,
    /// 第二十三条四: captured stones are being removed (in byo-yomi the clock and the reader
    /// wait; the next tap or the press goes on).
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
    pub removing: bool,
    /// KBA 競技第二条2: this player is at the toilet; no clock runs until they are seated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub on_break: Option<Colour>,
}

/// A side's time after using `used_ms` of a turn that began with `side`.
enum Charge {
    Main {
        main_ms: u64,
    },
    ByoYomi {
        reserve: u8,
        minute_ms: u64,
    },
    /// Canadian: in a block, with this much of it left.
    Block {
        block_ms: u64,
        moves: u16,
    },
    /// Out of time `at_used_ms` into the turn.
    Lost {
        at_used_ms: u64,
    },
}

fn charge(overtime: OvertimeClock, side: Side, used_ms: u64) -> Charge {
    if used_ms < side.main_ms {
        return Charge::Main { main_ms: side.main_ms - used_ms };
    }
    let over = used_ms - side.main_ms;
    match overtime {
        OvertimeClock::Periods { period_ms, .. } => {
            let periods = over / period_ms;
            // The reserve may not be used up: using the last reserved minute is the loss.
            if periods >= u64::from(side.reserve) {
                return Charge::Lost { at_used_ms: side.main_ms + u64::from(side.reserve) * period_ms };
            }
            Charge::ByoYomi { reserve: side.reserve - periods as u8, minute_ms: over % period_ms }
        }
        OvertimeClock::Canadian { .. } if over < side.block_ms => {
            Charge::Block { block_ms: side.block_ms - over, moves: side.block_moves }
        }
        OvertimeClock::Canadian { .. } => Charge::Lost { at_used_ms: side.main_ms + side.block_ms },
        OvertimeClock::Fischer { .. } => Charge::Lost { at_used_ms: side.main_ms },
    }
}

fn index(c: Colour) -> usize {
    match c {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

impl GameClock {
    pub fn new(settings: ClockSettings) -> Self {
        let (reserve, block_ms, block_moves) = match settings.overtime {
            OvertimeClock::Periods { count, .. } => (count, 0, 0),
            OvertimeClock::Canadian { moves, block_ms } => (0, block_ms, moves),
            OvertimeClock::Fischer { .. } => (0, 0, 0),
        };
        let side = Side { main_ms: settings.main_ms, reserve, absences: 0, block_ms, block_moves };
        GameClock {
            settings,
            sides: [side; 2],
            to_move: Colour::Black,
            used_ms: 0,
            run: Run::NotStarted,
            removal: false,
        }
    }

    /// A clock folded from `facts` (each with the time it happened); a fact the clock cannot
    /// take is skipped and returned with its reason.
    pub fn fold(settings: ClockSettings, facts: &[(ClockFact, u64)]) -> (GameClock, Vec<(usize, ClockError)>) {
        let mut clock = GameClock::new(settings);
        let refused =
            facts.iter().enumerate().filter_map(|(i, (f, at))| clock.apply(*f, *at).err().map(|e| (i, e))).collect();
        (clock, refused)
    }

    pub fn settings(&self) -> ClockSettings {
        self.settings
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// 第二十三条四: a removal of captured stones is under way.
    pub fn removing(&self) -> bool {
        self.removal
    }

    /// KBA 競技第二条2: the player at the toilet, if any.
    pub fn on_break(&self) -> Option<Colour> {
        match self.run {
            Run::OnBreak { by } => Some(by),
            _ => None,
        }
    }

    /// Whether `side` has used its main time (byo-yomi, or a Canadian block): the clock's
    /// state after its last press.
    pub fn in_byo_yomi(&self, side: Colour) -> bool {
        let s = self.sides[index(side)];
        s.main_ms == 0 && !matches!(self.settings.overtime, OvertimeClock::Fischer { .. })
    }

    /// Time the side to move has used in this turn as of `now`.
    fn used_at(&self, now: u64) -> u64 {
        match self.run {
            Run::Running { since } => self.used_ms + now.saturating_sub(since),
            _ => self.used_ms,
        }
    }

    /// Running since `since`: the instant of the turn's start as if it never stopped.
    pub(crate) fn turn_origin(&self) -> Option<u64> {
        match self.run {
            Run::Running { since } => Some(since.saturating_sub(self.used_ms)),
            _ => None,
        }
    }

    /// The side to move at the start of its turn (for the reader's schedule): main time,
    /// periods left, and the Canadian block's time left.
    pub(crate) fn mover(&self) -> (u64, u8, u64) {
        let s = self.sides[index(self.to_move)];
        (s.main_ms, s.reserve, s.block_ms)
    }

    /// Ends the turn of the side to move at `at`: its time is charged, a partial byo-yomi
    /// minute forgiven (第十二条), a Canadian block's move counted, a Fischer increment added.
    fn end_turn(&mut self, at: u64) -> Result<(), ClockError> {
        let mover = index(self.to_move);
        let side = self.sides[mover];
        let used = self.used_at(at);
        let overtime = self.settings.overtime;
        match charge(overtime, side, used) {
            Charge::Main { main_ms } => {
                let increment = match overtime {
                    OvertimeClock::Fischer { increment_ms } => increment_ms,
                    _ => 0,
                };
                self.sides[mover].main_ms = main_ms + increment;
            }
            Charge::ByoYomi { reserve, .. } => {
                self.sides[mover].main_ms = 0;
                self.sides[mover].reserve = reserve;
            }
            Charge::Block { block_ms, moves } => {
                let s = &mut self.sides[mover];
                s.main_ms = 0;
                (s.block_ms, s.block_moves) = match overtime {
                    // The block's moves are made: a new block.
                    OvertimeClock::Canadian { moves: all, block_ms: fresh } if moves <= 1 => (fresh, all),
                    _ => (block_ms, moves - 1),
                };
            }
            Charge::Lost { at_used_ms } => {
                let up = TimeUp { side: self.to_move, at_ms: at - (used - at_used_ms) };
                self.lose(up);
                return Err(ClockError::TimeUp { side: up.side, at_ms: up.at_ms });
            }
        }
        self.to_move = self.to_move.opponent();
        self.used_ms = 0;
        Ok(())
    }

    fn lose(&mut self, up: TimeUp) {
        let mover = index(up.side);
        self.sides[mover].main_ms = 0;
        self.sides[mover].reserve = 0;
        self.sides[mover].block_ms = 0;
        self.used_ms = 0;
        self.run = Run::Over(up);
    }

    /// Applies `fact`, which happened at `at` (ms). A refused fact changes nothing — except that
    /// a fact arriving after the side to move ran out of time records that it did.
    pub fn apply(&mut self, fact: ClockFact, at: u64) -> Result<(), ClockError> {
        if let Run::Over(up) = self.run {
            if !matches!(fact, ClockFact::Adjusted { .. }) {
                return Err(ClockError::TimeUp { side: up.side, at_ms: up.at_ms });
            }
        }
        // Out of time before this fact: that is what happened first.
        if let Some(up) = self.time_up(at) {
            if !matches!(fact, ClockFact::Adjusted { .. }) {
                self.lose(up);
                return Err(ClockError::TimeUp { side: up.side, at_ms: up.at_ms });
            }
        }
        match fact {
            ClockFact::Start { to_move } => {
                if self.run != Run::NotStarted {
                    return Err(ClockError::AlreadyStarted);
                }
                self.to_move = to_move;
                self.run = Run::Running { since: at };
            }
            ClockFact::Press { by } if by != self.to_move && self.run != Run::NotStarted => {
                return Err(ClockError::NotToMove(by))
            }
            ClockFact::Press { .. } => match self.run {
                // 第二十三条四: the press ends a removal; its time was not charged.
                Run::Running { .. } | Run::Removing => {
                    self.end_turn(at)?;
                    self.removal = false;
                    self.run = Run::Running { since: at };
                }
                Run::OnBreak { by } if by == self.to_move => return Err(ClockError::BreakUnderWay(by)),
                // 競技第二条2 3): the opponent played during the break; its time before the break
                // is charged, and nobody's clock runs until the player is seated.
                Run::OnBreak { .. } => self.end_turn(at)?,
                Run::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::Stopped),
            },
            ClockFact::Pause => match self.run {
                Run::Running { .. } | Run::Removing => {
                    self.used_ms = self.used_at(at);
                    self.removal = false;
                    self.run = Run::Paused;
                }
                // A 第十四条 pause (lunch) during a toilet break: the break ends with it, and
                // the resumption restarts whoever is to move; its time is already stopped.
                Run::OnBreak { .. } => self.run = Run::Paused,
                Run::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::Stopped),
            },
            ClockFact::Adjourn => match self.run {
                Run::Running { .. } | Run::Paused | Run::Removing | Run::OnBreak { .. } => {
                    self.end_turn(at)?;
                    self.removal = false;
                    self.run = Run::Adjourned;
                }
                Run::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::Stopped),
            },
            ClockFact::Resume => match self.run {
                Run::Paused | Run::Adjourned => self.run = Run::Running { since: at },
                Run::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::NotStopped),
            },
            ClockFact::RemovalStarted if self.removal => return Err(ClockError::RemovalUnderWay),
            ClockFact::RemovalStarted => match self.run {
                Run::Running { .. } => {
                    self.removal = true;
                    let mover = self.sides[index(self.to_move)];
                    // Only byo-yomi stops for removal; in main time the clock runs on.
                    if matches!(
                        charge(self.settings.overtime, mover, self.used_at(at)),
                        Charge::ByoYomi { .. } | Charge::Block { .. }
                    ) {
                        self.used_ms = self.used_at(at);
                        self.run = Run::Removing;
                    }
                }
                Run::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::Stopped),
            },
            ClockFact::BreakStarted { .. } if matches!(self.run, Run::OnBreak { .. }) => {
                return Err(ClockError::BreakUnderWay(self.on_break().unwrap_or(self.to_move)))
            }
            ClockFact::BreakStarted { by } => match self.run {
                Run::Running { .. } if by == self.to_move => return Err(ClockError::NotAfterOwnMove(by)),
                Run::Running { .. } if !self.in_byo_yomi(by) => return Err(ClockError::NotInByoYomi(by)),
                Run::Running { .. } => {
                    self.used_ms = self.used_at(at);
                    self.run = Run::OnBreak { by };
                }
                Run::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::Stopped),
            },
            ClockFact::BreakEnded { by } => match self.run {
                Run::OnBreak { by: away } if away == by => self.run = Run::Running { since: at },
                _ => return Err(ClockError::NoBreak),
            },
            ClockFact::RemovalEnded if !self.removal => return Err(ClockError::NoRemoval),
            ClockFact::RemovalEnded => {
                self.removal = false;
                // Started in main time, the clock ran on: nothing to restart.
                if self.run == Run::Removing {
                    self.run = Run::Running { since: at };
                }
            }
            ClockFact::LateArrival { side, late_ms } => {
                let s = &mut self.sides[index(side)];
                s.main_ms = s.main_ms.saturating_sub(late_ms);
            }
            ClockFact::AbsenceApproved { side } => {
                let s = &mut self.sides[index(side)];
                if s.absences >= 1 {
                    return Err(ClockError::SecondAbsence(side));
                }
                s.absences += 1;
            }
            ClockFact::Adjusted { side, main_ms, reserve } => {
                let s = &mut self.sides[index(side)];
                s.main_ms = main_ms;
                s.reserve = reserve;
                if let Run::Over(up) = self.run {
                    if up.side == side {
                        self.run = Run::Paused;
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the side to move has run out of time by `now`, and when (第二十三条五).
    pub fn time_up(&self, now: u64) -> Option<TimeUp> {
        match self.run {
            Run::Over(up) => Some(up),
            Run::Running { .. } => {
                match charge(self.settings.overtime, self.sides[index(self.to_move)], self.used_at(now)) {
                    Charge::Lost { at_used_ms } => {
                        let origin = self.turn_origin().unwrap_or(now);
                        Some(TimeUp { side: self.to_move, at_ms: origin + at_used_ms })
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// How things stand at `now` (no change to the clock).
    pub fn view(&self, now: u64) -> ClockView {
        let time_up = self.time_up(now);
        let side_view = |c: Colour| {
            let s = self.sides[index(c)];
            let canadian = matches!(self.settings.overtime, OvertimeClock::Canadian { .. });
            let base = SideView {
                main_ms: s.main_ms,
                reserve: s.reserve,
                byo_yomi: s.main_ms == 0,
                minute_ms: 0,
                block_ms: canadian.then_some(s.block_ms),
                moves_left: canadian.then_some(s.block_moves),
                absence_used: s.absences > 0,
            };
            if c != self.to_move || matches!(self.run, Run::NotStarted | Run::Adjourned) {
                return base;
            }
            match charge(self.settings.overtime, s, self.used_at(now)) {
                Charge::Main { main_ms } => SideView { main_ms, ..base },
                Charge::ByoYomi { reserve, minute_ms } => {
                    SideView { main_ms: 0, reserve, byo_yomi: true, minute_ms, ..base }
                }
                Charge::Block { block_ms, moves } => {
                    SideView { main_ms: 0, byo_yomi: true, block_ms: Some(block_ms), moves_left: Some(moves), ..base }
                }
                Charge::Lost { .. } => SideView {
                    main_ms: 0,
                    reserve: 0,
                    byo_yomi: true,
                    minute_ms: 0,
                    block_ms: canadian.then_some(0),
                    ..base
                },
            }
        };
        ClockView {
            overtime: self.settings.overtime,
            to_move: self.to_move,
            running: matches!(self.run, Run::Running { .. }) && time_up.is_none(),
            black: side_view(Colour::Black),
            white: side_view(Colour::White),
            time_up,
            removing: self.removal && time_up.is_none(),
            on_break: self.on_break(),
        }
    }
}

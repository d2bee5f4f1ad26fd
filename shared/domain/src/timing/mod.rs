//! Time at the table, pure: the game clock of 第十二条 (main time, then byo-yomi by reserved
//! minutes), with 第十四条's pauses and adjournment and 第二十三条's lateness, capture removal
//! and approved absence; and the byo-yomi reader's schedule of announcements. Every function
//! takes the time as an argument (milliseconds on one device's clock); nothing here reads a
//! clock, so the reader stays right after the screen sleeps or the app restarts — it recomputes
//! from the timestamps of the facts.

pub mod game_clock;
pub mod lateness;
pub mod reading;

pub use game_clock::{ClockError, ClockFact, ClockSettings, ClockView, GameClock, OvertimeClock, SideView, TimeUp};
pub use lateness::{lateness, LatenessProposal, LatenessView};
pub use reading::{due, schedule, Announcement, Call};

//! The tournament: its derived view (set-up plus every game), and the pure systems that run it
//! (第二十七条 pairing, 第二十八条 standings, 第二十九条 withdrawals). No I/O: the field comes
//! from the ledger or a file at the edges.

pub mod field;
pub mod frac;
pub mod ledger;
pub mod pairing;
pub mod publish;
pub mod run;
pub mod standings;
pub mod system;
pub mod table_page;
pub mod team;
pub mod view;

pub use field::{Entrant, Field, FieldGame, GameScore};
pub use frac::Frac;
pub use pairing::{Board, RoundPairing};
pub use standings::{Criterion, Standing, Standings, SwissReading};
pub use system::{System, TeamPairing};
pub use view::{fold_setup, replay, replay_states, RegisteredKey, TournamentView};

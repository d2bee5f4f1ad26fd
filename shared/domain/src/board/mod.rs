//! The board, pure: positions and the placing of a stone (第三条–第五条), a game played through
//! with the ko and repetition checks (第六条, 第二十条一), and counting a final position
//! (第九条 area, KBA territory with seki, Ing). Sizes 9, 13 and 19. Zobrist hashing keeps each check O(1).

pub mod check;
pub mod count;
pub mod counting_board;
pub mod position;
pub mod record;
mod zobrist;

pub use crate::rules::KoRule;
pub use check::{check, MoveCheck, Verdict};
pub use count::{area, count_final, tally, Method, Owner, Side, Tally};
pub use position::{Coord, PlaceError, Placed, Position};
pub use record::{MoveError, PassPhase, Record};

//! The board, pure: positions and the placing of a stone (第三条–第五条), a game played through
//! with the ko and repetition checks (第六条, 第二十条一), and counting a final position
//! (第九条 area counting). Sizes 9, 13 and 19. Zobrist hashing keeps each check O(1).

pub mod count;
pub mod position;
pub mod record;
mod zobrist;

pub use count::{area, AreaCount};
pub use position::{Coord, PlaceError, Placed, Position};
pub use record::{MoveError, Record};

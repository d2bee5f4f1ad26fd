//! One game: its derived state, the fold that computes it, and the command-side checks.

pub mod fold;
pub mod preview;
pub mod sealed_move;
pub mod state;
pub mod summary;
pub mod validate;

pub use fold::{fold_game, fold_onto};
pub use preview::{preview, Preview};
pub use sealed_move::{Salt, SealDigest};
pub use state::*;
pub use summary::{GameSummary, Overruled};
pub use validate::validate;

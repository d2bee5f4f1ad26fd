//! One game: its derived state, the fold that computes it, and the command-side checks.

pub mod correction;
pub mod fold;
pub mod part;
pub mod preview;
pub mod sealed_move;
pub mod state;
pub mod summary;
pub mod undo;
pub mod validate;

pub use fold::{fold_game, fold_onto, folds_on};

/// The fold's revision: bump it whenever [`fold_game`] gives another state's shape for the same
/// events (a new field). Stores keep derived data (game states, summaries) tagged with it and
/// compute it again from the events when a build of another revision opens them. A rules
/// correction is no reason: it comes with a new rules revision ([`crate::rules::revision`]),
/// so what old events mean never changes. 2: incidents say their rules revision. 3: and whether
/// they were undone. 4: and corrections, with who decided each result.
pub const FOLD_REVISION: u32 = 4;
pub use correction::{Correction, CorrectionCause};
pub use preview::{preview, preview_on, Preview};
pub use sealed_move::{Salt, SealDigest};
pub use state::*;
pub use summary::{GameSummary, Overruled};
pub use validate::validate;

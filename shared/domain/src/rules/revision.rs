//! Rules revisions: what an event means never changes on upgrade. Each event says under which
//! revision of the rules' checks it was admitted (the envelope's `rules`; absent: revision 1),
//! and the fold applies to it the checks of that revision. A check added later applies to what
//! is recorded later, never to what a referee already ruled (docs/events.md, "Versioning").
//!
//! | revision | what it changed |
//! |---|---|
//! | 1 | everything recorded before revisions were written down; a fact a later revision asks for may be missing |
//! | 2 | KBA 付則第三条1: a claim of an illegal move, a ko recapture, a double move or a wrongful removal must say when it was raised (`objection`); without it the loss is refused |

/// The revision this build admits new events under.
pub const RULES_REVISION: u16 = 2;

/// From this revision on, the rows that turn on 付則第三条1 need the `objection` fact; before
/// it, the referee's ruling stands as given (the claim taken as raised at once).
pub const OBJECTION_REQUIRED_SINCE: u16 = 2;

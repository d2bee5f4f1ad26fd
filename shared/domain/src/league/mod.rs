//! What an association sees across its events: the player registry and each
//! player's discipline record (`discipline`). A league's season is a team tournament
//! (第二十六条二, `tournament::team`) whose boards are played at venues (`venue_assigned`); its
//! standings are the team standings (第二十八条二).

pub mod discipline;

pub use discipline::{csv, records, DisciplineEntry, Entered, Mark, PlayerRecord, RegistryEntry};

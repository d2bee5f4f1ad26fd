//! The domain model: who plays, who rules, what is scheduled.

pub mod colour;
pub mod federation;
pub mod game;
pub mod ids;
pub mod people;
pub mod player;
pub mod rank_written;
pub mod tournament;

pub use colour::{Colour, PerColour};
pub use federation::{Country, Pin};
pub use game::{Game, Overtime, Point, TimeControl};
pub use ids::{DeviceId, EventId, GameId, PersonId, PlayerId, TournamentId};
pub use people::{Author, Device, Person, Role};
pub use player::{OpenGothaRecord, Player, Rank};
pub use tournament::{Settings, Tournament};

//! The two sides of a game.

use serde::{Deserialize, Serialize};

use crate::labels::{display_via_label, Label, Labelled};

/// Black or white: the side a player holds in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

impl Labelled for Colour {
    fn label(&self) -> Label {
        match self {
            Colour::Black => Label::new("黑方", "Black"),
            Colour::White => Label::new("白方", "White"),
        }
    }
}
display_via_label!(Colour);

/// One value per side, indexed by colour.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PerColour<T> {
    pub black: T,
    pub white: T,
}

impl<T> PerColour<T> {
    pub fn get(&self, c: Colour) -> &T {
        match c {
            Colour::Black => &self.black,
            Colour::White => &self.white,
        }
    }

    pub fn get_mut(&mut self, c: Colour) -> &mut T {
        match c {
            Colour::Black => &mut self.black,
            Colour::White => &mut self.white,
        }
    }
}

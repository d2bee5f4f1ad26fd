//! The people who rule and the devices they write from.

use serde::{Deserialize, Serialize};

use crate::labels::{display_via_label, Label, Labelled};
use crate::model::ids::{DeviceId, PersonId};

/// An official's role. Order matters: a higher role's ruling supersedes a lower one's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Role {
    /// A venue office of a league: forwards what its referees record in the matches
    /// it hosts to the central office, and registers its own devices' keys; rules on nothing.
    /// Lowest, so that it never outranks an official.
    Office,
    /// Sets the tournament up, registers people and players; rules on nothing.
    Organiser,
    /// 裁判员: rules at the table (第三十二条).
    Referee,
    /// 裁判长 / 副裁判长: decides escalations and disputes (第三十一条).
    ChiefArbiter,
    /// 大会组委会: decides appeals (第十六条四) and receives reports (第二十四条一).
    Committee,
}

impl Role {
    /// Rank of a ruling made by this role; `None` for roles that make no rulings.
    pub fn ruling_rank(self) -> Option<u8> {
        match self {
            Role::Office | Role::Organiser => None,
            Role::Referee => Some(1),
            Role::ChiefArbiter => Some(2),
            Role::Committee => Some(3),
        }
    }
}

impl Labelled for Role {
    fn label(&self) -> Label {
        match self {
            Role::Office => Label::new("赛区办公室", "venue office"),
            Role::Organiser => Label::new("组织者", "organiser"),
            Role::Referee => Label::new("裁判员", "referee"),
            Role::ChiefArbiter => Label::new("裁判长", "chief arbiter"),
            Role::Committee => Label::new("大会组委会", "organising committee"),
        }
    }
}
display_via_label!(Role);

/// An official registered for a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Person {
    pub id: PersonId,
    pub name: String,
    pub role: Role,
}

/// A device enrolled to write events for one person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Device {
    pub id: DeviceId,
    pub person: PersonId,
    pub label: String,
}

/// Who wrote an event: the device, the person holding it, and the role they acted in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Author {
    pub device: DeviceId,
    pub person: PersonId,
    pub role: Role,
}

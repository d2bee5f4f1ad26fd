//! The tournament itself and its set-up.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::labels::Lang;
use crate::model::game::TimeControl;
use crate::model::ids::TournamentId;
use crate::rules::RulesetSpec;
use crate::tournament::System;

/// A tournament and the ruleset its games use unless a game says otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Tournament {
    pub id: TournamentId,
    pub name: String,
    pub ruleset: RulesetSpec,
    /// What the organiser set up; absent on the wire while nothing is.
    #[serde(default, skip_serializing_if = "Settings::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Settings>", optional))]
    pub settings: Settings,
}

/// The organiser's set-up of the event. Every field is optional so that an event can be
/// created first and completed later; a later `tournament_created` corrects an earlier one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Settings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub begin: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub end: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub venue: Option<String>,
    /// 第十二条 the time control every game is scheduled with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time_control: Option<TimeControl>,
    /// 第二十三条 赛场规定时间: lateness beyond this forfeits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub allowed_lateness_minutes: Option<u16>,
    /// 第二十七条 the competition system.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub system: Option<System>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::model::game::rounds::optional"
    )]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rounds: Option<u16>,
    /// 第二十八条 D: no shared places — ties go to a play-off or lots (otherwise C: shared).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub no_shared_places: bool,
    /// The komi the event's exports announce (EGD `KM[]`, OpenGotha's `komi`, the FFG's
    /// `;komi=`), in half points (15: 7.5), as an OpenGotha file gave it (schema 7). The
    /// ruleset's komi decides counted games; this one is what the files say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub komi_half_points: Option<i16>,
    /// The languages the event's printed sheets and hall display are in, one or two, as the
    /// organiser chose them (schema 9); none chosen: the language of the screen that prints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Lang>>", optional))]
    pub languages: Vec<Lang>,
}

/// A komi in half points as files write it: `7.5`, `6`, `-0.5`.
pub fn komi_text(half_points: i16) -> String {
    let sign = if half_points < 0 { "-" } else { "" };
    let h = half_points.unsigned_abs();
    if h % 2 == 0 {
        format!("{sign}{}", h / 2)
    } else {
        format!("{sign}{}.5", h / 2)
    }
}

/// A komi as files write it (`7.5`, `6`), in half points; none when it is not a multiple of ½.
pub fn komi_half_points(text: &str) -> Option<i16> {
    let x: f64 = text.trim().parse().ok()?;
    let h = x * 2.0;
    (h.fract() == 0.0 && h.abs() <= 400.0).then_some(h as i16)
}

impl Settings {
    pub fn is_empty(&self) -> bool {
        self == &Settings::default()
    }

    /// Refuses more than two languages for the printouts, or one named twice.
    pub fn check_languages(&self) -> crate::error::Result<()> {
        let l = &self.languages;
        if l.len() > 2 || l.len() == 2 && l[0] == l[1] {
            return Err(crate::error::DomainError::OutOfRange {
                what: "languages",
                message: "languages: one or two different languages for the printouts and the hall display".into(),
            });
        }
        Ok(())
    }
}

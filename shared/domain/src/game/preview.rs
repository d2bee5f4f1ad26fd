//! “See the consequence before confirming”: fold the game with the proposed event added and
//! report what it would change. Costs one fold of the game (tens of events).

use serde::Serialize;

use crate::event::{Event, EventBody};
use crate::game::fold::{fold_game, fold_onto};
use crate::game::state::{GameResult, GameState};
use crate::model::{Colour, PerColour};
use crate::rules::{Consequence, RulesetSpec};

/// What recording an event would do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Preview {
    /// The consequence applied to the incident the event records or rules on, if one applies.
    pub consequence: Option<Consequence>,
    pub result_before: Option<GameResult>,
    pub result_after: Option<GameResult>,
    pub warnings_after: PerColour<usize>,
    /// The event would be kept but flagged, because the game already has a result.
    pub flagged_after_result: bool,
    /// Why the fold would refuse it, if it would.
    pub refused: Option<crate::error::ErrorBody>,
}

/// Previews `proposed` on top of `events` (the game's events as this device has them).
pub fn preview(events: &[Event], default_ruleset: RulesetSpec, proposed: &Event) -> Option<Preview> {
    let game = proposed.game.as_ref()?;
    let before = fold_game(game, default_ruleset, events);
    let after = fold_game(game, default_ruleset, events.iter().chain(std::iter::once(proposed)));
    Some(compare(&before, &after, proposed))
}

/// [`preview`] where the game as `events` leave it is already at hand (a store's kept state)
/// and `proposed` sorts after every event (a draft): it is folded onto a copy of that state
/// the way the store folds an arrival ([`fold_onto`]), or the game folded again where it cannot.
pub fn preview_on(
    before: &GameState,
    events: &[Event],
    default_ruleset: RulesetSpec,
    proposed: &Event,
) -> Option<Preview> {
    let game = proposed.game.as_ref()?;
    let mut after = before.clone();
    if !fold_onto(&mut after, proposed) {
        after = fold_game(game, default_ruleset, events.iter().chain(std::iter::once(proposed)));
    }
    Some(compare(before, &after, proposed))
}

/// What `proposed` changed between the game `before` it and `after`.
fn compare(before: &GameState, after: &GameState, proposed: &Event) -> Preview {
    // The incident the event records — or, for a ruling or an appeal's decision, the incident
    // it rules on, whose consequence it changes.
    let concerned = match &proposed.body {
        EventBody::RulingIssued { incident, .. } => Some(*incident),
        EventBody::AppealDecided { appeal, .. } => after.appeals.iter().find(|a| a.id == *appeal).map(|a| a.incident),
        _ => None,
    };
    let own = after.incident(proposed.id);
    let incident = own.or_else(|| concerned.and_then(|id| after.incident(id)));
    Preview {
        consequence: incident.and_then(|i| i.consequence.clone()),
        result_before: before.result,
        result_after: after.result,
        warnings_after: PerColour { black: after.warnings(Colour::Black), white: after.warnings(Colour::White) },
        flagged_after_result: own.is_some_and(|i| i.after_result) || after.after_result.contains(&proposed.id),
        refused: after.rejected.iter().find(|r| r.event == proposed.id).map(|r| r.error.clone()),
    }
}

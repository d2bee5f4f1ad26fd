//! What an admitted ruling does to the game: the penalty engine's output for one incident.
//! The warning count of 第二十五条二 is applied by the game fold, which sees every incident.

use serde::{Deserialize, Serialize};

use crate::model::Colour;
use crate::rules::penalty::RuleContext;
use crate::rules::{Article, Incident, IncidentType, Outcome, ResultReason, Ruling};

/// A change to one side's clock, in seconds (negative takes time away).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ClockAdjustment {
    pub colour: Colour,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub secs: i64,
}

/// The direct effect of one ruling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Consequence {
    /// The article applied.
    pub article: Article,
    pub warning: Option<Colour>,
    pub advice: Option<Colour>,
    /// 弃权一次: an imposed pass.
    pub pass: Option<Colour>,
    pub clock: Vec<ClockAdjustment>,
    pub approved_absence: Option<Colour>,
    pub report_to_committee: Option<Colour>,
    pub result: Option<(Outcome, ResultReason)>,
}

impl Consequence {
    fn none(article: Article) -> Self {
        Self {
            article,
            warning: None,
            advice: None,
            pass: None,
            clock: Vec::new(),
            approved_absence: None,
            report_to_committee: None,
            result: None,
        }
    }
}

/// The consequence of `ruling` on `incident`, the ruling having been admitted under `article`
/// by [`crate::rules::penalty::check`] (which guarantees an offender where one is needed).
pub fn consequence(incident: &Incident, ruling: Ruling, article: Article, ctx: RuleContext) -> Consequence {
    let mut c = Consequence::none(article);
    let offender = incident.offender();
    match ruling {
        Ruling::OffenderLoses => {
            c.result = offender.map(|o| (Outcome::win(o.opponent()), loss_reason(incident.kind())));
        }
        Ruling::RestoreWithWarning | Ruling::Warning => c.warning = offender,
        Ruling::WarningAndReport => {
            c.warning = offender;
            c.report_to_committee = offender;
        }
        Ruling::Advice => c.advice = offender,
        Ruling::MoveVoidPass => c.pass = offender,
        Ruling::AbsenceApproved => c.approved_absence = offender,
        Ruling::Draw => c.result = Some((Outcome::Draw, ResultReason::Ruling)),
        Ruling::Replay => c.result = Some((Outcome::ReplayOrdered, ResultReason::Ruling)),
        Ruling::BothLose => c.result = Some((Outcome::BothLose, ResultReason::Ruling)),
        Ruling::NoResult => c.result = Some((Outcome::NoResult, ResultReason::Ruling)),
        Ruling::BothForfeit => c.result = Some((Outcome::BothLose, ResultReason::Forfeit)),
        Ruling::Forfeit | Ruling::DeductLateTime => {
            if let Incident::LateArrival { black_late_secs, white_late_secs } = *incident {
                let late = [(Colour::Black, black_late_secs), (Colour::White, white_late_secs)];
                let limit = ctx.allowed_lateness_secs.unwrap_or(u32::MAX);
                if ruling == Ruling::Forfeit {
                    c.result = late
                        .iter()
                        .find(|(_, s)| *s > limit)
                        .map(|(who, _)| (Outcome::win(who.opponent()), ResultReason::Forfeit));
                } else {
                    c.clock = late
                        .iter()
                        .filter(|(_, s)| *s > 0)
                        .map(|&(colour, s)| ClockAdjustment { colour, secs: -i64::from(s) })
                        .collect();
                }
            }
        }
        Ruling::DroppedStoneReplayed
        | Ruling::Restore
        | Ruling::Accept
        | Ruling::Reconstruct
        | Ruling::NotAlive
        | Ruling::MustEnd
        | Ruling::PlayContinues
        | Ruling::TreatedAsSeki
        | Ruling::SettledByPlay
        | Ruling::NoPenalty
        | Ruling::Void => {}
    }
    c
}

fn loss_reason(kind: IncidentType) -> ResultReason {
    match kind {
        IncidentType::DoubleMove => ResultReason::DoubleMove,
        IncidentType::MovedStones => ResultReason::DeliberateMovedStones,
        IncidentType::BoardScattered => ResultReason::ScatteredBoard,
        IncidentType::TimeExceeded | IncidentType::AwayInByoyomi => ResultReason::Time,
        _ => ResultReason::Ruling,
    }
}

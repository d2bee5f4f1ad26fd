//! The late-arrival timer (第二十三条一–三): from the round's start time, the allowed lateness
//! runs out; each side's arrival is noted; and the timer proposes what the referee records —
//! lateness within the limit is deducted from the late side's time (23.3), one side beyond it
//! forfeits (23.1), both beyond it both forfeit (23.2). Exactly at the limit is not beyond it.

use serde::Serialize;

use crate::model::Colour;

/// What the referee is asked to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "proposal", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum LatenessProposal {
    /// 第二十三条三: both here within the limit; the late time comes off each side's clock.
    Deduct { black_late_secs: u32, white_late_secs: u32 },
    /// 第二十三条一: `side` is later than the allowed lateness.
    Forfeit { side: Colour, black_late_secs: u32, white_late_secs: u32 },
    /// 第二十三条二: both are later than the allowed lateness.
    BothForfeit { black_late_secs: u32, white_late_secs: u32 },
}

/// The timer at a given time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LatenessView {
    /// Since the round's start.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub waited_ms: u64,
    /// What is left of the allowed lateness (0 once it has run out).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub left_ms: u64,
    /// The allowed lateness has run out.
    pub run_out: bool,
    /// Nothing to propose while someone may still arrive in time, or when both were on time.
    pub proposal: Option<LatenessProposal>,
}

fn late_secs(arrived: Option<u64>, start: u64, now: u64) -> u32 {
    let at = arrived.unwrap_or(now);
    u32::try_from(at.saturating_sub(start) / 1_000).unwrap_or(u32::MAX)
}

/// The timer for a round starting at `start_ms` with `allowed_minutes` of lateness, the sides
/// having arrived at the given times (none: not yet), as of `now_ms`.
pub fn lateness(
    start_ms: u64,
    allowed_minutes: u16,
    black_arrived: Option<u64>,
    white_arrived: Option<u64>,
    now_ms: u64,
) -> LatenessView {
    let allowed = u64::from(allowed_minutes) * 60_000;
    let limit = start_ms + allowed;
    let waited_ms = now_ms.saturating_sub(start_ms);
    // Whole seconds, as the incident records them and the rules compare them: at 15:00.5 of
    // 15 minutes nobody is beyond the limit yet.
    let allowed_secs = u32::from(allowed_minutes) * 60;
    let run_out = late_secs(None, start_ms, now_ms) > allowed_secs;
    // Beyond the limit: arrived after it, or not here once it has passed.
    let beyond = |arrived: Option<u64>| late_secs(arrived, start_ms, now_ms) > allowed_secs;
    let (b, w) = (late_secs(black_arrived, start_ms, now_ms), late_secs(white_arrived, start_ms, now_ms));
    let proposal = match (beyond(black_arrived), beyond(white_arrived)) {
        (true, true) => Some(LatenessProposal::BothForfeit { black_late_secs: b, white_late_secs: w }),
        (true, false) => {
            Some(LatenessProposal::Forfeit { side: Colour::Black, black_late_secs: b, white_late_secs: w })
        }
        (false, true) => {
            Some(LatenessProposal::Forfeit { side: Colour::White, black_late_secs: b, white_late_secs: w })
        }
        // Both here in time: a deduction if anyone was late at all.
        (false, false) if black_arrived.is_some() && white_arrived.is_some() && (b > 0 || w > 0) => {
            Some(LatenessProposal::Deduct { black_late_secs: b, white_late_secs: w })
        }
        _ => None,
    };
    LatenessView { waited_ms, left_ms: limit.saturating_sub(now_ms), run_out, proposal }
}

//! A device's clock against the office's. Tablets often have a wrong date (after a flat
//! battery); the office answers every sync with its own time, the device keeps the difference
//! and stamps its events with the corrected time, and the office refuses stamps further ahead of
//! its own clock than [`MAX_AHEAD_MS`]. Pure: times are arguments.

use serde::{Deserialize, Serialize};

/// How far ahead of the office's clock a stamp may be (5 minutes): beyond, the office refuses
/// the event (`clock_ahead`) and no replica's clock is moved past it by a peer.
pub const MAX_AHEAD_MS: u64 = 5 * 60_000;

/// A difference this small is not worth a referee's attention (clocks, network).
pub const UNNOTICED_MS: i64 = 60_000;

/// The office's time minus the device's, as one request measured it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct ClockSkew {
    /// Add this to the device's clock to get the office's (negative: the device is ahead).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub offset_ms: i64,
}

impl ClockSkew {
    /// From a request sent at `sent_ms` and answered at `received_ms` (device clock), carrying
    /// the office's time `office_ms`: the office read its clock about half-way (NTP's estimate).
    pub fn measure(sent_ms: u64, received_ms: u64, office_ms: u64) -> ClockSkew {
        let midpoint = i128::from(sent_ms) + (i128::from(received_ms) - i128::from(sent_ms)) / 2;
        let offset = (i128::from(office_ms) - midpoint).clamp(i128::from(i64::MIN), i128::from(i64::MAX));
        ClockSkew { offset_ms: offset as i64 }
    }

    /// The device's `now_ms` corrected to the office's clock.
    pub fn correct(self, now_ms: u64) -> u64 {
        now_ms.saturating_add_signed(self.offset_ms)
    }

    /// Whether a referee should be told (a minute or more either way).
    pub fn noticeable(self) -> bool {
        self.offset_ms.abs() >= UNNOTICED_MS
    }

    /// Whole minutes the device is off, rounded towards zero; positive when it is behind.
    pub fn minutes(self) -> i64 {
        self.offset_ms / 60_000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400_000;

    #[test]
    fn a_tablet_a_day_behind_is_corrected_forward() {
        // Sent at 1000, answered at 1200 on the tablet; the office read 1100 + a day.
        let s = ClockSkew::measure(1_000, 1_200, 1_100 + DAY);
        assert_eq!(s.offset_ms, DAY as i64);
        assert_eq!(s.correct(5_000), 5_000 + DAY);
        assert!(s.noticeable());
        assert_eq!(s.minutes(), 1_440);
    }

    #[test]
    fn a_tablet_a_year_ahead_is_corrected_back_and_a_few_seconds_go_unnoticed() {
        let year = 365 * DAY;
        let s = ClockSkew::measure(year + 10_000, year + 10_400, 10_200);
        assert_eq!(s.offset_ms, -(year as i64));
        assert_eq!(s.correct(year + 20_000), 20_000);
        assert!(!ClockSkew { offset_ms: 3_000 }.noticeable());
        assert_eq!(ClockSkew { offset_ms: 0 }.correct(7), 7);
    }
}

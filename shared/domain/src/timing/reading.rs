//! The byo-yomi reader's schedule (第十二条): in each byo-yomi minute the referee reads 30, 40,
//! 50, 55 and 58 seconds and, at the minute, says how many reserved minutes are left ("还剩 X
//! 分钟"); in the last minute 30, 40, 50, then 1 … 9 each second, and "10，超时判负".
//!
//! Periods of another length are read the same way every ten seconds, "还剩 X 次" at each
//! period used, and the last period's final ten seconds counted; a Canadian block's and a
//! Fischer clock's final ten seconds are counted.
//!
//! The schedule is data, computed from the clock: absolute instants, so a reader that slept
//! asks [`due`] what it missed and says only what is still worth saying.

use serde::Serialize;

use super::game_clock::{GameClock, OvertimeClock};
use crate::labels::{Lang, Said};

const SECOND_MS: u64 = 1_000;

/// The native Korean numbers a timekeeper counts the last ten seconds in (index = the number).
const KO_COUNT: [&str; 11] = ["영", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉", "열"];
const MINUTE_MS: u64 = 60_000;

/// One thing the reader says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "call", content = "n", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Call {
    /// "30秒", "40秒", … into the current minute.
    Seconds(u8),
    /// At the minute: a reserved minute is used, this many are left ("还剩 X 分钟").
    MinutesLeft(u8),
    /// A byo-yomi period (of other than a minute) is used, this many are left ("还剩 X 次").
    PeriodsLeft(u8),
    /// The last minute's final count, 1 … 9.
    Count(u8),
    /// "10，超时判负": the last reserved minute is used up (第二十三条五).
    TimeUp,
}

impl Call {
    /// The words in `lang`: the Chinese rules' calls (第十二条) as a reader says them in each.
    pub fn words(self, lang: Lang) -> String {
        use Lang::*;
        match (self, lang) {
            (Call::Seconds(n), Zh | ZhHant | Ja) => format!("{n}秒"),
            (Call::Seconds(n), En) => format!("{n} seconds"),
            (Call::Seconds(n), Ko) => format!("{n}초"),
            (Call::MinutesLeft(n), Zh) => format!("还剩{n}分钟"),
            (Call::MinutesLeft(n), ZhHant) => format!("還剩{n}分鐘"),
            (Call::MinutesLeft(1), En) => "one minute left".to_owned(),
            (Call::MinutesLeft(n), En) => format!("{n} minutes left"),
            (Call::MinutesLeft(n), Ko) => format!("{n}분 남았습니다"),
            (Call::MinutesLeft(n), Ja) => format!("残り{n}分"),
            (Call::PeriodsLeft(n), Zh) => format!("还剩{n}次"),
            (Call::PeriodsLeft(n), ZhHant) => format!("還剩{n}次"),
            (Call::PeriodsLeft(1), En) => "one period left".to_owned(),
            (Call::PeriodsLeft(n), En) => format!("{n} periods left"),
            (Call::PeriodsLeft(n), Ko) => format!("{n}회 남았습니다"),
            (Call::PeriodsLeft(n), Ja) => format!("残り{n}回"),
            // Korean timekeepers count the last seconds in native numbers (하나, 둘, 셋 …), not
            // the Sino-Korean 일, 이, 삼 a voice reads "1, 2, 3" as; the minutes stay Sino-Korean.
            (Call::Count(n), Ko) => KO_COUNT.get(usize::from(n)).map_or_else(|| n.to_string(), |w| (*w).to_owned()),
            (Call::Count(n), _) => n.to_string(),
            (Call::TimeUp, Zh) => "10，超时判负".to_owned(),
            (Call::TimeUp, ZhHant) => "10，超時判負".to_owned(),
            (Call::TimeUp, En) => "10 — loss on time".to_owned(),
            (Call::TimeUp, Ko) => "열, 시간패".to_owned(),
            (Call::TimeUp, Ja) => "10、時間切れ負け".to_owned(),
        }
    }

    /// The words in every language.
    pub fn said(self) -> Said {
        Said::each(|l| self.words(l))
    }
}

impl Call {
    /// The name of its recorded clip (`ui/public/clips/<zh|en|ko|ja>/<name>.wav`; 繁體 reads
    /// the Mandarin), for platforms with no voice for the language. Clips exist for up to 9
    /// minutes left.
    pub fn clip(self) -> String {
        match self {
            Call::Seconds(n) => format!("s{n}"),
            Call::MinutesLeft(n) => format!("left{n}"),
            Call::PeriodsLeft(n) => format!("periods{n}"),
            Call::Count(n) => format!("c{n}"),
            Call::TimeUp => "timeup".to_owned(),
        }
    }
}

/// A call and the instant (ms, the clock's time base) it is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Announcement {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at_ms: u64,
    pub call: Call,
}

/// Every call of the running turn, from the moment the side to move enters byo-yomi (or now, if
/// it is in byo-yomi already) to its time running out — if nothing stops the clock first. Empty
/// when the clock is stopped.
pub fn schedule(clock: &GameClock) -> Vec<Announcement> {
    let Some(origin) = clock.turn_origin() else { return vec![] };
    let (main_ms, reserve, block_ms) = clock.mover();
    // Overtime starts when main time runs out.
    let byo = origin + main_ms;
    match clock.settings().overtime {
        OvertimeClock::Periods { period_ms: MINUTE_MS, .. } => minutes(byo, reserve),
        OvertimeClock::Periods { period_ms, .. } => periods(byo, reserve, period_ms),
        OvertimeClock::Canadian { .. } => final_ten(byo + block_ms),
        OvertimeClock::Fischer { .. } => final_ten(byo),
    }
}

/// 第十二条's reserved minutes.
fn minutes(byo: u64, reserve: u8) -> Vec<Announcement> {
    let mut out = Vec::new();
    if reserve == 0 {
        out.push(Announcement { at_ms: byo, call: Call::TimeUp });
        return out;
    }
    for k in 0..u64::from(reserve) {
        let minute = byo + k * MINUTE_MS;
        let left = reserve - k as u8;
        let at = |s: u64| minute + s * SECOND_MS;
        for s in [30u8, 40, 50] {
            out.push(Announcement { at_ms: at(u64::from(s)), call: Call::Seconds(s) });
        }
        if left > 1 {
            for s in [55u8, 58] {
                out.push(Announcement { at_ms: at(u64::from(s)), call: Call::Seconds(s) });
            }
            out.push(Announcement { at_ms: at(60), call: Call::MinutesLeft(left - 1) });
        } else {
            out.extend(final_ten(at(60)));
        }
    }
    out
}

/// Periods of another length: every ten seconds, "还剩 X 次" at each period used, the last
/// period's final ten seconds counted.
fn periods(byo: u64, reserve: u8, period_ms: u64) -> Vec<Announcement> {
    if reserve == 0 {
        return vec![Announcement { at_ms: byo, call: Call::TimeUp }];
    }
    let mut out = Vec::new();
    for k in 0..u64::from(reserve) {
        let start = byo + k * period_ms;
        let end = start + period_ms;
        let last = k + 1 == u64::from(reserve);
        // Elapsed seconds are read up to 50 (a longer period is read only at its end).
        for s in [10u64, 20, 30, 40, 50].map(|s| s * SECOND_MS).into_iter().take_while(|&s| s < period_ms) {
            // The last period's final ten seconds are counted instead.
            if !last || s + 10 * SECOND_MS <= period_ms {
                out.push(Announcement { at_ms: start + s, call: Call::Seconds((s / SECOND_MS) as u8) });
            }
        }
        if last {
            out.extend(final_ten(end).into_iter().filter(|a| a.at_ms > start));
        } else {
            out.push(Announcement { at_ms: end, call: Call::PeriodsLeft(reserve - k as u8 - 1) });
        }
    }
    out
}

/// 1 … 9 in the last ten seconds before `end`, and "10，超时判负" at it.
fn final_ten(end: u64) -> Vec<Announcement> {
    let mut out: Vec<Announcement> = (1u8..=9)
        .filter_map(|n| {
            end.checked_sub(u64::from(10 - n) * SECOND_MS).map(|at| Announcement { at_ms: at, call: Call::Count(n) })
        })
        .collect();
    out.push(Announcement { at_ms: end, call: Call::TimeUp });
    out
}

/// The calls due after `after_ms` up to and including `now_ms`. A reader that slept through
/// several says only what is true now: the latest count, after the latest "还剩 X 分钟" if one
/// was missed — stale seconds help no one, but a deduction is never skipped in silence.
pub fn due(clock: &GameClock, after_ms: u64, now_ms: u64) -> Vec<Announcement> {
    let missed: Vec<Announcement> =
        schedule(clock).into_iter().filter(|a| a.at_ms > after_ms && a.at_ms <= now_ms).collect();
    let Some(last) = missed.last().copied() else { return vec![] };
    let minute = missed.iter().rev().find(|a| matches!(a.call, Call::MinutesLeft(_) | Call::PeriodsLeft(_))).copied();
    minute.filter(|m| *m != last).into_iter().chain([last]).collect()
}

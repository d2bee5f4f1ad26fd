//! The game clock and the byo-yomi reader, sentence by sentence of 第十二条, 第十四条 and
//! 第二十三条, on a fake clock: every fact carries its own time in ms.

use arbiter_domain::labels::Lang;
use arbiter_domain::model::Colour::{Black, White};
use arbiter_domain::timing::{
    due, schedule, Announcement, Call, ClockError, ClockFact as F, ClockSettings, GameClock, OvertimeClock, TimeUp,
};
use proptest::prelude::*;

const S: u64 = 1_000;
const M: u64 = 60 * S;

/// The national setting (第十二条二, seed 001): a time limit of 60 minutes, of which the last 5
/// are kept for byo-yomi ("在时限内保留几分钟开始读秒", "全国比赛保留五分钟读秒") — 55 minutes'
/// main time, then 5 reserved minutes; not 60 + 5.
fn national() -> ClockSettings {
    ClockSettings::limit(60 * M, 5)
}

/// Started at t = 0 for Black, then each `(fact, at)`; every fact must be taken.
fn clock(settings: ClockSettings, facts: &[(F, u64)]) -> GameClock {
    let mut c = GameClock::new(settings);
    c.apply(F::Start { to_move: Black }, 0).unwrap();
    for (f, at) in facts {
        c.apply(*f, *at).unwrap_or_else(|e| panic!("{f:?} at {at}: {e}"));
    }
    c
}

#[test]
fn art12_main_time_runs_only_for_the_side_to_move() {
    // Black thinks 10 minutes, White 3; 5 minutes later Black is thinking again.
    let c = clock(national(), &[(F::Press { by: Black }, 10 * M), (F::Press { by: White }, 13 * M)]);
    let v = c.view(18 * M);
    assert_eq!(v.to_move, Black);
    // Main time is the limit less the reserve: 55 minutes.
    assert_eq!(v.black.main_ms, 40 * M);
    assert_eq!(v.white.main_ms, 52 * M);
    assert!(v.running && !v.black.byo_yomi);
}

#[test]
fn art12_in_byo_yomi_a_move_under_a_minute_costs_nothing() {
    let c = clock(ClockSettings::reserved(0, 5), &[(F::Press { by: Black }, 59 * S + 999)]);
    let v = c.view(59 * S + 999);
    assert_eq!((v.black.reserve, v.black.main_ms, v.black.byo_yomi), (5, 0, true));
}

#[test]
fn art12_each_full_minute_used_takes_one_reserved_minute() {
    let c = clock(ClockSettings::reserved(0, 5), &[(F::Press { by: Black }, 2 * M + 10 * S)]);
    assert_eq!(c.view(2 * M + 10 * S).black.reserve, 3);
    // While thinking, the screen shows the minute under way and the reserve as it stands.
    let thinking = clock(ClockSettings::reserved(0, 5), &[]).view(M + 42 * S);
    assert_eq!((thinking.black.reserve, thinking.black.minute_ms), (4, 42 * S));
}

#[test]
fn art12_byo_yomi_begins_where_main_time_ends_within_a_move() {
    // 30 s of main time left; the move takes 2 min 10 s: 1 min 40 s of it in byo-yomi.
    let c = clock(ClockSettings::reserved(30 * S, 5), &[(F::Press { by: Black }, 2 * M + 10 * S)]);
    let v = c.view(2 * M + 10 * S);
    assert_eq!((v.black.main_ms, v.black.reserve, v.black.byo_yomi), (0, 4, true));
}

#[test]
fn art12_the_reserve_may_not_be_used_up() {
    // Three reserved minutes: 2 min 59 s is still a move; 3 min is the loss (第二十三条五).
    let settings = ClockSettings::reserved(0, 3);
    assert_eq!(clock(settings, &[(F::Press { by: Black }, 3 * M - S)]).view(3 * M).black.reserve, 1);
    let c = clock(settings, &[]);
    assert_eq!(c.time_up(3 * M - 1), None);
    assert_eq!(c.time_up(3 * M), Some(TimeUp { side: Black, at_ms: 3 * M }));
    let v = c.view(3 * M + 5 * S);
    assert!(!v.running);
    assert_eq!(v.time_up, Some(TimeUp { side: Black, at_ms: 3 * M }));
}

#[test]
fn art23_5_a_press_after_time_ran_out_is_refused_and_the_loss_stands() {
    let mut c = GameClock::new(ClockSettings::reserved(M, 1));
    c.apply(F::Start { to_move: Black }, 0).unwrap();
    assert_eq!(c.apply(F::Press { by: Black }, 2 * M + 300), Err(ClockError::TimeUp { side: Black, at_ms: 2 * M }));
    assert_eq!(c.apply(F::Press { by: Black }, 2 * M + 900), Err(ClockError::TimeUp { side: Black, at_ms: 2 * M }));
    assert_eq!(c.time_up(10 * M), Some(TimeUp { side: Black, at_ms: 2 * M }));
    // Only an explicit correction gives time back (a referee's mistake, for example).
    c.apply(F::Adjusted { side: Black, main_ms: 0, reserve: 1 }, 3 * M).unwrap();
    c.apply(F::Resume, 3 * M).unwrap();
    assert_eq!(c.view(3 * M + 20 * S).black.minute_ms, 20 * S);
}

#[test]
fn art12_without_byo_yomi_main_time_is_all() {
    let c = clock(ClockSettings::reserved(10 * M, 0), &[]);
    assert_eq!(c.time_up(10 * M), Some(TimeUp { side: Black, at_ms: 10 * M }));
    assert_eq!(schedule(&c), vec![Announcement { at_ms: 10 * M, call: Call::TimeUp }]);
}

#[test]
fn art12_the_reader_reads_each_byo_yomi_minute_and_what_is_left() {
    let c = clock(ClockSettings::reserved(0, 3), &[]);
    let first: Vec<(u64, Call)> = schedule(&c).iter().take(6).map(|a| (a.at_ms / S, a.call)).collect();
    assert_eq!(
        first,
        vec![
            (30, Call::Seconds(30)),
            (40, Call::Seconds(40)),
            (50, Call::Seconds(50)),
            (55, Call::Seconds(55)),
            (58, Call::Seconds(58)),
            (60, Call::MinutesLeft(2)),
        ]
    );
    assert_eq!(Call::MinutesLeft(2).words(Lang::Zh), "还剩2分钟");
    assert_eq!(Call::MinutesLeft(2).words(Lang::En), "2 minutes left");
    assert_eq!(Call::MinutesLeft(2).words(Lang::ZhHant), "還剩2分鐘");
    assert_eq!(Call::MinutesLeft(2).words(Lang::Ko), "2분 남았습니다");
    assert_eq!(Call::MinutesLeft(2).words(Lang::Ja), "残り2分");
    assert_eq!(Call::TimeUp.words(Lang::Ja), "10、時間切れ負け");
    // The last ten seconds as Korean timekeepers count them: native numbers, 열 with the loss.
    let ko: Vec<String> = (1..=9).map(|n| Call::Count(n).words(Lang::Ko)).collect();
    assert_eq!(ko, ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉"]);
    assert_eq!(Call::TimeUp.words(Lang::Ko), "열, 시간패");
    assert_eq!(Call::Count(3).words(Lang::Ja), "3");
    assert_eq!(Call::Count(3).words(Lang::Zh), "3");
    // Every call is said in every language, none of them left in English.
    for call in [Call::Seconds(30), Call::MinutesLeft(1), Call::PeriodsLeft(3), Call::Count(7), Call::TimeUp] {
        let s = call.said();
        assert!(s.whole() || matches!(call, Call::Count(_)), "{call:?}: {s:?}");
    }
}

#[test]
fn art12_the_last_minute_is_read_to_the_second() {
    // One reserved minute left when the turn starts at 10:00 into byo-yomi.
    let c = clock(ClockSettings::reserved(0, 1), &[]);
    let said: Vec<(u64, String)> = schedule(&c).iter().map(|a| (a.at_ms / S, a.call.words(Lang::Zh))).collect();
    let want: Vec<(u64, String)> = [
        (30, "30秒"),
        (40, "40秒"),
        (50, "50秒"),
        (51, "1"),
        (52, "2"),
        (53, "3"),
        (54, "4"),
        (55, "5"),
        (56, "6"),
        (57, "7"),
        (58, "8"),
        (59, "9"),
        (60, "10，超时判负"),
    ]
    .iter()
    .map(|(s, w)| (*s, (*w).to_owned()))
    .collect();
    assert_eq!(said, want);
    // The time-up is the instant the clock reports.
    assert_eq!(c.time_up(60 * S).map(|u| u.at_ms), schedule(&c).last().map(|a| a.at_ms));
}

#[test]
fn art12_the_schedule_follows_the_turn_into_byo_yomi() {
    // 20 s of main time left, two reserved minutes: the first call is 30 s into byo-yomi.
    let c = clock(ClockSettings::reserved(20 * S, 2), &[]);
    let s = schedule(&c);
    assert_eq!(s[0], Announcement { at_ms: 50 * S, call: Call::Seconds(30) });
    assert_eq!(s[5], Announcement { at_ms: 80 * S, call: Call::MinutesLeft(1) });
    assert_eq!(s.last(), Some(&Announcement { at_ms: 140 * S, call: Call::TimeUp }));
}

#[test]
fn a_reader_that_slept_says_what_is_true_now_and_no_deduction_in_silence() {
    let c = clock(ClockSettings::reserved(0, 3), &[]);
    // Awake: one call at a time.
    assert_eq!(due(&c, 29 * S, 30 * S), vec![Announcement { at_ms: 30 * S, call: Call::Seconds(30) }]);
    assert!(due(&c, 30 * S, 39 * S).is_empty());
    // Asleep from 0:45 to 1:41: the minute's deduction, then the latest count.
    assert_eq!(
        due(&c, 45 * S, M + 41 * S),
        vec![
            Announcement { at_ms: M, call: Call::MinutesLeft(2) },
            Announcement { at_ms: M + 40 * S, call: Call::Seconds(40) },
        ]
    );
}

#[test]
fn art14_a_pause_stops_both_clocks_and_the_turn_goes_on_after_it() {
    // Black thinks 4 minutes, lunch for an hour, 2 more minutes.
    let c = clock(national(), &[(F::Pause, 4 * M), (F::Resume, 64 * M)]);
    assert_eq!(c.view(64 * M).black.main_ms, 51 * M);
    assert_eq!(c.view(66 * M).black.main_ms, 49 * M);
    assert_eq!(c.view(66 * M).white.main_ms, 55 * M);
    let paused = clock(national(), &[(F::Pause, 4 * M)]);
    assert!(!paused.view(30 * M).running);
    assert_eq!(paused.view(30 * M).black.main_ms, 51 * M);
    assert!(schedule(&paused).is_empty(), "nothing is read while paused");
    let mut c = paused;
    assert_eq!(c.apply(F::Press { by: Black }, 31 * M), Err(ClockError::Stopped));
}

#[test]
fn art14_adjournment_the_sealer_pays_for_the_sealed_move_and_the_opponent_starts_on_resumption() {
    // Black seals after 7 minutes' thought; play resumes the next morning.
    let c = clock(national(), &[(F::Adjourn, 7 * M), (F::Resume, 1_000 * M)]);
    let v = c.view(1_003 * M);
    assert_eq!(v.black.main_ms, 48 * M);
    assert_eq!((v.to_move, v.white.main_ms), (White, 52 * M));
}

#[test]
fn art23_3_lateness_within_the_limit_comes_off_the_late_sides_main_time() {
    let c = clock(national(), &[(F::LateArrival { side: White, late_ms: 12 * M }, 0)]);
    assert_eq!(c.view(0).white.main_ms, 43 * M);
    assert_eq!(c.view(0).black.main_ms, 55 * M);
}

#[test]
fn art23_4_removing_captured_stones_is_not_timed_in_byo_yomi_but_is_in_main_time() {
    let byo = ClockSettings::reserved(0, 2);
    // 40 s into the minute, 30 s of removing captures, 15 s more: 55 s used, nothing deducted.
    let c = clock(byo, &[(F::RemovalStarted, 40 * S), (F::RemovalEnded, 70 * S), (F::Press { by: Black }, 85 * S)]);
    assert_eq!(c.view(85 * S).black.reserve, 2);
    // In main time the clock runs on while stones are removed.
    let c =
        clock(national(), &[(F::RemovalStarted, 40 * S), (F::RemovalEnded, 70 * S), (F::Press { by: Black }, 85 * S)]);
    assert_eq!(c.view(85 * S).black.main_ms, 55 * M - 85 * S);
}

#[test]
fn art23_6_one_approved_absence_per_game_and_the_clock_keeps_running() {
    let mut c = clock(ClockSettings::reserved(0, 3), &[]);
    c.apply(F::AbsenceApproved { side: Black }, 10 * S).unwrap();
    assert!(c.view(50 * S).running, "the referee keeps counting");
    assert_eq!(c.view(50 * S).black.minute_ms, 50 * S);
    assert!(c.view(50 * S).black.absence_used);
    assert_eq!(c.apply(F::AbsenceApproved { side: Black }, 70 * S), Err(ClockError::SecondAbsence(Black)));
    c.apply(F::AbsenceApproved { side: White }, 80 * S).unwrap();
}

#[test]
fn facts_the_clock_cannot_take_are_refused_with_a_reason_and_change_nothing() {
    let mut c = GameClock::new(national());
    assert_eq!(c.apply(F::Press { by: Black }, 0), Err(ClockError::NotStarted));
    c.apply(F::Start { to_move: White }, 0).unwrap();
    assert_eq!(c.apply(F::Start { to_move: Black }, 1), Err(ClockError::AlreadyStarted));
    assert_eq!(c.apply(F::Resume, 2), Err(ClockError::NotStopped));
    c.apply(F::Pause, 3).unwrap();
    assert_eq!(c.apply(F::RemovalEnded, 3), Err(ClockError::NoRemoval));
    let before = c.clone();
    assert!(c.apply(F::Press { by: Black }, 4).is_err());
    assert_eq!(c, before);
    let (folded, refused) = GameClock::fold(
        national(),
        &[(F::Start { to_move: Black }, 0), (F::Resume, 5), (F::Press { by: White }, 30), (F::Press { by: Black }, M)],
    );
    assert_eq!(refused, vec![(1, ClockError::NotStopped), (2, ClockError::NotToMove(White))]);
    assert_eq!(folded.view(M).white.main_ms, 55 * M);
    assert_eq!(folded.view(M).black.main_ms, 54 * M);
}

// ---- The other systems organisers set (OpenGotha's STDBYOYOMI, CANBYOYOMI, FISCHER) ----

fn calls(c: &GameClock) -> Vec<(u64, Call)> {
    schedule(c).into_iter().map(|a| (a.at_ms, a.call)).collect()
}

#[test]
fn byo_yomi_periods_follow_the_reserved_minutes_rule_with_their_own_length() {
    // No main time, 3 periods of 30 s: a move within 30 s keeps them all; 45 s uses one.
    let p30 = ClockSettings { main_ms: 0, overtime: OvertimeClock::Periods { count: 3, period_ms: 30 * S } };
    let c = clock(p30, &[(F::Press { by: Black }, 29 * S), (F::Press { by: White }, 29 * S + 45 * S)]);
    let v = c.view(29 * S + 45 * S);
    assert_eq!((v.black.reserve, v.white.reserve), (3, 2));
    // Black reads 10, 20 s and "还剩2次" at each period used; the last is counted to the end.
    let c = clock(p30, &[]);
    let want: Vec<(u64, Call)> = [
        (10 * S, Call::Seconds(10)),
        (20 * S, Call::Seconds(20)),
        (30 * S, Call::PeriodsLeft(2)),
        (40 * S, Call::Seconds(10)),
        (50 * S, Call::Seconds(20)),
        (60 * S, Call::PeriodsLeft(1)),
        (70 * S, Call::Seconds(10)),
        (80 * S, Call::Seconds(20)),
    ]
    .into_iter()
    .chain((1..=9u8).map(|n| (80 * S + u64::from(n) * S, Call::Count(n))))
    .chain([(90 * S, Call::TimeUp)])
    .collect();
    assert_eq!(calls(&c), want);
    assert_eq!(Call::PeriodsLeft(2).words(Lang::Zh), "还剩2次");
    assert_eq!(Call::PeriodsLeft(1).words(Lang::En), "one period left");
    // Using the last period loses, at its exact end (第二十三条五).
    assert_eq!(c.time_up(90 * S), Some(TimeUp { side: Black, at_ms: 90 * S }));
    assert_eq!(c.time_up(90 * S - 1), None);
}

#[test]
fn canadian_byo_yomi_makes_the_blocks_moves_in_its_time_then_starts_a_new_block() {
    // 1 minute's main time, then 3 moves in 60 s.
    let canadian = ClockSettings { main_ms: M, overtime: OvertimeClock::Canadian { moves: 3, block_ms: 60 * S } };
    // Black: 70 s (main time gone, 10 s into the block), then 20 s and 20 s: the block's three
    // moves in 50 s; White answers at once each time.
    let mut t = 0;
    let mut facts = Vec::new();
    for think in [70 * S, 20 * S, 20 * S] {
        t += think;
        facts.push((F::Press { by: Black }, t));
        t += S;
        facts.push((F::Press { by: White }, t));
    }
    let c = clock(canadian, &facts);
    let v = c.view(t);
    // A new block: the full 60 s and 3 moves.
    assert_eq!((v.black.block_ms, v.black.moves_left), (Some(60 * S), Some(3)));
    // Mid-block after one more move of 25 s: 35 s and 2 moves left.
    let c = clock(canadian, &[facts.clone(), vec![(F::Press { by: Black }, t + 25 * S)]].concat());
    let v = c.view(t + 25 * S);
    assert_eq!((v.black.block_ms, v.black.moves_left), (Some(35 * S), Some(2)));
    assert!(v.black.byo_yomi);
    // The block's time runs out before its moves are made: the loss, at that instant.
    let c = clock(canadian, &facts);
    assert_eq!(c.time_up(t + 60 * S), Some(TimeUp { side: Black, at_ms: t + 60 * S }));
    // Its last ten seconds are counted.
    let last: Vec<(u64, Call)> = calls(&c).into_iter().rev().take(2).collect();
    assert_eq!(last, vec![(t + 60 * S, Call::TimeUp), (t + 59 * S, Call::Count(9))]);
}

#[test]
fn fischer_adds_the_increment_after_every_move_and_has_no_overtime() {
    let fischer = ClockSettings { main_ms: M, overtime: OvertimeClock::Fischer { increment_ms: 10 * S } };
    let c = clock(fischer, &[(F::Press { by: Black }, 15 * S), (F::Press { by: White }, 20 * S)]);
    let v = c.view(20 * S);
    // Black used 15 s of 60 and got 10 back; White 5 s.
    assert_eq!((v.black.main_ms, v.white.main_ms), (55 * S, 65 * S));
    assert!(!v.black.byo_yomi);
    // Out of main time is out of time.
    assert_eq!(c.time_up(20 * S + 55 * S), Some(TimeUp { side: Black, at_ms: 75 * S }));
    let last: Vec<(u64, Call)> = calls(&c).into_iter().rev().take(2).collect();
    assert_eq!(last, vec![(75 * S, Call::TimeUp), (74 * S, Call::Count(9))]);
}

#[test]
fn the_time_control_is_read_in_both_wire_versions_and_checked() {
    use arbiter_domain::model::{Overtime, TimeControl};
    // Version 1 (第十二条), as every stored event has it, is read and written unchanged.
    let v1: TimeControl = serde_json::from_str(r#"{"main_minutes":60,"reserved_minutes":5}"#).unwrap();
    assert_eq!(v1, TimeControl::reserved(60, 5));
    assert_eq!(serde_json::to_string(&v1).unwrap(), r#"{"main_minutes":60,"reserved_minutes":5}"#);
    // 第十二条二: the reserve is within the limit — 55 minutes, then 5 reserved.
    assert_eq!(ClockSettings::from(v1), ClockSettings::reserved(55 * M, 5));
    assert_eq!(ClockSettings::from(v1), ClockSettings::limit(60 * M, 5));
    // Version 2: another system.
    let v2: TimeControl =
        serde_json::from_str(r#"{"main_minutes":45,"overtime":{"system":"periods","periods":5,"seconds":30}}"#)
            .unwrap();
    assert_eq!(v2, TimeControl::with(45, Overtime::Periods { periods: 5, seconds: 30 }));
    assert_eq!(ClockSettings::from(v2).overtime, OvertimeClock::Periods { count: 5, period_ms: 30 * S });
    let c: TimeControl =
        serde_json::from_str(r#"{"main_minutes":30,"overtime":{"system":"canadian","moves":15,"seconds":300}}"#)
            .unwrap();
    assert_eq!(ClockSettings::from(c).overtime, OvertimeClock::Canadian { moves: 15, block_ms: 300 * S });
    assert!(v1.check().is_ok() && v2.check().is_ok() && c.check().is_ok());
    // Refused: both forms, neither, an unknown system, settings no organiser means.
    let both = TimeControl { overtime: Some(Overtime::Fischer { seconds: 10 }), ..v1 };
    assert!(both.check().unwrap_err().to_string().contains("not both"));
    assert!(TimeControl { main_minutes: 60, reserved_minutes: None, overtime: None }.check().is_err());
    assert!(serde_json::from_str::<TimeControl>(r#"{"main_minutes":60,"overtime":{"system":"hourglass"}}"#).is_err());
    assert!(TimeControl::with(60, Overtime::Periods { periods: 0, seconds: 30 }).check().is_err());
    assert!(TimeControl::with(0, Overtime::Fischer { seconds: 10 }).check().is_err());
    assert!(TimeControl::reserved(0, 0).check().is_err());
}

/// A random sequence of what happens at a table.
fn facts() -> impl Strategy<Value = Vec<(u8, u64)>> {
    prop::collection::vec((0u8..7, 1u64..200_000), 1..120)
}

fn fact(k: u8, to_move: arbiter_domain::model::Colour) -> F {
    match k {
        0..=1 => F::Press { by: to_move },
        2 => F::Press { by: to_move.opponent() },
        3 => F::Pause,
        4 => F::Resume,
        5 => F::RemovalStarted,
        _ => F::RemovalEnded,
    }
}

proptest! {
    /// Whatever happens, without an explicit adjustment no side's time ever goes up, the reserve
    /// never goes below zero, and the time-up is proposed before a side plays on without reserve.
    #[test]
    fn remaining_time_never_increases_and_the_reserve_never_goes_below_zero(
        steps in facts(), main_min in 0u64..3, reserve in 0u8..4, period_s in prop::sample::select(vec![10u64, 30, 60]),
    ) {
        // 第十二条's minutes, and byo-yomi periods of other lengths, which follow the same rule.
        let settings = ClockSettings {
            main_ms: main_min * M,
            overtime: OvertimeClock::Periods { count: reserve, period_ms: period_s * S },
        };
        let mut c = GameClock::new(settings);
        c.apply(F::Start { to_move: Black }, 0).unwrap();
        let mut now = 0;
        let mut last = c.view(0);
        for (k, gap) in steps {
            now += gap;
            let _ = c.apply(fact(k, c.to_move()), now);
            let v = c.view(now);
            for (before, after) in [(last.black, v.black), (last.white, v.white)] {
                prop_assert!(after.main_ms <= before.main_ms, "main time went up: {before:?} → {after:?}");
                prop_assert!(after.reserve <= before.reserve, "reserve went up: {before:?} → {after:?}");
            }
            if v.time_up.is_none() {
                let mover = if v.to_move == Black { v.black } else { v.white };
                prop_assert!(!mover.byo_yomi || mover.reserve >= 1, "in byo-yomi with no reserve and no time-up: {v:?}");
            }
            last = v;
        }
    }
}

// ---- The clock from the ledger: the referee's events drive it ----

use crate::support;

use arbiter_domain::error::Unmet;
use arbiter_domain::event::EventBody;
use arbiter_domain::model::Role;
use arbiter_domain::rules::{Article, Incident, Ruling};
use arbiter_domain::DomainError;
use support::Table;

#[test]
fn the_ledger_drives_the_clock_presses_pauses_adjournment_and_deducted_lateness() {
    let mut t = Table::chinese();
    // 第二十三条三: White 4 minutes late, within the 15 allowed: deducted.
    t.incident(Incident::LateArrival { black_late_secs: 0, white_late_secs: 240 }, Ruling::DeductLateTime);
    assert!(t.state().clock().is_none(), "no clock before it starts");
    t.referee(EventBody::ClockStarted);
    let start = t.now();
    t.wait(10 * M - S);
    t.referee(EventBody::ClockPressed { by: Black });
    // 第十二条: a press by the side not to move is refused, naming the article.
    let err = t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap_err();
    assert_eq!(
        err,
        DomainError::ConditionNotMet { article: Article::Art12, why: Unmet::NotToMove { to_move: White, by: Black } }
    );
    assert!(err.to_string().contains("第十二条"), "{err}");
    t.wait(3 * M - S);
    t.referee(EventBody::ClockPressed { by: White });
    assert_eq!(t.now(), start + 13 * M, "a refused record takes no time");
    let c = t.state().clock().unwrap();
    let v = c.view(t.now());
    // 第十二条二: the 60-minute limit keeps its last 5 for byo-yomi: 55 minutes' main time.
    assert_eq!(v.black.main_ms, 45 * M);
    assert_eq!(v.white.main_ms, 51 * M - 3 * M, "55 − 4 late − 3 thinking");
    // 第十四条: lunch stops the clocks; the adjourned sealer's time ends with its seal.
    t.referee(EventBody::ClockPaused { reason: Some("午休".into()) });
    t.wait(60 * M);
    let c = t.state().clock().unwrap();
    assert!(!c.view(t.now()).running);
    assert_eq!(c.view(t.now()).black.main_ms, 45 * M - S);
    t.referee(EventBody::ClockResumed);
    t.wait(2 * M - S);
    t.referee(EventBody::GameAdjourned { sealer: Black, seal: None });
    let c = t.state().clock().unwrap();
    let v = c.view(t.now() + 600 * M);
    assert_eq!((v.to_move, v.running, v.black.main_ms), (White, false, 43 * M - S));
    assert_eq!(
        t.try_push(Role::Referee, EventBody::ClockPressed { by: White }).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::Art12, why: Unmet::ClockNotRunning },
        "not while adjourned"
    );
}

// ---- The late-arrival timer (第二十三条一–三) ----

use arbiter_domain::timing::{lateness, LatenessProposal as P};

/// The ruling the rules take for a proposal: recorded on a fresh game, it must be admitted.
fn recorded(p: P) -> arbiter_domain::game::GameState {
    let (incident, ruling) = match p {
        P::Deduct { black_late_secs, white_late_secs } => {
            (Incident::LateArrival { black_late_secs, white_late_secs }, Ruling::DeductLateTime)
        }
        P::Forfeit { black_late_secs, white_late_secs, .. } => {
            (Incident::LateArrival { black_late_secs, white_late_secs }, Ruling::Forfeit)
        }
        P::BothForfeit { black_late_secs, white_late_secs } => {
            (Incident::LateArrival { black_late_secs, white_late_secs }, Ruling::BothForfeit)
        }
    };
    let mut t = Table::chinese(); // 15 minutes' lateness allowed
    t.try_incident(incident, ruling).unwrap_or_else(|e| panic!("{p:?} refused by the rules: {e}"));
    t.state()
}

#[test]
fn art23_3_late_within_the_limit_is_a_deduction_the_rules_take() {
    // Black sits down 4 minutes late, White on time.
    let v = lateness(0, 15, Some(4 * M), Some(0), 4 * M);
    assert_eq!(v.proposal, Some(P::Deduct { black_late_secs: 240, white_late_secs: 0 }));
    assert_eq!(recorded(v.proposal.unwrap()).sides.black.clock_adjustment_secs, -240);
    // Exactly at the limit is not beyond it.
    let v = lateness(0, 15, Some(15 * M), Some(0), 15 * M);
    assert_eq!(v.proposal, Some(P::Deduct { black_late_secs: 900, white_late_secs: 0 }));
    // Both on time: nothing to record.
    assert_eq!(lateness(0, 15, Some(0), Some(0), M).proposal, None);
}

#[test]
fn the_timer_counts_the_allowed_lateness_down_and_waits_while_someone_may_still_come() {
    let v = lateness(1_000, 15, Some(1_000), None, 1_000 + 10 * M);
    assert_eq!((v.waited_ms, v.left_ms, v.run_out, v.proposal), (10 * M, 5 * M, false, None));
    // Half a second past the limit is still 900 whole seconds: not beyond it, as the rules see it.
    let v = lateness(0, 15, Some(0), None, 15 * M + 500);
    assert_eq!((v.left_ms, v.run_out, v.proposal), (0, false, None));
}

#[test]
fn art23_1_one_side_beyond_the_limit_forfeits() {
    let v = lateness(0, 15, Some(0), None, 15 * M + S);
    assert!(v.run_out);
    assert_eq!(v.proposal, Some(P::Forfeit { side: White, black_late_secs: 0, white_late_secs: 901 }));
    let s = recorded(v.proposal.unwrap());
    assert_eq!(s.result.map(|r| r.article), Some(arbiter_domain::rules::Article::Art23_1));
    // Arriving after the limit is beyond it too.
    let v = lateness(0, 15, Some(16 * M), Some(0), 16 * M);
    assert!(matches!(v.proposal, Some(P::Forfeit { side: Black, .. })));
}

#[test]
fn art23_2_both_beyond_the_limit_both_forfeit() {
    let v = lateness(0, 15, None, None, 15 * M + S);
    assert_eq!(v.proposal, Some(P::BothForfeit { black_late_secs: 901, white_late_secs: 901 }));
    assert_eq!(recorded(v.proposal.unwrap()).result.map(|r| r.article), Some(arbiter_domain::rules::Article::Art23_2));
}

// ---- 第十二条二: the reserve is within the time limit (seed 001) ----

use arbiter_domain::model::{Player, PlayerId, Settings, TimeControl, Tournament, TournamentId};

#[test]
fn art12_2_the_reserved_minutes_are_the_last_minutes_of_the_time_limit() {
    // The referee's account: "The time limit is 60 minutes a side, of which the last 5 are kept
    // for byo-yomi. Black has thought for 55 minutes of the first move's turn; I start reading:
    // 30 seconds. At 60 minutes Black has used the whole limit: '10, loss on time'."
    let mut t = Table::chinese();
    t.referee(EventBody::ClockStarted);
    let start = t.now();
    let state = t.state();
    assert_eq!(state.time_limit, Some(TimeControl::reserved(60, 5)));
    let c = state.clock().unwrap();
    let v = c.view(start + 55 * M);
    assert_eq!((v.black.main_ms, v.black.reserve, v.black.byo_yomi), (0, 5, true), "byo-yomi begins at 55 minutes");
    assert_eq!(c.view(start + 55 * M - S).black.main_ms, S, "a second before it, main time");
    let calls = schedule(&c);
    assert_eq!(calls[0], Announcement { at_ms: start + 55 * M + 30 * S, call: Call::Seconds(30) });
    // Each side has the limit and not a second more: the loss at 60 minutes, not 65.
    assert_eq!(c.time_up(start + 60 * M - 1), None);
    assert_eq!(c.time_up(start + 60 * M), Some(TimeUp { side: Black, at_ms: start + 60 * M }));
    assert_eq!(calls.last(), Some(&Announcement { at_ms: start + 60 * M, call: Call::TimeUp }));
}

#[test]
fn art12_2_a_local_event_keeps_one_minute_within_its_limit() {
    // "基层比赛亦可保留一分钟开始读秒": 90 minutes, the last one read.
    let c = clock(ClockSettings::from(TimeControl::reserved(90, 1)), &[]);
    assert_eq!(c.view(89 * M).black.main_ms, 0);
    assert_eq!(c.view(89 * M).black.reserve, 1);
    let last: Vec<String> = schedule(&c).iter().rev().take(2).map(|a| a.call.words(Lang::Zh)).collect();
    assert_eq!(last, ["10，超时判负", "9"]);
    assert_eq!(c.time_up(90 * M).map(|u| u.at_ms), Some(90 * M));
}

#[test]
fn art12_2_a_schedule_recorded_before_revision_4_keeps_its_meaning_of_60_plus_5() {
    // A game scheduled by an earlier build (rules revision 3), when the reserve came after main
    // time: its "60, 5" meant 65 minutes a side, and it still does.
    let mut old = Table::unscheduled();
    old.rules = 3;
    old.schedule(arbiter_domain::rules::RulesetSpec::default(), 15);
    old.referee(EventBody::ClockStarted);
    let start = old.now();
    let state = old.state();
    assert_eq!(state.schedule.as_ref().map(|g| g.time_control), Some(TimeControl::reserved(60, 5)), "as recorded");
    assert_eq!(state.time_limit, Some(TimeControl::reserved(65, 5)), "as it meant");
    let c = state.clock().unwrap();
    assert_eq!(c.view(start).black.main_ms, 60 * M);
    assert_eq!(c.time_up(start + 65 * M - 1), None);
    assert_eq!(c.time_up(start + 65 * M).map(|u| u.at_ms), Some(start + 65 * M));
    // The same record under this build's revision is the 60-minute limit.
    assert_eq!(
        TimeControl::reserved(60, 5).read_under(arbiter_domain::rules::RULES_REVISION),
        TimeControl::reserved(60, 5)
    );
    assert_eq!(TimeControl::reserved(60, 5).read_under(3), TimeControl::reserved(65, 5));
    // Other systems were always main time, then the overtime.
    let periods = TimeControl::with(45, arbiter_domain::model::Overtime::Periods { periods: 5, seconds: 30 });
    assert_eq!(periods.read_under(3), periods);
    assert_eq!(ClockSettings::from(periods).main_ms, 45 * M);
}

#[test]
fn art12_2_the_set_up_shows_the_organiser_the_arithmetic() {
    let national = TimeControl::reserved(60, 5);
    assert_eq!(national.arithmetic(Lang::En), "60 minutes, of which the last 5 are byo-yomi (55 + 5)");
    assert_eq!(national.arithmetic(Lang::Zh), "时限60分钟，其中最后5分钟读秒（55 + 5）");
    assert_eq!(national.arithmetic(Lang::ZhHant), "時限60分鐘，其中最後5分鐘讀秒（55 + 5）");
    assert_eq!(
        TimeControl::reserved(90, 1).arithmetic(Lang::En),
        "90 minutes, of which the last 1 is byo-yomi (89 + 1)"
    );
    assert_eq!(TimeControl::reserved(30, 0).arithmetic(Lang::En), "30 minutes, no byo-yomi");
    for lang in Lang::ALL {
        assert!(national.arithmetic(lang).contains("55 + 5"), "{lang:?}");
    }
    // A reserve longer than the limit it is kept within is no setting: refused, saying why.
    let err = TimeControl::reserved(3, 5).check().unwrap_err();
    assert!(err.to_string().contains("Art. 12.2") && err.to_string().contains("only 3 minutes"), "{err}");
    assert!(TimeControl::reserved(5, 5).check().is_ok(), "all of it byo-yomi");
    assert!(TimeControl::reserved(0, 0).check().is_err());
}

#[test]
fn art12_2_a_round_paired_from_an_older_set_up_gets_the_time_the_set_up_meant() {
    use arbiter_domain::tournament::{replay, run};
    // The set-up recorded under revision 3 ("60, 5" then: 65 minutes); pairing under this
    // build writes the game in this revision's reading, 65 with the last 5 reserved.
    let mut t = Table::unscheduled();
    t.rules = 3;
    let settings = Settings {
        system: Some(arbiter_domain::tournament::System::RoundRobin { double: false }),
        rounds: Some(1),
        time_control: Some(TimeControl::reserved(60, 5)),
        allowed_lateness_minutes: Some(15),
        ..Settings::default()
    };
    let created = Tournament {
        id: TournamentId::new("t1").unwrap(),
        name: "老规则杯".into(),
        ruleset: Default::default(),
        settings,
    };
    let mut events = vec![t.event(Role::Organiser, EventBody::TournamentCreated(created))];
    t.rules = arbiter_domain::rules::RULES_REVISION;
    for p in ["p1", "p2"] {
        let player = Player {
            id: PlayerId::new(p).unwrap(),
            name: p.into(),
            rank: "1d".parse().unwrap(),
            club: None,
            team: None,
            board: None,
            opengotha: None,
        };
        events.push(t.event(Role::Organiser, EventBody::PlayerRegistered(player)));
    }
    for e in &mut events {
        e.game = None;
    }
    let view = replay(&events).remove(0);
    assert_eq!(view.time_limit, Some(TimeControl::reserved(65, 5)));
    let (_, scheduled) = run::pair_round(&view, 1).unwrap();
    let limits: Vec<TimeControl> = scheduled
        .iter()
        .filter_map(|(_, b)| match b {
            EventBody::GameScheduled(g) => Some(g.time_control),
            _ => None,
        })
        .collect();
    assert_eq!(limits, vec![TimeControl::reserved(65, 5)]);
    // A set-up recorded now means what it says.
    for e in &mut events {
        e.rules = Some(arbiter_domain::rules::RULES_REVISION);
    }
    assert_eq!(replay(&events).remove(0).time_limit, Some(TimeControl::reserved(60, 5)));
}

// ---- 第二十三条四: in byo-yomi, removing captured stones is not timed (seed 004 競技第二条2 1)) ----

#[test]
fn art23_4_the_press_ends_a_removal_and_the_removal_is_not_charged() {
    // The last reserved minute, 40 s into it: 2 min 20 s of removing, then the press.
    let c = clock(ClockSettings::reserved(0, 1), &[(F::RemovalStarted, 40 * S), (F::Press { by: Black }, 3 * M)]);
    let v = c.view(3 * M);
    assert_eq!((v.time_up, v.black.reserve, v.to_move), (None, 1, White));
    assert!(!v.removing);
    // While stones come off, the clock waits, the reader is silent, and no time runs out.
    let removing = clock(ClockSettings::reserved(0, 1), &[(F::RemovalStarted, 40 * S)]);
    let v = removing.view(10 * M);
    assert!(v.removing && !v.running);
    assert_eq!((v.black.minute_ms, v.time_up), (40 * S, None));
    assert!(schedule(&removing).is_empty());
    assert!(due(&removing, 40 * S, 10 * M).is_empty());
    // A second start is refused; the end comes once.
    let mut c = removing.clone();
    assert_eq!(c.apply(F::RemovalStarted, 50 * S), Err(ClockError::RemovalUnderWay));
    c.apply(F::RemovalEnded, 60 * S).unwrap();
    assert_eq!(c.apply(F::RemovalEnded, 61 * S), Err(ClockError::NoRemoval));
    // From the second tap the minute goes on where it stopped: 40 s + 5 s.
    assert_eq!(c.view(65 * S).black.minute_ms, 45 * S);
    assert_eq!(c.time_up(60 * S + 20 * S), Some(TimeUp { side: Black, at_ms: 80 * S }));
}

/// Black in the last reserved minute of a 60-minute limit (the last 5 reserved), 50 s into it.
fn black_in_the_last_minute(t: &mut Table) -> u64 {
    t.referee(EventBody::ClockStarted);
    let start = t.now();
    t.wait(59 * M + 50 * S - S);
    let v = t.state().clock().unwrap().view(t.now() + S);
    assert_eq!((v.black.reserve, v.black.minute_ms), (1, 50 * S), "the last minute, 50 s gone");
    start
}

#[test]
fn art23_4_black_in_the_last_minute_captures_fifteen_stones_and_is_not_read_out() {
    // The referee's account: "Black is in the last reserved minute; at 50 seconds Black captures
    // fifteen stones. I tap 'removing captures': the reader stops at 50. Taking the fifteen
    // stones off takes a minute and a half; Black presses the clock. Black still has the last
    // minute: nobody said '10，超时判负'."
    let mut t = Table::chinese();
    let start = black_in_the_last_minute(&mut t);
    t.try_push(Role::Referee, EventBody::RemovalStarted { by: Black }).unwrap();
    let tap = t.now();
    let c = t.state().clock().unwrap();
    assert!(c.view(tap).removing);
    // Without the tap the reader would count 1 … 9 and call the loss at 60:00.
    assert_eq!(c.time_up(start + 60 * M), None);
    assert!(due(&c, tap, tap + 90 * S).is_empty(), "nothing is read while the stones come off");
    t.wait(90 * S - S);
    t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap();
    let state = t.state();
    let v = state.clock().unwrap().view(t.now());
    assert_eq!((v.time_up, v.to_move, v.black.reserve, v.removing), (None, White, 1, false));
    assert_eq!(state.result, None);
    // The same minute and a half without the tap: read out at 60:00.
    let mut untimed = Table::chinese();
    let start = black_in_the_last_minute(&mut untimed);
    assert_eq!(
        untimed.state().clock().unwrap().time_up(start + 61 * M),
        Some(TimeUp { side: Black, at_ms: start + 60 * M })
    );
}

#[test]
fn art23_4_the_second_tap_ends_the_removal_and_the_minute_goes_on() {
    let mut t = Table::chinese();
    let start = black_in_the_last_minute(&mut t);
    t.try_push(Role::Referee, EventBody::RemovalStarted { by: Black }).unwrap();
    t.wait(30 * S - S);
    t.try_push(Role::Referee, EventBody::RemovalEnded { by: Black }).unwrap();
    let resumed = t.now();
    let c = t.state().clock().unwrap();
    let v = c.view(resumed + 5 * S);
    assert!(v.running && !v.removing);
    assert_eq!(v.black.minute_ms, 55 * S, "50 s before the removal, 5 s after it");
    // The loss moves by the removal's 30 s, and the reader counts to it.
    assert_eq!(c.time_up(resumed + 10 * S).map(|u| u.at_ms), Some(start + 60 * M + 30 * S));
    assert_eq!(schedule(&c).last().map(|a| (a.at_ms, a.call)), Some((resumed + 10 * S, Call::TimeUp)));
}

#[test]
fn art23_4_a_removal_is_the_side_to_moves_in_a_running_game_and_ends_once() {
    let mut t = Table::chinese();
    let not_running = t.try_push(Role::Referee, EventBody::RemovalStarted { by: Black }).unwrap_err();
    assert_eq!(not_running, DomainError::ConditionNotMet { article: Article::Art23_4, why: Unmet::ClockNotRunning });
    t.referee(EventBody::ClockStarted);
    assert_eq!(
        t.try_push(Role::Referee, EventBody::RemovalStarted { by: White }).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::Art23_4, why: Unmet::NotToMove { to_move: Black, by: White } }
    );
    assert_eq!(
        t.try_push(Role::Referee, EventBody::RemovalEnded { by: Black }).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::Art23_4, why: Unmet::NoRemoval }
    );
    t.try_push(Role::Referee, EventBody::RemovalStarted { by: Black }).unwrap();
    let again = t.try_push(Role::Referee, EventBody::RemovalStarted { by: Black }).unwrap_err();
    assert_eq!(again, DomainError::ConditionNotMet { article: Article::Art23_4, why: Unmet::RemovalUnderWay });
    assert!(again.to_string().contains("第二十三条四"), "{again}");
    // In main time the clock runs on while the stones come off (第二十三条四 spares only
    // byo-yomi); the second tap is still taken.
    t.wait(20 * S);
    t.try_push(Role::Referee, EventBody::RemovalEnded { by: Black }).unwrap();
    let v = t.state().clock().unwrap().view(t.now());
    assert_eq!(v.black.main_ms, 55 * M - 22 * S, "the 20 s of removing were timed");
}

#[test]
fn kr_c2_2_many_captures_in_byo_yomi_stop_the_clock_in_a_korean_game() {
    // 競技第二条2 1): "抜き石が多い場合、対局時計を少しの間停止することができる".
    let mut t = Table::korean();
    black_in_the_last_minute(&mut t);
    t.try_push(Role::Referee, EventBody::RemovalStarted { by: Black }).unwrap();
    t.wait(2 * M);
    assert_eq!(t.state().clock().unwrap().time_up(t.now()), None);
    t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap();
    assert_eq!(t.state().clock().unwrap().view(t.now()).to_move, White);
    // A refusal in a Korean game cites the KBA's paragraph.
    assert_eq!(
        t.try_push(Role::Referee, EventBody::RemovalEnded { by: White }).unwrap_err(),
        DomainError::ConditionNotMet { article: Article::KrC2_2, why: Unmet::NoRemoval }
    );
}

/// Black, in the last reserved minute of a Korean game, plays and presses: White is to move.
fn korean_black_pressed_in_byo_yomi(t: &mut Table) {
    black_in_the_last_minute(t);
    t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap();
}

#[test]
fn kr_c2_2_black_in_byo_yomi_plays_stops_the_clock_and_goes_to_the_toilet() {
    // 競技第二条2 2) and 3): "化粧室に行く場合、着手をしてから対局時計を一時停止する";
    // "化粧室に行っていた対局者が着座した時から対局が開始され、離席中に着手した場合は打ったところを
    // 教えなくてはならない". The referee's account: "Black, in byo-yomi, plays move 143, stops the
    // clock and goes to the toilet. White's clock stops with it. White plays move 144 three
    // minutes later; I record it and show Black where it is when Black is back, eight minutes
    // after leaving. Black's clock runs from the moment Black sits down: Black still has its
    // last reserved minute, whole."
    let mut t = Table::korean();
    korean_black_pressed_in_byo_yomi(&mut t);
    let white_before = t.state().clock().unwrap().view(t.now()).white.main_ms;
    t.wait(4 * S);
    t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap();
    let left = t.now();
    let c = t.state().clock().unwrap();
    let v = c.view(left + 3 * M);
    assert_eq!((v.on_break, v.running, v.to_move), (Some(Black), false, White));
    assert_eq!(v.white.main_ms, white_before - 5 * S, "White's clock stopped at the break");
    assert!(due(&c, left, left + 3 * M).is_empty(), "nothing is read during the break");
    // White plays meanwhile: recorded as any move.
    t.wait(3 * M - S);
    t.try_push(Role::Referee, EventBody::ClockPressed { by: White }).unwrap();
    let c = t.state().clock().unwrap();
    let v = c.view(t.now());
    assert_eq!((v.to_move, v.on_break, v.running), (Black, Some(Black), false), "Black's clock waits for Black");
    assert_eq!(v.white.main_ms, white_before - 5 * S, "White's thinking during the break is not timed");
    // Eight minutes away in all: Black is not read out.
    t.wait(5 * M - S);
    assert_eq!(t.state().clock().unwrap().time_up(t.now()), None);
    t.try_push(Role::Referee, EventBody::BreakEnded { by: Black }).unwrap();
    let seated = t.now();
    let c = t.state().clock().unwrap();
    let v = c.view(seated + 20 * S);
    assert_eq!((v.on_break, v.running, v.to_move), (None, true, Black));
    assert_eq!((v.black.reserve, v.black.minute_ms), (1, 20 * S), "the last minute runs from the seat");
    assert_eq!(c.time_up(seated + 2 * M).map(|u| u.at_ms), Some(seated + M));
    // White had not played: its own clock runs again from Black's return.
    let mut t = Table::korean();
    korean_black_pressed_in_byo_yomi(&mut t);
    t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap();
    t.wait(5 * M);
    t.try_push(Role::Referee, EventBody::BreakEnded { by: Black }).unwrap();
    let v = t.state().clock().unwrap().view(t.now());
    assert_eq!((v.to_move, v.running, v.on_break), (White, true, None));
    assert_eq!(v.white.main_ms, white_before - S, "the five minutes away were nobody's");
}

#[test]
fn kr_c2_2_the_toilet_break_is_korean_in_byo_yomi_after_the_players_own_move_and_one_at_a_time() {
    let cites = |why| DomainError::ConditionNotMet { article: Article::KrC2_2, why };
    // Under the Chinese rules there is no such break (第二十三条六 approves an absence, the clock
    // running); a replica that is handed one anyway does not stop the clock.
    let mut t = Table::chinese();
    black_in_the_last_minute(&mut t);
    t.referee(EventBody::ClockPressed { by: Black });
    assert_eq!(
        t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap_err(),
        cites(Unmet::KoreanRulesOnly)
    );
    t.referee(EventBody::BreakStarted { by: Black });
    let v = t.state().clock().unwrap().view(t.now());
    assert_eq!((v.on_break, v.running), (None, true));
    // Not in byo-yomi: Black, with main time left, plays and presses.
    let mut t = Table::korean();
    t.referee(EventBody::ClockStarted);
    t.wait(10 * M);
    t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap();
    assert_eq!(
        t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap_err(),
        cites(Unmet::NotInByoYomi(Black))
    );
    // Not after the player's own move: Black, in byo-yomi, to move and thinking.
    let mut t = Table::korean();
    black_in_the_last_minute(&mut t);
    let err = t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap_err();
    assert_eq!(err, cites(Unmet::NotAfterOwnMove(Black)));
    assert!(err.to_string().contains("KBA Competition 2.2"), "{err}");
    assert_eq!(t.try_push(Role::Referee, EventBody::BreakEnded { by: Black }).unwrap_err(), cites(Unmet::NoBreak));
    // A second break while one is open; Black may not play before sitting down; White's return
    // does not end Black's break.
    let mut t = Table::korean();
    korean_black_pressed_in_byo_yomi(&mut t);
    t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap();
    assert_eq!(
        t.try_push(Role::Referee, EventBody::BreakStarted { by: Black }).unwrap_err(),
        cites(Unmet::BreakUnderWay(Black))
    );
    t.try_push(Role::Referee, EventBody::ClockPressed { by: White }).unwrap();
    assert_eq!(
        t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap_err(),
        cites(Unmet::BreakUnderWay(Black))
    );
    assert_eq!(t.try_push(Role::Referee, EventBody::BreakEnded { by: White }).unwrap_err(), cites(Unmet::NoBreak));
    t.try_push(Role::Referee, EventBody::BreakEnded { by: Black }).unwrap();
    t.try_push(Role::Referee, EventBody::ClockPressed { by: Black }).unwrap();
}

#[test]
fn kr_c2_2_the_clock_takes_the_break_only_as_the_seed_words_it() {
    // Black pressed in byo-yomi at 55:30 (main time 55 minutes, 5 reserved).
    let settings = national();
    let mut away = clock(settings, &[(F::Press { by: Black }, 55 * M + 30 * S)]);
    assert_eq!(away.apply(F::BreakStarted { by: White }, 56 * M), Err(ClockError::NotAfterOwnMove(White)));
    away.apply(F::BreakStarted { by: Black }, 56 * M).unwrap();
    assert_eq!(away.apply(F::BreakStarted { by: Black }, 57 * M), Err(ClockError::BreakUnderWay(Black)));
    // A 第十四条 pause (lunch) during the break ends it; the resumption restarts White's clock,
    // with the 30 s White had used before the break.
    let mut lunch = away.clone();
    lunch.apply(F::Pause, 57 * M).unwrap();
    assert_eq!(lunch.view(90 * M).on_break, None);
    lunch.apply(F::Resume, 120 * M).unwrap();
    let v = lunch.view(120 * M + 10 * S);
    assert_eq!((v.to_move, v.running, v.white.main_ms), (White, true, 55 * M - 40 * S));
    away.apply(F::Press { by: White }, 58 * M).unwrap();
    assert_eq!(away.apply(F::Press { by: Black }, 59 * M), Err(ClockError::BreakUnderWay(Black)));
    assert_eq!(away.apply(F::BreakEnded { by: White }, 59 * M), Err(ClockError::NoBreak));
    away.apply(F::BreakEnded { by: Black }, 70 * M).unwrap();
    let v = away.view(70 * M + 10 * S);
    assert_eq!((v.black.reserve, v.black.minute_ms, v.white.main_ms), (5, 10 * S, 55 * M - 30 * S));
    // White, in main time, has just moved: no break for it.
    let mut away = clock(settings, &[(F::Press { by: Black }, 55 * M + 30 * S), (F::Press { by: White }, 56 * M)]);
    assert_eq!(away.apply(F::BreakStarted { by: White }, 56 * M + S), Err(ClockError::NotInByoYomi(White)));
}

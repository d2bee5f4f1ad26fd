//! Rules revisions: what an event means never changes on upgrade. Each event says under which
//! revision of the rules' checks it was admitted (the envelope's `rules`; absent: revision 1),
//! and the fold applies to it the checks of that revision. A check added later applies to what
//! is recorded later, never to what a referee already ruled (docs/events.md, "Versioning").
//!
//! | revision | what it changed |
//! |---|---|
//! | 1 | everything recorded before revisions were written down; a fact a later revision asks for may be missing |
//! | 2 | KBA 付則第三条1: a claim of an illegal move, a ko recapture, a double move or a wrongful removal must say when it was raised (`objection`); without it the loss is refused |
//! | 3 | a decided game stays decided: the first decisive event stands, a later one (by anyone) is kept and flagged, and only a `result_corrected` changes the result (game::correction) |
//! | 4 | 第十二条二: a time control's reserved minutes are the last minutes *of* its time limit (`main_minutes` is the whole 时限: 60 with 5 reserved is 55 minutes, then 5 of byo-yomi); before it they came after it (60 + 5) |
//! | 5 | the undo window runs between the moments the incident and its undo were made (their wall times, within the clock-skew bound), not their arrivals (game::undo) |
//! | 6 | 第二十九条三: a Swiss opponent who withdrew is credited A × the rounds *after* the withdrawal; before it, A × every round without a game (a bye before the withdrawal counted twice: its points and A) |
//! | 7 | KBA 競技の規則 第一条: a ring (1.1) and a noise (1.2) each count on their own — the second of the same kind loses, and neither adds to another kind's count; the other warnings count together (第二十五条二); 付則第一条4/5: the first clock stop while filling dame is a yellow card, the second loses (before it the first lost); 付則第一条3: only moved stones that cannot be put back (`restorable`) go to the players' agreement or both lose (before it agreement alone decided) |
//! | 8 | KBA 囲碁規則 第十二条3: a repetition met at the end (`at_end`) is a draw or seki as the side with the stronger right chooses; during play it stays 第十六条's no result (before it 第十六条 ruled every repetition) |
//! | 9 | KBA 付則第三条1 over every foul its 付則 and 競技の規則 punish on an opponent's claim: the clock pressed without a move (競技第二条3), stopped while filling dame (付則第一条4/5) and captured stones left on the board (付則第一条6) need `objection` like the four kinds of revision 2 — raised once play went on, the foul stands accepted (no penalty); before it these were ruled on without it |

use crate::rules::IncidentType;

/// The revision this build admits new events under.
pub const RULES_REVISION: u16 = 9;

/// From this revision on, the rows that turn on 付則第三条1 need the `objection` fact; before
/// it, the referee's ruling stands as given (the claim taken as raised at once).
pub const OBJECTION_REQUIRED_SINCE: u16 = 2;

/// From this revision on, a game's first decisive event stands: a later ruling or fact that
/// would decide it again, the chief arbiter's included, is kept and flagged. Before it, the
/// chief arbiter's or the committee's later decisive ruling replaced the result.
pub const FIRST_RESULT_STANDS_SINCE: u16 = 3;

/// From this revision on, 第十二条二 as seed 001 words it: "应事先规定在时限内保留几分钟开始读秒" —
/// the reserved minutes are kept *within* the time limit, so a time control's `main_minutes` is
/// the whole limit and byo-yomi begins when the reserve is all that is left. Before it, the
/// reserve was added after `main_minutes` (`model::TimeControl::read_under`).
pub const RESERVE_WITHIN_LIMIT_SINCE: u16 = 4;

/// From this revision on, the undo window (game::undo) is measured between the moments the
/// incident and its undo were made; before it, between their stamps (their arrivals).
pub const UNDO_FROM_MADE_SINCE: u16 = 5;

/// From this revision of the `player_withdrew` event on, 第二十九条三 as seed 001 words it:
/// "已赛部分积分有效。未赛部分应为A(即:积分/已赛局数)*未赛局数" with "以后各轮比赛,不再编排" — the
/// unplayed part is the rounds after the withdrawal, A the points of the games played over
/// their number (a bye is no game: its points stand in the played part, outside A). Before it,
/// A was multiplied by every round up to the standings' round without a game, so a bye before
/// the withdrawal was credited twice (`tournament::standings::art29_withdrawal`).
pub const UNPLAYED_AFTER_WITHDRAWAL_SINCE: u16 = 6;

/// From this revision of a warning's incident on, KBA 競技の規則 第一条 as seed 004 words it:
/// "1次：警告（イエローカード） 2次：反則負け" for a phone's ring (1.1) and for a noise (1.2), each
/// on its own — a kind with its own sentence counts only with warnings of its kind, and the
/// warnings of the rows the profile borrows count together under 第二十五条二
/// (`Ruleset::counts_with`). Before it, every warning in the game counted with every other.
pub const WARNINGS_BY_KIND_SINCE: u16 = 7;

/// From this revision of a `moved_stones` incident on, KBA 付則第一条3 as seed 004 words it:
/// "元々着手されていたところに戻しておくことを原則とする。戻せなかった場合そのまま対局を続けることも
/// できるが、合意がなされなければ両負けである" — only stones that cannot be put back (`restorable`)
/// are played on by agreement, or lose for both. Before it, agreement alone decided.
pub const MOVED_STONES_PUT_BACK_SINCE: u16 = 7;

/// From this revision of a `rare_cycle` incident on, KBA 囲碁規則 第十二条3 as seed 004 words it:
/// "眼あり眼なしの三劫のように反復するような形は権利の強い方から引き分け、またはセキを選択出来る" —
/// a repeating shape met at the end, once both sides gave up the right to move (`at_end`), is a
/// draw or seki as the side with the stronger right chooses; during play it stays 第十六条's
/// 無勝負. Before it, 第十六条 ruled every repetition.
pub const TRIPLE_KO_CHOICE_SINCE: u16 = 8;

/// From this revision of an incident on, KBA 付則第三条1 "相手が反則をしたときには即座に異議を唱えなければ
/// ならない。対局が進行された後では黙認したこととみなす" reaches every foul the KBA's texts punish on
/// the opponent's claim: besides the four kinds of [`OBJECTION_REQUIRED_SINCE`], the clock pressed
/// without a move (競技第二条3), stopped while filling dame (付則第一条4) and captured stones left
/// on the board (付則第一条6). Before it those three were ruled on without the `objection` fact.
pub const OBJECTION_REACH_SINCE: u16 = 9;

/// KBA 付則第三条1 "相手が反則をしたときには即座に異議を唱えなければならない。対局が進行された後では黙認した
/// こととみなす": the kinds of foul ruled on only on a claim raised at once, each with the rules
/// revision from which the claim must say when it was raised (`objection`).
pub(crate) fn objection_since(kind: IncidentType) -> Option<u16> {
    use IncidentType::*;
    match kind {
        DoubleMove | ForbiddenPoint | KoRecapture | WrongfulRemoval => Some(OBJECTION_REQUIRED_SINCE),
        ClockPressedWithoutMove | ClockStoppedFillingDame | CaptureLeftOnBoard => Some(OBJECTION_REACH_SINCE),
        _ => None,
    }
}

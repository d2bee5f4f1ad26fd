//! Korean Baduk Association rules (seed 004): the rows it states, then the Chinese Chapter 3
//! rows for what seed 004 is silent on (lateness, byo-yomi absences, discipline, …), each still
//! citing its own article so the record shows which text applied.

use crate::model::Role::Referee;
use crate::rules::chinese;
use crate::rules::penalty::{row, Condition::*, PenaltyEntry, PenaltyTable};
use crate::rules::Article::*;
use crate::rules::IncidentType::*;
use crate::rules::Ruling::*;

const KBA: &[PenaltyEntry] = &[
    // 付則 第一条1: breaking 第五・七・八条 (alternation, forbidden point, ko) loses at once —
    // when the opponent objects at once (付則 第三条1); once play has gone on, it stands.
    row(DoubleMove, OffenderLoses, KrA1_1, Referee, ObjectedAtOnce),
    row(ForbiddenPoint, OffenderLoses, KrA1_1, Referee, ObjectedAtOnce),
    row(KoRecapture, OffenderLoses, KrA1_1, Referee, ObjectedAtOnce),
    // 付則 第一条2: taking up stones that are not captured loses (the same objection rule).
    row(WrongfulRemoval, OffenderLoses, KrA1_2, Referee, ObjectedAtOnce),
    row(DoubleMove, NoPenalty, KrA3_1, Referee, PlayWentOn),
    row(ForbiddenPoint, NoPenalty, KrA3_1, Referee, PlayWentOn),
    row(KoRecapture, NoPenalty, KrA3_1, Referee, PlayWentOn),
    row(WrongfulRemoval, NoPenalty, KrA3_1, Referee, PlayWentOn),
    // 付則 第一条3 "元々着手されていたところに戻しておくことを原則とする。戻せなかった場合そのまま
    // 対局を続けることもできるが、合意がなされなければ両負けである": put back; only stones that
    // cannot be put back are played on as they are by agreement, or without it both lose.
    row(MovedStones, Restore, KrA1_3, Referee, Restorable),
    row(MovedStones, Accept, KrA1_3, Referee, NotRestorableAgreed),
    row(MovedStones, BothLose, KrA1_3, Referee, NotRestorableNotAgreed),
    // 付則 第一条4 "駄目を詰める際、対局時計を止めても反則である" and 第一条5 "付則第二条の罰則規定一項を
    // 二回行った場合" (付則第二条1: the clock is not stopped while dame are filled): both have
    // effect only if the first stop is a foul — a yellow card — and the second loses
    // (Ruleset::second_warning, rules revision 7). Before it the first stop lost under 1.4.
    row(ClockStoppedFillingDame, Warning, KrA1_4, Referee, CountedByKind),
    row(ClockStoppedFillingDame, OffenderLoses, KrA1_4, Referee, BeforeCountedByKind),
    // 付則 第一条6.
    row(CaptureLeftOnBoard, OffenderLoses, KrA1_6, Referee, Always),
    // 競技の規則 第一条1 1): a ring is a yellow card; a call in the hall loses. The second ring
    // loses under 1.1 2) (Ruleset::second_warning).
    row(PhoneRang, Warning, KrC1_1_1, Referee, RingOnly),
    row(PhoneRang, OffenderLoses, KrC1_1_1, Referee, CallInHall),
    // 競技の規則 第一条2 1): the first noise is a yellow card; the second loses under 1.2 2).
    row(Noise, Warning, KrC1_2_1, Referee, Always),
    // 競技の規則 第二条3: pressing the clock without a move loses.
    row(ClockPressedWithoutMove, OffenderLoses, KrC2_3, Referee, Always),
    // 付則 第三条1 reaches these three as well (rules revision 9): raised once play went on, the
    // foul stands accepted. Raised at once, each row above applies (`penalty::check`).
    row(ClockPressedWithoutMove, NoPenalty, KrA3_1, Referee, PlayWentOn),
    row(ClockStoppedFillingDame, NoPenalty, KrA3_1, Referee, PlayWentOn),
    row(CaptureLeftOnBoard, NoPenalty, KrA3_1, Referee, PlayWentOn),
    // 囲碁規則 第十二条3 "眼あり眼なしの三劫のように反復するような形は権利の強い方から引き分け、または
    // セキを選択出来る": met at the end, once both sides gave up the right to move, the side with
    // the stronger right chooses a draw or seki (rules revision 8). The seed does not say how the
    // stronger right is found; the referee records the choice as that side made it.
    row(RareCycle, Draw, Kr12_3, Referee, AtEnd),
    row(RareCycle, TreatedAsSeki, Kr12_3, Referee, AtEnd),
    // 囲碁規則 第十六条 "対局途中で同一局面の反復状態が生じた場合…無勝負": during play, no result,
    // replayed the same day.
    row(RareCycle, NoResult, Kr16, Referee, DuringPlay),
];

/// The Korean table: KBA rows first, Chinese Chapter 3 rows where seed 004 says nothing.
pub static TABLE: PenaltyTable = PenaltyTable {
    sections: &[
        KBA,
        chinese::LIFTED_AND_SCATTERED,
        chinese::REPETITION_AT_END,
        chinese::GAME_END,
        chinese::SEALED_MOVE,
        chinese::TIMING,
        chinese::DISCIPLINE,
        chinese::OTHER,
    ],
};

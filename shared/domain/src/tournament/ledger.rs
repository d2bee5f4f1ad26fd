//! From the referee's ledger to the standings: each game's summary (of its folded state) gives
//! its score (the rules core decides it: penalty results included) and each side's warnings,
//! which 第二十八条 B counts over the whole event.

use crate::game::GameSummary;
use crate::model::{Colour, Player};
use crate::rules::{Outcome, ResultReason};

use super::field::{Entrant, Field, FieldGame, GameScore};
use super::view::TournamentView;

/// The score the standings count for a game: pending until it has a result; a replay
/// ordered (重下) or no result (無勝負) counts for nobody until the replay is played.
pub fn score(game: &GameSummary) -> (GameScore, bool) {
    let Some(r) = game.result else { return (GameScore::Pending, false) };
    let by_default = r.reason == ResultReason::Forfeit;
    let s = match r.outcome {
        Outcome::Win { winner: Colour::Black, .. } => GameScore::BlackWins,
        Outcome::Win { winner: Colour::White, .. } => GameScore::WhiteWins,
        Outcome::Draw => GameScore::Draw,
        Outcome::BothLose => GameScore::BothLose,
        Outcome::ReplayOrdered | Outcome::NoResult => GameScore::Pending,
    };
    (s, by_default)
}

fn entrant(p: &Player) -> Entrant {
    Entrant {
        team: p.team.clone(),
        board: p.board,
        // Within OpenGotha's range (`PLA_SMMS_CORR_MIN`/`_MAX`), which its score groups span: a
        // record from elsewhere saying more cannot leave a player in no group.
        mcmahon_correction: p.opengotha.as_ref().map_or(0, |r| r.smms_correction.clamp(-1, 2)),
        preliminary: p.opengotha.as_ref().is_some_and(|r| r.preliminary),
        ..Entrant::new(p.id.clone(), p.name.clone(), p.rank)
    }
}

/// The field of a tournament as its ledger stands: entrants, every scheduled game with the
/// score its fold gives, and every player's warnings over all games (第二十八条 B).
pub fn field(view: &TournamentView) -> Field {
    let mut f = Field { entrants: view.players.iter().map(entrant).collect(), bye_points: 2, ..Field::default() };
    for e in &mut f.entrants {
        e.withdrawn_after = view.withdrawals.get(&e.id).copied();
        if let Some(&rules) = view.withdrawal_rules.get(&e.id) {
            e.withdrawn_under = rules;
        }
        e.absent = view.absences.get(&e.id).cloned().unwrap_or_default();
    }
    f.byes = view.byes.iter().flat_map(|(r, ps)| ps.iter().map(|p| (*r, p.clone()))).collect();
    for game in &view.games {
        let Some(g) = &game.schedule else { continue };
        let (score, by_default) = score(game);
        f.games.push(FieldGame {
            round: g.round,
            table: g.table,
            black: g.black.clone(),
            white: g.white.clone(),
            handicap: g.handicap,
            score,
            by_default,
        });
        for c in Colour::BOTH {
            let n = *game.warnings.get(c) as u32;
            if n > 0 {
                *f.warnings.entry(g.player(c).clone()).or_default() += n;
            }
        }
    }
    let played = f.games.iter().map(|g| g.round).chain(f.byes.iter().map(|(r, _)| *r)).max().unwrap_or(0);
    let settings = view.tournament.as_ref().map(|t| &t.settings);
    f.rounds = settings.and_then(|s| s.rounds).unwrap_or(0).max(played);
    // 第二十七条一/二: in a round robin or a knockout a bye is sitting out, not a win.
    use super::{System, TeamPairing};
    if matches!(
        settings.and_then(|s| s.system.clone()),
        Some(
            System::RoundRobin { .. }
                | System::Knockout { .. }
                | System::Leitai
                | System::Team { pairing: TeamPairing::RoundRobin | TeamPairing::DoubleRoundRobin, .. }
        )
    ) {
        f.bye_points = 0;
    }
    f.games.sort_by_key(|g| (g.round, g.table));
    f
}

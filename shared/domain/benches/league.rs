//! A league's season: 16 teams of 8 boards, a team round robin of 15 rounds (960
//! board games, 第二十六条二), every result in — the season standings (第二十八条二: match
//! points, game points, then board by board) and every player's discipline record, against
//! folding the season's ledger in the same run.
//!
//! `cargo bench -p arbiter-domain --bench league` (see docs/PERFORMANCE.md). Goal: standings
//! < 50 ms.

#![allow(clippy::disallowed_methods, clippy::disallowed_types)] // a benchmark reads the clock: outside the pure library (clippy.toml)

mod common;
use common::{median, ms, Log};

use arbiter_domain::event::EventBody;
use arbiter_domain::model::*;
use arbiter_domain::rules::{Incident, Outcome, Ruling};
use arbiter_domain::tournament::{replay, replay_states, run, SwissReading, System, TeamPairing, TournamentView};

const TEAMS: usize = 16;
const BOARDS: u8 = 8;

fn season() -> Log {
    let rounds = (TEAMS - 1) as u16;
    let system = System::Team { boards: BOARDS, pairing: TeamPairing::RoundRobin, reading: SwissReading::TieBreak };
    let mut log = Log::created("围甲", system, rounds);
    for team in 0..TEAMS {
        for board in 0..usize::from(BOARDS) {
            let p = Player {
                id: PlayerId::new(format!("t{team:02}b{board}")).unwrap(),
                name: format!("Team {team} board {}", board + 1),
                rank: Rank::Dan(9 - board as u8),
                club: None,
                team: Some(format!("team-{team:02}")),
                board: Some(board as u8 + 1),
                opengotha: None,
            };
            log.push(None, Role::Organiser, EventBody::PlayerRegistered(p));
        }
    }
    log.play(rounds, |log, round, game, g| {
        let h = g
            .black
            .as_str()
            .bytes()
            .chain(g.white.as_str().bytes())
            .fold(u32::from(round), |a, b| a * 31 + u32::from(b));
        let outcome = if h % 3 == 0 { Outcome::win(Colour::White) } else { Outcome::win(Colour::Black) };
        // A warning now and then: what the discipline record reads.
        if log.events.len() % 17 == 0 {
            let warning = EventBody::IncidentRecorded {
                incident: Incident::Disturbing { offender: Colour::Black },
                ruling: Some(Ruling::Warning),
                note: None,
            };
            log.push(game.clone(), Role::Referee, warning);
        }
        log.push(game, Role::Referee, EventBody::ResultEntered { outcome, note: None, forfeit: false });
    });
    log
}

fn main() {
    let log = season();
    let view: TournamentView = replay(&log.events).remove(0);
    let states = replay_states(&log.events);
    let games = view.games.len();
    let fold = median(5, || replay(&log.events));
    let standings = median(9, || run::standings(&view, None).unwrap());
    let records = median(9, || arbiter_domain::league::records(&states));
    // What is timed is the whole table: every team placed, by the article's criteria.
    let table = serde_json::to_value(run::standings(&view, None).unwrap()).unwrap();
    assert_eq!(table["criteria"][0], "match_points", "{table}");
    println!(
        "season: {TEAMS} teams × {BOARDS} boards, {} rounds, {games} board games, {} events (medians)",
        TEAMS - 1,
        log.events.len()
    );
    println!(
        "  fold {:7.2} ms (baseline) | season standings {:6.2} ms ({:.2}×; goal < 50 ms) | every player's discipline record {:6.2} ms ({:.2}×)",
        ms(fold),
        ms(standings),
        ms(standings) / ms(fold),
        ms(records),
        ms(records) / ms(fold)
    );
}

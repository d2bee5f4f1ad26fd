//! A 1,000-player, 9-round event, Swiss and McMahon: pairing round 9, full standings, and
//! OpenGotha import of the event — each against baselines measured in the same run: folding
//! the event's ledger (what every view of the event pays) and decoding its JSON lines.
//!
//! `cargo bench -p arbiter-domain --bench tournament` (see docs/PERFORMANCE.md).

#![allow(clippy::disallowed_methods, clippy::disallowed_types)] // a benchmark reads the clock: outside the pure library (clippy.toml)

use std::time::Instant;

mod common;
use common::{median, ms, Log};

use arbiter_domain::event::{wire, EventBody};
use arbiter_domain::interop::opengotha;
use arbiter_domain::model::*;
use arbiter_domain::rules::{Outcome, RulesetSpec};
use arbiter_domain::tournament::{ledger, replay, run, SwissReading, System, TournamentView};

const PLAYERS: usize = 1000;
const ROUNDS: u16 = 9;

/// The event after `rounds` rounds, paired by the system, results by rank with some upsets.
fn event(system: System, rounds: u16) -> Log {
    let mut log = Log::created("bench", system, ROUNDS);
    for i in 0..PLAYERS {
        let rank = Rank::from_value(8 - (i as i32 * 38 / PLAYERS as i32));
        let p = Player {
            id: PlayerId::new(format!("p{i:04}")).unwrap(),
            name: format!("Player {i}"),
            rank,
            club: Some(format!("c{}", i % 40)),
            team: None,
            board: None,
            opengotha: None,
        };
        log.push(None, Role::Organiser, EventBody::PlayerRegistered(p));
    }
    log.play(rounds, |log, round, game, g| {
        let n = |p: &PlayerId| p.as_str()[1..].parse::<usize>().unwrap();
        let (b, w) = (n(&g.black), n(&g.white));
        let upset = (b * 7 + w * 13 + round as usize) % 5 == 0;
        let outcome = if (b * 31 + w) % 97 == 0 {
            Outcome::Draw
        } else if (b < w) != upset {
            Outcome::win(Colour::Black)
        } else {
            Outcome::win(Colour::White)
        };
        log.push(game, Role::Referee, EventBody::ResultEntered { outcome, note: None, forfeit: false });
    });
    log
}

fn main() {
    println!("{PLAYERS} players, {ROUNDS} rounds (medians)");
    for (label, system) in [
        ("Swiss", System::Swiss { reading: SwissReading::TieBreak }),
        (
            "McMahon",
            System::McMahon {
                bar: Rank::Dan(3),
                floor: Rank::Kyu(20),
                pairing: None,
                handicap: None,
                scoring: None,
                criteria: None,
            },
        ),
    ] {
        let built = Instant::now();
        let log = event(system.clone(), ROUNDS - 1);
        let build_secs = built.elapsed().as_secs_f64();
        let view: TournamentView = replay(&log.events).remove(0);
        let fold = median(5, || replay(&log.events));
        let field = median(7, || ledger::field(&view));
        let pair = median(5, || run::pair_round(&view, ROUNDS).unwrap());
        let (pairing, _) = run::pair_round(&view, ROUNDS).unwrap();
        let standings = median(7, || run::standings(&view, None).unwrap());
        println!(
            "{label:8} ledger {} events (built in {build_secs:.1} s) | fold {:8.2} ms (baseline) | field {:6.2} ms ({:.2}×) | pair round {ROUNDS} {:8.2} ms ({:.2}×, {} boards, {} rematches) | standings {:6.2} ms ({:.2}×)",
            log.events.len(),
            ms(fold),
            ms(field),
            ms(field) / ms(fold),
            ms(pair),
            ms(pair) / ms(fold),
            pairing.boards.len(),
            pairing.rematches,
            ms(standings),
            ms(standings) / ms(fold),
        );
        // OpenGotha: the event as its XML, read back; baseline: decoding the same event's JSON lines.
        let full = event(system, ROUNDS);
        let full_view = replay(&full.events).remove(0);
        let xml = opengotha::write(&opengotha::from_view(&full_view));
        let jsonl: String = full.events.iter().map(|e| wire::encode(e) + "\n").collect();
        let decode = median(5, || wire::decode_jsonl(&jsonl));
        let import = median(5, || opengotha::parse(&xml).unwrap());
        let to_events = median(5, || {
            let og = opengotha::parse(&xml).unwrap();
            opengotha::to_events(&og, &TournamentId::new("bench").unwrap(), RulesetSpec::default()).unwrap()
        });
        println!(
            "{label:8} OpenGotha file {} KiB: parse {:6.2} ms, to events {:6.2} ms | JSONL decode of the ledger {} KiB {:6.2} ms (baseline) | ratio {:.2}×",
            xml.len() / 1024,
            ms(import),
            ms(to_events),
            jsonl.len() / 1024,
            ms(decode),
            ms(to_events) / ms(decode),
        );
    }
}

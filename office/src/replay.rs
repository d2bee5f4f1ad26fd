//! `arbiter-office replay FILE.jsonl`: fold an event log and print each game's derived state.

use std::fmt::Write as _;

use arbiter_core::event::wire::{decode_jsonl, LineError};
use arbiter_core::game::{GameState, OpenKind, Status};
use arbiter_core::labels::Labelled;
use arbiter_core::model::{Colour, Player, PlayerId};
use arbiter_core::tournament::{replay_states, TournamentView};
use serde::Serialize;

/// The whole output of a replay: what the log derives to, and the lines that could not be read.
#[derive(Debug, Serialize)]
pub struct ReplayReport {
    /// Each tournament with every game whole.
    pub tournaments: Vec<TournamentView<GameState>>,
    pub malformed: Vec<LineError>,
}

/// Decodes and folds a JSONL log. Malformed lines are reported; the others still count.
pub fn run(text: &str) -> ReplayReport {
    let (events, malformed) = decode_jsonl(text);
    ReplayReport { tournaments: replay_states(&events), malformed }
}

/// Folds a store's events (`replay --data`, `--store`).
pub fn of_events(events: &[arbiter_core::event::Event]) -> ReplayReport {
    ReplayReport { tournaments: replay_states(events), malformed: Vec::new() }
}

/// Renders the report for people, in Chinese with English alongside.
pub fn render_text(report: &ReplayReport) -> String {
    let mut out = String::new();
    for t in &report.tournaments {
        let name = t.tournament.as_ref().map_or("(not yet created)", |t| t.name.as_str());
        let ruleset = t.tournament.as_ref().map(|t| t.ruleset.to_string()).unwrap_or_default();
        let _ = writeln!(out, "Tournament {} — {name} [{ruleset}]", t.id);
        for r in &t.rejected {
            let _ = writeln!(out, "  rejected {}: {} — {}", r.event, r.error.code, r.error.message);
        }
        for g in &t.games {
            render_game(&mut out, g, &t.players);
        }
    }
    if !report.malformed.is_empty() {
        let _ = writeln!(out, "Malformed lines (skipped):");
        for m in &report.malformed {
            let _ = writeln!(out, "  line {}: {} — {}", m.line, m.code, m.message);
        }
    }
    out
}

fn render_game(out: &mut String, g: &GameState, players: &[Player]) {
    let who = |id: &PlayerId| match players.iter().find(|p| &p.id == id) {
        Some(p) => format!("{} ({}, {})", p.name, p.id, p.rank.zh()),
        None => id.to_string(),
    };
    let _ = write!(out, "  Game {}", g.game);
    if let Some(s) = &g.schedule {
        let _ = write!(out, " (round {}, table {}: 黑 {} vs 白 {})", s.round, s.table, who(&s.black), who(&s.white));
    }
    let _ = writeln!(out, " [{}]", g.ruleset);
    let status = match g.status {
        Status::Scheduled => "scheduled 未开始".to_owned(),
        Status::Playing => "playing 对局中".to_owned(),
        Status::Paused => "paused 暂停".to_owned(),
        Status::Adjourned { sealer, .. } => format!("adjourned 封棋 (sealed by {sealer})"),
        Status::EndConfirmed => "end confirmed 已确认终局".to_owned(),
        Status::Finished => "finished 终局".to_owned(),
    };
    let _ = writeln!(out, "    status: {status}");
    match &g.result {
        Some(r) => {
            let margin = match r.outcome {
                arbiter_core::rules::Outcome::Win { margin: Some(m), .. } => format!(" {}", m.zh()),
                _ => String::new(),
            };
            let _ = writeln!(out, "    result: {}{margin} — {} — {}", r.outcome, r.reason, r.article.cite());
        }
        None => {
            let _ = writeln!(out, "    result: none yet");
        }
    }
    for c in &g.corrections {
        let to = c.outcome.map_or_else(|| "no result".to_owned(), |o| o.to_string());
        let who = c.person.as_ref().map_or_else(String::new, |p| format!(" {p}"));
        let _ = writeln!(
            out,
            "    corrected by{who} ({}): {} ({}) → {to} — {}: {}",
            c.by, c.replaced.outcome, c.replaced.reason, c.cause, c.why
        );
    }
    for c in Colour::BOTH {
        let s = g.sides.get(c);
        let _ = writeln!(
            out,
            "    {c}: warnings {} · advice {} · imposed passes {} · clock {:+}s{}",
            s.warnings.len(),
            s.advice.len(),
            s.imposed_passes.len(),
            s.clock_adjustment_secs,
            if s.reported_to_committee.is_empty() { "" } else { " · reported to the committee" },
        );
    }
    for i in &g.incidents {
        let label = i.incident.kind().label();
        let _ = write!(
            out,
            "    incident {} {} {} ({}) by {}",
            i.id,
            i.wall_time.format("%H:%MZ"),
            label.zh,
            label.en,
            i.author.person
        );
        match &i.effective {
            Some(e) => {
                let _ = write!(out, " → {} [{}]", e.ruling, e.article.cite());
            }
            None => out.push_str(" → no ruling"),
        }
        if i.disputed {
            out.push_str(" DISPUTED");
        }
        if i.after_result {
            out.push_str(" AFTER RESULT");
        }
        out.push('\n');
        for r in &i.rulings {
            let fate = match (&r.refused, r.superseded_by) {
                (Some(e), _) => format!(" refused: {}", e.message),
                (None, Some(by)) => format!(" superseded by {by}"),
                _ => String::new(),
            };
            let _ = writeln!(out, "      ruling {} by {} ({}){fate}", r.ruling, r.author.person, r.author.role);
        }
    }
    for o in &g.open {
        let kind = match o.kind {
            OpenKind::Escalation => "escalation",
            OpenKind::Dispute => "dispute",
            OpenKind::Appeal => "appeal",
            OpenKind::AwaitingRuling => "awaiting ruling",
            OpenKind::AfterResult => "after result",
        };
        let article = o.article.map(|a| format!(" [{}]", a.cite())).unwrap_or_default();
        let _ = writeln!(out, "    open: {kind} for {} — event {}{article}", o.for_role, o.event);
    }
    for r in &g.rejected {
        let _ = writeln!(out, "    rejected {}: {} — {}", r.event, r.error.code, r.error.message);
    }
}

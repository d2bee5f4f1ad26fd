//! A player's record across every event an association runs: one id per player, the
//! ranks they were entered at over time, and their discipline record — warnings (第二十五条),
//! advice, imposed passes, reports to the committee (第二十四条一), losses by a penalty, and
//! appeals with their outcome (第十六条四) — for the association's committee. Pure: it reads
//! the tournaments' folded games.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::event::AppealDecision;
use crate::game::GameState;
use crate::labels::Labelled;
use crate::model::{Colour, EventId, GameId, PlayerId, Rank, TournamentId};
use crate::rules::{Article, Outcome, ResultReason};
use crate::tournament::TournamentView;

/// One player of the registry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct RegistryEntry {
    pub player: PlayerId,
    /// The name in the latest event that entered them.
    pub name: String,
    /// Each event that entered them, oldest first, with the rank it entered them at.
    pub entries: Vec<Entered>,
    pub games: usize,
    pub warnings: usize,
    pub losses_by_penalty: usize,
    pub appeals: usize,
}

/// A player's entry in one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Entered {
    pub tournament: TournamentId,
    pub tournament_name: String,
    pub rank: Rank,
    /// When its first round started, if the event scheduled one.
    pub from: Option<DateTime<Utc>>,
}

/// What an entry of a discipline record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Mark {
    /// 警告, counting toward 第二十五条二.
    Warning,
    /// 劝告.
    Advice,
    /// 弃权一次 (第十九条, 第二十条一, 第二十二条).
    ImposedPass,
    /// 第二十四条一: reported to the organising committee.
    ReportedToCommittee,
    /// The game lost by a penalty (a second warning, a double move, …).
    LossByPenalty,
    /// An appeal the player lodged (第十六条四), with its decision if made.
    Appeal,
}

/// One entry of a player's discipline record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DisciplineEntry {
    pub tournament: TournamentId,
    pub game: GameId,
    pub round: Option<u16>,
    pub colour: Colour,
    pub mark: Mark,
    /// The incident, result or appeal it came from.
    pub event: EventId,
    pub article: Option<Article>,
    /// What happened, in Chinese and English (the incident, the reason, the decision).
    pub what: String,
    pub at: Option<DateTime<Utc>>,
}

/// A player's whole record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerRecord {
    pub entry: RegistryEntry,
    /// Oldest first.
    pub discipline: Vec<DisciplineEntry>,
}

/// Losses that are a penalty, not the play: what a discipline committee reads.
fn is_penalty(reason: ResultReason) -> bool {
    matches!(
        reason,
        ResultReason::SecondWarning
            | ResultReason::DoubleMove
            | ResultReason::DeliberateMovedStones
            | ResultReason::ScatteredBoard
            | ResultReason::Ruling
    )
}

fn both(l: crate::labels::Label) -> String {
    format!("{} ({})", l.zh, l.en)
}

/// The discipline entries of one game, each with the player it is about.
fn marks_of(t: &TournamentId, g: &GameState) -> Vec<(PlayerId, DisciplineEntry)> {
    let Some(schedule) = &g.schedule else { return Vec::new() };
    let mut out = Vec::new();
    let incident = |id: &EventId| g.incidents.iter().find(|i| i.id == *id);
    for colour in [Colour::Black, Colour::White] {
        let player = schedule.player(colour).clone();
        let side = g.sides.get(colour);
        let entry = |mark: Mark, event: EventId, article: Option<Article>, what: String, at| DisciplineEntry {
            tournament: t.clone(),
            game: g.game.clone(),
            round: Some(schedule.round),
            colour,
            mark,
            event,
            article,
            what,
            at,
        };
        for (mark, ids) in [
            (Mark::Warning, &side.warnings),
            (Mark::Advice, &side.advice),
            (Mark::ImposedPass, &side.imposed_passes),
            (Mark::ReportedToCommittee, &side.reported_to_committee),
        ] {
            for id in ids {
                let i = incident(id);
                let what = i.map_or_else(String::new, |i| both(i.incident.kind().label()));
                let article = i.and_then(|i| i.effective.as_ref().map(|e| e.article).or(i.article));
                out.push((player.clone(), entry(mark, *id, article, what, i.map(|i| i.wall_time))));
            }
        }
        if let Some(r) = &g.result {
            let lost = matches!(r.outcome, Outcome::Win { winner, .. } if winner != colour);
            if lost && is_penalty(r.reason) {
                let at = g.incidents.iter().find(|i| i.id == r.event).map(|i| i.wall_time);
                out.push((
                    player.clone(),
                    entry(Mark::LossByPenalty, r.event, Some(r.article), both(r.reason.label()), at),
                ));
            }
        }
        for a in g.appeals.iter().filter(|a| a.by == colour) {
            let decision = match &a.decision {
                None => "待决 (pending)".to_owned(),
                Some((_, AppealDecision::Upheld)) => "维持原判 (upheld)".to_owned(),
                Some((_, AppealDecision::Overturned { ruling })) => {
                    format!("改判 (overturned): {}", both(ruling.label()))
                }
                Some((_, AppealDecision::Annulled)) => "撤销 (annulled)".to_owned(),
            };
            let at = incident(&a.incident).map(|i| i.wall_time);
            out.push((player.clone(), entry(Mark::Appeal, a.id, Some(Article::Art16_4), decision, at)));
        }
    }
    out
}

/// Every player of `events` (each tournament's set-up with its games' whole states), by id,
/// with their record. Tournaments are read oldest first (by their first round).
pub fn records(events: &[TournamentView<GameState>]) -> BTreeMap<PlayerId, PlayerRecord> {
    let mut order: Vec<&TournamentView<GameState>> = events.iter().collect();
    order.sort_by_key(|t| (t.rounds.values().min().copied(), t.id.clone()));
    let mut out: BTreeMap<PlayerId, PlayerRecord> = BTreeMap::new();
    for t in order {
        let from = t.rounds.values().min().copied();
        let name = t.tournament.as_ref().map_or_else(|| t.id.to_string(), |x| x.name.clone());
        for p in &t.players {
            let r = out.entry(p.id.clone()).or_insert_with(|| PlayerRecord {
                entry: RegistryEntry {
                    player: p.id.clone(),
                    name: p.name.clone(),
                    entries: Vec::new(),
                    games: 0,
                    warnings: 0,
                    losses_by_penalty: 0,
                    appeals: 0,
                },
                discipline: Vec::new(),
            });
            r.entry.name = p.name.clone();
            r.entry.entries.push(Entered {
                tournament: t.id.clone(),
                tournament_name: name.clone(),
                rank: p.rank,
                from,
            });
        }
        for g in &t.games {
            if let Some(s) = &g.schedule {
                for p in [&s.black, &s.white] {
                    if let Some(r) = out.get_mut(p) {
                        r.entry.games += 1;
                    }
                }
            }
            for (player, mark) in marks_of(&t.id, g) {
                let Some(r) = out.get_mut(&player) else { continue };
                match mark.mark {
                    Mark::Warning => r.entry.warnings += 1,
                    Mark::LossByPenalty => r.entry.losses_by_penalty += 1,
                    Mark::Appeal => r.entry.appeals += 1,
                    _ => {}
                }
                r.discipline.push(mark);
            }
        }
    }
    for r in out.values_mut() {
        r.discipline.sort_by_key(|d| d.at);
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// Every discipline entry of every player as CSV (UTF-8, a header line), for the committee.
pub fn csv(records: &BTreeMap<PlayerId, PlayerRecord>) -> String {
    let mut out = String::from("player,name,tournament,game,round,colour,mark,article,what,at,event\n");
    for r in records.values() {
        for d in &r.discipline {
            let fields = [
                r.entry.player.to_string(),
                r.entry.name.clone(),
                d.tournament.to_string(),
                d.game.to_string(),
                d.round.map(|x| x.to_string()).unwrap_or_default(),
                format!("{:?}", d.colour).to_lowercase(),
                serde_json::to_value(d.mark).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default(),
                d.article.map(|a| a.label().zh.to_owned()).unwrap_or_default(),
                d.what.clone(),
                d.at.map(|t| t.to_rfc3339()).unwrap_or_default(),
                d.event.to_string(),
            ];
            let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            out.push_str(&line.join(","));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_with_commas_quotes_or_newlines_are_quoted() {
        assert_eq!(csv_field("妨碍他人思考 (disturbing others)"), "妨碍他人思考 (disturbing others)");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("说\"出声\""), "\"说\"\"出声\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
    }
}

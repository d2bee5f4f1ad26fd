//! `arbiter-office count FILE.sgf`: a game record replayed with every check, the dead stones
//! taken off (as the referee marks them, or as the record's own territory marks show), and the
//! final position counted by the ruleset's method: 第九条 area counting against half the board
//! with komi in 子, KBA territory + prisoners with komi in points (seki eyes count for nobody),
//! or Ing's points against 8 komi. An illegal move is refused with its number and article.

use arbiter_core::board::counting_board::komi_units;
use arbiter_core::board::{count_final, Coord, Method, Side};
use arbiter_core::interop::sgf;
use arbiter_core::model::Colour;
use arbiter_core::rules::{Margin, Outcome};
use serde::Serialize;

use crate::error::OfficeError;
use arbiter_core::DomainError;

/// The rules a record is counted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CountRules {
    /// 第九条 数子法, komi 2, 2.75 or 3.75 子 (default 3.75).
    #[value(name = "chinese_1988")]
    Chinese1988,
    /// KBA territory + prisoners, komi in points (default 6.5).
    Korean,
    /// Ing fill-in counting (seed 003), komi in points (default 8).
    Ing,
}

impl CountRules {
    fn method(self) -> Method {
        match self {
            CountRules::Chinese1988 => Method::Area,
            CountRules::Korean => Method::Territory,
            CountRules::Ing => Method::Ing,
        }
    }

    /// Komi as given or the rules' default, and in the method's unit of decision.
    fn komi(self, komi: Option<f64>) -> Result<(f64, u32), OfficeError> {
        let k = komi.unwrap_or(match self {
            CountRules::Chinese1988 => 3.75,
            CountRules::Korean => 6.5,
            CountRules::Ing => 8.0,
        });
        let units = komi_units(self.method(), k)
            .map_err(|e| DomainError::OutOfRange { what: "komi", message: format!("--komi: {e}") })?;
        Ok((k, units))
    }
}

/// What the referee reads.
#[derive(Debug, Clone, Serialize)]
pub struct CountReport {
    pub method: Method,
    /// In 子 for area counting, in points otherwise.
    pub komi: f64,
    /// Each side's count before komi: 子 (area), territory + prisoners (territory), or points
    /// (Ing).
    pub black: f64,
    pub white: f64,
    pub black_detail: Side,
    pub white_detail: Side,
    pub shared_points: u32,
    pub seki_eyes: u32,
    /// The stones taken off as dead, as on a score sheet.
    pub dead: Vec<String>,
    pub result: Outcome,
    /// The winning margin in points (1 子 = 2 points), whatever the method counts in.
    pub margin_points: Option<f64>,
    /// The moves the record holds (all of them legal).
    pub moves: usize,
}

/// Counts the record `text` with `dead` stones taken off (none given: the record's own
/// territory marks, if it has them), by `rules` with `komi`.
pub fn count(text: &str, dead: &[String], rules: CountRules, komi: Option<f64>) -> Result<CountReport, OfficeError> {
    let (komi, komi_units) = rules.komi(komi)?;
    let game = sgf::parse(text)?;
    let record = sgf::replay(&game).map_err(|(n, e)| {
        let article = e.article().map(|a| format!(" ({})", a.number().zh)).unwrap_or_default();
        OfficeError::IllegalMove(format!("move {n}: {e}{article}"))
    })?;
    let mut dead_points: Vec<Coord> = Vec::new();
    for d in dead.iter().flat_map(|d| d.split(',')).filter(|d| !d.trim().is_empty()) {
        let p = Coord::parse(d, game.size).ok_or_else(|| DomainError::InvalidField {
            field: "--dead".into(),
            message: format!("`{}` is not a point of a {1}×{1} board (e.g. D4)", d.trim(), game.size),
        })?;
        dead_points.push(p);
    }
    if dead.is_empty() {
        dead_points = game.marked_dead(record.position());
    }
    let captured = [record.prisoners(Colour::Black), record.prisoners(Colour::White)];
    let t = count_final(record.position(), &dead_points, rules.method(), captured)
        .map_err(|e| DomainError::InvalidField { field: "--dead".into(), message: e.to_string() })?;
    Ok(CountReport {
        method: t.method,
        komi,
        black: f64::from(t.black.total_halves) / 2.0,
        white: f64::from(t.white.total_halves) / 2.0,
        black_detail: t.black,
        white_detail: t.white,
        shared_points: t.shared,
        seki_eyes: t.seki_eyes,
        dead: dead_points.iter().map(|c| c.label(game.size)).collect(),
        margin_points: match t.outcome(komi_units) {
            // Quarter-子 and half-points are the same unit (1 子 = 2 points).
            Outcome::Win { margin: Some(Margin::Stones(q) | Margin::Points(q)), .. } => Some(f64::from(q) / 2.0),
            _ => None,
        },
        result: t.outcome(komi_units),
        moves: record.moves(),
    })
}

/// One line for the referee, with the article the count follows.
pub fn render_text(r: &CountReport) -> String {
    use arbiter_core::labels::Labelled;
    let margin = match r.result {
        Outcome::Win { margin: Some(m), .. } => m.zh(),
        _ => String::new(),
    };
    let result = format!("{}{margin}", r.result.label().zh);
    match r.method {
        Method::Area => format!(
            "黑 {} 子 · 白 {} 子 · 公共点 {} · 贴 {} 子 · {result}{}（第九条）",
            r.black,
            r.white,
            r.shared_points,
            r.komi,
            r.margin_points.map(|p| format!("（{p} 目）")).unwrap_or_default()
        ),
        Method::Territory => format!(
            "黑 {} 目（地 {} + 提子 {}）· 白 {} 目（地 {} + 提子 {}）· 贴 {} 目 · 双活眼位 {} · {result}（韩国规则第十三、十四条）",
            r.black,
            r.black_detail.territory,
            r.black_detail.prisoners,
            r.white,
            r.white_detail.territory,
            r.white_detail.prisoners,
            r.komi,
            r.seki_eyes
        ),
        Method::Ing => {
            format!("黑 {} 点 · 白 {} 点 · 贴 {} 点 · {result}（应氏计点制）", r.black, r.white, r.komi)
        }
    }
}

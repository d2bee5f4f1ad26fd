//! The EGD results file (`.h9`), as OpenGotha writes it: a header of `; XX[...]` lines, then
//! one fixed-width line per player — place (blank when shared), name, rank, country, club,
//! the placement criteria, then per round `opponent result / colour handicap` (e.g. `3+/w0`),
//! opponents numbered by their line.

use std::collections::HashMap;

use crate::model::{Colour, PlayerId};
use crate::tournament::field::{Field, GameScore};
use crate::tournament::frac::Frac;
use crate::tournament::standings::{Standing, Standings};

/// Who a line of an `.h9` is about, as the EGD matches players: surname and given name (the
/// EGD's order, surname first), country, club and, when known, the EGF PIN.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct H9Player {
    pub surname: String,
    pub given_name: String,
    /// ISO 3166 alpha-2 (the EGD's `UK` too); empty when not known.
    pub country: String,
    pub club: String,
    pub pin: Option<crate::model::Pin>,
}

impl H9Player {
    /// `Surname Given`, each part's own blanks written `_` so the EGD splits the two where the
    /// organiser did.
    pub fn egd_name(&self) -> String {
        let part = |s: &str| s.split_whitespace().collect::<Vec<_>>().join("_");
        let (s, g) = (part(&self.surname), part(&self.given_name));
        if g.is_empty() {
            s
        } else {
            format!("{s} {g}")
        }
    }
}

/// The time the EGD classes an event by (OpenGotha's `egfAdjustedTime`), in minutes: the main
/// time plus 45 moves of standard byo-yomi, 60 moves of Canadian, 120 of Fischer.
pub fn adjusted_minutes(tc: &crate::model::TimeControl) -> u32 {
    use crate::model::Overtime;
    let main = u32::from(tc.main_time_minutes()) * 60;
    let extra = match tc.overtime() {
        Overtime::ReservedMinutes { minutes } => 45 * 60 * u32::from(minutes.min(1)),
        Overtime::Periods { seconds, .. } => 45 * u32::from(seconds),
        Overtime::Canadian { moves, seconds } => 60 * seconds / u32::from(moves.max(1)),
        Overtime::Fischer { seconds } => 120 * u32::from(seconds),
    };
    (main + extra) / 60
}

/// The EGF class of an event played at a venue (OpenGotha's `egfClass`), by its main and
/// adjusted times: A, B, C, or X when it meets none.
pub fn egf_class(tc: &crate::model::TimeControl) -> &'static str {
    let (bt, at) = (u32::from(tc.main_time_minutes()), adjusted_minutes(tc));
    let fischer = matches!(tc.overtime(), crate::model::Overtime::Fischer { .. });
    let (a, b, c) = if fischer { (45, 30, 20) } else { (60, 40, 25) };
    if bt >= a && at >= 75 {
        "A"
    } else if bt >= b && at >= 50 {
        "B"
    } else if bt >= c && at >= 30 {
        "C"
    } else {
        "X"
    }
}

/// What a round without a game is worth, in half points, as OpenGotha writes it (`0+`, `0=`,
/// `0-`): its McMahon values in a McMahon event, else its NBW values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeRounds {
    pub absent: u8,
    pub bye: u8,
}

impl Default for FreeRounds {
    /// OpenGotha's own defaults: an absence nothing, a bye a win.
    fn default() -> Self {
        FreeRounds { absent: 0, bye: 2 }
    }
}

/// A round without a game: opponent 0, the result, and blanks where OpenGotha leaves colour,
/// type and handicap empty (so it prints `   0=   ` in its 8 columns).
fn free_cell(value: u8) -> &'static str {
    match value {
        2 => "0+   ",
        1 => "0=   ",
        _ => "0-   ",
    }
}

/// The EGD's words for the overtime (`CM[]`), as OpenGotha writes them.
pub fn overtime_words(tc: &crate::model::TimeControl) -> &'static str {
    use crate::model::Overtime;
    match tc.overtime() {
        Overtime::ReservedMinutes { minutes: 0 } => "Sudden death",
        Overtime::ReservedMinutes { .. } | Overtime::Periods { .. } => "Standard byo-yomi",
        Overtime::Canadian { .. } => "Canadian byo-yomi",
        Overtime::Fischer { .. } => "Fischer",
    }
}

/// The header fields of an `.h9` file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct H9Header {
    /// EGD tournament class (A, B, C or D).
    pub class: String,
    pub event: String,
    pub location: String,
    pub begin_date: String,
    pub end_date: String,
    pub komi: String,
    /// OpenGotha's handicap correction (`HA[h1]`), written when above 0.
    pub handicap_correction: i32,
    /// Basic time in minutes.
    pub time_minutes: u32,
    pub byo_yomi: String,
}

/// A value as OpenGotha prints it: the whole part then ½, ¼ or ¾.
pub fn og_value(v: Frac) -> String {
    let den = v.den();
    if den == 1 {
        return v.num().to_string();
    }
    let whole = v.num().div_euclid(den);
    let part = Frac::new(v.num().rem_euclid(den), den);
    let frac = if part == Frac::new(1, 2) {
        "½"
    } else if part == Frac::new(1, 4) {
        "¼"
    } else if part == Frac::new(3, 4) {
        "¾"
    } else {
        return v.to_decimal();
    };
    format!("{whole}{frac}")
}

pub(crate) fn fit(s: &str, width: usize, right: bool) -> String {
    let s: String = s.chars().take(width).collect();
    let pad = " ".repeat(width - s.chars().count());
    if right {
        pad + &s
    } else {
        s + &pad
    }
}

/// What `player` did in `round`, as OpenGotha writes it: `opponent result / colour handicap`
/// (`3+/w0`; `!` for a game decided by default), `0+` for the bye, `0-` for no game; opponents
/// numbered by `line_of`.
pub fn round_cell(
    field: &Field,
    line_of: &HashMap<&PlayerId, usize>,
    free: FreeRounds,
    player: &PlayerId,
    round: u16,
) -> String {
    let game = field.games.iter().find(|g| g.round == round && g.colour_of(player).is_some());
    match game {
        Some(g) => {
            let c = g.colour_of(player).unwrap_or(Colour::Black);
            let opp = g.opponent_of(player).and_then(|o| line_of.get(o)).copied().unwrap_or(0);
            let res = match (g.score, g.score.points(c)) {
                (GameScore::Pending, _) => "?",
                (_, Some(2)) => "+",
                (_, Some(1)) => "=",
                _ => "-",
            };
            let typ = if g.by_default { "!" } else { "/" };
            let col = if c == Colour::White { "w" } else { "b" };
            format!("{opp}{res}{typ}{col}{}", g.handicap)
        }
        None if field.byes.iter().any(|(r, p)| *r == round && p == player) => free_cell(free.bye).to_owned(),
        // Absent, or withdrawn before the round (第二十九条): OpenGotha's absence.
        None if field.entrants.iter().any(|e| {
            &e.id == player && (e.absent.contains(&round) || e.withdrawn_after.is_some_and(|w| round > w))
        }) =>
        {
            free_cell(free.absent).to_owned()
        }
        None => free_cell(0).to_owned(),
    }
}

/// Writes an `.h9` for `standings` (whose rows give the order) over `field`; `who` gives each
/// player's names, country, club and PIN (appended as ` |PIN`, as Pairgoth writes it).
pub fn write(
    h: &H9Header,
    standings: &Standings,
    field: &Field,
    free: FreeRounds,
    who: &dyn Fn(&PlayerId) -> H9Player,
) -> String {
    let mut out = format!(
        "; CL[{}]\n; EV[{}]\n; PC[,{}]\n; DT[{},{}]{}\n; KM[{}]\n; TM[{}]\n; CM[{}]\n; Generated by Weiqi Arbiter\n;\n; Pl Name                            Rk Co Club",
        h.class,
        h.event,
        h.location,
        h.begin_date,
        h.end_date,
        if h.handicap_correction > 0 { format!("\n; HA[h{}]", h.handicap_correction) } else { String::new() },
        h.komi,
        h.time_minutes,
        h.byo_yomi
    );
    for c in &standings.criteria {
        out += &fit(c.short_name(), 5, true);
    }
    let line_of = line_numbers(standings);
    for (place, row) in placed(standings) {
        let p = who(&row.player);
        let country = if p.country.trim().len() < 2 { "XX".to_owned() } else { p.country.clone() };
        let club = if p.club.trim().is_empty() { "xxxx".to_owned() } else { p.club.clone() };
        let name = if p.surname.is_empty() { row.name.clone() } else { p.egd_name() };
        let mut line = format!(
            "\n{} {} {} {} {}",
            fit(&place, 4, true),
            fit(&name, 30, false),
            fit(&row.rank.to_string().to_ascii_uppercase(), 3, true),
            fit(country.trim(), 2, true),
            fit(club.trim(), 4, true)
        );
        for v in row.values.iter().take(standings.criteria.len()) {
            line += &format!(" {}", fit(&og_value(*v), 4, true));
        }
        for _ in standings.criteria.len()..4 {
            line += " 0";
        }
        for round in 1..=standings.round {
            let cell = round_cell(field, &line_of, free, &row.player, round);
            line += &format!(" {}", fit(&cell, 8, true));
        }
        if let Some(pin) = &p.pin {
            line += &format!(" |{pin}");
        }
        out += &line;
    }
    out + "\n"
}

/// Each player's line in a results file, by which its round cells name opponents.
pub(super) fn line_numbers(standings: &Standings) -> HashMap<&PlayerId, usize> {
    standings.rows.iter().enumerate().map(|(i, r)| (&r.player, i + 1)).collect()
}

/// Each row with its place as results files write it: only where it changes from the row above.
pub(super) fn placed(standings: &Standings) -> impl Iterator<Item = (String, &Standing)> {
    let mut prev_place = 0;
    standings.rows.iter().map(move |row| {
        let place = if row.place == prev_place { String::new() } else { row.place.to_string() };
        prev_place = row.place;
        (place, row)
    })
}

/// What free rounds are worth in `og`, as OpenGotha writes them: by its McMahon values when
/// MMS ranks first, else by its NBW values.
pub fn free_rounds(og: &super::opengotha::OpenGotha) -> FreeRounds {
    let s = &og.mcmahon.scoring;
    let mcmahon = og.criteria.first().is_some_and(|c| c.name() == "MMS");
    let (absent, bye) = if mcmahon { (s.absent_mms2, s.bye_mms2) } else { (s.absent_nbw2, s.bye_nbw2) };
    FreeRounds { absent: absent.clamp(0, 2) as u8, bye: bye.clamp(0, 2) as u8 }
}

/// Each player of an OpenGotha view of the event as the EGD's and the FFG's files name them,
/// with the FFG licence when known.
pub fn players_of(og: &super::opengotha::OpenGotha) -> HashMap<PlayerId, (H9Player, Option<String>)> {
    og.field
        .entrants
        .iter()
        .zip(&og.players)
        .map(|(e, p)| {
            let who = H9Player {
                surname: p.name.clone(),
                // OpenGotha's placeholder for no first name is no name for the EGD.
                given_name: if p.first_name == super::players_csv::NO_FIRST_NAME {
                    String::new()
                } else {
                    p.first_name.clone()
                },
                country: p.country.clone(),
                club: p.club.clone(),
                pin: crate::model::Pin::new(&p.egf_pin).ok(),
            };
            (e.id.clone(), (who, Some(p.ffg_licence.clone()).filter(|l| !l.is_empty())))
        })
        .collect()
}

//! Rating lists an organiser loads from a file (no network at a venue), in the formats the
//! federations publish and OpenGotha reads:
//!
//! - the EGF's (`allworld_lp`): one player a line in fixed columns — PIN in columns 2–9, name
//!   (surname, blank, given name) from 12 to 48, country 50–51, club 54–57, grade 61–63, rating
//!   72–75 (columns counted from 1); other lines (headers) carry no PIN there;
//! - the FFG's (`ech_ffg_V3.txt`): a first line `#Echelle au <date>`, then one player a line —
//!   name 1–38, FFG rating 39–43 (its scale: OpenGotha's is 2050 more), licence status 45,
//!   licence 47–53, club 55–58, country 60–61.
//!
//! A line that looks like a player but cannot be read is a fault naming the line; a file with
//! no player line in the chosen format is refused as another format. Nothing here reads a file.

use crate::error::{Detail, DomainError, LineFault, Result};
use crate::model::{Country, OpenGothaRecord, Pin, Player, Rank};

/// Which federation's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum ListKind {
    Egf,
    Ffg,
}

/// One player of a rating list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Listed {
    pub surname: String,
    pub given_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub pin: Option<Pin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ffg_licence: Option<String>,
    pub rank: Rank,
    /// On OpenGotha's scale (2100 is 1d), whatever the list's own.
    pub rating: i32,
    pub club: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub country: Option<Country>,
}

/// A list as loaded: its kind, the date it says it was published (as written), its players.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct RatingList {
    pub kind: ListKind,
    pub date: String,
    pub players: Vec<Listed>,
}

/// OpenGotha's bounds on a rating.
const MIN_RATING: i32 = -900;
const MAX_RATING: i32 = 2949;

/// The rank for a rating on OpenGotha's scale (100 a rank, 2100 is 1d).
pub fn rank_of_rating(rating: i32) -> Rank {
    // Java's integer division truncates toward zero; OpenGotha's ratings are ≥ -900, so the
    // dividend is never negative.
    Rank::from_value((rating.clamp(MIN_RATING, MAX_RATING) + 950) / 100 - 30)
}

fn cols(chars: &[char], from: usize, to: usize) -> String {
    chars
        .get(from.min(chars.len())..to.min(chars.len()))
        .unwrap_or_default()
        .iter()
        .collect::<String>()
        .trim()
        .to_owned()
}

fn country(s: &str) -> std::result::Result<Option<Country>, Detail> {
    if s.trim().is_empty() {
        return Ok(None);
    }
    Country::new(s).map(Some).map_err(why)
}

/// A value's refusal (a PIN's, a country's) after the name of what it is.
fn why(e: DomainError) -> Detail {
    e.into_detail()
}

fn split(nf: &str) -> (String, String) {
    match nf.trim().split_once(' ') {
        Some((s, g)) => (s.trim().to_owned(), g.trim().to_owned()),
        None => (nf.trim().to_owned(), String::new()),
    }
}

fn egf_line(c: &[char]) -> std::result::Result<Listed, Vec<Detail>> {
    let mut errs = Vec::new();
    let pin = Pin::new(&cols(c, 1, 9)).map_err(|e| errs.push(why(e))).ok();
    let (surname, given_name) = split(&cols(c, 11, 48));
    if surname.is_empty() {
        errs.push(Detail::NoNameInColumns { from: 12, to: 48 });
    }
    let country = country(&cols(c, 49, 52)).map_err(|e| errs.push(e)).ok().flatten();
    let grade = cols(c, 60, 63);
    let rank = grade
        .to_lowercase()
        .parse::<Rank>()
        .map_err(|_| errs.push(Detail::GradeNotRank { grade: grade.clone(), from: 61, to: 63 }))
        .ok();
    let r = cols(c, 71, 75);
    let rating =
        r.parse::<i32>().map_err(|_| errs.push(Detail::RatingNotNumber { rating: r.clone(), from: 72, to: 75 })).ok();
    match (rank, rating, errs.is_empty()) {
        (Some(rank), Some(rating), true) => Ok(Listed {
            surname,
            given_name,
            pin,
            ffg_licence: None,
            rank,
            rating: rating.clamp(MIN_RATING, MAX_RATING),
            club: cols(c, 53, 57),
            country,
        }),
        _ => Err(errs),
    }
}

fn ffg_line(c: &[char]) -> std::result::Result<Listed, Vec<Detail>> {
    let mut errs = Vec::new();
    let (surname, given_name) = split(&cols(c, 0, 38));
    let r = cols(c, 38, 43);
    let rating =
        r.parse::<i32>().map_err(|_| errs.push(Detail::RatingNotNumber { rating: r.clone(), from: 39, to: 43 })).ok();
    let licence = cols(c, 46, 53);
    let country = country(&cols(c, 59, 61)).map_err(|e| errs.push(e)).ok().flatten();
    match (rating, errs.is_empty()) {
        (Some(raw), true) => {
            let rating = (raw + 2050).clamp(MIN_RATING, MAX_RATING);
            Ok(Listed {
                surname,
                given_name,
                pin: None,
                ffg_licence: Some(licence).filter(|l| !l.is_empty() && !l.starts_with('-')),
                rank: rank_of_rating(rating),
                rating,
                club: cols(c, 54, 58),
                country,
            })
        }
        _ => Err(errs),
    }
}

/// The most player lines a list may have.
pub const MAX_PLAYERS: usize = 1_000_000;
/// The most bad lines listed before the reading stops.
pub const MAX_FAULTS: usize = 100;
/// The longest line (the lists' lines are about 110 and 61 characters).
pub const MAX_LINE_BYTES: usize = 1024;

/// Reads a list of `kind`. Every bad player line is a fault ([`DomainError::BadLines`]); a file
/// with no player line of that format is refused naming its first line.
pub fn parse(kind: ListKind, text: &str) -> Result<RatingList> {
    let mut players = Vec::new();
    let mut faults = Vec::new();
    let mut date = String::new();
    let mut first_text_line = None;
    for (n, raw) in text.lines().enumerate() {
        let line_no = u32::try_from(n).unwrap_or(u32::MAX).saturating_add(1);
        let line = raw.trim_end_matches('\r').trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            continue;
        }
        // Bounds (docs/security.md): the EGF's whole list is under a tenth of this.
        if players.len() >= MAX_PLAYERS {
            return Err(DomainError::over_bound(
                "rating list",
                "player lines",
                line_no,
                players.len() + 1,
                (0, MAX_PLAYERS as i64),
            ));
        }
        if faults.len() >= MAX_FAULTS {
            faults.push(LineFault::new(line_no, Detail::TooManyFaults { max: MAX_FAULTS }));
            break;
        }
        if raw.len() > MAX_LINE_BYTES {
            return Err(DomainError::over_bound(
                "rating list",
                "line length",
                line_no,
                raw.len(),
                (0, MAX_LINE_BYTES as i64),
            ));
        }
        first_text_line.get_or_insert(line_no);
        let c: Vec<char> = line.chars().collect();
        let parsed = match kind {
            ListKind::Egf => {
                // A player line has a PIN's digits at columns 2–9; headers do not.
                if !(c.len() > 9 && c[0] == ' ' && c[1..9].iter().all(char::is_ascii_digit)) {
                    if date.is_empty() {
                        if let Some(i) = line.find('(') {
                            date = line[i + 1..].chars().take(11).collect::<String>().trim().to_owned();
                        }
                    }
                    continue;
                }
                egf_line(&c)
            }
            ListKind::Ffg => {
                if let Some(i) = line.find("Echelle au ") {
                    date = line[i + 11..].trim().to_owned();
                    continue;
                }
                if line.starts_with('#') || !c.first().is_some_and(|x| x.is_alphabetic()) {
                    continue;
                }
                if c.len() < 60 {
                    faults.push(LineFault::new(line_no, Detail::FfgLineLength { chars: c.len(), expected: 61 }));
                    continue;
                }
                ffg_line(&c)
            }
        };
        match parsed {
            Ok(p) => players.push(p),
            Err(details) => faults.extend(details.into_iter().map(|d| LineFault::new(line_no, d))),
        }
    }
    if players.is_empty() && faults.is_empty() {
        let what = match kind {
            ListKind::Egf => Detail::NoEgfLine,
            ListKind::Ffg => Detail::NoFfgLine,
        };
        faults.push(LineFault::new(first_text_line.unwrap_or(1), what));
    }
    if !faults.is_empty() {
        return Err(DomainError::BadLines { file: "rating list", lines: faults });
    }
    Ok(RatingList { kind, date, players })
}

fn fold(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect()
}

impl RatingList {
    /// Players whose PIN or FFG licence is `q`, or whose name holds every word of `q` (case
    /// and blanks ignored); at most `limit`, in the list's order.
    pub fn search(&self, q: &str, limit: usize) -> Vec<&Listed> {
        let q = q.trim();
        if q.is_empty() {
            return Vec::new();
        }
        let words: Vec<String> = q.split_whitespace().map(fold).collect();
        self.players
            .iter()
            .filter(|p| {
                p.pin.as_ref().is_some_and(|x| x.as_str() == q) || p.ffg_licence.as_deref() == Some(q) || {
                    let name = fold(&format!("{}{}", p.surname, p.given_name));
                    words.iter().all(|w| name.contains(w.as_str()))
                }
            })
            .take(limit)
            .collect()
    }

    /// The listed player a registered one is: by PIN, else licence, else OpenGotha's name key.
    pub fn find(&self, p: &Player) -> Option<&Listed> {
        let r = p.opengotha.as_ref();
        let pin = r.and_then(|r| r.egf_pin.as_ref());
        let licence = r.and_then(|r| r.ffg_licence.as_deref());
        let key = super::players_csv::player_key(p);
        self.players
            .iter()
            .find(|l| pin.is_some() && l.pin.as_ref() == pin)
            .or_else(|| self.players.iter().find(|l| licence.is_some() && l.ffg_licence.as_deref() == licence))
            .or_else(|| self.players.iter().find(|l| super::players_csv::name_key(&l.surname, &l.given_name) == key))
    }

    /// What a newer list changes of the registered players: each one found whose rank or
    /// rating differs, with the player as the list would register them.
    pub fn refresh(&self, players: &[Player]) -> Vec<Refreshed> {
        players
            .iter()
            .filter_map(|p| {
                let l = self.find(p)?;
                let before = p.opengotha.as_ref().map(|r| r.rating);
                let updated = l.apply_to(p);
                let after = updated.opengotha.as_ref().map(|r| r.rating);
                (updated.rank != p.rank || after != before).then(|| Refreshed {
                    player: updated.id.clone(),
                    name: p.name.clone(),
                    rank_before: p.rank,
                    rank_after: updated.rank,
                    rating_before: before,
                    rating_after: after.unwrap_or(l.rating),
                    updated,
                })
            })
            .collect()
    }
}

/// One registered player a newer list changes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Refreshed {
    pub player: crate::model::PlayerId,
    pub name: String,
    pub rank_before: Rank,
    pub rank_after: Rank,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rating_before: Option<i32>,
    pub rating_after: i32,
    /// The player's registration as it would be recorded.
    pub updated: Player,
}

impl Listed {
    /// `p` with what the list says: rank, rating, club, country, PIN or licence, the two names
    /// (what OpenGotha knew beyond the list is kept).
    pub fn apply_to(&self, p: &Player) -> Player {
        let old = p.opengotha.clone().unwrap_or_default();
        let name = if self.given_name.is_empty() {
            self.surname.clone()
        } else {
            format!("{} {}", self.surname, self.given_name)
        };
        Player {
            id: p.id.clone(),
            name,
            rank: self.rank,
            club: Some(self.club.clone()).filter(|c| !c.is_empty()).or_else(|| p.club.clone()),
            team: p.team.clone(),
            board: p.board,
            opengotha: Some(OpenGothaRecord {
                name: self.surname.clone(),
                first_name: self.given_name.clone(),
                rating: self.rating,
                country: self.country.map_or(old.country.clone(), |c| c.to_string()),
                egf_pin: self.pin.clone().or(old.egf_pin.clone()),
                ffg_licence: self.ffg_licence.clone().or(old.ffg_licence.clone()),
                ..old
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_map_to_ranks_as_opengotha_maps_them() {
        assert_eq!(rank_of_rating(2100), Rank::Dan(1));
        assert_eq!(rank_of_rating(2049), Rank::Kyu(1));
        assert_eq!(rank_of_rating(-900), Rank::Kyu(30));
        assert_eq!(rank_of_rating(2749), Rank::Dan(7));
        assert_eq!(rank_of_rating(2750), Rank::Dan(8));
    }
}

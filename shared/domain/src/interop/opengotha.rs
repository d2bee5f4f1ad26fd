//! OpenGotha's tournament file (XML, `dataVersion` 201): players, parameters, rounds, pairings,
//! byes and results, so an organiser can move an event in or out of OpenGotha mid-way.
//!
//! What is read: `Players/Player` (name, firstName, rank, rating, club, country,
//! participating, smmsCorrection), `Games/Game` (round, table, black, white, handicap, result),
//! `ByePlayers/ByePlayer`, `GeneralParameterSet` (name, dates, location, rounds, komi, McMahon
//! bar/floor/zero, absent and bye values) and `PlacementCriteria`. Teams and the other
//! parameter sets are kept by OpenGotha, not by this reader.

use std::collections::{BTreeSet, HashMap};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::error::{Detail, DomainError, LineFault, Number, Result, Seat};
use crate::model::{Overtime, PlayerId, Rank, TimeControl};
use crate::tournament::field::{Entrant, Field, FieldGame, GameScore};
use crate::tournament::pairing::opengotha::{
    DuddMode, HandicapParams, PairingParams, Person, RandomRule, SeedSystem, Settings as PairingSettings, TableOrder,
};
use crate::tournament::standings::mcmahon::{McMahonParams, Scoring};
use crate::tournament::standings::Criterion;

/// One OpenGotha player beyond what [`Entrant`] holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerExtra {
    /// OpenGotha's key: name + first name, blanks removed, upper case.
    pub key: String,
    pub name: String,
    pub first_name: String,
    pub club: String,
    pub country: String,
    pub rating: i32,
    /// Empty, or a PIN checked on reading.
    pub egf_pin: String,
    pub ffg_licence: String,
    /// The player's other attributes OpenGotha writes (`agaId`, `agaExpirationDate`,
    /// `ffgLicenceStatus`, `grade`, `ratingOrigin`), as read; empty ones left out.
    pub kept: std::collections::BTreeMap<String, String>,
}

/// The player attributes OpenGotha writes that this project keeps without reading.
const KEPT: [&str; 5] = ["agaExpirationDate", "agaId", "ffgLicenceStatus", "grade", "ratingOrigin"];

/// An OpenGotha tournament as this project reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenGotha {
    pub name: String,
    pub short_name: String,
    pub location: String,
    pub begin_date: String,
    pub end_date: String,
    pub komi: String,
    pub field: Field,
    /// Same order as `field.entrants`.
    pub players: Vec<PlayerExtra>,
    pub mcmahon: McMahonParams,
    /// The placement criteria, in order (NULL dropped).
    pub criteria: Vec<Criterion>,
    /// Criteria the file names that this project does not compute (e.g. STS, CPS).
    pub unsupported: Vec<String>,
    pub categories: u32,
    /// Basic time and OpenGotha's complementary time system (SUDDENDEATH, STDBYOYOMI,
    /// CANBYOYOMI, FISCHER), as a time control.
    pub time_control: Option<TimeControl>,
    /// `PairingParameterSet`, as OpenGotha's reader takes it (its defaults where missing).
    pub pairing: PairingParams,
    /// `HandicapParameterSet`.
    pub handicap: HandicapParams,
    /// Lower rank limits of categories 1, 2, … (`Categories`; empty with one category).
    pub category_limits: Vec<i32>,
    /// `ClubsGroups`: each group's club names.
    pub clubs_groups: Vec<Vec<String>>,
    /// Per game of `field.games` (same order): whether the colours are known (`knownColor`).
    pub known_colour: Vec<bool>,
    /// The OpenGotha version that wrote the file (`fullVersionNumber`), empty if none.
    pub version: String,
}

impl OpenGotha {
    pub fn ratings(&self) -> HashMap<PlayerId, i32> {
        self.field.entrants.iter().zip(&self.players).map(|(e, p)| (e.id.clone(), p.rating)).collect()
    }

    /// The players as OpenGotha's pairing reads them, in the order of `field.entrants`.
    pub fn people(&self) -> Vec<Person<'_>> {
        self.players
            .iter()
            .map(|p| Person {
                name: &p.name,
                first_name: &p.first_name,
                rating: p.rating,
                club: &p.club,
                country: &p.country,
            })
            .collect()
    }

    /// The settings OpenGotha pairs this file by.
    pub fn pairing_settings(&self) -> PairingSettings {
        PairingSettings {
            mcmahon: self.mcmahon,
            criteria: self.criteria.clone(),
            pairing: self.pairing,
            handicap: self.handicap,
            category_limits: self.category_limits.clone(),
            rounds: self.field.rounds,
            clubs_groups: self.clubs_groups.clone(),
            random_rule: RandomRule::of_version(&self.version),
        }
    }
}

fn bad(detail: Detail) -> DomainError {
    DomainError::Invalid { field: "opengotha".into(), detail }
}

/// What `e` says was wrong, to be said again of a player or a part of the file.
fn inner(e: DomainError) -> Detail {
    e.into_detail()
}

/// What an OpenGotha file may hold: OpenGotha 3.52.03's own limits (`Gotha.MAX_NUMBER_OF_*`,
/// `Player.MIN_RATING`/`MAX_RATING`, `PlacementParameterSet.PLA_SMMS_CORR_*`), so every file
/// it writes is read. Each is checked as it is read, before it sizes an allocation or a loop
/// (docs/security.md).
pub mod bounds {
    /// `Player` elements.
    pub const PLAYERS: (i64, i64) = (0, 2000);
    /// `numberOfRounds`, a game's or a bye's `roundNumber`, and the length of `participating`.
    pub const ROUNDS: (i64, i64) = (1, 20);
    /// `numberOfCategories` (0 is read as 1, as OpenGotha does).
    pub const CATEGORIES: (i64, i64) = (0, 9);
    /// `Game` and `ByePlayer` elements: a board or a bye for every player every round.
    pub const GAMES: (i64, i64) = (0, PLAYERS.1 * ROUNDS.1);
    /// A game's `tableNumber`.
    pub const TABLE: (i64, i64) = (0, 1000);
    /// A game's `handicap`.
    pub const HANDICAP: (i64, i64) = (0, 9);
    /// A player's `smmsCorrection` (the McMahon score groups span exactly this).
    pub const SMMS_CORRECTION: (i64, i64) = (-1, 2);
    /// A player's `rating`.
    pub const RATING: (i64, i64) = (-900, 2949);
    /// The half points an absence or a bye is worth (`genNBW2ValueAbsent` …).
    pub const HALF_POINTS: (i64, i64) = (0, 2);
}

const FILE: &str = "opengotha file";

/// The integer `key` of element `a` on `line`, `default` when absent, within `(min, max)`: a
/// number too large for any integer type is out of bounds too, not "not a number".
fn bounded<T: TryFrom<i64>>(
    a: &HashMap<String, String>,
    key: &str,
    default: T,
    line: u32,
    (min, max): (i64, i64),
) -> Result<T> {
    let Some(v) = a.get(key).map(|v| v.trim()).filter(|v| !v.is_empty()) else { return Ok(default) };
    let out = || DomainError::over_bound(FILE, key, line, v, (min, max));
    let n: i64 = match v.parse() {
        Ok(n) => n,
        Err(_) if v.strip_prefix('-').unwrap_or(v).bytes().all(|b| b.is_ascii_digit()) => return Err(out()),
        Err(_) => return Err(bad(Detail::NotANumber { key: key.to_owned(), value: v.to_string() })),
    };
    if !(min..=max).contains(&n) {
        return Err(out());
    }
    T::try_from(n).map_err(|_| out())
}

/// A count of elements read so far against its bound: refused at the first one too many.
fn count_within(what: &str, count: usize, line: u32, (min, max): (i64, i64)) -> Result<()> {
    if count as i64 > max {
        return Err(DomainError::over_bound(FILE, format!("number of <{what}> elements"), line, count, (min, max)));
    }
    Ok(())
}

/// Line numbers of byte offsets met in increasing order, each newline counted once (a file of
/// thousands of players is not scanned from its start for each).
struct Lines<'a> {
    text: &'a str,
    at: usize,
    line: u32,
}

impl Lines<'_> {
    fn of(&mut self, pos: u64) -> u32 {
        let pos = usize::try_from(pos).unwrap_or(usize::MAX).min(self.text.len());
        if pos > self.at {
            let newlines = self.text.as_bytes()[self.at..pos].iter().filter(|&&b| b == b'\n').count();
            self.line = self.line.saturating_add(u32::try_from(newlines).unwrap_or(u32::MAX));
            self.at = pos;
        }
        self.line
    }
}

fn attrs(e: &BytesStart) -> Result<HashMap<String, String>> {
    let mut out = HashMap::new();
    for a in e.attributes() {
        let a = a.map_err(|err| {
            bad(Detail::AsWritten(format!("<{}>: {err}", String::from_utf8_lossy(e.name().as_ref()))))
        })?;
        let value = a.unescape_value().map_err(|err| bad(Detail::AsWritten(format!("attribute value: {err}"))))?;
        out.insert(String::from_utf8_lossy(a.key.as_ref()).into_owned(), value.into_owned());
    }
    Ok(out)
}

/// OpenGotha writes ranks as "2D", " 3K", "1P".
pub fn parse_rank(s: &str) -> Result<Rank> {
    s.trim().to_ascii_lowercase().parse().map_err(|_| bad(Detail::OpenGothaRank { written: s.to_owned() }))
}

fn rank_string(r: Rank) -> String {
    r.to_string().to_ascii_uppercase()
}

fn rank_value(s: &str, what: &str) -> Result<i32> {
    parse_rank(s)
        .map(|r| r.value())
        .map_err(|_| bad(Detail::AttributeNotRank { key: what.to_owned(), written: s.to_owned() }))
}

fn num<T: std::str::FromStr>(a: &HashMap<String, String>, key: &str, default: T) -> Result<T> {
    match a.get(key).map(|v| v.trim()) {
        None | Some("") => Ok(default),
        Some(v) => v.parse().map_err(|_| bad(Detail::NotANumber { key: key.to_owned(), value: v.to_string() })),
    }
}

fn flag(a: &HashMap<String, String>, key: &str, default: bool) -> bool {
    a.get(key).map(|v| v == "true").unwrap_or(default)
}

/// A player id from OpenGotha's key: kept when it is already a valid id, else `og-N`.
fn player_id(key: &str, n: usize) -> Result<PlayerId> {
    PlayerId::new(key).or_else(|_| PlayerId::new(format!("og-{n}")))
}

fn score(result: &str) -> Result<(GameScore, bool)> {
    let (base, by_default) = match result.strip_suffix("_BYDEF") {
        Some(b) => (b, true),
        None => (result, false),
    };
    let s = match base {
        "RESULT_UNKNOWN" => GameScore::Pending,
        "RESULT_WHITEWINS" => GameScore::WhiteWins,
        "RESULT_BLACKWINS" => GameScore::BlackWins,
        "RESULT_EQUAL" => GameScore::Draw,
        "RESULT_BOTHLOSE" => GameScore::BothLose,
        "RESULT_BOTHWIN" => GameScore::BothWin,
        other => return Err(bad(Detail::GameResult { written: other.to_owned() })),
    };
    Ok((s, by_default))
}

fn result_string(s: GameScore, by_default: bool) -> String {
    let base = match s {
        GameScore::Pending => "RESULT_UNKNOWN",
        GameScore::WhiteWins => "RESULT_WHITEWINS",
        GameScore::BlackWins => "RESULT_BLACKWINS",
        GameScore::Draw => "RESULT_EQUAL",
        GameScore::BothLose => "RESULT_BOTHLOSE",
        GameScore::BothWin => "RESULT_BOTHWIN",
    };
    if by_default && s != GameScore::Pending {
        format!("{base}_BYDEF")
    } else {
        base.to_owned()
    }
}

/// One `Player` element: the entrant and what OpenGotha knows beyond it.
fn player_of(a: &HashMap<String, String>, n: usize, line: u32) -> Result<(Entrant, PlayerExtra)> {
    let (last, first) = (a.get("name").cloned().unwrap_or_default(), a.get("firstName").cloned().unwrap_or_default());
    let key = (last.clone() + &first).replace(' ', "").to_uppercase();
    let rank = a.get("rank").ok_or_else(|| {
        bad(Detail::PlayerSays { player: key.clone(), detail: Box::new(Detail::NoRank { name: key.clone() }) })
    })?;
    let rank =
        parse_rank(rank).map_err(|e| bad(Detail::PlayerSays { player: key.clone(), detail: Box::new(inner(e)) }))?;
    let mut entrant = Entrant::new(player_id(&key, n)?, super::players_csv::join_name(&last, &first), rank);
    entrant.mcmahon_correction = bounded(a, "smmsCorrection", 0, line, bounds::SMMS_CORRECTION)?;
    if let Some(p) = a.get("participating") {
        if p.chars().count() as i64 > bounds::ROUNDS.1 {
            let length = format!("{} characters", p.chars().count());
            return Err(DomainError::over_bound(FILE, "participating", line, length, (0, bounds::ROUNDS.1)));
        }
        entrant.absent =
            p.chars().enumerate().filter(|(_, c)| *c == '0').map(|(i, _)| i as u16 + 1).collect::<BTreeSet<_>>();
    }
    entrant.preliminary = a.get("registeringStatus").is_some_and(|s| s == "PRE");
    let extra = PlayerExtra {
        key,
        name: last.clone(),
        first_name: first.clone(),
        club: a.get("club").cloned().unwrap_or_default(),
        country: a.get("country").cloned().unwrap_or_default(),
        rating: bounded(a, "rating", 0, line, bounds::RATING)?,
        egf_pin: match a.get("egfPin").map(|p| p.trim()) {
            None | Some("") => String::new(),
            Some(p) => crate::model::Pin::new(p)
                .map_err(|e| bad(Detail::PlayerSays { player: format!("{last} {first}"), detail: Box::new(inner(e)) }))?
                .to_string(),
        },
        ffg_licence: a.get("ffgLicence").map(|l| l.trim().to_owned()).unwrap_or_default(),
        kept: KEPT
            .iter()
            .filter_map(|k| Some(((*k).to_owned(), a.get(*k).filter(|v| !v.trim().is_empty())?.clone())))
            .collect(),
    };
    Ok((entrant, extra))
}

/// Reads an OpenGotha tournament file. Every refusal names what was wrong.
pub fn parse(xml: &str) -> Result<OpenGotha> {
    let mut reader = Reader::from_str(xml);
    let mut players: Vec<(Entrant, PlayerExtra)> = Vec::new();
    let mut faults: Vec<LineFault> = Vec::new();
    let mut games: Vec<HashMap<String, String>> = Vec::new();
    let mut byes: Vec<HashMap<String, String>> = Vec::new();
    let mut general: Option<HashMap<String, String>> = None;
    let mut pairing_attrs: Option<HashMap<String, String>> = None;
    let mut handicap_attrs: Option<HashMap<String, String>> = None;
    let mut category_attrs: Vec<HashMap<String, String>> = Vec::new();
    let mut clubs_groups: Vec<Vec<String>> = Vec::new();
    let mut criteria_names: Vec<(u32, String)> = Vec::new();
    let mut in_team_section = false;
    let mut saw_root = false;
    let mut version = String::new();
    let mut lines = Lines { text: xml, at: 0, line: 1 };
    // Where each element was, for the refusals that come after the whole file is read.
    let (mut game_lines, mut bye_lines, mut general_line) = (Vec::new(), Vec::new(), 0);
    loop {
        let ev = reader
            .read_event()
            .map_err(|e| bad(Detail::NotWellFormedXml { byte: reader.buffer_position(), reader: e.to_string() }))?;
        match ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_vec();
                let line = lines.of(reader.buffer_position());
                match name.as_slice() {
                    b"Tournament" => {
                        saw_root = true;
                        version = attrs(&e)?.remove("fullVersionNumber").unwrap_or_default();
                    }
                    b"TeamTournamentParameterSet" => in_team_section = true,
                    b"Player" => {
                        count_within("Player", players.len() + faults.len() + 1, line, bounds::PLAYERS)?;
                        let a = attrs(&e)?;
                        // Every bad player is named with its line, not only the first.
                        match player_of(&a, players.len() + faults.len() + 1, line) {
                            Ok(p) => players.push(p),
                            Err(e @ DomainError::OverBound { .. }) => return Err(e),
                            Err(e) => faults.push(LineFault::new(line, inner(e))),
                        }
                    }
                    b"Game" => {
                        count_within("Game", games.len() + 1, line, bounds::GAMES)?;
                        games.push(attrs(&e)?);
                        game_lines.push(line);
                    }
                    b"ByePlayer" => {
                        count_within("ByePlayer", byes.len() + 1, line, bounds::GAMES)?;
                        byes.push(attrs(&e)?);
                        bye_lines.push(line);
                    }
                    b"GeneralParameterSet" => {
                        general = Some(attrs(&e)?);
                        general_line = line;
                    }
                    b"PairingParameterSet" => pairing_attrs = Some(attrs(&e)?),
                    b"HandicapParameterSet" => handicap_attrs = Some(attrs(&e)?),
                    b"Category" => {
                        count_within("Category", category_attrs.len() + 1, line, bounds::CATEGORIES)?;
                        category_attrs.push(attrs(&e)?);
                    }
                    b"ClubsGroup" => clubs_groups.push(Vec::new()),
                    b"Club" => {
                        let a = attrs(&e)?;
                        if let (Some(g), Some(name)) = (clubs_groups.last_mut(), a.get("name")) {
                            g.push(name.clone());
                        }
                    }
                    b"PlacementCriterion" if !in_team_section => {
                        let a = attrs(&e)?;
                        let name = a.get("name").cloned().unwrap_or_default();
                        criteria_names.push((num(&a, "number", 0)?, name));
                    }
                    _ => {}
                }
            }
            Event::End(e) if e.name().as_ref() == b"TeamTournamentParameterSet" => in_team_section = false,
            _ => {}
        }
    }
    if !faults.is_empty() {
        return Err(DomainError::BadLines { file: "opengotha file", lines: faults });
    }
    if !saw_root {
        return Err(bad(Detail::NoTournamentElement));
    }
    let g = general.ok_or_else(|| bad(Detail::NoGeneralParameters))?;
    let rounds: u16 = bounded(&g, "numberOfRounds", 1, general_line, bounds::ROUNDS)?;
    let by_key: HashMap<&str, &PlayerId> = players.iter().map(|(e, x)| (x.key.as_str(), &e.id)).collect();
    let find = |key: &str, round: u16, seat: Seat| -> Result<PlayerId> {
        let k = key.replace(' ', "").to_uppercase();
        by_key
            .get(k.as_str())
            .map(|&id| id.clone())
            .ok_or_else(|| bad(Detail::NotAmongPlayers { round, seat, key: key.to_owned() }))
    };
    let mut field_games = Vec::with_capacity(games.len());
    let mut known_colour = Vec::with_capacity(games.len());
    for (a, &line) in games.iter().zip(&game_lines) {
        known_colour.push(flag(a, "knownColor", true));
        let round: u16 = bounded(a, "roundNumber", 1, line, (1, i64::from(rounds)))?;
        let black = find(a.get("blackPlayer").map(String::as_str).unwrap_or(""), round, Seat::Black)?;
        let white = find(a.get("whitePlayer").map(String::as_str).unwrap_or(""), round, Seat::White)?;
        let (score, by_default) = score(a.get("result").map(String::as_str).unwrap_or("RESULT_UNKNOWN"))?;
        field_games.push(FieldGame {
            round,
            table: bounded(a, "tableNumber", 0, line, bounds::TABLE)?,
            black,
            white,
            handicap: bounded(a, "handicap", 0, line, bounds::HANDICAP)?,
            score,
            by_default,
        });
    }
    let mut field_byes = Vec::new();
    for (a, &line) in byes.iter().zip(&bye_lines) {
        let round: u16 = bounded(a, "roundNumber", 1, line, (1, i64::from(rounds)))?;
        field_byes.push((round, find(a.get("player").map(String::as_str).unwrap_or(""), round, Seat::Bye)?));
    }
    seated_once(&field_games, &field_byes)?;
    criteria_names.sort_by_key(|(n, _)| *n);
    let mut criteria = Vec::new();
    let mut unsupported = Vec::new();
    // OpenGotha 3.52 makes a tournament Breizh when BZS is among its criteria (its
    // `tournamentType`): groups by BZS score, which is neither paired nor ranked here.
    if criteria_names.iter().any(|(_, n)| n == "BZS") {
        return Err(DomainError::UnsupportedOpenGothaSystem { system: "Breizh" });
    }
    for (_, name) in criteria_names.into_iter().filter(|(_, n)| n != "NULL") {
        match Criterion::from_opengotha(&name) {
            Some(c) => criteria.push(c),
            None => unsupported.push(name),
        }
    }
    // Read, and then set aside: OpenGotha 3.52.03 counts McMahon scores from 30k whatever the
    // file says (`GeneralParameterSet.setGenMMZero` stores −30, not its argument).
    rank_value(g.get("genMMZero").map(String::as_str).unwrap_or("30K"), "genMMZero")?;
    let half = |key: &str, default: i64| bounded(&g, key, default, general_line, bounds::HALF_POINTS);
    let mcmahon = McMahonParams {
        bar: rank_value(g.get("genMMBar").map(String::as_str).unwrap_or("9D"), "genMMBar")?,
        floor: rank_value(g.get("genMMFloor").map(String::as_str).unwrap_or("30K"), "genMMFloor")?,
        scoring: Scoring {
            zero: Scoring::default().zero,
            absent_nbw2: half("genNBW2ValueAbsent", 0)?,
            absent_mms2: half("genMMS2ValueAbsent", 1)?,
            bye_nbw2: half("genNBW2ValueBye", 2)?,
            bye_mms2: half("genMMS2ValueBye", 2)?,
            round_down: flag(&g, "genRoundDownNBWMMS", true),
            unplayed_as_half: flag(&g, "genCountNotPlayedGamesAsHalfPoint", false),
        },
    };
    if mcmahon.bar < mcmahon.floor {
        let detail =
            Detail::BarBelowFloor { bar: Rank::from_value(mcmahon.bar), floor: Rank::from_value(mcmahon.floor) };
        return Err(DomainError::BadLines { file: FILE, lines: vec![LineFault::new(general_line, detail)] });
    }
    let categories: u32 = bounded(&g, "numberOfCategories", 1, general_line, bounds::CATEGORIES)?;
    let category_limits = category_limits(categories, &category_attrs)?;
    let mut pairing = pairing_params(pairing_attrs.as_ref().unwrap_or(&HashMap::new()))?;
    // Tables as the release the organiser runs numbers them (3.52.03), whatever release saved
    // the file: 3.51's order only when the organiser picks it.
    pairing.table_order = TableOrder::OpenGotha352;
    let handicap = handicap_params(handicap_attrs.as_ref().unwrap_or(&HashMap::new()))?;
    // The values the set-up refuses are refused here too: the `pair` command pairs on them.
    pairing.check().and_then(|()| handicap.check()).map_err(|e| bad(Detail::PairingParameters(Box::new(inner(e)))))?;
    let (entrants, extras): (Vec<_>, Vec<_>) = players.into_iter().unzip();
    let text = |k: &str| g.get(k).cloned().unwrap_or_default();
    Ok(OpenGotha {
        name: text("name"),
        short_name: text("shortName"),
        location: text("location"),
        begin_date: text("beginDate"),
        end_date: text("endDate"),
        komi: text("komi"),
        field: Field {
            entrants,
            rounds,
            games: field_games,
            byes: field_byes,
            bye_points: mcmahon.scoring.bye_nbw2,
            warnings: Default::default(),
        },
        players: extras,
        mcmahon,
        criteria,
        unsupported,
        categories,
        time_control: time_control_of(&g)?,
        pairing,
        handicap,
        category_limits,
        clubs_groups,
        known_colour,
        version,
    })
}

/// `Categories`: `numberOfCategories − 1` lower limits, by their `number` (OpenGotha's reader:
/// a missing one is 30k).
fn category_limits(categories: u32, elements: &[HashMap<String, String>]) -> Result<Vec<i32>> {
    let n = categories.max(1) as usize - 1;
    let mut limits = vec![-30; n];
    for a in elements {
        let number: usize = num(a, "number", 1)?;
        if number >= 1 && number <= n {
            limits[number - 1] = rank_value(a.get("lowerLimit").map_or("30K", String::as_str), "Category lowerLimit")?;
        }
    }
    Ok(limits)
}

fn dudd_mode(a: &HashMap<String, String>, key: &str) -> DuddMode {
    match a.get(key).map(String::as_str) {
        Some("TOP") => DuddMode::Top,
        Some("BOT") => DuddMode::Bot,
        _ => DuddMode::Mid,
    }
}

fn seed_system(a: &HashMap<String, String>, key: &str, default: SeedSystem) -> SeedSystem {
    match a.get(key).map(String::as_str) {
        Some("SPLITANDRANDOM") => SeedSystem::SplitAndRandom,
        Some("SPLITANDFOLD") => SeedSystem::SplitAndFold,
        Some("SPLITANDSLIP") => SeedSystem::SplitAndSlip,
        // OpenGotha's reader: an unknown name for system 2 is split and random.
        Some(_) => SeedSystem::SplitAndRandom,
        None => default,
    }
}

fn seed_name(s: SeedSystem) -> &'static str {
    match s {
        SeedSystem::SplitAndRandom => "SPLITANDRANDOM",
        SeedSystem::SplitAndFold => "SPLITANDFOLD",
        SeedSystem::SplitAndSlip => "SPLITANDSLIP",
    }
}

fn dudd_name(m: DuddMode) -> &'static str {
    match m {
        DuddMode::Top => "TOP",
        DuddMode::Mid => "MID",
        DuddMode::Bot => "BOT",
    }
}

/// An additional placement criterion by OpenGotha's long name; NULL is none, an unknown name
/// keeps the default (as OpenGotha's reader does).
fn additional(a: &HashMap<String, String>, key: &str, default: Option<Criterion>) -> Option<Criterion> {
    match a.get(key).map(String::as_str) {
        None => default,
        Some("NULL") => None,
        Some(name) => Criterion::from_opengotha(name).or(default),
    }
}

/// `PairingParameterSet` with the defaults of OpenGotha's reader.
fn pairing_params(a: &HashMap<String, String>) -> Result<PairingParams> {
    let d = PairingParams::default();
    let last: u16 = num(a, "paiMaLastRoundForSeedSystem1", d.last_round_for_seed_system1)?;
    Ok(PairingParams {
        nx1_factor_per_mille: per_mille(a, "paiStandardNX1Factor", d.nx1_factor_per_mille)?,
        avoid_duplicate_game: num(a, "paiBaAvoidDuplGame", d.avoid_duplicate_game)?,
        random: num(a, "paiBaRandom", d.random)?,
        deterministic: flag(a, "paiBaDeterministic", d.deterministic),
        balance_wb: num(a, "paiBaBalanceWB", d.balance_wb)?,
        avoid_mixing_categories: num(a, "paiMaAvoidMixingCategories", d.avoid_mixing_categories)?,
        minimize_score_difference: num(a, "paiMaMinimizeScoreDifference", d.minimize_score_difference)?,
        dudd_weight: num(a, "paiMaDUDDWeight", d.dudd_weight)?,
        compensate_dudd: flag(a, "paiMaCompensateDUDD", d.compensate_dudd),
        dudd_upper_mode: dudd_mode(a, "paiMaDUDDUpperMode"),
        dudd_lower_mode: dudd_mode(a, "paiMaDUDDLowerMode"),
        maximize_seeding: num(a, "paiMaMaximizeSeeding", d.maximize_seeding)?,
        last_round_for_seed_system1: last,
        seed_system1: seed_system(a, "paiMaSeedSystem1", d.seed_system1),
        seed_system2: seed_system(a, "paiMaSeedSystem2", d.seed_system2),
        additional_criterion1: additional(a, "paiMaAdditionalPlacementCritSystem1", Some(Criterion::Rating)),
        additional_criterion2: additional(a, "paiMaAdditionalPlacementCritSystem2", None),
        bar_threshold_active: flag(a, "paiSeBarThresholdActive", d.bar_threshold_active),
        rank_threshold: rank_value(a.get("paiSeRankThreshold").map_or("4D", String::as_str), "paiSeRankThreshold")?,
        nb_wins_threshold_active: flag(a, "paiSeNbWinsThresholdActive", d.nb_wins_threshold_active),
        def_sec_crit: num(a, "paiSeDefSecCrit", d.def_sec_crit)?,
        minimize_handicap: num(a, "paiSeMinimizeHandicap", d.minimize_handicap)?,
        avoid_same_geo: num(a, "paiSeAvoidSameGeo", d.avoid_same_geo)?,
        prefer_mms_diff_rather_than_same_country: num(
            a,
            "paiSePreferMMSDiffRatherThanSameCountry",
            d.prefer_mms_diff_rather_than_same_country,
        )?,
        prefer_mms_diff_rather_than_same_club: num(
            a,
            "paiSePreferMMSDiffRatherThanSameClub",
            d.prefer_mms_diff_rather_than_same_club,
        )?,
        prefer_mms_diff_rather_than_same_clubs_group: num(
            a,
            "paiSePreferMMSDiffRatherThanSameClubsGroup",
            d.prefer_mms_diff_rather_than_same_clubs_group,
        )?,
        table_order: d.table_order,
    })
}

/// A player sits at one board a round, or has the bye: a file that says otherwise (a hand-edited
/// one) can be neither ranked nor paired on.
fn seated_once(games: &[FieldGame], byes: &[(u16, PlayerId)]) -> Result<()> {
    let mut seated: BTreeSet<(u16, &PlayerId)> = BTreeSet::new();
    for g in games {
        if g.black == g.white {
            return Err(bad(Detail::PlaysThemselves { round: g.round, player: g.black.to_string() }));
        }
        for p in [&g.black, &g.white] {
            if !seated.insert((g.round, p)) {
                return Err(bad(Detail::TwoGames { round: g.round, player: p.to_string() }));
            }
        }
    }
    for (round, p) in byes {
        if !seated.insert((*round, p)) {
            return Err(bad(Detail::ByeAndGame { round: *round, player: p.to_string() }));
        }
    }
    Ok(())
}

/// A decimal such as OpenGotha's "0.5" in thousandths.
fn per_mille(a: &HashMap<String, String>, key: &str, default: u16) -> Result<u16> {
    let x: f64 = num(a, key, f64::from(default) / 1000.0)?;
    if !(0.0..=1.0).contains(&x) {
        return Err(bad(Detail::NotBetween0And1 { key: key.to_owned(), value: Number(x) }));
    }
    Ok((x * 1000.0).round() as u16)
}

/// `HandicapParameterSet` with the defaults of OpenGotha's reader.
fn handicap_params(a: &HashMap<String, String>) -> Result<HandicapParams> {
    let d = HandicapParams::default();
    Ok(HandicapParams {
        // 3.52 names the base (`hdBase`: RANK, MMS or BZS, and BZS pairs as RANK in 3.52.03);
        // without it, 3.51's `hdBasedOnMMS`, which 3.52 reads too.
        based_on_mms: match a.get("hdBase").map(String::as_str) {
            Some("MMS") => true,
            Some("RANK" | "BZS") => false,
            _ => flag(a, "hdBasedOnMMS", d.based_on_mms),
        },
        no_handicap_rank_threshold: rank_value(
            a.get("hdNoHdRankThreshold").map_or("1D", String::as_str),
            "hdNoHdRankThreshold",
        )?,
        correction: num(a, "hdCorrection", d.correction)?,
        ceiling: num(a, "hdCeiling", d.ceiling)?,
    })
}

/// The `HandicapParameterSet` element for `t`.
fn handicap_element(h: &HandicapParams) -> String {
    format!(
        "<HandicapParameterSet hdBase=\"{}\" hdBasedOnMMS=\"{}\" hdCeiling=\"{}\" hdCorrection=\"{}\" hdNoHdRankThreshold=\"{}\"/>\n",
        if h.based_on_mms { "MMS" } else { "RANK" },
        h.based_on_mms,
        h.ceiling,
        h.correction,
        rank_from_value(h.no_handicap_rank_threshold)
    )
}

/// The `PairingParameterSet` element for `p`, every attribute OpenGotha writes.
fn pairing_element(p: &PairingParams) -> String {
    let crit = |c: Option<Criterion>| c.map_or("NULL", |c| c.name());
    format!(
        "<PairingParameterSet paiBaAvoidDuplGame=\"{}\" paiBaBalanceWB=\"{}\" paiBaDeterministic=\"{}\" paiBaRandom=\"{}\" \
         paiMaAdditionalPlacementCritSystem1=\"{}\" paiMaAdditionalPlacementCritSystem2=\"{}\" paiMaAvoidMixingCategories=\"{}\" \
         paiMaCompensateDUDD=\"{}\" paiMaDUDDLowerMode=\"{}\" paiMaDUDDUpperMode=\"{}\" paiMaDUDDWeight=\"{}\" \
         paiMaLastRoundForSeedSystem1=\"{}\" paiMaMaximizeSeeding=\"{}\" paiMaMinimizeScoreDifference=\"{}\" \
         paiMaSeedSystem1=\"{}\" paiMaSeedSystem2=\"{}\" paiSeAvoidSameGeo=\"{}\" paiSeBarThresholdActive=\"{}\" \
         paiSeDefSecCrit=\"{}\" paiSeMinimizeHandicap=\"{}\" paiSeNbWinsThresholdActive=\"{}\" \
         paiSePreferMMSDiffRatherThanSameClub=\"{}\" paiSePreferMMSDiffRatherThanSameClubsGroup=\"{}\" \
         paiSePreferMMSDiffRatherThanSameCountry=\"{}\" paiSeRankThreshold=\"{}\" paiStandardNX1Factor=\"{}\"/>\n",
        p.avoid_duplicate_game, p.balance_wb, p.deterministic, p.random,
        crit(p.additional_criterion1), crit(p.additional_criterion2), p.avoid_mixing_categories,
        p.compensate_dudd, dudd_name(p.dudd_lower_mode), dudd_name(p.dudd_upper_mode), p.dudd_weight,
        p.last_round_for_seed_system1, p.maximize_seeding, p.minimize_score_difference,
        seed_name(p.seed_system1), seed_name(p.seed_system2), p.avoid_same_geo, p.bar_threshold_active,
        p.def_sec_crit, p.minimize_handicap, p.nb_wins_threshold_active,
        p.prefer_mms_diff_rather_than_same_club, p.prefer_mms_diff_rather_than_same_clubs_group,
        p.prefer_mms_diff_rather_than_same_country, rank_from_value(p.rank_threshold), p.nx1_factor()
    )
}

/// OpenGotha's time settings as a time control. A missing system is CANBYOYOMI, as OpenGotha
/// reads it; STDBYOYOMI gives the seconds per move and no number of periods: one.
fn time_control_of(g: &HashMap<String, String>) -> Result<Option<TimeControl>> {
    let Some(main) = g.get("basicTime").and_then(|v| v.trim().parse::<u16>().ok()) else { return Ok(None) };
    let system = g.get("complementaryTimeSystem").map_or("CANBYOYOMI", |s| s.trim());
    let tc = match system {
        "SUDDENDEATH" => TimeControl::reserved(main, 0),
        "STDBYOYOMI" => match num::<u16>(g, "stdByoYomiTime", 30)? {
            // One period of a minute is 第十二条's one reserved minute, after OpenGotha's basic
            // time: the limit is one minute longer (第十二条二, the reserve within it).
            60 => TimeControl::reserved(main.saturating_add(1), 1),
            seconds => TimeControl::with(main, Overtime::Periods { periods: 1, seconds }),
        },
        "CANBYOYOMI" => TimeControl::with(
            main,
            Overtime::Canadian { moves: num(g, "nbMovesCanTime", 15)?, seconds: num(g, "canByoYomiTime", 300)? },
        ),
        "FISCHER" => TimeControl::with(main, Overtime::Fischer { seconds: num(g, "fischerTime", 10)? }),
        other => return Err(bad(Detail::TimeSystem { written: other.to_owned() })),
    };
    Ok(Some(tc))
}

/// The time attributes of OpenGotha's `GeneralParameterSet` for `tc`. OpenGotha has no number of
/// byo-yomi periods: several reserved minutes or periods are written as one.
fn time_attributes(tc: Option<TimeControl>) -> String {
    let tc = tc.unwrap_or(TimeControl::reserved(61, 1));
    let (system, std, moves, can, fischer) = match tc.overtime() {
        Overtime::ReservedMinutes { minutes: 0 } => ("SUDDENDEATH", 60, 15, 300, 10),
        Overtime::ReservedMinutes { .. } => ("STDBYOYOMI", 60, 15, 300, 10),
        Overtime::Periods { seconds, .. } => ("STDBYOYOMI", u32::from(seconds), 15, 300, 10),
        Overtime::Canadian { moves, seconds } => ("CANBYOYOMI", 30, moves, seconds, 10),
        Overtime::Fischer { seconds } => ("FISCHER", 30, 15, 300, seconds),
    };
    format!(
        "basicTime=\"{}\" complementaryTimeSystem=\"{system}\" stdByoYomiTime=\"{std}\" nbMovesCanTime=\"{moves}\" canByoYomiTime=\"{can}\" fischerTime=\"{fischer}\"",
        tc.main_time_minutes()
    )
}

fn esc(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

fn rank_from_value(v: i32) -> String {
    rank_string(Rank::from_value(v))
}

/// The first name OpenGotha reads: its own placeholder for a player who has none (its `Player`
/// refuses an empty one, and the whole file with it).
fn written_first_name(first: &str) -> &str {
    if first.trim().is_empty() {
        super::players_csv::NO_FIRST_NAME
    } else {
        first
    }
}

/// Writes an OpenGotha tournament file (`dataVersion` 201) that OpenGotha and [`parse`] read.
pub fn write(t: &OpenGotha) -> String {
    let mut x = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<Tournament dataVersion=\"201\" runningMode=\"SAL\">\n<Players>\n".to_owned();
    let rounds = usize::from(t.field.rounds.max(1));
    let mut key_of: HashMap<&PlayerId, &str> = HashMap::new();
    for (e, p) in t.field.entrants.iter().zip(&t.players) {
        key_of.insert(&e.id, &p.key);
        let kept = |k: &str| p.kept.get(k).map(|v| esc(v)).unwrap_or_default();
        // OpenGotha writes a flag for each of the 20 rounds it can hold, played or not; a player
        // who withdrew (第二十九条) takes part in no round after it, so OpenGotha pairs them no more.
        let takes_part = |r: u16| !e.absent.contains(&r) && e.withdrawn_after.is_none_or(|w| r <= w);
        let participating: String =
            (1..=rounds.max(20) as u16).map(|r| if takes_part(r) { '1' } else { '0' }).collect();
        x += &format!(
            "<Player agaExpirationDate=\"{}\" agaId=\"{}\" club=\"{}\" country=\"{}\" egfPin=\"{}\" ffgLicence=\"{}\" ffgLicenceStatus=\"{}\" firstName=\"{}\" grade=\"{}\" name=\"{}\" participating=\"{}\" rank=\"{}\" rating=\"{}\" ratingOrigin=\"{}\" registeringStatus=\"{}\" smmsCorrection=\"{}\"/>\n",
            kept("agaExpirationDate"), kept("agaId"), esc(&p.club), esc(&p.country), esc(&p.egf_pin), esc(&p.ffg_licence), kept("ffgLicenceStatus"), esc(written_first_name(&p.first_name)), p.kept.get("grade").map_or_else(|| rank_string(e.rank), |g| esc(g)), esc(&p.name), participating, rank_string(e.rank), p.rating, kept("ratingOrigin"), if e.preliminary { "PRE" } else { "FIN" }, e.mcmahon_correction
        );
    }
    x += "</Players>\n<Games>\n";
    for (k, g) in t.field.games.iter().enumerate() {
        let key = |id: &PlayerId| key_of.get(id).map(|k| esc(k)).unwrap_or_default();
        x += &format!(
            "<Game blackPlayer=\"{}\" handicap=\"{}\" knownColor=\"{}\" result=\"{}\" roundNumber=\"{}\" tableNumber=\"{}\" whitePlayer=\"{}\"/>\n",
            key(&g.black), g.handicap, t.known_colour.get(k).copied().unwrap_or(true), result_string(g.score, g.by_default), g.round, g.table, key(&g.white)
        );
    }
    x += "</Games>\n";
    if !t.field.byes.is_empty() {
        x += "<ByePlayers>\n";
        for (r, p) in &t.field.byes {
            x += &format!(
                "<ByePlayer player=\"{}\" roundNumber=\"{r}\"/>\n",
                key_of.get(p).map(|k| esc(k)).unwrap_or_default()
            );
        }
        x += "</ByePlayers>\n";
    }
    let m = &t.mcmahon;
    x += &format!(
        "<TournamentParameterSet>\n<GeneralParameterSet {} beginDate=\"{}\" endDate=\"{}\" genCountNotPlayedGamesAsHalfPoint=\"{}\" genMMBar=\"{}\" genMMFloor=\"{}\" genMMS2ValueAbsent=\"{}\" genMMS2ValueBye=\"{}\" genMMZero=\"{}\" genNBW2ValueAbsent=\"{}\" genNBW2ValueBye=\"{}\" genRoundDownNBWMMS=\"{}\" komi=\"{}\" location=\"{}\" name=\"{}\" numberOfCategories=\"{}\" numberOfRounds=\"{}\" shortName=\"{}\" size=\"19\">\n",
        time_attributes(t.time_control), esc(&t.begin_date), esc(&t.end_date), m.scoring.unplayed_as_half, rank_from_value(m.bar), rank_from_value(m.floor), m.scoring.absent_mms2, m.scoring.bye_mms2, rank_from_value(m.scoring.zero.value()), m.scoring.absent_nbw2, m.scoring.bye_nbw2, m.scoring.round_down, esc(&t.komi), esc(&t.location), esc(&t.name), t.categories, t.field.rounds, esc(&t.short_name)
    );
    if !t.category_limits.is_empty() {
        x += "<Categories>\n";
        for (i, l) in t.category_limits.iter().enumerate() {
            x += &format!("<Category lowerLimit=\"{}\" number=\"{}\"/>\n", rank_from_value(*l), i + 1);
        }
        x += "</Categories>\n";
    }
    x += "</GeneralParameterSet>\n";
    x += &handicap_element(&t.handicap);
    x += "<PlacementParameterSet>\n<PlacementCriteria>\n";
    let names: Vec<&str> =
        t.criteria.iter().map(|c| c.name()).chain(t.unsupported.iter().map(String::as_str)).collect();
    for i in 0..names.len().max(6) {
        x += &format!(
            "<PlacementCriterion name=\"{}\" number=\"{}\"/>\n",
            esc(names.get(i).copied().unwrap_or("NULL")),
            i + 1
        );
    }
    x += "</PlacementCriteria>\n</PlacementParameterSet>\n";
    x += &pairing_element(&t.pairing);
    x += "</TournamentParameterSet>\n";
    if !t.clubs_groups.is_empty() {
        x += "<ClubsGroups>\n";
        for (i, g) in t.clubs_groups.iter().enumerate() {
            x += &format!("<ClubsGroup name=\"group {}\">\n", i + 1);
            for c in g {
                x += &format!("<Club name=\"{}\"/>\n", esc(c));
            }
            x += "</ClubsGroup>\n";
        }
        x += "</ClubsGroups>\n";
    }
    x += "</Tournament>\n";
    x
}

/// The running event as an OpenGotha file: players, parameters, every paired round, byes and
/// results (a game decided on the table is written as OpenGotha's result for it).
pub fn from_view(view: &crate::tournament::TournamentView) -> OpenGotha {
    use crate::tournament::{ledger, run, System};
    let field = ledger::field(view);
    let t = view.tournament.as_ref();
    let settings = t.map(|t| t.settings.clone()).unwrap_or_default();
    let mut keys = std::collections::HashSet::new();
    let players = field
        .entrants
        .iter()
        .map(|e| {
            let p = view.players.iter().find(|p| p.id == e.id);
            let record = p.and_then(|p| p.opengotha.as_ref());
            // A name registered in the office is split by the registration desk's rule.
            let (name, first) = match record {
                Some(r) => (r.name.clone(), r.first_name.clone()),
                None => super::players_csv::split_name(&e.name),
            };
            // OpenGotha identifies players by name + first name (as it writes them): make
            // clashes unique.
            let base = (name.clone() + written_first_name(&first)).replace(' ', "").to_uppercase();
            let mut key = base.clone();
            let mut n = 2;
            while !keys.insert(key.clone()) {
                key = format!("{base}{n}");
                n += 1;
            }
            let first =
                if key == base { first } else { format!("{}{}", written_first_name(&first), &key[base.len()..]) };
            PlayerExtra {
                key,
                name,
                first_name: first,
                club: p.and_then(|p| p.club.clone()).unwrap_or_default(),
                country: record.map(|r| r.country.clone()).unwrap_or_default(),
                rating: record
                    .map_or_else(|| crate::tournament::pairing::opengotha::initial_rating(e.rank), |r| r.rating),
                egf_pin: record.and_then(|r| r.egf_pin.as_ref()).map(ToString::to_string).unwrap_or_default(),
                ffg_licence: record.and_then(|r| r.ffg_licence.clone()).unwrap_or_default(),
                kept: record.map(|r| r.kept.clone()).unwrap_or_default(),
            }
        })
        .collect();
    let system = settings.system.as_ref();
    let criteria =
        system.and_then(System::opengotha_criteria).unwrap_or_else(|| run::OPENGOTHA_SWISS_CRITERIA.to_vec());
    let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    OpenGotha {
        name: t.map(|t| t.name.clone()).unwrap_or_default(),
        short_name: view.id.to_string(),
        location: settings.venue.clone().unwrap_or_default(),
        begin_date: date(settings.begin),
        end_date: date(settings.end.or(settings.begin)),
        // The komi a file gave, else the ruleset's (an event created in the office).
        komi: crate::model::tournament::komi_text(settings.komi_half_points.unwrap_or_else(|| {
            t.map_or(0, |t| match crate::rules::Ruleset::from_spec(t.ruleset).komi {
                crate::rules::Komi::QuarterStones(q) => q as i16,
                crate::rules::Komi::HalfPoints(h) => h as i16,
            })
        })),
        players,
        mcmahon: system.and_then(|s| s.mcmahon()).unwrap_or_default(),
        criteria,
        unsupported: vec![],
        categories: 1,
        time_control: view.time_limit,
        pairing: system.map(|s| s.opengotha_pairing().0).unwrap_or_else(PairingParams::swiss),
        handicap: system.map(|s| s.opengotha_pairing().1).unwrap_or_else(HandicapParams::none),
        category_limits: Vec::new(),
        clubs_groups: Vec::new(),
        known_colour: vec![true; field.games.len()],
        version: String::new(),
        field,
    }
}

/// The events that bring an OpenGotha file into an empty tournament `id` with `ruleset`:
/// the set-up, every player, every paired game, its result and the byes. Notes say what
/// OpenGotha holds that these events do not (absences, "both win" results).
pub fn to_events(
    og: &OpenGotha,
    id: &crate::model::TournamentId,
    ruleset: crate::rules::RulesetSpec,
) -> Result<(Vec<crate::event::NewEvent>, Vec<crate::interop::note::ImportNote>)> {
    use crate::event::EventBody;
    use crate::model::{Colour, Game, OpenGothaRecord, Player, Settings, TimeControl, Tournament};
    use crate::rules::Outcome;
    use crate::tournament::{run, SwissReading, System};
    let mut notes = Vec::new();
    let date = |s: &str| chrono::NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").ok();
    // Parameters are kept only where the file departs from OpenGotha's defaults for its kind,
    // so an event sent out and read back is the event it was.
    let own = |default: PairingParams| (og.pairing != default).then_some(Box::new(og.pairing));
    let scoring = (og.mcmahon.scoring != Scoring::default()).then_some(og.mcmahon.scoring);
    let system = match og.criteria.first() {
        Some(Criterion::Mms) => System::McMahon {
            bar: Rank::from_value(og.mcmahon.bar),
            floor: Rank::from_value(og.mcmahon.floor),
            pairing: own(PairingParams::mcmahon()),
            handicap: (og.handicap != HandicapParams::default()).then_some(og.handicap),
            scoring,
            criteria: (og.criteria != run::MCMAHON_CRITERIA).then(|| og.criteria.clone()),
        },
        Some(Criterion::Nbw) => System::OpenGothaSwiss {
            pairing: own(PairingParams::swiss()),
            handicap: (og.handicap != HandicapParams::none()).then_some(og.handicap),
            scoring,
            bar_floor: (og.mcmahon.bar != McMahonParams::default().bar
                || og.mcmahon.floor != McMahonParams::default().floor)
                .then(|| (Rank::from_value(og.mcmahon.bar), Rank::from_value(og.mcmahon.floor))),
            criteria: (og.criteria != run::OPENGOTHA_SWISS_CRITERIA).then(|| og.criteria.clone()),
        },
        _ => System::Swiss { reading: SwissReading::TieBreak },
    };
    if TableOrder::of_version(&og.version) == TableOrder::OpenGotha351 {
        notes.push(crate::interop::note::ImportNote::TablesNumbered { version: og.version.clone() });
    }
    let time_control = og.time_control;
    if let Some(tc) = time_control {
        notes.push(crate::interop::note::ImportNote::TimeControl {
            main_minutes: tc.main_time_minutes(),
            overtime: tc.overtime(),
        });
    }
    let settings = Settings {
        begin: date(&og.begin_date),
        end: date(&og.end_date),
        venue: Some(og.location.clone()).filter(|v| !v.is_empty()),
        time_control,
        allowed_lateness_minutes: None,
        system: Some(system),
        rounds: Some(og.field.rounds),
        no_shared_places: false,
        komi_half_points: crate::model::tournament::komi_half_points(&og.komi),
        languages: Vec::new(),
    };
    let name = if og.name.is_empty() { og.short_name.clone() } else { og.name.clone() };
    let mut events = vec![(None, EventBody::TournamentCreated(Tournament { id: id.clone(), name, ruleset, settings }))];
    for (e, x) in og.field.entrants.iter().zip(&og.players) {
        let club = Some(x.club.clone()).filter(|c| !c.is_empty());
        events.push((
            None,
            EventBody::PlayerRegistered(Player {
                id: e.id.clone(),
                name: e.name.clone(),
                rank: e.rank,
                club,
                team: None,
                board: None,
                opengotha: Some(OpenGothaRecord {
                    name: x.name.clone(),
                    first_name: x.first_name.clone(),
                    rating: x.rating,
                    country: x.country.clone(),
                    smms_correction: e.mcmahon_correction,
                    preliminary: e.preliminary,
                    egf_pin: crate::model::Pin::new(&x.egf_pin).ok(),
                    ffg_licence: Some(x.ffg_licence.clone()).filter(|l| !l.is_empty()),
                    kept: x.kept.clone(),
                }),
            }),
        ));
        if !e.absent.is_empty() {
            events.push((
                None,
                EventBody::PlayerAbsences { player: e.id.clone(), rounds: e.absent.iter().copied().collect() },
            ));
        }
    }
    let mut used = std::collections::HashSet::new();
    for g in &og.field.games {
        let mut table = g.table.max(1);
        while !used.insert((g.round, table)) {
            table += 1;
        }
        let game = run::game_id(g.round, table)?;
        let schedule = Game {
            id: game.clone(),
            round: g.round,
            table,
            black: g.black.clone(),
            white: g.white.clone(),
            ruleset,
            time_control: time_control.unwrap_or(TimeControl::reserved(61, 1)),
            allowed_lateness_minutes: 0,
            handicap: g.handicap,
            reason: None,
        };
        events.push((Some(game.clone()), EventBody::GameScheduled(schedule)));
        let outcome = match g.score {
            GameScore::BlackWins => Outcome::win(Colour::Black),
            GameScore::WhiteWins => Outcome::win(Colour::White),
            GameScore::Draw => Outcome::Draw,
            GameScore::BothLose => Outcome::BothLose,
            GameScore::Pending => continue,
            GameScore::BothWin => {
                notes.push(crate::interop::note::ImportNote::BothWin { round: g.round, table });
                continue;
            }
        };
        let note = g.by_default.then(|| "by default (OpenGotha)".to_owned());
        events.push((Some(game), EventBody::ResultEntered { outcome, note, forfeit: g.by_default }));
    }
    for (round, p) in &og.field.byes {
        events.push((None, EventBody::ByeAssigned { round: *round, player: p.clone() }));
    }
    Ok((events, notes))
}

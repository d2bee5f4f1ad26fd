//! Players pasted or uploaded as CSV: `name,rank[,club[,team[,board]]]`, one per line, or
//! any columns named by a header line (`surname,given_name,rank,club,country,pin,rating`, …;
//! board: the team board the organiser fixes, 第二十六条二). Ranks as organisers write them in
//! any of the app's languages: `3d`, `业余3段`, `아마 3단`, `アマ三段`, `5級` (`model::rank_written`). [`review`] reads every line and says what each
//! would add, every bad line and every player already registered, before anything is stored;
//! [`parse`] is all or nothing.

use crate::error::{Detail, DomainError, LineFault, Noun, Result};
use crate::model::{OpenGothaRecord, Player, PlayerId, Rank};

/// Reads a rank the way entry lists write it, in any of the app's languages
/// ([`Rank::read_written`]).
pub fn parse_rank(s: &str) -> Result<Rank> {
    Rank::read_written(s)
}

/// A team board number as the organiser fixes it (第二十六条二): 1 to 8.
pub fn parse_board(s: &str) -> Result<u8> {
    s.trim().parse::<u8>().ok().filter(|b| (1..=crate::tournament::team::MAX_BOARDS).contains(b)).ok_or_else(|| {
        DomainError::Outside {
            what: Noun::Board,
            detail: Detail::NotABoard { written: s.to_owned(), max: crate::tournament::team::MAX_BOARDS },
        }
    })
}

/// A value's refusal on a line, after the name of what it is (`rank: …`).
fn why(e: DomainError) -> Detail {
    e.into_detail()
}

/// Splits one CSV line (RFC 4180 quoting).
fn fields(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                if let Some(f) = out.last_mut() {
                    f.push('"');
                }
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(String::new()),
            (c, _) => {
                if let Some(f) = out.last_mut() {
                    f.push(c);
                }
            }
        }
    }
    out.into_iter().map(|f| f.trim().to_owned()).collect()
}

/// What a column of a players' CSV holds. With a header line, columns are read by their names
/// (either language); without one, by position: `name,rank[,club[,team[,board]]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    Surname,
    Given,
    Rank,
    Club,
    Team,
    Board,
    Country,
    Pin,
    Rating,
}

fn column(header: &str) -> Option<Column> {
    use Column::*;
    Some(match header.trim().to_lowercase().replace([' ', '-'], "_").as_str() {
        "name" | "姓名" => Name,
        "surname" | "family_name" | "last_name" | "姓" => Surname,
        "given_name" | "first_name" | "firstname" | "名" => Given,
        "rank" | "grade" | "段位" => Rank,
        "club" | "单位" | "俱乐部" => Club,
        "team" | "队" | "队伍" => Team,
        "board" | "台次" => Board,
        "country" | "国家" => Country,
        "pin" | "egf_pin" | "egd_pin" => Pin,
        "rating" | "等级分" => Rating,
        _ => return None,
    })
}

/// A player's name split into surname and given name, as OpenGotha and the EGD keep them.
///
/// One column holds both; the rule, shown in the preview before anything is stored:
/// `Surname, Given` splits at the comma; else a single word written all in capitals among
/// others is the surname (`Anna SCHMIDT`); else the name is in the EGD's order, surname first
/// (`Schmidt Anna`, `王 一`); a name without a blank (`王一`) is all surname.
pub fn split_name(name: &str) -> (String, String) {
    let name = name.trim();
    if let Some((s, g)) = name.split_once(',') {
        return (s.trim().to_owned(), g.trim().to_owned());
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let capital =
        |w: &&str| w.chars().count() > 1 && w.chars().all(|c| !c.is_lowercase()) && w.chars().any(char::is_uppercase);
    if words.len() > 1 && words.iter().filter(|w| capital(w)).count() == 1 {
        if let Some(i) = words.iter().position(capital) {
            let given: Vec<&str> = words.iter().enumerate().filter(|(k, _)| *k != i).map(|(_, w)| *w).collect();
            return (words[i].to_owned(), given.join(" "));
        }
    }
    match name.split_once(char::is_whitespace) {
        Some((s, g)) => (s.to_owned(), g.trim().to_owned()),
        None => (name.to_owned(), String::new()),
    }
}

/// A surname and a given name as one name, as the name is written: East Asian names (Han,
/// Hangul, kana) without a blank (`李` + `昌镐` → `李昌镐`), others with one (`Schmidt Anna`);
/// OpenGotha's placeholder for no first name ([`NO_FIRST_NAME`]) is not part of the name.
pub fn join_name(surname: &str, given: &str) -> String {
    let (surname, given) = (surname.trim(), given.trim());
    if given.is_empty() || given == NO_FIRST_NAME {
        return surname.to_owned();
    }
    if surname.is_empty() {
        return given.to_owned();
    }
    if surname.chars().chain(given.chars()).all(is_east_asian) {
        format!("{surname}{given}")
    } else {
        format!("{surname} {given}")
    }
}

/// The first name OpenGotha gives a player who has none: its `Player` refuses an empty first
/// name, and its own readers of the EGF list and of `.h9` files write `x` then ("Just because
/// an empty first name is not allowed", `ExternalDocument`, `RatingList`).
pub const NO_FIRST_NAME: &str = "x";

/// A letter of a script whose names are written without blanks: Han, Hangul, kana.
fn is_east_asian(c: char) -> bool {
    matches!(u32::from(c),
        0x3040..=0x30FF // hiragana, katakana
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F // Han
        | 0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF // Hangul
    )
}

/// OpenGotha's key for a player: surname and given name, blanks removed, upper case. Two
/// registrations with the same key are the same person to OpenGotha.
pub fn name_key(surname: &str, given: &str) -> String {
    format!("{surname}{given}").split_whitespace().collect::<String>().to_uppercase()
}

/// The key of a registered player: from what OpenGotha knew, else the name split by the rule.
pub fn player_key(p: &Player) -> String {
    match &p.opengotha {
        Some(r) => name_key(&r.name, &r.first_name),
        None => {
            let (s, g) = split_name(&p.name);
            name_key(&s, &g)
        }
    }
}

/// One player a CSV would add, with the line it came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct CsvRow {
    pub line: u32,
    pub player: Player,
    /// The surname and given name the row is read as (the rule of [`split_name`]).
    pub surname: String,
    pub given_name: String,
    /// Already registered (an id) or earlier in the same file (`line N`): the same name or PIN.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(default))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub duplicate_of: Option<String>,
}

/// What a CSV would do, before anything is stored: the players it adds and every bad line.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct CsvReview {
    pub rows: Vec<CsvRow>,
    pub faults: Vec<crate::error::LineFault>,
}

/// The most players one file brings in (OpenGotha holds 2,000 in a tournament).
pub const MAX_PLAYERS: usize = 2000;
/// The most bad lines listed before the reading stops.
pub const MAX_FAULTS: usize = 100;

/// Reads every line of `text` against the players `existing`; new ids are `pNNN` from
/// `p{first}`. Bad lines are all listed, none stops the reading; duplicates are flagged.
pub fn review(text: &str, existing: &[Player], first: usize) -> CsvReview {
    let mut rows: Vec<CsvRow> = Vec::new();
    let mut faults = Vec::new();
    let mut columns: Option<Vec<Option<Column>>> = None;
    let mut seen_first = false;
    for (n, line) in text.lines().enumerate() {
        let line_no = u32::try_from(n).unwrap_or(u32::MAX).saturating_add(1);
        let line = line.trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            continue;
        }
        // Bounds (docs/security.md): a file of a tournament's players, its faults listed until
        // there are enough to fix first.
        if rows.len() >= MAX_PLAYERS {
            faults.push(LineFault::new(line_no, Detail::TooManyPlayers { max: MAX_PLAYERS }));
            break;
        }
        if faults.len() >= MAX_FAULTS {
            faults.push(LineFault::new(line_no, Detail::TooManyFaults { max: MAX_FAULTS }));
            break;
        }
        let f = fields(line);
        if !seen_first {
            seen_first = true;
            if column(&f[0]).is_some() {
                let cols: Vec<Option<Column>> = f.iter().map(|h| column(h)).collect();
                if let Some(i) = cols.iter().position(Option::is_none) {
                    faults.push(LineFault::new(line_no, Detail::UnknownColumn { column: f[i].clone() }));
                } else if !cols.contains(&Some(Column::Rank))
                    || !(cols.contains(&Some(Column::Name)) || cols.contains(&Some(Column::Surname)))
                {
                    faults.push(LineFault::new(line_no, Detail::HeaderNeedsNameAndRank));
                }
                columns = Some(cols);
                continue;
            }
        }
        match row(&f, columns.as_deref(), line_no, first + rows.len()) {
            Err(details) => faults.extend(details.into_iter().map(|d| LineFault::new(line_no, d))),
            Ok(mut r) => {
                let key = name_key(&r.surname, &r.given_name);
                let pin = r.player.opengotha.as_ref().and_then(|o| o.egf_pin.clone());
                let same_pin =
                    |p: &Player| pin.is_some() && p.opengotha.as_ref().and_then(|o| o.egf_pin.clone()) == pin;
                r.duplicate_of =
                    existing.iter().find(|p| player_key(p) == key || same_pin(p)).map(|p| p.id.to_string()).or_else(
                        || {
                            rows.iter()
                                .find(|o| name_key(&o.surname, &o.given_name) == key || same_pin(&o.player))
                                .map(|o| format!("line {}", o.line))
                        },
                    );
                rows.push(r);
            }
        }
    }
    if rows.is_empty() && faults.is_empty() {
        faults.push(LineFault::new(1, Detail::NoPlayers));
    }
    CsvReview { rows, faults }
}

/// One line's player, or everything wrong with it.
fn row(
    f: &[String],
    columns: Option<&[Option<Column>]>,
    line: u32,
    index: usize,
) -> std::result::Result<CsvRow, Vec<Detail>> {
    use Column::*;
    let positional = [Name, Rank, Club, Team, Board];
    let mut errors = Vec::new();
    let width = columns.map_or(positional.len(), <[_]>::len);
    if f.len() > width {
        errors.push(match columns {
            Some(_) => Detail::ColumnsOverHeader { found: f.len(), header: width },
            None => Detail::Columns { found: f.len() },
        });
    }
    let get = |c: Column| -> Option<String> {
        let i = match columns {
            Some(cols) => cols.iter().position(|x| *x == Some(c))?,
            None => positional.iter().position(|x| *x == c)?,
        };
        f.get(i).filter(|s| !s.is_empty()).cloned()
    };
    // A name is kept as written (`李昌镐`, `Anna SCHMIDT`); surname and given name, in two
    // columns or at a comma, are joined as such names are written (`join_name`). With both, the
    // two columns are the name OpenGotha and the EGD get (`Lee`, `Changho`) beside the name as
    // written.
    let as_written = |n: String| n.split_whitespace().collect::<Vec<_>>().join(" ");
    let (surname, given, explicit, written) = match (get(Surname), get(Given), get(Name)) {
        (Some(s), g, n) => (s, g.unwrap_or_default(), true, n.map(as_written)),
        (None, _, Some(n)) => {
            let (s, g) = split_name(&n);
            let comma = n.contains(',');
            (s, g, comma, (!comma).then(|| as_written(n.clone())))
        }
        (None, _, None) => (String::new(), String::new(), false, None),
    };
    let name = written.unwrap_or_else(|| join_name(&surname, &given));
    if name.is_empty() || name.chars().count() > 100 {
        errors.push(Detail::NameNeeded);
    }
    let rank = match get(Rank) {
        None => {
            errors.push(Detail::NoRank { name: name.clone() });
            None
        }
        Some(r) => parse_rank(&r).map_err(|e| errors.push(why(e))).ok(),
    };
    let board = get(Board).and_then(|b| parse_board(&b).map_err(|e| errors.push(why(e))).ok());
    let country = get(Country).and_then(|c| crate::model::Country::new(&c).map_err(|e| errors.push(why(e))).ok());
    let pin = get(Pin).and_then(|p| crate::model::Pin::new(&p).map_err(|e| errors.push(why(e))).ok());
    let rating = get(Rating).and_then(|r| match r.parse::<i32>() {
        Ok(v) if (-900..=2949).contains(&v) => Some(v),
        _ => {
            errors.push(Detail::NotARating { written: r, min: -900, max: 2949 });
            None
        }
    });
    let (Some(rank), true) = (rank, errors.is_empty()) else { return Err(errors) };
    let id = PlayerId::new(format!("p{:03}", index + 1)).map_err(|e| vec![why(e)])?;
    let record = (explicit || country.is_some() || pin.is_some() || rating.is_some()).then(|| OpenGothaRecord {
        name: surname.clone(),
        first_name: given.clone(),
        rating: rating.unwrap_or_else(|| crate::tournament::pairing::opengotha::initial_rating(rank)),
        country: country.map(|c| c.to_string()).unwrap_or_default(),
        egf_pin: pin,
        ..OpenGothaRecord::default()
    });
    Ok(CsvRow {
        line,
        player: Player { id, name, rank, club: get(Club), team: get(Team), board, opengotha: record },
        surname,
        given_name: given,
        duplicate_of: None,
    })
}

/// Parses the CSV into players with ids `p001`, `p002`, … after the `existing` ones: all or
/// nothing, every bad line named ([`DomainError::BadLines`]).
pub fn parse(text: &str, existing: usize) -> Result<Vec<Player>> {
    let r = review(text, &[], existing);
    if !r.faults.is_empty() {
        return Err(DomainError::BadLines { file: "players csv", lines: r.faults });
    }
    Ok(r.rows.into_iter().map(|r| r.player).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_paste_with_header_quotes_and_blank_lines() {
        let text = "姓名,段位,单位,队\n王 一,3d,\"北京, 海淀\",A队\n\n李二,5级\n";
        let p = parse(text, 2).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[0].id.as_str(), p[0].club.as_deref(), p[0].team.as_deref()),
            ("p003", Some("北京, 海淀"), Some("A队"))
        );
        assert_eq!((p[1].name.as_str(), p[1].rank, p[1].club.as_deref()), ("李二", Rank::Kyu(5), None));
    }

    #[test]
    fn a_bad_line_refuses_everything_and_says_where() {
        let e = parse("王一,3d\n李二,3x\n", 0).unwrap_err();
        assert!(e.to_string().contains("line 2") && e.to_string().contains("3x"), "{e}");
        assert!(parse("王一\n", 0).unwrap_err().to_string().contains("no rank"));
        assert!(parse("", 0).is_err());
        let e = parse("王一,3d,,A队,9\n", 0).unwrap_err();
        assert!(e.to_string().contains("line 1") && e.to_string().contains("not a board"), "{e}");
    }

    #[test]
    fn a_fifth_column_fixes_the_team_board() {
        let p = parse("王一,3d,,A队,2\n", 0).unwrap();
        assert_eq!((p[0].team.as_deref(), p[0].board), (Some("A队"), Some(2)));
    }

    #[test]
    fn every_bad_line_is_listed_with_what_is_wrong() {
        let text = "surname,given_name,rank,club,country,pin\n\
                    Schmidt,Anna,3d,Berlin,DE,12345678\n\
                    Dupont,Jean,3x,Paris,FR,23456789\n\
                    Rossi,Marco,2k,Roma,XX,34567890\n\
                    Novak,Petr,1d,Brno,CZ,1234\n\
                    Tanaka,Yuki,5k,,JP,\n";
        let r = review(text, &[], 0);
        let lines: Vec<u32> = r.faults.iter().map(|f| f.line).collect();
        assert_eq!(lines, vec![3, 4, 5]);
        assert!(r.faults[0].message.contains("`3x` is not a rank"), "{:?}", r.faults[0]);
        assert!(r.faults[1].message.contains("`XX` is not a country code"), "{:?}", r.faults[1]);
        assert!(r.faults[2].message.contains("`1234` is not an EGF PIN"), "{:?}", r.faults[2]);
        assert_eq!(r.rows.len(), 2);
        let anna = &r.rows[0];
        assert_eq!(
            (anna.surname.as_str(), anna.given_name.as_str(), anna.player.name.as_str()),
            ("Schmidt", "Anna", "Schmidt Anna")
        );
        let og = anna.player.opengotha.as_ref().unwrap();
        assert_eq!(
            (og.country.as_str(), og.egf_pin.as_ref().map(|p| p.as_str()), og.rating),
            ("DE", Some("12345678"), 2300)
        );
        match parse(text, 0) {
            Err(DomainError::BadLines { file: "players csv", lines }) => assert_eq!(lines.len(), 3),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn one_column_names_split_by_the_documented_rule() {
        assert_eq!(split_name("Schmidt, Anna"), ("Schmidt".into(), "Anna".into()));
        assert_eq!(split_name("Anna SCHMIDT"), ("SCHMIDT".into(), "Anna".into()));
        assert_eq!(split_name("Schmidt Anna Maria"), ("Schmidt".into(), "Anna Maria".into()));
        assert_eq!(split_name("王一"), ("王一".into(), String::new()));
        assert_eq!(split_name("王 一"), ("王".into(), "一".into()));
    }

    #[test]
    fn names_are_kept_as_written_and_parts_joined_as_the_script_writes_them() {
        let p = parse("name,rank\n李昌镐,9d\nAnna SCHMIDT,3d\n\"Schmidt, Anna\",2d\n王  一,1d\n", 0).unwrap();
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["李昌镐", "Anna SCHMIDT", "Schmidt Anna", "王 一"]);
        let p = parse("姓,名,段位\n李,昌镐,9d\n이,창호,9d\n井山,裕太,9d\nSchmidt,Anna,3d\n", 0).unwrap();
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["李昌镐", "이창호", "井山裕太", "Schmidt Anna"]);
        assert_eq!(join_name("王一", NO_FIRST_NAME), "王一");
        // The name as written beside the one OpenGotha and the EGD get, in Latin letters.
        let p = parse("姓名,surname,given_name,rank\n李昌镐,Lee,Changho,9d\n", 0).unwrap();
        let og = p[0].opengotha.as_ref().unwrap();
        assert_eq!((p[0].name.as_str(), og.name.as_str(), og.first_name.as_str()), ("李昌镐", "Lee", "Changho"));
    }

    #[test]
    fn a_player_already_registered_is_flagged_by_name_or_pin() {
        let existing = parse("surname,given_name,rank,pin\nSchmidt,Anna,3d,12345678\n", 0).unwrap();
        let r =
            review("name,rank,pin\n\"Schmidt, Anna\",3d,\nOther,2d,12345678\nNew One,1k,\nNEW one,1k,\n", &existing, 1);
        let dup: Vec<Option<&str>> = r.rows.iter().map(|x| x.duplicate_of.as_deref()).collect();
        assert_eq!(dup, vec![Some("p001"), Some("p001"), None, Some("line 4")]);
        assert_eq!(r.rows[0].player.id.as_str(), "p002");
    }
}

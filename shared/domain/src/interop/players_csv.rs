//! Players pasted or uploaded as CSV: `name,rank[,club[,team[,board]]]`, one per line, an
//! optional header line (board: the team board the organiser fixes, 第二十六条二). Ranks as organisers write them: `3d`, `5K`, `1p`, `业余3段`, `5级`, `职业9段`.
//! All or nothing: any bad line refuses the whole paste, naming the line.

use crate::error::{DomainError, Result};
use crate::model::{Player, PlayerId, Rank};

/// Reads a rank the way entry lists write it.
pub fn parse_rank(s: &str) -> Result<Rank> {
    let t = s.trim().to_lowercase();
    let t = t.strip_prefix("业余").unwrap_or(&t);
    let (t, pro) = match t.strip_prefix("职业") {
        Some(rest) => (rest, true),
        None => (t, false),
    };
    let t = t.replace('段', if pro { "p" } else { "d" }).replace('级', "k");
    t.parse().map_err(|_| DomainError::OutOfRange {
        what: "rank",
        message: format!("`{s}` is not a rank (e.g. `3d`, `5k`, `1p`, `业余3段`, `5级`)"),
    })
}

/// A team board number as the organiser fixes it (第二十六条二): 1 to 8.
pub fn parse_board(s: &str) -> Result<u8> {
    s.trim().parse::<u8>().ok().filter(|b| (1..=crate::tournament::team::MAX_BOARDS).contains(b)).ok_or_else(|| {
        DomainError::OutOfRange {
            what: "board",
            message: format!("`{s}` is not a board: 1 to {}", crate::tournament::team::MAX_BOARDS),
        }
    })
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

/// Parses the CSV into players with ids `p001`, `p002`, … after the `existing` ones.
pub fn parse(text: &str, existing: usize) -> Result<Vec<Player>> {
    let mut players = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            continue;
        }
        let f = fields(line);
        let bad = |m: String| DomainError::InvalidField { field: format!("line {}", n + 1), message: m };
        if n == 0 && matches!(f[0].to_lowercase().as_str(), "name" | "姓名") {
            continue;
        }
        let name = f.first().cloned().unwrap_or_default();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(bad("a name of 1 to 100 characters is needed".into()));
        }
        let rank = f.get(1).ok_or_else(|| bad(format!("`{name}` has no rank (name,rank[,club[,team[,board]]])")))?;
        let rank = parse_rank(rank).map_err(|e| bad(e.to_string()))?;
        let opt = |i: usize| f.get(i).filter(|s| !s.is_empty()).cloned();
        if f.len() > 5 {
            return Err(bad(format!("{} columns; expected name,rank[,club[,team[,board]]]", f.len())));
        }
        let board = opt(4).map(|b| parse_board(&b)).transpose().map_err(|e| bad(e.to_string()))?;
        players.push(Player {
            id: PlayerId::new(format!("p{:03}", existing + players.len() + 1))?,
            name,
            rank,
            club: opt(2),
            team: opt(3),
            board,
            opengotha: None,
        });
    }
    if players.is_empty() {
        return Err(DomainError::InvalidField { field: "csv".into(), message: "no players in the text".into() });
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranks_as_entry_lists_write_them() {
        for (s, r) in [
            ("3d", Rank::Dan(3)),
            ("5K", Rank::Kyu(5)),
            ("业余3段", Rank::Dan(3)),
            ("5级", Rank::Kyu(5)),
            ("职业9段", Rank::Pro(9)),
            ("1p", Rank::Pro(1)),
        ] {
            assert_eq!(parse_rank(s).unwrap(), r, "{s}");
        }
        assert!(parse_rank("3x").is_err());
    }

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
}

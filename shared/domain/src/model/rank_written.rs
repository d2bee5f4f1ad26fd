//! Ranks as officials write them, in each language of the app: read from what an organiser types
//! or an entry list carries, and written back the way that language's entry lists print them.
//!
//! - Latin: `3d`, `5K`, `1p`, `3 dan`, `5 kyu`
//! - 简体: `业余3段`, `5级`, `职业9段`, `初段`, `三段`, `十五级`
//! - 繁體: `業餘3段`, `5級`, `職業9段`
//! - 한국어: `아마 3단`, `아마추어 3단`, `5급`, `프로 9단`, `초단`
//! - 日本語: `アマ三段`, `5級`, `二十級`, `プロ九段`, `初段`
//!
//! Digits may be full-width (`３段`) and spaces or hyphens may stand between the parts. 初/초
//! is one dan only: a first kyu is written 1級, and 初級 means "beginner", no rank.

use crate::error::{Detail, DomainError, Noun, Result};
use crate::labels::Lang;
use crate::model::Rank;

/// Words before the number that say "amateur" (dropped: a dan is amateur unless said otherwise).
const AMATEUR: [&str; 9] = ["아마추어", "아마", "アマチュア", "アマ", "业余", "業餘", "業余", "amateur", "ama"];
/// Words before the number that make a dan professional.
const PRO: [&str; 6] = ["职业", "職業", "プロ", "프로", "professional", "pro"];

/// What the number counts.
#[derive(Clone, Copy, PartialEq)]
enum Unit {
    Dan,
    Kyu,
    ProDan,
}

/// Units after the number, longest first so `kyu` is not read as `k` and `yu`.
const UNITS: [(&str, Unit); 9] = [
    ("dan", Unit::Dan),
    ("kyu", Unit::Kyu),
    ("段", Unit::Dan),
    ("단", Unit::Dan),
    ("级", Unit::Kyu),
    ("級", Unit::Kyu),
    ("급", Unit::Kyu),
    ("d", Unit::Dan),
    ("k", Unit::Kyu),
];

impl Rank {
    /// Reads a rank as any of the app's languages writes it (see the module's list).
    pub fn read_written(s: &str) -> Result<Rank> {
        let written = s.trim().to_owned();
        let refused =
            |why: fn(String) -> Detail| DomainError::Outside { what: Noun::Rank, detail: why(written.clone()) };
        let plain = normalise(s);
        let (pro, rest) = prefix(&plain);
        let (number, unit) = match rest.strip_suffix('p') {
            // `1p`: a professional dan, written the Latin way.
            Some(n) if !pro => (n, Unit::ProDan),
            _ => {
                let (unit_text, unit) =
                    UNITS.iter().find(|(u, _)| rest.ends_with(u)).copied().ok_or_else(|| refused(not_a_rank))?;
                (&rest[..rest.len() - unit_text.len()], if pro && unit == Unit::Dan { Unit::ProDan } else { unit })
            }
        };
        let n = match number {
            "初" | "초" if unit != Unit::Kyu => 1,
            _ => read_number(number).ok_or_else(|| refused(not_a_rank))?,
        };
        match unit {
            Unit::Kyu if pro => Err(refused(|written| Detail::ProfessionalKyu { written })),
            Unit::Kyu if (1..=30).contains(&n) => Ok(Rank::Kyu(n)),
            Unit::Kyu => Err(refused(|written| Detail::KyuOver { written })),
            Unit::Dan if (1..=9).contains(&n) => Ok(Rank::Dan(n)),
            Unit::ProDan if (1..=9).contains(&n) => Ok(Rank::Pro(n)),
            Unit::Dan | Unit::ProDan => Err(refused(|written| Detail::DanOver { written })),
        }
    }

    /// The rank as `lang`'s entry lists print it: 业余3段 / 業餘3段 / 아마 3단 / アマ3段 / 3d.
    pub fn written(&self, lang: Lang) -> String {
        let (n, forms) = match *self {
            Rank::Kyu(n) => (n, ["{n}级", "{n}k", "{n}級", "{n}급", "{n}級"]),
            Rank::Dan(n) => (n, ["业余{n}段", "{n}d", "業餘{n}段", "아마 {n}단", "アマ{n}段"]),
            Rank::Pro(n) => (n, ["职业{n}段", "{n}p", "職業{n}段", "프로 {n}단", "プロ{n}段"]),
        };
        lang.pick(forms).replace("{n}", &n.to_string())
    }
}

/// Not a rank at all: the refusal gives each language's own examples (error::detail).
fn not_a_rank(written: String) -> Detail {
    Detail::NotARank { written }
}

/// Lower case, full-width digits and letters as ASCII, no spaces, hyphens or dots.
fn normalise(s: &str) -> String {
    s.trim()
        .chars()
        .map(|c| match c {
            '０'..='９' | 'Ａ'..='Ｚ' | 'ａ'..='ｚ' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            c => c,
        })
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '.' | '·' | '・'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Drops an amateur or professional word before the number: (professional, the rest).
fn prefix(s: &str) -> (bool, &str) {
    if let Some(rest) = PRO.iter().find_map(|p| s.strip_prefix(p)) {
        return (true, rest);
    }
    (false, AMATEUR.iter().find_map(|p| s.strip_prefix(p)).unwrap_or(s))
}

/// A number from 1 to 99 in Arabic digits, or in Chinese or Japanese numerals (三, 十五, 二十),
/// or in Sino-Korean ones (삼, 십오).
fn read_number(s: &str) -> Option<u8> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        return s.parse().ok().filter(|n| *n > 0);
    }
    let digit = |c: char| -> Option<u8> {
        let at = |list: &str| list.chars().position(|d| d == c).map(|i| i as u8 + 1);
        at("一二三四五六七八九").or_else(|| at("일이삼사오육칠팔구"))
    };
    let ten = |c: char| matches!(c, '十' | '십');
    let chars: Vec<char> = s.chars().collect();
    match chars[..] {
        [t] if ten(t) => Some(10),
        [d] => digit(d),
        [t, d] if ten(t) => Some(10 + digit(d)?),
        [d, t] if ten(t) => Some(10 * digit(d)?),
        [d, t, e] if ten(t) => Some(10 * digit(d)? + digit(e)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(s: &str) -> String {
        match Rank::read_written(s) {
            Err(e @ DomainError::Outside { what: Noun::Rank, .. }) => e.to_string()["rank: ".len()..].to_owned(),
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn reads_ranks_as_each_language_writes_them() {
        for (s, r) in [
            ("3d", Rank::Dan(3)),
            ("5K", Rank::Kyu(5)),
            ("1p", Rank::Pro(1)),
            ("3 dan", Rank::Dan(3)),
            ("15 Kyu", Rank::Kyu(15)),
            ("业余3段", Rank::Dan(3)),
            ("5级", Rank::Kyu(5)),
            ("职业9段", Rank::Pro(9)),
            ("业余初段", Rank::Dan(1)),
            ("十五级", Rank::Kyu(15)),
            ("十級", Rank::Kyu(10)),
            ("십급", Rank::Kyu(10)),
            ("業餘3段", Rank::Dan(3)),
            ("5級", Rank::Kyu(5)),
            ("職業九段", Rank::Pro(9)),
            ("아마 3단", Rank::Dan(3)),
            ("아마추어 3단", Rank::Dan(3)),
            ("5급", Rank::Kyu(5)),
            ("18급", Rank::Kyu(18)),
            ("프로 9단", Rank::Pro(9)),
            ("초단", Rank::Dan(1)),
            ("삼단", Rank::Dan(3)),
            ("アマ三段", Rank::Dan(3)),
            ("三段", Rank::Dan(3)),
            ("初段", Rank::Dan(1)),
            ("二十級", Rank::Kyu(20)),
            ("三十級", Rank::Kyu(30)),
            ("二十五級", Rank::Kyu(25)),
            ("プロ九段", Rank::Pro(9)),
            ("３段", Rank::Dan(3)),
            ("  5-kyu ", Rank::Kyu(5)),
        ] {
            assert_eq!(Rank::read_written(s), Ok(r), "{s}");
        }
    }

    #[test]
    fn every_rank_written_in_every_language_reads_back() {
        let all = (1..=30).map(Rank::Kyu).chain((1..=9).map(Rank::Dan)).chain((1..=9).map(Rank::Pro));
        for r in all {
            for l in Lang::ALL {
                assert_eq!(Rank::read_written(&r.written(l)), Ok(r), "{l:?} {}", r.written(l));
            }
        }
        assert_eq!(Rank::Dan(5).written(Lang::Ko), "아마 5단");
    }

    #[test]
    fn what_is_not_a_rank_is_refused_with_the_reason() {
        for s in ["3x", "", "段", "初級", "초급", "x段", "十十段", "0段", "3", "dan"] {
            assert_eq!(refusal(s), format!("`{}` is not a rank (e.g. `3d`, `5k`, `1p`)", s.trim()), "{s}");
        }
        assert_eq!(refusal("10段"), "`10段` is not a rank: dan ranks run from 1 to 9");
        assert_eq!(refusal("아마 10단"), "`아마 10단` is not a rank: dan ranks run from 1 to 9");
        assert_eq!(refusal("31k"), "`31k` is not a rank: kyu ranks run from 1 to 30");
        assert_eq!(refusal("职业5级"), "`职业5级` is not a rank: a professional has no kyu rank");
        assert_eq!(refusal("프로 5급"), "`프로 5급` is not a rank: a professional has no kyu rank");
    }
}

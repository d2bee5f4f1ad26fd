//! Names in Latin letters for the files Europe reads: the EGD's `.h9` and the FFG's `.tou` are
//! ISO-8859-15 text (OpenGotha 3.52.03 writes both with `OutputStreamWriter(…, "ISO-8859-15")`,
//! which turns every other character into `?`), so a name in Han, Hangul or kana must reach
//! them in Latin letters. This module says which names can be written there, and proposes a
//! transliteration for the organiser to accept or correct — never written by itself:
//! Hanyu Pinyin for Han (the `pinyin` crate), Revised Romanization for Hangul (the Ministry of
//! Culture's 2000 rules, per syllable as its §3.3 wants for given names), Hepburn for kana (the
//! `wana_kana` crate). A Japanese name in kanji has no proposal: kanji are read in Japanese,
//! and Pinyin would give a wrong name.

use serde::Serialize;

use pinyin::ToPinyin;

/// The byte of `c` in ISO-8859-15 (Latin-9), if it has one: Latin-1 but for eight places
/// (`€ Š š Ž ž Œ œ Ÿ` in place of `¤ ¦ ¨ ´ ¸ ¼ ½ ¾`).
pub fn latin9_byte(c: char) -> Option<u8> {
    match c {
        '€' => Some(0xA4),
        'Š' => Some(0xA6),
        'š' => Some(0xA8),
        'Ž' => Some(0xB4),
        'ž' => Some(0xB8),
        'Œ' => Some(0xBC),
        'œ' => Some(0xBD),
        'Ÿ' => Some(0xBE),
        '\u{A4}' | '\u{A6}' | '\u{A8}' | '\u{B4}' | '\u{B8}' | '\u{BC}' | '\u{BD}' | '\u{BE}' => None,
        c if (c as u32) < 0x100 => Some(c as u8),
        _ => None,
    }
}

/// Whether every character of `s` can be written in an `.h9` or `.tou`.
pub fn is_latin9(s: &str) -> bool {
    s.chars().all(|c| latin9_byte(c).is_some())
}

/// `text` as ISO-8859-15 bytes, `?` for a character it has no place for (as OpenGotha writes).
pub fn encode_latin9(text: &str) -> Vec<u8> {
    text.chars().map(|c| latin9_byte(c).unwrap_or(b'?')).collect()
}

/// The transliteration a proposal follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Scheme {
    /// Hanyu Pinyin, without tones (Chinese names).
    HanyuPinyin,
    /// Revised Romanization of Korean (2000), syllable by syllable.
    RevisedRomanization,
    /// Hepburn (kana).
    Hepburn,
}

/// What can be said of a name for the EGD.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Proposal {
    /// Already writable as it is.
    Latin,
    /// A transliteration for the organiser to check (surname first, as the EGD takes names).
    Proposed { surname: String, given_name: String, scheme: Scheme },
    /// No proposal: the organiser enters the name. `why` says why (a Japanese name in kanji,
    /// mixed scripts, a script no scheme here reads).
    Organiser { why: String },
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

fn is_kana(c: char) -> bool {
    ('\u{3041}'..='\u{30FF}').contains(&c) && c != '・'
}

fn is_han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{3400}'..='\u{4DBF}').contains(&c) || c == '〇'
}

/// Chinese surnames of two characters (复姓) most often met; any other surname is one character.
const HAN_COMPOUND_SURNAMES: [&str; 16] = [
    "欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "令狐", "慕容", "司徒", "夏侯", "尉迟", "公孙", "长孙", "宇文",
    "端木", "南宫",
];

/// Surnames whose reading is not the character's most common one.
const HAN_SURNAME_READINGS: [(&str, &str); 10] = [
    ("单", "shan"),
    ("曾", "zeng"),
    ("仇", "qiu"),
    ("解", "xie"),
    ("区", "ou"),
    ("朴", "piao"),
    ("查", "zha"),
    ("尉迟", "yuchi"),
    ("乐", "yue"),
    ("盖", "ge"),
];

/// Korean surnames of two syllables; any other surname is one syllable.
const HANGUL_COMPOUND_SURNAMES: [&str; 7] = ["남궁", "선우", "제갈", "황보", "독고", "사공", "서문"];

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A proposal for `name` (as written), for a player from `country` (ISO 3166 alpha-2, empty
/// when not known): a player from Japan written in kanji gets none.
pub fn propose(name: &str, country: &str) -> Proposal {
    let name = name.trim();
    if is_latin9(name) {
        return Proposal::Latin;
    }
    let letters: String = name.chars().filter(|c| !c.is_whitespace() && *c != '・').collect();
    let all = |f: fn(char) -> bool| !letters.is_empty() && letters.chars().all(f);
    if all(is_hangul) {
        let surname_len = if HANGUL_COMPOUND_SURNAMES.iter().any(|s| letters.starts_with(s)) { 2 } else { 1 };
        let (s, g) = split_at_chars(&letters, surname_len);
        return proposed(romanize_hangul(&s), romanize_hangul(&g), Scheme::RevisedRomanization);
    }
    if all(is_kana) {
        // A kana name written with a blank (or ・) is split there, family name first; else it is
        // one word for the organiser to split.
        let parts: Vec<&str> = name.split(|c: char| c.is_whitespace() || c == '・').filter(|p| !p.is_empty()).collect();
        let hepburn = |s: &str| wana_kana::ConvertJapanese::to_romaji(s).replace('\'', "");
        let (s, g) = match parts.as_slice() {
            [s, g @ ..] => (hepburn(s), g.iter().map(|p| hepburn(p)).collect::<Vec<_>>().join(" ")),
            [] => (String::new(), String::new()),
        };
        return proposed(s, g, Scheme::Hepburn);
    }
    if all(is_han) {
        if country.eq_ignore_ascii_case("JP") {
            return Proposal::Organiser {
                why: "a Japanese name in kanji is read in Japanese, not in Pinyin: enter it as the player writes it in Latin letters".into(),
            };
        }
        let surname_len = if HAN_COMPOUND_SURNAMES.iter().any(|s| letters.starts_with(s)) { 2 } else { 1 };
        let (s, g) = split_at_chars(&letters, surname_len);
        let surname = HAN_SURNAME_READINGS.iter().find(|(h, _)| *h == s).map(|(_, r)| (*r).to_owned());
        let (Some(surname), Some(given)) = (surname.or_else(|| han_pinyin(&s)), han_pinyin(&g)) else {
            return Proposal::Organiser { why: "a character with no Pinyin reading known here".into() };
        };
        return proposed(surname, given, Scheme::HanyuPinyin);
    }
    Proposal::Organiser { why: "no transliteration here reads this name's letters (mixed or other scripts)".into() }
}

fn proposed(surname: String, given: String, scheme: Scheme) -> Proposal {
    Proposal::Proposed { surname: capitalised(&surname), given_name: capitalised(&given), scheme }
}

fn split_at_chars(s: &str, n: usize) -> (String, String) {
    (s.chars().take(n).collect(), s.chars().skip(n).collect())
}

/// Pinyin without tones, the syllables of one name run together (`昌镐` → `changhao`); an
/// apostrophe where a syllable starting with a vowel would run into the one before (`西安`
/// → `xi'an`), as Pinyin's rules write it.
fn han_pinyin(s: &str) -> Option<String> {
    let mut out = String::new();
    for c in s.chars() {
        let p = c.to_pinyin()?.plain();
        if !out.is_empty() && p.starts_with(['a', 'e', 'o']) {
            out.push('\'');
        }
        out.push_str(p);
    }
    Some(out)
}

const RR_INITIAL: [&str; 19] =
    ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"];
const RR_VOWEL: [&str; 21] = [
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu",
    "ui", "i",
];
// The final consonant as the rules write it before a consonant or at the end (§2.2: ㄱ, ㄷ, ㅂ
// as k, t, p; ㄹ as l).
const RR_FINAL: [&str; 28] = [
    "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng", "t",
    "t", "k", "t", "p", "t",
];

/// Revised Romanization, syllable by syllable: the rules transcribe a given name's syllables
/// without the sound changes between them (§3.3), and the surname apart.
fn romanize_hangul(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        let i = (c as u32).wrapping_sub(0xAC00);
        if i >= 11172 {
            continue;
        }
        let (l, v, t) = ((i / 588) as usize, ((i % 588) / 28) as usize, (i % 28) as usize);
        // A syllable's ㄹ starting a word is r (§3.1); between vowels too.
        out.push_str(RR_INITIAL[l]);
        out.push_str(RR_VOWEL[v]);
        out.push_str(RR_FINAL[t]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str, g: &str, scheme: Scheme) -> Proposal {
        Proposal::Proposed { surname: s.into(), given_name: g.into(), scheme }
    }

    #[test]
    fn names_get_a_proposal_by_their_script() {
        assert_eq!(propose("古力", ""), p("Gu", "Li", Scheme::HanyuPinyin));
        // A character of several readings gets its commonest (镐 gǎo, read hào in this name),
        // and the player is known as Lee Changho: why a proposal is shown, never written.
        assert_eq!(propose("李昌镐", ""), p("Li", "Changgao", Scheme::HanyuPinyin));
        assert_eq!(propose("柯洁", "CN"), p("Ke", "Jie", Scheme::HanyuPinyin));
        assert_eq!(propose("欧阳东方", ""), p("Ouyang", "Dongfang", Scheme::HanyuPinyin));
        assert_eq!(propose("曾文", ""), p("Zeng", "Wen", Scheme::HanyuPinyin));
        assert_eq!(propose("王一安", ""), p("Wang", "Yi'an", Scheme::HanyuPinyin));
        // Revised Romanization, not the spellings players use (Lee Changho, Park Junghwan):
        // the organiser corrects them, or the EGF list gives them.
        assert_eq!(propose("이창호", ""), p("I", "Changho", Scheme::RevisedRomanization));
        assert_eq!(propose("박정환", ""), p("Bak", "Jeonghwan", Scheme::RevisedRomanization));
        assert_eq!(propose("신진서", ""), p("Sin", "Jinseo", Scheme::RevisedRomanization));
        assert_eq!(propose("남궁민", ""), p("Namgung", "Min", Scheme::RevisedRomanization));
        assert_eq!(propose("やまだ たろう", ""), p("Yamada", "Tarou", Scheme::Hepburn));
        assert_eq!(propose("シンイチ", ""), p("Shinichi", "", Scheme::Hepburn));
        assert!(matches!(propose("井山裕太", "JP"), Proposal::Organiser { why } if why.contains("not in Pinyin")));
        assert!(matches!(propose("山田はな", ""), Proposal::Organiser { .. }));
        assert_eq!(propose("José Müller", "ES"), Proposal::Latin);
        assert_eq!(
            propose("Łukasz", "PL"),
            Proposal::Organiser {
                why: "no transliteration here reads this name's letters (mixed or other scripts)".into()
            }
        );
    }

    #[test]
    fn latin9_is_latin1_but_for_eight_places() {
        assert_eq!(encode_latin9("Müller €Œ"), [b'M', 0xFC, b'l', b'l', b'e', b'r', b' ', 0xA4, 0xBC]);
        assert_eq!(encode_latin9("王¤Ł"), b"???");
        assert!(!is_latin9("Šarūnas") && is_latin9("Šimon Žák"));
    }
}

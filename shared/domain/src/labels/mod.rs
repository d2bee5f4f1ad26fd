//! Labels in the languages the rules are refereed in, kept in the core so the app, the office
//! and every export say the same thing. Simplified Chinese first: it is the referees' language;
//! English beside it in the code; 繁體中文 (the Ing rules, Taiwan), 한국어 (the KBA's rules) and
//! 日本語 in a table of their own ([`translations`]), keyed by the Chinese.

#[cfg(test)]
mod checks;
mod said;
mod translations;

pub use said::Said;
pub(crate) use said::{said, say};

use serde::{Serialize, Serializer};

/// A language a screen may be in. Wire names as the UI keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Lang {
    Zh,
    En,
    ZhHant,
    Ko,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::Zh, Lang::En, Lang::ZhHant, Lang::Ko, Lang::Ja];

    /// This language's one of `five`, given in the order of [`Lang::ALL`].
    pub fn pick<T>(self, five: [T; 5]) -> T {
        let [zh, en, zh_hant, ko, ja] = five;
        match self {
            Lang::Zh => zh,
            Lang::En => en,
            Lang::ZhHant => zh_hant,
            Lang::Ko => ko,
            Lang::Ja => ja,
        }
    }
}

/// A label: Simplified Chinese and English written where the value is defined; the other
/// languages read from [`translations`]. On the wire all five: `{zh, en, zh_hant, ko, ja}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, as = "LabelWire"))]
pub struct Label {
    pub zh: &'static str,
    pub en: &'static str,
}

/// [`Label`] as it is sent.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Label"))]
struct LabelWire {
    zh: &'static str,
    en: &'static str,
    zh_hant: &'static str,
    ko: &'static str,
    ja: &'static str,
}

impl Label {
    pub const fn new(zh: &'static str, en: &'static str) -> Self {
        Self { zh, en }
    }

    /// This label's row of the translation table, if it has one.
    fn row(self) -> Option<&'static (&'static str, &'static str, &'static str, &'static str)> {
        translations::ROWS.binary_search_by(|r| r.0.cmp(self.zh)).ok().and_then(|i| translations::ROWS.get(i))
    }

    /// The label in `lang`: a language the table lacks a row for falls back to the Chinese
    /// (繁體) or the English (한국어, 日本語).
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
            Lang::ZhHant => self.row().map_or(self.zh, |r| r.1),
            Lang::Ko => self.row().map_or(self.en, |r| r.2),
            Lang::Ja => self.row().map_or(self.en, |r| r.3),
        }
    }

    /// Whether every language has this label of its own (what the tests hold every label to).
    pub fn translated(self) -> bool {
        self.row().is_some_and(|r| !r.1.is_empty() && !r.2.is_empty() && !r.3.is_empty())
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        LabelWire {
            zh: self.zh,
            en: self.en,
            zh_hant: self.get(Lang::ZhHant),
            ko: self.get(Lang::Ko),
            ja: self.get(Lang::Ja),
        }
        .serialize(s)
    }
}

/// Anything shown to people has a label in both languages.
pub trait Labelled {
    fn label(&self) -> Label;
}

/// Implements `Display` as “中文 (English)” for a labelled type, so messages carry both.
macro_rules! display_via_label {
    ($($t:ty),* $(,)?) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let l = $crate::labels::Labelled::label(self);
                write!(f, "{} ({})", l.zh, l.en)
            }
        }
    )*};
}
pub(crate) use display_via_label;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_whole() {
        for w in translations::ROWS.windows(2) {
            assert!(w[0].0 < w[1].0, "{} before {}", w[0].0, w[1].0);
        }
        for r in translations::ROWS {
            assert!(!r.1.is_empty() && !r.2.is_empty() && !r.3.is_empty(), "{r:?}");
        }
        let l = Label::new("妨碍他人思考", "disturbing others");
        assert_eq!(l.get(Lang::ZhHant), "妨礙他人思考");
        assert_eq!(l.get(Lang::Ko), "수읽기 방해");
        assert_eq!(serde_json::to_value(l).unwrap()["ja"], "他人の考慮の妨害");
        assert_eq!(Label::new("未有", "none such").get(Lang::Ko), "none such", "falls back to English");
    }
}

//! A sentence the core says to people — an error, a standings note — in every language a screen
//! may be in. Unlike a [`Label`], it is built at run time from a template per
//! language with values (players, articles, rulings) put in; the values bring their own labels.

use serde::{Deserialize, Serialize};

use super::{Label, Lang};

/// One sentence in each of the five languages. On the wire `{zh, en, zh_hant, ko, ja}`, as a
/// [`Label`] is, so the UI reads both alike.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Said {
    pub zh: String,
    pub en: String,
    pub zh_hant: String,
    pub ko: String,
    pub ja: String,
}

impl Said {
    /// The sentence `say` makes in each language.
    pub fn each(mut say: impl FnMut(Lang) -> String) -> Said {
        Said { zh: say(Lang::Zh), en: say(Lang::En), zh_hant: say(Lang::ZhHant), ko: say(Lang::Ko), ja: say(Lang::Ja) }
    }

    /// The sentence in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
            Lang::ZhHant => &self.zh_hant,
            Lang::Ko => &self.ko,
            Lang::Ja => &self.ja,
        }
    }

    /// Whether every language has a sentence of its own: the Korean and Japanese not the
    /// English, the 繁體 not empty (it may equal the 简体 where no character differs).
    pub fn whole(&self) -> bool {
        let all = [&self.zh, &self.en, &self.zh_hant, &self.ko, &self.ja];
        all.iter().all(|s| !s.trim().is_empty()) && self.ko != self.en && self.ja != self.en
    }
}

impl From<Label> for Said {
    fn from(l: Label) -> Said {
        Said::each(|lang| l.get(lang).to_owned())
    }
}

/// One template per language, the one for `$l` made: `say!(l => zh: format!("{}…",
/// who.label().get(l)), en: …, zh_hant: …, ko: …, ja: …)`. For a sentence wanted in one
/// language only (an error's English `Display`), so the others are not built.
macro_rules! say {
    ($l:ident => zh: $zh:expr, en: $en:expr, zh_hant: $zht:expr, ko: $ko:expr, ja: $ja:expr $(,)?) => {{
        let said: String = match $l {
            $crate::labels::Lang::Zh => $zh.into(),
            $crate::labels::Lang::En => $en.into(),
            $crate::labels::Lang::ZhHant => $zht.into(),
            $crate::labels::Lang::Ko => $ko.into(),
            $crate::labels::Lang::Ja => $ja.into(),
        };
        said
    }};
}
pub(crate) use say;

/// A [`Said`] from one template per language ([`say!`] in each); `$l` is the language, for the
/// labels put in.
macro_rules! said {
    ($l:ident => $($templates:tt)*) => {
        $crate::labels::Said::each(|$l| $crate::labels::say!($l => $($templates)*))
    };
}
pub(crate) use said;

//! Chinese and English labels, kept in the core so the app, the office and every export say
//! the same thing. Simplified Chinese first: it is the referees' language.

use serde::Serialize;

/// A bilingual label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Label {
    pub zh: &'static str,
    pub en: &'static str,
}

impl Label {
    pub const fn new(zh: &'static str, en: &'static str) -> Self {
        Self { zh, en }
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

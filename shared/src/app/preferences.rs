//! The app's own preferences (the screens' language, the desk's chime): a small file beside the
//! store in the device's data folder, so that folder is all of an instance's state — two
//! instances with two folders share nothing, and a backup of the folder keeps them. Written whole
//! and durably (`store::file`): after a power cut it holds the old choice or the new, never half.
//! The office's pages in a browser keep theirs in the browser instead (ui/src/prefs.ts).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, Result};
use crate::store::file;
use arbiter_domain::labels::Lang;

/// The file in the data folder.
pub const FILE: &str = "preferences.json";

/// The file's format; a file of a newer format is refused, not half-read.
const VERSION: u32 = 1;

/// What the user of this device chose; the defaults until they choose.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct Preferences {
    /// The screens' language, if chosen (none: the tournament's ruleset decides).
    #[serde(default)]
    pub lang: Option<Lang>,
    /// Whether the desk's chime for a new card is off.
    #[serde(default)]
    pub queue_muted: bool,
}

/// The file as written: its format's version, then the preferences.
#[derive(Serialize, Deserialize)]
struct OnDisk {
    version: u32,
    #[serde(flatten)]
    preferences: Preferences,
}

/// The preferences kept in `dir`, or the defaults when none were kept yet.
pub fn load(dir: &Path) -> Result<Preferences> {
    let Some(bytes) = file::read(dir, FILE)? else { return Ok(Preferences::default()) };
    let damaged = |why: String| CoreError::Damaged {
        message: format!(
            "the preferences in {} cannot be read ({why}); the defaults apply until a choice is made again",
            dir.join(FILE).display()
        ),
    };
    let kept: OnDisk = serde_json::from_slice(&bytes).map_err(|e| damaged(e.to_string()))?;
    if kept.version != VERSION {
        return Err(damaged(format!("format {} where this build reads {VERSION}", kept.version)));
    }
    Ok(kept.preferences)
}

/// Replaces the preferences kept in `dir` with `preferences`, durably.
pub fn save(dir: &Path, preferences: &Preferences) -> Result<()> {
    let bytes = serde_json::to_vec_pretty(&OnDisk { version: VERSION, preferences: preferences.clone() })
        .map_err(CoreError::storage)?;
    file::write_atomic(dir, FILE, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("arbiter-prefs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn defaults_until_saved_then_what_was_saved() {
        let dir = scratch("roundtrip");
        assert_eq!(load(&dir).unwrap(), Preferences::default());
        let chosen = Preferences { lang: Some(Lang::Ja), queue_muted: true };
        save(&dir, &chosen).unwrap();
        assert_eq!(load(&dir).unwrap(), chosen);
        let text = std::fs::read_to_string(dir.join(FILE)).unwrap();
        assert!(text.contains("\"version\": 1") && text.contains("\"lang\": \"ja\""), "{text}");
        // Nothing else is left in the folder (the temporary file was renamed over).
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, [FILE]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_or_newer_file_is_refused_saying_which_and_a_new_choice_replaces_it() {
        let dir = scratch("damaged");
        std::fs::write(dir.join(FILE), b"{\"version\": 1, \"lang\": \"xx\"").unwrap();
        let Err(CoreError::Damaged { message }) = load(&dir) else { panic!("a damaged file is refused") };
        assert!(message.contains(&dir.join(FILE).display().to_string()), "{message}");
        std::fs::write(dir.join(FILE), b"{\"version\": 2, \"lang\": \"ja\"}").unwrap();
        let Err(CoreError::Damaged { message }) = load(&dir) else { panic!("a newer format is refused") };
        assert!(message.contains("format 2 where this build reads 1"), "{message}");
        let chosen = Preferences { lang: Some(Lang::En), queue_muted: false };
        save(&dir, &chosen).unwrap();
        assert_eq!(load(&dir).unwrap(), chosen);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_apps_on_two_folders_share_no_preferences_and_a_reopened_app_has_its_own() {
        let (one, two) = (scratch("app-one"), scratch("app-two"));
        {
            let a = crate::app::App::open(&one).unwrap();
            let b = crate::app::App::open(&two).unwrap();
            let chosen = Preferences { lang: Some(Lang::Ja), queue_muted: true };
            assert_eq!(a.set_preferences(&chosen).unwrap(), chosen);
            assert_eq!(b.preferences().unwrap(), Preferences::default());
        }
        let again = crate::app::App::open(&one).unwrap();
        assert_eq!(again.preferences().unwrap().lang, Some(Lang::Ja));
        drop(again);
        for dir in [one, two] {
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}

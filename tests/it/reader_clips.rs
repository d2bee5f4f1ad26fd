//! The byo-yomi reader's recorded clips (`ui/public/clips/`, made by `scripts/make-clips`): for
//! every call the reader's schedule can make (up to 10 reserved minutes or periods of 10–45 s,
//! Canadian and Fischer's last ten seconds), the clip exists in
//! Chinese, English, Korean and Japanese (繁體 plays the Mandarin), and it ends before the next call is due — the last minute's counts come
//! a second apart (第十二条), so a count that ran longer would talk over the next.

use std::path::{Path, PathBuf};

use arbiter_core::timing::{schedule, ClockFact, ClockSettings, GameClock, OvertimeClock};

fn clips() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/public/clips")
}

/// Seconds of sound in a PCM WAV file, from its `fmt ` and `data` chunks.
fn wav_seconds(path: &Path) -> f64 {
    let b = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&b[0..4], b"RIFF", "{}", path.display());
    assert_eq!(&b[8..12], b"WAVE", "{}", path.display());
    let (mut byte_rate, mut data) = (0u32, 0u32);
    let mut at = 12;
    while at + 8 <= b.len() {
        let id = &b[at..at + 4];
        let size = u32::from_le_bytes([b[at + 4], b[at + 5], b[at + 6], b[at + 7]]);
        if id == b"fmt " {
            byte_rate = u32::from_le_bytes([b[at + 16], b[at + 17], b[at + 18], b[at + 19]]);
        } else if id == b"data" {
            data = size;
        }
        at += 8 + size as usize + (size as usize & 1);
    }
    assert!(byte_rate > 0 && data > 0, "{}: not a PCM WAV with sound", path.display());
    f64::from(data) / f64::from(byte_rate)
}

#[test]
fn every_call_has_its_clip_and_no_clip_runs_into_the_next_call() {
    let mut checked = 0;
    let mut longest_count = 0.0f64;
    // 第十二条's reserved minutes, byo-yomi periods of other lengths, Canadian blocks, Fischer.
    let mut settings: Vec<ClockSettings> = (1..=10u8).map(|r| ClockSettings::reserved(0, r)).collect();
    for period_s in [10u64, 20, 30, 40, 45] {
        settings.extend((1..=10u8).map(|count| ClockSettings {
            main_ms: 0,
            overtime: OvertimeClock::Periods { count, period_ms: period_s * 1_000 },
        }));
    }
    settings.push(ClockSettings { main_ms: 0, overtime: OvertimeClock::Canadian { moves: 10, block_ms: 300_000 } });
    settings.push(ClockSettings { main_ms: 60_000, overtime: OvertimeClock::Fischer { increment_ms: 10_000 } });
    for s in settings {
        let mut clock = GameClock::new(s);
        clock.apply(ClockFact::Start { to_move: arbiter_core::model::Colour::Black }, 0).unwrap();
        let calls = schedule(&clock);
        for (i, a) in calls.iter().enumerate() {
            for lang in ["zh", "en", "ko", "ja"] {
                let path = clips().join(lang).join(format!("{}.wav", a.call.clip()));
                let secs = wav_seconds(&path);
                assert!(secs > 0.1, "{} is (nearly) silent: {secs:.2} s", path.display());
                if let Some(next) = calls.get(i + 1) {
                    let gap = (next.at_ms - a.at_ms) as f64 / 1000.0;
                    assert!(secs < gap, "{} lasts {secs:.2} s, the next call comes {gap:.2} s later", path.display());
                }
                if matches!(a.call, arbiter_core::timing::Call::Count(_)) {
                    longest_count = longest_count.max(secs);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
    println!("longest count clip: {longest_count:.2} s");
}

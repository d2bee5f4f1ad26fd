//! `arbiter-office count FILE.sgf`: a record replayed with every check and counted by the
//! ruleset's method, dead stones taken off as marked; an illegal move refused with its number
//! and article. The expected counts are worked out by hand below, or are the published ones of
//! the domain crate's fixtures.

use std::process::Command;

fn office(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office")).args(args).output().expect("run");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// SGF letters for a 19×19 point given as column and row from the bottom (0-based).
fn sgf(x: u8, y: u8) -> String {
    format!("{}{}", char::from(b'a' + x), char::from(b'a' + 18 - y))
}

/// Black walls column K (x = 9), White column L (x = 10), move by move; White first drops a
/// stone at C3 inside Black's side, which Black never answers (it is dead).
fn walls() -> String {
    let mut s = String::from("(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]");
    s.push_str(&format!(";B[{}];W[{}]", sgf(9, 18), sgf(2, 2)));
    for y in 0..19 {
        // Black's K19 was its first move: it passes instead (第二条).
        if y < 18 {
            s.push_str(&format!(";B[{}]", sgf(9, y)));
        } else {
            s.push_str(";B[]");
        }
        s.push_str(&format!(";W[{}]", sgf(10, y)));
    }
    s.push_str(")\n");
    s
}

fn file(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("arbiter-count-{name}-{}.sgf", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn a_record_is_counted_with_its_dead_stones_off() {
    let f = file("walls", &walls());
    // Black: columns A–J (9 × 19 = 171) and its wall (19) = 190 子; White: its wall and M–T
    // (19 + 8 × 19) = 171 子. With 3¾ 子 komi Black needs 184¼: Black wins by 5¾ 子.
    let (code, out, err) = office(&["count", &f, "--dead", "C3", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["black"].as_f64(), v["white"].as_f64(), v["shared_points"].as_u64()),
        (Some(190.0), Some(171.0), Some(0))
    );
    assert_eq!(v["method"], "area");
    assert_eq!(v["result"]["winner"], "black");
    assert_eq!(v["result"]["margin"], serde_json::json!({"unit": "stones", "quarters_or_halves": 23}), "5¾ 子");
    assert_eq!(v["margin_points"].as_f64(), Some(11.5), "5¾ 子 = 11.5 points");
    assert_eq!(v["moves"], 40);
    // With 2 子 komi (1988) the margin is 7½ 子, in words.
    let (code, out, _) = office(&["count", &f, "--dead", "c3", "--komi", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("黑 190 子") && out.contains("7½子") && out.contains("第九条"), "{out}");
    // Not marked dead, the white stone makes Black's side shared with it: a different count.
    let (_, out, _) = office(&["count", &f, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_ne!(v["black"].as_f64(), Some(190.0));
}

#[test]
fn an_illegal_move_or_a_wrong_mark_is_refused_with_a_reason() {
    let ko = file("ko", "(;SZ[19]AB[as][br][bq]AW[bs][cr][cq][ds];B[cs];W[bs])");
    let (code, _, err) = office(&["count", &ko]);
    assert_eq!(code, 1);
    assert!(err.contains("move 2") && err.contains("第二十条一"), "{err}");
    let f = file("walls2", &walls());
    let (code, _, err) = office(&["count", &f, "--dead", "D4"]);
    assert_ne!(code, 0);
    assert!(err.contains("no stone on D4"), "{err}");
    let (code, _, err) = office(&["count", &f, "--dead", "Z99"]);
    assert_ne!(code, 0);
    assert!(err.contains("`Z99` is not a point"), "{err}");
    let (code, _, err) = office(&["count", &f, "--komi", "6.5"]);
    assert_ne!(code, 0);
    assert!(err.contains("2, 2.75 or 3.75"), "{err}");
    let (code, _, err) = office(&["count", &f, "--ruleset", "korean", "--komi", "6.3"]);
    assert_ne!(code, 0);
    assert!(err.contains("multiple of 0.5"), "{err}");
    let (code, _, err) = office(&["count", &file("bad", "(;SZ[19];B[ee]")]);
    assert_ne!(code, 0);
    assert!(err.contains("line 1"), "{err}");
}

fn fixture(name: &str) -> String {
    format!("{}/../shared/domain/tests/fixtures/sgf/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn korean_territory_and_ing_counts_with_the_records_own_marks() {
    // CGoban scored it: Black 23 territory + 1 capture, White 18 + 6 + 5.5 komi: White by 5.5.
    let f = fixture("cgoban_9x9_w_5_half.sgf");
    let (code, out, err) = office(&["count", &f, "--ruleset", "korean", "--komi", "5.5", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"], "territory");
    assert_eq!((v["black"].as_f64(), v["white"].as_f64()), (Some(24.0), Some(24.0)));
    assert_eq!(v["white_detail"]["prisoners"], 6);
    assert_eq!(v["result"]["winner"], "white");
    assert_eq!(v["result"]["margin"], serde_json::json!({"unit": "points", "quarters_or_halves": 11}));
    // Dead stones from the TB/TW marks: the white stone at G4 on Black's, A8 and B8 on White's.
    assert_eq!(v["dead"], serde_json::json!(["G4", "A8", "B8"]));
    // The text names the KBA articles; the default komi is 6.5.
    let (_, out, _) = office(&["count", &f, "--ruleset", "korean"]);
    assert!(out.contains("白胜") && out.contains("6.5") && out.contains("第十三"), "{out}");
    // Ing: the published W+0.5 at 7.5 komi by area is 7 points apart: White by 1 at 8 komi.
    let (code, out, err) =
        office(&["count", &fixture("katago_botvbot_w_half.sgf"), "--ruleset", "ing", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["method"].as_str(), v["black"].as_f64(), v["white"].as_f64()),
        (Some("ing"), Some(184.0), Some(177.0))
    );
    assert_eq!(v["result"]["margin"], serde_json::json!({"unit": "points", "quarters_or_halves": 2}));
}

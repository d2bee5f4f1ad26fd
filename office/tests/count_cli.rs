//! `arbiter-office count FILE.sgf`: a 19×19 record replayed with every check and counted by
//! 第九条 (area, against 180½ with the komi), dead stones taken off as marked; an illegal move
//! refused with its number and article. The expected counts are worked out by hand below.

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
    let small = file("small", "(;SZ[9];B[ee])");
    let (code, _, err) = office(&["count", &small]);
    assert_ne!(code, 0);
    assert!(err.contains("19×19"), "{err}");
    let (code, _, err) = office(&["count", &file("bad", "(;SZ[19];B[ee]")]);
    assert_ne!(code, 0);
    assert!(err.contains("line 1"), "{err}");
}

//! What the tests of the real `arbiter-office` binary share: a tournament made with `init`, and
//! a `serve` process started on a data directory that says where it listens.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_arbiter-office");

/// `arbiter-office init` of tournament `t1` in `data` with `env`; the organiser's token.
pub fn init(data: &Path, name: &str, env: &[(&str, &str)]) -> String {
    let out = Command::new(BIN)
        .args(["init", "--data", data.to_str().unwrap(), "--id", "t1", "--name", name])
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines().find_map(|l| l.strip_prefix("organiser token: ")).expect("the token").trim().to_owned()
}

/// `arbiter-office serve --data DATA --bind 127.0.0.1:0` plus `extra` arguments, with `env`;
/// the process (its stderr piped when `keep_stderr`) and the address it listens on.
pub fn serve(data: &Path, extra: &[&str], env: &[(&str, &str)], keep_stderr: bool) -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--data", data.to_str().unwrap(), "--bind", "127.0.0.1:0"])
        .args(extra)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(if keep_stderr { Stdio::piped() } else { Stdio::null() })
        .spawn()
        .expect("serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = loop {
        let line = lines.next().expect("the office said where it listens").unwrap();
        if let Some(a) = line.strip_prefix("arbiter-office listening on ") {
            break a.to_owned();
        }
    };
    (child, url)
}

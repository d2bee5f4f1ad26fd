//! The office's certificate from the command line, as an organiser uses it: `init` makes one and
//! says its fingerprint, `cert show` repeats it, `cert next` stages a replacement and `cert
//! activate` serves it; the organiser's own pair is checked before it replaces anything; and
//! `serve` refuses plain HTTP off loopback and a tablet address of the wrong scheme.

use std::process::Command;

fn office(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter-office")).args(args).output().expect("run");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn field<'a>(out: &'a str, name: &str) -> &'a str {
    out.lines().find_map(|l| l.trim().strip_prefix(name)).map(str::trim).unwrap_or_else(|| panic!("no {name} in {out}"))
}

fn scratch(name: &str) -> String {
    let d = std::env::temp_dir().join(format!("arbiter-cert-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d.to_string_lossy().into_owned()
}

#[test]
fn init_makes_a_certificate_and_the_organiser_rotates_it() {
    let data = scratch("rotate");
    let (code, out, err) = office(&["init", "--data", &data, "--id", "t1", "--name", "证书杯"]);
    assert_eq!(code, 0, "{err}");
    let at_init = field(&out, "certificate:").split("  ").next().unwrap().to_owned();
    let (code, shown, err) = office(&["cert", "show", "--data", &data]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(field(&shown, "short fingerprint:"), at_init);
    let sha = field(&shown, "sha256:").to_owned();
    assert_eq!(sha.len(), 64);
    assert!(sha.starts_with(&at_init.replace(' ', "").to_lowercase()));

    let (code, staged, err) = office(&["cert", "next", "--data", &data]);
    assert_eq!(code, 0, "{err}");
    let next = field(&staged, "sha256:").to_owned();
    assert_ne!(next, sha);
    assert_eq!(field(&office(&["cert", "show", "--data", &data]).1, "sha256:"), sha, "staging serves nothing new yet");
    let (code, active, err) = office(&["cert", "activate", "--data", &data]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(field(&active, "sha256:"), next);
    assert_eq!(field(&office(&["cert", "show", "--data", &data]).1, "sha256:"), next);
    let (code, _, err) = office(&["cert", "activate", "--data", &data]);
    assert_ne!(code, 0);
    assert!(err.contains("no certificate is staged"), "{err}");
}

#[test]
fn a_bad_pair_or_a_plain_http_hall_is_refused_with_a_reason() {
    let data = scratch("bad");
    assert_eq!(office(&["init", "--data", &data, "--id", "t1", "--name", "x"]).0, 0);
    let before = field(&office(&["cert", "show", "--data", &data]).1, "sha256:").to_owned();
    let cert = format!("{data}/tls/office.crt");
    let (code, _, err) = office(&["cert", "install", "--data", &data, "--cert", &cert, "--key", &cert]);
    assert_ne!(code, 0);
    assert!(err.contains("the key file is not a PEM private key"), "{err}");
    let (code, _, err) = office(&["cert", "install", "--data", &data, "--cert", "/nonexistent.pem", "--key", &cert]);
    assert_ne!(code, 0);
    assert!(err.contains("/nonexistent.pem"), "{err}");
    assert_eq!(field(&office(&["cert", "show", "--data", &data]).1, "sha256:"), before, "nothing replaced");

    let (code, _, err) = office(&["serve", "--data", &data, "--bind", "0.0.0.0:0", "--insecure-http"]);
    assert_ne!(code, 0);
    assert!(err.contains("`--insecure-http`: serves only on a loopback address"), "{err}");
    // The test clock (a file anyone on this machine can write) is refused off loopback too.
    let (code, _, err) = office(&["serve", "--data", &data, "--bind", "0.0.0.0:0", "--clock-file", "/tmp/clock"]);
    assert_ne!(code, 0);
    assert!(err.contains("`--clock-file`: serves only on a loopback address"), "{err}");
    let (code, _, err) =
        office(&["serve", "--data", &data, "--bind", "127.0.0.1:0", "--tablet-url", "http://192.168.1.10:7878"]);
    assert_ne!(code, 0);
    assert!(err.contains("must use an address starting with https://"), "{err}");
}

//! `serve` that cannot start says why and what to do, as an operator reads it: a taken port (by
//! any process, or by another office, named), an address this machine does not have, a
//! certificate that cannot be read, a data folder this user may not write in. Each ends the
//! process with `cannot_start` and exit status 2, having stored nothing.
//! The binary alone in an empty folder serves its pages: they are built into it.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{self, BIN};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-startup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `serve` with `args`: its exit status and what it said on stderr.
fn serve_fails(program: &mut Command) -> (i32, String) {
    let out = program.output().expect("run");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn serve(data: &Path, bind: &str) -> Command {
    let mut c = Command::new(BIN);
    c.args(["serve", "--data", data.to_str().unwrap(), "--bind", bind]);
    c
}

#[test]
fn a_taken_port_names_the_address_and_who_holds_it() {
    // Any process.
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port();
    let data = scratch("port-any");
    let (code, err) = serve_fails(&mut serve(&data, &format!("127.0.0.1:{port}")));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "cannot listen on 127.0.0.1:{port}: port {port} is taken — another process holds it (process {}",
            std::process::id()
        )) && err.contains("[cannot_start]"),
        "{err}"
    );
    drop(holder);

    // Another office: named by its process id.
    let first_data = scratch("port-office-a");
    let (mut first, address) = support::serve(&first_data, &[], &[], false);
    let port = address.rsplit(':').next().unwrap().to_owned();
    let data = scratch("port-office-b");
    let (code, err) = serve_fails(&mut serve(&data, &format!("127.0.0.1:{port}")));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("another arbiter office holds it (process {}: `", first.id())), "{err}");
    assert!(err.contains(first_data.to_str().unwrap()), "its command line names its data folder: {err}");
    let _ = first.kill();
    let _ = first.wait();
}

#[test]
fn an_address_this_machine_does_not_have_is_said_with_the_fix() {
    // TEST-NET-1 (RFC 5737): never a local address. Only a bind is tried; nothing is sent.
    let data = scratch("addr");
    let (code, err) = serve_fails(&mut serve(&data, "192.0.2.1:7878"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot listen on 192.0.2.1:7878: this machine has no address 192.0.2.1"), "{err}");
    assert!(err.contains("ip -brief address") && err.contains("0.0.0.0:7878"), "{err}");
}

#[test]
fn a_certificate_that_cannot_be_read_says_where_and_how_to_replace_it() {
    let data = scratch("cert");
    support::init(&data, "证书杯", &[]);
    Command::new(BIN).args(["cert", "show", "--data", data.to_str().unwrap()]).output().unwrap();
    std::fs::write(data.join("tls/office.crt"), "not a certificate").unwrap();
    let (code, err) = serve_fails(&mut serve(&data, "127.0.0.1:0"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("cannot read the office's certificate in {}", data.join("tls").display())), "{err}");
    assert!(err.contains("cert install") && err.contains("new self-signed one"), "{err}");
}

#[test]
fn a_data_folder_this_user_may_not_write_in_says_so_with_the_fix() {
    let data = scratch("perm");
    std::fs::create_dir_all(&data).unwrap();
    let mut c;
    // Root writes anywhere: the office runs as `nobody` (setpriv) on a folder only root may use.
    if is_root() {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).unwrap();
        c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN]);
    } else {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o500)).unwrap();
        c = Command::new(BIN);
    }
    c.args(["serve", "--data", data.to_str().unwrap(), "--bind", "127.0.0.1:0"]);
    let (code, err) = serve_fails(&mut c);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("cannot use the data folder {}", data.display())), "{err}");
    assert!(err.contains("permission denied") && err.contains("chown -R"), "{err}");
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 0, "nothing stored");
}

/// Whether this process runs as root (its effective user id, from /proc).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("Uid:")).map(|l| l.split_whitespace().nth(2) == Some("0")))
        .unwrap_or(false)
}

#[test]
fn the_binary_alone_in_an_empty_folder_serves_its_pages() {
    // A copy of the binary where no `ui/dist` is, started from there.
    let home = scratch("alone");
    std::fs::create_dir_all(&home).unwrap();
    let copy = home.join("arbiter-office");
    std::fs::copy(BIN, &copy).unwrap();
    let mut child = Command::new(&copy)
        .current_dir(&home)
        .args(["serve", "--data", "data", "--bind", "127.0.0.1:0", "--insecure-http"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut said = String::new();
    let address = loop {
        let mut line = String::new();
        assert!(std::io::BufRead::read_line(&mut lines, &mut line).unwrap() > 0, "the office stopped: {said}");
        said += &line;
        if let Some(a) = line.trim().strip_prefix("arbiter-office listening on http://") {
            break a.to_owned();
        }
    };
    assert!(said.contains("pages: built into this binary"), "{said}");
    let get = |path: &str| {
        let mut s = std::net::TcpStream::connect(&address).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer
    };
    let page = get("/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.to_ascii_lowercase().contains("content-type: text/html"), "{page}");
    assert!(page.contains("<div id=\"app\">"), "the built index.html: {page}");
    let manifest = get("/manifest.webmanifest");
    assert!(manifest.to_ascii_lowercase().contains("content-type: application/manifest+json"), "{manifest}");
    let missing = get("/no-such-page");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    let health = get("/api/v1/health");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn receipts_of_an_office_that_is_no_venue_say_where_receipts_are() {
    let data = scratch("receipts");
    support::init(&data, "回执杯", &[]);
    let out = Command::new(BIN).args(["receipts", "--data", data.to_str().unwrap()]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is not a venue office") && err.contains("[not_a_venue]"), "{err}");
}

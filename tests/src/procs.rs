//! Office processes a test can kill with SIGKILL and start again on the same port, and a small
//! tmpfs a test can fill (a full disk under a running process; mounting needs root, which CI has).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use arbiter_core::sync::protocol::API_PREFIX;
use arbiter_core::sync::tls::{self, CertFingerprint, Pin, Pins};
use serde_json::Value;

use crate::{free_port, Endpoint};

/// An office process (the `office` test child) on `127.0.0.1:port`, its data in `dir`.
pub struct OfficeProc {
    child: Option<Child>,
    program: String,
    dir: PathBuf,
    store: Option<String>,
    env: Vec<(String, String)>,
    pub port: u16,
    pub url: String,
    pub cert: CertFingerprint,
    pub http: reqwest::Client,
}

/// A call's refusal: its status and body.
#[derive(Debug)]
pub struct Refused {
    pub status: u16,
    pub body: Value,
}

impl OfficeProc {
    /// Starts `program` (the caller's `CARGO_BIN_EXE_office`) on `dir`, its events in `store`
    /// (PostgreSQL) if given, with `env` set.
    pub fn start(program: &str, dir: &Path, store: Option<&str>, env: &[(&str, &str)]) -> OfficeProc {
        let env: Vec<(String, String)> = env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        let port = free_port();
        let child = start_office_child(program, dir, port, store, &env, false);
        let cert = arbiter_office::tls::current(dir).unwrap_or_else(|e| panic!("{e}")).fingerprint;
        let http = tls::http_client(&Pins::new(Pin::Exact(vec![cert])), Some(Duration::from_secs(20)))
            .unwrap_or_else(|e| panic!("{e}"));
        OfficeProc {
            child: Some(child),
            program: program.to_owned(),
            dir: dir.to_owned(),
            store: store.map(str::to_owned),
            env,
            port,
            url: format!("https://127.0.0.1:{port}"),
            cert,
            http,
        }
    }

    pub fn alive(&self) -> bool {
        self.child.is_some()
    }

    /// Whether it stopped by itself (it exits with status 75 when its store can no longer
    /// write): its exit status, once; it is then not alive, and a restart starts it again.
    pub fn stopped_by_itself(&mut self) -> Option<std::process::ExitStatus> {
        let status = self.child.as_mut()?.try_wait().ok().flatten()?;
        self.child = None;
        Some(status)
    }

    /// SIGKILL, and reaped: nothing of it runs on.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts it again on the same port and data (a no-op while it runs).
    pub fn restart(&mut self) {
        if self.child.is_none() {
            self.child =
                Some(start_office_child(&self.program, &self.dir, self.port, self.store.as_deref(), &self.env, false));
        }
    }

    pub fn endpoint(&self) -> Endpoint {
        Endpoint { url: self.url.clone(), pin: Pin::Exact(vec![self.cert]) }
    }

    /// Calls `path` with `token`; the JSON answer, or the refusal (a network failure is a
    /// refusal with status 0).
    pub async fn call(
        &self,
        token: &str,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, Refused> {
        let mut r = self.http.request(method, format!("{}{API_PREFIX}{path}", self.url)).bearer_auth(token);
        if let Some(b) = body {
            r = r.json(&b);
        }
        let resp = r.send().await.map_err(|e| Refused { status: 0, body: Value::String(e.to_string()) })?;
        let status = resp.status();
        let v: Value = resp.json().await.unwrap_or_default();
        if status.is_success() {
            Ok(v)
        } else {
            Err(Refused { status: status.as_u16(), body: v })
        }
    }

    /// [`OfficeProc::call`] that must succeed.
    pub async fn ok(&self, token: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        self.call(token, method, path, body).await.unwrap_or_else(|r| panic!("{path}: {} {}", r.status, r.body))
    }
}

impl Drop for OfficeProc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the office test child `program` on `dir` at 127.0.0.1:`port`, its events in `store`
/// (PostgreSQL) if given, with `env` set, and waits (bounded) for its listening line. Its
/// stderr is the test's where `loud` or `HARNESS_VERBOSE` is set (the fault harness restarts
/// offices hundreds of times and keeps them quiet); its later stdout is drained, never left
/// to fill a pipe or to break one.
pub fn start_office_child(
    program: &str,
    dir: &Path,
    port: u16,
    store: Option<&str>,
    env: &[(String, String)],
    loud: bool,
) -> Child {
    let loud = loud || std::env::var_os("HARNESS_VERBOSE").is_some();
    for _ in 0..50 {
        let mut child = Command::new(program)
            .arg(dir)
            .arg(format!("127.0.0.1:{port}"))
            .args(store)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::piped())
            .stderr(if loud { Stdio::inherit() } else { Stdio::null() })
            .spawn()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        // The office prints what tablets need first, then that it listens.
        let Some(stdout) = child.stdout.take() else { panic!("piped") };
        let mut out = std::io::BufReader::new(stdout);
        let listening = (0..10).any(|_| {
            let mut line = String::new();
            std::io::BufRead::read_line(&mut out, &mut line).is_ok_and(|n| n > 0) && line.contains("listening")
        });
        if listening {
            // Its later lines go nowhere, and it never blocks on a full pipe.
            std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
            return child;
        }
        // The process before it may still hold the store or the port for a moment.
        let _ = child.kill();
        let _ = child.wait();
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("the office at {} did not start", dir.display());
}

/// A tmpfs of `mb` MB, unmounted when dropped.
pub struct Tmpfs {
    pub dir: PathBuf,
    filler: Option<PathBuf>,
}

/// Whether this process runs as root (mounting a tmpfs needs it).
pub fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

impl Tmpfs {
    /// Mounts one at a fresh folder named for `name`; None where this process may not mount.
    pub fn mount(name: &str, mb: u64) -> Option<Tmpfs> {
        if !is_root() {
            return None;
        }
        let dir = crate::scratch(name);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={mb}m"), "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mounting a tmpfs at {} failed", dir.display());
        Some(Tmpfs { dir, filler: None })
    }

    /// Free bytes on it.
    fn available(&self) -> u64 {
        let out = Command::new("df").args(["-B1", "--output=avail"]).arg(&self.dir).output();
        out.ok()
            .and_then(|o| String::from_utf8_lossy(&o.stdout).lines().nth(1).and_then(|l| l.trim().parse().ok()))
            .unwrap_or(0)
    }

    /// Fills it until `leave` bytes are free (tmpfs allocates as written: zeros, not a sparse
    /// length). Filled already: nothing more.
    pub fn fill(&mut self, leave: u64) {
        if self.filler.is_some() {
            return;
        }
        let filler = self.dir.join("filler");
        let mut left = self.available().saturating_sub(leave);
        let f = std::fs::File::create(&filler).unwrap_or_else(|e| panic!("{e}"));
        let mut w = std::io::BufWriter::new(f);
        let chunk = vec![0u8; 1 << 16];
        while left > 0 {
            let n = usize::try_from(left.min(chunk.len() as u64)).unwrap_or(chunk.len());
            if std::io::Write::write_all(&mut w, &chunk[..n]).is_err() {
                break;
            }
            left -= n as u64;
        }
        let _ = std::io::Write::flush(&mut w);
        self.filler = Some(filler);
    }

    /// Frees what [`Tmpfs::fill`] took.
    pub fn free(&mut self) {
        if let Some(f) = self.filler.take() {
            let _ = std::fs::remove_file(f);
        }
    }

    pub fn full(&self) -> bool {
        self.filler.is_some()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

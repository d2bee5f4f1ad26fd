//! A throwaway PostgreSQL cluster for tests: `initdb` in a temporary folder, a server on a
//! loopback port (its socket in that folder too), run as the unprivileged `postgres` user when
//! the tests run as root (PostgreSQL refuses to run as root), stopped and removed when dropped.
//! Debian's `postgresql` package provides the binaries (`scripts/setup` installs it).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A running cluster.
pub struct PgCluster {
    root: PathBuf,
    bin: PathBuf,
    pub port: u16,
    fsync: bool,
}

/// The newest installed PostgreSQL's binaries (`/usr/lib/postgresql/<version>/bin`).
fn bin_dir() -> PathBuf {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .unwrap_or_else(|e| panic!("PostgreSQL is not installed (scripts/setup installs Debian's postgresql): {e}"))
        .filter_map(Result::ok)
        .filter_map(|d| Some((d.file_name().to_str()?.parse().ok()?, d.path().join("bin"))))
        .collect();
    versions.sort();
    versions.pop().map(|(_, p)| p).unwrap_or_else(|| panic!("no PostgreSQL version under /usr/lib/postgresql"))
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// Runs `program args` as the server's user.
fn as_server_user(program: &Path, args: &[&str]) -> Output {
    let mut c = if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    c.args(args).output().unwrap_or_else(|e| panic!("{}: {e}", program.display()))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(54_321)
}

impl PgCluster {
    /// Initialises and starts a cluster named `name` in a folder no other cluster of this process
    /// uses (the tests share one process), for tests: fsync off (see `start_server`).
    pub fn start(name: &str) -> PgCluster {
        PgCluster::start_with(name, false)
    }

    /// The same, every commit flushed to the disk as a production server does: for benchmarks
    /// that compare the PostgreSQL store with the sled store's fsynced journal.
    pub fn start_fsynced(name: &str) -> PgCluster {
        PgCluster::start_with(name, true)
    }

    fn start_with(name: &str, fsync: bool) -> PgCluster {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let root = std::env::temp_dir().join(format!("arbiter-pg-{name}-{n}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        if is_root() {
            let ok =
                Command::new("chown").args(["-R", "postgres:postgres"]).arg(&root).status().is_ok_and(|s| s.success());
            assert!(ok, "chown {} to postgres", root.display());
        }
        let bin = bin_dir();
        let data = root.join("data");
        let data_s = data.to_str().unwrap().to_owned();
        let init = as_server_user(
            &bin.join("initdb"),
            &["-D", &data_s, "-U", "arbiter", "--auth=trust", "-E", "UTF8", "--no-locale"],
        );
        assert!(init.status.success(), "initdb: {}", String::from_utf8_lossy(&init.stderr));
        // A port another process took between our look and the server's bind: try another.
        for _ in 0..3 {
            let cluster = PgCluster { root: root.clone(), bin: bin.clone(), port: free_port(), fsync };
            if cluster.start_server() {
                return cluster;
            }
        }
        let log = std::fs::read_to_string(root.join("server.log")).unwrap_or_default();
        panic!("the PostgreSQL server did not start: {log}");
    }

    fn start_server(&self) -> bool {
        let root_s = self.root.to_str().unwrap().to_owned();
        let data_s = format!("{root_s}/data");
        // Tests run with fsync off: a commit still reaches the kernel before it returns
        // (synchronous_commit stays on), so a killed or restarted server loses nothing; only a
        // crash of the whole machine could, and no test makes one. The flushes cost most of a
        // test's time here.
        let fsync = if self.fsync { "on" } else { "off" };
        let options = format!("-p {} -k {root_s} -c listen_addresses=127.0.0.1 -c fsync={fsync}", self.port);
        let log = format!("{root_s}/server.log");
        as_server_user(
            &self.bin.join("pg_ctl"),
            &["-D", &data_s, "-l", &log, "-o", &options, "-w", "-t", "30", "start"],
        )
        .status
        .success()
    }

    /// Starts the server again after [`PgCluster::stop`], on the same port.
    pub fn restart(&self) {
        assert!(self.start_server(), "the PostgreSQL server did not start again");
    }

    /// `host=127.0.0.1 port=… user=arbiter dbname=postgres`.
    pub fn url(&self) -> String {
        format!("host=127.0.0.1 port={} user=arbiter dbname=postgres", self.port)
    }

    /// Creates a database `name` (letters, digits, `_`; a name already taken is made anew) and
    /// answers its connection string.
    pub fn database(&self, name: &str) -> String {
        let name: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
            .take(60)
            .collect();
        for sql in [format!("DROP DATABASE IF EXISTS {name}"), format!("CREATE DATABASE {name}")] {
            let out = self.psql_command("postgres", "-qc", &sql).output().unwrap_or_else(|e| panic!("psql: {e}"));
            assert!(out.status.success(), "{sql}: {}", String::from_utf8_lossy(&out.stderr));
        }
        format!("host=127.0.0.1 port={} user=arbiter dbname={name}", self.port)
    }

    /// `psql` running `sql` (after `flags`, e.g. `-qc`) on `dbname` of this cluster: without the
    /// person's `~/.psqlrc` (-X: their settings are not the test's) and never waiting at a
    /// password prompt (-w).
    fn psql_command(&self, dbname: &str, flags: &str, sql: &str) -> Command {
        let mut c = Command::new(self.bin.join("psql"));
        c.args([
            "-X",
            "-w",
            "-h",
            "127.0.0.1",
            "-p",
            &self.port.to_string(),
            "-U",
            "arbiter",
            "-d",
            dbname,
            flags,
            sql,
        ]);
        c
    }

    /// Runs `sql` in database `dbname` (as the test's superuser), panicking on an error.
    pub fn psql(&self, dbname: &str, sql: &str) {
        let out = self.psql_command(dbname, "-qc", sql).output().unwrap_or_else(|e| panic!("psql: {e}"));
        assert!(out.status.success(), "{sql}: {}", String::from_utf8_lossy(&out.stderr));
    }

    /// Holds `table` locked (ACCESS EXCLUSIVE: no one reads or writes it) for `seconds` from a
    /// connection of its own, in the background; returns once the lock is held.
    pub fn hold_lock(&self, table: &str, seconds: u32) -> std::process::Child {
        let sql = format!("BEGIN; LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep({seconds}); COMMIT;");
        let mut child = self
            .psql_command("postgres", "-qc", &sql)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("psql: {e}"));
        let held = format!(
            "SELECT count(*) FROM pg_locks WHERE relation = '{table}'::regclass AND mode = 'AccessExclusiveLock' AND granted"
        );
        let taken = || {
            let out = self.psql_command("postgres", "-tAc", &held).output().ok()?;
            (String::from_utf8_lossy(&out.stdout).trim() == "1").then_some(())
        };
        if super::wait::poll_blocking(std::time::Duration::from_secs(5), taken).is_none() {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the lock on {table} was not taken within 5 s");
        }
        child
    }

    /// Stops the server (fast shutdown: connections are closed, nothing committed is lost).
    pub fn stop(&self) {
        let data = self.root.join("data");
        let _ = as_server_user(
            &self.bin.join("pg_ctl"),
            &["-D", data.to_str().unwrap(), "-m", "fast", "-w", "-t", "30", "stop"],
        );
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A person's psql start-up file is not the tests': one that sends its output elsewhere and
    /// fails a statement (as `PSQLRC` points psql to it, like a `~/.psqlrc`) leaves the tests'
    /// psql answering cleanly — where psql without `-X` runs it, so the file is really there to
    /// be ignored.
    #[test]
    fn the_tests_psql_reads_no_startup_file() {
        let pg = PgCluster::start("psqlrc");
        let rc = pg.root.join("hostile-psqlrc");
        std::fs::write(&rc, "SELECT 1/0;\n\\o /dev/null\n").unwrap();
        let ours = pg.psql_command("postgres", "-tAc", "SELECT 41 + 1").env("PSQLRC", &rc).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&ours.stdout).trim(), "42");
        assert_eq!(String::from_utf8_lossy(&ours.stderr), "");
        let port = pg.port.to_string();
        let bare = Command::new(pg.bin.join("psql"))
            .args(["-w", "-h", "127.0.0.1", "-p", &port, "-U", "arbiter", "-d", "postgres", "-tAc", "SELECT 41 + 1"])
            .env("PSQLRC", &rc)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&bare.stdout).trim(), "", "psql without -X sent its answer to /dev/null");
        assert!(String::from_utf8_lossy(&bare.stderr).contains("division by zero"), "psql without -X ran the file");
    }
}

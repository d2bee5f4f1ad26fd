//! What `serve` checks as it starts — its data folder, its certificate, its port — each failure
//! said with what to do: which address, who holds it, which folder, which command.

use std::io::ErrorKind;
use std::net::SocketAddr;
use std::path::Path;

use crate::error::OfficeError;

/// Listens on `addr`; the data folder `data` tells whether the holder of a taken port is this
/// folder's own office (`serving.json`).
pub async fn bind(addr: SocketAddr, data: &Path) -> Result<tokio::net::TcpListener, OfficeError> {
    tokio::net::TcpListener::bind(addr).await.map_err(|e| refused(addr, &e, data, holder_of(addr.port())))
}

/// The process listening on `port` and its command line, found the way `ss -p` finds it: the
/// socket's inode in `/proc/net/tcp{,6}`, then the process holding that inode open. Linux only,
/// and only processes this user may look into; `None` otherwise. Nothing is sent to the holder.
fn holder_of(port: u16) -> Option<(u32, String)> {
    let listening = format!(":{port:04X}");
    let inode = ["/proc/net/tcp", "/proc/net/tcp6"].iter().find_map(|table| {
        let text = std::fs::read_to_string(table).ok()?;
        text.lines().skip(1).find_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            // local address, state 0A (LISTEN), inode
            (f.len() > 9 && f[1].ends_with(&listening) && f[3] == "0A").then(|| f[9].to_owned())
        })
    })?;
    let socket = format!("socket:[{inode}]");
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|entry| {
        let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
        let holds = std::fs::read_dir(entry.path().join("fd"))
            .ok()?
            .flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|t| t.to_string_lossy() == socket));
        if !holds {
            return None;
        }
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let words: Vec<String> = cmdline
            .split(|b| *b == 0)
            .filter(|w| !w.is_empty())
            .map(|w| String::from_utf8_lossy(w).into_owned())
            .collect();
        Some((pid, words.join(" ")))
    })
}

/// What a failed bind says, by the kind of failure; `holder`: the process found listening on the
/// port, and its command line.
pub fn refused(addr: SocketAddr, e: &std::io::Error, data: &Path, holder: Option<(u32, String)>) -> OfficeError {
    let port = addr.port();
    let why = match e.kind() {
        ErrorKind::AddrInUse => {
            let office = holder.as_ref().filter(|(_, cmd)| cmd.contains("arbiter-office"));
            let holder = match (office, crate::serving::who(data).filter(|s| s.address.ends_with(&format!(":{port}")))) {
                (_, Some(s)) => format!(
                    "this data folder's office holds it (process {}, serving since {} at {}): use that office, or stop it first",
                    s.pid,
                    s.since.format("%Y-%m-%d %H:%M UTC"),
                    s.address
                ),
                (Some((pid, cmd)), None) => format!(
                    "another arbiter office holds it (process {pid}: `{cmd}`): use it, stop it, or choose another port with --bind {}:<port>",
                    addr.ip()
                ),
                (None, None) => {
                    let who = holder.map_or_else(
                        || format!("`ss -ltnp 'sport = :{port}'` names it"),
                        |(pid, cmd)| format!("process {pid}: `{cmd}`"),
                    );
                    format!(
                        "another process holds it ({who}): stop it, or choose another port with --bind {}:<port>",
                        addr.ip()
                    )
                }
            };
            format!("port {port} is taken — {holder}")
        }
        ErrorKind::AddrNotAvailable => format!(
            "this machine has no address {}: bind to one of its own (`ip -brief address` lists them), or to 0.0.0.0:{port} for all of them",
            addr.ip()
        ),
        ErrorKind::PermissionDenied => format!(
            "port {port} needs privileges this user does not have (ports below 1024): use a port above 1023, e.g. --bind {}:7878",
            addr.ip()
        ),
        _ => e.to_string(),
    };
    OfficeError::Startup(format!("cannot listen on {addr}: {why}"))
}

/// Refuses a data folder this user cannot write in (before the store is opened, whose own error
/// would not say what to do).
pub fn data_folder(data: &Path) -> Result<(), OfficeError> {
    let fail = |why: String| OfficeError::Startup(format!("cannot use the data folder {}: {why}", data.display()));
    if data.exists() && !data.is_dir() {
        return Err(fail("it is a file, not a folder".to_owned()));
    }
    let probe = data.join(".write-probe");
    let tried = std::fs::create_dir_all(data)
        .and_then(|()| std::fs::write(&probe, b""))
        .and_then(|()| std::fs::remove_file(&probe));
    match tried {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::PermissionDenied => Err(fail(format!(
            "this user may not write in it (permission denied): run the office as the folder's owner, or give it the folder (`sudo chown -R \"$(id -un)\": {}`)",
            data.display()
        ))),
        Err(e) => Err(fail(e.to_string())),
    }
}

/// The certificate could not be read: where it is, and the two ways on.
pub fn certificate(data: &Path, e: &OfficeError) -> OfficeError {
    let tls = data.join("tls");
    OfficeError::Startup(format!(
        "cannot read the office's certificate in {}: {e}. Install a good one (`arbiter-office cert install --data {} --cert CERT.pem --key KEY.pem`), or move {} away for a new self-signed one (devices that pinned the old one enroll again)",
        tls.display(),
        data.display(),
        tls.display()
    ))
}

//! The office over HTTPS, as a hall's Wi-Fi sees it (hall security, parts 1–2): a passive
//! sniffer between a tablet and the office learns no token and no ruling; a second certificate
//! on the office's address (someone impersonating it) is refused by an enrolled tablet, which
//! sends nothing and says why in its banner; and the organiser's rotation (`cert next`, then
//! `cert activate`) is followed by every tablet that synced in between. Real offices on
//! 127.0.0.1, the real app and sync client, a real TCP relay recording every byte.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::app::App;
use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Role};
use arbiter_core::rules::{Incident, Ruling};
use arbiter_core::sync::tls::Pin;
use arbiter_core::CoreError;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_office::tls::{self, Slot};
use arbiter_tests::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn warning(c: Colour, note: &str) -> EventBody {
    EventBody::IncidentRecorded {
        incident: Incident::Disturbing { offender: c },
        ruling: Some(Ruling::Warning),
        note: Some(note.to_owned()),
    }
}

/// A TCP relay to `upstream` that keeps a copy of every byte in both directions — what anyone
/// on the hall's network can read.
async fn tap(upstream: String) -> (String, Arc<Mutex<Vec<u8>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        // Bounded: the tests make a handful of connections.
        for _ in 0..200 {
            let Ok((client, _)) = listener.accept().await else { return };
            let Ok(server) = tokio::net::TcpStream::connect(&upstream).await else { return };
            let (cr, cw) = client.into_split();
            let (sr, sw) = server.into_split();
            tokio::spawn(pipe(cr, sw, log.clone()));
            tokio::spawn(pipe(sr, cw, log.clone()));
        }
    });
    (addr.to_string(), seen)
}

async fn pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    log: Arc<Mutex<Vec<u8>>>,
) {
    let mut buf = [0u8; 16 * 1024];
    while let Ok(n) = from.read(&mut buf).await {
        if n == 0 || to.write_all(&buf[..n]).await.is_err() {
            break;
        }
        log.lock().unwrap().extend_from_slice(&buf[..n]);
    }
    let _ = to.shutdown().await;
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// One tablet records a warning with a recognisable note and syncs through the tap; returns what
/// the tap saw and the tablet's token.
async fn sniff(office: &Office, marker: &str) -> (Vec<u8>, String) {
    office.schedule(1);
    let enrolled = office.enroll("ref-s", Role::Referee, "tab-s").await;
    let host = office.url.split("://").nth(1).unwrap().to_owned();
    let (relay, seen) = tap(host).await;
    let scheme = if office.cert.is_some() { "https" } else { "http" };
    let through = Endpoint { url: format!("{scheme}://{relay}"), pin: office.pin() };
    // Not `sniff-https`: that is the office's own directory.
    let device = Device::new(&format!("sniff-tablet-{scheme}"), &enrolled, &through, |_| {});
    device.record(1, warning(Colour::Black, marker));
    device.settle().await;
    assert_eq!(device.store.pending().unwrap(), 0, "the warning reached the office through the tap");
    let seen = seen.lock().unwrap().clone();
    (seen, enrolled.token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sniffer_on_the_hall_network_reads_no_token_and_no_ruling() {
    let marker = "SNIFFED-NOTE-第二十四条";
    // Control: over --insecure-http the same tap reads the token — the tap does see the traffic.
    let plain = Office::start_insecure("sniff-plain").await;
    let (seen, token) = sniff(&plain, marker).await;
    assert!(contains(&seen, &token), "the control run must show the token in clear");
    assert!(contains(&seen, "/api/v1/events"));
    plain.shutdown().await;

    let office = Office::start("sniff-https").await;
    let (seen, token) = sniff(&office, marker).await;
    assert!(seen.len() > 2_000, "the tap saw the sync ({} bytes)", seen.len());
    assert_eq!(seen[0], 0x16, "a TLS handshake record opens the connection");
    for secret in [token.as_str(), "Bearer", "/api/v1/events", marker, "incident_recorded", "tab-s", "ref-s"] {
        assert!(!contains(&seen, secret), "{secret:?} crossed the network in clear");
    }
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_certificate_on_the_offices_address_is_refused_and_nothing_is_sent() {
    let office = Office::start("pin-real").await;
    office.schedule(1);
    let port: u16 = office.url.rsplit(':').next().unwrap().parse().unwrap();
    let app = Arc::new(App::open(&scratch("pin-tablet")).unwrap());
    app.enroll(&office.link_for("ref-p", Role::Referee).await, "", "", "tab-p", "P").await.unwrap();
    app.sync_once().await.unwrap();
    assert_eq!(app.tables().unwrap().len(), 1, "synced with the real office");
    let real = office.cert.unwrap();
    office.shutdown().await;

    // Someone else's office, with its own certificate, answers on the same address.
    let state = AppState::open(&scratch("pin-impostor")).unwrap();
    let report = init_tournament(&state, tournament(), "冒名杯".into(), Default::default()).unwrap();
    let impostor = Office::serve_on(state, report.organiser_token, port).await;
    assert_ne!(impostor.cert, Some(real));
    let before = impostor.state.store.last_seq().unwrap();
    app.record(&game(1), warning(Colour::White, "after the switch")).unwrap();
    let e = app.sync_once().await.unwrap_err();
    assert!(matches!(e, CoreError::OfficeCertificate { .. }), "{e:?}");
    let status = app.status().sync;
    assert_eq!(status.last_error_code.as_deref(), Some("office_certificate_changed"));
    let said = status.last_error.unwrap();
    assert!(said.contains(&real.short()) && said.contains(&impostor.cert.unwrap().short()), "{said}");
    assert_eq!(status.pending, 1, "the warning stays on the tablet");
    assert_eq!(impostor.state.store.last_seq().unwrap(), before, "the impostor received nothing");
    assert!(impostor.state.accounts.refusals(&tournament(), 10).unwrap().is_empty(), "not even a refused request");
    impostor.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_certificate_is_followed_by_tablets_that_synced_in_between() {
    let office = Office::start("rotate-cert").await;
    office.schedule(1);
    let port: u16 = office.url.rsplit(':').next().unwrap().parse().unwrap();
    let data = office.state.data.to_path_buf();
    let token = office.organiser_token.clone();
    let (e_on, e_off) = (
        office.enroll("ref-on", Role::Referee, "tab-on").await,
        office.enroll("ref-off", Role::Referee, "tab-off").await,
    );
    let on_dir = scratch("rotate-on");
    let on = Device::reopen(&on_dir, &e_on, &office.endpoint());
    let off = Device::new("rotate-off", &e_off, &office.endpoint(), |_| {});
    on.settle().await;
    off.settle().await;
    let old = office.endpoint();
    office.shutdown().await;

    // `cert next`: staged, and announced by the office (restarted) to whoever pulls.
    let next = tls::generate(&data, Slot::Next, &[]).unwrap().fingerprint;
    let office = Office::serve_on(AppState::open(&data).unwrap(), token.clone(), port).await;
    assert_eq!(office.state.cert_next, Some(next));
    on.settle().await;
    drop(on);
    office.shutdown().await;

    // `cert activate`: the office now serves the new one.
    tls::activate(&data).unwrap();
    let office = Office::serve_on(AppState::open(&data).unwrap(), token, port).await;
    assert_eq!(office.cert, Some(next));
    // The tablet that synced follows — after a restart too (the announcement is on its disk).
    let on = Device::reopen(&on_dir, &e_on, &old);
    on.record(1, warning(Colour::Black, "after rotation"));
    on.settle().await;
    // The one that did not is refused, as it would be by any unknown certificate.
    let e = off.client.round().await.unwrap_err();
    assert!(matches!(e, CoreError::OfficeCertificate { .. }), "{e:?}");
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tablet_never_trusts_an_unpinned_https_office() {
    let office = Office::start("no-pin").await;
    office.schedule(1);
    let e = office.enroll("ref-n", Role::Referee, "tab-n").await;
    let nothing = Endpoint { url: office.url.clone(), pin: Pin::Nothing };
    let d = Device::new("no-pin-tab", &e, &nothing, |c| c.request_timeout = Duration::from_secs(2));
    let e = d.client.round().await.unwrap_err();
    assert!(matches!(e, CoreError::OfficeCertificate { .. }), "{e:?}");
    office.shutdown().await;
}

//! Slow clients on the hall's network (hall security, abuse limits): 200 connections that send a
//! byte a second do not stop a referee's tablet from syncing, and the office closes each of them
//! once its time for a request is up. Half trickle the TLS handshake itself, half complete it
//! and then trickle the request. Real HTTPS office on 127.0.0.1 with a short request timeout and
//! a small connection bound, so the test takes seconds.

use std::time::{Duration, Instant};

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, Role};
use arbiter_core::rules::RulesetSpec;
use arbiter_core::rules::{Incident, Ruling};
use arbiter_office::server::conn::ConnLimits;
use arbiter_office::server::{init_tournament, AppState};
use arbiter_tests::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

trait Trickle: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Trickle for T {}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_trickling_connections_do_not_stop_a_tablets_sync() {
    let state = AppState::open(&scratch("slow-office")).unwrap();
    let report = init_tournament(&state, tournament(), "慢速杯".into(), RulesetSpec::default()).unwrap();
    let limits = ConnLimits { max_connections: 64, request_timeout: Duration::from_secs(2) };
    let office = Office::serve_limited(state, report.organiser_token, 0, limits).await;
    office.schedule(1);
    let enrolled = office.enroll("ref-1", Role::Referee, "tab-1").await;
    let device = Device::new("slow-device", &enrolled, &office.endpoint(), |_| {});
    let addr = office.url.trim_start_matches("https://").to_owned();
    let tls = tokio_rustls::TlsConnector::from(std::sync::Arc::new(
        arbiter_core::sync::tls::client_config(&arbiter_core::sync::tls::Pins::new(office.pin())).unwrap(),
    ));

    // 200 clients, each trickling a byte a second for at most 20 s: without the office's request
    // timeout they would hold every connection the office allows that long. The even ones
    // trickle a TLS record header announcing a 512-byte handshake message; the odd ones finish
    // the handshake and trickle an HTTP request line inside it.
    let request = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n";
    let hello = [0x16u8, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let mut slow = Vec::new();
    for i in 0..200 {
        let addr = addr.clone();
        let tls = tls.clone();
        slow.push(tokio::spawn(async move {
            let tcp = tokio::net::TcpStream::connect(&addr).await.ok()?;
            let started = Instant::now();
            let mut s: Box<dyn Trickle> = if i % 2 == 0 {
                Box::new(tcp)
            } else {
                let name = rustls::pki_types::ServerName::try_from("localhost").ok()?;
                Box::new(tls.connect(name, tcp).await.ok()?)
            };
            let bytes: &[u8] = if i % 2 == 0 { &hello } else { request };
            for b in bytes.iter().take(20) {
                if s.write_all(&[*b]).await.is_err() || s.flush().await.is_err() {
                    return Some(started.elapsed());
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            // Closed by the office: the read ends (0 bytes or an error) instead of waiting.
            let mut buf = [0u8; 64];
            let _ = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await.ok()?;
            Some(started.elapsed())
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Meanwhile the referee records ten incidents and syncs them.
    let started = Instant::now();
    for i in 0..10 {
        let c = if i % 2 == 0 { Colour::Black } else { Colour::White };
        device.record(
            1,
            EventBody::IncidentRecorded {
                incident: Incident::Disturbing { offender: c },
                ruling: Some(Ruling::Advice),
                note: None,
            },
        );
    }
    let pushed = tokio::time::timeout(Duration::from_secs(15), device.client.round()).await;
    let took = started.elapsed();
    let report = pushed.expect("the sync finished while the slow clients were connected").unwrap();
    assert_eq!(report.pushed, 10);
    assert_eq!(device.store.pending().unwrap(), 0);
    println!("sync with 200 slow connections open: {took:?}");

    // Every slow connection was closed by the office, none lasted the full trickle.
    let mut closed = 0;
    for t in slow {
        if let Some(elapsed) = t.await.unwrap() {
            assert!(elapsed < Duration::from_secs(13), "a slow connection lasted {elapsed:?}");
            closed += 1;
        }
    }
    assert_eq!(closed, 200, "every slow client connected and was closed");
    office.shutdown().await;
}

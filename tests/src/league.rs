//! A league's venue offices in tests and benchmarks: a venue joined to a central
//! office, its hall's tablets, and waiting for what it forwards.

use std::time::Duration;

use arbiter_core::sync::protocol::{EnrollResponse, API_PREFIX};
use arbiter_office::server::AppState;

use crate::{scratch, test_key, Device, Office};

/// POSTs `body` to `path` with `token` and answers the JSON reply; panics on a refusal.
pub async fn post(office: &Office, token: &str, path: &str, body: serde_json::Value) -> serde_json::Value {
    let r = office
        .http()
        .post(format!("{}{API_PREFIX}{path}", office.url))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let body: serde_json::Value = r.json().await.unwrap_or_default();
    assert!(status.is_success(), "{path}: {status} {body}");
    body
}

/// A venue office: joined to the centre with `code`, serving its hall, forwarding.
pub struct Venue {
    /// The venue's own office, serving its hall.
    pub office: Office,
    forwarding: Option<(tokio::task::JoinHandle<()>, std::sync::Arc<tokio::sync::Notify>)>,
}

impl Venue {
    pub async fn join(name: &str, central: &Office, code: &str) -> Venue {
        let data = scratch(name);
        let device = arbiter_core::model::DeviceId::new(name).unwrap();
        let joined = arbiter_office::server::join_office(&data, &central.url, central.cert.unwrap(), code, &device)
            .await
            .unwrap();
        assert!(joined.first_round.pulled > 0, "the league's set-up came down");
        let office = Office::serve(AppState::open(&data).unwrap(), joined.organiser_token).await;
        let forwarding = office.state.start_forwarding().unwrap();
        assert!(forwarding.is_some());
        Venue { office, forwarding }
    }

    /// The venue loses its connection to the centre (its forwarder stops; its hall goes on).
    pub fn go_offline(&mut self) {
        if let Some((task, stop)) = self.forwarding.take() {
            stop.notify_one();
            task.abort();
        }
    }

    pub fn come_back(&mut self) {
        self.forwarding = self.office.state.start_forwarding().unwrap();
    }

    /// A referee the league registered enrolls a tablet here.
    pub async fn tablet(&self, person: &str, device: &str) -> Device {
        let code = post(
            &self.office,
            &self.office.organiser_token,
            "/enrollment-codes",
            serde_json::json!({"person": person}),
        )
        .await["code"]
            .as_str()
            .unwrap()
            .to_owned();
        let r = self
            .office
            .http()
            .post(format!("{}{API_PREFIX}/enroll", self.office.url))
            .json(
                &serde_json::json!({"code": code, "device": device, "label": device, "key": test_key(device).public()}),
            )
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{}", r.text().await.unwrap());
        let enrolled: EnrollResponse = r.json().await.unwrap();
        Device::new(&format!("league-{device}"), &enrolled, &self.office.endpoint(), |_| {})
    }
}

/// Waits (bounded) until the centre holds every one of `ids`.
pub async fn arrives(central: &Office, ids: &[arbiter_core::model::EventId]) {
    let all = || ids.iter().all(|id| central.state.store.get(id).ok().flatten().is_some());
    crate::eventually("every event at the central office", crate::secs(10), || std::future::ready(all().then_some(())))
        .await
}

/// A venue's line to the central office, as a TCP relay on loopback that the test can cut: the
/// venue's upstream points at it, and TLS passes through it untouched (the venue still pins the
/// centre's certificate). Cut, it drops every open connection and refuses new ones.
pub struct Link {
    pub url: String,
    online: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Bumped on each cut: relays of an earlier generation stop.
    generation: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Relayed connections still open.
    open: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Link {
    /// A relay to `target` (`127.0.0.1:PORT`).
    pub async fn to(target: std::net::SocketAddr) -> Link {
        use std::sync::atomic::Ordering;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("https://{}", listener.local_addr().unwrap());
        let online = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let generation = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let open = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (on, gen, live) = (online.clone(), generation.clone(), open.clone());
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !on.load(Ordering::SeqCst) {
                    continue; // dropped: the line is down
                }
                let (born, gen, live) = (gen.load(Ordering::SeqCst), gen.clone(), live.clone());
                live.fetch_add(1, Ordering::SeqCst);
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await else {
                        live.fetch_sub(1, Ordering::SeqCst);
                        return;
                    };
                    let relay = tokio::io::copy_bidirectional(&mut inbound, &mut outbound);
                    let cut = async {
                        while gen.load(Ordering::SeqCst) == born {
                            tokio::time::sleep(Duration::from_millis(20)).await;
                        }
                    };
                    tokio::select! { _ = relay => {}, () = cut => {} }
                    drop((inbound, outbound));
                    live.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        Link { url, online, generation, open, task }
    }

    /// The line goes down: new connections are refused, and open ones are dropped before this
    /// returns (bounded, 2 s), so what is sent next finds the line down — not an old
    /// connection that has not heard yet.
    pub async fn cut(&self) {
        use std::sync::atomic::Ordering;
        self.online.store(false, Ordering::SeqCst);
        self.generation.fetch_add(1, Ordering::SeqCst);
        let closed = || (self.open.load(Ordering::SeqCst) == 0).then_some(());
        crate::eventually("every connection through the cut line closed", crate::secs(2), || {
            std::future::ready(closed())
        })
        .await
    }

    /// The line comes back.
    pub fn restore(&self) {
        self.online.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether the line is up.
    pub fn is_up(&self) -> bool {
        self.online.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.task.abort();
    }
}

//! The device's sync client: pushes the outbox, pulls what others recorded, merges clocks.
//! At-least-once delivery (resend until acknowledged) plus the office's idempotence by event id
//! gives exactly-once effect. The outbox and the cursor live in the store, so a restarted app
//! resumes where it stopped. Offline is normal: failures back off with jitter and are shown in
//! [`SyncStatus`], never raised to the referee as a blocking error.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::sync::Notify;

use crate::clock::ClockSkew;
use crate::error::{CoreError, ErrorBody, Result};
use crate::event::Event;
use crate::ledger::Keyring;
use crate::store::{Origin, Pending, Store};
use crate::sync::protocol::*;
use crate::sync::tls::{self, Pin, Pins};
use crate::wall_clock::WallClock;

/// How the client talks to the office.
#[derive(Debug, Clone)]
pub struct SyncConfig {
    /// e.g. `http://192.168.1.10:7878`.
    pub base_url: String,
    /// The device token from enrollment.
    pub token: String,
    /// The office certificates this device trusts (see [`crate::sync::tls`]).
    pub pin: Pin,
    pub push_batch: usize,
    pub pull_limit: usize,
    /// Wait between rounds while everything is in sync (a new record wakes the client at once).
    pub poll_interval: Duration,
    pub backoff_min: Duration,
    pub backoff_max: Duration,
    pub request_timeout: Duration,
    /// The device's clock (the system's; a wrong one in tests).
    pub clock: WallClock,
    /// The office's signing key pinned at enrollment: every pulled event is checked against it
    /// and the keys it registers, and one that fails is not stored. None: an enrollment from
    /// before signatures, nothing checked.
    pub office_key: Option<crate::event::PublicKey>,
}

impl SyncConfig {
    pub fn new(base_url: impl Into<String>, token: impl Into<String>, pin: Pin) -> Self {
        Self {
            base_url: base_url.into().trim_end_matches('/').to_owned(),
            token: token.into(),
            pin,
            push_batch: 500,
            pull_limit: 500,
            poll_interval: Duration::from_secs(5),
            backoff_min: Duration::from_millis(500),
            backoff_max: Duration::from_secs(30),
            request_timeout: Duration::from_secs(15),
            clock: WallClock::system(),
            office_key: None,
        }
    }
}

/// What the UI's sync banner shows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct SyncStatus {
    pub online: bool,
    /// Events waiting for the office.
    pub pending: usize,
    pub last_success: Option<DateTime<Utc>>,
    /// The last failure, in words.
    pub last_error: Option<String>,
    /// Its stable code: the banner turns red for `office_certificate_changed` (someone may be
    /// impersonating the office).
    pub last_error_code: Option<String>,
    /// The last failure in each language, for the banner in the device's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub last_error_said: Option<Box<arbiter_domain::labels::Said>>,
    /// Events the office refused for good (they are kept locally, not resent).
    pub rejected: Vec<RejectedEvent>,
    /// Pulled events whose signature did not hold, or whose signer may not sign them: not
    /// stored (`forged`).
    pub forged: Vec<RejectedEvent>,
    /// The office's clock minus this device's, once measured: the banner says so when it is a
    /// minute or more, and new events are stamped with the corrected time.
    pub clock_skew: Option<ClockSkew>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct RejectedEvent {
    pub id: String,
    #[serde(flatten)]
    pub error: ErrorBody,
}

/// What one round moved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundReport {
    pub pushed: usize,
    pub pulled: usize,
}

/// An office's refusal as [`CoreError::Remote`]: its status and its `{code, message}`.
pub async fn office_error(resp: reqwest::Response) -> CoreError {
    let status = resp.status().as_u16();
    match resp.json::<ErrorBody>().await {
        Ok(b) => CoreError::remote(status, b),
        Err(_) => CoreError::remote(status, ErrorBody::english("unknown", "the office answered without an error body")),
    }
}

/// A sync client bound to one store and one office.
#[derive(Clone)]
pub struct SyncClient {
    store: Arc<Store>,
    http: reqwest::Client,
    /// What the TLS pins, and what it saw.
    pins: Arc<Pins>,
    config: SyncConfig,
    status: Arc<Mutex<SyncStatus>>,
    wake: Arc<Notify>,
    /// The device token in force (replaced when it is rotated, for every clone of the client).
    token: Arc<Mutex<String>>,
    /// What pulled events are checked against, once built from the stored keys.
    keyring: Arc<Mutex<Option<Keyring>>>,
}

/// `bytes` gzipped as a push is sent ([`crate::sync::protocol::GZIP_LEVEL`]).
fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut enc =
        flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(crate::sync::protocol::GZIP_LEVEL));
    enc.write_all(bytes).map_err(CoreError::storage)?;
    enc.finish().map_err(CoreError::storage)
}

/// The keyspace a device keeps the office's receipts in.
const RECEIPTS: &str = "receipts";

/// The office's latest receipt for each signer a device pushed for, as its store keeps them (an
/// auditor compares a copy of the ledger with them: `arbiter-office verify --receipts`). A kept
/// receipt that cannot be read is an error, not left out: the export must be whole.
pub fn kept_receipts(store: &dyn crate::store::EventStore) -> Result<Vec<crate::ledger::Receipt>> {
    let kept = store.keyspace(RECEIPTS)?;
    kept.scan_prefix(b"")?
        .into_iter()
        .map(|(_, v)| serde_json::from_slice(&v).map_err(|e| CoreError::storage_in("a kept receipt cannot be read", e)))
        .collect()
}

/// A push's lines stop short of the office's body limit, leaving room for the envelope.
pub const PUSH_BODY_BUDGET: usize = MAX_BODY_BYTES - 1024;

/// The body of a push of `batch` (`POST /api/v1/events`), gzipped as a device sends it. Each
/// line was checked to be one JSON object (`Store::outbox_lines`), so joining them makes a
/// well-formed `PushRequest`.
pub fn push_body(batch: &[Pending]) -> Result<Vec<u8>> {
    push_body_of(batch.iter().map(|p| p.line.as_str()))
}

/// The gzipped body of a push of these event lines (each one JSON object): what a device, and
/// a venue office forwarding its devices' events, sends.
pub fn push_body_of<'a>(lines: impl IntoIterator<Item = &'a str>) -> Result<Vec<u8>> {
    let mut body = Vec::with_capacity(4096);
    body.extend_from_slice(b"{\"events\":[");
    for (i, line) in lines.into_iter().enumerate() {
        if i > 0 {
            body.push(b',');
        }
        body.extend_from_slice(line.as_bytes());
    }
    body.extend_from_slice(b"]}");
    gzip(&body)
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f).await.map_err(|e| CoreError::storage_in("worker failed", e))?
}

impl SyncClient {
    pub fn new(store: Arc<Store>, config: SyncConfig) -> Result<Self> {
        let mut pin = config.pin.clone();
        if let (Pin::Exact(fps), Some(next)) = (&mut pin, store.office_cert_next()?) {
            if !fps.contains(&next) {
                fps.push(next);
            }
        }
        let pins = Pins::new(pin);
        let http = tls::http_client(&pins, Some(config.request_timeout))?;
        // The banner's “synced at” survives restarts; online is unknown until the first round.
        let last_success =
            store.last_sync_ms()?.and_then(|ms| DateTime::from_timestamp_millis(i64::try_from(ms).ok()?));
        let status = SyncStatus { last_success, clock_skew: store.clock_skew()?, ..SyncStatus::default() };
        let token = Arc::new(Mutex::new(config.token.clone()));
        Ok(Self {
            store,
            http,
            pins,
            config,
            status: Arc::new(Mutex::new(status)),
            wake: Arc::new(Notify::new()),
            token,
            keyring: Arc::default(),
        })
    }

    /// Keeps the events whose signatures hold (those of an unsigned older build too), and
    /// reports the others as forged; without a pinned office key, keeps all.
    fn admit_signed(&self, events: Vec<Event>) -> Result<(Vec<Event>, Vec<RejectedEvent>)> {
        let Some(office) = self.config.office_key else { return Ok((events, Vec::new())) };
        let mut ring = self.keyring.lock().unwrap_or_else(|e| e.into_inner());
        if ring.is_none() {
            let mut fresh = Keyring::pinned(office);
            if let Some(t) = events.first().map(|e| e.tournament.clone()) {
                for e in self.store.setup_events(&t)? {
                    // Stored keys were checked when they came; one that fails now is damage.
                    let _ = fresh.admit(&e);
                }
            }
            *ring = Some(fresh);
        }
        let Some(ring) = ring.as_mut() else { return Ok((events, Vec::new())) };
        let answers = ring.admit_all(&events.iter().collect::<Vec<_>>());
        let mut kept = Vec::with_capacity(events.len());
        let mut forged = Vec::new();
        for (e, (a, _)) in events.into_iter().zip(answers) {
            match a {
                Ok(_) => kept.push(e),
                Err(err) => forged.push(RejectedEvent { id: e.id.to_string(), error: err.body() }),
            }
        }
        Ok((kept, forged))
    }

    /// The current status, for the banner.
    pub fn status(&self) -> SyncStatus {
        let mut s = self.status.lock().unwrap_or_else(|e| e.into_inner()).clone();
        s.pending = self.store.pending().unwrap_or(s.pending);
        s
    }

    /// The token requests carry now.
    fn token(&self) -> String {
        self.token.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Uses `token` from the next request on (after a rotation).
    pub fn set_token(&self, token: &str) {
        *self.token.lock().unwrap_or_else(|e| e.into_inner()) = token.to_owned();
    }

    /// Wakes the background loop now (call after recording an event).
    pub fn nudge(&self) {
        self.wake.notify_one();
    }

    fn set_status(&self, f: impl FnOnce(&mut SyncStatus)) {
        f(&mut self.status.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// Sends an authorised request to the office and reads its JSON answer; a refusal is the
    /// office's `{code, message}`.
    async fn answer<T: serde::de::DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T> {
        let resp = request.bearer_auth(self.token()).send().await.map_err(|e| self.pins.error(e))?;
        if !resp.status().is_success() {
            return Err(office_error(resp).await);
        }
        resp.json().await.map_err(|e| self.pins.error(e))
    }

    /// Keeps the skew an answer carrying the office's time shows (sent at `sent_ms` on this
    /// device's clock), and returns the skew in force.
    fn measured(&self, sent_ms: u64, office_time: Option<DateTime<Utc>>) -> Result<ClockSkew> {
        let Some(office) = office_time else { return Ok(self.store.clock_skew()?.unwrap_or_default()) };
        let office_ms = u64::try_from(office.timestamp_millis()).unwrap_or(0);
        let skew = ClockSkew::measure(sent_ms, self.config.clock.now_ms(), office_ms);
        self.store.set_clock_skew(skew)?;
        self.set_status(|s| s.clock_skew = Some(skew));
        Ok(skew)
    }

    /// Pushes the whole outbox, batch by batch. Accepted, duplicate and finally rejected events
    /// leave the outbox; on a network failure they stay and the next round resends them.
    pub async fn push(&self) -> Result<usize> {
        let mut pushed = 0;
        // A pipeline: while one batch is in flight, the next is read and the last acknowledged,
        // so the device's disk work overlaps the office's.
        let mut batch = self.outbox_after(None).await?;
        let mut answered = Vec::new();
        while let Some(last) = batch.last().map(|p| p.slot) {
            let (sent, next, acked) = tokio::join!(
                self.send_batch(&batch),
                self.outbox_after(Some(last)),
                self.ack(std::mem::take(&mut answered))
            );
            acked?;
            answered = sent?;
            pushed += answered.len();
            batch = next?;
        }
        self.ack(answered).await?;
        Ok(pushed)
    }

    /// Takes these outbox slots out: the office answered for them.
    async fn ack(&self, slots: Vec<u64>) -> Result<()> {
        if slots.is_empty() {
            return Ok(());
        }
        let store = self.store.clone();
        blocking(move || store.ack_slots(&slots)).await
    }

    async fn outbox_after(&self, after: Option<u64>) -> Result<Vec<Pending>> {
        let (store, limit) = (self.store.clone(), self.config.push_batch);
        blocking(move || store.outbox_lines(after, limit, PUSH_BODY_BUDGET)).await
    }

    /// Keeps the office's latest receipt for each signer: what this device can show
    /// the office held, against any copy of the ledger that lacks it.
    fn keep_receipts(&self, receipts: &[crate::ledger::Receipt]) -> Result<()> {
        if receipts.is_empty() {
            return Ok(());
        }
        let kept = crate::store::EventStore::keyspace(&*self.store, RECEIPTS)?;
        for r in receipts.iter().filter(|r| r.holds()) {
            let bytes = serde_json::to_vec(r).map_err(CoreError::storage)?;
            kept.insert(format!("{}/{}", r.tournament, r.signer).as_bytes(), &bytes)?;
        }
        Ok(())
    }

    /// The latest receipt the office gave for each signer this device pushed for.
    pub fn receipts(&self) -> Result<Vec<crate::ledger::Receipt>> {
        kept_receipts(&*self.store)
    }

    /// Sends one batch; returns the outbox slots the office answered for (accepted, duplicate
    /// or refused for good — the refusals also go to the status).
    async fn send_batch(&self, batch: &[Pending]) -> Result<Vec<u64>> {
        let sent = self.config.clock.now_ms();
        let request = self
            .http
            .post(format!("{}{API_PREFIX}/events", self.config.base_url))
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::CONTENT_ENCODING, "gzip")
            .body(push_body(batch)?);
        let answer: PushResponse = self.answer(request).await?;
        self.measured(sent, answer.office_time)?;
        self.keep_receipts(&answer.receipts)?;
        let mut done = Vec::new();
        let mut rejected = Vec::new();
        for r in &answer.results {
            let Some(p) = batch.get(r.index) else { continue };
            done.push(p.slot);
            if r.status == PushStatus::Rejected {
                rejected.push(RejectedEvent {
                    id: p.id.to_string(),
                    error: ErrorBody {
                        code: r.code.clone().unwrap_or_default(),
                        message: r.message.clone().unwrap_or_default(),
                        said: r.said.clone(),
                    },
                });
            }
        }
        if done.is_empty() {
            return Err(CoreError::remote(
                200,
                ErrorBody::english("empty_answer", "the office answered no event of the batch"),
            ));
        }
        if !rejected.is_empty() {
            self.set_status(|s| s.rejected.extend(rejected));
        }
        Ok(done)
    }

    /// Pulls everything after the stored cursor, stores it, and merges the stamps into this
    /// device's clock. A pipeline, as pushing is: while one page is checked and stored, the next
    /// is on its way (the office's work overlaps the device's); the cursor still moves only once
    /// a page is durable here.
    pub async fn pull(&self) -> Result<usize> {
        let mut pulled = 0;
        let mut cursor = self.store.cursor()?;
        let mut fetched = self.pull_page(cursor).await?;
        loop {
            let (page, skew) = fetched;
            if let Some(scope) = &page.scope {
                if self.store.pull_scope()?.as_ref() != Some(scope) {
                    // A new scope (a referee's new tables): pull again from the start, to get
                    // the earlier events of what is now in it. The cursor goes back first, so a
                    // crash in between only pulls again.
                    self.store.set_cursor(0)?;
                    self.store.set_pull_scope(scope)?;
                    if cursor != 0 {
                        cursor = 0;
                        fetched = self.pull_page(cursor).await?;
                        continue;
                    }
                }
            }
            if let Some(next) = page.office_cert_next {
                if self.pins.also_trust(next) {
                    self.store.set_office_cert_next(next)?;
                }
            }
            let now = skew.correct(self.config.clock.now_ms());
            let next = page.next;
            let events: Vec<Event> = page.events.into_iter().map(|p| p.event).collect();
            if !page.more || next == cursor {
                return Ok(pulled + self.store_page(events, next, now).await?);
            }
            let (stored, ahead) = tokio::join!(self.store_page(events, next, now), self.pull_page(next));
            pulled += stored?;
            cursor = next;
            fetched = ahead?;
        }
    }

    /// One page of the office's events after `cursor`, and the clock skew its answer showed.
    async fn pull_page(&self, cursor: u64) -> Result<(PullResponse, ClockSkew)> {
        let sent = self.config.clock.now_ms();
        let request = self
            .http
            .get(format!("{}{API_PREFIX}/events", self.config.base_url))
            .query(&[("after", cursor.to_string()), ("limit", self.config.pull_limit.to_string())]);
        let page: PullResponse = self.answer(request).await?;
        let skew = self.measured(sent, page.office_time)?;
        Ok((page, skew))
    }

    /// Checks a pulled page's signatures and stores what holds (the forged are reported), then
    /// moves the cursor to `next`; the events stored.
    async fn store_page(&self, events: Vec<Event>, next: u64, now: u64) -> Result<usize> {
        let me = self.clone();
        let (events, forged) = blocking(move || me.admit_signed(events)).await?;
        if !forged.is_empty() {
            self.set_status(|s| s.forged.extend(forged));
        }
        let stored = events.len();
        let store = self.store.clone();
        blocking(move || {
            store.append(&events, Origin::Remote)?;
            store.observe(events.iter().map(|e| e.hlc), now)?;
            // The cursor moves only after the events are durable here.
            store.set_cursor(next)
        })
        .await?;
        Ok(stored)
    }

    /// One round: push, then pull. Updates the status either way.
    pub async fn round(&self) -> Result<RoundReport> {
        let result =
            async { Ok::<_, CoreError>(RoundReport { pushed: self.push().await?, pulled: self.pull().await? }) }.await;
        match &result {
            Ok(_) => {
                let now = Utc::now();
                let _ = self.store.set_last_sync_ms(u64::try_from(now.timestamp_millis()).unwrap_or(0));
                self.set_status(|s| {
                    s.online = true;
                    s.last_success = Some(now);
                    s.last_error = None;
                    s.last_error_code = None;
                    s.last_error_said = None;
                });
            }
            Err(e) => self.set_status(|s| {
                s.online = !matches!(e, CoreError::Network(_));
                s.last_error = Some(e.to_string());
                s.last_error_code = Some(e.code().to_owned());
                s.last_error_said = Some(Box::new(e.said()));
            }),
        }
        result
    }

    /// Runs rounds until `stop` is notified: at once when nudged, every `poll_interval` when in
    /// sync, with exponential back-off and jitter after failures.
    pub async fn run(self, stop: Arc<Notify>) {
        let mut backoff = self.config.backoff_min;
        loop {
            let wait = match self.round().await {
                Ok(_) => {
                    backoff = self.config.backoff_min;
                    self.config.poll_interval
                }
                Err(_) => {
                    let w = jitter(backoff);
                    backoff = (backoff * 2).min(self.config.backoff_max);
                    w
                }
            };
            tokio::select! {
                _ = stop.notified() => return,
                _ = self.wake.notified() => {},
                _ = tokio::time::sleep(wait) => {},
            }
        }
    }
}

/// Between half and all of `d`, so that tablets that lost the office together do not all come
/// back in the same millisecond.
fn jitter(d: Duration) -> Duration {
    let mut b = [0u8; 2];
    let r = getrandom::fill(&mut b).map(|()| u16::from_le_bytes(b)).unwrap_or(u16::MAX / 2);
    d / 2 + d.mul_f64(f64::from(r) / f64::from(u16::MAX) / 2.0)
}

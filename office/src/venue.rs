//! A venue office of a league: an office on its own sled store, offline-capable,
//! enrolled at the central office as a device of role `office`. It pulls down what the league
//! sets centrally (players, officials, the schedule, its venue's games) and forwards upstream
//! everything recorded here — its referees' events and its devices' keys — exactly once: the
//! central office stores by event id, so what is sent again after a crash or an outage is a
//! duplicate, never a second copy.
//!
//! `upstream.json` in the data folder (mode 0600: it holds the token) says where the central
//! office is; with it, the office signs as the venue (its key registered by the central office
//! at enrollment) and its devices pin the central office's key, the league ledger's root.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::event::{wire, Event, EventBody, PublicKey};
use arbiter_core::ledger::Keyring;
use arbiter_core::model::{Author, DeviceId, PersonId, Role, TournamentId};
use arbiter_core::store::{EventStore, Origin};
use arbiter_core::sync::protocol::{
    EnrollRequest, EnrollResponse, PullResponse, PushResponse, PushResult, PushStatus, API_PREFIX, MAX_PULL_EVENTS,
    MAX_PUSH_EVENTS,
};
use arbiter_core::sync::tls::{self, CertFingerprint, Pin, Pins};
use serde::{Deserialize, Serialize};

use crate::accounts::Accounts;
use crate::error::{Misasked, Missing, OfficeError, RequestFault};
use crate::runtime::blocking;
use arbiter_core::DomainError;

/// The file naming the central office.
pub const UPSTREAM_FILE: &str = "upstream.json";

/// Events forwarded in one push: as many as the central office takes (500).
const PUSH_BATCH: usize = MAX_PUSH_EVENTS;

/// Where a venue office forwards to, and as whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upstream {
    /// `https://host:port` of the central office.
    pub central: String,
    /// The central office's certificate, pinned.
    pub pin: CertFingerprint,
    pub token: String,
    /// The league (a tournament at the central office).
    pub tournament: TournamentId,
    /// This venue, a person of role `office` at the central office.
    pub venue: PersonId,
    /// This office's device id there; what it signs as.
    pub device: DeviceId,
    /// The central office's key: the league ledger's root, which this venue's devices pin.
    pub central_key: PublicKey,
}

impl Upstream {
    fn path(data: &Path) -> PathBuf {
        data.join(UPSTREAM_FILE)
    }

    /// The venue's upstream, if this office is a venue.
    pub fn load(data: &Path) -> Result<Option<Upstream>, OfficeError> {
        let path = Self::path(data);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
                DomainError::InvalidField {
                    field: path.display().to_string(),
                    message: format!("not a venue's upstream file: {e}"),
                }
                .into()
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(OfficeError::Read { path: path.display().to_string(), source }),
        }
    }

    fn save(&self, data: &Path) -> Result<(), OfficeError> {
        use std::io::Write as _;
        let path = Self::path(data);
        let tmp = path.with_extension("tmp");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut f = options.open(&tmp)?;
        f.write_all(&serde_json::to_vec_pretty(self)?)?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)?;
        Ok(())
    }

    /// Who the venue office's own records are by (its devices' keys, records on an official's
    /// behalf).
    pub fn author(&self) -> Author {
        Author { device: self.device.clone(), person: self.venue.clone(), role: Role::Office }
    }
}

fn client(pin: CertFingerprint) -> Result<reqwest::Client, OfficeError> {
    Ok(tls::http_client(&Pins::new(Pin::Exact(vec![pin])), Some(Duration::from_secs(30)))?)
}

async fn answer<T: serde::de::DeserializeOwned>(request: reqwest::RequestBuilder) -> Result<T, OfficeError> {
    let resp = request.send().await.map_err(|e| arbiter_core::CoreError::Network(e.to_string()))?;
    if resp.status().is_success() {
        return Ok(resp.json().await.map_err(|e| arbiter_core::CoreError::Network(e.to_string()))?);
    }
    Err(arbiter_core::sync::client::office_error(resp).await.into())
}

/// Enrolls this office (its data folder `data`, its key made if new) at the central office
/// `central` with the one-time `code` its organiser issued for a venue, as device `device`,
/// and keeps the upstream. Refuses a code issued for anyone but a venue office.
pub async fn join(
    data: &Path,
    central: &str,
    pin: CertFingerprint,
    code: &str,
    device: &DeviceId,
) -> Result<Upstream, OfficeError> {
    if Upstream::load(data)?.is_some() {
        return Err(OfficeError::bad(
            RequestFault::AlreadyJoined,
            format!("{} already forwards to a central office ({UPSTREAM_FILE})", data.display()),
        ));
    }
    std::fs::create_dir_all(data)?;
    let key = arbiter_core::ledger::SigningKey::load_or_create(&data.join(arbiter_core::ledger::KEY_FILE))?;
    let request = EnrollRequest {
        code: code.to_owned(),
        device: device.clone(),
        label: format!("venue office {device}"),
        key: Some(key.public()),
        role: Some(Role::Office),
    };
    let central = central.trim_end_matches('/').to_owned();
    let enrolled: EnrollResponse =
        answer(client(pin)?.post(format!("{central}{API_PREFIX}/enroll")).json(&request)).await?;
    if enrolled.role != Role::Office {
        return Err(OfficeError::Misasked(Misasked::NotAVenueCode { role: enrolled.role, person: enrolled.person }));
    }
    let Some(central_key) = enrolled.office_key else {
        return Err(DomainError::InvalidField {
            field: "office_key".into(),
            message: "the central office sent no key to pin: it is too old a build".into(),
        }
        .into());
    };
    let up = Upstream {
        central,
        pin,
        token: enrolled.token,
        tournament: enrolled.tournament,
        venue: enrolled.person,
        device: enrolled.device,
        central_key,
    };
    up.save(data)?;
    Ok(up)
}

/// What one round of forwarding did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Forwarded {
    pub pulled: usize,
    /// Stored at the central office (new or already there).
    pub pushed: usize,
    /// Refused by the central office (logged here; never sent again).
    pub refused: usize,
}

/// The forwarding half of a venue office: pulls from and pushes to the central office.
#[derive(Clone)]
pub struct Forwarder {
    up: Arc<Upstream>,
    store: Arc<dyn EventStore>,
    accounts: Arc<Accounts>,
    http: reqwest::Client,
    cursors: Arc<dyn arbiter_core::store::Keyspace>,
}

/// The forwarder's keyspace: its cursors, the refused events, the centre's receipts.
const KEYSPACE: &str = "upstream";
const PULLED_TO: &[u8] = b"pulled_to";
const PUSHED_TO: &[u8] = b"pushed_to";
/// Events the central office refused, by id: `refused/ID`.
const REFUSED: &str = "refused/";
/// The central office's latest receipt per signer: `receipt/TOURNAMENT/SIGNER`.
const RECEIPT: &str = "receipt/";

fn number(bytes: Option<Vec<u8>>) -> u64 {
    bytes.and_then(|b| <[u8; 8]>::try_from(b.as_slice()).ok()).map_or(0, u64::from_be_bytes)
}

/// How often a venue forwards when nothing nudges it: 5 s, or `ARBITER_FORWARD_EVERY_MS`
/// (50–600,000). A value out of range is an error naming the variable.
pub fn forward_every() -> Result<Duration, OfficeError> {
    let Ok(text) = std::env::var("ARBITER_FORWARD_EVERY_MS") else { return Ok(Duration::from_secs(5)) };
    match text.trim().parse::<u64>() {
        Ok(ms) if (50..=600_000).contains(&ms) => Ok(Duration::from_millis(ms)),
        _ => Err(OfficeError::bad(
            RequestFault::BadSetting,
            format!("ARBITER_FORWARD_EVERY_MS is `{text}`: give milliseconds, 50–600000"),
        )),
    }
}

/// Events in this venue's arrival log after the last one the forwarder has answered for (for
/// `/health`: 0 once everything recorded here has reached the central office or been refused).
pub fn forward_behind(store: &dyn EventStore) -> Result<u64, OfficeError> {
    let pushed = number(store.keyspace(KEYSPACE)?.get(PUSHED_TO)?);
    Ok(store.last_seq()?.saturating_sub(pushed))
}

/// Events the central office refused of what this venue forwarded, not admitted since (for
/// `/health`; no forwarder needed).
pub fn refused_upstream(store: &dyn EventStore) -> Result<usize, OfficeError> {
    Ok(store.keyspace(KEYSPACE)?.scan_prefix(REFUSED.as_bytes())?.len())
}

impl Forwarder {
    pub fn new(up: Upstream, store: Arc<dyn EventStore>, accounts: Arc<Accounts>) -> Result<Self, OfficeError> {
        let http = client(up.pin)?;
        let cursors = store.keyspace(KEYSPACE)?;
        Ok(Forwarder { up: Arc::new(up), store, accounts, http, cursors })
    }

    /// One round: what the league set centrally comes down, what was recorded here goes up.
    pub async fn round(&self) -> Result<Forwarded, OfficeError> {
        let pulled = self.pull().await?;
        let (pushed, refused) = self.push().await?;
        Ok(Forwarded { pulled, pushed, refused })
    }

    /// Pulls the venue's scope (the set-up, its games) page by page; keeps what the league's
    /// root key vouches for, registers the league's officials here so that codes can be issued
    /// for them, and moves the cursor only once the page is stored. The next page is asked for
    /// while one is kept (as a tablet pulls); pages are still kept in order, each checked with
    /// the keys the ones before brought.
    async fn pull(&self) -> Result<usize, OfficeError> {
        let mut pulled = 0;
        let mut after = number(self.cursors.get(PULLED_TO)?);
        let mut page = self.pull_page(after).await?;
        loop {
            let (next, more) = (page.next, page.more);
            let me = self.clone();
            let events = page.events.into_iter().map(|p| p.event).collect();
            let keep = blocking(move || me.keep_pulled(events, next));
            if !more || next == after {
                return Ok(pulled + keep.await?);
            }
            let (kept, ahead) = tokio::join!(keep, self.pull_page(next));
            pulled += kept?;
            after = next;
            page = ahead?;
        }
    }

    /// One page of the central office's events after `after`, as this venue's scope goes.
    async fn pull_page(&self, after: u64) -> Result<PullResponse, OfficeError> {
        let request = self
            .http
            .get(format!("{}{API_PREFIX}/events", self.up.central))
            .query(&[("after", after.to_string()), ("limit", MAX_PULL_EVENTS.to_string())])
            .bearer_auth(&self.up.token);
        answer(request).await
    }

    fn keep_pulled(&self, events: Vec<Event>, next: u64) -> Result<usize, OfficeError> {
        let setup = self.store.setup(&self.up.tournament)?;
        let mut ring = Keyring::pinned(self.up.central_key).with_registered(&setup.keys);
        let answers = ring.admit_all(&events.iter().collect::<Vec<_>>());
        let mut kept = Vec::with_capacity(events.len());
        for (e, (a, _)) in events.into_iter().zip(answers) {
            match a {
                Ok(_) => kept.push(e),
                Err(err) => eprintln!("arbiter-office: venue: refused a pulled event {}: {err}", e.id),
            }
        }
        self.store.append(&kept, Origin::Remote)?;
        if let Some(s) = self.store.sled() {
            let now = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
            s.observe(kept.iter().map(|e| e.hlc), now)?;
        }
        for e in &kept {
            if let EventBody::PersonRegistered(p) = &e.body {
                if p.role != Role::Organiser && p.role != Role::Office {
                    self.accounts.register_person(&e.tournament, &p.id, &p.name, p.role)?;
                }
            }
        }
        self.cursors.insert(PULLED_TO, &next.to_be_bytes())?;
        Ok(kept.len())
    }

    /// Whether `e` was recorded here (by this office or a device enrolled here), so is this
    /// venue's to forward; what came down from the central office is not sent back.
    fn recorded_here(&self, e: &Event) -> Result<bool, OfficeError> {
        if e.tournament != self.up.tournament {
            return Ok(false);
        }
        if e.author.device == self.up.device {
            return Ok(true);
        }
        self.accounts.knows_device(&e.tournament, &e.author.device)
    }

    /// Pushes what was recorded here since the last push, in arrival order; the cursor moves
    /// after each answered batch. A refusal is logged and not sent again (the central office
    /// logged it too); a network failure stops the round, and the next sends the batch again.
    async fn push(&self) -> Result<(usize, usize), OfficeError> {
        let (mut pushed, mut refused) = (0, 0);
        loop {
            let after = number(self.cursors.get(PUSHED_TO)?);
            let me = self.clone();
            // A page of the arrival log, what was recorded here in it: at most a push's worth,
            // each event read once.
            let (batch, last) = blocking(move || {
                let page = me.store.since(after, PUSH_BATCH)?;
                let last = page.last().map(|(s, _)| *s);
                let mut batch = Vec::with_capacity(page.len());
                for (_, e) in page {
                    if me.recorded_here(&e)? {
                        batch.push(e);
                    }
                }
                Ok((batch, last))
            })
            .await?;
            let Some(upto) = last else { return Ok((pushed, refused)) };
            if !batch.is_empty() {
                let answer: PushResponse = answer(self.push_request(&batch)?).await?;
                self.keep_receipts(&answer.receipts)?;
                for r in &answer.results {
                    match r.status {
                        PushStatus::Accepted | PushStatus::Duplicate => pushed += 1,
                        PushStatus::Rejected => {
                            refused += 1;
                            let event = batch.get(r.index);
                            self.refused(event, r)?;
                        }
                    }
                }
            }
            self.cursors.insert(PUSHED_TO, &upto.to_be_bytes())?;
        }
    }

    /// Keeps the central office's latest receipt for each signer forwarded: what this venue can
    /// show the centre held, against any copy that lacks it.
    fn keep_receipts(&self, receipts: &[arbiter_core::ledger::Receipt]) -> Result<(), OfficeError> {
        for r in receipts.iter().filter(|r| r.holds()) {
            self.cursors
                .insert(format!("{RECEIPT}{}/{}", r.tournament, r.signer).as_bytes(), &serde_json::to_vec(r)?)?;
        }
        Ok(())
    }

    /// The central office's latest receipts for what this venue forwarded.
    pub fn receipts(&self) -> Result<Vec<arbiter_core::ledger::Receipt>, OfficeError> {
        Ok(self
            .cursors
            .scan_prefix(RECEIPT.as_bytes())?
            .into_iter()
            .filter_map(|(_, v)| serde_json::from_slice(&v).ok())
            .collect())
    }

    /// A push of `events` to the central office, gzipped as a device's push is.
    fn push_request(&self, events: &[Event]) -> Result<reqwest::RequestBuilder, OfficeError> {
        let lines: Vec<String> = events.iter().map(wire::encode).collect();
        let body = arbiter_core::sync::client::push_body_of(lines.iter().map(String::as_str))?;
        Ok(self
            .http
            .post(format!("{}{API_PREFIX}/events", self.up.central))
            .bearer_auth(&self.up.token)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::CONTENT_ENCODING, "gzip")
            .body(body))
    }

    /// A refusal from the central office: in this venue's refusal log with the device that
    /// recorded the event (what the organiser sees), and kept for a resend once fixed.
    fn refused(&self, event: Option<&Event>, r: &arbiter_core::sync::protocol::PushResult) -> Result<(), OfficeError> {
        let id = r.id.clone().or_else(|| event.map(|e| e.id.to_string()));
        eprintln!(
            "arbiter-office: venue: the central office refused {}: {} — {}",
            id.as_deref().unwrap_or("?"),
            r.code.as_deref().unwrap_or("?"),
            r.message.as_deref().unwrap_or("")
        );
        let refusal = arbiter_core::sync::protocol::Refusal {
            at: chrono::Utc::now(),
            device: event.map(|e| e.author.device.clone()),
            person: event.map(|e| e.author.person.clone()),
            role: event.map(|e| e.author.role),
            event: id.clone(),
            code: r.code.clone().unwrap_or_else(|| "rejected".to_owned()),
            message: r.message.clone().unwrap_or_default(),
            upstream: true,
        };
        self.accounts.log_refusal(&self.up.tournament, &refusal)?;
        if let Some(id) = id {
            self.cursors.insert(format!("{REFUSED}{id}").as_bytes(), b"")?;
        }
        Ok(())
    }

    /// Sends `event` (one the central office refused) again, now that its cause is fixed: the
    /// centre's answer, and the event no longer counted as refused once admitted.
    pub async fn resend(&self, event: &arbiter_core::model::EventId) -> Result<PushResult, OfficeError> {
        let key = format!("{REFUSED}{event}");
        if self.cursors.get(key.as_bytes())?.is_none() {
            return Err(OfficeError::NotFound(Missing::RefusedEvent(*event)));
        }
        let Some(e) = self.store.get(event)? else {
            return Err(OfficeError::NotFound(Missing::Event(*event)));
        };
        let answer: PushResponse = answer(self.push_request(std::slice::from_ref(&e))?).await?;
        self.keep_receipts(&answer.receipts)?;
        let Some(r) = answer.results.into_iter().next() else {
            return Err(arbiter_core::CoreError::Network("the central office answered no result".to_owned()).into());
        };
        match r.status {
            PushStatus::Accepted | PushStatus::Duplicate => {
                self.cursors.remove(key.as_bytes())?;
            }
            PushStatus::Rejected => self.refused(Some(&e), &r)?,
        }
        Ok(r)
    }

    /// Forwards until `stop` is notified: a round now and whenever `nudge` is, else every
    /// `every`; after a failure it waits twice as long each time, up to 30 intervals and at
    /// most a minute (a line back up is found within that).
    pub async fn run(self, every: Duration, nudge: Arc<tokio::sync::Notify>, stop: Arc<tokio::sync::Notify>) {
        let mut wait = every;
        loop {
            wait = match self.round().await {
                Ok(_) => every,
                Err(e) => {
                    eprintln!("arbiter-office: venue: forwarding to {} failed: {e}", self.up.central);
                    (wait * 2).clamp(every, (every * 30).min(Duration::from_secs(60)).max(every))
                }
            };
            tokio::select! {
                _ = stop.notified() => return,
                _ = nudge.notified() => {}
                _ = tokio::time::sleep(wait) => {}
            }
        }
    }
}

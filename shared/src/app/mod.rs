//! The referee app's use cases, transport-neutral (GitButler's `but-api` is the model): the
//! Tauri shell exposes each function as one command, and the office could serve them too.
//! Everything reads and writes the device's own store, so every screen works offline; the
//! sync client runs beside it and is nudged after each record.

pub mod desk;
mod identity;
pub mod preferences;
mod reader;
pub mod story;
mod views;

use std::sync::{Arc, Mutex};

use chrono::Utc;
use serde::Serialize;
use tokio::sync::Notify;

use crate::clock::ClockSkew;
use crate::error::{CoreError, DomainError, Result, Scope};
use crate::event::{Event, EventBody};
use crate::game::{preview_on, validate, Preview, Salt, SealDigest};
use crate::ledger::{SigningKey, KEY_FILE};
use crate::model::{Colour, EventId, GameId, Point};
use crate::store::Signer;
use crate::store::{SealedMove, Store};
use crate::sync::client::{SyncClient, SyncConfig, SyncStatus};
use crate::sync::protocol::{EnrollRequest, EnrollResponse, API_PREFIX};
use crate::sync::tls::{self, Pin, Pins};
use crate::wall_clock::WallClock;

pub use desk::QueueCard;
pub use identity::{Identity, PublicIdentity};
pub use preferences::Preferences;
pub use reader::{lateness_screen, reader_view, LatenessScreen, ReaderView, Spoken};
pub use story::Story;
pub use views::{game_view, seals_of, tables, GameView, PlayerInfo, SealView, TableRow};

/// How long the app waits for the office to answer enrollment or a token rotation.
const OFFICE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

/// Sends an app request (built on a client holding `pins`) to the office: its answer, or the
/// office's `{code, message}` as [`CoreError::Remote`], a refused certificate, or a network failure.
async fn office_answer<T: serde::de::DeserializeOwned>(pins: &Pins, request: reqwest::RequestBuilder) -> Result<T> {
    let resp = request.send().await.map_err(|e| pins.error(e))?;
    if !resp.status().is_success() {
        let status = resp.status().as_u16();
        let body: crate::error::ErrorBody = resp.json().await.map_err(|e| CoreError::Network(e.to_string()))?;
        return Err(CoreError::remote(status, body));
    }
    resp.json().await.map_err(|e| CoreError::Network(e.to_string()))
}

/// What the sync banner and the start screen need.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct AppStatus {
    pub identity: Option<PublicIdentity>,
    pub sync: SyncStatus,
    /// Why this device must enroll again (its signing key is missing), if it must.
    pub notice: Option<crate::error::ErrorBody>,
    /// The tournament's ruleset, once its set-up is here: the screens' language where the
    /// device has no choice of its own (한국어 for the KBA's rules, 繁體 for Ing's).
    pub ruleset: Option<crate::rules::RulesetSpec>,
}

/// The app over one device store.
pub struct App {
    store: Arc<Store>,
    identity: Mutex<Option<Identity>>,
    sync: Mutex<Option<SyncClient>>,
    /// Wakes the sync task when enrollment creates its client.
    started: Arc<Notify>,
    /// This device's clock; events are stamped with it corrected to the office's.
    clock: WallClock,
    /// Why the device must enroll (again), for the start screen.
    notice: Mutex<Option<crate::error::ErrorBody>>,
    /// One writer of the preferences file at a time (its temporary file has one name).
    preferences: Mutex<()>,
}

impl App {
    /// Opens the app's store in `dir` (the platform's app data directory).
    pub fn open(dir: &std::path::Path) -> Result<Self> {
        Self::open_with_clock(dir, WallClock::system())
    }

    /// Opens the app with a given clock (a wrong one, in tests of clock skew).
    pub fn open_with_clock(dir: &std::path::Path, clock: WallClock) -> Result<Self> {
        std::fs::create_dir_all(dir)
            .map_err(|e| CoreError::storage_in(format_args!("cannot create {}", dir.display()), e))?;
        let identity = identity::load(dir)?;
        let store = Arc::new(Store::open(dir, identity.as_ref().map(|i| &i.device))?);
        let mut notice = None;
        // A device enrolled to sign cannot go on without its key (restored from a backup
        // without it): it enrolls again, and nothing is recorded under the old identity.
        let identity = match identity {
            Some(i) if i.office_key.is_some() => match SigningKey::load(&dir.join(KEY_FILE))? {
                Some(key) => {
                    // A tablet signs every record on the referee's path: nonces prepared ahead.
                    let key = key.with_prepared_nonces();
                    store.sign_with(Signer { id: i.device.clone(), key, announces: false });
                    Some(i)
                }
                None => {
                    notice = Some(CoreError::KeyMissing(format!("device `{}`", i.device)).body());
                    None
                }
            },
            other => other,
        };
        let sync = identity.as_ref().map(|i| Self::sync_client(&store, i, &clock)).transpose()?;
        Ok(Self {
            store,
            identity: Mutex::new(identity),
            sync: Mutex::new(sync),
            started: Arc::new(Notify::new()),
            clock,
            notice: Mutex::new(notice),
            preferences: Mutex::new(()),
        })
    }

    fn sync_client(store: &Arc<Store>, i: &Identity, clock: &WallClock) -> Result<SyncClient> {
        let config = SyncConfig {
            clock: clock.clone(),
            office_key: i.office_key,
            ..SyncConfig::new(&i.office_url, &i.token, i.pin())
        };
        SyncClient::new(store.clone(), config)
    }

    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }

    /// This device's preferences, kept in its data folder beside the store (the defaults until
    /// its user chooses).
    pub fn preferences(&self) -> Result<Preferences> {
        let _one = self.preferences.lock().unwrap_or_else(|e| e.into_inner());
        preferences::load(self.store.dir())
    }

    /// Keeps `chosen` as this device's preferences, durably, in its data folder.
    pub fn set_preferences(&self, chosen: &Preferences) -> Result<Preferences> {
        let _one = self.preferences.lock().unwrap_or_else(|e| e.into_inner());
        preferences::save(self.store.dir(), chosen)?;
        Ok(chosen.clone())
    }

    fn identity(&self) -> Result<Identity> {
        let identity = self.identity.lock().unwrap_or_else(|e| e.into_inner()).clone();
        Ok(identity.ok_or(DomainError::NotEnrolled)?)
    }

    fn client(&self) -> Option<SyncClient> {
        self.sync.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The device's identity and the sync banner.
    pub fn status(&self) -> AppStatus {
        // Read before the struct below: its temporaries hold the identity's lock to the end.
        let setup = self.setup().ok();
        let ruleset = setup.as_ref().and_then(|s| s.tournament.as_ref().map(|t| t.ruleset));
        let mut identity = self.identity.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(Identity::public);
        if let (Some(me), Some(setup)) = (identity.as_mut(), &setup) {
            me.name = setup.people.iter().find(|p| p.id == me.person).map(|p| p.name.clone());
            me.tournament_name = setup.tournament.as_ref().map(|t| t.name.clone());
        }
        AppStatus {
            identity,
            sync: self.client().map(|c| c.status()).unwrap_or_default(),
            notice: self.notice.lock().unwrap_or_else(|e| e.into_inner()).clone(),
            ruleset,
        }
    }

    /// Asks the sync client to run a round now.
    pub fn nudge(&self) {
        if let Some(c) = self.client() {
            c.nudge();
        }
    }

    /// Runs one sync round now and waits for its outcome (the banner's status follows either way).
    pub async fn sync_once(&self) -> Result<crate::sync::client::RoundReport> {
        self.identity()?;
        match self.client() {
            Some(client) => client.round().await,
            None => Ok(Default::default()),
        }
    }

    /// Replaces this device's token with a new one from the office (the old one stops working
    /// there at once), keeps it, and syncs with it from the next request on.
    pub async fn rotate_token(&self) -> Result<()> {
        let mut id = self.identity()?;
        let pins = Pins::new(id.pin());
        let http = tls::http_client(&pins, Some(OFFICE_TIMEOUT))?;
        let r: crate::sync::protocol::RotatedToken = office_answer(
            &pins,
            http.post(format!("{}{API_PREFIX}/token/rotate", id.office_url)).bearer_auth(&id.token),
        )
        .await?;
        id.token = r.token;
        identity::save(&self.store, &id)?;
        if let Some(c) = self.client() {
            c.set_token(&id.token);
        }
        *self.identity.lock().unwrap_or_else(|e| e.into_inner()) = Some(id);
        Ok(())
    }

    /// This device's events the office has not acknowledged, as JSON lines — what a revoked
    /// tablet hands the chief arbiter to review (the office never merges them by itself).
    pub fn unsent(&self) -> Result<String> {
        let mut out = String::new();
        for e in self.store.outbox(usize::MAX)? {
            out.push_str(&crate::event::wire::encode(&e));
            out.push('\n');
        }
        Ok(out)
    }

    /// The office's receipts this device keeps, written to `receipts.json` in its data folder
    /// for an auditor (`arbiter-office verify --receipts`): the file, and its text.
    pub fn export_receipts(&self) -> Result<(std::path::PathBuf, String)> {
        let receipts = crate::sync::client::kept_receipts(&*self.store)?;
        let text = serde_json::to_string_pretty(&receipts).map_err(CoreError::storage)?;
        let file = self.store.dir().join("receipts.json");
        crate::store::file::write_atomic_private(self.store.dir(), "receipts.json", text.as_bytes())?;
        Ok((file, text))
    }

    /// Trades the office's one-time code for this device's token, pins the office's certificate,
    /// and starts syncing. `office_url` may be the QR code's whole link (address, code and
    /// certificate); typed by hand, `fingerprint` is the short form the office page shows.
    pub async fn enroll(
        &self,
        office_url: &str,
        code: &str,
        fingerprint: &str,
        device: &str,
        label: &str,
    ) -> Result<PublicIdentity> {
        let (office_url, code, pin) = if crate::sync::enroll_link::EnrollLink::looks_like(office_url) {
            let link = crate::sync::enroll_link::EnrollLink::parse(office_url)?;
            let pin = link.fingerprint.map(|f| Pin::Exact(vec![f]));
            (link.office, link.code, pin)
        } else {
            (office_url.to_owned(), code.to_owned(), None)
        };
        let office_url = office_url.trim().trim_end_matches('/').to_owned();
        let invalid = |detail: arbiter_domain::error::Detail| -> CoreError {
            DomainError::Invalid { field: "office_url".into(), detail }.into()
        };
        let pin = if office_url.starts_with("https://") {
            match pin {
                Some(p) => p,
                None => Pin::typed(fingerprint)?,
            }
        } else if tls::plain_http_allowed(&office_url) {
            Pin::Nothing
        } else if office_url.starts_with("http://") {
            return Err(invalid(arbiter_domain::error::Detail::PlainHttp));
        } else {
            return Err(invalid(arbiter_domain::error::Detail::MustStartHttps));
        };
        let device = crate::model::DeviceId::new(device.trim())?;
        if device.as_str() == crate::event::OFFICE_SIGNER {
            return Err(DomainError::Invalid {
                field: "device".into(),
                detail: arbiter_domain::error::Detail::OfficesOwnName,
            }
            .into());
        }
        // The key is made, and kept, before the office hears of it: an answer lost on the way
        // leaves a key the next try sends again, never a registered key this device lacks.
        let key_path = self.store.dir().join(KEY_FILE);
        let key = SigningKey::load_or_create(&key_path)?;
        let req = EnrollRequest {
            code: code.trim().to_owned(),
            device: device.clone(),
            label: label.to_owned(),
            key: Some(key.public()),
            role: None,
        };
        let sent = self.clock.now_ms();
        let pins = Pins::new(pin);
        let http = tls::http_client(&pins, Some(OFFICE_TIMEOUT))?;
        let e: EnrollResponse =
            office_answer(&pins, http.post(format!("{office_url}{API_PREFIX}/enroll")).json(&req)).await?;
        if let Some(office) = e.office_time {
            let office_ms = u64::try_from(office.timestamp_millis()).unwrap_or(0);
            self.store.set_clock_skew(ClockSkew::measure(sent, self.clock.now_ms(), office_ms))?;
        }
        let id = Identity {
            office_url,
            token: e.token,
            // The certificate the office presented and the pin admitted, whole.
            office_certs: pins.matched().into_iter().collect(),
            tournament: e.tournament,
            person: e.person,
            role: e.role,
            device: e.device,
            office_key: e.office_key,
        };
        if self.notice.lock().unwrap_or_else(|e| e.into_inner()).take().is_some() {
            // The old identity could not sign any more: the store is this new device's now.
            self.store.rebind_device(&id.device)?;
        }
        identity::save(&self.store, &id)?;
        if id.office_key.is_some() {
            let key = key.with_prepared_nonces();
            self.store.sign_with(Signer { id: id.device.clone(), key, announces: false });
        }
        let client = Self::sync_client(&self.store, &id, &self.clock)?;
        *self.sync.lock().unwrap_or_else(|e| e.into_inner()) = Some(client);
        let public = id.public();
        *self.identity.lock().unwrap_or_else(|e| e.into_inner()) = Some(id);
        self.started.notify_one();
        Ok(public)
    }

    /// The background sync task for the shell to spawn: waits for enrollment if needed, then
    /// runs until `stop` is notified.
    pub fn sync_task(self: &Arc<Self>, stop: Arc<Notify>) -> impl std::future::Future<Output = ()> + Send + 'static {
        let app = self.clone();
        async move {
            loop {
                if let Some(client) = app.client() {
                    client.run(stop).await;
                    return;
                }
                tokio::select! {
                    _ = app.started.notified() => {},
                    _ = stop.notified() => return,
                }
            }
        }
    }

    /// The time now as the office would say it, as far as this device knows (a tablet's date is
    /// often wrong after a flat battery): what events are stamped with and clocks read against.
    fn now(&self) -> Result<(u64, chrono::DateTime<Utc>)> {
        let ms = self.store.clock_skew()?.unwrap_or_default().correct(self.clock.now_ms());
        Ok((ms, chrono::DateTime::from_timestamp_millis(i64::try_from(ms).unwrap_or(0)).unwrap_or_default()))
    }

    /// What this device's official still has to decide (the chief arbiter, the committee):
    /// a card per open item, most urgent first.
    pub fn queue(&self) -> Result<Vec<QueueCard>> {
        let id = self.identity()?;
        let (_, now) = self.now()?;
        desk_cards(&*self.store, &id.tournament, id.author(), now)
    }

    /// One incident's whole story, and what this device's official may decide on it.
    pub fn story(&self, game: &GameId, incident: EventId) -> Result<Story> {
        let id = self.identity()?;
        let (_, now) = self.now()?;
        story_of(&*self.store, &id.tournament, game, incident, id.author(), now)
    }

    /// Builds the event this device would record, without storing it.
    fn draft(&self, game: &GameId, body: EventBody) -> Result<Event> {
        let id = self.identity()?;
        let (now_ms, now) = self.now()?;
        Ok(Event {
            schema: crate::event::schema_for(&body),
            rules: Some(crate::rules::RULES_REVISION),
            prev: None,
            sig: None,
            id: EventId::from_parts(now_ms, crate::random_id_bits()?),
            tournament: id.tournament.clone(),
            game: Some(game.clone()),
            author: id.author(),
            hlc: crate::clock::HybridClock::resume(self.store.hlc()?).tick(now_ms),
            wall_time: now,
            body,
        })
    }

    /// The rulings this device's official could make on `incident` in `game`, as the facts
    /// stand: what the form offers.
    pub fn allowed(
        &self,
        game: &GameId,
        incident: &crate::rules::Incident,
    ) -> Result<Vec<crate::rules::AllowedRuling>> {
        let id = self.identity()?;
        let state = self.state_of(game)?;
        let ruleset = crate::rules::Ruleset::from_spec(state.ruleset);
        Ok(crate::rules::allowed(&ruleset, incident, id.role, state.rule_context()))
    }

    /// “See the consequence before confirming”: what recording `body` would do, or why it
    /// would be refused.
    pub fn preview(&self, game: &GameId, body: EventBody) -> Result<Preview> {
        let id = self.identity()?;
        let events = self.store.game_events(&id.tournament, game)?;
        let default = self.default_ruleset()?;
        let draft = self.draft(game, body)?;
        let state = self.state_of(game)?;
        let refused = validate(&state, id.role, &draft.body).err().map(|e| e.body());
        let mut p = preview_on(&state, &events, default, &draft).ok_or(DomainError::WrongScope(Scope::NeedsGame))?;
        if p.refused.is_none() {
            p.refused = refused;
        }
        Ok(p)
    }

    /// Records `body` on `game`: checked against the game as it stands, stored durably, then
    /// the sync client is nudged. Returns the game as it is now.
    pub fn record(&self, game: &GameId, body: EventBody) -> Result<GameView> {
        let id = self.identity()?;
        let state = self.state_of(game)?;
        validate(&state, id.role, &body)?;
        let (now_ms, now) = self.now()?;
        if let EventBody::IncidentWithdrawn { incident } = &body {
            crate::game::undo::check_in(&state, *incident, &id.device, now_ms)?;
        }
        self.store.record(
            id.tournament.clone(),
            Some(game.clone()),
            id.author(),
            body,
            now,
            crate::random_id_bits()?,
        )?;
        if let Some(c) = self.client() {
            c.nudge();
        }
        self.game(game)
    }

    /// 第十四条 adjournment taken on this tablet: `sealer` seals `point`. The point stays on
    /// this tablet (kept durably first); the ledger records only its seal, so no one reading
    /// the ledger sees the move before it is opened.
    pub fn seal_move(&self, game: &GameId, sealer: Colour, point: Point) -> Result<GameView> {
        let mut b = [0u8; 16];
        getrandom::fill(&mut b).map_err(|e| CoreError::storage_in("no randomness from the OS", e))?;
        let salt = Salt::from_bytes(b);
        let seal = SealDigest::of(game, point, &salt);
        self.store.keep_sealed_move(game, &SealedMove { point, salt })?;
        match self.record(game, EventBody::GameAdjourned { sealer, seal: Some(seal) }) {
            Ok(v) => Ok(v),
            Err(e) => {
                // Not adjourned: nothing is sealed.
                self.store.forget_sealed_move(game)?;
                Err(e)
            }
        }
    }

    /// The sealed move this tablet holds for `game`, for the referee to open at resumption.
    pub fn sealed_move(&self, game: &GameId) -> Result<Option<Point>> {
        Ok(self.store.sealed_move(game)?.map(|s| s.point))
    }

    /// 第十四条 resumption: the sealed move this tablet holds is opened and played — recorded
    /// with its salt so every replica checks it against the seal — and forgotten here.
    pub fn unseal_move(&self, game: &GameId) -> Result<GameView> {
        let sealed = self.store.sealed_move(game)?.ok_or_else(|| {
            CoreError::Domain(DomainError::Invalid {
                field: "game".into(),
                detail: arbiter_domain::error::Detail::NoSealedMove { game: game.to_string() },
            })
        })?;
        let v = self.record(game, EventBody::MoveUnsealed { point: sealed.point, salt: Some(sealed.salt) })?;
        self.store.forget_sealed_move(game)?;
        Ok(v)
    }
}

/// The desk's cards for `viewer` from a store (the app's or the office's): only games with
/// something open are read, each once.
pub fn desk_cards(
    store: &dyn crate::store::EventStore,
    tournament: &crate::model::TournamentId,
    viewer: crate::model::Author,
    now: chrono::DateTime<Utc>,
) -> Result<Vec<QueueCard>> {
    let setup = store.setup(tournament)?;
    let mut cards = Vec::new();
    for summary in store.game_summaries(tournament)?.iter().filter(|s| !s.open.is_empty()) {
        let Some(state) = store.game_state(tournament, &summary.game)? else { continue };
        let events = store.game_events(tournament, &summary.game)?;
        cards.extend(desk::game_cards(&setup, &state, &events, viewer.clone(), now));
    }
    desk::sort_cards(&mut cards);
    Ok(cards)
}

/// An incident's story for `viewer` from a store (the app's or the office's).
pub fn story_of(
    store: &dyn crate::store::EventStore,
    tournament: &crate::model::TournamentId,
    game: &GameId,
    incident: EventId,
    viewer: crate::model::Author,
    now: chrono::DateTime<Utc>,
) -> Result<Story> {
    let state =
        store.game_state(tournament, game)?.ok_or_else(|| DomainError::WrongScope(Scope::NoGame(game.to_string())))?;
    let events = store.game_events(tournament, game)?;
    story::story(&*store.setup(tournament)?, &state, &events, incident, viewer, now)
}

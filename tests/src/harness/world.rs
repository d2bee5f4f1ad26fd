//! One history's world: the processes, the lines between them, the tablets, and what each
//! tablet was told of what it recorded.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use arbiter_core::event::EventBody;
use arbiter_core::model::{Colour, DeviceId, EventId, GameId};
use arbiter_core::rules::{Incident, Outcome, RulesetSpec, Ruling};
use arbiter_core::sync::protocol::{EnrollResponse, API_PREFIX};
use arbiter_office::server::{init_tournament, AppState};
use reqwest::Method;
use serde_json::{json, Value};

use super::check::{self, Violation};
use super::{Line, Op, Proc, Record, SLOTS};
use crate::league::Link;
use crate::pg::PgCluster;
use crate::procs::{OfficeProc, Tmpfs};
use crate::{scratch, test_key, tournament, Device, Endpoint, Polls};

/// What every history shares: the office program and one PostgreSQL cluster (a database each).
pub struct Ctx {
    pub office: String,
    pub pg: PgCluster,
}

/// A history's figures, for the run's summary.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    pub ops: usize,
    /// Events tablets recorded, and of them acknowledged by their venue.
    pub recorded: usize,
    pub acknowledged: usize,
    /// Refused to a tablet by its venue (a clock too far ahead, a revoked device's), and refused
    /// by the centre of what a venue forwarded.
    pub refused_at_venue: usize,
    pub refused_upstream: usize,
    pub kills: usize,
    pub restarts: usize,
    pub cuts: usize,
    pub disk_full: usize,
    pub pg_restarts: usize,
    /// Older builds refused at enrollment, then enrolled with a key.
    pub keyless_refused: usize,
    pub revoked: usize,
    pub re_enrolled: usize,
    pub receipts: usize,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, s: Stats) {
        let Stats {
            ops,
            recorded,
            acknowledged,
            refused_at_venue,
            refused_upstream,
            kills,
            restarts,
            cuts,
            disk_full,
            pg_restarts,
            keyless_refused,
            revoked,
            re_enrolled,
            receipts,
        } = s;
        self.ops += ops;
        self.recorded += recorded;
        self.acknowledged += acknowledged;
        self.refused_at_venue += refused_at_venue;
        self.refused_upstream += refused_upstream;
        self.kills += kills;
        self.restarts += restarts;
        self.cuts += cuts;
        self.disk_full += disk_full;
        self.pg_restarts += pg_restarts;
        self.keyless_refused += keyless_refused;
        self.revoked += revoked;
        self.re_enrolled += re_enrolled;
        self.receipts += receipts;
    }
}

/// What one history did: its figures, its trace and what broke.
#[derive(Debug)]
pub struct Played {
    pub stats: Stats,
    /// Each op and what it did, then what the league holds at quiescence, in words that do not
    /// depend on the run (no ports, folders or wall-clock times): the same seed gives the same
    /// trace.
    pub trace: Vec<String>,
    pub violations: Vec<Violation>,
}

/// A tablet and what it knows of its records.
pub(super) struct Tablet {
    pub dev: Device,
    link: Link,
    pub revoked: bool,
    pub recorded: Vec<EventId>,
    /// Refused for good by its venue, with the reason.
    pub rejected: BTreeMap<String, String>,
    pub venue: usize,
}

struct Slot {
    venue: usize,
    person: String,
    tablet: Option<Tablet>,
    generation: u32,
}

pub(super) struct Venue {
    pub proc: OfficeProc,
    pub token: String,
    pub dir: PathBuf,
    up: Link,
    fs: Option<Tmpfs>,
    /// Its games: the league's tables at this venue.
    pub games: Vec<GameId>,
}

pub(super) struct World<'a> {
    ctx: &'a Ctx,
    root: PathBuf,
    pub db: String,
    pub central: Vec<OfficeProc>,
    pub org: String,
    pub venues: Vec<Venue>,
    slots: Vec<Slot>,
    /// Tablets no longer in a slot (re-enrolled): what they were told still holds.
    pub retired: Vec<Tablet>,
    pg_down: bool,
    /// When the history's ops began: the tablets' clocks count from it ([`World::at`]).
    start: chrono::DateTime<chrono::Utc>,
    pub stats: Stats,
    pub trace: Vec<String>,
    /// What broke while the history ran (checked at the end with the rest).
    pub found: Vec<Violation>,
}

const VENUE_ENV: [(&str, &str); 2] = [("ARBITER_RESERVE_MB", "8"), ("ARBITER_FORWARD_EVERY_MS", "100")];
const TMPFS_MB: u64 = 160;
/// How long a world healed of every fault may take to come quiet before the history fails.
const QUIET_WITHIN: Duration = Duration::from_secs(20);

impl World<'_> {
    /// Sets a world up, plays `ops` on it, brings it to quiescence and checks it.
    pub async fn play(ctx: &Ctx, seed: u64, ops: &[(usize, Op)]) -> Played {
        let mut w = World::set_up(ctx, seed).await;
        w.stats.ops = ops.len();
        w.start = chrono::Utc::now();
        for &(i, op) in ops {
            let did = w.apply(i, op).await;
            w.trace.push(format!("op {i} {op:?}: {did}"));
            w.settle().await;
        }
        let quiet = w.quiesce().await;
        let mut violations = std::mem::take(&mut w.found);
        violations.extend(check::check(&mut w).await);
        if let Err(why) = quiet {
            violations.insert(0, Violation::new("quiescence", why));
        }
        let played = Played { stats: w.stats, trace: std::mem::take(&mut w.trace), violations };
        if played.violations.is_empty() {
            w.tear_down();
        } else {
            eprintln!("harness: history {seed} kept at {}", w.root.display());
        }
        played
    }

    async fn set_up(ctx: &Ctx, seed: u64) -> World<'_> {
        let root = scratch(&format!("harness-{seed}"));
        std::fs::create_dir_all(&root).unwrap_or_else(|e| panic!("{e}"));
        let db = ctx.pg.database(&format!("harness_{seed}_{}", crate::unique()));
        let central_dir = root.join("central");
        let org = {
            let state = AppState::open_on(&central_dir, Some(&db)).unwrap_or_else(|e| panic!("{e}"));
            init_tournament(&state, tournament(), "围甲联赛".into(), RulesetSpec::default())
                .unwrap_or_else(|e| panic!("{e}"))
                .organiser_token
        };
        let central: Vec<OfficeProc> =
            (0..2).map(|_| OfficeProc::start(&ctx.office, &central_dir, Some(&db), &[])).collect();
        let c = &central[0];
        let settings = json!({"system": {"kind": "team", "boards": 2, "pairing": "round_robin"}, "rounds": 3,
            "time_control": {"main_minutes": 60, "reserved_minutes": 5}, "allowed_lateness_minutes": 15});
        c.ok(
            &org,
            Method::PUT,
            "/tournament",
            Some(json!({"name": "围甲联赛", "ruleset": {"preset": "chinese_1988"}, "settings": settings})),
        )
        .await;
        for team in ["杭州", "上海", "北京", "深圳"] {
            for board in [1, 2] {
                let p = json!({"name": format!("{team}{board}台"), "rank": format!("{}d", 6 - board), "team": team, "board": board});
                c.ok(&org, Method::POST, "/players", Some(p)).await;
            }
        }
        let sheet = c.ok(&org, Method::POST, "/rounds/1/pair", Some(json!({}))).await;
        let games: Vec<GameId> = sheet["boards"]
            .as_array()
            .unwrap_or_else(|| panic!("a pairing sheet without boards: {sheet}"))
            .iter()
            .filter_map(|b| GameId::new(b["game"].as_str()?).ok())
            .collect();
        assert_eq!(games.len(), 4, "{sheet}");
        let names = ["venue-hz", "venue-sh"];
        for (v, name) in names.iter().enumerate() {
            c.ok(&org, Method::POST, "/people", Some(json!({"id": name, "name": name, "role": "office"}))).await;
            let tables = [2 * v + 1, 2 * v + 2];
            c.ok(&org, Method::POST, "/venues", Some(json!({"venue": name, "round": 1, "tables": tables}))).await;
        }
        let mut slots = Vec::new();
        for s in 0..SLOTS {
            let person = format!("ref-{s}");
            c.ok(&org, Method::POST, "/people", Some(json!({"id": person, "name": person, "role": "referee"}))).await;
            slots.push(Slot { venue: usize::from(s / 3), person, tablet: None, generation: 0 });
        }
        // Each venue reaches its own central process, through a line the harness can cut.
        let mut venues = Vec::new();
        for (v, name) in names.iter().enumerate() {
            let up = Link::to(format!("127.0.0.1:{}", central[v].port).parse().unwrap_or_else(|e| panic!("{e}"))).await;
            let code = c.ok(&org, Method::POST, "/enrollment-codes", Some(json!({"person": name}))).await;
            let code = code["code"].as_str().unwrap_or_else(|| panic!("no enrolment code in {code}")).to_owned();
            // Venue 0 on a small disk of its own, to fill (where this process may mount one).
            let fs = if v == 0 { Tmpfs::mount(&format!("harness-{seed}-disk"), TMPFS_MB) } else { None };
            let dir = fs.as_ref().map_or_else(|| root.join(name), |fs| fs.dir.join("data"));
            let device = DeviceId::new(*name).unwrap_or_else(|e| panic!("{e}"));
            let joined = arbiter_office::server::join_office(&dir, &up.url, c.cert, &code, &device)
                .await
                .unwrap_or_else(|e| panic!("join: {e}"));
            let proc = OfficeProc::start(&ctx.office, &dir, None, &VENUE_ENV);
            let games = games[2 * v..2 * v + 2].to_vec();
            venues.push(Venue { proc, token: joined.organiser_token, dir, up, fs, games });
        }
        let mut w = World {
            ctx,
            root,
            db,
            central,
            org,
            venues,
            slots,
            retired: Vec::new(),
            pg_down: false,
            start: chrono::Utc::now(),
            stats: Stats::default(),
            trace: Vec::new(),
            found: Vec::new(),
        };
        for s in 0..SLOTS {
            if s % 3 != 2 {
                if let Err(why) = w.enroll(s, true).await {
                    panic!("the harness could not enroll slot {s} at set-up: {why}");
                }
            }
        }
        w
    }

    /// Enrolls slot `s`'s tablet at its venue with a key (an older build tries without one
    /// first, and must be refused up front with `key_required`, its code not spent). The new
    /// device's name, or why it was not enrolled.
    async fn enroll(&mut self, s: u8, keyed_first: bool) -> Result<String, String> {
        let slot = self.slots.get_mut(usize::from(s)).ok_or("no such slot")?;
        let venue = &self.venues[slot.venue];
        if !venue.proc.alive() {
            return Err("its venue is down".into());
        }
        let code = venue
            .proc
            .call(&venue.token, Method::POST, "/enrollment-codes", Some(json!({"person": slot.person})))
            .await
            .map_err(|r| format!("no code: {} {}", r.status, r.body["code"]))?;
        let code = code["code"].as_str().ok_or_else(|| format!("no code in {code}"))?.to_owned();
        slot.generation += 1;
        let device = format!("tab-{s}-{}", slot.generation);
        let url = format!("{}{API_PREFIX}/enroll", venue.proc.url);
        if !keyed_first {
            let r = venue
                .proc
                .http
                .post(&url)
                .json(&json!({"code": code, "device": device, "label": device}))
                .send()
                .await
                .map_err(|e| format!("keyless enrolment not answered: {e}"))?;
            let status = r.status().as_u16();
            let body: Value = r.json().await.map_err(|e| format!("keyless enrolment answered no JSON: {e}"))?;
            if status == 200 || body["code"] != "key_required" {
                self.found.push(Violation::new(
                    "one admission rule",
                    format!("a keyless older build at venue {} was answered {status} {body}", slot.venue),
                ));
                return Err("a keyless build was admitted".into());
            }
            self.stats.keyless_refused += 1;
        }
        let r = venue
            .proc
            .http
            .post(&url)
            .json(&json!({"code": code, "device": device, "label": device, "key": test_key(&device).public()}))
            .send()
            .await
            .map_err(|e| format!("enrolment not answered: {e}"))?;
        if !r.status().is_success() {
            return Err(format!("enrolment refused: {}", r.status().as_u16()));
        }
        let enrolled: EnrollResponse = r.json().await.map_err(|e| format!("enrolment answer: {e}"))?;
        let addr = format!("127.0.0.1:{}", venue.proc.port).parse().map_err(|e| format!("{e}"))?;
        let link = Link::to(addr).await;
        let endpoint = Endpoint { url: link.url.clone(), pin: venue.proc.endpoint().pin };
        let dev = Device::at(&self.root.join(&device), &enrolled, &endpoint);
        let venue_no = slot.venue;
        let old = slot.tablet.replace(Tablet {
            dev,
            link,
            revoked: false,
            recorded: Vec::new(),
            rejected: BTreeMap::new(),
            venue: venue_no,
        });
        self.retired.extend(old);
        Ok(device)
    }

    fn tablet(&mut self, s: u8) -> Option<&mut Tablet> {
        self.slots.get_mut(usize::from(s))?.tablet.as_mut()
    }

    fn proc(&mut self, p: Proc) -> &mut OfficeProc {
        match p {
            Proc::Central(i) => &mut self.central[usize::from(i % 2)],
            Proc::Venue(i) => &mut self.venues[usize::from(i % 2)].proc,
        }
    }

    fn line(&self, l: Line) -> Option<&Link> {
        match l {
            Line::Tablet(s) => self.slots.get(usize::from(s))?.tablet.as_ref().map(|t| &t.link),
            Line::Upstream(v) => self.venues.get(usize::from(v)).map(|v| &v.up),
        }
    }

    /// The time op `i` is recorded at by a tablet whose clock is `skew_min` ahead: one second
    /// per op after the history's start, so a seed stamps its events alike on every run (the
    /// offices' own clocks stay real; one second an op keeps the tablets ahead of them).
    fn at(&self, i: usize, skew_min: u8) -> chrono::DateTime<chrono::Utc> {
        let secs = i64::try_from(i).unwrap_or(i64::MAX);
        self.start + chrono::Duration::seconds(secs) + chrono::Duration::minutes(i64::from(skew_min))
    }

    /// Applies op `i`; what it did, in words that are the same on every run of the seed.
    async fn apply(&mut self, i: usize, op: Op) -> String {
        match op {
            Op::Record { tablet, game, what, skew_min } => {
                let at = self.at(i, skew_min);
                let Some(slot) = self.slots.get_mut(usize::from(tablet)) else { return "no such slot".into() };
                let Some(t) = slot.tablet.as_mut() else { return "no tablet".into() };
                if t.revoked {
                    return "revoked: nothing recorded".into();
                }
                let g = &self.venues[t.venue].games[usize::from(game % 2)];
                match t.dev.record_at(g, body(what), at) {
                    Ok(e) => {
                        // Its id carries the history's start time: the trace counts instead.
                        t.recorded.push(e.id);
                        self.stats.recorded += 1;
                        format!("recorded, the tablet's {}", t.recorded.len())
                    }
                    Err(e) => format!("refused on the tablet: {}", e.code()),
                }
            }
            Op::Sync { tablet } => match self.tablet(tablet) {
                Some(t) => match t.push().await {
                    Ok(n) => format!("pushed {n}, refused {}", t.rejected.len()),
                    Err(code) => format!("failed: {code}"),
                },
                None => "no tablet".into(),
            },
            Op::Cut(l) => match self.line(l) {
                Some(link) => {
                    link.cut().await;
                    self.stats.cuts += 1;
                    "cut".into()
                }
                None => "no such line".into(),
            },
            Op::Restore(l) => match self.line(l) {
                Some(link) => {
                    link.restore();
                    "restored".into()
                }
                None => "no such line".into(),
            },
            Op::Kill(p) => {
                let p = self.proc(p);
                if p.alive() {
                    p.kill();
                    self.stats.kills += 1;
                    "killed".into()
                } else {
                    "was down".into()
                }
            }
            Op::Restart(p) => {
                // A process on a full disk does not start: the disk is freed first.
                if matches!(p, Proc::Venue(0)) {
                    self.free_disk();
                }
                let p = self.proc(p);
                if p.alive() {
                    "was running".into()
                } else {
                    p.restart();
                    self.stats.restarts += 1;
                    "restarted".into()
                }
            }
            Op::DiskFull(true) => match self.venues[0].fs.as_mut() {
                Some(fs) if fs.full() => "full already".into(),
                Some(fs) => {
                    // Below the venue's 8 MB reserve: its writes are refused, nothing torn.
                    fs.fill(4 << 20);
                    self.stats.disk_full += 1;
                    "filled".into()
                }
                None => "no disk of its own (not root)".into(),
            },
            Op::DiskFull(false) => {
                self.free_disk();
                "freed".into()
            }
            Op::PgRestart => {
                self.ctx.pg.stop();
                self.pg_down = true;
                tokio::time::sleep(Duration::from_millis(100)).await;
                self.ctx.pg.restart();
                self.pg_down = false;
                self.stats.pg_restarts += 1;
                "restarted".into()
            }
            Op::Revoke { tablet } => {
                let Some(slot) = self.slots.get(usize::from(tablet)) else { return "no such slot".into() };
                let Some(t) = slot.tablet.as_ref() else { return "no tablet".into() };
                let v = &self.venues[slot.venue];
                let path = format!("/devices/{}/revoke", t.dev.author.device);
                match v.proc.call(&v.token, Method::POST, &path, None).await {
                    Ok(_) => {
                        if let Some(t) = self.tablet(tablet) {
                            t.revoked = true;
                        }
                        self.stats.revoked += 1;
                        "revoked".into()
                    }
                    Err(r) => format!("refused {} {}", r.status, r.body["code"]),
                }
            }
            Op::ReEnroll { tablet } => {
                if self.tablet(tablet).is_none() {
                    return "no tablet".into();
                }
                match self.enroll(tablet, true).await {
                    Ok(device) => {
                        self.stats.re_enrolled += 1;
                        format!("enrolled {device}")
                    }
                    Err(why) => format!("not enrolled: {why}"),
                }
            }
            Op::Enroll { tablet } => {
                if self.tablet(tablet).is_some() {
                    return "enrolled already".into();
                }
                match self.enroll(tablet, false).await {
                    Ok(device) => format!("refused without a key, then enrolled {device}"),
                    Err(why) => format!("not enrolled: {why}"),
                }
            }
            Op::Pause { ms } => {
                tokio::time::sleep(Duration::from_millis(u64::from(ms))).await;
                "paused".into()
            }
        }
    }

    /// Ordered operations: what a venue can hand on to the centre now is handed on before the
    /// next op, so when its forwarder runs is the history's, not the scheduler's (an event
    /// forwarded before or after a revocation is another history). A venue that cannot reach
    /// its central process now is not waited for; it hands on at the op that lets it. Bounded
    /// (4 s: a forwarder backing off after a failure waits up to 3 s).
    async fn settle(&mut self) {
        // A process that stopped by itself is part of the history: said in the trace, and
        // started again by the next restart of it.
        for p in [Proc::Central(0), Proc::Central(1), Proc::Venue(0), Proc::Venue(1)] {
            if let Some(status) = self.proc(p).stopped_by_itself() {
                self.trace.push(format!("{p:?} stopped by itself: {status}"));
            }
        }
        let mut polls = Polls::within(Duration::from_secs(4), Duration::from_millis(20));
        while polls.next().await {
            let mut busy = false;
            for (v, venue) in self.venues.iter().enumerate() {
                let full = venue.fs.as_ref().is_some_and(Tmpfs::full);
                let reachable = venue.proc.alive() && venue.up.is_up() && self.central[v].alive() && !self.pg_down;
                if !reachable || full {
                    continue;
                }
                let health = venue.proc.call("", Method::GET, "/health", None).await;
                if health.ok().and_then(|h| h["forward_behind"].as_u64()) != Some(0) {
                    busy = true;
                }
            }
            if !busy {
                return;
            }
        }
    }

    fn free_disk(&mut self) {
        if let Some(fs) = self.venues[0].fs.as_mut() {
            fs.free();
        }
    }

    /// Every fault healed, every line up, every process running; then rounds until every
    /// tablet's outbox is empty and every venue has forwarded all it holds (bounded).
    async fn quiesce(&mut self) -> Result<(), String> {
        self.free_disk();
        if self.pg_down {
            self.ctx.pg.restart();
        }
        for p in [Proc::Central(0), Proc::Central(1), Proc::Venue(0), Proc::Venue(1)] {
            self.proc(p).restart();
        }
        for l in (0..SLOTS).map(Line::Tablet).chain((0..2).map(Line::Upstream)) {
            if let Some(link) = self.line(l) {
                link.restore();
            }
        }
        let mut waiting = String::new();
        let mut polls = Polls::within(QUIET_WITHIN, Duration::from_millis(50));
        while polls.next().await {
            waiting.clear();
            for slot in &mut self.slots {
                if let Some(t) = slot.tablet.as_mut() {
                    if t.revoked {
                        continue;
                    }
                    match t.round().await {
                        Ok(r) if r.pushed + r.pulled == 0 => {}
                        Ok(r) => {
                            waiting += &format!("{} moved {} event(s); ", t.dev.author.device, r.pushed + r.pulled)
                        }
                        Err(e) => waiting += &format!("{}: {e}; ", t.dev.author.device),
                    }
                }
            }
            for slot in &self.slots {
                if let Some(t) = slot.tablet.as_ref() {
                    let pending = t.dev.store.pending().unwrap_or(usize::MAX);
                    if !t.revoked && pending > 0 {
                        waiting += &format!("{} has {pending} waiting; ", t.dev.author.device);
                    }
                }
            }
            for (v, venue) in self.venues.iter().enumerate() {
                let health = venue.proc.call("", Method::GET, "/health", None).await;
                let behind = health.as_ref().ok().and_then(|h| h["forward_behind"].as_u64());
                if behind != Some(0) {
                    waiting += &format!("venue {v} forward_behind {behind:?}; ");
                }
            }
            if waiting.is_empty() {
                return Ok(());
            }
        }
        Err(format!("not quiet after {QUIET_WITHIN:?}: {waiting}"))
    }

    /// Every tablet, in slots and retired.
    pub fn tablets(&self) -> impl Iterator<Item = &Tablet> {
        self.slots.iter().filter_map(|s| s.tablet.as_ref()).chain(&self.retired)
    }

    /// The tablets still in use (not revoked, not replaced).
    pub fn live_tablets(&self) -> impl Iterator<Item = &Tablet> {
        self.slots.iter().filter_map(|s| s.tablet.as_ref()).filter(|t| !t.revoked)
    }

    fn tear_down(self) {
        let root = self.root.clone();
        drop(self);
        let _ = std::fs::remove_dir_all(root);
    }
}

impl Tablet {
    /// One sync round; a refusal for good is kept with its reason (a network failure is not one).
    async fn round(&mut self) -> Result<arbiter_core::sync::client::RoundReport, String> {
        let r = self.dev.client.round().await;
        for r in self.dev.client.status().rejected {
            self.rejected.entry(r.id).or_insert_with(|| format!("{}: {}", r.error.code, r.error.message));
        }
        r.map_err(|e| why(&e))
    }

    /// A round, as the trace tells it: what it pushed (what it pulled depends on when the
    /// venue's forwarder ran, so it is not told), or the kind of failure.
    async fn push(&mut self) -> Result<usize, String> {
        self.round().await.map(|r| r.pushed)
    }

    /// What its venue acknowledged: recorded, out of the outbox, not refused.
    pub fn acknowledged(&self) -> arbiter_core::Result<Vec<EventId>> {
        let waiting: std::collections::HashSet<EventId> =
            self.dev.store.outbox_lines(None, usize::MAX, usize::MAX)?.into_iter().map(|p| p.id).collect();
        Ok(self
            .recorded
            .iter()
            .filter(|id| !waiting.contains(id) && !self.rejected.contains_key(&id.to_string()))
            .copied()
            .collect())
    }
}

/// A failure in words the same on every run: its code, and an office's own code for a refusal.
fn why(e: &arbiter_core::CoreError) -> String {
    match e {
        arbiter_core::CoreError::Remote { status, code, .. } => format!("{status} {code}"),
        other => other.code().to_owned(),
    }
}

fn body(what: Record) -> EventBody {
    let colour = |black: bool| if black { Colour::Black } else { Colour::White };
    match what {
        Record::Warning { black } => EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: colour(black) },
            ruling: Some(Ruling::Warning),
            note: None,
        },
        Record::Advice { black } => EventBody::IncidentRecorded {
            incident: Incident::Disturbing { offender: colour(black) },
            ruling: Some(Ruling::Advice),
            note: None,
        },
        Record::Result { black_wins } => {
            EventBody::ResultEntered { outcome: Outcome::win(colour(black_wins)), note: None, forfeit: false }
        }
    }
}

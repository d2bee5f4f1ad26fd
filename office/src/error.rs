//! The office crate's one error type. Over HTTP every error is `{code, message}` with a status
//! that says whose fault it was: 4xx for the client's mistakes, 5xx only for the office's own.

use arbiter_core::model::{Author, DeviceId, EventId, GameId, PersonId, PlayerId, Role, TournamentId};
use arbiter_core::{CoreError, DomainError};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// What the office can fail at.
#[derive(Debug, thiserror::Error)]
pub enum OfficeError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot write output: {0}")]
    Write(#[from] std::io::Error),
    #[error("cannot encode output as JSON: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("{0}")]
    Core(#[from] CoreError),
    /// A sign-in refused for what the code, token or device is (`SignIn::counts`: one the
    /// office does not know counts toward the address's failed attempts).
    #[error("{}", .0.said().en)]
    SignIn(SignIn),
    /// A table link (第二十一条) that opens nothing: never minted, or its round is over. Said
    /// to a player at the table, in each language.
    #[error("{}", .0.said().en)]
    TableLink(TableLinkRefusal),
    #[error("too many failed attempts from this address: try again in {wait_seconds} s")]
    TooManyAttempts { wait_seconds: u64 },
    #[error(
        "this address is locked out after {0} failed attempts; the organiser can lift it (GET/DELETE /api/v1/lockouts)"
    )]
    LockedOut(u32),
    /// An event this caller may not send (another tournament's, another author's, a venue's
    /// beyond its games), or a backup asked for without the office's secret.
    #[error("{}", .0.said().en)]
    Forbidden(Forbidden),
    /// An act the caller's role may not do (the roles that may, named): said in each language.
    #[error("{}", crate::acts::not_allowed(*role, allowed, *act).en)]
    NotAllowed { role: arbiter_core::model::Role, allowed: Vec<arbiter_core::model::Role>, act: crate::acts::Act },
    /// A referee recording on a table the chief arbiter did not assign them (第三十一条三):
    /// the table, and the referee's own.
    #[error(
        "table {table} is not assigned to referee `{referee}` (their tables: {}); the chief arbiter assigns a cover from the desk",
        tables.iter().map(u16::to_string).collect::<Vec<_>>().join(", ")
    )]
    NotYourTable { table: u16, referee: arbiter_core::model::PersonId, tables: Vec<u16> },
    /// What was asked for and is not there (404), named.
    #[error("{0}")]
    NotFound(Missing),
    /// What the request asks clashes with what is already so (409), named.
    #[error("{}", .0.said().en)]
    Conflict(Clash),
    /// A player registered by hand who has a registered player's name or PIN: the message names
    /// the match; sent again with `"confirm": true` it is registered (two people can share a
    /// name such as 王伟).
    #[error("{}", already_registered(.0).en)]
    AlreadyRegistered(Vec<String>),
    /// An `.h9` or `.tou` that would carry names the EGD's ISO-8859-15 files cannot: the message
    /// names the players (give their names in Latin letters: `PUT /api/v1/players/{id}/latin`).
    #[error("{}", not_in_latin_letters(.file, .names).en)]
    NotInLatinLetters { file: LatinFile, names: Vec<NotLatin> },
    /// A request refused for its form or its place before any rule was asked.
    #[error("{message}")]
    BadRequest { what: RequestFault, message: String },
    /// A request an official's screen can send, refused for its place before any rule was
    /// asked (a code for another role, absences for a round paired): said in each language.
    #[error("{}", .0.said().en)]
    Misasked(Misasked),
    /// An endpoint asked with a method it does not take.
    #[error("{0}")]
    MethodNotAllowed(&'static str),
    #[error("{0}")]
    TooLarge(String),
    /// The office's own failure (500), with its cause.
    #[error("internal error: {0}")]
    Internal(Fault),
    /// Another office process serves this data directory (`serving`).
    #[error("{0}")]
    OfficeRunning(String),
    /// The store cannot write again in this process (a failed `fdatasync`): `serve` exits
    /// with status 75 for its supervisor to restart it (docs/deploy.md).
    #[error(
        "the store can no longer write in this process ({0}); the office stops so that it is started again, \
         which re-reads the journal and goes on (under systemd: Restart=on-failure)"
    )]
    StoreFailed(String),
    /// An event this office does not admit, kept on the device and listed for the organiser
    /// (the refusal log): why, typed, and what to do — in each language where the core says it
    /// (`arbiter_core::refusals`), its English the message.
    #[error("{message}")]
    NotAdmitted { why: NotAdmitted, message: String, said: Option<Box<arbiter_core::labels::Said>> },
    /// A game record with an illegal move (its number, the article).
    #[error("{0}")]
    IllegalMove(String),
    /// The office cannot start as asked (its port, its folder, its certificate), and what to do.
    #[error("{0}")]
    Startup(String),
    /// The office cannot write now (`/ready`): 503 with why (the store failed, the disk is full).
    #[error("{0}")]
    NotReady(Box<OfficeError>),
    /// This binary was built without the officials' pages, and no folder of them was given.
    #[error("{0}")]
    PagesNotBuilt(&'static str),
}

/// What failed inside the office (a 500): what it was doing, and the error that stopped it as
/// its `source`, so a log or a caller's report keeps the cause.
#[derive(Debug, thiserror::Error)]
pub enum Fault {
    /// A blocking worker (`runtime::blocking`) panicked or was cancelled.
    #[error("worker failed: {0}")]
    Worker(#[source] tokio::task::JoinError),
    /// A handler panicked; `CatchPanicLayer` answers for it.
    #[error("the handler panicked; nothing was stored")]
    Panicked,
    /// An escalation recorded from the browser whose incident id the stamp did not mint.
    #[error("the escalation names an incident id the stamp did not mint")]
    UnmintedIncident,
    /// An answer to an `Idempotency-Key` request that could not be read to keep it.
    #[error("the answer could not be read to keep it")]
    UnreadAnswer,
    /// JSON the office writes or kept itself that would not encode or decode.
    #[error("{what}: {source}")]
    Json { what: String, source: serde_json::Error },
    /// A file or folder of the office's own that could not be written.
    #[error("{what} {}: {source}", path.display())]
    File { what: &'static str, path: std::path::PathBuf, source: std::io::Error },
    /// The office's own sled database (a backup read or restored).
    #[error("{what}: {source}")]
    Sled { what: String, source: sled::Error },
    /// The operating system gave no randomness (tokens, codes, secrets).
    #[error("no randomness: {0}")]
    Randomness(#[source] getrandom::Error),
    /// A library the office drives (QR codes, TLS, the PostgreSQL pool, the store on restore)
    /// refused what the office itself built.
    #[error("{what}: {source}")]
    Failed { what: &'static str, source: Box<dyn std::error::Error + Send + Sync> },
}

impl Fault {
    /// A library's refusal of what the office built, said with what it was doing.
    pub fn failed(what: &'static str, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Fault::Failed { what, source: Box::new(source) }
    }
}

/// What a 404 did not find, named: a client is told which thing (and which id) is missing, and
/// a test asserts the variant, not a text.
#[derive(Debug, thiserror::Error)]
pub enum Missing {
    /// A tournament the store has no event of.
    #[error("tournament `{0}` has no events yet")]
    Tournament(TournamentId),
    /// A tournament not among the events read (`standings --store`).
    #[error("no tournament `{tournament}` in {place}")]
    TournamentIn { tournament: String, place: String },
    /// A game the tournament does not have.
    #[error("no game `{game}` in `{tournament}`")]
    Game { game: GameId, tournament: TournamentId },
    /// A game with no screen yet (not scheduled): the core's reason.
    #[error("{0}")]
    GameScreen(#[source] CoreError),
    /// An incident the game does not have, or not one the caller may read.
    #[error("{0}")]
    Incident(#[source] CoreError),
    /// A player the tournament has not registered.
    #[error("no player `{0}`")]
    Player(PlayerId),
    /// A player in no event of this office (the league's records).
    #[error("no player `{0}` in any event of this office")]
    LeaguePlayer(PlayerId),
    /// A person the tournament has not registered as a referee.
    #[error("no referee `{referee}` is registered in `{tournament}`")]
    Referee { referee: PersonId, tournament: TournamentId },
    /// A person the tournament has not registered as a venue office.
    #[error("`{0}` is not a registered venue office")]
    VenueOffice(PersonId),
    /// An official the accounts do not have for the tournament.
    #[error("no official `{person}` is registered for `{tournament}`")]
    Official { person: PersonId, tournament: TournamentId },
    /// A device the accounts do not have for the tournament.
    #[error("no device `{device}` in `{tournament}`")]
    Device { device: DeviceId, tournament: TournamentId },
    /// An address with no lock-out to lift.
    #[error("{0} has no failed tries on record")]
    Lockout(std::net::IpAddr),
    /// A rating list search or refresh before any list was loaded.
    #[error("no rating list loaded for this tournament")]
    RatingList,
    /// A venue office's resend of an event the central office did not refuse.
    #[error("event {0} is not one the central office refused")]
    RefusedEvent(EventId),
    /// A venue office's resend of an event its ledger does not hold.
    #[error("event {0} is not in this office's ledger")]
    Event(EventId),
    /// `GET /certificate` from an office serving plain HTTP.
    #[error("this office serves plain HTTP: it has no certificate")]
    Certificate,
    /// A path under `/api/v1` no route takes.
    #[error("no such endpoint; the API lives under /api/v1 (see docs/sync.md)")]
    Endpoint,
    /// A page the built UI does not have.
    #[error("no page `/{0}`; the API lives under /api/v1 (see docs/sync.md)")]
    Page(String),
}

/// What was wrong with a request, a command's argument, a setting or a file the office refused
/// before asking any rule (the rules' own refusals are [`DomainError`]s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestFault {
    /// A query string that does not parse, or a value out of its range.
    Query,
    /// A body that cannot be read (not UTF-8, cut short).
    Body,
    /// A path segment that does not parse.
    Path,
    /// An `Idempotency-Key` that is not 1–128 visible ASCII characters.
    IdempotencyKey,
    /// An `Idempotency-Key` already used for another request.
    IdempotencyKeyReused,
    /// An enrolment code used by a device of another role.
    InvalidRole,
    /// Asked of a venue office only, at an office that is not one.
    NotAVenue,
    /// A data folder that is already a venue of a league.
    AlreadyJoined,
    /// A file backup asked of an office that keeps its events in PostgreSQL.
    NotASledStore,
    /// Absences changed for a round already paired.
    AlreadyPaired,
    /// An event that is not recorded on a game, sent to a game's endpoint.
    NotAGameEvent,
    /// A header that does not parse (`Sent-At-Ms`).
    Header,
    /// `escalate_to` with a body that is not an incident recorded without a ruling.
    NotEscalable,
    /// An environment setting out of its range.
    BadSetting,
    /// A backup file that cannot be restored (the line and why).
    BadBackup,
    /// A certificate or key file the office cannot use.
    InvalidCertificate,
    /// An OpenGotha file asking for what this project does not compute (a system, a criterion).
    Unsupported,
    /// A command given too little to work on (no file, folder or database).
    Usage,
    /// A command's source holds several tournaments, and none was named.
    Ambiguous,
}

impl RequestFault {
    /// Stable code for scripts and HTTP clients.
    pub fn code(self) -> &'static str {
        match self {
            RequestFault::Query => "bad_query",
            RequestFault::Body => "bad_body",
            RequestFault::Path => "bad_path",
            RequestFault::IdempotencyKey => "invalid_idempotency_key",
            RequestFault::IdempotencyKeyReused => "idempotency_key_reused",
            RequestFault::InvalidRole => "invalid_role",
            RequestFault::NotAVenue => "not_a_venue",
            RequestFault::AlreadyJoined => "already_joined",
            RequestFault::NotASledStore => "not_a_sled_store",
            RequestFault::AlreadyPaired => "already_paired",
            RequestFault::NotAGameEvent => "not_a_game_event",
            RequestFault::Header => "bad_header",
            RequestFault::NotEscalable => "not_escalable",
            RequestFault::BadSetting => "bad_setting",
            RequestFault::BadBackup => "bad_backup",
            RequestFault::InvalidCertificate => "invalid_certificate",
            RequestFault::Unsupported => "unsupported",
            RequestFault::Usage => "usage",
            RequestFault::Ambiguous => "ambiguous",
        }
    }

    fn status(self) -> StatusCode {
        match self {
            RequestFault::Query
            | RequestFault::Body
            | RequestFault::Path
            | RequestFault::IdempotencyKey
            | RequestFault::IdempotencyKeyReused
            | RequestFault::InvalidRole
            | RequestFault::NotAVenue
            | RequestFault::NotASledStore
            | RequestFault::NotAGameEvent
            | RequestFault::Header
            | RequestFault::NotEscalable
            | RequestFault::BadSetting
            | RequestFault::BadBackup
            | RequestFault::InvalidCertificate
            | RequestFault::Unsupported
            | RequestFault::Usage
            | RequestFault::Ambiguous => StatusCode::BAD_REQUEST,
            RequestFault::AlreadyJoined | RequestFault::AlreadyPaired => StatusCode::CONFLICT,
        }
    }
}

/// Why an event is not admitted (see [`OfficeError::NotAdmitted`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAdmitted {
    /// Stamped further ahead of the office's clock than allowed.
    ClockAhead,
    /// Unsigned where this office admits only events signed by their device (a league).
    KeyRequired,
    /// A phone's record made longer ago than the office answers a request once
    /// (`idempotency::KEEP_FOR`): it might have been recorded already.
    MadeTooLongAgo,
}

impl OfficeError {
    /// A request refused for `what`, and what to do.
    pub fn bad(what: RequestFault, message: impl Into<String>) -> Self {
        OfficeError::BadRequest { what, message: message.into() }
    }

    /// Whether this refusal counts toward the address's failed attempts at the door: a code,
    /// token or table link the office does not know (a guess).
    pub fn counts_at_door(&self) -> bool {
        match self {
            OfficeError::SignIn(r) => r.counts(),
            OfficeError::TableLink(r) => r.counts(),
            _ => false,
        }
    }

    /// An event not admitted for `why`, said in each language (its English the message).
    pub fn not_admitted(why: NotAdmitted, said: arbiter_core::labels::Said) -> Self {
        OfficeError::NotAdmitted { why, message: said.en.clone(), said: Some(Box::new(said)) }
    }

    /// The `{code, message}` an HTTP client reads: with the core's sentences in each language
    /// where the refusal is the core's, English only where it is the office's own.
    pub fn body(&self) -> arbiter_core::ErrorBody {
        match self {
            OfficeError::Core(e) => e.body(),
            OfficeError::NotReady(e) => e.body(),
            OfficeError::NotYourTable { table, referee, tables } => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(arbiter_core::refusals::not_your_table(*table, referee.as_str(), tables))),
            },
            OfficeError::AlreadyRegistered(matches) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(already_registered(matches))),
            },
            OfficeError::NotInLatinLetters { file, names } => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(not_in_latin_letters(file, names))),
            },
            OfficeError::Misasked(m) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(m.said())),
            },
            OfficeError::Conflict(c) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(c.said())),
            },
            OfficeError::Forbidden(f) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(f.said())),
            },
            OfficeError::NotAllowed { role, allowed, act } => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(crate::acts::not_allowed(*role, allowed, *act))),
            },
            OfficeError::SignIn(r) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(r.said())),
            },
            OfficeError::TableLink(r) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(r.said())),
            },
            OfficeError::TooManyAttempts { wait_seconds } => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(arbiter_core::refusals::too_many_attempts(*wait_seconds))),
            },
            OfficeError::LockedOut(attempts) => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(Box::new(arbiter_core::refusals::locked_out(*attempts))),
            },
            OfficeError::NotAdmitted { said: Some(said), .. } => arbiter_core::ErrorBody {
                code: self.code().to_owned(),
                message: self.to_string(),
                said: Some(said.clone()),
            },
            _ => arbiter_core::ErrorBody::english(self.code(), self.to_string()),
        }
    }

    /// Stable code for scripts and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            OfficeError::Read { .. } => "read_failed",
            OfficeError::Write(_) => "write_failed",
            OfficeError::Encode(_) => "encode_failed",
            OfficeError::Core(e) => e.code(),
            OfficeError::SignIn(_) => "unauthenticated",
            OfficeError::TableLink(r) => r.code(),
            OfficeError::TooManyAttempts { .. } => "too_many_attempts",
            OfficeError::LockedOut(_) => "locked_out",
            OfficeError::Forbidden(_) | OfficeError::NotAllowed { .. } => "forbidden",
            OfficeError::NotYourTable { .. } => "not_your_table",
            OfficeError::NotFound(_) => "not_found",
            OfficeError::Conflict(_) => "conflict",
            OfficeError::AlreadyRegistered(_) => "already_registered",
            OfficeError::NotInLatinLetters { .. } => "not_in_latin_letters",
            OfficeError::BadRequest { what, .. } => what.code(),
            OfficeError::Misasked(m) => m.fault().code(),
            OfficeError::MethodNotAllowed(_) => "method_not_allowed",
            OfficeError::TooLarge(_) => "too_large",
            OfficeError::Internal(_) => "internal",
            OfficeError::OfficeRunning(_) => "office_running",
            OfficeError::StoreFailed(_) => "store_failed",
            OfficeError::Startup(_) => "cannot_start",
            OfficeError::NotAdmitted { why: NotAdmitted::ClockAhead, .. } => "clock_ahead",
            OfficeError::NotAdmitted { why: NotAdmitted::KeyRequired, .. } => "key_required",
            OfficeError::NotAdmitted { why: NotAdmitted::MadeTooLongAgo, .. } => "made_too_long_ago",
            OfficeError::IllegalMove(_) => "illegal_move",
            OfficeError::NotReady(e) => e.code(),
            OfficeError::PagesNotBuilt(_) => "pages_not_built",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            OfficeError::SignIn(_) => StatusCode::UNAUTHORIZED,
            OfficeError::TableLink(r) => r.status(),
            OfficeError::TooManyAttempts { .. } | OfficeError::LockedOut(_) => StatusCode::TOO_MANY_REQUESTS,
            OfficeError::Forbidden(_) | OfficeError::NotAllowed { .. } | OfficeError::NotYourTable { .. } => {
                StatusCode::FORBIDDEN
            }
            OfficeError::NotFound(_) => StatusCode::NOT_FOUND,
            OfficeError::Conflict(_) | OfficeError::AlreadyRegistered(_) | OfficeError::OfficeRunning(_) => {
                StatusCode::CONFLICT
            }
            OfficeError::BadRequest { what, .. } => what.status(),
            OfficeError::Misasked(m) => m.fault().status(),
            OfficeError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            OfficeError::NotAdmitted { .. } | OfficeError::IllegalMove(_) => StatusCode::BAD_REQUEST,
            OfficeError::NotInLatinLetters { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            OfficeError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            OfficeError::StoreFailed(_) | OfficeError::NotReady(_) | OfficeError::PagesNotBuilt(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            OfficeError::Core(e) => core_status(e),
            OfficeError::Read { .. }
            | OfficeError::Write(_)
            | OfficeError::Encode(_)
            | OfficeError::Internal(_)
            | OfficeError::Startup(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The status of a core error at the office: every variant decided (a new one must be), 4xx
/// for what the caller sent, 5xx for the office's own store and the offices it speaks to.
fn core_status(e: &CoreError) -> StatusCode {
    match e {
        CoreError::Domain(d) => domain_status(d),
        CoreError::Forged(_) => StatusCode::BAD_REQUEST,
        CoreError::InUse { .. } => StatusCode::CONFLICT,
        CoreError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        CoreError::DiskFull { .. } => StatusCode::INSUFFICIENT_STORAGE,
        CoreError::Storage { .. }
        | CoreError::Broken(_)
        | CoreError::Damaged { .. }
        | CoreError::JournalCorrupt { .. }
        | CoreError::KeyMissing(_) => StatusCode::INTERNAL_SERVER_ERROR,
        // Another office (a venue's central office) failed or could not be reached.
        CoreError::Network(_) | CoreError::OfficeCertificate { .. } | CoreError::Remote { .. } => {
            StatusCode::BAD_GATEWAY
        }
    }
}

/// What the rules, the wire format and the folds refuse is the caller's to fix: 4xx.
fn domain_status(e: &DomainError) -> StatusCode {
    match e {
        DomainError::MalformedJson(_)
        | DomainError::InvalidField { .. }
        | DomainError::Invalid { .. }
        | DomainError::BadLines { .. }
        | DomainError::OverBound { .. }
        | DomainError::InField { .. }
        | DomainError::UnsupportedSchema { .. }
        | DomainError::UnsupportedOpenGothaSystem { .. }
        | DomainError::InvalidId { .. }
        | DomainError::OutOfRange { .. }
        | DomainError::Outside { .. }
        | DomainError::RulingNotAllowed { .. }
        | DomainError::ConditionNotMet { .. }
        | DomainError::NotAuthorized { .. }
        | DomainError::NotEnrolled
        | DomainError::MissingFact { .. }
        | DomainError::NotInRuleset { .. }
        | DomainError::UnknownIncident { .. }
        | DomainError::UnknownAppeal(_)
        | DomainError::WrongScope(_)
        | DomainError::ConflictingDuplicate(_)
        | DomainError::SetupIncomplete { .. }
        | DomainError::UndoRefused(_)
        | DomainError::CorrectionRefused(_) => StatusCode::BAD_REQUEST,
    }
}

impl From<DomainError> for OfficeError {
    fn from(e: DomainError) -> Self {
        OfficeError::Core(e.into())
    }
}

impl IntoResponse for OfficeError {
    fn into_response(self) -> Response {
        let body = self.body();
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let OfficeError::TooManyAttempts { wait_seconds } = self {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, wait_seconds.max(1).into());
        }
        response
    }
}

/// A player entered by hand who matches registered ones (`matches`: each "id name (rank,
/// club)"): said in each language, with how to register them anyway.
fn already_registered(matches: &[String]) -> arbiter_core::labels::Said {
    let m = matches.join("; ");
    arbiter_core::labels::Said {
        zh: format!("已有同名或同 PIN 的棋手：{m}；如确是另一位棋手，请加上 \"confirm\": true 再次提交"),
        en: format!(
            "already registered with the same name or PIN: {m}; send it again with \"confirm\": true to register another player"
        ),
        zh_hant: format!("已有同名或同 PIN 的棋手：{m}；如確是另一位棋手，請加上 \"confirm\": true 再次送出"),
        ko: format!("이름 또는 PIN이 같은 선수가 이미 등록되어 있습니다: {m}. 다른 선수라면 \"confirm\": true를 붙여 다시 보내세요"),
        ja: format!("同じ名前または PIN の選手がすでに登録されています：{m}。別の選手なら \"confirm\": true を付けてもう一度送ってください"),
    }
}

/// The EGD's or the FFG's results file, ISO-8859-15 both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LatinFile {
    /// The European Go Database's `.h9`.
    EgdH9,
    /// The French federation's `.tou`.
    FfgTou,
}

/// A player whose name an ISO-8859-15 file cannot carry, and the Latin spelling proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotLatin {
    pub player: PlayerId,
    pub name: String,
    pub proposed: Option<String>,
}

/// Names a results file cannot carry, every one named with its proposal, in each language.
fn not_in_latin_letters(file: &LatinFile, names: &[NotLatin]) -> arbiter_core::labels::Said {
    use arbiter_core::labels::{Lang, Said};
    let list = |proposed: &str, sep: &str| {
        names
            .iter()
            .map(|n| match &n.proposed {
                Some(p) => format!("{} {} ({proposed}{p})", n.player, n.name),
                None => format!("{} {}", n.player, n.name),
            })
            .collect::<Vec<_>>()
            .join(sep)
    };
    let (f, n) = (file, names.len());
    let file_in = |l: Lang| match f {
        LatinFile::EgdH9 => l.pick([
            "欧洲围棋数据库的 .h9",
            "the EGD's .h9",
            "歐洲圍棋資料庫的 .h9",
            "유럽 바둑 데이터베이스의 .h9",
            "ヨーロッパ囲碁データベースの .h9",
        ]),
        LatinFile::FfgTou => l.pick([
            "法国围棋协会的 .tou",
            "the FFG's .tou",
            "法國圍棋協會的 .tou",
            "프랑스 바둑 연맹의 .tou",
            "フランス囲碁連盟の .tou",
        ]),
    };
    Said {
        zh: format!(
            "{}是 ISO-8859-15 文本，不能写入 {n} 个非拉丁字母的姓名：{}；请为每人填写拉丁字母姓名（棋手页，或 PUT /api/v1/players/{{id}}/latin）",
            file_in(Lang::Zh),
            list("建议：", "；")
        ),
        en: format!(
            "{} is ISO-8859-15 text and cannot carry {n} name(s) not in Latin letters: {}; give each in Latin letters \
             (the players page, or PUT /api/v1/players/{{id}}/latin)",
            file_in(Lang::En),
            list("proposed: ", "; ")
        ),
        zh_hant: format!(
            "{}是 ISO-8859-15 編碼的純文字檔，不能寫入 {n} 個非拉丁字母的姓名：{}；請為每人填寫拉丁字母姓名（棋手頁，或 PUT /api/v1/players/{{id}}/latin）",
            file_in(Lang::ZhHant),
            list("建議：", "；")
        ),
        ko: format!(
            "{}는 ISO-8859-15 텍스트라 로마자가 아닌 이름 {n}개를 담을 수 없습니다: {}. 각 이름을 로마자로 입력하세요(선수 화면 또는 PUT /api/v1/players/{{id}}/latin)",
            file_in(Lang::Ko),
            list("제안: ", "; ")
        ),
        ja: format!(
            "{}は ISO-8859-15 のテキストで、ローマ字でない名前 {n} 件を書き込めません：{}。それぞれローマ字で入力してください（選手の画面、または PUT /api/v1/players/{{id}}/latin）",
            file_in(Lang::Ja),
            list("提案：", "；")
        ),
    }
}

/// A request refused for its place, said in each language (see [`OfficeError::Misasked`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misasked {
    /// A venue office's code entered on a tablet or a phone.
    CodeForVenue,
    /// A code for one role entered as another's.
    CodeForRole { code_for: Role, asked: Role },
    /// A code for an official entered by `arbiter-office venue-join`.
    NotAVenueCode { role: Role, person: PersonId },
    /// An official registered with a role officials do not have.
    NotAnOfficialRole,
    /// Absences changed for a round already paired.
    AbsencesAfterPairing { round: u16 },
    /// `escalate_to` with a body that is not an incident recorded without a ruling.
    NotEscalable,
    /// An event of the set-up sent to a game's endpoint.
    NotAGameEvent { kind: arbiter_core::event::EventKind },
    /// A resend asked of an office that forwards nothing.
    NotAVenue,
    /// A file backup asked of an office on PostgreSQL.
    NotASledStore,
}

impl Misasked {
    /// The fault it is, for its code and status.
    pub fn fault(&self) -> RequestFault {
        match self {
            Misasked::CodeForVenue
            | Misasked::CodeForRole { .. }
            | Misasked::NotAVenueCode { .. }
            | Misasked::NotAnOfficialRole => RequestFault::InvalidRole,
            Misasked::AbsencesAfterPairing { .. } => RequestFault::AlreadyPaired,
            Misasked::NotEscalable => RequestFault::NotEscalable,
            Misasked::NotAGameEvent { .. } => RequestFault::NotAGameEvent,
            Misasked::NotAVenue => RequestFault::NotAVenue,
            Misasked::NotASledStore => RequestFault::NotASledStore,
        }
    }

    /// The refusal in each language; its English is the message of `{code, message}`.
    pub fn said(&self) -> arbiter_core::labels::Said {
        use arbiter_core::labels::{Labelled, Lang, Said};
        let s = |zh: &str, en: &str, zh_hant: &str, ko: &str, ja: &str| Said {
            zh: zh.to_owned(),
            en: en.to_owned(),
            zh_hant: zh_hant.to_owned(),
            ko: ko.to_owned(),
            ja: ja.to_owned(),
        };
        match self {
            Misasked::CodeForVenue => s(
                "此登记码属于赛区办公室：请用 `arbiter-office venue-join` 登记，不能用于平板或手机",
                "this code is for a venue office: enroll it with `arbiter-office venue-join`, not a tablet",
                "此登記碼屬於賽區辦公室：請用 `arbiter-office venue-join` 登記，不能用於平板或手機",
                "이 코드는 경기장 사무국용입니다. 태블릿이나 휴대폰이 아니라 `arbiter-office venue-join`으로 등록하세요",
                "このコードは会場事務局用です。タブレットや携帯ではなく `arbiter-office venue-join` で登録してください",
            ),
            Misasked::CodeForRole { code_for, asked } => {
                let (c, a) = (code_for.label(), asked.label());
                Said {
                    zh: format!("此登记码是给{}的，不是给{}的：请向组织者要正确的登记码", c.zh, a.zh),
                    en: format!("this code is for a {code_for}, not a {asked}: ask the organiser for the right code"),
                    zh_hant: format!(
                        "此登記碼是給{}的，不是給{}的：請向組織者索取正確的登記碼",
                        c.get(Lang::ZhHant),
                        a.get(Lang::ZhHant)
                    ),
                    ko: format!(
                        "이 코드는 {}용이며 {}용이 아닙니다. 주최자에게 맞는 코드를 요청하세요",
                        c.get(Lang::Ko),
                        a.get(Lang::Ko)
                    ),
                    ja: format!(
                        "このコードは{}用で、{}用ではありません。主催者に正しいコードの発行を依頼してください",
                        c.get(Lang::Ja),
                        a.get(Lang::Ja)
                    ),
                }
            }
            Misasked::NotAVenueCode { role, person } => {
                let r = role.label();
                Said {
                    zh: format!("此登记码属于{}（{person}），不是赛区办公室的：请向联赛组织者要赛区的登记码", r.zh),
                    en: format!(
                        "the code is for a {role} ({person}), not a venue office: ask the league's organiser for a venue's code"
                    ),
                    zh_hant: format!(
                        "此登記碼屬於{}（{person}），不是賽區辦公室的：請向聯賽組織者要賽區的登記碼",
                        r.get(Lang::ZhHant)
                    ),
                    ko: format!(
                        "이 코드는 {}({person})용이며 경기장 사무국용이 아닙니다. 리그 주최자에게 경기장 코드를 요청하세요",
                        r.get(Lang::Ko)
                    ),
                    ja: format!(
                        "このコードは{}（{person}）用で、会場事務局用ではありません。リーグの主催者に会場のコードの発行を依頼してください",
                        r.get(Lang::Ja)
                    ),
                }
            }
            Misasked::NotAnOfficialRole => s(
                "只能登记裁判员、裁判长或大会组委会成员；组织者已登记",
                "officials are referees, chief arbiters or committee members; the organiser exists already",
                "只能登記裁判員、裁判長或大會組委會成員；組織者已登記",
                "심판진으로는 심판, 심판장, 대회 조직위원회 위원만 등록할 수 있습니다. 주최자는 이미 등록되어 있습니다",
                "登録できるのは審判員、審判長、大会組織委員会の委員です。主催者はすでに登録されています",
            ),
            Misasked::AbsencesAfterPairing { round } => Said {
                zh: format!("第{round}轮已编排：缺席只能登记在尚未编排的轮次"),
                en: format!("round {round} is already paired: absences change only for rounds not yet paired"),
                zh_hant: format!("第{round}輪已編排：缺席只能登記在尚未編排的輪次"),
                ko: format!("제{round}라운드는 이미 편성되었습니다. 불참은 아직 편성하지 않은 라운드에만 지정할 수 있습니다"),
                ja: format!("第{round}回戦はすでに組み合わせ済みです。欠場はまだ組み合わせていない回戦にだけ登録できます"),
            },
            Misasked::NotEscalable => s(
                "上报（escalate_to）只用于未作裁决而记录的事件",
                "escalate_to goes with an incident recorded without a ruling",
                "上報（escalate_to）只用於未作裁決而記錄的事件",
                "상신(escalate_to)은 판정 없이 기록한 상황에만 쓸 수 있습니다",
                "上申（escalate_to）は裁定なしで記録した事案にだけ使えます",
            ),
            Misasked::NotAGameEvent { kind } => {
                let k = kind.label();
                Said {
                    zh: format!("“{}”不是记录在对局上的", k.zh),
                    en: format!("“{kind}” is not recorded on a game"),
                    zh_hant: format!("「{}」不是記錄在對局上的", k.get(Lang::ZhHant)),
                    ko: format!("‘{}’은(는) 대국에 기록하는 것이 아닙니다", k.get(Lang::Ko)),
                    ja: format!("「{}」は対局に記録するものではありません", k.get(Lang::Ja)),
                }
            }
            Misasked::NotAVenue => s(
                "只有联赛的赛区办公室会转发记录；本办公室不转发任何记录",
                "only a league's venue office forwards events; this office forwards none",
                "只有聯賽的賽區辦公室會轉送紀錄；本辦公室不轉送任何紀錄",
                "리그의 경기장 사무국만 기록을 전달합니다. 이 사무국은 아무것도 전달하지 않습니다",
                "記録を転送するのはリーグの会場事務局だけです。この事務局は何も転送しません",
            ),
            Misasked::NotASledStore => s(
                "本办公室的记录保存在 PostgreSQL 中：请用 pg_dump 备份（docs/deploy.md）",
                "this office keeps its events in PostgreSQL: back it up with pg_dump (docs/deploy.md)",
                "本辦公室的紀錄儲存在 PostgreSQL 中：請用 pg_dump 備份（docs/deploy.md）",
                "이 사무국은 기록을 PostgreSQL에 보관합니다. pg_dump로 백업하세요(docs/deploy.md)",
                "この事務局は記録を PostgreSQL に保存しています。pg_dump でバックアップしてください（docs/deploy.md）",
            ),
        }
    }
}

/// What a request clashes with (409): said to the organiser or the official in each language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clash {
    /// A player with a game is withdrawn (第二十九条), never deleted.
    PlayerPaired { player: PlayerId, round: u16 },
    /// A player who had a bye is withdrawn (第二十九条), never deleted.
    PlayerHadBye { player: PlayerId, round: u16 },
    /// A round paired once is not paired again.
    RoundPaired { round: u16 },
    /// The system (第二十七条) ranks the rounds paired: it stays once one is.
    SystemFixed { paired: u16 },
    /// The event cannot have fewer rounds than it has paired.
    FewerRounds { paired: u16 },
    /// An OpenGotha file brought into a tournament that has players already.
    PlayersRegistered { tournament: TournamentId, players: usize },
    /// A pairing changed after its game began.
    GameStarted { game: GameId },
    /// A pairing that seats a player twice in a round.
    PlaysElsewhere { player: PlayerId, round: u16 },
    /// A late arrival timed in a round without a start time.
    NoStartTime { round: u16 },
    /// A tournament id already taken.
    TournamentExists { tournament: TournamentId },
    /// A device id already enrolled in the tournament.
    DeviceEnrolled { device: DeviceId },
    /// A backup written over a file (the command line's).
    BackupExists { path: std::path::PathBuf },
    /// A restore into a folder that is not empty (the command line's).
    RestoreNotEmpty { path: std::path::PathBuf },
}

impl Clash {
    /// The clash in each language; its English is the message of `{code, message}`.
    pub fn said(&self) -> arbiter_core::labels::Said {
        use arbiter_core::labels::Said;
        match self {
            Clash::PlayerPaired { player, round } => Said {
                zh: format!("`{player}` 在第{round}轮已有对局：有对局的棋手只能退赛（第二十九条），不能删除"),
                en: format!("`{player}` is paired in round {round}: a player who has a game withdraws (第二十九条), never is deleted"),
                zh_hant: format!("`{player}` 在第{round}輪已有對局：有對局的棋手只能退賽（第二十九條），不能刪除"),
                ko: format!("`{player}`은(는) 제{round}라운드에 대국이 편성되어 있습니다. 대국이 있는 선수는 삭제하지 않고 탈퇴 처리합니다(제29조)"),
                ja: format!("`{player}` には第{round}回戦の対局が組まれています。対局のある選手は削除せず、棄権として扱います（第二十九条）"),
            },
            Clash::PlayerHadBye { player, round } => Said {
                zh: format!("`{player}` 在第{round}轮轮空：已参赛的棋手只能退赛（第二十九条），不能删除"),
                en: format!("`{player}` had the bye in round {round}: a player who has played withdraws (第二十九条), never is deleted"),
                zh_hant: format!("`{player}` 在第{round}輪輪空：已參賽的棋手只能退賽（第二十九條），不能刪除"),
                ko: format!("`{player}`은(는) 제{round}라운드에서 부전승이었습니다. 이미 대국한 선수는 삭제하지 않고 탈퇴 처리합니다(제29조)"),
                ja: format!("`{player}` は第{round}回戦が不戦勝でした。対局した選手は削除せず、棄権として扱います（第二十九条）"),
            },
            Clash::RoundPaired { round } => Said {
                zh: format!("第{round}轮已编排"),
                en: format!("round {round} is already paired"),
                zh_hant: format!("第{round}輪已編排"),
                ko: format!("제{round}라운드는 이미 대국이 편성되었습니다"),
                ja: format!("第{round}回戦はすでに組み合わせ済みです"),
            },
            Clash::SystemFixed { paired } => Said {
                zh: format!("第{paired}轮已编排：赛制（第二十七条）不能再更改"),
                en: format!("round {paired} is already paired: the system (第二十七条) can no longer change"),
                zh_hant: format!("第{paired}輪已編排：賽制（第二十七條）不能再更改"),
                ko: format!("제{paired}라운드가 이미 편성되어 대회 방식(제27조)을 바꿀 수 없습니다"),
                ja: format!("第{paired}回戦がすでに組み合わせ済みのため、大会方式（第二十七条）は変えられません"),
            },
            Clash::FewerRounds { paired } => Said {
                zh: format!("第{paired}轮已编排：总轮数不能少于此"),
                en: format!("round {paired} is already paired: the event cannot have fewer rounds"),
                zh_hant: format!("第{paired}輪已編排：總輪數不能少於此"),
                ko: format!("제{paired}라운드가 이미 편성되어 라운드 수를 그보다 줄일 수 없습니다"),
                ja: format!("第{paired}回戦がすでに組み合わせ済みのため、回戦数をそれより減らせません"),
            },
            Clash::PlayersRegistered { tournament, players } => Said {
                zh: format!("`{tournament}` 已有 {players} 名棋手：请把 OpenGotha 文件导入新的比赛"),
                en: format!("`{tournament}` already has {players} players: import an OpenGotha file into a new tournament"),
                zh_hant: format!("`{tournament}` 已有 {players} 名棋手：請把 OpenGotha 檔案匯入新的比賽"),
                ko: format!("`{tournament}`에는 이미 선수 {players}명이 있습니다. OpenGotha 파일은 새 대회로 가져오세요"),
                ja: format!("`{tournament}` にはすでに選手が {players} 人います。OpenGotha ファイルは新しい大会に取り込んでください"),
            },
            Clash::GameStarted { game } => Said {
                zh: format!("对局 `{game}` 已开始：请改为记录事件"),
                en: format!("game `{game}` has started: record an incident instead"),
                zh_hant: format!("對局 `{game}` 已開始：請改為記錄事件"),
                ko: format!("대국 `{game}`은(는) 이미 시작되었습니다. 대신 상황을 기록하세요"),
                ja: format!("対局 `{game}` はすでに始まっています。代わりに事案を記録してください"),
            },
            Clash::PlaysElsewhere { player, round } => Said {
                zh: format!("`{player}` 在第{round}轮已在另一台对局"),
                en: format!("`{player}` already plays at another table in round {round}"),
                zh_hant: format!("`{player}` 在第{round}輪已在另一桌對局"),
                ko: format!("`{player}`은(는) 제{round}라운드에 이미 다른 테이블에서 대국합니다"),
                ja: format!("`{player}` には第{round}回戦ですでに別の席の対局が組まれています"),
            },
            Clash::NoStartTime { round } => Said {
                zh: format!("第{round}轮没有开始时间：由组织者设定（PUT /api/v1/rounds/{round}）"),
                en: format!("round {round} has no start time: the organiser sets it (PUT /api/v1/rounds/{round})"),
                zh_hant: format!("第{round}輪沒有開始時間：由組織者設定（PUT /api/v1/rounds/{round}）"),
                ko: format!("제{round}라운드에 시작 시각이 없습니다. 주최자가 정합니다(PUT /api/v1/rounds/{round})"),
                ja: format!("第{round}回戦に開始時刻がありません。主催者が設定します（PUT /api/v1/rounds/{round}）"),
            },
            Clash::TournamentExists { tournament } => Said {
                zh: format!("比赛 `{tournament}` 已存在"),
                en: format!("tournament `{tournament}` already exists"),
                zh_hant: format!("比賽 `{tournament}` 已存在"),
                ko: format!("대회 `{tournament}`은(는) 이미 있습니다"),
                ja: format!("大会 `{tournament}` はすでにあります"),
            },
            Clash::DeviceEnrolled { device } => Said {
                zh: format!("设备 `{device}` 已登记：请换一个设备名"),
                en: format!("device `{device}` is already enrolled; choose another device id"),
                zh_hant: format!("裝置 `{device}` 已登記：請換一個裝置名稱"),
                ko: format!("기기 `{device}`은(는) 이미 등록되어 있습니다. 다른 기기 이름을 정하세요"),
                ja: format!("端末 `{device}` はすでに登録されています。別の端末名にしてください"),
            },
            Clash::BackupExists { path } => {
                let p = path.display();
                Said {
                    zh: format!("{p} 已存在：备份从不覆盖文件"),
                    en: format!("{p} exists: a backup never replaces a file"),
                    zh_hant: format!("{p} 已存在：備份從不覆寫檔案"),
                    ko: format!("{p}이(가) 이미 있습니다. 백업은 파일을 덮어쓰지 않습니다"),
                    ja: format!("{p} はすでにあります。バックアップはファイルを上書きしません"),
                }
            }
            Clash::RestoreNotEmpty { path } => {
                let p = path.display();
                Said {
                    zh: format!("{p} 不是空目录：请恢复到新目录后再启动（原目录保持原样）"),
                    en: format!("{p} is not empty: restore into a new directory, then serve it (the old one stays as it is)"),
                    zh_hant: format!("{p} 不是空目錄：請還原到新目錄後再啟動（原目錄保持原樣）"),
                    ko: format!("{p}은(는) 비어 있지 않습니다. 새 폴더에 복원한 뒤 실행하세요(기존 폴더는 그대로 둡니다)"),
                    ja: format!("{p} は空ではありません。新しいフォルダーに復元してから起動してください（元のフォルダーはそのままです）"),
                }
            }
        }
    }
}

/// Why an event a device or a venue office sent is not theirs to send, or a backup not theirs
/// to ask for: said to the organiser (the refusal log) and to the device in each language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forbidden {
    /// An event of another tournament than the device's.
    OtherTournament { device_of: TournamentId, event_of: TournamentId },
    /// An event whose author is not the token's person, device and role.
    NotTheAuthor { claimed: Author, token: Author },
    /// A venue office forwarding another tournament's event.
    VenueOfOtherTournament { venue: PersonId, forwards: TournamentId, event_of: TournamentId },
    /// A venue office forwarding an event of the set-up, the central office's to record.
    CentralOnly { venue: PersonId, kind: arbiter_core::event::EventKind },
    /// A venue office forwarding a game the league did not schedule.
    UnscheduledGame { game: GameId },
    /// A venue office forwarding a game played at another venue (or at none).
    OtherVenue { game: GameId, round: u16, table: u16, at: Option<PersonId>, venue: PersonId },
    /// A game's event forwarded as recorded by the organiser or a venue office itself.
    NotAVenueOfficial { role: arbiter_core::model::Role },
    /// `POST /backup` without the secret in `serving.json`.
    BackupSecret,
}

impl Forbidden {
    /// The refusal in each language; its English is the message of `{code, message}`.
    pub fn said(&self) -> arbiter_core::labels::Said {
        use arbiter_core::labels::{Labelled, Lang, Said};
        let role = |r: arbiter_core::model::Role, l: Lang| r.label().get(l).to_owned();
        match self {
            Forbidden::OtherTournament { device_of, event_of } => Said {
                zh: format!("此设备属于比赛 `{device_of}`，不属于 `{event_of}`"),
                en: format!("this device belongs to `{device_of}`, not `{event_of}`"),
                zh_hant: format!("此裝置屬於比賽 `{device_of}`，不屬於 `{event_of}`"),
                ko: format!("이 기기는 `{device_of}` 대회의 기기이며 `{event_of}` 대회의 기기가 아닙니다"),
                ja: format!("この端末は `{event_of}` ではなく大会 `{device_of}` に登録されています"),
            },
            Forbidden::NotTheAuthor { claimed, token } => {
                // Korean brackets are half-width; the others' full-width.
                let who = |a: &Author, l: Lang| match l {
                    Lang::Ko => format!("{}/{}({})", a.person, a.device, role(a.role, l)),
                    _ => format!("{}/{}（{}）", a.person, a.device, role(a.role, l)),
                };
                Said {
                    zh: format!("记录自称由 {} 所作，但此令牌属于 {}", who(claimed, Lang::Zh), who(token, Lang::Zh)),
                    en: format!(
                        "the event claims to be by {}/{} as {}, but this token is {}/{} as {}",
                        claimed.person, claimed.device, claimed.role, token.person, token.device, token.role
                    ),
                    zh_hant: format!(
                        "紀錄自稱由 {} 所作，但此權杖屬於 {}",
                        who(claimed, Lang::ZhHant),
                        who(token, Lang::ZhHant)
                    ),
                    ko: format!(
                        "기록의 작성자는 {}{} 되어 있으나 이 토큰은 {}의 것입니다",
                        who(claimed, Lang::Ko),
                        ro(&role(claimed.role, Lang::Ko)),
                        who(token, Lang::Ko)
                    ),
                    ja: format!(
                        "記録の作成者は{}となっていますが、このトークンは{}のものです",
                        who(claimed, Lang::Ja),
                        who(token, Lang::Ja)
                    ),
                }
            }
            Forbidden::VenueOfOtherTournament { venue, forwards, event_of } => Said {
                zh: format!("赛区办公室 {venue} 转发的是 `{forwards}` 的对局，不是 `{event_of}` 的"),
                en: format!("venue office {venue} forwards `{forwards}`'s matches, not `{event_of}`'s"),
                zh_hant: format!("賽區辦公室 {venue} 轉送的是 `{forwards}` 的對局，不是 `{event_of}` 的"),
                ko: format!("경기장 사무국 {venue}은(는) `{event_of}`이(가) 아니라 `{forwards}`의 대국을 전달합니다"),
                ja: format!("会場事務局 {venue} が転送するのは `{event_of}` ではなく `{forwards}` の対局です"),
            },
            Forbidden::CentralOnly { venue, kind } => {
                let k = kind.label();
                Said {
                    zh: format!("赛区办公室 {venue} 只转发其对局的记录和其裁判人员的密钥；“{}”由中央办公室记录", k.zh),
                    en: format!(
                        "venue office {venue} forwards its games' events and its officials' keys; “{}” is the central office's to record",
                        kind
                    ),
                    zh_hant: format!(
                        "賽區辦公室 {venue} 只轉送其對局的紀錄和其裁判人員的金鑰；「{}」由中央辦公室記錄",
                        k.get(Lang::ZhHant)
                    ),
                    ko: format!(
                        "경기장 사무국 {venue}은(는) 해당 경기장 대국의 기록과 심판진의 서명 키만 전달합니다. ‘{}’은(는) 중앙 사무국이 기록합니다",
                        k.get(Lang::Ko)
                    ),
                    ja: format!(
                        "会場事務局 {venue} が転送するのは自会場の対局の記録と審判員の署名鍵だけです。「{}」は中央事務局が記録します",
                        k.get(Lang::Ja)
                    ),
                }
            }
            Forbidden::UnscheduledGame { game } => Said {
                zh: format!("对局 {game} 不在联赛的赛程中"),
                en: format!("game {game} is not one the league scheduled"),
                zh_hant: format!("對局 {game} 不在聯賽的賽程中"),
                ko: format!("대국 {game}은(는) 리그 일정에 없습니다"),
                ja: format!("対局 {game} はリーグの日程にありません"),
            },
            Forbidden::OtherVenue { game, round, table, at, venue } => {
                let at_en = at.as_ref().map_or_else(|| "no venue".to_owned(), |v| format!("venue {v}"));
                let at_in = |here: &str, none: &str| at.as_ref().map_or_else(|| none.to_owned(), |v| format!("{here} {v}"));
                Said {
                    zh: format!(
                        "对局 {game}（第{round}轮第{table}台）{}，不在赛区 {venue}",
                        at_in("在赛区", "未分派赛区")
                    ),
                    en: format!("game {game} (round {round}, table {table}) is played at {at_en}, not at venue {venue}"),
                    zh_hant: format!(
                        "對局 {game}（第{round}輪第{table}桌）{}，不在賽區 {venue}",
                        at_in("在賽區", "未分派賽區")
                    ),
                    ko: match at {
                        Some(v) => format!(
                            "대국 {game}(제{round}라운드 {table}번 테이블)은(는) 경기장 {v}에서 열립니다. 경기장 {venue}의 대국이 아닙니다"
                        ),
                        None => format!(
                            "대국 {game}(제{round}라운드 {table}번 테이블)에는 배정된 경기장이 없습니다. 경기장 {venue}의 대국이 아닙니다"
                        ),
                    },
                    ja: format!(
                        "対局 {game}（第{round}回戦 {table}番席）は{}、会場 {venue} の対局ではありません",
                        at.as_ref().map_or_else(|| "会場が割り当てられておらず".to_owned(), |v| format!("会場 {v} で行われ"))
                    ),
                }
            }
            Forbidden::NotAVenueOfficial { role: r } => Said {
                zh: format!("赛区对局的记录应由其裁判人员记录，不能以{}的身份记录", role(*r, Lang::Zh)),
                en: format!("a game's events at a venue are its officials', not recorded as {r}"),
                zh_hant: format!("賽區對局的紀錄應由其裁判人員記錄，不能以{}的身分記錄", role(*r, Lang::ZhHant)),
                ko: format!("경기장 대국은 그 경기장의 심판진이 기록합니다. {}{}는 기록할 수 없습니다", role(*r, Lang::Ko), ro(&role(*r, Lang::Ko))),
                ja: format!("会場の対局の記録はその審判員が行います。{}としては記録できません", role(*r, Lang::Ja)),
            },
            Forbidden::BackupSecret => Said {
                zh: "备份须带数据目录 serving.json 中的密钥：请在办公室所在的电脑上运行 `arbiter-office backup --data 目录 --to 文件`".into(),
                en: "a backup is asked for with the secret in the data directory's serving.json: run `arbiter-office backup --data DIR --to FILE` on the office's machine".into(),
                zh_hant: "備份須帶資料目錄 serving.json 中的密鑰：請在辦公室所在的電腦上執行 `arbiter-office backup --data 目錄 --to 檔案`".into(),
                ko: "백업은 데이터 폴더의 serving.json에 있는 비밀 값으로 요청합니다. 사무국 컴퓨터에서 `arbiter-office backup --data 폴더 --to 파일`을 실행하세요".into(),
                ja: "バックアップには、データフォルダーの serving.json にある秘密の値が必要です。事務局のコンピューターで `arbiter-office backup --data フォルダー --to ファイル` を実行してください".into(),
            },
        }
    }
}

/// The Korean particle 으로 / 로 after `word` (으로 after a final consonant other than ㄹ).
fn ro(word: &str) -> &'static str {
    match word.chars().last().map(|c| c as u32) {
        Some(c @ 0xAC00..=0xD7A3) if !matches!((c - 0xAC00) % 28, 0 | 8) => "으로",
        _ => "로",
    }
}

/// Why a sign-in, an enrolment or the tournament's creation is refused: said to the official in
/// each language (the sign-in page, a phone's enrolment link).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignIn {
    /// No request header `Authorization: Bearer <token>`.
    NoBearer,
    /// An `Authorization` header of another form.
    NotBearer,
    /// An enrolment code the office never issued (or mistyped).
    UnknownCode,
    /// An enrolment code already spent on a device.
    CodeUsed,
    /// An enrolment code past its time (`at`, UTC).
    CodeExpired { at: chrono::DateTime<chrono::Utc> },
    /// A token the office never issued, or one forged.
    UnknownToken,
    /// A device the organiser revoked.
    DeviceRevoked { device: String },
    /// Not the one-time code the office printed for creating the tournament, or one used.
    SetupCodeNotRecognised,
}

impl SignIn {
    /// Whether the refusal counts toward the address's failed attempts (a guess, not a mistake
    /// of an official the office knows).
    pub fn counts(&self) -> bool {
        match self {
            SignIn::UnknownCode | SignIn::UnknownToken | SignIn::SetupCodeNotRecognised => true,
            SignIn::NoBearer | SignIn::NotBearer | SignIn::CodeUsed | SignIn::CodeExpired { .. } => false,
            SignIn::DeviceRevoked { .. } => false,
        }
    }

    /// The refusal in each language; its English is the message of `{code, message}`.
    pub fn said(&self) -> arbiter_core::labels::Said {
        let s = |zh: &str, en: &str, zh_hant: &str, ko: &str, ja: &str| arbiter_core::labels::Said {
            zh: zh.to_owned(),
            en: en.to_owned(),
            zh_hant: zh_hant.to_owned(),
            ko: ko.to_owned(),
            ja: ja.to_owned(),
        };
        match self {
            SignIn::NoBearer => s(
                "请求缺少 `Authorization: Bearer <令牌>` 标头",
                "missing `Authorization: Bearer <token>` header",
                "請求缺少 `Authorization: Bearer <權杖>` 標頭",
                "요청에 `Authorization: Bearer <토큰>` 헤더가 없습니다",
                "リクエストに `Authorization: Bearer <トークン>` ヘッダーがありません",
            ),
            SignIn::NotBearer => s(
                "Authorization 标头须为 `Bearer <令牌>`",
                "the Authorization header must be `Bearer <token>`",
                "Authorization 標頭須為 `Bearer <權杖>`",
                "Authorization 헤더는 `Bearer <토큰>` 형식이어야 합니다",
                "Authorization ヘッダーは `Bearer <トークン>` の形にしてください",
            ),
            SignIn::UnknownCode => s(
                "登记码不正确：请核对赛事办公室给出的登记码",
                "unknown enrollment code",
                "登記碼不正確：請核對賽事辦公室給出的登記碼",
                "등록 코드가 올바르지 않습니다. 사무국에서 받은 코드를 확인하세요",
                "登録コードが正しくありません。大会事務局から受け取ったコードを確かめてください",
            ),
            SignIn::CodeUsed => s(
                "此登记码已用过：请向赛事办公室要一个新的",
                "this enrollment code was already used",
                "此登記碼已用過：請向賽事辦公室索取新的登記碼",
                "이미 사용한 등록 코드입니다. 사무국에 새 코드를 요청하세요",
                "この登録コードは使用済みです。大会事務局に新しいコードの発行を依頼してください",
            ),
            SignIn::CodeExpired { at } => {
                let at = at.format("%Y-%m-%d %H:%M UTC");
                arbiter_core::labels::Said {
                    zh: format!("此登记码已于 {at} 过期：请向赛事办公室要一个新的"),
                    en: format!("this enrollment code expired at {at}"),
                    zh_hant: format!("此登記碼已於 {at} 過期：請向賽事辦公室索取新的登記碼"),
                    ko: format!("이 등록 코드는 {at}에 만료되었습니다. 사무국에 새 코드를 요청하세요"),
                    ja: format!(
                        "この登録コードは {at} に期限が切れました。大会事務局に新しいコードの発行を依頼してください"
                    ),
                }
            }
            SignIn::UnknownToken => s(
                "令牌无效或系伪造",
                "unknown or forged token",
                "權杖無效或係偽造",
                "알 수 없거나 위조된 토큰입니다",
                "不明なトークン、または偽造されたトークンです",
            ),
            SignIn::DeviceRevoked { device } => arbiter_core::labels::Said {
                zh: format!("设备 `{device}` 已被吊销：请重新登记"),
                en: format!("device `{device}` has been revoked"),
                zh_hant: format!("裝置 `{device}` 已被註銷：請重新登記"),
                ko: format!("기기 `{device}`은(는) 등록 해지되었습니다. 다시 등록하세요"),
                ja: format!("端末 `{device}` は失効しています。もう一度登録してください"),
            },
            SignIn::SetupCodeNotRecognised => s(
                "此创建码不是赛事办公室打印的那个，或已用过：在尚无比赛的办公室上重新运行 \
                 `arbiter-office serve` 可得新码，或使用 `arbiter-office init`",
                "this setup code is not the one the office printed, or it was used already; \
                 restart `arbiter-office serve` on an office without a tournament for a new one, \
                 or use `arbiter-office init`",
                "此建立碼不是賽事辦公室列印的那個，或已用過：在尚無比賽的辦公室上重新執行 \
                 `arbiter-office serve` 可得新碼，或使用 `arbiter-office init`",
                "사무국이 출력한 생성 코드가 아니거나 이미 사용한 코드입니다. 대회가 없는 사무국에서 \
                 `arbiter-office serve`를 다시 실행해 새 코드를 받거나 `arbiter-office init`을 사용하세요",
                "大会事務局が印刷した作成コードではないか、使用済みです。大会のない事務局で \
                 `arbiter-office serve` を起動し直して新しいコードを得るか、`arbiter-office init` を使ってください",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The office's refusals of a phone's record, and of a sign-in, reach it in every language.
    #[test]
    fn a_phones_refusals_are_said_in_every_language() {
        let all = [
            OfficeError::NotYourTable {
                table: 7,
                referee: arbiter_core::model::PersonId::new("ref-li").expect("a person id"),
                tables: vec![1, 2],
            },
            OfficeError::not_admitted(NotAdmitted::ClockAhead, arbiter_core::refusals::record_ahead(598, 300)),
            OfficeError::not_admitted(NotAdmitted::MadeTooLongAgo, arbiter_core::refusals::made_too_long_ago(30, 24)),
            OfficeError::not_admitted(NotAdmitted::KeyRequired, arbiter_core::refusals::key_required_to_enrol()),
            OfficeError::not_admitted(
                NotAdmitted::KeyRequired,
                arbiter_core::refusals::unsigned_in_league("e1", "tab-1", Some("venue-a")),
            ),
            OfficeError::TooManyAttempts { wait_seconds: 30 },
            OfficeError::LockedOut(20),
            OfficeError::NotAllowed {
                role: arbiter_core::model::Role::Referee,
                allowed: vec![arbiter_core::model::Role::Organiser],
                act: crate::acts::Act::RegisterPlayers,
            },
        ];
        let (t, u) = (TournamentId::new("t1").expect("an id"), TournamentId::new("t2").expect("an id"));
        let (venue, game) = (PersonId::new("venue-a").expect("an id"), GameId::new("r1-t3").expect("an id"));
        let author = |person: &str, role| Author {
            device: DeviceId::new("tab-1").expect("an id"),
            person: PersonId::new(person).expect("an id"),
            role,
        };
        let forbidden = [
            Forbidden::OtherTournament { device_of: t.clone(), event_of: u.clone() },
            Forbidden::NotTheAuthor {
                claimed: author("ref-li", arbiter_core::model::Role::ChiefArbiter),
                token: author("ref-li", arbiter_core::model::Role::Referee),
            },
            Forbidden::VenueOfOtherTournament { venue: venue.clone(), forwards: t, event_of: u },
            Forbidden::CentralOnly { venue: venue.clone(), kind: arbiter_core::event::EventKind::PlayerRegistered },
            Forbidden::UnscheduledGame { game: game.clone() },
            Forbidden::OtherVenue { game: game.clone(), round: 1, table: 3, at: None, venue: venue.clone() },
            Forbidden::OtherVenue {
                game,
                round: 1,
                table: 3,
                at: Some(PersonId::new("venue-b").expect("an id")),
                venue,
            },
            Forbidden::NotAVenueOfficial { role: arbiter_core::model::Role::Organiser },
            Forbidden::BackupSecret,
        ];
        let player = PlayerId::new("p7").expect("an id");
        let clashes = [
            Clash::PlayerPaired { player: player.clone(), round: 2 },
            Clash::PlayerHadBye { player: player.clone(), round: 1 },
            Clash::RoundPaired { round: 3 },
            Clash::SystemFixed { paired: 1 },
            Clash::FewerRounds { paired: 4 },
            Clash::PlayersRegistered { tournament: TournamentId::new("t1").expect("an id"), players: 12 },
            Clash::GameStarted { game: GameId::new("r1-t1").expect("an id") },
            Clash::PlaysElsewhere { player, round: 2 },
            Clash::NoStartTime { round: 1 },
            Clash::TournamentExists { tournament: TournamentId::new("t1").expect("an id") },
            Clash::DeviceEnrolled { device: DeviceId::new("tab-1").expect("an id") },
            Clash::BackupExists { path: "/tmp/b.arbiter".into() },
            Clash::RestoreNotEmpty { path: "/tmp/data".into() },
        ];
        let misasked = [
            Misasked::CodeForVenue,
            Misasked::CodeForRole { code_for: Role::ChiefArbiter, asked: Role::Referee },
            Misasked::NotAVenueCode { role: Role::Referee, person: PersonId::new("ref-li").expect("an id") },
            Misasked::NotAnOfficialRole,
            Misasked::AbsencesAfterPairing { round: 2 },
            Misasked::NotEscalable,
            Misasked::NotAGameEvent { kind: arbiter_core::event::EventKind::PlayerRegistered },
            Misasked::NotAVenue,
            Misasked::NotASledStore,
        ];
        let names = vec![
            NotLatin {
                player: PlayerId::new("p001").expect("an id"),
                name: "王一".into(),
                proposed: Some("Wang Yi".into()),
            },
            NotLatin { player: PlayerId::new("p004").expect("an id"), name: "李昌镐".into(), proposed: None },
        ];
        for e in [
            OfficeError::AlreadyRegistered(vec!["p001 王一 (3d, 北京)".into()]),
            OfficeError::NotInLatinLetters { file: LatinFile::EgdH9, names: names.clone() },
            OfficeError::NotInLatinLetters { file: LatinFile::FfgTou, names },
        ] {
            let said = e.body().said.expect("said in each language");
            assert!(said.whole(), "{said:?}");
            assert_eq!(said.en, e.to_string());
        }
        for m in &misasked {
            let e = OfficeError::Misasked(m.clone());
            assert_eq!((e.code(), e.status()), (m.fault().code(), m.fault().status()));
            assert!(e.status().is_client_error());
            let said = e.body().said.expect("said in each language");
            assert!(said.whole(), "{said:?}");
            assert_eq!(said.en, e.to_string());
        }
        for c in &clashes {
            let e = OfficeError::Conflict(c.clone());
            assert_eq!((e.code(), e.status()), ("conflict", StatusCode::CONFLICT));
            let said = e.body().said.expect("said in each language");
            assert!(said.whole(), "{said:?}");
            assert_eq!(said.en, e.to_string());
        }
        for f in &forbidden {
            let e = OfficeError::Forbidden(f.clone());
            assert_eq!((e.code(), e.status()), ("forbidden", StatusCode::FORBIDDEN));
            let said = e.body().said.expect("said in each language");
            assert!(said.whole(), "{said:?}");
            assert_eq!(said.en, e.to_string());
        }
        let sign_in = [
            SignIn::NoBearer,
            SignIn::NotBearer,
            SignIn::UnknownCode,
            SignIn::CodeUsed,
            SignIn::CodeExpired { at: chrono::DateTime::UNIX_EPOCH },
            SignIn::UnknownToken,
            SignIn::DeviceRevoked { device: "tab-1".into() },
            SignIn::SetupCodeNotRecognised,
        ];
        for r in &sign_in {
            let e = OfficeError::SignIn(r.clone());
            assert_eq!((e.code(), e.status()), ("unauthenticated", StatusCode::UNAUTHORIZED));
        }
        let all: Vec<OfficeError> = all.into_iter().chain(sign_in.into_iter().map(OfficeError::SignIn)).collect();
        let codes: Vec<_> = all.iter().map(OfficeError::code).collect();
        assert_eq!(
            codes,
            [
                "not_your_table",
                "clock_ahead",
                "made_too_long_ago",
                "key_required",
                "key_required",
                "too_many_attempts",
                "locked_out",
                "forbidden",
                "unauthenticated",
                "unauthenticated",
                "unauthenticated",
                "unauthenticated",
                "unauthenticated",
                "unauthenticated",
                "unauthenticated",
                "unauthenticated"
            ]
        );
        for e in all {
            let body = e.body();
            let said = body.said.as_deref().expect("said in each language");
            assert!(said.whole(), "{said:?}");
            assert_eq!(said.en, body.message);
            assert_eq!(body.message, e.to_string());
        }
    }

    /// Every kind of missing thing is a 404 `not_found` whose message names what was asked for.
    #[test]
    fn each_missing_thing_is_a_404_naming_it() {
        let t = TournamentId::new("t1").expect("a tournament id");
        let person = PersonId::new("ref-li").expect("a person id");
        let core = || {
            CoreError::Domain(DomainError::WrongScope(arbiter_core::error::Scope::NoIncident {
                incident: "i9".into(),
                game: "g1".into(),
            }))
        };
        let (refused, absent) = (EventId::from_parts(1, [1; 10]), EventId::from_parts(2, [2; 10]));
        let (refused_id, absent_id) = (refused.to_string(), absent.to_string());
        let all: Vec<(Missing, &str)> = vec![
            (Missing::Tournament(t.clone()), "t1"),
            (Missing::TournamentIn { tournament: "t2".into(), place: "/srv/events".into() }, "t2"),
            (Missing::Game { game: GameId::new("r1-b3").expect("a game id"), tournament: t.clone() }, "r1-b3"),
            (Missing::GameScreen(core()), "g1"),
            (Missing::Incident(core()), "i9"),
            (Missing::Player(PlayerId::new("p7").expect("a player id")), "p7"),
            (Missing::LeaguePlayer(PlayerId::new("p8").expect("a player id")), "p8"),
            (Missing::Referee { referee: person.clone(), tournament: t.clone() }, "ref-li"),
            (Missing::VenueOffice(PersonId::new("venue-a").expect("a person id")), "venue-a"),
            (Missing::Official { person: person.clone(), tournament: t.clone() }, "ref-li"),
            (Missing::Device { device: DeviceId::new("tab-1").expect("a device id"), tournament: t.clone() }, "tab-1"),
            (Missing::Lockout([192, 0, 2, 7].into()), "192.0.2.7"),
            (Missing::RatingList, "rating list"),
            (Missing::RefusedEvent(refused), &refused_id),
            (Missing::Event(absent), &absent_id),
            (Missing::Certificate, "certificate"),
            (Missing::Endpoint, "/api/v1"),
            (Missing::Page("nope.html".into()), "/nope.html"),
        ];
        for (missing, named) in all {
            let e = OfficeError::NotFound(missing);
            assert_eq!((e.status(), e.code()), (StatusCode::NOT_FOUND, "not_found"), "{e:?}");
            assert!(e.body().message.contains(named), "{e} does not name {named}");
        }
    }

    /// Every fault is a 500 `internal`; one with a cause keeps it as its `source`.
    #[test]
    fn each_fault_is_a_500_keeping_its_cause() {
        use std::error::Error as _;
        let json = || serde_json::from_str::<u8>("x").expect_err("not JSON");
        let io = || std::io::Error::new(std::io::ErrorKind::PermissionDenied, "read-only");
        let with_cause = [
            Fault::Json { what: "an accounts record".into(), source: json() },
            Fault::File { what: "cannot write", path: "/srv/office/backup.partial".into(), source: io() },
            Fault::failed("QR code", io()),
        ];
        for f in with_cause {
            assert!(f.source().is_some(), "{f:?} lost its cause");
            let e = OfficeError::Internal(f);
            assert_eq!((e.status(), e.code()), (StatusCode::INTERNAL_SERVER_ERROR, "internal"), "{e:?}");
        }
        for f in [Fault::Panicked, Fault::UnmintedIncident, Fault::UnreadAnswer] {
            let e = OfficeError::Internal(f);
            assert_eq!((e.status(), e.code()), (StatusCode::INTERNAL_SERVER_ERROR, "internal"), "{e:?}");
        }
        let e = OfficeError::Internal(Fault::File { what: "cannot create", path: "/srv/x".into(), source: io() });
        assert_eq!(e.to_string(), "internal error: cannot create /srv/x: read-only");
    }
}

/// Why a table link (第二十一条) opens no players' page, or a round gets no links: said so that
/// a player who has never seen the software knows what to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableLinkRefusal {
    /// A link the office never minted, mistyped, or replaced by a newer one of that game:
    /// counts toward the address's failed attempts, like a guessed token.
    Unknown,
    /// A link of a round that is over (a later round is paired), or links asked for it.
    RoundOver { round: u16 },
    /// A link whose game has left the round's draw since it was minted.
    LeftTheDraw { round: u16, table: u16 },
    /// Links asked for a round not paired yet.
    NotPaired { round: u16 },
}

impl TableLinkRefusal {
    /// Whether the refusal counts toward the address's failed attempts (a guess).
    pub fn counts(&self) -> bool {
        match self {
            TableLinkRefusal::Unknown => true,
            TableLinkRefusal::RoundOver { .. }
            | TableLinkRefusal::LeftTheDraw { .. }
            | TableLinkRefusal::NotPaired { .. } => false,
        }
    }

    /// Stable code for scripts and HTTP clients.
    pub fn code(&self) -> &'static str {
        match self {
            TableLinkRefusal::Unknown => "unknown_table_link",
            TableLinkRefusal::RoundOver { .. } | TableLinkRefusal::LeftTheDraw { .. } => "table_link_gone",
            TableLinkRefusal::NotPaired { .. } => "not_found",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            TableLinkRefusal::Unknown | TableLinkRefusal::NotPaired { .. } => StatusCode::NOT_FOUND,
            TableLinkRefusal::RoundOver { .. } | TableLinkRefusal::LeftTheDraw { .. } => StatusCode::GONE,
        }
    }

    /// The refusal in each language; its English is the message of `{code, message}`.
    pub fn said(&self) -> arbiter_core::labels::Said {
        use arbiter_core::labels::Said;
        match *self {
            TableLinkRefusal::Unknown => Said {
                zh: "这个对局链接无效：请重新扫描本桌对局表上的二维码，或询问本桌裁判".to_owned(),
                en: "no table link is known by this code: scan the QR code on your table's sheet again, or ask the referee"
                    .to_owned(),
                zh_hant: "這個對局連結無效：請重新掃描本桌對局表上的 QR 碼，或詢問本桌裁判".to_owned(),
                ko: "이 대국 링크는 유효하지 않습니다. 대국표의 QR 코드를 다시 스캔하거나 심판에게 문의하세요".to_owned(),
                ja: "この対局リンクは無効です。対局表の QR コードをもう一度読み取るか、審判に尋ねてください".to_owned(),
            },
            TableLinkRefusal::RoundOver { round } => Said {
                zh: format!("第 {round} 轮已结束，这个链接不再有效：本轮对阵请看大厅的公告板"),
                en: format!(
                    "round {round} is over: this table's link has ended; the hall's board shows the pairings of the round being played"
                ),
                zh_hant: format!("第 {round} 輪已結束，這個連結不再有效：本輪對陣請看大廳的公告板"),
                ko: format!("제{round}라운드는 끝났습니다. 이 링크는 더 이상 쓸 수 없습니다. 지금 라운드의 대진은 대회장 게시판을 보세요"),
                ja: format!("第{round}回戦は終わりました。このリンクはもう使えません。今の回戦の組み合わせは会場の掲示板を見てください"),
            },
            TableLinkRefusal::LeftTheDraw { round, table } => Said {
                zh: format!("第 {round} 轮第 {table} 台的对局已不在对阵表中：请询问裁判"),
                en: format!("the game of table {table} in round {round} is no longer in the draw: ask the referee"),
                zh_hant: format!("第 {round} 輪第 {table} 桌的對局已不在對陣表中：請詢問裁判"),
                ko: format!("제{round}라운드 {table}번 테이블의 대국은 더 이상 대진표에 없습니다. 심판에게 문의하세요"),
                ja: format!("第{round}回戦 {table}番席の対局は組み合わせから外れました。審判に尋ねてください"),
            },
            TableLinkRefusal::NotPaired { round } => Said {
                zh: format!("第 {round} 轮尚未编排：先编排，再生成对局链接"),
                en: format!("round {round} is not paired: pair it, then mint its links"),
                zh_hant: format!("第 {round} 輪尚未編排：先編排，再產生對局連結"),
                ko: format!("제{round}라운드는 아직 대진이 없습니다. 대진을 만든 뒤 링크를 만드세요"),
                ja: format!("第{round}回戦はまだ組み合わせがありません。組み合わせてからリンクを作ってください"),
            },
        }
    }
}

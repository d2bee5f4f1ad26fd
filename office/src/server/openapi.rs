//! The API as a document: OpenAPI 3.1, served at `GET /api/v1/openapi.json`, built from one
//! table of the routes (`ROUTES`). Each entry names its request and success types; their JSON
//! Schemas are derived from the Rust types themselves (schemars, the `schema` feature of
//! `arbiter-core`), so a field added to a type is in the document at once. Tests hold the table
//! to the router (`mod.rs` and each resource's `routes()`) and each entry's types to its handler's signature (`handlers`). The
//! API fuzzer (`tests/it/api_fuzz.rs`, schemathesis) reads it: every answer must be one the
//! document allows — a success of the type said here, a client's mistake a 4xx with
//! `ErrorBody` — and never a 5xx.

use arbiter_core::app::{GameView, LatenessScreen, QueueCard, ReaderView, Story, TableRow};
use arbiter_core::board::counting_board::{CountAnswer, CountRequest, LoadedRecord};
use arbiter_core::board::MoveCheck;
use arbiter_core::game::{GameState, Preview};
use arbiter_core::interop::rating_list::{Listed, Refreshed};
use arbiter_core::label_tables::LabelTables;
use arbiter_core::model::{Person, Player, Tournament};
use arbiter_core::rules::AllowedRuling;
use arbiter_core::sync::protocol::{
    DeviceInfo, EnrollRequest, EnrollResponse, Evaluation, InitReport, IssuedCode, PullResponse, PushRequest,
    PushResponse, PushResult, Refusal, RotatedToken,
};
use arbiter_core::tournament::publish::{Board, Crosstable, ImportReport, PairingSheet, Setup, StandingsPreview};
use arbiter_core::tournament::run::EventStandings;
use arbiter_core::tournament::TournamentView;
use arbiter_core::ErrorBody;
use axum::response::{IntoResponse, Response};
use schemars::gen::{SchemaGenerator, SchemaSettings};
use schemars::schema::Schema;
use schemars::JsonSchema;
use serde_json::{json, Map, Value};

use super::table_links::{MintedLinks, TablePage};
use super::{backup, board, evaluations, games, people, players, refusals, rounds, tournament, views};
use axum::routing::get;
use axum::Router;

use crate::server::AppState;

/// `/openapi.json`.
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/openapi.json", get(serve))
}

/// A type's JSON Schema, as a reference into `components/schemas`.
pub type SchemaOf = fn(&mut SchemaGenerator) -> Schema;

/// The schema of `T`, kept once in `components/schemas` and referred to.
fn of<T: JsonSchema>(gen: &mut SchemaGenerator) -> Schema {
    gen.subschema_for::<T>()
}

/// A schema written as JSON (a literal below; were it not a schema, it would allow anything).
fn literal(value: Value) -> Schema {
    serde_json::from_value(value).unwrap_or(Schema::Bool(true))
}

/// A round number as the wire reads one (`model::game::rounds`): 0 to `MAX_ROUNDS`.
pub(crate) fn round(_: &mut SchemaGenerator) -> Schema {
    let max = arbiter_core::model::game::MAX_ROUNDS;
    literal(json!({"type": "integer", "minimum": 0, "maximum": max}))
}

/// Table numbers an assignment names: one or more, each from 1.
pub(crate) fn tables(_: &mut SchemaGenerator) -> Schema {
    literal(json!({
        "type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1, "maximum": u16::MAX},
    }))
}

/// What a request's body is.
#[derive(Clone, Copy)]
pub enum Body {
    None,
    /// JSON of this type (read by `request::json`).
    Json(SchemaOf),
    /// Text of a file format: CSV, a rating list.
    Text,
    /// OpenGotha's XML.
    Xml,
}

/// What a success answers with.
#[derive(Clone, Copy)]
pub enum Answer {
    Json(SchemaOf),
    /// JSON of this type, or CSV when asked `format=csv`.
    JsonOrCsv(SchemaOf),
    Csv,
    Xml,
    Text,
    /// The office's certificate (DER).
    Certificate,
}

/// A query parameter and its JSON-schema type.
pub type Param = (&'static str, &'static str);

/// One route of the API (its path under `/api/v1`, `{name}` for a path parameter).
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub query: &'static [Param],
    pub body: Body,
    pub answer: Answer,
}

/// A route without a body or a query.
const fn r(method: &'static str, path: &'static str, summary: &'static str, answer: Answer) -> Route {
    Route { method, path, summary, query: &[], body: Body::None, answer }
}

const fn with(
    method: &'static str,
    path: &'static str,
    summary: &'static str,
    query: &'static [Param],
    body: Body,
    answer: Answer,
) -> Route {
    Route { method, path, summary, query, body, answer }
}

const FORMAT: Param = ("format", "format");
const ROUND: Param = ("round", "integer");
const PREVIEW: Param = ("preview", "boolean");

/// An answer built with `json!` (a few fields), not a named type.
type Fields = Value;

/// Every route of the API, once.
pub const ROUTES: &[Route] = &[
    r("get", "/openapi.json", "This document", Answer::Json(of::<Fields>)),
    r("get", "/health", "The office answers", Answer::Json(of::<Fields>)),
    r("get", "/ready", "The office's store is ready", Answer::Json(of::<Fields>)),
    with(
        "post",
        "/backup",
        "Back up the store (the machine's own `backup --data`)",
        &[],
        Body::Json(of::<backup::BackupTo>),
        Answer::Json(of::<crate::backup::BackupReport>),
    ),
    with(
        "post",
        "/enroll",
        "A device enrolls with a one-time code",
        &[],
        Body::Json(of::<EnrollRequest>),
        Answer::Json(of::<EnrollResponse>),
    ),
    r("get", "/certificate", "The office's certificate", Answer::Certificate),
    with(
        "post",
        "/tournaments",
        "Create the tournament (set-up code)",
        &[],
        Body::Json(of::<tournament::NewTournament>),
        Answer::Json(of::<InitReport>),
    ),
    with("post", "/events", "Push events", &[], Body::Json(of::<PushRequest>), Answer::Json(of::<PushResponse>)),
    with(
        "get",
        "/events",
        "Pull events",
        &[("after", "integer"), ("limit", "integer")],
        Body::None,
        Answer::Json(of::<PullResponse>),
    ),
    with("post", "/people", "Register a person", &[], Body::Json(of::<people::NewPerson>), Answer::Json(of::<Person>)),
    with(
        "post",
        "/enrollment-codes",
        "Issue an enrollment code",
        &[],
        Body::Json(of::<people::CodeRequest>),
        Answer::Json(of::<IssuedCode>),
    ),
    r("get", "/devices", "Enrolled devices", Answer::Json(of::<Vec<DeviceInfo>>)),
    r("post", "/devices/{device}/revoke", "Revoke a device", Answer::Json(of::<Fields>)),
    r("post", "/token/rotate", "Rotate the caller's token", Answer::Json(of::<RotatedToken>)),
    with("get", "/refusals", "Refused requests", &[("limit", "integer")], Body::None, Answer::Json(of::<Vec<Refusal>>)),
    with(
        "post",
        "/refusals/resend",
        "Resend refused events",
        &[],
        Body::Json(of::<refusals::Resend>),
        Answer::Json(of::<PushResult>),
    ),
    r("get", "/lockouts", "Addresses locked out", Answer::Json(of::<Vec<crate::limits::Tracked>>)),
    r("delete", "/lockouts/{address}", "Lift a lockout", Answer::Json(of::<Fields>)),
    r("get", "/status", "The office's status", Answer::Json(of::<Fields>)),
    r("get", "/games/{game}/state", "A game's state", Answer::Json(of::<GameState>)),
    r("get", "/games/{game}/incidents/{incident}/story", "An incident's story", Answer::Json(of::<Story>)),
    with(
        "get",
        "/games/{game}/reader",
        "The byo-yomi reader",
        &[("after", "integer")],
        Body::None,
        Answer::Json(of::<ReaderView>),
    ),
    with(
        "post",
        "/board/record",
        "Play an SGF record through",
        &[],
        Body::Json(of::<board::RecordAsked>),
        Answer::Json(of::<LoadedRecord>),
    ),
    with("post", "/board/count", "Count a board", &[], Body::Json(of::<CountRequest>), Answer::Json(of::<CountAnswer>)),
    with(
        "post",
        "/board/check",
        "Check a move of a record",
        &[],
        Body::Json(of::<board::CheckAsked>),
        Answer::Json(of::<MoveCheck>),
    ),
    r("get", "/games/{game}", "A game", Answer::Json(of::<GameView>)),
    r("get", "/tables", "The tables", Answer::Json(of::<Vec<TableRow>>)),
    r("get", "/labels", "Table labels", Answer::Json(of::<LabelTables>)),
    with(
        "get",
        "/incidents",
        "Every incident",
        &[ROUND, ("table", "integer"), ("article", "string"), ("player", "string")],
        Body::None,
        Answer::Json(of::<Vec<views::IncidentRow<'static>>>),
    ),
    r("get", "/queue", "The chief arbiter's queue", Answer::Json(of::<Vec<QueueCard>>)),
    with(
        "get",
        "/export",
        "Results for publishing",
        &[FORMAT],
        Body::None,
        Answer::JsonOrCsv(of::<TournamentView<GameState>>),
    ),
    r("get", "/setup", "The tournament's set-up", Answer::Json(of::<Setup>)),
    with(
        "put",
        "/tournament",
        "Change the set-up",
        &[],
        Body::Json(of::<tournament::TournamentUpdate>),
        Answer::Json(of::<Tournament>),
    ),
    with(
        "post",
        "/players",
        "Register a player",
        &[],
        Body::Json(of::<players::NewPlayer>),
        Answer::Json(of::<Player>),
    ),
    with(
        "post",
        "/players/import",
        "Import players from CSV",
        &[PREVIEW],
        Body::Text,
        Answer::Json(of::<players::Imported>),
    ),
    with(
        "post",
        "/players/{player}/withdraw",
        "Withdraw a player",
        &[],
        Body::Json(of::<players::Withdrawal>),
        Answer::Json(of::<Fields>),
    ),
    with(
        "delete",
        "/players/{player}",
        "Delete a player",
        &[],
        Body::Json(of::<players::Deletion>),
        Answer::Json(of::<Fields>),
    ),
    r("get", "/players/history", "Registration history", Answer::Json(of::<Vec<players::RegistrationEntry>>)),
    r(
        "get",
        "/players/latin",
        "Names not in Latin letters, with proposals",
        Answer::Json(of::<Vec<players::LatinEntry>>),
    ),
    with(
        "put",
        "/players/{player}/latin",
        "Give a player a name in Latin letters",
        &[],
        Body::Json(of::<players::LatinName>),
        Answer::Json(of::<Player>),
    ),
    with("post", "/rating-list", "Load a rating list", &[("kind", "kind")], Body::Text, Answer::Json(of::<Fields>)),
    with(
        "get",
        "/rating-list/search",
        "Search the rating list",
        &[("q", "string")],
        Body::None,
        Answer::Json(of::<Vec<Listed>>),
    ),
    with("post", "/rating-list/refresh", "Refresh ratings", &[PREVIEW], Body::None, Answer::Json(of::<Vec<Refreshed>>)),
    with(
        "post",
        "/players/{player}/absences",
        "Set a player's absences",
        &[],
        Body::Json(of::<players::Absences>),
        Answer::Json(of::<Fields>),
    ),
    with(
        "post",
        "/import/opengotha",
        "Import an OpenGotha file",
        &[PREVIEW],
        Body::Xml,
        Answer::Json(of::<ImportReport>),
    ),
    with(
        "post",
        "/referees",
        "Assign a referee",
        &[],
        Body::Json(of::<tournament::Assignment>),
        Answer::Json(of::<Fields>),
    ),
    with(
        "post",
        "/venues",
        "Assign a venue",
        &[],
        Body::Json(of::<tournament::VenueAssignment>),
        Answer::Json(of::<Fields>),
    ),
    r("get", "/league/players", "The league's players", Answer::Json(of::<Vec<arbiter_core::league::RegistryEntry>>)),
    r(
        "get",
        "/league/players/{player}",
        "A league player's record",
        Answer::Json(of::<arbiter_core::league::PlayerRecord>),
    ),
    r("get", "/league/discipline.csv", "The league's discipline record", Answer::Csv),
    with(
        "put",
        "/referees/{person}/evaluation",
        "Evaluate a referee",
        &[],
        Body::Json(of::<evaluations::Text>),
        Answer::Json(of::<Evaluation>),
    ),
    r("get", "/evaluations", "Referee evaluations", Answer::Json(of::<Vec<Evaluation>>)),
    with(
        "put",
        "/rounds/{round}",
        "Schedule a round",
        &[],
        Body::Json(of::<rounds::RoundTime>),
        Answer::Json(of::<Fields>),
    ),
    r("post", "/rounds/{round}/pair", "Pair a round", Answer::Json(of::<PairingSheet>)),
    with(
        "get",
        "/rounds/{round}/pairings",
        "A round's pairings",
        &[FORMAT, ROUND],
        Body::None,
        Answer::JsonOrCsv(of::<PairingSheet>),
    ),
    with(
        "put",
        "/games/{game}/pairing",
        "Override a pairing",
        &[],
        Body::Json(of::<games::Override>),
        Answer::Json(of::<PairingSheet>),
    ),
    with(
        "post",
        "/games/{game}/events",
        "Record a game event",
        &[],
        Body::Json(of::<games::GameEvent>),
        Answer::Json(of::<GameView>),
    ),
    with(
        "post",
        "/games/{game}/allowed",
        "Rulings allowed for an incident",
        &[],
        Body::Json(of::<games::IncidentAsked>),
        Answer::Json(of::<Vec<AllowedRuling>>),
    ),
    with(
        "post",
        "/games/{game}/lateness",
        "A player's lateness",
        &[],
        Body::Json(of::<games::Arrivals>),
        Answer::Json(of::<Option<LatenessScreen>>),
    ),
    with(
        "post",
        "/games/{game}/arrival",
        "A player's arrival, timed when tapped",
        &[],
        Body::Json(of::<games::Arrived>),
        Answer::Json(of::<GameView>),
    ),
    with(
        "post",
        "/games/{game}/preview",
        "Preview a game event",
        &[],
        Body::Json(of::<games::GameEvent>),
        Answer::Json(of::<Preview>),
    ),
    with(
        "post",
        "/games/{game}/preview-standings",
        "Preview standings",
        &[],
        Body::Json(of::<games::GameEvent>),
        Answer::Json(of::<StandingsPreview>),
    ),
    with("get", "/standings", "Standings", &[FORMAT, ROUND], Body::None, Answer::JsonOrCsv(of::<EventStandings>)),
    with("get", "/crosstable", "The crosstable", &[FORMAT, ROUND], Body::None, Answer::Json(of::<Crosstable>)),
    with("get", "/export/opengotha", "OpenGotha XML", &[], Body::None, Answer::Xml),
    with("get", "/export/h9", "The h9 file", &[], Body::None, Answer::Text),
    with("get", "/export/tou", "The .tou file", &[], Body::None, Answer::Text),
    with("get", "/export/players.csv", "Players as CSV", &[], Body::None, Answer::Csv),
    with(
        "get",
        "/public/{tournament}/board",
        "The public board",
        &[FORMAT, ROUND],
        Body::None,
        Answer::Json(of::<Board>),
    ),
    r("post", "/rounds/{round}/table-links", "Mint a round's table links", Answer::Json(of::<MintedLinks>)),
    r("get", "/table/{token}", "The players' page a table link opens", Answer::Json(of::<TablePage>)),
];

fn param_schema(ty: &str) -> Value {
    match ty {
        "format" => json!({"type": "string", "enum": ["json", "csv"]}),
        "kind" => json!({"type": "string", "enum": ["egf", "ffg"]}),
        "integer" => json!({"type": "integer", "minimum": 0}),
        other => json!({"type": other}),
    }
}

/// A path parameter's schema, by its name: ids are slugs (`model::ids`), a round a number.
fn path_param(name: &str) -> Value {
    match name {
        "round" => json!({"type": "integer", "minimum": 1, "maximum": 65535}),
        "incident" => json!({"type": "string", "format": "uuid"}),
        "address" => json!({"type": "string", "description": "An IP address"}),
        _ => json!({"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"}),
    }
}

fn schema_json(schema: Schema) -> Value {
    serde_json::to_value(schema).unwrap_or_else(|_| json!({}))
}

fn content(answer: Answer, gen: &mut SchemaGenerator) -> Value {
    let text = json!({"schema": {"type": "string"}});
    match answer {
        Answer::Json(of) => json!({"application/json": {"schema": schema_json(of(gen))}}),
        Answer::JsonOrCsv(of) => json!({"application/json": {"schema": schema_json(of(gen))}, "text/csv": text}),
        Answer::Csv => json!({"text/csv": text}),
        Answer::Xml => json!({"application/xml": text}),
        Answer::Text => json!({"text/plain": text}),
        Answer::Certificate => json!({"application/x-x509-ca-cert": text}),
    }
}

fn operation(route: &Route, gen: &mut SchemaGenerator) -> Value {
    let mut params: Vec<Value> = route
        .path
        .split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .map(|name| json!({"name": name, "in": "path", "required": true, "schema": path_param(name)}))
        .collect();
    params.extend(
        route
            .query
            .iter()
            .map(|(name, ty)| json!({"name": name, "in": "query", "required": false, "schema": param_schema(ty)})),
    );
    let error = json!({"description": "The client's mistake: what was wrong", "content": {
        "application/json": {"schema": schema_json(of::<ErrorBody>(gen))}}});
    let mut op = json!({
        "operationId": format!("{} {}", route.method, route.path),
        "summary": route.summary,
        "parameters": params,
        "responses": {
            "200": {"description": "Done", "content": content(route.answer, gen)},
            "4XX": error,
        },
    });
    let body = match route.body {
        Body::None => None,
        Body::Json(of) => Some(json!({"application/json": {"schema": schema_json(of(gen))}})),
        Body::Text => Some(json!({"text/plain": {"schema": {"type": "string"}}})),
        Body::Xml => Some(json!({"application/xml": {"schema": {"type": "string"}}})),
    };
    if let (Some(body), Some(op)) = (body, op.as_object_mut()) {
        op.insert("requestBody".into(), json!({"required": true, "content": body}));
    }
    op
}

/// The generator of the document's schemas: JSON Schema 2019-09 (what OpenAPI 3.1's 2020-12
/// reads alike for these), each named type once under `components/schemas`.
fn generator() -> SchemaGenerator {
    let mut settings = SchemaSettings::draft2019_09();
    settings.definitions_path = "#/components/schemas/".into();
    settings.meta_schema = None;
    settings.into_generator()
}

/// The document, built from `ROUTES` and the types they name.
pub fn document() -> Value {
    let mut gen = generator();
    let mut paths = Map::new();
    for route in ROUTES {
        let op = operation(route, &mut gen);
        let entry = paths.entry(route.path).or_insert_with(|| json!({}));
        if let Some(entry) = entry.as_object_mut() {
            entry.insert(route.method.into(), op);
        }
    }
    let schemas: Map<String, Value> =
        gen.take_definitions().into_iter().map(|(name, schema)| (name, schema_json(schema))).collect();
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Weiqi Arbiter office",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The tournament office's API. Every error is an ErrorBody {code, message} with a 4xx for a client's mistake.",
        },
        "servers": [{"url": arbiter_core::sync::protocol::API_PREFIX}],
        "security": [{"bearer": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": schemas,
        },
    })
}

/// `GET /api/v1/openapi.json` (anyone): this document.
pub async fn serve() -> Response {
    axum::Json(document()).into_response()
}

/// What a handler's signature says of its body and its answer, read by the compiler: the
/// type of its `JsonBody<T>` and of its `Json<T>` answer. The test `each_route_documents_the_types_its_handler_reads_and_answers`
/// holds every entry of `ROUTES` to its handler's, so a handler that reads or answers another
/// type than its entry names fails it.
#[cfg(test)]
pub(crate) mod handlers {
    use std::future::Future;

    use axum::body::Bytes;
    use axum::extract::rejection::BytesRejection;
    use axum::extract::State;
    use axum::response::Response;
    use axum::Json;
    use schemars::gen::SchemaGenerator;
    use schemars::JsonSchema;
    use serde_json::Value;

    use super::schema_json;
    use crate::error::OfficeError;
    use crate::server::request::JsonBody;
    use crate::server::{AppState, Caller, ClientAddr};

    /// What a signature says of one side of the exchange.
    #[derive(Debug, PartialEq)]
    pub enum Said {
        /// No body.
        Nothing,
        /// The body's bytes, read by the handler itself (text, XML, or JSON read by hand).
        Bytes,
        /// An answer built by hand (`Response`): a content type chosen at run time.
        ByHand,
        /// This type's schema.
        Schema(Value),
    }

    pub struct Typed<T>(std::marker::PhantomData<T>);
    pub struct NoBody;
    pub struct Raw;
    pub struct Unchecked;

    pub trait Says {
        fn says(gen: &mut SchemaGenerator) -> Said;
    }
    impl<T: JsonSchema> Says for Typed<T> {
        fn says(gen: &mut SchemaGenerator) -> Said {
            Said::Schema(schema_json(gen.subschema_for::<T>()))
        }
    }
    impl Says for NoBody {
        fn says(_: &mut SchemaGenerator) -> Said {
            Said::Nothing
        }
    }
    impl Says for Raw {
        fn says(_: &mut SchemaGenerator) -> Said {
            Said::Bytes
        }
    }
    impl Says for Unchecked {
        fn says(_: &mut SchemaGenerator) -> Said {
            Said::ByHand
        }
    }

    /// An extractor, and the body it stands for when last.
    pub trait Arg {
        type Body: Says;
    }
    impl Arg for State<AppState> {
        type Body = NoBody;
    }
    impl Arg for Caller {
        type Body = NoBody;
    }
    impl Arg for ClientAddr {
        type Body = NoBody;
    }
    impl Arg for axum::http::HeaderMap {
        type Body = NoBody;
    }
    impl<T> Arg for crate::server::request::PathParam<T> {
        type Body = NoBody;
    }
    impl<T> Arg for crate::server::request::QueryParam<T> {
        type Body = NoBody;
    }
    impl Arg for Result<Bytes, BytesRejection> {
        type Body = Raw;
    }
    impl<T: JsonSchema> Arg for JsonBody<T> {
        type Body = Typed<T>;
    }

    /// What a handler returns, and the answer it stands for.
    pub trait Out {
        type Answer: Says;
    }
    impl<T: JsonSchema> Out for Result<Json<T>, OfficeError> {
        type Answer = Typed<T>;
    }
    impl<T: JsonSchema> Out for Json<T> {
        type Answer = Typed<T>;
    }
    impl Out for Result<Response, OfficeError> {
        type Answer = Unchecked;
    }
    impl Out for Response {
        type Answer = Unchecked;
    }

    /// A handler: an async fn of extractors (`M`, its arguments, tells the arities apart).
    pub trait Handler<M> {
        type Body: Says;
        type Answer: Says;
    }
    impl<F, Fut> Handler<()> for F
    where
        F: Fn() -> Fut,
        Fut: Future,
        Fut::Output: Out,
    {
        type Body = NoBody;
        type Answer = <Fut::Output as Out>::Answer;
    }
    macro_rules! handler {
        ($($a:ident),* ; $last:ident) => {
            impl<F, Fut, $($a,)* $last: Arg> Handler<($($a,)* $last,)> for F
            where
                F: Fn($($a,)* $last) -> Fut,
                Fut: Future,
                Fut::Output: Out,
            {
                type Body = <$last as Arg>::Body;
                type Answer = <Fut::Output as Out>::Answer;
            }
        };
    }
    handler!(; A1);
    handler!(A1; A2);
    handler!(A1, A2; A3);
    handler!(A1, A2, A3; A4);
    handler!(A1, A2, A3, A4; A5);

    /// `(method, path)` and what `handler`'s signature says of its body and answer.
    pub fn said<M, H: Handler<M>>(
        _: H,
        method: &'static str,
        path: &'static str,
        gen: &mut SchemaGenerator,
    ) -> (&'static str, &'static str, Said, Said) {
        (method, path, H::Body::says(gen), H::Answer::says(gen))
    }
}

#[cfg(test)]
mod tests {
    use super::handlers::{said, Said};
    use super::*;
    use std::collections::BTreeSet;

    /// `(method, path)` of every `.route(…)` the router in `mod.rs` and the resources' `routes()` register.
    fn routed() -> BTreeSet<(String, String)> {
        // Every module of the server, so that a resource's new module is read without being named.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|f| f.unwrap_or_else(|e| panic!("{}: {e}", dir.display())).path())
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
            .collect();
        files.sort();
        let source: String = files
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
            .collect();
        let mut found = BTreeSet::new();
        // `.route("/path", handlers)`, several on a line where the router is short.
        for call in source.split(".route(\"").skip(1) {
            let Some(end) = call.find('"') else { continue };
            let line_end = call.find('\n').unwrap_or(call.len());
            let (path, handlers) = (&call[..end], &call[end..line_end]);
            for method in ["get", "post", "put", "delete", "patch"] {
                // `get(`, `.post(`, `axum::routing::put(`: a method router, not a handler's name.
                let mut at = 0;
                while let Some(i) = handlers[at..].find(&format!("{method}(")) {
                    let before = handlers[..at + i].chars().last();
                    if matches!(before, Some(' ' | '.' | ':' | ',')) {
                        found.insert((method.to_owned(), path.to_owned()));
                    }
                    at += i + method.len();
                }
            }
        }
        found
    }

    #[test]
    fn the_document_lists_every_route_and_only_those() {
        let routed = routed();
        assert!(routed.len() > 60, "the router's routes were not read: {routed:?}");
        let documented: BTreeSet<(String, String)> =
            ROUTES.iter().map(|r| (r.method.to_owned(), r.path.to_owned())).collect();
        assert_eq!(documented.len(), ROUTES.len(), "a route is listed twice");
        let undocumented: Vec<_> = routed.difference(&documented).collect();
        let unrouted: Vec<_> = documented.difference(&routed).collect();
        assert!(undocumented.is_empty(), "routes missing from the document (openapi::ROUTES): {undocumented:?}");
        assert!(unrouted.is_empty(), "documented but not routed: {unrouted:?}");
    }

    /// Every route's handler, as the router in `mod.rs` names it.
    fn every_handler(gen: &mut SchemaGenerator) -> Vec<(&'static str, &'static str, Said, Said)> {
        use crate::server::{
            backup, board, evaluations, games, league, lockouts, people, players, publish, rating_list, refusals,
            rounds, sync, table_links, tournament, views,
        };
        vec![
            said(serve, "get", "/openapi.json", gen),
            said(views::health, "get", "/health", gen),
            said(views::ready, "get", "/ready", gen),
            said(backup::backup, "post", "/backup", gen),
            said(people::enroll, "post", "/enroll", gen),
            said(views::certificate, "get", "/certificate", gen),
            said(tournament::create_tournament, "post", "/tournaments", gen),
            said(sync::push, "post", "/events", gen),
            said(sync::pull, "get", "/events", gen),
            said(people::register_person, "post", "/people", gen),
            said(people::issue_code, "post", "/enrollment-codes", gen),
            said(people::devices, "get", "/devices", gen),
            said(people::revoke, "post", "/devices/{device}/revoke", gen),
            said(people::rotate_token, "post", "/token/rotate", gen),
            said(refusals::refusals, "get", "/refusals", gen),
            said(refusals::resend, "post", "/refusals/resend", gen),
            said(lockouts::lockouts, "get", "/lockouts", gen),
            said(lockouts::lift_lockout, "delete", "/lockouts/{address}", gen),
            said(views::status, "get", "/status", gen),
            said(games::game_state, "get", "/games/{game}/state", gen),
            said(games::story, "get", "/games/{game}/incidents/{incident}/story", gen),
            said(games::reader, "get", "/games/{game}/reader", gen),
            said(board::record, "post", "/board/record", gen),
            said(board::count, "post", "/board/count", gen),
            said(board::check, "post", "/board/check", gen),
            said(games::game, "get", "/games/{game}", gen),
            said(views::tables, "get", "/tables", gen),
            said(views::labels, "get", "/labels", gen),
            said(views::incidents, "get", "/incidents", gen),
            said(views::queue, "get", "/queue", gen),
            said(views::export, "get", "/export", gen),
            said(publish::setup, "get", "/setup", gen),
            said(tournament::put_tournament, "put", "/tournament", gen),
            said(players::add_player, "post", "/players", gen),
            said(players::import_players, "post", "/players/import", gen),
            said(players::withdraw, "post", "/players/{player}/withdraw", gen),
            said(players::delete_player, "delete", "/players/{player}", gen),
            said(players::registration_history, "get", "/players/history", gen),
            said(players::latin_names, "get", "/players/latin", gen),
            said(players::set_latin_name, "put", "/players/{player}/latin", gen),
            said(rating_list::load_rating_list, "post", "/rating-list", gen),
            said(rating_list::search_rating_list, "get", "/rating-list/search", gen),
            said(rating_list::refresh_ratings, "post", "/rating-list/refresh", gen),
            said(players::set_absences, "post", "/players/{player}/absences", gen),
            said(tournament::import_opengotha, "post", "/import/opengotha", gen),
            said(tournament::assign_referee, "post", "/referees", gen),
            said(tournament::assign_venue, "post", "/venues", gen),
            said(league::players, "get", "/league/players", gen),
            said(league::player, "get", "/league/players/{player}", gen),
            said(league::discipline_csv, "get", "/league/discipline.csv", gen),
            said(evaluations::put, "put", "/referees/{person}/evaluation", gen),
            said(evaluations::list, "get", "/evaluations", gen),
            said(rounds::schedule_round, "put", "/rounds/{round}", gen),
            said(rounds::pair, "post", "/rounds/{round}/pair", gen),
            said(publish::pairings, "get", "/rounds/{round}/pairings", gen),
            said(games::override_pairing, "put", "/games/{game}/pairing", gen),
            said(games::record_game_event, "post", "/games/{game}/events", gen),
            said(games::allowed, "post", "/games/{game}/allowed", gen),
            said(games::lateness, "post", "/games/{game}/lateness", gen),
            said(games::record_arrival, "post", "/games/{game}/arrival", gen),
            said(games::preview, "post", "/games/{game}/preview", gen),
            said(publish::preview_standings, "post", "/games/{game}/preview-standings", gen),
            said(publish::standings, "get", "/standings", gen),
            said(publish::crosstable_view, "get", "/crosstable", gen),
            said(publish::export_opengotha, "get", "/export/opengotha", gen),
            said(publish::export_h9, "get", "/export/h9", gen),
            said(publish::export_tou, "get", "/export/tou", gen),
            said(publish::export_players, "get", "/export/players.csv", gen),
            said(publish::public_board, "get", "/public/{tournament}/board", gen),
            said(table_links::mint, "post", "/rounds/{round}/table-links", gen),
            said(table_links::page, "get", "/table/{token}", gen),
        ]
    }

    #[test]
    fn each_route_documents_the_types_its_handler_reads_and_answers() {
        let mut gen = generator();
        let handlers = every_handler(&mut gen);
        assert_eq!(handlers.len(), ROUTES.len(), "a route's handler is missing from every_handler");
        let (mut typed_bodies, mut typed_answers, mut wrong) = (0, 0, Vec::new());
        for (method, path, body, answer) in handlers {
            let route = ROUTES
                .iter()
                .find(|r| r.method == method && r.path == path)
                .unwrap_or_else(|| panic!("{method} {path} is not in ROUTES"));
            let body_ok = match (route.body, body) {
                (Body::None, Said::Nothing) => true,
                (Body::Json(of), Said::Schema(read)) => {
                    typed_bodies += 1;
                    schema_json(of(&mut gen)) == read
                }
                // Text and XML; and the four JSON bodies read by hand (an optional body, a hint
                // in the error, events decoded one by one) — documented, not in the signature.
                (Body::Text | Body::Xml | Body::Json(_), Said::Bytes) => true,
                _ => false,
            };
            let answer_ok = match (route.answer, answer) {
                (Answer::Json(of) | Answer::JsonOrCsv(of), Said::Schema(answered)) => {
                    typed_answers += 1;
                    schema_json(of(&mut gen)) == answered
                }
                // A `Response` made by hand: CSV, XML, the certificate, a kept state's bytes.
                (_, Said::ByHand) => true,
                _ => false,
            };
            if !body_ok || !answer_ok {
                wrong.push(format!("{method} {path}"));
            }
        }
        assert!(wrong.is_empty(), "ROUTES names other types than the handlers read or answer: {wrong:?}");
        // Most routes are held to their types, not let through as read or built by hand.
        println!("{typed_bodies} bodies and {typed_answers} answers held to their handlers' types");
        assert!(typed_bodies >= 23 && typed_answers >= 55, "{typed_bodies} bodies, {typed_answers} answers typed");
    }

    /// Where `value` lacks a field its schema requires, through `$ref`s, properties and items.
    fn missing(doc: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
        if let Some(name) = schema["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")) {
            return missing(doc, &doc["components"]["schemas"][name], value, at, out);
        }
        if let (Some(required), Some(fields)) = (schema["required"].as_array(), value.as_object()) {
            for field in required.iter().filter_map(Value::as_str) {
                if !fields.contains_key(field) {
                    out.push(format!("{at}.{field}"));
                }
            }
        }
        if let (Some(props), Some(fields)) = (schema["properties"].as_object(), value.as_object()) {
            for (name, sub) in props {
                if let Some(v) = fields.get(name) {
                    missing(doc, sub, v, &format!("{at}.{name}"), out);
                }
            }
        }
        if let (Some(items), Some(values)) = (schema.get("items"), value.as_array()) {
            for (i, v) in values.iter().enumerate() {
                missing(doc, items, v, &format!("{at}[{i}]"), out);
            }
        }
    }

    /// The fuzzer found `GET /export` answering without `absences`, which the schema required:
    /// a field serde leaves out when empty is not required of what the office answers.
    #[test]
    fn a_field_left_out_when_empty_is_not_required_of_an_answer() {
        let doc = document();
        let export = &doc["paths"]["/export"]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
        let id = arbiter_core::model::TournamentId::new("t1").unwrap_or_else(|e| panic!("{e}"));
        let empty = TournamentView::<GameState>::empty(id);
        let value = serde_json::to_value(&empty).unwrap_or_else(|e| panic!("{e}"));
        assert!(value.get("absences").is_none() && value.get("venues").is_none(), "{value}");
        let mut out = Vec::new();
        missing(&doc, export, &value, "export", &mut out);
        assert_eq!(out, Vec::<String>::new(), "required of the answer but not in it");
        // And the check sees a missing field: the same answer without a field always written.
        let mut lacking = value.clone();
        lacking.as_object_mut().map(|o| o.remove("players"));
        missing(&doc, export, &lacking, "export", &mut out);
        assert_eq!(out, ["export.players"]);
    }

    #[test]
    fn the_document_is_openapi_3_1_with_every_operation() {
        let doc = document();
        assert_eq!(doc["openapi"], "3.1.0");
        let operations: usize =
            doc["paths"].as_object().map_or(0, |p| p.values().filter_map(Value::as_object).map(Map::len).sum());
        assert_eq!(operations, ROUTES.len());
        let pair = &doc["paths"]["/rounds/{round}/pair"]["post"];
        assert_eq!(pair["parameters"][0]["name"], "round");
        assert_eq!(
            pair["responses"]["4XX"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/ErrorBody"
        );
    }
}

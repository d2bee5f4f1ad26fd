//! The API as a document: OpenAPI 3.1, served at `GET /api/v1/openapi.json`, built from one
//! table of the routes (`ROUTES`). A test holds the table to the router (`mod.rs`): a route
//! without its entry fails it. The API fuzzer (`tests/it/api_fuzz.rs`, schemathesis) reads it:
//! every answer must be one the document allows — a success in the content type said here, a
//! client's mistake a 4xx with `{code, message}` — and never a 5xx.

use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

/// What a request's body is.
#[derive(Clone, Copy)]
pub enum Body {
    None,
    /// A JSON object (each handler's own request type, read by `request::json`).
    Json,
    /// Text of a file format: CSV, a rating list.
    Text,
    /// OpenGotha's XML.
    Xml,
}

/// What a success answers with.
#[derive(Clone, Copy)]
pub enum Answer {
    Json,
    /// JSON, or CSV when asked `format=csv`.
    JsonOrCsv,
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

const fn r(method: &'static str, path: &'static str, summary: &'static str) -> Route {
    Route { method, path, summary, query: &[], body: Body::None, answer: Answer::Json }
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

/// Every route of the API, once.
pub const ROUTES: &[Route] = &[
    r("get", "/openapi.json", "This document"),
    r("get", "/health", "The office answers"),
    r("get", "/ready", "The office's store is ready"),
    with("post", "/backup", "Back up the store (the machine's own `backup --data`)", &[], Body::Json, Answer::Json),
    with("post", "/enroll", "A device enrolls with a one-time code", &[], Body::Json, Answer::Json),
    with("get", "/certificate", "The office's certificate", &[], Body::None, Answer::Certificate),
    with("post", "/tournaments", "Create the tournament (set-up code)", &[], Body::Json, Answer::Json),
    with("post", "/events", "Push events", &[], Body::Json, Answer::Json),
    with("get", "/events", "Pull events", &[("after", "integer"), ("limit", "integer")], Body::None, Answer::Json),
    with("post", "/people", "Register a person", &[], Body::Json, Answer::Json),
    with("post", "/enrollment-codes", "Issue an enrollment code", &[], Body::Json, Answer::Json),
    r("get", "/devices", "Enrolled devices"),
    r("post", "/devices/{device}/revoke", "Revoke a device"),
    r("post", "/token/rotate", "Rotate the caller's token"),
    with("get", "/refusals", "Refused requests", &[("limit", "integer")], Body::None, Answer::Json),
    with("post", "/refusals/resend", "Resend refused events", &[], Body::Json, Answer::Json),
    r("get", "/lockouts", "Addresses locked out"),
    r("delete", "/lockouts/{address}", "Lift a lockout"),
    r("get", "/status", "The office's status"),
    r("get", "/games/{game}/state", "A game's state"),
    r("get", "/games/{game}/incidents/{incident}/story", "An incident's story"),
    with("get", "/games/{game}/reader", "The byo-yomi reader", &[("after", "integer")], Body::None, Answer::Json),
    with("post", "/board/record", "Play an SGF record through", &[], Body::Json, Answer::Json),
    with("post", "/board/count", "Count a board", &[], Body::Json, Answer::Json),
    with("post", "/board/check", "Check a move of a record", &[], Body::Json, Answer::Json),
    r("get", "/games/{game}", "A game"),
    r("get", "/tables", "The tables"),
    r("get", "/labels", "Table labels"),
    with(
        "get",
        "/incidents",
        "Every incident",
        &[ROUND, ("table", "integer"), ("article", "string"), ("player", "string")],
        Body::None,
        Answer::Json,
    ),
    r("get", "/queue", "The chief arbiter's queue"),
    with("get", "/export", "Results for publishing", &[FORMAT], Body::None, Answer::JsonOrCsv),
    r("get", "/setup", "The tournament's set-up"),
    with("put", "/tournament", "Change the set-up", &[], Body::Json, Answer::Json),
    with("post", "/players", "Register a player", &[], Body::Json, Answer::Json),
    with("post", "/players/import", "Import players from CSV", &[PREVIEW], Body::Text, Answer::Json),
    with("post", "/players/{player}/withdraw", "Withdraw a player", &[], Body::Json, Answer::Json),
    with("delete", "/players/{player}", "Delete a player", &[], Body::Json, Answer::Json),
    r("get", "/players/history", "Registration history"),
    r("get", "/players/latin", "Names not in Latin letters, with proposals"),
    with("put", "/players/{player}/latin", "Give a player a name in Latin letters", &[], Body::Json, Answer::Json),
    with("post", "/rating-list", "Load a rating list", &[("kind", "kind")], Body::Text, Answer::Json),
    with("get", "/rating-list/search", "Search the rating list", &[("q", "string")], Body::None, Answer::Json),
    with("post", "/rating-list/refresh", "Refresh ratings", &[PREVIEW], Body::None, Answer::Json),
    with("post", "/players/{player}/absences", "Set a player's absences", &[], Body::Json, Answer::Json),
    with("post", "/import/opengotha", "Import an OpenGotha file", &[PREVIEW], Body::Xml, Answer::Json),
    with("post", "/referees", "Assign a referee", &[], Body::Json, Answer::Json),
    with("post", "/venues", "Assign a venue", &[], Body::Json, Answer::Json),
    r("get", "/league/players", "The league's players"),
    r("get", "/league/players/{player}", "A league player's record"),
    with("get", "/league/discipline.csv", "The league's discipline record", &[], Body::None, Answer::Csv),
    with("put", "/referees/{person}/evaluation", "Evaluate a referee", &[], Body::Json, Answer::Json),
    r("get", "/evaluations", "Referee evaluations"),
    with("put", "/rounds/{round}", "Schedule a round", &[], Body::Json, Answer::Json),
    r("post", "/rounds/{round}/pair", "Pair a round"),
    with("get", "/rounds/{round}/pairings", "A round's pairings", &[FORMAT, ROUND], Body::None, Answer::JsonOrCsv),
    with("put", "/games/{game}/pairing", "Override a pairing", &[], Body::Json, Answer::Json),
    with("post", "/games/{game}/events", "Record a game event", &[], Body::Json, Answer::Json),
    with("post", "/games/{game}/allowed", "Rulings allowed for an incident", &[], Body::Json, Answer::Json),
    with("post", "/games/{game}/lateness", "A player's lateness", &[], Body::Json, Answer::Json),
    with("post", "/games/{game}/arrival", "A player's arrival, timed when tapped", &[], Body::Json, Answer::Json),
    with("post", "/games/{game}/preview", "Preview a game event", &[], Body::Json, Answer::Json),
    with("post", "/games/{game}/preview-standings", "Preview standings", &[], Body::Json, Answer::Json),
    with("get", "/standings", "Standings", &[FORMAT, ROUND], Body::None, Answer::JsonOrCsv),
    with("get", "/crosstable", "The crosstable", &[FORMAT, ROUND], Body::None, Answer::Json),
    with("get", "/export/opengotha", "OpenGotha XML", &[], Body::None, Answer::Xml),
    with("get", "/export/h9", "The h9 file", &[], Body::None, Answer::Text),
    with("get", "/export/tou", "The .tou file", &[], Body::None, Answer::Text),
    with("get", "/export/players.csv", "Players as CSV", &[], Body::None, Answer::Csv),
    with("get", "/public/{tournament}/board", "The public board", &[FORMAT, ROUND], Body::None, Answer::Json),
];

fn param_schema(ty: &str) -> Value {
    match ty {
        "format" => json!({"type": "string", "enum": ["json", "csv"]}),
        "kind" => json!({"type": "string", "enum": ["egf", "ffg"]}),
        "integer" => json!({"type": "integer", "minimum": 0}),
        other => json!({"type": other}),
    }
}

fn content(answer: Answer) -> Value {
    let json = json!({"application/json": {"schema": {}}});
    match answer {
        Answer::Json => json,
        Answer::JsonOrCsv => json!({"application/json": {"schema": {}}, "text/csv": {"schema": {"type": "string"}}}),
        Answer::Csv => json!({"text/csv": {"schema": {"type": "string"}}}),
        Answer::Xml => json!({"application/xml": {"schema": {"type": "string"}}}),
        Answer::Text => json!({"text/plain": {"schema": {"type": "string"}}}),
        Answer::Certificate => json!({"application/x-x509-ca-cert": {"schema": {"type": "string"}}}),
    }
}

fn operation(route: &Route) -> Value {
    let mut params: Vec<Value> = route
        .path
        .split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .map(|name| json!({"name": name, "in": "path", "required": true, "schema": {"type": "string"}}))
        .collect();
    params.extend(
        route
            .query
            .iter()
            .map(|(name, ty)| json!({"name": name, "in": "query", "required": false, "schema": param_schema(ty)})),
    );
    let error = json!({"description": "The client's mistake: what was wrong", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}});
    let mut op = json!({
        "operationId": format!("{} {}", route.method, route.path),
        "summary": route.summary,
        "parameters": params,
        "responses": {
            "200": {"description": "Done", "content": content(route.answer)},
            "4XX": error,
        },
    });
    let body = match route.body {
        Body::None => None,
        Body::Json => Some(json!({"application/json": {"schema": {"type": "object"}}})),
        Body::Text => Some(json!({"text/plain": {"schema": {"type": "string"}}})),
        Body::Xml => Some(json!({"application/xml": {"schema": {"type": "string"}}})),
    };
    if let (Some(body), Some(op)) = (body, op.as_object_mut()) {
        op.insert("requestBody".into(), json!({"required": true, "content": body}));
    }
    op
}

/// The document, built from `ROUTES`.
pub fn document() -> Value {
    let mut paths = Map::new();
    for route in ROUTES {
        let entry = paths.entry(route.path).or_insert_with(|| json!({}));
        if let Some(entry) = entry.as_object_mut() {
            entry.insert(route.method.into(), operation(route));
        }
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Weiqi Arbiter office",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The tournament office's API. Every error is {code, message} with a 4xx for a client's mistake.",
        },
        "servers": [{"url": arbiter_core::sync::protocol::API_PREFIX}],
        "security": [{"bearer": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {"Error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string", "description": "A stable code to branch on"},
                    "message": {"type": "string", "description": "What was wrong, for people"},
                    "said": {"type": "object", "description": "The message in each language"},
                },
            }},
        },
    })
}

/// `GET /api/v1/openapi.json` (anyone): this document.
pub async fn serve() -> Response {
    axum::Json(document()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// `(method, path)` of every `.route(…)` the router in `mod.rs` registers.
    fn routed() -> BTreeSet<(String, String)> {
        let source = include_str!("mod.rs");
        let mut found = BTreeSet::new();
        for line in source.lines().map(str::trim).filter(|l| l.starts_with(".route(\"")) {
            let rest = &line[".route(\"".len()..];
            let Some(end) = rest.find('"') else { continue };
            let (path, handlers) = (&rest[..end], &rest[end..]);
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
            "#/components/schemas/Error"
        );
    }
}

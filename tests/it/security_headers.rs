//! Every answer of the office carries its security headers (docs/security.md): each route of the
//! router — read from the router's own source, so a route added later is walked too — with and
//! without a token, every method it has; the web pages and their hashed files; and the error
//! answers (404, a method a route lacks, 413, 429) that no handler writes.

use std::collections::BTreeSet;
use std::path::Path;

use arbiter_core::model::Role;
use arbiter_core::sync::protocol::{API_PREFIX, MAX_BODY_BYTES};
use arbiter_office::server::headers::{CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY};
use arbiter_tests::Office;
use reqwest::Method;

/// Each `.route("…", …)` of the office's router — `server/mod.rs` and each resource's
/// `routes()` beside it: its path and methods.
fn routes() -> Vec<(String, Vec<Method>)> {
    let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("../office/src/server");
    let mut files: Vec<_> = std::fs::read_dir(&server)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let text: String = files.iter().map(|f| std::fs::read_to_string(f).unwrap() + "\n").collect();
    let mut routes = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| l.starts_with(".route(\"")) {
        let path = line[".route(\"".len()..].split('"').next().unwrap().to_owned();
        let rest = &line[".route(\"".len() + path.len()..];
        // `get(handler)`, `.post(handler)`, `axum::routing::delete(handler)`: a method's call.
        let calls = |name: &str| {
            rest.match_indices(&format!("{name}("))
                .any(|(i, _)| !rest[..i].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_'))
        };
        let methods: Vec<Method> =
            [("get", Method::GET), ("post", Method::POST), ("put", Method::PUT), ("delete", Method::DELETE)]
                .into_iter()
                .filter(|(name, _)| calls(name))
                .map(|(_, m)| m)
                .collect();
        assert!(!methods.is_empty(), "a route with no method read: {line}");
        routes.push((path, methods));
    }
    routes
}

/// A path with its parameters filled in (`{game}` → `g1`, …).
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|part| match part {
            "{game}" => "g1",
            "{tournament}" => "t1",
            "{round}" => "1",
            p if p.starts_with('{') => "x",
            p => p,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Asserts every header on one answer; `what` names it in a failure.
fn assert_headers(what: &str, r: &reqwest::Response) {
    let h = r.headers();
    let get = |name: &str| h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("");
    assert_eq!(get("content-security-policy"), CONTENT_SECURITY_POLICY, "{what}");
    assert!(get("content-security-policy").contains("frame-ancestors 'none'"), "{what}");
    assert_eq!(get("x-frame-options"), "DENY", "{what}");
    assert_eq!(get("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(get("referrer-policy"), "no-referrer", "{what}");
    assert_eq!(get("permissions-policy"), PERMISSIONS_POLICY, "{what}");
    assert_eq!(get("strict-transport-security"), STRICT_TRANSPORT_SECURITY, "{what} (served over HTTPS)");
    let cache = get("cache-control");
    let path = r.url().path();
    if path.starts_with(API_PREFIX) || !r.status().is_success() {
        assert_eq!(cache, "no-store", "{what}: an API or error answer is never stored");
    } else if path.starts_with("/assets/") {
        assert_eq!(cache, "public, max-age=31536000, immutable", "{what}");
    } else {
        assert_eq!(cache, "no-cache", "{what}");
    }
}

fn ui_dist() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/dist")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_page_and_error_answer_carries_the_security_headers() {
    let ui = ui_dist();
    assert!(ui.join("index.html").is_file(), "the UI is built (scripts/setup builds it)");
    let office = Office::start_with_ui("security-headers", ui.clone()).await;
    let http = office.http();
    let token = office.organiser_token.clone();
    // Enrolled first: tries without a token count against this address.
    let device = office.enroll("ref-headers", Role::Referee, "tab-headers").await;

    // The web pages, a hashed file, and a page that is not there.
    let asset = std::fs::read_dir(ui.join("assets")).unwrap().flatten().next().expect("a built asset").file_name();
    for path in ["/", "/index.html", &format!("/assets/{}", asset.to_string_lossy()), "/no-such-page"] {
        let r = http.get(format!("{}{path}", office.url)).send().await.unwrap();
        assert_headers(&format!("GET {path} ({})", r.status()), &r);
    }
    let r = http.get(format!("{}{API_PREFIX}/no-such-route", office.url)).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert_headers("an unknown API route", &r);
    let r = http.delete(format!("{}{API_PREFIX}/tables", office.url)).send().await.unwrap();
    assert_headers("a method the route lacks", &r);
    let body: serde_json::Value = r.json().await.unwrap();
    assert_eq!(body["code"], "method_not_allowed", "{body}");
    // A push over the limit once inflated (small on the wire: the office answers before the
    // client has sent it all otherwise).
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gz, &vec![b' '; MAX_BODY_BYTES * 2]).unwrap();
    let r = http
        .post(format!("{}{API_PREFIX}/events", office.url))
        .bearer_auth(&device.token)
        .header("content-type", "application/json")
        .header("content-encoding", "gzip")
        .body(gz.finish().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 413);
    assert_headers("a body over the limit", &r);
    // Then every route (whose tries without a token make this address wait: last but one).
    let routes = routes();
    assert!(routes.len() >= 50, "the router's routes were read: {}", routes.len());
    let mut statuses = BTreeSet::new();
    let mut answers = 7;
    for (path, methods) in &routes {
        let url = format!("{}{API_PREFIX}{}", office.url, concrete(path));
        for method in methods {
            for bearer in [None, Some(token.as_str())] {
                let mut req = http.request(method.clone(), &url);
                if let Some(t) = bearer {
                    req = req.bearer_auth(t);
                }
                if *method != Method::GET && *method != Method::DELETE {
                    req = req.header("content-type", "application/json").body("{}");
                }
                let r = req.send().await.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
                statuses.insert(r.status().as_u16());
                assert_headers(&format!("{method} {path} (token: {})", bearer.is_some()), &r);
                answers += 1;
            }
        }
    }
    // The walk met answers of every kind, not only successes.
    for status in [200, 400, 401, 404] {
        assert!(statuses.contains(&status), "the walk met a {status}: {statuses:?}");
    }

    // Guessing enrollment codes until the door says wait.
    let mut slowed = None;
    for n in 0..200 {
        let r = http
            .post(format!("{}{API_PREFIX}/enroll", office.url))
            .json(&serde_json::json!({"code": format!("ZZZZ-{n:04}"), "device": "guess", "label": "guess"}))
            .send()
            .await
            .unwrap();
        if r.status() == 429 {
            slowed = Some(r);
            break;
        }
    }
    let r = slowed.expect("a guessing client is slowed within 200 tries");
    assert_headers("a client made to wait (429)", &r);
    println!("{answers} answers over {} routes checked", routes.len());
    office.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_office_on_plain_http_sends_no_strict_transport_security_but_the_rest() {
    let office = Office::start_insecure("security-headers-http").await;
    let r = office.http().get(format!("{}{API_PREFIX}/health", office.url)).send().await.unwrap();
    assert!(r.headers().get("strict-transport-security").is_none(), "HSTS is for HTTPS only");
    assert_eq!(r.headers().get("x-frame-options").unwrap(), "DENY");
    assert_eq!(r.headers().get("cache-control").unwrap(), "no-store");
    office.shutdown().await;
}

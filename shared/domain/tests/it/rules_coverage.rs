//! `docs/rules-coverage.md` cannot drift: every article the code cites (each variant of
//! `rules::Article`, by its wire id) has a row; every row's id that names an article is one;
//! every file a row names exists; every test a row names is a `fn` of that name in its file;
//! every verdict is one of the three words, and a partial one says what is missing.

use std::collections::BTreeSet;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The wire ids of every article variant, read from its declaration.
fn declared_articles() -> BTreeSet<String> {
    let text = std::fs::read_to_string(repo().join("shared/domain/src/rules/article.rs")).unwrap();
    let mut ids = BTreeSet::new();
    let mut pending: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[serde(rename = \"") {
            pending = rest.split('"').next().map(str::to_owned);
        } else if let Some(id) = pending.take() {
            // The next line is the variant the rename belongs to.
            assert!(line.ends_with(','), "a rename not followed by its variant: {line}");
            ids.insert(id);
        }
    }
    ids
}

struct Row {
    id: String,
    code: Vec<String>,
    tests: Vec<String>,
    verdict: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(repo().join("docs/rules-coverage.md")).unwrap();
    let ticked = |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(str::to_owned).collect() };
    text.lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| id ") && !l.starts_with("|---"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 6, "a row of six cells: {l}");
            Row {
                id: cells[0].to_owned(),
                code: ticked(cells[3]),
                tests: ticked(cells[4]),
                verdict: cells[5].to_owned(),
            }
        })
        .collect()
}

#[test]
fn every_article_the_code_cites_has_its_row() {
    let ids: BTreeSet<String> = rows().into_iter().map(|r| r.id).collect();
    let missing: Vec<String> = declared_articles().into_iter().filter(|a| !ids.contains(a)).collect();
    assert!(missing.is_empty(), "articles without a row in docs/rules-coverage.md: {missing:?}");
}

#[test]
fn every_row_names_files_and_tests_that_exist_and_a_verdict() {
    let declared = declared_articles();
    let rows = rows();
    assert!(rows.len() >= 60, "{} rows", rows.len());
    for r in &rows {
        // An id shaped like a wire id of the enum must be one (the chapter 4 rows have none).
        if r.id.contains('.') && !r.id.starts_with("28.") {
            assert!(declared.contains(&r.id), "row {}: no such article", r.id);
            assert!(serde_json::from_str::<arbiter_domain::rules::Article>(&format!("\"{}\"", r.id)).is_ok());
        }
        assert!(!r.code.is_empty() && !r.tests.is_empty(), "row {}: names no file or no test", r.id);
        for file in &r.code {
            assert!(repo().join(file).is_file(), "row {}: no file {file}", r.id);
        }
        for t in &r.tests {
            let (file, name) = t.split_once("::").unwrap_or_else(|| panic!("row {}: `{t}` is not file::test", r.id));
            let source =
                std::fs::read_to_string(repo().join(file)).unwrap_or_else(|e| panic!("row {}: {file}: {e}", r.id));
            let is_tests = source.contains("#[test]") || source.contains("#[tokio::test");
            let declared_fn = source.contains(&format!("fn {name}(")) && is_tests;
            assert!(declared_fn, "row {}: no test fn {name} in {file}", r.id);
        }
        let verdict_ok = r.verdict.starts_with("implemented")
            || r.verdict.starts_with("partial: ")
            || r.verdict.starts_with("not applicable: ");
        assert!(verdict_ok, "row {}: verdict `{}`", r.id, r.verdict);
    }
}

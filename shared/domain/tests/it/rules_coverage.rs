//! `docs/rules-coverage.md` cannot drift: every article the code cites (each variant of
//! `rules::Article`, by its wire id) has a row; every row's id that names an article is one;
//! every place a row names exists where it says — a file, then a `fn` of that name in it, or a
//! penalty-table row written as it stands in it and citing the row's own article; every test a
//! row names is a `fn` of that name in its file; every verdict is one of the three words, and a
//! partial one says what is missing.

use std::collections::BTreeMap;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The wire id of every article variant, with the variant's name, read from its declaration.
fn declared_articles() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(repo().join("shared/domain/src/rules/article.rs")).unwrap();
    let mut ids = BTreeMap::new();
    let mut pending: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[serde(rename = \"") {
            pending = rest.split('"').next().map(str::to_owned);
        } else if let Some(id) = pending.take() {
            // The next line is the variant the rename belongs to.
            let variant =
                line.strip_suffix(',').unwrap_or_else(|| panic!("a rename not followed by its variant: {line}"));
            ids.insert(id, variant.to_owned());
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

/// Checks one entry of a row's code cell (the notation the doc states at its top):
/// `FILE::NAME` — `fn NAME` is declared in FILE; `FILE::row(…)` — that text stands in FILE and
/// cites `article` (the row's own variant; `None` where the verdict is not applicable, and then
/// it must cite some article). Returns why not.
fn applied_at(entry: &str, article: Option<&str>) -> Result<(), String> {
    let (file, place) = entry.split_once("::").ok_or_else(|| format!("`{entry}` is not FILE::fn or FILE::row(…)"))?;
    let source = std::fs::read_to_string(repo().join(file)).map_err(|e| format!("{file}: {e}"))?;
    if place.starts_with("row(") {
        if !place.ends_with(')') {
            return Err(format!("`{place}` is not a whole table row"));
        }
        if !source.contains(place) {
            return Err(format!("no table row `{place}` in {file}"));
        }
        // The row's third field is its article.
        let cited = place.trim_start_matches("row(").split(", ").nth(2).unwrap_or_default();
        match article {
            Some(variant) if cited != variant => return Err(format!("`{place}` cites {cited}, not {variant}")),
            None if cited.is_empty() => return Err(format!("`{place}` cites no article")),
            _ => {}
        }
        return Ok(());
    }
    if place.is_empty() || !place.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("`{place}` is neither a function's name nor a table row"));
    }
    if source.contains(&format!("fn {place}(")) || source.contains(&format!("fn {place}<")) {
        Ok(())
    } else {
        Err(format!("no fn {place} in {file}"))
    }
}

#[test]
fn every_article_the_code_cites_has_its_row() {
    let ids: std::collections::BTreeSet<String> = rows().into_iter().map(|r| r.id).collect();
    let missing: Vec<String> = declared_articles().into_keys().filter(|a| !ids.contains(a)).collect();
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
            assert!(declared.contains_key(&r.id), "row {}: no such article", r.id);
            assert!(serde_json::from_str::<arbiter_domain::rules::Article>(&format!("\"{}\"", r.id)).is_ok());
        }
        assert!(!r.code.is_empty() && !r.tests.is_empty(), "row {}: names no file or no test", r.id);
        for entry in &r.code {
            let file = entry.split_once("::").map_or(entry.as_str(), |(f, _)| f);
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

#[test]
fn every_row_names_the_function_or_table_row_that_applies_it() {
    let declared = declared_articles();
    for r in rows() {
        // A table row cites this row's article (a paragraph the code never cites has no table
        // row); a moot paragraph's row cites the article that makes it moot.
        let article = declared.get(&r.id).map(String::as_str);
        let moot = r.verdict.starts_with("not applicable: ");
        for entry in &r.code {
            let table_row = entry.contains("::row(");
            let id = &r.id;
            assert!(!table_row || article.is_some(), "row {id}: `{entry}` is a table row, but no article is {id}");
            if let Err(why) = applied_at(entry, article.filter(|_| !moot)) {
                panic!("row {}: {why}", r.id);
            }
        }
    }
}

/// The check fails on what the table once said: a file that names the rule but does not apply
/// it, a row of another article, a function that is not there.
#[test]
fn the_check_refuses_a_place_that_does_not_apply_the_paragraph() {
    let art25 = "shared/domain/src/rules/chinese/art25_other.rs";
    // 第二十五条二 is applied by the fold, not by the file whose comment mentions it.
    assert!(applied_at(art25, Some("Art25_2")).is_err(), "a bare file");
    assert!(applied_at(&format!("{art25}::apply_incident"), Some("Art25_2")).is_err(), "a fn of another file");
    assert!(applied_at("shared/domain/src/game/fold.rs::apply_incident", Some("Art25_2")).is_ok());
    let art17 = "shared/domain/src/rules/chinese/art17_moves.rs";
    let double_move = "row(DoubleMove, OffenderLoses, Art17_1, Referee, Always)";
    assert!(applied_at(&format!("{art17}::{double_move}"), Some("Art17_1")).is_ok());
    assert!(applied_at(&format!("{art17}::{double_move}"), Some("Art17_2")).is_err(), "another article's row");
    assert!(
        applied_at(&format!("{art17}::row(DoubleMove, Warning, Art17_1, Referee, Always)"), Some("Art17_1")).is_err()
    );
    assert!(applied_at(&format!("{art17}::row(DoubleMove"), Some("Art17_1")).is_err(), "not a whole row");
    assert!(applied_at("shared/domain/src/game/fold.rs::apply_incident(", None).is_err(), "not a name");
}

/// The test `fn name` in `source`: its doc comment, its name and its body (to the closing brace
/// at the start of a line), or `None`.
fn test_body<'a>(source: &'a str, name: &str) -> Option<&'a str> {
    let at = source.find(&format!("fn {name}("))?;
    // Back over the attributes and the doc comment right above it.
    let mut start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    while start > 0 {
        let prev = source[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        let line = source[prev..start - 1].trim_start();
        if !(line.starts_with("///") || line.starts_with("#[")) {
            break;
        }
        start = prev;
    }
    let rest = &source[start..];
    let end = rest[at - start..].find("\n}").map_or(rest.len(), |e| at - start + e + 2);
    Some(&rest[..end])
}

/// The ways a test names paragraph `id` (`paragraph` is the row's second cell): its wire id
/// ("23.4", "kr.a1.3"), the article's variant (`Art23_4`, `KrA1_3`), its number in a test's
/// name (`art23_4`, `art_23_4`, `appendix_1_3`, `competition_1_2_1`), or its words in the seed
/// (第二十三条四, 付則第一条3).
fn names_of(id: &str, paragraph: &str, variant: Option<&str>) -> Vec<String> {
    // A bare number ("5", "23.4") would be found in any test: the wire id as a string, or as
    // an English citation.
    let mut names = vec![format!("\"{id}\""), format!("Art. {id}")];
    if id.chars().any(|c| c.is_ascii_alphabetic()) {
        names.push(id.to_owned());
    }
    names.extend(variant.map(str::to_owned));
    let under = id.replace('.', "_");
    names.extend([format!("art{under}"), format!("art_{under}")]);
    if let Some(rest) = id.strip_prefix("kr.a") {
        names.push(format!("appendix_{}", rest.replace('.', "_")));
    }
    if let Some(rest) = id.strip_prefix("kr.c") {
        names.push(format!("competition_{}", rest.replace('.', "_")));
    }
    if let Some(rest) = id.strip_prefix("kr.") {
        names.push(format!("article_{rest}"));
    }
    names.extend(paragraph.split_whitespace().filter(|w| w.contains('条')).map(str::to_owned));
    // The Ing principles by their words (五 貼還點數、平衡局差).
    if id.starts_with("ing.") {
        names.extend(
            paragraph
                .split(|c: char| c.is_whitespace() || c == '、')
                .filter(|w| w.chars().count() >= 4)
                .map(str::to_owned),
        );
    }
    names
}

/// Each row's named tests include one that names its paragraph — so a row cannot point at a
/// test of another article that happens to pass through the code (the 20.3 row once named a
/// test of the Ing rules' ko).
#[test]
fn every_row_names_a_test_that_names_its_paragraph() {
    let declared = declared_articles();
    let text = std::fs::read_to_string(repo().join("docs/rules-coverage.md")).unwrap();
    let paragraphs: BTreeMap<String, String> = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| id ") && !l.starts_with("|---"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            (cells[0].to_owned(), cells[1].to_owned())
        })
        .collect();
    let mut unnamed = Vec::new();
    for r in rows() {
        let names = names_of(&r.id, &paragraphs[&r.id], declared.get(&r.id).map(String::as_str));
        let named = r.tests.iter().any(|t| {
            let (file, name) = t.split_once("::").unwrap_or_default();
            let source = std::fs::read_to_string(repo().join(file)).unwrap_or_default();
            test_body(&source, name).is_some_and(|body| names.iter().any(|n| body.contains(n.as_str())))
        });
        if !named {
            unnamed.push(format!("{} (any of {names:?})", r.id));
        }
    }
    assert!(unnamed.is_empty(), "rows whose tests do not name the paragraph:\n{}", unnamed.join("\n"));
}

/// The paragraph check finds a paragraph by its names, never by a bare number.
#[test]
fn the_paragraph_check_refuses_a_test_of_another_article() {
    let source = std::fs::read_to_string(repo().join("shared/domain/tests/it/board.rs")).unwrap();
    let body = test_body(&source, "art4_the_opponents_stones_without_liberties_are_taken_off").unwrap();
    let found = |id: &str, paragraph: &str, variant: &str| {
        names_of(id, paragraph, Some(variant)).iter().any(|n| body.contains(n.as_str()))
    };
    assert!(found("5", "第五条 禁着点", "Art5"), "it says 第五条");
    assert!(!found("25.2", "第二十五条二", "Art25_2"), "nothing of 25.2 in it");
    assert!(!found("2", "第二条", "Art2"), "a 2 in the board is not 第二条");
}

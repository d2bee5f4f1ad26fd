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
        // An id is an article the code cites or a paragraph of the seeds (a typo is neither).
        let seed = SEED_PARAGRAPHS.iter().any(|(id, _)| *id == r.id);
        assert!(declared.contains_key(&r.id) || seed, "row {}: no such article or seed paragraph", r.id);
        if declared.contains_key(&r.id) {
            assert!(serde_json::from_str::<arbiter_domain::rules::Article>(&format!("\"{}\"", r.id)).is_ok());
        }
        // What the app leaves to others, or does not do yet, names no place; the rest do.
        let unapplied = r.verdict.starts_with("out of scope: ") || r.verdict.starts_with("missing: ");
        assert!(unapplied || (!r.code.is_empty() && !r.tests.is_empty()), "row {}: names no file or no test", r.id);
        assert!(!unapplied || !declared.contains_key(&r.id), "row {}: the code cites it, yet it is unapplied", r.id);
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
            || r.verdict.starts_with("not applicable: ")
            || r.verdict.starts_with("out of scope: ")
            || r.verdict.starts_with("missing: ");
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
    for r in rows().into_iter().filter(|r| !r.tests.is_empty()) {
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

/// Every paragraph of the seeds (`/work/shared/seeds`, not in the repository, so listed here as
/// the seeds number them): id and the seed's words. Seeds 000–002 are one set of rules —
/// numbered as 001 numbers them (002 numbers chapter 2 from 第一条 again) — by article, and by
/// item where an article's items rule differently; seed 003 by the Ing principles of 篇二, its
/// other pieces (popular summaries) as one; seed 004 by article, 付則 and 競技 item.
const SEED_PARAGRAPHS: &[(&str, &str)] = &[
    ("1", "第一条 围棋的棋具"),
    ("2", "第二条 围棋的下法"),
    ("3", "第三条 棋子的气"),
    ("4", "第四条 提子"),
    ("5", "第五条 禁着点"),
    ("6", "第六条 禁止全局同形再现"),
    ("7.1", "第七条一 双方确认着子完毕"),
    ("7.2", "第七条二 中途认输"),
    ("8", "第八条 活棋和死棋"),
    ("9", "第九条 计算胜负"),
    ("10", "第十条 先后手的确定"),
    ("11", "第十一条 贴子"),
    ("12", "第十二条 计时"),
    ("13.1", "第十三条一 弃权、判负、判和也作终局"),
    ("13.2", "第十三条二 确认的次序"),
    ("14", "第十四条 对局的暂停和封棋"),
    ("15", "第十五条 赛场纪律"),
    ("16.1", "第十六条一 询问剩余时间"),
    ("16.2", "第十六条二 向裁判员提出意见"),
    ("16.3", "第十六条三 要求纠正数子和计算胜负失误"),
    ("16.4", "第十六条四 服从判决，申诉"),
    ("16.5", "第十六条五 遵守赛场纪律"),
    ("16.6", "第十六条六 告诉对方棋子下在哪里"),
    ("16.7", "第十六条七 整理棋具、退场"),
    ("17.1", "第十七条一"),
    ("17.2", "第十七条二"),
    ("17.3", "第十七条三"),
    ("17.4", "第十七条四"),
    ("18", "第十八条 提子"),
    ("19", "第十九条 禁着点"),
    ("20.1", "第二十条一"),
    ("20.2", "第二十条二"),
    ("20.3", "第二十条三"),
    ("20.4", "第二十条四"),
    ("21.1", "第二十一条一"),
    ("21.2", "第二十一条二"),
    ("21.3", "第二十一条三"),
    ("22", "第二十二条 封棋"),
    ("23.1", "第二十三条一"),
    ("23.2", "第二十三条二"),
    ("23.3", "第二十三条三"),
    ("23.4", "第二十三条四"),
    ("23.5", "第二十三条五"),
    ("23.6", "第二十三条六"),
    ("24.1", "第二十四条一"),
    ("24.2", "第二十四条二"),
    ("24.3", "第二十四条三"),
    ("25.1", "第二十五条一"),
    ("25.2", "第二十五条二"),
    ("26", "第二十六条 比赛种类"),
    ("27", "第二十七条 比赛办法"),
    ("28.1", "第二十八条 个人赛"),
    ("28.2", "第二十八条 团体赛"),
    ("29", "第二十九条 棋手退出比赛"),
    ("30", "第三十条 竞赛组织"),
    ("31", "第三十一条 裁判长的职责"),
    ("32", "第三十二条 裁判员职责"),
    ("33", "第三十三条 比赛器材"),
    ("34", "第三十四条 本规则的解释权"),
    ("ing.1", "應氏 一 子空皆地、提證死活"),
    ("ing.2", "應氏 二 變窮打劫、劫分爭攪"),
    ("ing.3", "應氏 三 著手棄權、改稱虛手"),
    ("ing.4", "應氏 四 以子量地、填滿計點"),
    ("ing.5", "應氏 五 貼還點數、平衡局差"),
    ("003", "seed 003 篇一, 篇三–篇十"),
    ("kr.1", "囲碁規則 第一条 囲碁の定義"),
    ("kr.2", "第二条 囲碁の道具"),
    ("kr.3", "第三条 対局"),
    ("kr.4", "第四条 着手"),
    ("kr.5", "第五条 着手の原則"),
    ("kr.6", "第六条 取り"),
    ("kr.7", "第七条 着手禁止"),
    ("kr.8", "第八条 着手の制限"),
    ("kr.9", "第九条 地"),
    ("kr.10", "第十条 駄目"),
    ("kr.11", "第十一条 セキ"),
    ("kr.12", "第十二条 終局"),
    ("kr.13", "第十三条 整地、地計算"),
    ("kr.14", "第十四条 勝敗の決定"),
    ("kr.15", "第十五条 中押し勝ち"),
    ("kr.16", "第十六条 無勝負"),
    ("kr.17", "第十七条 反則"),
    ("kr.a1.1", "付則第一条1"),
    ("kr.a1.2", "付則第一条2"),
    ("kr.a1.3", "付則第一条3"),
    ("kr.a1.4", "付則第一条4"),
    ("kr.a1.5", "付則第一条5"),
    ("kr.a1.6", "付則第一条6"),
    ("kr.a2.1", "付則第二条1"),
    ("kr.a2.2", "付則第二条2"),
    ("kr.a2.3", "付則第二条3"),
    ("kr.a3.1", "付則第三条1"),
    ("kr.c1.1", "競技の規則 第一条1 携帯電話"),
    ("kr.c1.2", "競技の規則 第一条2 音を出す行為"),
    ("kr.c2.1", "競技の規則 第二条1"),
    ("kr.c2.2", "競技の規則 第二条2 秒読みの時"),
    ("kr.c2.3", "競技の規則 第二条3"),
    ("kr.c3.1", "競技の規則 第三条1"),
    ("kr.c3.2", "競技の規則 第三条2"),
];

/// Every paragraph of the seeds has its row: applied, not applicable, out of scope or missing,
/// each saying why. A paragraph split into sub-paragraphs (競技第一条1 1), 2)) is covered by
/// theirs.
#[test]
fn every_paragraph_of_the_seeds_has_its_row() {
    let ids: std::collections::BTreeSet<String> = rows().into_iter().map(|r| r.id).collect();
    let missing: Vec<String> = SEED_PARAGRAPHS
        .iter()
        .filter(|(id, _)| !ids.contains(*id) && !ids.iter().any(|r| r.starts_with(&format!("{id}."))))
        .map(|(id, words)| format!("{id} {words}"))
        .collect();
    assert!(missing.is_empty(), "seed paragraphs without a row in docs/rules-coverage.md:\n{}", missing.join("\n"));
}

//! No circle among the modules of the pure core or of the office: a module that imports another
//! is not imported back, by any path. Each file is a module; an edge is a `crate::…` or
//! `super::…` path in its code (comments and `#[cfg(test)]` blocks left out) to another module
//! that is not its parent or child (a parent declares its children and re-exports them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `src`, by its module path (`rules::penalty`; `""` for the crate root).
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<String, PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { panic!("cannot read {}", dir.display()) };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap_or(&path).with_extension("");
                let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                if parts.last().is_some_and(|l| ["mod", "lib", "main"].contains(&l.as_str())) {
                    parts.pop();
                }
                out.insert(parts.join("::"), path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The code of a file without its comments and its test modules.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut skip_depth: Option<usize> = None;
    let mut depth = 0usize;
    let mut test_next = false;
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        let trimmed = line.trim();
        if trimmed.starts_with("#[cfg(test)]") {
            test_next = true;
            continue;
        }
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        if test_next && skip_depth.is_none() {
            test_next = false;
            if trimmed.starts_with("mod ") && trimmed.ends_with('{') {
                skip_depth = Some(depth);
            }
        }
        if skip_depth.is_none() {
            out.push_str(line);
            out.push('\n');
        }
        depth = (depth + opens).saturating_sub(closes);
        if skip_depth.is_some_and(|d| depth <= d) {
            skip_depth = None;
        }
    }
    out
}

/// The module a path such as `rules::penalty::check` names: its longest known prefix.
fn resolve(path: &str, known: &BTreeMap<String, PathBuf>) -> Option<String> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    (1..=segs.len()).rev().map(|i| segs[..i].join("::")).find(|m| known.contains_key(m))
}

/// Each module's imports of other modules (not its parent, nor its children).
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let known = modules(src);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    for (m, path) in &known {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // `super` is the module one up: a file's folder, a `mod.rs`'s folder's folder.
        let segs: Vec<&str> = m.split("::").filter(|s| !s.is_empty()).collect();
        let parent = segs[..segs.len().saturating_sub(1)].join("::");
        let code = code(&text);
        for (prefix, base) in [("crate::", String::new()), ("super::", parent)] {
            for (at, _) in code.match_indices(prefix) {
                let rest: String = code[at + prefix.len()..].chars().take_while(|c| word(*c)).collect();
                let full = if base.is_empty() { rest } else { format!("{base}::{rest}") };
                let Some(target) = resolve(&full, &known) else { continue };
                let related = target == *m
                    || target.starts_with(&format!("{m}::"))
                    || m.starts_with(&format!("{target}::"))
                    || target.is_empty();
                if !related {
                    edges.entry(m.clone()).or_default().insert(target);
                }
            }
        }
    }
    edges
}

/// A circle through the graph, if there is one (each as the modules around it).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut done: BTreeSet<&str> = BTreeSet::new();
    for start in edges.keys() {
        // Depth-first from each module, following the path kept on a stack.
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, vec![start])];
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in edges.get(at).into_iter().flatten() {
                if next == start {
                    let circle: Vec<String> = path.iter().map(|s| (*s).to_owned()).collect();
                    if !circle.iter().any(|m| done.contains(m.as_str())) {
                        found.push(circle);
                    }
                } else if seen.insert(next) {
                    let mut longer = path.clone();
                    longer.push(next);
                    stack.push((next, longer));
                }
            }
        }
        done.insert(start);
    }
    found
}

#[test]
fn the_pure_core_and_the_office_have_no_circle_of_imports() {
    for crate_src in ["shared/domain/src", "office/src"] {
        let edges = graph(&repo().join(crate_src));
        assert!(edges.len() > 10, "{crate_src}: the scan found almost no imports: {edges:?}");
        let found = circles(&edges);
        assert!(found.is_empty(), "{crate_src}: modules import each other in a circle: {found:?}");
    }
}

#[test]
fn the_scan_sees_a_circle_where_there_is_one() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("error".into()).or_default().insert("rules::penalty".into());
    edges.entry("rules::penalty".into()).or_default().insert("error".into());
    edges.entry("labels".into()).or_default();
    assert_eq!(circles(&edges), vec![vec!["error".to_owned(), "rules::penalty".to_owned()]]);
    // Comments and test modules are not imports.
    let text = "use crate::a; // crate::b\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\nfn f() { crate::d::g() }\n";
    let kept = code(text);
    assert!(
        kept.contains("crate::a")
            && kept.contains("crate::d")
            && !kept.contains("crate::b")
            && !kept.contains("crate::c"),
        "{kept}"
    );
}

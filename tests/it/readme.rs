//! The README's "What works now" table cannot drift from the tree: every file or folder a row
//! names exists (a bare file name is a module of one of the crates' `tests/it/`, or an
//! end-to-end suite), every
//! `cargo bench` it names is a bench of that package, and every doc it links exists.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The table's rows: the lines between "## What works now" and the next heading that are rows.
fn rows() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let section = text.split("## What works now").nth(1).expect("a What works now section");
    let section = section.split("\n## ").next().unwrap_or(section);
    section.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| what ")).map(str::to_owned).collect()
}

/// Where a name in backticks points, if it names a path.
fn exists(name: &str) -> bool {
    let root = repo();
    if name.contains('/') {
        if let Some((dir, pattern)) = name.rsplit_once('/').filter(|(_, p)| p.contains('*')) {
            // `dir/art*.rs`: at least one file that fits.
            let (stem, tail) = pattern.split_once('*').unwrap();
            return std::fs::read_dir(root.join(dir))
                .map(|d| {
                    d.flatten().any(|e| {
                        let f = e.file_name().to_string_lossy().into_owned();
                        f.starts_with(stem) && f.ends_with(tail)
                    })
                })
                .unwrap_or(false);
        }
        // A folder under another named one (`rules/ing/` beside `shared/domain/src/rules/…`).
        return root.join(name).exists()
            || ["shared/domain/src", "shared/src", "office/src"]
                .iter()
                .any(|base| root.join(base).join(name).exists());
    }
    ["shared/domain/tests/it", "office/tests/it", "tests/it", "tests/e2e"]
        .iter()
        .any(|dir| root.join(dir).join(name).is_file())
}

fn is_path(name: &str) -> bool {
    name.ends_with(".rs") || name.ends_with(".mjs") || name.ends_with(".ts") || name.ends_with('/')
}

#[test]
fn every_row_of_the_readme_names_what_exists() {
    let rows = rows();
    assert!(rows.len() >= 10, "the table has its rows: {}", rows.len());
    let mut checked = 0;
    for row in &rows {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
        assert_eq!(cells.len(), 4, "four cells (what, where, shown by, doc): {row}");
        assert!(cells[2].contains('`'), "every row names what shows it: {row}");
        for name in cells[1..3].iter().flat_map(|c| c.split('`').skip(1).step_by(2)) {
            if let Some(rest) = name.strip_prefix("cargo bench -p ") {
                let (package, bench) = rest.split_once(" --bench ").unwrap_or_else(|| panic!("{name}"));
                let dir = match package {
                    "arbiter-domain" => "shared/domain",
                    "arbiter-core" => "shared",
                    "arbiter-office" => "office",
                    "arbiter-tests" => "tests",
                    other => panic!("no package {other}: {row}"),
                };
                let bench = bench.split_whitespace().next().unwrap();
                assert!(repo().join(dir).join("benches").join(format!("{bench}.rs")).is_file(), "{name}: {row}");
                checked += 1;
            } else if is_path(name) {
                assert!(exists(name), "no {name}: {row}");
                checked += 1;
            }
        }
        for link in cells[3].split("](").skip(1) {
            let target = link.split(')').next().unwrap();
            assert!(repo().join(target).is_file(), "no {target}: {row}");
        }
    }
    assert!(checked > 40, "{checked} names checked");
}

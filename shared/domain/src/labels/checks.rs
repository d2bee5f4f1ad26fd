//! What a reader fluent in each language holds the core's words to (tests only): the rule terms
//! of `docs/glossary.md` in every label and sentence that says them, none of the words the
//! glossary sets aside, and no script of one language inside another's text.

use super::{translations, Label, Labelled, Lang};
use crate::error::{every_detail, every_refusal, words, IdFault, Noun};
use crate::rules::{catalogue, quick_actions, Article, Preset, RuleContext, Ruleset, RulesetSpec, Ruling};
use crate::timing::Call;

const GLOSSARY: &str = include_str!("../../../../docs/glossary.md");
/// Line 1: the characters only Simplified Chinese writes; line 2: those Japanese does not
/// write either (scripts/simplified-only makes it from OpenCC's tables).
const SIMPLIFIED_ONLY: &str = include_str!("simplified_only.txt");

/// Latin words a CJK sentence may hold, each for its reason.
const LATIN_ALLOWED: &[(&str, &str)] = &[
    ("OpenGotha", "the pairing program's name"),
    ("SGF", "a file format's name"),
    ("CSV", "a file format's name"),
    ("XML", "a file format's name"),
    ("JSON", "a file format's name"),
    ("QR", "QR code, as every language says it"),
    ("Code", "QR Code, as 繁體 writes it (issue 68: not 二維碼)"),
    ("ID", "an identifier, as Korean and Japanese write it"),
    ("UUID", "an event id's kind, a standard's name"),
    ("ISO", "the country codes' standard, ISO 3166"),
    ("NBW", "OpenGotha's criterion code"),
    ("SOSW", "OpenGotha's criterion code"),
    ("SOSOSW", "OpenGotha's criterion code"),
    ("Breizh", "an OpenGotha system's own name, as its window shows it"),
    ("SST", "the Ing rules' own name in English, 計點制"),
];

/// Full-width punctuation: Chinese and Japanese write it; English and Korean do not.
const FULL_WIDTH: &[char] = &['：', '（', '）', '、', '，', '。', '「', '」', '；', '！', '？'];

/// A text in the five languages, in the order of [`Lang::ALL`], and where it comes from.
type Five = ([String; 5], String);

fn five(l: Label, from: &str) -> Five {
    (Lang::ALL.map(|lang| l.get(lang).to_owned()), from.to_owned())
}

/// Every label a screen can show: the tables, each ruleset's catalogue and quick actions, the
/// messages' own labels and the presets.
fn labels() -> Vec<Five> {
    let t = crate::label_tables::tables();
    let mut all: Vec<Five> = t.all().into_iter().flat_map(|m| m.values().map(|l| five(*l, "label tables"))).collect();
    for spec in [RulesetSpec::default(), RulesetSpec::Korean, RulesetSpec::ING] {
        let ruleset = Ruleset::from_spec(spec);
        for e in catalogue(&ruleset) {
            all.extend([e.label, e.group_label].map(|l| five(l, "catalogue")));
            for r in &e.rulings {
                all.extend([r.label, r.article_label, r.when].map(|l| five(l, "catalogue ruling")));
            }
            all.extend(e.facts.iter().map(|f| five(f.label, "fact")));
        }
        for q in quick_actions(&ruleset, RuleContext::for_game(None)) {
            all.extend([q.label, q.ruling_label].map(|l| five(l, "quick action")));
        }
    }
    all.extend(words::ALL.map(|l| five(l, "words")));
    all.extend([Preset::Chinese1988, Preset::Korean, Preset::Ing].map(|p| five(p.label(), "preset")));
    all
}

/// The translation table's rows (no English column: the English is where the label is made).
fn rows() -> Vec<Five> {
    translations::ROWS
        .iter()
        .map(|(zh, zh_hant, ko, ja)| ([*zh, "", *zh_hant, *ko, *ja].map(str::to_owned), "translations.rs".to_owned()))
        .collect()
}

/// Every sentence the core says: each refusal, the details put in them, the reader's calls, and
/// the standings notes' templates (read from their source: the notes need a whole event).
fn sentences() -> Vec<Five> {
    let mut all: Vec<Five> = every_refusal()
        .iter()
        .map(|e| {
            let s = e.said();
            (Lang::ALL.map(|l| s.get(l).to_owned()), format!("{e:?}"))
        })
        .collect();
    all.extend(every_detail().iter().map(|d| (Lang::ALL.map(|l| d.said(l)), format!("{d:?}"))));
    // A noun's English is the code the office's handlers still name it by (`leitai`): left out.
    all.extend(
        Noun::ALL
            .iter()
            .map(|n| (Lang::ALL.map(|l| if l == Lang::En { String::new() } else { n.said(l) }), format!("{n:?}"))),
    );
    all.extend(IdFault::ALL.iter().map(|f| (Lang::ALL.map(|l| f.said(l)), format!("{f:?}"))));
    let mut calls = vec![Call::TimeUp];
    for n in 1..=9 {
        calls.extend([Call::Count(n), Call::MinutesLeft(n), Call::PeriodsLeft(n)]);
    }
    calls.extend([10, 20, 30, 40, 50, 55, 58].map(Call::Seconds));
    all.extend(calls.iter().map(|c| (Lang::ALL.map(|l| c.words(l)), format!("{c:?}"))));
    for (file, text) in [
        ("art28.rs", include_str!("../tournament/standings/art28.rs")),
        ("art29_withdrawal.rs", include_str!("../tournament/standings/art29_withdrawal.rs")),
        ("best_of.rs", include_str!("../tournament/standings/best_of.rs")),
        ("knockout.rs", include_str!("../tournament/standings/knockout.rs")),
        ("leitai.rs", include_str!("../tournament/standings/leitai.rs")),
        ("mcmahon.rs", include_str!("../tournament/standings/mcmahon.rs")),
        ("mod.rs", include_str!("../tournament/standings/mod.rs")),
        ("team.rs", include_str!("../tournament/standings/team.rs")),
    ] {
        all.extend(templates(text).into_iter().map(|t| (t, format!("standings/{file}"))));
    }
    all
}

/// The `said!` templates of a source file: five lines `zh: "…"`, `en: …`, … in a row.
fn templates(source: &str) -> Vec<[String; 5]> {
    let keys = ["zh: ", "en: ", "zh_hant: ", "ko: ", "ja: "];
    let literal = |line: &str, key: &str| {
        let rest = line.trim().strip_prefix(key)?;
        let (a, b) = (rest.find('"')?, rest.rfind('"')?);
        (a < b).then(|| rest[a + 1..b].replace("\\\"", "\""))
    };
    let lines: Vec<&str> = source.lines().collect();
    let mut out = Vec::new();
    for w in lines.windows(5) {
        let got: Vec<String> = w.iter().zip(keys).filter_map(|(line, key)| literal(line, key)).collect();
        if let Ok(five) = <[String; 5]>::try_from(got) {
            out.push(five);
        }
    }
    out
}

/// The text a reader reads as words: code (between backticks) and placeholders taken out.
fn prose(s: &str) -> String {
    let mut out = String::new();
    let (mut code, mut hole) = (false, false);
    for c in s.chars() {
        match c {
            '`' => code = !code,
            '{' if !code => hole = true,
            '}' if hole => hole = false,
            _ if code || hole => {}
            _ => out.push(c),
        }
    }
    out
}

fn han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}
fn kana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}') && c != '・'
}
fn hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// What is wrong with `text` as a sentence of `lang`: another script inside it.
fn mixed(lang: Lang, text: &str) -> Vec<String> {
    let s = prose(text);
    let mut found = Vec::new();
    let mut simplified = SIMPLIFIED_ONLY.lines();
    let (all, not_ja) = (simplified.next().unwrap_or(""), simplified.next().unwrap_or(""));
    let not_here = match lang {
        Lang::ZhHant | Lang::Ko => all,
        Lang::Ja => not_ja,
        Lang::Zh | Lang::En => "",
    };
    for c in s.chars() {
        let wrong = match lang {
            Lang::En => han(c) || kana(c) || hangul(c) || FULL_WIDTH.contains(&c),
            Lang::Zh | Lang::ZhHant => kana(c) || hangul(c),
            Lang::Ko => kana(c) || FULL_WIDTH.contains(&c),
            Lang::Ja => hangul(c),
        };
        if wrong || not_here.contains(c) {
            found.push(format!("‘{c}’"));
        }
    }
    if lang != Lang::En {
        for word in s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() > 1) {
            if !LATIN_ALLOWED.iter().any(|(ok, _)| *ok == word) {
                found.push(format!("“{word}”"));
            }
        }
    }
    found
}

/// A glossary table of docs/glossary.md: its header's cells and its rows' cells, by heading.
fn table(heading: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = GLOSSARY.lines().skip_while(|l| l.trim() != heading).skip(1).skip_while(|l| !l.starts_with('|'));
    let cells = |l: &str| l.trim().trim_matches('|').split('|').map(|c| c.trim().to_owned()).collect::<Vec<_>>();
    let head = lines.next().map(cells).unwrap_or_default();
    lines.skip(1).take_while(|l| l.starts_with('|')).map(|l| head.iter().cloned().zip(cells(l)).collect()).collect()
}

/// The column of each language in the glossary.
fn column(lang: Lang) -> &'static str {
    lang.pick(["简体", "English", "繁體", "한국어", "日本語"])
}

/// Whether `text` says one of the ` / `-separated forms of `cell` (English in any case).
fn says(text: &str, cell: &str, lang: Lang) -> bool {
    let text = if lang == Lang::En { text.to_lowercase() } else { text.to_owned() };
    cell.split(" / ").any(|form| text.contains(&if lang == Lang::En { form.to_lowercase() } else { form.to_owned() }))
}

/// Where a text in the five languages does not use a glossary term its 简体 says: the longest
/// term first, its place blanked for the shorter ones (超时判负 is not held to 判负's words).
fn unlike_glossary(terms: &[std::collections::HashMap<String, String>], (five, from): &Five) -> Vec<String> {
    let mut zh = five[0].clone();
    let mut sorted: Vec<_> = terms.iter().collect();
    sorted.sort_by_key(|t| std::cmp::Reverse(t["简体"].chars().count()));
    let mut out = Vec::new();
    for t in sorted {
        let term = &t["简体"];
        if !zh.contains(term.as_str()) {
            continue;
        }
        zh = zh.replace(term.as_str(), "□");
        for lang in [Lang::En, Lang::ZhHant, Lang::Ko, Lang::Ja] {
            let text = &five[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)];
            if !text.is_empty() && !says(text, &t[column(lang)], lang) {
                out.push(format!(
                    "{from}: {} “{}” has {:?} for {term} (the glossary: {})",
                    five[0],
                    text,
                    lang,
                    t[column(lang)]
                ));
            }
        }
    }
    out
}

#[test]
fn the_glossary_is_read_whole() {
    let terms = table("## Terms");
    assert!(terms.len() >= 35, "{}", terms.len());
    let time = terms.iter().find(|t| t["简体"] == "超时判负").expect("the time loss");
    assert_eq!((time["한국어"].as_str(), time["日本語"].as_str()), ("시간패", "時間切れ負け"));
    assert_eq!(table("## Terms by ruleset").len(), 11);
    let not = table("## Words not used");
    assert!(not.iter().any(|w| w["language"] == "繁體" && w["not"] == "迴圈" && w["but"] == "循環"));
    assert_eq!(templates("        zh: \"一\",\n        en: \"one\",\n        zh_hant: \"一\",\n        ko: \"하나\",\n        ja: format!(\"一{n}\"),\n").len(), 1);
    assert_eq!(prose("字段 `line 2`：{n} 个"), "字段 ： 个");
}

#[test]
fn every_label_and_sentence_uses_the_glossarys_words() {
    let terms = table("## Terms");
    let mut all = labels();
    all.extend(rows());
    all.extend(sentences());
    let wrong: Vec<String> = all.iter().flat_map(|t| unlike_glossary(&terms, t)).collect();
    assert!(wrong.is_empty(), "{} not as the glossary says:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn a_loss_on_time_is_the_glossarys_time_loss_in_every_language() {
    let terms = table("## Terms");
    let time = terms.iter().find(|t| t["简体"] == "超时判负").expect("the time loss");
    let mut seen = 0;
    for spec in [RulesetSpec::default(), RulesetSpec::Korean, RulesetSpec::ING] {
        let ruleset = Ruleset::from_spec(spec);
        let rulings = catalogue(&ruleset).into_iter().flat_map(|e| e.rulings);
        let quick = quick_actions(&ruleset, RuleContext::for_game(None))
            .into_iter()
            .map(|q| (q.ruling, q.article, q.ruling_label));
        for (ruling, article, label) in rulings.map(|r| (r.ruling, r.article, r.label)).chain(quick) {
            if ruling == Ruling::OffenderLoses && matches!(article, Article::Art23_5 | Article::Art23_6) {
                for lang in Lang::ALL {
                    assert_eq!(label.get(lang), time[column(lang)], "{spec:?} {article:?} in {lang:?}");
                }
                seen += 1;
            }
        }
    }
    assert!(seen >= 6, "{seen}");
    // The reader's last call says it too.
    assert!(Call::TimeUp.words(Lang::Ko).ends_with("시간패") && Call::TimeUp.words(Lang::Ja).ends_with("時間切れ負け"));
}

#[test]
fn no_text_uses_a_word_the_glossary_sets_aside() {
    let not = table("## Words not used");
    let mut all = labels();
    all.extend(rows());
    all.extend(sentences());
    let mut wrong = Vec::new();
    for (five, from) in &all {
        for w in &not {
            let lang = Lang::ALL.into_iter().find(|l| column(*l) == w["language"]).expect("a language");
            let text = &five[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)];
            if text.contains(w["not"].as_str()) {
                wrong.push(format!("{from}: {text} ({}: {}, not {})", w["language"], w["but"], w["not"]));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_language_has_another_script_inside_it() {
    let mut all = labels();
    all.extend(rows());
    all.extend(sentences());
    let mut wrong = Vec::new();
    for (five, from) in &all {
        for (lang, text) in Lang::ALL.into_iter().zip(five) {
            let found = mixed(lang, text);
            if !found.is_empty() {
                wrong.push(format!("{from}: {lang:?} “{text}”: {}", found.join(" ")));
            }
        }
    }
    assert!(wrong.is_empty(), "{} texts mix scripts:\n{}", wrong.len(), wrong.join("\n"));
    // What the check finds, and what it lets be.
    assert_eq!(mixed(Lang::Zh, "字段 `line 2`：a name of 1 to 100 characters is needed").len(), 6);
    assert_eq!(mixed(Lang::En, "Bye：Li"), ["‘：’"]);
    assert_eq!(mixed(Lang::En, "中国规则 · 3¾子").len(), 5);
    assert_eq!(mixed(Lang::Ja, "中国の积分编排は"), ["‘积’", "‘编’"]);
    assert_eq!(mixed(Lang::ZhHant, "開鍾"), Vec::<String>::new(), "a word, not a script: the glossary's");
    assert!(mixed(Lang::Ko, "OpenGotha의 `sgf` 파일(SGF)").is_empty());
}

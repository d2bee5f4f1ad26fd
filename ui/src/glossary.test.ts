// The app's words held to docs/glossary.md (the one source the translation tables follow) and
// to each language's own script, as labels::checks holds the core's: every word of i18n.ts and
// lang/*.ts, every word a ruleset says its own way, and the core's label tables as the UI reads
// them.

/// <reference types="vite/client" />
import { afterEach, describe, expect, it } from "vitest";
import glossary from "../../docs/glossary.md?raw";
import scripts from "../../shared/domain/src/labels/simplified_only.txt?raw";
import tables from "./bindings/label-tables.json";
import {
  LANGS,
  WORDS,
  bracketed,
  labelled,
  listed,
  rulesetWordIn,
  setLang,
  setRuleset,
  t,
  wordIn,
  type Lang,
  type Word,
} from "./i18n";

const [simplifiedOnly, notJapanese] = scripts.split("\n");

/** A table of the glossary, by its heading: one record per row, keyed by the header's cells. */
function table(heading: string): Record<string, string>[] {
  const lines = glossary.split("\n");
  const after = lines.slice(lines.findIndex((l) => l.trim() === heading) + 1);
  const start = after.findIndex((l) => l.startsWith("|"));
  const end = after.findIndex((l, i) => i > start && !l.startsWith("|"));
  const body = after.slice(start, end < 0 ? undefined : end);
  const cells = (l: string) =>
    l
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((c) => c.trim());
  const head = cells(body[0]);
  return body.slice(2).map((l) => Object.fromEntries(cells(l).map((c, i) => [head[i], c])));
}

const COLUMN: Record<Lang, string> = { zh: "简体", en: "English", zh_hant: "繁體", ko: "한국어", ja: "日本語" };
const ORDER: Lang[] = ["zh", "en", "zh_hant", "ko", "ja"];

/** Whether `text` says one of the ` / `-separated forms of `cell` (English in any case). */
function says(text: string, cell: string, lang: Lang): boolean {
  const norm = (s: string) => (lang === "en" ? s.toLowerCase() : s);
  return cell.split(" / ").some((form) => norm(text).includes(norm(form)));
}

/** Latin words a CJK sentence may hold, each for its reason (as labels::checks allows them). */
const LATIN_ALLOWED: Record<string, string> = {
  OpenGotha: "the pairing program's name",
  SGF: "a file format's name",
  CSV: "a file format's name",
  XML: "a file format's name",
  JSON: "a file format's name",
  QR: "QR code, as every language says it",
  Code: "QR Code, as Taiwan writes it (not the mainland's 二維碼)",
  ID: "an identifier, as Korean and Japanese write it",
  NBW: "OpenGotha's criterion code",
  SOSW: "OpenGotha's criterion code",
  SOSOSW: "OpenGotha's criterion code",
  SST: "the Ing rules' own name in English, 計點制",
};
const FULL_WIDTH = "：（）、，。「」；！？";

/** Code (between backticks) and placeholders taken out: what a reader reads as words. */
const prose = (s: string) => s.replace(/`[^`]*`/g, "").replace(/\{\w+\}/g, "");
const han = (c: string) => /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/.test(c);
const kana = (c: string) => /[\u3040-\u30ff]/.test(c) && c !== "・";
const hangul = (c: string) => /[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/.test(c);

/** Another script inside a text of `lang`. */
function mixed(lang: Lang, text: string): string[] {
  const s = prose(text);
  const found: string[] = [];
  const notHere = lang === "zh_hant" || lang === "ko" ? simplifiedOnly : lang === "ja" ? notJapanese : "";
  for (const c of s) {
    const wrong =
      lang === "en"
        ? han(c) || kana(c) || hangul(c) || FULL_WIDTH.includes(c)
        : lang === "ko"
          ? kana(c) || FULL_WIDTH.includes(c)
          : lang === "ja"
            ? hangul(c)
            : kana(c) || hangul(c);
    if (wrong || notHere.includes(c)) found.push(`‘${c}’`);
  }
  if (lang !== "en")
    for (const w of s.split(/[^A-Za-z]+/)) if (w.length > 1 && !(w in LATIN_ALLOWED)) found.push(`“${w}”`);
  return found;
}

/** Every word of the app in the five languages, with the ruleset's own words. */
function allWords(): { from: string; five: Record<Lang, string> }[] {
  const out: { from: string; five: Record<Lang, string> }[] = WORDS.map((w) => ({
    from: w,
    five: Object.fromEntries(ORDER.map((l) => [l, wordIn(l, w)])) as Record<Lang, string>,
  }));
  for (const preset of ["chinese_1988", "korean", "ing"]) {
    for (const w of WORDS) {
      const five = Object.fromEntries(ORDER.map((l) => [l, rulesetWordIn(l, w, preset)])) as Record<Lang, string>;
      if (ORDER.some((l) => five[l] !== wordIn(l, w))) out.push({ from: `${preset}.${w}`, five });
    }
  }
  return out;
}

afterEach(() => {
  setLang("zh");
  setRuleset(undefined);
});

describe("the app's words follow docs/glossary.md", () => {
  it("reads the glossary's tables", () => {
    expect(table("## Terms").length).toBeGreaterThanOrEqual(35);
    expect(table("## Terms by ruleset").map((r) => `${r.ruleset}:${r.繁體}`)).toContain("ing:點");
    expect(table("## Words not used").find((r) => r.not === "鍾")?.but).toBe("鐘");
  });

  it("every word whose 简体 says a term says the glossary's term in each language", () => {
    const terms = table("## Terms").sort((a, b) => [...b.简体].length - [...a.简体].length);
    const wrong: string[] = [];
    for (const { from, five } of allWords()) {
      let zh = five.zh;
      for (const term of terms) {
        if (!zh.includes(term.简体)) continue;
        zh = zh.split(term.简体).join("□");
        for (const lang of ["en", "zh_hant", "ko", "ja"] as Lang[]) {
          if (!says(five[lang], term[COLUMN[lang]], lang))
            wrong.push(`${from} ${lang}: “${five[lang]}” for ${term.简体} (${term[COLUMN[lang]]})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no word uses what the glossary sets aside", () => {
    const wrong: string[] = [];
    for (const { from, five } of allWords()) {
      for (const w of table("## Words not used")) {
        const lang = ORDER.find((l) => COLUMN[l] === w.language)!;
        if (five[lang].includes(w.not)) wrong.push(`${from} ${lang}: “${five[lang]}” (${w.but}, not ${w.not})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("each ruleset counts, scores and passes in its own words", () => {
    const wrong: string[] = [];
    for (const row of table("## Terms by ruleset")) {
      for (const w of row.words.split(", ").map((x) => x as Word)) {
        expect(WORDS).toContain(w);
        for (const lang of ORDER) {
          const text = rulesetWordIn(lang, w, row.ruleset);
          if (!says(text, row[COLUMN[lang]], lang))
            wrong.push(`${row.ruleset}.${w} ${lang}: “${text}” (${row[COLUMN[lang]]})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // As the screens say them: an Ing margin in points, its pass a 虛手; the default stays.
    setRuleset("ing");
    setLang("zh_hant");
    expect([t("pointsUnit", { n: 3 }), t("komi"), t("pass"), t("count")]).toEqual(["3點", "貼點", "虛手", "計點"]);
    setLang("ko");
    expect(t("pointsUnit", { n: 3 })).toBe("3점");
    setRuleset("korean");
    expect(t("pointsUnit", { n: 3 })).toBe("3집");
    setLang("ja");
    expect([t("count"), t("countBoard")]).toEqual(["地計算", "整地・地計算"]);
    setRuleset("chinese_1988");
    expect([t("count"), t("stonesUnit", { n: "¾" })]).toEqual(["計算", "¾子"]);
    setLang("zh_hant");
    expect([t("pass"), t("komi")]).toEqual(["停一手", "貼子"]);
  });
});

describe("no language has another script inside it", () => {
  it("finds what a reader would, and lets names, codes and placeholders be", () => {
    expect(mixed("en", "中国规则 · 3¾子")).toHaveLength(5);
    expect(mixed("en", "Bye：Li Wei")).toEqual(["‘：’"]);
    expect(mixed("ko", "중국의 积分编排는")).toEqual(["‘积’", "‘编’"]);
    expect(mixed("ja", "中国の积分编排は")).toEqual(["‘积’", "‘编’"]);
    expect(mixed("zh", "字段 `line 2`：a name of 1 to 100 characters is needed")).toHaveLength(6);
    expect(mixed("zh_hant", "OpenGotha 編排參數（{n}）")).toEqual([]);
  });

  it("in every word of the app", () => {
    const wrong: string[] = [];
    for (const { from, five } of allWords())
      for (const lang of ORDER)
        for (const x of mixed(lang, five[lang])) wrong.push(`${from} ${lang}: “${five[lang]}” ${x}`);
    expect(wrong).toEqual([]);
  });

  it("in every label of the core's tables as the UI reads them", () => {
    const wrong: string[] = [];
    for (const [name, entries] of Object.entries(tables)) {
      for (const [key, label] of Object.entries(entries as Record<string, Record<Lang, string>>)) {
        for (const lang of ORDER)
          for (const x of mixed(lang, label[lang])) wrong.push(`${name}.${key} ${lang}: “${label[lang]}” ${x}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("English screens join a label, a list and a bracket the English way", () => {
    setLang("en");
    expect(labelled(t("bye"), listed(["Li Wei", "Kim"]))).toBe("Bye: Li Wei, Kim");
    expect(`${t("sys_mcmahon")}${bracketed("Art. 27")}`).toBe("McMahon (Art. 27)");
    expect(t("rsChinese375")).toBe("Chinese rules · komi 3¾ stones");
    setLang("zh");
    expect(labelled(t("bye"), listed(["李伟", "王"]))).toBe("轮空：李伟、王");
    expect(t("rsChinese375")).toBe("中国规则 · 贴3¾子");
    expect(LANGS).toHaveLength(5);
  });
});

import { describe, expect, it, vi } from "vitest";
import tables from "./bindings/label-tables.json";
import { asError } from "./backend";
import { LANGS, WORDS, browserLang, rulesetLang, said, setLang, wordIn } from "./i18n";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1].toLowerCase()).sort();

describe("five languages", () => {
  it("every word of the app is in every language, with the 简体's placeholders", () => {
    const missing: string[] = [];
    for (const [lang] of LANGS) {
      for (const w of WORDS) {
        const s = wordIn(lang, w);
        // A word may leave a placeholder out where its language says it otherwise ({Reason}
        // is English's capitalised {reason}); it may not bring one the others do not fill.
        if (!s?.trim()) missing.push(`${lang}.${w}`);
        else if (
          !placeholders(s).every(
            (p) => placeholders(wordIn("zh", w)).includes(p) || placeholders(wordIn("en", w)).includes(p),
          )
        )
          missing.push(`${lang}.${w}: ${s}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wordIn("ko", "quickActions")).toBe("빠른 기록");
    expect(wordIn("zh_hant", "recordIncident")).toBe("記錄事件");
  });

  it("every label of the core's tables is in every language", () => {
    const missing: string[] = [];
    for (const [table, entries] of Object.entries(tables)) {
      for (const [key, label] of Object.entries(entries as Record<string, Record<string, string>>)) {
        for (const [lang] of LANGS) if (!label[lang]?.trim()) missing.push(`${table}.${key}.${lang}`);
      }
    }
    expect(missing).toEqual([]);
    expect(tables.rulings.warning.ko).toBe("경고 1회");
    expect(tables.articles["24.2"].zh_hant).toBe("第二十四條二");
  });

  it("a tournament's ruleset picks the language where the device has none", () => {
    expect(rulesetLang("korean")).toBe("ko");
    expect(rulesetLang("ing")).toBe("zh_hant");
    expect(rulesetLang("chinese_1988")).toBe("zh");
  });
});

describe("the core's sentences in the device's language", () => {
  const body = {
    code: "undo_refused",
    message: "cannot undo: this record is already undone",
    said: {
      zh: "不能撤销：此记录已撤销",
      en: "cannot undo: this record is already undone",
      zh_hant: "不能撤回：此記錄已撤回",
      ko: "되돌릴 수 없습니다: 이 기록은 이미 되돌렸습니다",
      ja: "元に戻せません：この記録はすでに元に戻されています",
    },
  };
  it("a refusal the core said in each language reads in the chosen one; an office's own stays as it came", () => {
    for (const [lang] of LANGS) {
      setLang(lang);
      expect(asError(body).message).toBe(body.said[lang]);
      expect(said(body)).toBe(body.said[lang]);
      expect(asError({ code: "forbidden", message: "referee may not export" }).message).toBe("referee may not export");
    }
    setLang("zh");
  });

  it("marks the page with the chosen language from the first render, after a reload", async () => {
    localStorage.setItem("lang", "ja");
    document.documentElement.lang = "zh-CN";
    vi.resetModules();
    const fresh = await import("./i18n");
    expect(fresh.getLang()).toBe("ja");
    expect(document.documentElement.lang).toBe("ja-JP");
    localStorage.removeItem("lang");
  });

  it("greets a browser in its own language, the first of its languages that is one of the five", () => {
    expect(browserLang(["ko-KR", "en-US"])).toBe("ko");
    expect(browserLang(["ja"])).toBe("ja");
    expect(browserLang(["zh-TW"])).toBe("zh_hant");
    expect(browserLang(["zh-HK", "zh-CN"])).toBe("zh_hant");
    expect(browserLang(["zh-Hant-TW"])).toBe("zh_hant");
    expect(browserLang(["zh-CN"])).toBe("zh");
    expect(browserLang(["zh-Hans-SG"])).toBe("zh");
    expect(browserLang(["fr-FR", "en-GB"])).toBe("en");
    expect(browserLang(["fr-FR", "de"])).toBe(null);
    expect(browserLang([])).toBe(null);
  });
});

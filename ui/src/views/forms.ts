// Small building blocks for the office's forms and tables.

import type { RulesetSpec } from "../bindings/RulesetSpec";
import { h, own } from "../dom";
import { errorText } from "../format";
import { locale as localeTag, lt, t, wordIn, type Lang } from "../i18n";
import undoWindow from "../bindings/undo-window.json";

/** A labelled form field around `control`. */
export function field(label: string, control: HTMLElement): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

export function input(attrs: Record<string, string | number | boolean | undefined>): HTMLInputElement {
  return h("input", attrs) as HTMLInputElement;
}

/** The rules and komi (第七条 / seeds 003, 004): Chinese 1988 with 2, 2¾ or 3¾ 子, the Korean rules, or the Ing
 * rules. */
export function rulesetSelect(testid: string, current?: RulesetSpec): HTMLSelectElement {
  const value =
    current?.preset === "korean" || current?.preset === "ing"
      ? current.preset
      : `chinese_1988|${current?.preset === "chinese_1988" ? current.komi : 3.75}`;
  return select(
    testid,
    [
      ["chinese_1988|2", t("rsChinese2")],
      ["chinese_1988|2.75", t("rsChinese275")],
      ["chinese_1988|3.75", t("rsChinese375")],
      ["korean", t("rsKorean")],
      ["ing", t("rsIng")],
    ],
    value,
  );
}

/** A ruleset's choice with what the chosen rules say of themselves under it (from the core's label tables). */
export function rulesetField(label: string, sel: HTMLSelectElement): HTMLElement {
  const note = h("p", { class: "note", "data-testid": `${sel.dataset.testid}-about` });
  const show = () => {
    note.textContent = lt("rulesets", rulesetOf(sel).preset);
  };
  sel.addEventListener("change", show);
  show();
  return h("div", {}, field(label, sel), note);
}

/** The ruleset a [`rulesetSelect`] names. */
export function rulesetOf(el: HTMLSelectElement): RulesetSpec {
  const [preset, komi] = el.value.split("|");
  if (preset === "korean" || preset === "ing") return { preset };
  return { preset: "chinese_1988", komi: Number(komi) as 2 | 2.75 | 3.75 };
}

export function select(testid: string, options: [string, string][], current: string): HTMLSelectElement {
  return h(
    "select",
    { "data-testid": testid },
    options.map(([v, label]) => h("option", { value: v, selected: v === current }, label)),
  ) as HTMLSelectElement;
}

/** A data table: a header row and body rows of cells. */
export function dataTable(testid: string, head: string[], rows: (Node | string)[][]): HTMLElement {
  return h(
    "table",
    // It scrolls sideways on a narrow screen: reachable by keyboard, to scroll it too.
    { class: "data", "data-testid": testid, tabindex: 0 },
    // A column without a visible name (its buttons') is still named for screen readers.
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        head.map((x) => h("th", {}, x === "" ? h("span", { class: "sr-only" }, t("actionsColumn")) : x)),
      ),
    ),
    // On a phone each row reads as a card, each cell under its column's name (style.css).
    h(
      "tbody",
      {},
      rows.map((r) =>
        h(
          "tr",
          {},
          r.map((c, i) => h("td", { "data-label": head[i] ?? "" }, c)),
        ),
      ),
    ),
  );
}

/** A line that shows what happened: saved, or the office's `{code, message}` in words. */
export function outcomeLine(): { el: HTMLElement; ok: (msg: string) => void; fail: (e: unknown) => void } {
  // What an action answered stays while the office's changes are drawn around it.
  const el = own("outcome", () => h("p", { class: "note", "data-testid": "outcome", role: "status" }));
  return {
    el,
    ok: (msg) => {
      el.className = "note ok";
      el.textContent = msg;
    },
    fail: (e) => {
      el.className = "note error";
      el.textContent = errorText(e);
    },
  };
}

/** "1-5,8" → [1,2,3,4,5,8]; null when it is not such a list. */
export function parseTables(s: string): number[] | null {
  const out: number[] = [];
  for (const part of s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return null;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    if (a < 1 || b < a || b - a > 999) return null;
    for (let i = a; i <= b; i++) out.push(i);
  }
  return out.length ? out : null;
}

/** "2026-11-21" as a date, or null when it is not one. */
export function parseDay(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : null;
}

/** "2026-11-21 09:30" (local time) as a moment, or null when it is not one. */
export function parseDayTime(s: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})$/.exec(s.trim());
  const day = m ? parseDay(m[1]) : null;
  if (!m || !day || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  day.setHours(Number(m[2]), Number(m[3]));
  return day;
}

/** A moment as "2026-11-21 09:30" in local time: what a date-and-time field holds. */
export function dayTimeText(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A date (with the time, when `time`) in words in `lang`: 2026年11月21日星期六 / Saturday, 21 November 2026. */
export function dateWords(d: Date, lang: Lang, time = false): string {
  const locale = localeTag(lang);
  const day = d.toLocaleDateString(locale, { weekday: "long", year: "numeric", month: "long", day: "numeric" });
  return time ? `${day} ${d.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })}` : day;
}

/**
 * A date field typed the same way in every language (2026-11-21; with `time`, 2026-11-21 09:30)
 * with what it names shown beside it in the page's language — a browser's own date picker
 * would show the browser's locale, not the page's.
 */
export function dateField(
  testid: string,
  value: string,
  lang: Lang,
  time = false,
): { el: HTMLElement; input: HTMLInputElement } {
  const inp = input({
    type: "text",
    inputmode: "numeric",
    value,
    placeholder: time ? "2026-11-21 09:30" : "2026-11-21",
    "data-testid": testid,
    autocomplete: "off",
  });
  const words = h("small", { class: "date-words", "data-testid": `${testid}-words` });
  const show = () => {
    const d = time ? parseDayTime(inp.value) : parseDay(inp.value);
    words.textContent =
      inp.value.trim() === ""
        ? ""
        : d
          ? dateWords(d, lang, time)
          : wordIn(lang, "dateAs").replace("{eg}", `2026-11-21${time ? " 09:30" : ""}`);
    words.className = d || inp.value.trim() === "" ? "date-words" : "date-words bad";
  };
  inp.addEventListener("input", show);
  show();
  return { el: h("span", { class: "date-field" }, inp, words), input: inp };
}

/** A button that copies `text` (a token shown once, a link) and says it did. */
export function copyButton(text: string): HTMLElement {
  const b = h("button", { type: "button", class: "small", "data-testid": "copy" }, t("copy"));
  b.onclick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t("copied");
    } catch {
      // No clipboard (an insecure page, a refusal): select the text for a long press instead.
      const shown = b.previousElementSibling;
      if (shown) globalThis.getSelection?.()?.selectAllChildren(shown);
    }
  };
  return b;
}

/** How long the undo bar is offered after a record: the core's `game::undo::WINDOW_MS`, which
 * it enforces (a later undo is refused, and said), written beside the bindings by its test. */
export const UNDO_WINDOW_MS: number = undoWindow.window_ms;

/** An undo bar: `said` and a button counting down to `until`; gone at `until` (then `expired`
 * runs). The button runs `undo`; a failure is said in the bar. */
export function undoCountdown(
  testid: string,
  said: string,
  until: number,
  undo: () => Promise<void>,
  expired?: () => void,
): HTMLElement {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const button = h("button", { type: "button", "data-testid": testid }, t("undo", { s: left() }));
  const bar = h(
    "div",
    { class: "undo-bar", role: "status", "data-testid": `${testid}-bar` },
    h("span", {}, said),
    button,
  );
  const tick = setInterval(() => {
    if (!bar.isConnected || Date.now() >= until) {
      clearInterval(tick);
      bar.remove();
      if (Date.now() >= until) expired?.();
      return;
    }
    button.textContent = t("undo", { s: left() });
  }, 1000);
  button.onclick = async () => {
    button.setAttribute("disabled", "");
    try {
      await undo();
    } catch (e) {
      bar.replaceChildren(h("span", { class: "error" }, (e as Error).message));
    }
  };
  return bar;
}

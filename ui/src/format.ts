// Pure formatting of what the core computed: no rules here, only words and symbols.

import type { Colour } from "./bindings/Colour";
import type { SeenResult } from "./bindings/SeenResult";
import type { Margin } from "./bindings/Margin";
import type { Preview } from "./bindings/Preview";
import type { SyncStatus } from "./bindings/SyncStatus";
import type { WarningCount } from "./bindings/WarningCount";
import { getLang, locale as localeTag, lt, said, t, type Lang, type Word } from "./i18n";

/** What an error says to the reader: the screen's own words where its code has them, else
 * the error's message — already in the reader's language where the core said it in each. */
export function errorText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "setup_incomplete") return t("setupIncomplete");
  return (e as Error | null)?.message ?? String(e);
}

/** Warning dots for one player: ● per warning, then ○ for each further warning before the one
 * that loses (25.2) — `left`, as the core foresaw it (`warningsLeft`); none where unknown. */
export function warningDots(warnings: number, left = 0): string {
  return "●".repeat(warnings) + "○".repeat(left);
}

/** How many further warnings to `side` the core foresees deciding the game (`GameView.foreseen`:
 * the result after one, two, … more): the count up to the first that gives a result, 0 when none
 * does or the game has its result. The rules' number stays in Rust. */
export function warningsLeft(results: readonly (unknown | null)[]): number {
  const first = results.findIndex((r) => r !== null);
  return first < 0 ? 0 : first + 1;
}

/** A side's warnings by the count each adds to (`GameView.foreseen.warnings`): one count under
 * most rulesets, its dots alone; where the ruleset counts a kind on its own (KBA 競技の規則 第一条:
 * a ring, a noise), each such count named, shown once it has a warning or a foreseen loss. */
export function warningCountsText(counts: readonly WarningCount[]): string {
  if (counts.length === 1) return warningDots(counts[0].given, warningsLeft(counts[0].next));
  return counts
    .filter((c) => c.given > 0 || warningsLeft(c.next) > 0)
    .map((c) => {
      const dots = warningDots(c.given, warningsLeft(c.next));
      return c.kind ? `${lt("incident_types", c.kind)} ${dots}` : dots;
    })
    .join(" · ");
}

export function marginText(m: Margin): string {
  if (m.unit === "stones") {
    const whole = Math.floor(m.quarters_or_halves / 4);
    const frac = ["", "¼", "½", "¾"][m.quarters_or_halves % 4];
    return t("stonesUnit", { n: `${whole === 0 && frac ? "" : whole}${frac}` });
  }
  return t("pointsUnit", { n: m.quarters_or_halves / 2 });
}

const other = (c: Colour): Colour => (c === "black" ? "white" : "black");

/** A half point as each language says it after a whole number (6집 반, 6目半) or alone
 * (반집, 半目): Korean and Japanese officials give every margin in points, so a Chinese
 * count's ¼ stone (half a point) is said as a half point there. */
function inPoints(m: Margin, unit: string, half: string, halfAlone: string): string {
  // Points count halves; stones count quarters, and a quarter stone is half a point.
  const halves = m.quarters_or_halves;
  const whole = Math.floor(halves / 2);
  if (whole === 0) return halves % 2 ? halfAlone : `0${unit}`;
  return `${whole}${unit}${halves % 2 ? half : ""}`;
}

/** Whether the screen's language gives a margin in stones (子) as counted: Korean and Japanese
 * say every margin in points. */
export function saysStones(): boolean {
  const l = getLang();
  return l !== "ko" && l !== "ja";
}

/** A win as officials write it on a result sheet, in the screen's language: 黑胜¾子, 黑中盘胜;
 * 흑 6집 반 승, 흑 불계승; 黒6目半勝ち, 黒中押し勝ち; Black wins by 6.5 points. */
export function winText(winner: Colour, margin: Margin | null | undefined, resigned: boolean): string {
  const black = winner === "black";
  const by = margin ?? null;
  switch (getLang()) {
    case "zh":
      return resigned ? `${black ? "黑" : "白"}中盘胜` : `${black ? "黑" : "白"}胜${by ? marginText(by) : ""}`;
    case "zh_hant":
      return resigned ? `${black ? "黑" : "白"}中盤勝` : `${black ? "黑" : "白"}勝${by ? marginText(by) : ""}`;
    case "ko":
      return resigned
        ? `${black ? "흑" : "백"} 불계승`
        : `${black ? "흑" : "백"}${by ? ` ${inPoints(by, "집", " 반", "반집")}` : ""} 승`;
    case "ja":
      return resigned
        ? `${black ? "黒" : "白"}中押し勝ち`
        : `${black ? "黒" : "白"}${by ? inPoints(by, "目", "半", "半目") : ""}勝ち`;
    case "en":
      return `${black ? "Black" : "White"} wins${resigned ? " by resignation" : by ? ` by ${marginText(by)}` : ""}`;
  }
}

/** “第二次警告：白方判负（第二十五条二）” / “Second warning: White loses (Art. 25.2)”. */
export function resultSentence(r: SeenResult): string {
  const art = lt("articles", r.article);
  const reason = lt("reasons", r.reason);
  if (r.outcome === "win") {
    if (r.reason === "resignation") return t("resultResigned", { win: winText(r.winner, null, true), art });
    if (r.reason === "count" || r.reason === "entered" || r.reason === "corrected") {
      return t("resultCounted", { win: winText(r.winner, r.margin, false), reason, art });
    }
    return t("resultLoses", { reason, Reason: capital(reason), loser: lt("colours", other(r.winner)), art });
  }
  const outcome = lt("outcomes", r.outcome);
  return t("resultOther", { outcome, Outcome: capital(outcome), reason, art });
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The line of a preview that says what becomes of the result, if anything does: a result
 * the record brings, or one it changes (a correction, a decision on the deciding incident).
 * A record flagged after the result changes nothing: its line says the result stays. */
export function resultLine(p: Preview): string | null {
  if (p.refused) return null;
  const before = p.result_before;
  const after = p.result_after;
  if (p.flagged_after_result) return before ? t("flaggedStays", { result: resultSentence(before) }) : t("flagged");
  if (JSON.stringify(after) === JSON.stringify(before)) return null;
  if (!before && after) return t("resultWillBe") + resultSentence(after);
  return t("resultChanges", {
    from: before ? resultSentence(before) : t("noResult"),
    to: after ? resultSentence(after) : t("noResult"),
  });
}

/** What the referee sees before confirming: one line per effect, what becomes of the result
 * first when the record is flagged after it, else last. */
export function consequenceLines(p: Preview): string[] {
  if (p.refused) return [t("refusedBecause") + said(p.refused)];
  const lines: string[] = [];
  const result = resultLine(p);
  if (p.flagged_after_result && result) lines.push(result);
  const c = p.consequence;
  if (c) {
    const art = lt("articles", c.article);
    const col = (x: Colour) => lt("colours", x);
    if (c.warning) {
      const n = p.warnings_after[c.warning];
      lines.push(t("cWarning", { c: col(c.warning), art, n }));
    }
    if (c.advice) lines.push(t("cAdvice", { c: col(c.advice), art }));
    if (c.pass) lines.push(t("cPass", { c: col(c.pass), art }));
    for (const a of c.clock) {
      const min = Math.round((Math.abs(a.secs) / 60) * 10) / 10;
      lines.push(t("cClock", { c: col(a.colour), min, art }));
    }
    if (c.report_to_committee) lines.push(t("cReport", { art }));
    if (c.approved_absence) lines.push(t("cAbsence", { art }));
  }
  if (!p.flagged_after_result && result) lines.push(result);
  if (lines.length === 0) lines.push(t("none"));
  return lines;
}

/** The sync banner: offline / N waiting / synced at hh:mm / last error. */
export function bannerText(
  s: SyncStatus,
  locale = localeTag(),
): { text: string; tone: "ok" | "warn" | "bad"; detail: string | null } {
  const parts: string[] = [];
  let tone: "ok" | "warn" | "bad" = "ok";
  const hhmm = (iso: string) => new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  // In words a referee acts on: whether the office answers, what waits, when it last went.
  if (!s.online && !s.last_success && !s.last_error) {
    // Just enrolled, the first sync under way: not a failure (nothing has failed yet).
    parts.push(t("connecting"));
    tone = "warn";
  } else if (!s.online) {
    parts.push(t("officeUnreachable"));
    tone = "bad";
    if (s.pending > 0) parts.push(t("waitToSend", { n: s.pending }));
    parts.push(s.last_success ? t("lastSentAt", { t: hhmm(s.last_success) }) : t("neverSynced"));
  } else {
    if (s.pending > 0) {
      parts.push(t("sending", { n: s.pending }));
      tone = "warn";
    }
    parts.push(s.last_success ? t("syncedAt", { t: hhmm(s.last_success) }) : t("neverSynced"));
  }
  // Someone may be impersonating the office: say it first, in red, whatever else holds.
  if (s.last_error_code === "office_certificate_changed") {
    parts.unshift(t("certChanged"));
    tone = "bad";
  }
  // A minute or more off the office's clock: events are stamped with the office's time, but the
  // referee should know (and fix the tablet's date).
  const off = s.clock_skew?.offset_ms ?? 0;
  if (Math.abs(off) >= 60_000) {
    const n = Math.floor(Math.abs(off) / 60_000);
    parts.push(t(off < 0 ? "clockAhead" : "clockBehind", { n }));
    if (tone === "ok") tone = "warn";
  }
  // The technical detail (the network's or the office's own words) is one tap away, for the
  // chief arbiter or the organiser — never in the banner.
  const detail = s.last_error ? said({ message: s.last_error, said: s.last_error_said }) : null;
  return { text: parts.join(" · "), tone, detail };
}

/** A standings criterion's name for people: the article's letter or OpenGotha's name. */
export function criterionName(c: string): string {
  const names: Record<string, Word> = {
    points: "crPoints",
    A: "crA",
    B: "crB",
    total: "crTotal",
    opponents_term: "crOpponents",
    reached: "crReached",
    match_points: "crMatchPoints",
    players_left: "crPlayersLeft",
    game_points: "crGamePoints",
  };
  const board = /^board(\d)$/.exec(c);
  if (board) return t("crBoard", { k: board[1] });
  const n = names[c];
  return n ? t(n) : c;
}

/** A standings value as people read it (OpenGotha's halves as ½). */
export function valueText(v: { value: string; num: number; den: number }): string {
  if (v.den === 2) {
    const whole = Math.trunc(v.num / 2);
    return `${whole === 0 && v.num < 0 ? "-" : ""}${whole === 0 ? "" : whole}½`;
  }
  return v.value;
}

/** A rank as entry lists print it: 业余5段 / 5级 / 职业9段 in Chinese, 5d / 5k / 9p in English. */
/** A board's handicap after Black's name: "" for an even game. */
export function handicapText(stones: number): string {
  return stones > 0 ? ` · ${t("handicapStones", { n: stones })}` : "";
}

export function rankText(rank: string): string {
  const m = /^(\d+)([kdp])$/.exec(rank);
  // Kyu, amateur dan, professional dan, as each language writes them.
  const forms: Partial<Record<Lang, [string, string, string]>> = {
    zh: ["{n}级", "业余{n}段", "职业{n}段"],
    zh_hant: ["{n}級", "業餘{n}段", "職業{n}段"],
    ko: ["{n}급", "아마 {n}단", "프로 {n}단"],
    ja: ["{n}級", "アマ{n}段", "プロ{n}段"],
  };
  const f = forms[getLang()];
  if (!m || !f) return rank;
  return f["kdp".indexOf(m[2])].replace("{n}", m[1]);
}

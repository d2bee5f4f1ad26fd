// Pure formatting of what the core computed: no rules here, only words and symbols.

import type { Colour } from "./bindings/Colour";
import type { GameResult } from "./bindings/GameResult";
import type { Margin } from "./bindings/Margin";
import type { Preview } from "./bindings/Preview";
import type { SyncStatus } from "./bindings/SyncStatus";
import { getLang, lt, t } from "./i18n";

/** What an error says to the reader: in their language where its code has words of ours
 * (the office's messages are English), else the message as it came. */
export function errorText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "setup_incomplete") return t("setupIncomplete");
  return (e as Error | null)?.message ?? String(e);
}

/** Warning dots for one player: ● per warning, ○ for each left before the loss (25.2). */
export function warningDots(warnings: number, limit = 2): string {
  const shown = Math.min(warnings, limit);
  return "●".repeat(shown) + "○".repeat(limit - shown);
}

export function marginText(m: Margin): string {
  if (m.unit === "stones") {
    const whole = Math.floor(m.quarters_or_halves / 4);
    const frac = ["", "¼", "½", "¾"][m.quarters_or_halves % 4];
    return `${whole === 0 && frac ? "" : whole}${frac}${getLang() === "zh" ? "子" : " stones"}`;
  }
  const points = m.quarters_or_halves / 2;
  return `${points}${getLang() === "zh" ? "目" : " points"}`;
}

const other = (c: Colour): Colour => (c === "black" ? "white" : "black");

/** “第二次警告：白方判负（第二十五条二）” / “Second warning: White loses (Art. 25.2)”. */
export function resultSentence(r: GameResult): string {
  const art = lt("articles", r.article);
  const reason = lt("reasons", r.reason);
  const zh = getLang() === "zh";
  if (r.outcome === "win") {
    if (r.reason === "count" || r.reason === "resignation" || r.reason === "entered") {
      const outcome = lt("outcomes", r.winner === "black" ? "black_wins" : "white_wins");
      const margin = r.margin ? ` ${marginText(r.margin)}` : "";
      return zh ? `${outcome}${margin}（${reason}，${art}）` : `${outcome}${margin} (${reason}, ${art})`;
    }
    const loser = lt("colours", other(r.winner));
    return zh ? `${reason}：${loser}判负（${art}）` : `${capital(reason)}: ${loser} loses (${art})`;
  }
  const outcome = lt("outcomes", r.outcome);
  return zh ? `${outcome}（${reason}，${art}）` : `${capital(outcome)} (${reason}, ${art})`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** What the referee sees before confirming: one line per effect, the result last. */
export function consequenceLines(p: Preview): string[] {
  const zh = getLang() === "zh";
  if (p.refused) return [t("refusedBecause") + p.refused.message];
  const lines: string[] = [];
  if (p.flagged_after_result) lines.push(t("flagged"));
  const c = p.consequence;
  if (c) {
    const art = lt("articles", c.article);
    const col = (x: Colour) => lt("colours", x);
    if (c.warning) {
      const n = p.warnings_after[c.warning];
      lines.push(zh ? `警告：${col(c.warning)}（${art}），本局第${n}次` : `Warning: ${col(c.warning)} (${art}), ${n} in this game`);
    }
    if (c.advice) lines.push(zh ? `劝告：${col(c.advice)}（${art}），不计入警告` : `Advice: ${col(c.advice)} (${art}), not a warning`);
    if (c.pass) lines.push(zh ? `弃权一次：${col(c.pass)}（${art}）` : `One pass imposed on ${col(c.pass)} (${art})`);
    for (const a of c.clock) {
      const min = Math.round((Math.abs(a.secs) / 60) * 10) / 10;
      lines.push(zh ? `${col(a.colour)}时限扣除 ${min} 分钟（${art}）` : `${col(a.colour)}: ${min} min taken off the clock (${art})`);
    }
    if (c.report_to_committee) lines.push(zh ? `申报大会组委会（${art}）` : `Reported to the organising committee (${art})`);
    if (c.approved_absence) lines.push(zh ? `同意离席一次（${art}）` : `Absence approved, once per game (${art})`);
  }
  const before = JSON.stringify(p.result_before);
  if (p.result_after && JSON.stringify(p.result_after) !== before) lines.push(t("resultWillBe") + resultSentence(p.result_after));
  if (lines.length === 0) lines.push(t("none"));
  return lines;
}

/** The sync banner: offline / N waiting / synced at hh:mm / last error. */
export function bannerText(s: SyncStatus, locale = getLang() === "zh" ? "zh-CN" : "en-GB"): { text: string; tone: "ok" | "warn" | "bad" } {
  const parts: string[] = [];
  let tone: "ok" | "warn" | "bad" = "ok";
  if (!s.online) {
    parts.push(t("offline"));
    tone = "bad";
  }
  if (s.pending > 0) {
    parts.push(t("waiting", { n: s.pending }));
    if (tone === "ok") tone = "warn";
  }
  if (s.last_success) {
    const hhmm = new Date(s.last_success).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
    parts.push(t("syncedAt", { t: hhmm }));
  } else {
    parts.push(t("neverSynced"));
  }
  // Someone may be impersonating the office: say it first, in red, whatever else holds.
  if (s.last_error_code === "office_certificate_changed") {
    parts.unshift(t("certChanged"));
    tone = "bad";
  }
  if (s.last_error) parts.push(`${t("lastError")}: ${s.last_error}`);
  // A minute or more off the office's clock: events are stamped with the office's time, but the
  // referee should know (and fix the tablet's date).
  const off = s.clock_skew?.offset_ms ?? 0;
  if (Math.abs(off) >= 60_000) {
    const n = Math.floor(Math.abs(off) / 60_000);
    parts.push(t(off < 0 ? "clockAhead" : "clockBehind", { n }));
    if (tone === "ok") tone = "warn";
  }
  return { text: parts.join(" · "), tone };
}

/** A standings criterion's name for people: the article's letter or OpenGotha's name. */
export function criterionName(c: string): string {
  const zh = getLang() === "zh";
  const names: Record<string, [string, string]> = {
    points: ["积分", "Points"],
    A: ["A 胜和对手分", "A (beaten opponents)"],
    B: ["B 警告", "B (warnings)"],
    total: ["总得分", "Total"],
    opponents_term: ["对手分项", "Opponents' term"],
    reached: ["淘汰轮次", "Out in round"],
    match_points: ["场分", "Match points"],
    players_left: ["剩余人数", "Players left"],
    game_points: ["局分", "Game points"],
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((k) => [`board${k}`, [`第${k}台局分`, `Board ${k}`]])),
  };
  const n = names[c];
  return n ? n[zh ? 0 : 1] : c;
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
  if (getLang() !== "zh") return rank;
  const m = /^(\d+)([kdp])$/.exec(rank);
  if (!m) return rank;
  return m[2] === "k" ? `${m[1]}级` : m[2] === "d" ? `业余${m[1]}段` : `职业${m[1]}段`;
}

// Rounds: the draw (第二十七条; the chief arbiter runs it, 第三十一条四), the pairing sheet
// with tables and referees, results entered from the score sheets (第十三条一), the chief
// arbiter's override with a reason, and printing.

import type { Outcome } from "../bindings/Outcome";
import type { PairingSheet } from "../bindings/PairingSheet";
import type { Role } from "../bindings/Role";
import type { Setup } from "../bindings/Setup";
import { h } from "../dom";
import { handicapText, rankText, resultSentence } from "../format";
import { getLang, labelled, listed, t } from "../i18n";
import type { OfficeApi } from "../office";
import { dataTable, dateField, dayTimeText, field, input, outcomeLine, parseDayTime, select } from "./forms";

export interface RoundsCtx {
  api: OfficeApi;
  role: Role;
  round: number;
  go: (round: number) => void;
  open: (game: string) => void;
  print: (what: "pairings", round: number) => void;
}

const RESULTS: [string, Outcome][] = [
  ["blackWins", { outcome: "win", winner: "black" }],
  ["whiteWins", { outcome: "win", winner: "white" }],
  ["draw", { outcome: "draw" }],
  ["bothLose", { outcome: "both_lose" }],
];

export function roundsView(setup: Setup, sheet: PairingSheet, ctx: RoundsCtx): HTMLElement {
  const out = outcomeLine();
  const total = setup.tournament?.settings?.rounds ?? Math.max(1, ...Object.keys(setup.paired).map(Number));
  const tabs = h("div", { class: "choice", "data-testid": "round-tabs" },
    Array.from({ length: total }, (_, i) => i + 1).map((r) => {
      const p = setup.paired[r];
      return h("button", { type: "button", class: r === ctx.round ? "on" : "", onclick: () => ctx.go(r), "data-value": String(r) }, `${t("round", { n: r })}${p ? ` ${p[0]}/${p[1]}` : ""}`);
    }));
  const act = async (f: () => Promise<unknown>) => {
    try {
      await f();
      ctx.go(ctx.round);
    } catch (e) {
      out.fail(e);
    }
  };
  const canDraw = ctx.role === "organiser" || ctx.role === "chief_arbiter";
  // Local time, typed as 2026-11-21 09:30 and shown in the page's language.
  const whenField = dateField("round-start", sheet.starts_at ? dayTimeText(new Date(sheet.starts_at)) : "", getLang(), true);
  const when = whenField.input;
  const head = h("div", { class: "card row" },
    sheet.boards.length === 0 && canDraw ? h("button", { class: "primary big", "data-testid": "pair", onclick: () => void act(() => ctx.api.pair(ctx.round)) }, t("pairRound", { n: ctx.round })) : null,
    ctx.role === "organiser" ? field(t("startsAt"), whenField.el) : null,
    ctx.role === "organiser" ? h("button", { class: "small", "data-testid": "save-start", onclick: () => {
      const at = parseDayTime(when.value);
      if (!at) return out.fail(new Error(`${labelled(t("startsAt"), when.value)} — ${t("dateTimeFormat")}`));
      void act(() => ctx.api.scheduleRound(ctx.round, at.toISOString()));
    } }, t("save")) : null,
    sheet.boards.length ? h("button", { class: "small", "data-testid": "print-pairings", onclick: () => ctx.print("pairings", ctx.round) }, t("print")) : null,
  );
  const playerOptions = setup.players.map((p): [string, string] => [p.id, `${p.name} ${p.rank}`]);
  const rows = sheet.boards.map((b) => {
    const result = b.result
      ? resultSentence(b.result)
      : ctx.role === "organiser" || ctx.role === "chief_arbiter"
        ? h("div", { class: "row" }, RESULTS.map(([word, outcome]) => h("button", { class: "small", "data-testid": `result-${b.table}-${word}`, onclick: () => void act(() => ctx.api.enterResult(b.game, outcome)) }, t(word as "draw"))))
        : t("noResult");
    const override = ctx.role === "chief_arbiter" && !b.result && b.status.status === "scheduled"
      ? h("details", { "data-testid": `override-${b.table}` },
          h("summary", {}, t("overridePairing")),
          (() => {
            const black = select(`ov-black-${b.table}`, playerOptions, b.black.id);
            const white = select(`ov-white-${b.table}`, playerOptions, b.white.id);
            const reason = input({ type: "text", placeholder: t("reason"), "data-testid": `ov-reason-${b.table}` });
            return h("div", { class: "form" }, field(t("black"), black), field(t("white"), white), field(t("reason"), reason),
              h("button", { class: "primary small", "data-testid": `ov-save-${b.table}`, onclick: () => void act(() => ctx.api.override(b.game, black.value, white.value, reason.value)) }, t("save")));
          })())
      : null;
    return [
      String(b.table),
      h("span", {}, `● ${b.black.name} ${rankText(b.black.rank)}${handicapText(b.handicap)}`),
      h("span", {}, `○ ${b.white.name} ${rankText(b.white.rank)}`),
      b.referee?.name ?? "",
      h("div", {}, result, b.reason ? h("small", { class: "reason" }, labelled(t("overridePairing"), b.reason)) : null, override),
      h("button", { class: "small", onclick: () => ctx.open(b.game), "data-testid": `open-${b.table}` }, "›"),
    ];
  });
  const table = sheet.boards.length
    ? dataTable("pairings", [t("tableNo"), t("black"), t("white"), t("referee"), t("result"), ""], rows)
    : h("p", { class: "empty" }, t("notPaired"));
  // Which round is on screen, for whoever waits for a redraw.
  table.dataset.round = String(sheet.round);
  return h("main", { class: "office" }, tabs, head, out.el, table, sheet.byes.length ? h("p", { "data-testid": "bye" }, labelled(t("bye"), listed(sheet.byes.map((p) => p.name)))) : null);
}

// Rounds: the draw (第二十七条; the chief arbiter runs it, 第三十一条四), the pairing sheet
// with tables and referees, results entered from the score sheets (第十三条一) — each confirmed
// with the game and result named, undone within 30 s, corrected later by its own act
// (game::correction) — the chief arbiter's override with a reason, and printing.

import type { EventBody } from "../bindings/EventBody";
import type { GameView } from "../bindings/GameView";
import type { PairingSheet } from "../bindings/PairingSheet";
import type { SheetBoard } from "../bindings/SheetBoard";
import type { Role } from "../bindings/Role";
import type { Setup } from "../bindings/Setup";
import { h, keep } from "../dom";
import { handicapText, rankText, resultSentence } from "../format";
import { getLang, labelled, listed, t } from "../i18n";
import type { OfficeApi } from "../office";
import { causesFor, correctionForm, OUTCOMES } from "./correction";
import {
  dataTable,
  dateField,
  dayTimeText,
  field,
  input,
  outcomeLine,
  parseDayTime,
  select,
  UNDO_WINDOW_MS,
  undoCountdown,
} from "./forms";

export interface RoundsCtx {
  api: OfficeApi;
  role: Role;
  round: number;
  go: (round: number) => void;
  open: (game: string) => void;
  print: (what: "pairings" | "tables", round: number) => void;
}

/** The result this page entered last, while it may still be undone: undone by a correction
 * that takes it away (the entry and its undo both stay in the history). */
let undoable: { game: string; event: string; name: string; result: string; until: number } | null = null;

/** A result or correction asked about on this screen, not yet confirmed or cancelled. */
interface Ask {
  game: string;
  question: string;
  body: EventBody;
  done?: (v: GameView) => void;
  /** Confirmed, on its way to the office: its button stays disabled through redraws. */
  sent: boolean;
}

/** A board named as the organiser reads it off the score sheet. */
function boardName(round: number, b: SheetBoard): string {
  return `${t("round", { n: round })} ${t("table", { n: b.table })} ${b.black.name} – ${b.white.name}`;
}

export function roundsView(setup: Setup, sheet: PairingSheet, ctx: RoundsCtx): HTMLElement {
  const out = outcomeLine();
  const total = setup.tournament?.settings?.rounds ?? Math.max(1, ...Object.keys(setup.paired).map(Number));
  const tabs = h(
    "div",
    { class: "choice", "data-testid": "round-tabs" },
    Array.from({ length: total }, (_, i) => i + 1).map((r) => {
      const p = setup.paired[r];
      return h(
        "button",
        { type: "button", class: r === ctx.round ? "on" : "", onclick: () => ctx.go(r), "data-value": String(r) },
        `${t("round", { n: r })}${p ? ` ${p[0]}/${p[1]}` : ""}`,
      );
    }),
  );
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
  const whenField = dateField(
    "round-start",
    sheet.starts_at ? dayTimeText(new Date(sheet.starts_at)) : "",
    getLang(),
    true,
  );
  const when = whenField.input;
  const head = h(
    "div",
    { class: "card row" },
    sheet.boards.length === 0 && canDraw
      ? h(
          "button",
          { class: "primary big", "data-testid": "pair", onclick: () => void act(() => ctx.api.pair(ctx.round)) },
          t("pairRound", { n: ctx.round }),
        )
      : null,
    ctx.role === "organiser" ? field(t("startsAt"), whenField.el) : null,
    ctx.role === "organiser"
      ? h(
          "button",
          {
            class: "small",
            "data-testid": "save-start",
            onclick: () => {
              const at = parseDayTime(when.value);
              if (!at) return out.fail(new Error(`${labelled(t("startsAt"), when.value)} — ${t("dateTimeFormat")}`));
              void act(() => ctx.api.scheduleRound(ctx.round, at.toISOString()));
            },
          },
          t("save"),
        )
      : null,
    sheet.boards.length
      ? h(
          "button",
          { class: "small", "data-testid": "print-pairings", onclick: () => ctx.print("pairings", ctx.round) },
          t("print"),
        )
      : null,
    // 第二十一条: each table's sheet with the QR code of its players' page (minting revokes the
    // links printed before).
    sheet.boards.length && ctx.role === "organiser"
      ? h(
          "button",
          { class: "small", "data-testid": "print-table-sheets", onclick: () => ctx.print("tables", ctx.round) },
          t("printTableSheets"),
        )
      : null,
  );
  const playerOptions = setup.players.map((p): [string, string] => [p.id, `${p.name} ${p.rank}`]);
  const entering = ctx.role === "organiser" || ctx.role === "chief_arbiter";
  // The question asked stays through the polls' redraws while it is read (they come every 2 s,
  // and redraw the sheet when anything on it changed).
  const asked = keep<Ask>("rounds-ask");
  const askView = (a: Ask): HTMLElement => {
    const yes = h("button", { class: "primary small", "data-testid": "result-confirm" }, t("confirm"));
    if (a.sent) yes.setAttribute("disabled", "");
    yes.onclick = () =>
      void act(async () => {
        a.sent = true;
        yes.setAttribute("disabled", "");
        try {
          a.done?.(await ctx.api.record(a.game, a.body));
        } catch (e) {
          a.sent = false;
          yes.removeAttribute("disabled");
          throw e;
        }
      });
    return h(
      "div",
      { class: "result-ask", "data-testid": "result-ask" },
      h("span", {}, a.question),
      yes,
      h("button", { class: "small", "data-testid": "result-cancel", onclick: () => ctx.go(ctx.round) }, t("cancel")),
    );
  };
  /** Asks before recording `body` on board `b`: the question names the game and the result. */
  const ask = (cell: HTMLElement, game: string, question: string, body: EventBody, done?: (v: GameView) => void) => {
    const a: Ask = { game, question, body, done, sent: false };
    asked.set(a);
    cell.replaceChildren(askView(a));
  };
  const rows = sheet.boards.map((b) => {
    const name = boardName(sheet.round, b);
    const cell = h("div");
    const current = b.result;
    const asking = asked.get();
    if (asking?.game === b.game) {
      cell.append(askView(asking));
    } else if (current) {
      cell.append(resultSentence(current));
      if (entering && causesFor(ctx.role).length) {
        cell.append(
          h(
            "details",
            { "data-testid": `correct-${b.table}` },
            h("summary", {}, t("correct")),
            correctionForm(current, ctx.role, String(b.table), (body, to) =>
              ask(cell, b.game, t("correctAsk", { game: name, from: resultSentence(current), to }), body),
            ),
          ),
        );
      }
    } else if (entering) {
      cell.append(
        h(
          "div",
          { class: "row" },
          OUTCOMES.map(([word, outcome]) =>
            h(
              "button",
              {
                class: "small",
                "data-testid": `result-${b.table}-${word}`,
                onclick: () => {
                  const words = t(word);
                  ask(
                    cell,
                    b.game,
                    t("enterResultAsk", { game: name, result: words }),
                    { kind: "result_entered", data: { outcome } },
                    (v) => {
                      if (v.state.result)
                        undoable = {
                          game: b.game,
                          event: v.state.result.event,
                          name,
                          result: words,
                          until: Date.now() + UNDO_WINDOW_MS,
                        };
                    },
                  );
                },
              },
              t(word),
            ),
          ),
        ),
      );
    } else {
      cell.append(t("noResult"));
    }
    const result = cell;
    const override =
      ctx.role === "chief_arbiter" && !b.result && b.status.status === "scheduled"
        ? h(
            "details",
            { "data-testid": `override-${b.table}` },
            h("summary", {}, t("overridePairing")),
            (() => {
              const black = select(`ov-black-${b.table}`, playerOptions, b.black.id);
              const white = select(`ov-white-${b.table}`, playerOptions, b.white.id);
              const reason = input({ type: "text", placeholder: t("reason"), "data-testid": `ov-reason-${b.table}` });
              return h(
                "div",
                { class: "form" },
                field(t("black"), black),
                field(t("white"), white),
                field(t("reason"), reason),
                h(
                  "button",
                  {
                    class: "primary small",
                    "data-testid": `ov-save-${b.table}`,
                    onclick: () => void act(() => ctx.api.override(b.game, black.value, white.value, reason.value)),
                  },
                  t("save"),
                ),
              );
            })(),
          )
        : null;
    return [
      String(b.table),
      h("span", {}, `● ${b.black.name} ${rankText(b.black.rank)}${handicapText(b.handicap)}`),
      h("span", {}, `○ ${b.white.name} ${rankText(b.white.rank)}`),
      b.referee?.name ?? "",
      h(
        "div",
        {},
        result,
        b.reason ? h("small", { class: "reason" }, labelled(t("overridePairing"), b.reason)) : null,
        override,
      ),
      h("button", { class: "small", onclick: () => ctx.open(b.game), "data-testid": `open-${b.table}` }, "›"),
    ];
  });
  const table = sheet.boards.length
    ? dataTable("pairings", [t("tableNo"), t("black"), t("white"), t("referee"), t("result"), ""], rows)
    : h("p", { class: "empty" }, t("notPaired"));
  // Which round is on screen, for whoever waits for a redraw.
  table.dataset.round = String(sheet.round);
  return h(
    "main",
    { class: "office" },
    tabs,
    head,
    out.el,
    undoBar(sheet, ctx),
    table,
    sheet.byes.length
      ? h("p", { "data-testid": "bye" }, labelled(t("bye"), listed(sheet.byes.map((p) => p.name))))
      : null,
  );
}

/** For 30 s after a result is entered here, the way to take it back: a correction that leaves
 * the game without a result (cause: a wrong entry), kept in the history with the entry. */
function undoBar(sheet: PairingSheet, ctx: RoundsCtx): HTMLElement | null {
  const u = undoable;
  if (!u || Date.now() >= u.until || !sheet.boards.some((b) => b.game === u.game && b.result?.event === u.event))
    return null;
  return undoCountdown("undo-result", t("resultEntered", { game: u.name, result: u.result }), u.until, async () => {
    await ctx.api.record(u.game, {
      kind: "result_corrected",
      data: { replaces: u.event, cause: "wrong_entry", why: t("undoEntryWhy") },
    });
    undoable = null;
    ctx.go(ctx.round);
  });
}

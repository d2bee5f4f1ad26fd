// The game screen: who plays, where the game stands, and every action a referee takes at the
// table — each one previewed (“see the consequence before confirming”) and then recorded. Its
// parts are their own modules: the quick rows (quick.ts), the record form (recordForm.ts), the
// late arrival (lateness.ts), the sealed move (sealing.ts), the count (countForm.ts), the history
// (history.ts), the confirm step and undo (confirmStep.ts); the reader is its own screen.

import type { Backend } from "../backend";
import type { Queued } from "../outbox";
import { decidingRecord } from "../foreseen";
import type { EventBody } from "../bindings/EventBody";
import type { GameView } from "../bindings/GameView";
import type { Role } from "../bindings/Role";
import { h, own } from "../dom";
import { rankText, resultSentence, warningCountsText } from "../format";
import { correctionForm, correctionList } from "./correction";
import { lt, t } from "../i18n";
import { confirmStep, undoBar } from "./confirmStep";
import { countForm, recountForm } from "./countForm";
import { historyList } from "./history";
import { lateArrivalForm, latenessTimer } from "./lateness";
import { quickRows } from "./quick";
import { askColour, recordForm } from "./recordForm";
import { sealForm, unsealForm } from "./sealing";
import { waitingList } from "./unsent";

export interface GameCtx {
  backend: Backend;
  role: Role | null;
  /** Draws the game again after a record made on it: the form it was made from (`form`, any
   * element of it) folds if it is still the one shown; one opened since, while the record was on
   * its way, stays, as does everything else the person is doing. */
  reload: (form?: Element) => Promise<void>;
  back: () => void;
  /** Opens the byo-yomi reader for this game (where the device runs the clock). */
  openReader?: () => void;
  /** Opens an incident's whole story. */
  openStory?: (incident: string) => void;
  /** What this phone recorded on this game that has not reached the office yet. */
  waiting?: Queued[];
  /** This tablet's events the office has not taken yet (their ids): never shown as verified
   * or settled until the office has them. */
  unsent?: ReadonlySet<string>;
}

/** Who signed an event: “✓ 签名 tab-wang 已验证”, or a red “未签名” for a build from before
 * signatures (the office and every device check each signature as the event arrives). */
export function sealMark(signer: string | null | undefined, unsent = false): HTMLElement {
  // Signed here but not at the office yet: no tick until the office holds it.
  if (unsent) return h("span", { class: "seal flag", "data-testid": "not-at-office" }, ` · ${t("notAtOffice")}`);
  return signer
    ? h("span", { class: "seal", "data-testid": "seal" }, ` · ${t("signedBy", { signer })}`)
    : h("span", { class: "seal flag", "data-testid": "seal" }, ` · ${t("unsigned")}`);
}

/** What the game screen's parts (the record form, the confirm step) draw with: the game as
 * last fetched, the screen's context, and its panel. */
export interface GameAt {
  view: GameView;
  ctx: GameCtx;
  panel: HTMLElement;
}

export function gameView(view: GameView, ctx: GameCtx): HTMLElement {
  const s = view.state;
  const game = s.game;
  const deciding = decidingRecord(view, ctx.waiting ?? []);
  // The record form, a confirm step: drawn by this screen's own code, kept across redraws.
  const panel = own(`panel-${game}`, () => h("section", { class: "panel card", "data-testid": "panel" }));
  const canRecord = ctx.backend.canRecord;
  const at: GameAt = { view, ctx, panel };
  const confirmFlow = (title: string, body: EventBody) => confirmStep(at, title, body);

  // Table facts are the referee's and the chief arbiter's (an organiser rules on nothing).
  const atTable = canRecord && (ctx.role === "referee" || ctx.role === "chief_arbiter");
  const actions = atTable
    ? h(
        "div",
        { class: "actions grid", "data-testid": "actions" },
        h(
          "button",
          { class: "primary big", "data-testid": "record-incident", onclick: () => recordForm(at) },
          t("recordIncident"),
        ),
        h(
          "button",
          { "data-testid": "clock-start", onclick: () => void confirmFlow(t("start"), { kind: "clock_started" }) },
          t("start"),
        ),
        ctx.openReader ? h("button", { "data-testid": "open-reader", onclick: ctx.openReader }, t("reader")) : null,
        h(
          "button",
          {
            "data-testid": "clock-pause",
            onclick: () => void confirmFlow(t("pause"), { kind: "clock_paused", data: {} }),
          },
          t("pause"),
        ),
        h(
          "button",
          { "data-testid": "clock-resume", onclick: () => void confirmFlow(t("resume"), { kind: "clock_resumed" }) },
          t("resume"),
        ),
        h("button", { "data-testid": "seal", onclick: () => sealForm(at) }, t("seal")),
        h("button", { "data-testid": "unseal", onclick: () => unsealForm(at) }, t("unseal")),
        h(
          "button",
          {
            "data-testid": "lateness",
            onclick: () => {
              const timer = ctx.backend.lateness?.bind(ctx.backend);
              if (timer) latenessTimer(at, timer);
              else lateArrivalForm(at);
            },
          },
          t("lateness"),
        ),
        h(
          "button",
          {
            "data-testid": "end-confirmed",
            onclick: () => askColour(at, t("endConfirmed"), (c) => ({ kind: "end_confirmed", data: { first: c } })),
          },
          t("endConfirmed"),
        ),
        h("button", { "data-testid": "count", onclick: () => countForm(at) }, t("count")),
        // 第十六条三: while the count decides the game, a player may have it made again.
        s.result?.reason === "count"
          ? h("button", { "data-testid": "recount", onclick: () => recountForm(at) }, t("recount"))
          : null,
        h(
          "button",
          {
            "data-testid": "resign",
            onclick: () => askColour(at, t("resign"), (c) => ({ kind: "resigned", data: { by: c } })),
          },
          t("resign"),
        ),
      )
    : null;

  const sched = s.schedule;
  return h(
    "main",
    { class: "game", "data-testid": "game" },
    h(
      "div",
      { class: "game-head card" },
      h("button", { class: "small", onclick: ctx.back, "data-testid": "back" }, t("back")),
      h("h2", {}, sched ? `${t("round", { n: sched.round })} ${t("table", { n: sched.table })}` : game),
      h(
        "div",
        { class: "players" },
        h(
          "span",
          { class: "player black" },
          `${t("black")} ${view.black.name} ${view.black.rank ? rankText(view.black.rank) : ""}`,
          h("span", { class: "dots", "data-testid": "dots-black" }, warningCountsText(view.foreseen.warnings.black)),
        ),
        h(
          "span",
          { class: "player white" },
          `${t("white")} ${view.white.name} ${view.white.rank ? rankText(view.white.rank) : ""}`,
          h("span", { class: "dots", "data-testid": "dots-white" }, warningCountsText(view.foreseen.warnings.white)),
        ),
      ),
      h("p", { class: "status", "data-testid": "status" }, lt("statuses", s.status.status)),
      h(
        "p",
        { class: "result", "data-testid": "result" },
        s.result ? resultSentence(s.result) : t("noResult"),
        // Decided by a record still on this device: the core's result, not yet the office's.
        s.result && ctx.unsent?.has(s.result.event)
          ? h("span", { class: "flag", "data-testid": "decided-here" }, ` · ${t("decidedHere")}`)
          : null,
        // A record kept on this phone that the core foresaw would decide it.
        deciding
          ? h(
              "span",
              { class: "loss", "data-testid": "decides-on-arrival" },
              ` · ${t("decidesOnArrival", { result: resultSentence(deciding.result) })}`,
            )
          : null,
      ),
      // A result changes only by a correction (game::correction): the chief arbiter's, the
      // committee's by an appeal, the organiser's of its own entries.
      canRecord && s.result && (ctx.role === "chief_arbiter" || ctx.role === "committee" || ctx.role === "organiser")
        ? h(
            "button",
            {
              class: "small",
              "data-testid": "correct-result",
              onclick: () => {
                const r = s.result;
                if (!r) return;
                panel.replaceChildren(
                  h("h3", {}, t("correctResult")),
                  correctionForm(r, ctx.role, "game", (body) => void confirmFlow(t("correctResult"), body)),
                );
                panel.scrollIntoView?.({ block: "nearest" });
              },
            },
            t("correctResult"),
          )
        : null,
      s.to_move
        ? h(
            "p",
            { class: "to-move", "data-testid": "to-move" },
            t("toMove", { colour: lt("colours", s.to_move.colour), article: lt("articles", s.to_move.article) }),
          )
        : null,
    ),
    h(
      "div",
      { class: "columns" },
      h("div", { class: "left" }, undoBar(at), atTable ? quickRows(at) : null, panel, actions),
      h(
        "div",
        { class: "right card" },
        h("h3", {}, t("history")),
        waitingList(ctx.waiting ?? [], deciding),
        correctionList(s.corrections),
        historyList(at),
      ),
    ),
  );
}

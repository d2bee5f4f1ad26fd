// Late arrival at the table (第二十三条一–三): the timer from the round's start, the one-tap
// arrival of a quick action, and what the phone keeps when the office that times it cannot be
// reached. Drawn in the game screen's panel; every record goes through the confirm step.

import { KeptOffline, OfficeUnreachable, type Backend } from "../backend";
import type { Colour } from "../bindings/Colour";
import type { EventBody } from "../bindings/EventBody";
import type { LatenessProposal } from "../bindings/LatenessProposal";
import type { Ruling } from "../bindings/Ruling";
import { announce } from "../announce";
import { h } from "../dom";
import { locale, lt, t } from "../i18n";
import { confirmStep, keepAbove } from "./confirmStep";
import type { GameAt } from "./game";
import { clockText } from "./reader";
import { recordForm } from "./recordForm";

/** The record the timer's proposal makes (第二十三条一–三: the lateness each side was timed,
 * and the ruling the core proposed for it). */
function proposed(p: LatenessProposal): { ruling: Ruling; body: EventBody } {
  const ruling: Ruling =
    p.proposal === "deduct" ? "deduct_late_time" : p.proposal === "forfeit" ? "forfeit" : "both_forfeit";
  const facts = { black_late_secs: p.black_late_secs, white_late_secs: p.white_late_secs };
  return { ruling, body: { kind: "incident_recorded", data: { incident: { type: "late_arrival", facts }, ruling } } };
}

/** 第二十三条一–三: the late-arrival timer from the round's start; the referee taps each
 * side's arrival and records what the timer proposes (the core decides, in whole seconds). */
export function latenessTimer(at: GameAt, lateness: NonNullable<Backend["lateness"]>): void {
  const { panel } = at;
  const game = at.view.state.game;
  const arrived: Record<Colour, number | null> = { black: null, white: null };
  let now = 0;
  const info = h("p", { class: "lateness-info", "data-testid": "lateness-info" }, "…");
  const proposal = h("div", { "data-testid": "lateness-proposal" });
  const arrive = (c: Colour) =>
    h(
      "button",
      {
        "data-testid": `arrived-${c}`,
        onclick: () => {
          arrived[c] = now;
          void tick();
        },
      },
      t("arrived", { colour: lt("colours", c) }),
    );
  panel.replaceChildren(
    h("h3", {}, t("latenessTimer")),
    info,
    h("div", { class: "row" }, arrive("black"), arrive("white")),
    proposal,
    h("button", { "data-testid": "lateness-cancel", onclick: () => panel.replaceChildren() }, t("cancel")),
  );
  let shown = "";
  const tick = async () => {
    const s = await lateness(game, arrived.black, arrived.white).catch((e: Error) => {
      // 第二十三条 offline: the timer is the office's; the referee enters the lateness counted.
      if (e instanceof OfficeUnreachable) latenessByHand(at);
      else info.textContent = e.message;
      return undefined;
    });
    if (s === undefined) return;
    if (!s) {
      info.textContent = t("noRoundStart");
      return;
    }
    now = s.now_ms;
    const sides = (["black", "white"] as Colour[])
      .map((c) => {
        const came = arrived[c];
        return `${lt("colours", c)} ${came === null ? t("notHere") : clockText(Math.max(0, came - s.starts_at_ms))}`;
      })
      .join(" · ");
    const left = `${t("lateLeft", { m: s.allowed_minutes })} ${clockText(s.view.left_ms)}`;
    info.textContent = `${t("waited")} ${clockText(s.view.waited_ms)} · ${left} · ${sides}`;
    const p = s.view.proposal;
    const key = JSON.stringify(p);
    if (key === shown) return;
    shown = key;
    if (!p) return proposal.replaceChildren();
    const { ruling, body } = proposed(p);
    proposal.replaceChildren(
      h("p", { class: "flag" }, lt("rulings", ruling)),
      h(
        "button",
        {
          class: "primary",
          "data-testid": "lateness-record",
          onclick: () => void confirmStep(at, t("lateness"), body),
        },
        t("record"),
      ),
    );
  };
  const loop = async () => {
    while (info.isConnected) {
      await tick();
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  void loop();
}

/** The late arrival as facts the referee enters (the seconds each side was late): where the
 * device runs no timer (the office's pages); false where the ruleset has no such incident. */
export function lateArrivalForm(at: GameAt): boolean {
  const e = at.view.catalogue.find((c) => c.incident === "late_arrival");
  if (e) recordForm(at, e);
  return e !== undefined;
}

/** The form, for when the timer cannot reach the office: checked by the office on arrival. */
function latenessByHand(at: GameAt): void {
  if (!lateArrivalForm(at)) return;
  at.panel.prepend(h("p", { class: "flag", "data-testid": "lateness-offline" }, t("latenessOffline")));
}

/** 第二十三条 at one tap: side `c` sits down now, the other was on time; the timer's proposal
 * goes to the confirm step. Where the device runs no timer (the office's pages), the form. */
export async function quickLateness(at: GameAt, c: Colour): Promise<void> {
  const { view, ctx, panel } = at;
  const game = view.state.game;
  const timer = ctx.backend.lateness?.bind(ctx.backend);
  if (!timer) return void lateArrivalForm(at);
  const tapped = Date.now();
  try {
    const first = await timer(game, null, null);
    if (!first) return void panel.replaceChildren(h("p", { class: "error" }, t("noRoundStart")));
    const arrived: Record<Colour, number> = { black: first.starts_at_ms, white: first.starts_at_ms };
    arrived[c] = first.now_ms;
    const now = await timer(game, arrived.black, arrived.white);
    const p = now?.view.proposal;
    if (!p) return void panel.replaceChildren(h("p", {}, t("notLate", { colour: lt("colours", c) })));
    const { ruling, body } = proposed(p);
    await confirmStep(at, `${lt("colours", c)} · ${t("lateness")} · ${lt("rulings", ruling)}`, body);
  } catch (e) {
    const offline = ctx.backend.recordArrival?.bind(ctx.backend);
    if (e instanceof OfficeUnreachable && offline) return arrivalOffline(at, c, tapped, offline);
    panel.replaceChildren(h("p", { class: "error" }, (e as Error).message));
  }
}

/** The timer cannot run without the office: the arrival is kept with the moment it was
 * tapped, and the office times it at that moment when it arrives (第二十三条) — the phone
 * proposes no ruling of its own. */
function arrivalOffline(at: GameAt, c: Colour, tapped: number, record: NonNullable<Backend["recordArrival"]>): void {
  const { ctx, panel } = at;
  const game = at.view.state.game;
  const title = `${lt("colours", c)} · ${t("lateness")}`;
  const when = new Date(tapped).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const lines = h(
    "ul",
    { class: "consequence", "data-testid": "consequence" },
    h(
      "li",
      { class: "flag", "data-testid": "offline-arrival" },
      t("arrivalOffline", { colour: lt("colours", c), time: when }),
    ),
  );
  const confirm = h("button", { class: "primary", "data-testid": "confirm" }, t("confirm"));
  const bar = h(
    "div",
    { class: "row confirm-bar" },
    confirm,
    h("button", { onclick: () => panel.replaceChildren() }, t("cancel")),
  );
  confirm.onclick = async () => {
    confirm.setAttribute("disabled", "");
    try {
      await record(game, c, title, tapped);
      await ctx.reload(bar);
    } catch (e) {
      if (e instanceof KeptOffline) {
        announce(`${title} — ${e.message}`);
        await ctx.reload(bar).catch(() => undefined);
        return;
      }
      lines.append(h("li", { class: "error" }, (e as Error).message));
    }
  };
  panel.replaceChildren(h("h3", {}, title), lines, bar);
  keepAbove(lines, bar);
}

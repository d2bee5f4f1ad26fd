// The confirm step every record of the game screen goes through: the core's preview of what it
// does ("see the consequence before confirming"), then the record; and the undo bar that follows
// an incident recorded on this device (game::undo), with the one record it may still undo.

import { KeptOffline, OfficeUnreachable } from "../backend";
import type { EventBody } from "../bindings/EventBody";
import type { GameView } from "../bindings/GameView";
import { announce } from "../announce";
import { h } from "../dom";
import { consequenceLines, resultLine } from "../format";
import { t } from "../i18n";
import { UNDO_WINDOW_MS, undoCountdown } from "./forms";
import type { GameAt } from "./game";
import { standingsChangeView } from "./standings";

/** Scrolls so that `what` sits above `bar` (the sticky confirm bar on a phone): the consequence
 * is read before Confirm is tapped, never hidden under it. */
export function keepAbove(what: HTMLElement, bar: HTMLElement): void {
  const overlap = what.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  if (overlap > 0) window.scrollBy?.(0, overlap + 8);
}

/** The record this device may still undo, kept across redraws of the game screen. */
let undoable: { game: string; incident: string; title: string; until: number } | null = null;

/** Shows the preview of `body`, then records it on confirm; `after` may record follow-ups. */
export async function confirmStep(
  at: GameAt,
  title: string,
  body: EventBody,
  after?: (v: GameView) => Promise<void>,
  record?: () => Promise<GameView>,
): Promise<void> {
  const { ctx, panel } = at;
  const s = at.view.state;
  const game = s.game;
  const lines = h("ul", { class: "consequence", "data-testid": "consequence" }, h("li", {}, "…"));
  const confirm = h("button", { class: "primary", disabled: true, "data-testid": "confirm" }, t("confirm"));
  const bar = h(
    "div",
    { class: "row confirm-bar" },
    confirm,
    h("button", { onclick: () => panel.replaceChildren() }, t("cancel")),
  );
  // The confirm bar sits at the bottom of a phone's screen, where a thumb reaches.
  panel.replaceChildren(h("h3", {}, title), h("h4", {}, t("consequence")), lines, bar);
  panel.scrollIntoView?.({ block: "nearest" });
  // Set before the button can be enabled: a click as soon as the consequence shows (while the
  // standings' preview is still on its way) records.
  confirm.onclick = async () => {
    confirm.setAttribute("disabled", "");
    try {
      const before = new Set(s.incidents.map((i) => i.id));
      const v = await (record ? record() : ctx.backend.record(game, body, title));
      // Heard as well as seen: what was recorded, and what it does.
      announce(`${t("recordedAnnounce")}: ${title} — ${Array.from(lines.children, (li) => li.textContent).join("; ")}`);
      // An incident just recorded here may be undone for 30 s (game::undo).
      const mine = v.state.incidents.find((i) => !before.has(i.id));
      if (body.kind === "incident_recorded" && mine)
        undoable = { game, incident: mine.id, title, until: Date.now() + UNDO_WINDOW_MS };
      if (after) await after(v);
      await ctx.reload(bar);
    } catch (e) {
      // The office could not be reached: kept on this phone, sent when it can be.
      if (e instanceof KeptOffline) {
        announce(`${title} — ${e.message}`);
        await ctx.reload(bar).catch(() => undefined);
        return;
      }
      lines.append(h("li", { class: "error" }, (e as Error).message));
    }
  };
  try {
    const p = await ctx.backend.preview(game, body);
    // What becomes of the result (the second warning's loss, a correction) is shown in red;
    // a record kept after the result says the result stays.
    const result = resultLine(p);
    lines.replaceChildren(
      ...consequenceLines(p).map((x) =>
        h(
          "li",
          x === result
            ? {
                class: p.flagged_after_result ? "flag" : "loss",
                "data-testid": p.flagged_after_result ? "stays" : "loss",
              }
            : {},
          x,
        ),
      ),
    );
    if (!p.refused) confirm.removeAttribute("disabled");
    // The preview made the panel taller: its Confirm brought on the screen (a tablet's bar is
    // not sticky), then the consequence above it.
    bar.scrollIntoView?.({ block: "nearest" });
    keepAbove(lines, bar);
    // At the office every game is known: show what the ruling does to the standings too.
    if (!p.refused && ctx.backend.standingsPreview) {
      const sp = await ctx.backend.standingsPreview(game, body).catch(() => null);
      if (sp) lines.after(standingsChangeView(sp));
      keepAbove(lines, bar);
    }
  } catch (e) {
    // No office to preview with: the record may still be made, and is said for what it is.
    if (e instanceof OfficeUnreachable) {
      lines.replaceChildren(h("li", { class: "flag", "data-testid": "offline-preview" }, t("offlineNoPreview")));
      confirm.removeAttribute("disabled");
      return;
    }
    lines.replaceChildren(h("li", { class: "error" }, (e as Error).message));
  }
}

/** The undo bar: for 30 s after a record, the device that made it may take it back. */
export function undoBar(at: GameAt): HTMLElement | null {
  const { ctx } = at;
  const game = at.view.state.game;
  const canRecord = ctx.backend.canRecord;
  const u = undoable;
  if (!u || u.game !== game || Date.now() >= u.until || !canRecord) return null;
  return undoCountdown(
    "undo",
    `${t("recordedAnnounce")}: ${u.title}`,
    u.until,
    async () => {
      await ctx.backend.record(game, { kind: "incident_withdrawn", data: { incident: u.incident } });
      undoable = null;
      announce(`${t("undone")}: ${u.title}`);
      await ctx.reload();
    },
    () => {
      if (undoable === u) undoable = null;
    },
  );
}

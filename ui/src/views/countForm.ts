// The count (第九条 / KBA 第十三条): the counting board, or, counted on the table, the count typed
// in as the game's ruleset counts it; and the count made again at a player's demand (第十六条三),
// which replaces the one that decided the game. Drawn in the game screen's panel.

import type { Colour } from "../bindings/Colour";
import type { Count } from "../bindings/Count";
import type { EventBody } from "../bindings/EventBody";
import { h } from "../dom";
import { bracketed, lt, t } from "../i18n";
import { confirmStep } from "./confirmStep";
import { countBoard } from "./countBoard";
import type { GameAt } from "./game";
import { askText, choice, colours } from "./recordForm";

/** The count recorded as the game's result; or, asked for by `askedBy`, the count corrected. */
export function countForm(at: GameAt, askedBy?: Colour): void {
  const { ctx, panel } = at;
  const s = at.view.state;
  const title = askedBy ? `${t("recount")} · ${t("askedBy", { colour: lt("colours", askedBy) })}` : t("recordCount");
  const body = (count: Count): EventBody =>
    askedBy
      ? { kind: "count_corrected", data: { count, asked_by: askedBy } }
      : { kind: "count_recorded", data: { count } };
  panel.replaceChildren(
    ...(askedBy ? [h("h3", {}, title)] : []),
    countBoard({
      backend: ctx.backend,
      ruleset: s.ruleset,
      record: (count) => void confirmStep(at, title, body(count)),
    }),
    h(
      "button",
      { "data-testid": "count-by-hand", onclick: () => countByHand(at, askedBy ? title : t("count"), body) },
      t("countByHand"),
    ),
  );
}

/** 第十六条三: a player asks for the count to be made again: which side asked, then the count. */
export function recountForm(at: GameAt): void {
  at.panel.replaceChildren(
    h("h3", {}, t("recount")),
    h("p", {}, `${t("recountWho")}${bracketed(lt("articles", "16.3"))}`),
    choice(colours(), null, (c) => countForm(at, c), "recount-asked-by"),
  );
}

/** The count typed in, as the ruleset counts: KBA territory and prisoners (黑 白), Ing's points
 * with the penalty stones each side owes, else Black's stones. */
function countByHand(at: GameAt, heading: string, body: (count: Count) => EventBody): void {
  const s = at.view.state;
  if (s.ruleset.preset === "korean") {
    askText(at, heading, "70 62", (v) => {
      const [b, w] = v.split(/\s+/).map(Number);
      return Number.isInteger(b) && Number.isInteger(w)
        ? body({ method: "territory", black_points: b, white_points: w })
        : null;
    });
  } else if (s.ruleset.preset === "ing") {
    // Black's points (fill-in, seed 003 四), then the penalty stones each side owes, if any.
    askText(at, `${heading} · ${t("blackPointsIng")}`, "185 0 0", (v) => {
      const [b, bp = 0, wp = 0] = v.trim().split(/\s+/).map(Number);
      const whole = (n: number) => Number.isInteger(n) && n >= 0;
      return Number.isFinite(b) && whole(bp) && whole(wp)
        ? body({ method: "points", black_points: b, black_penalty_stones: bp, white_penalty_stones: wp })
        : null;
    });
  } else {
    askText(at, `${heading} · ${t("blackStones")}`, "184.5", (v) => {
      const n = Number(v);
      return Number.isFinite(n) ? body({ method: "area", black_stones: n }) : null;
    });
  }
}

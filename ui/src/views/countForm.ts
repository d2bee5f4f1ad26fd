// The count (第九条 / KBA 第十三条): the counting board, or, counted on the table, the count typed
// in as the game's ruleset counts it. Drawn in the game screen's panel.

import { h } from "../dom";
import { t } from "../i18n";
import { confirmStep } from "./confirmStep";
import { countBoard } from "./countBoard";
import type { GameAt } from "./game";
import { askText } from "./recordForm";

/** 第九条 / KBA 第十三条: the counting board; or, counted on the table, the count typed in. */
export function countForm(at: GameAt): void {
  const { ctx, panel } = at;
  const s = at.view.state;
  panel.replaceChildren(
    countBoard({
      backend: ctx.backend,
      ruleset: s.ruleset,
      record: (body) => void confirmStep(at, t("recordCount"), body),
    }),
    h("button", { "data-testid": "count-by-hand", onclick: () => countByHand(at) }, t("countByHand")),
  );
}

function countByHand(at: GameAt): void {
  const s = at.view.state;
  if (s.ruleset.preset === "korean") {
    askText(at, t("count"), "70 62", (v) => {
      const [b, w] = v.split(/\s+/).map(Number);
      return Number.isInteger(b) && Number.isInteger(w)
        ? { kind: "count_recorded", data: { count: { method: "territory", black_points: b, white_points: w } } }
        : null;
    });
  } else if (s.ruleset.preset === "ing") {
    // Black's points (fill-in, seed 003 四), then the penalty stones each side owes, if any.
    askText(at, `${t("count")} · ${t("blackPointsIng")}`, "185 0 0", (v) => {
      const [b, bp = 0, wp = 0] = v.trim().split(/\s+/).map(Number);
      const whole = (n: number) => Number.isInteger(n) && n >= 0;
      return Number.isFinite(b) && whole(bp) && whole(wp)
        ? {
            kind: "count_recorded",
            data: {
              count: { method: "points", black_points: b, black_penalty_stones: bp, white_penalty_stones: wp },
            },
          }
        : null;
    });
  } else {
    askText(at, `${t("count")} · ${t("blackStones")}`, "184.5", (v) => {
      const n = Number(v);
      return Number.isFinite(n)
        ? { kind: "count_recorded", data: { count: { method: "area", black_stones: n } } }
        : null;
    });
  }
}

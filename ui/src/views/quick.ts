// The quick actions (rules::quick): one row per side of the incidents referees record most under
// the game's ruleset, each one tap and one confirm, and the late arrival at one tap (第二十三条).

import type { Colour } from "../bindings/Colour";
import { h } from "../dom";
import { l, lt, t } from "../i18n";
import { confirmStep } from "./confirmStep";
import type { GameAt } from "./game";
import { quickLateness } from "./lateness";

/** The quick rows for the game in `at`. Not on a decided game: what is still recorded there
 * (misconduct after the game) goes through the form, whose preview says the result stays. */
export function quickRows(at: GameAt): HTMLElement | null {
  const { view } = at;
  if (!view.quick.length || view.state.result) return null;
  return h(
    "section",
    { class: "quick card", "data-testid": "quick", "aria-label": t("quickActions") },
    (["black", "white"] as Colour[]).map((c) =>
      h(
        "div",
        { class: "quick-row", "data-testid": `quick-${c}` },
        h(
          "span",
          { class: `quick-side player ${c}` },
          `${lt("colours", c)} ${(c === "black" ? view.black : view.white).name}`,
        ),
        view.quick.map((q) =>
          h(
            "button",
            {
              type: "button",
              class: "quick-action",
              "data-testid": `quick-${c}-${q.incident}-${q.ruling}`,
              onclick: () =>
                void confirmStep(at, `${lt("colours", c)} · ${l(q.label)} · ${l(q.ruling_label)}`, {
                  kind: "incident_recorded",
                  data: { incident: q[c], ruling: q.ruling },
                }),
            },
            l(q.label),
            h("small", {}, l(q.ruling_label)),
          ),
        ),
        h(
          "button",
          {
            type: "button",
            class: "quick-action",
            "data-testid": `quick-${c}-late_arrival`,
            onclick: () => void quickLateness(at, c),
          },
          lt("incident_types", "late_arrival"),
          h("small", {}, lt("articles", "23.1")),
        ),
      ),
    ),
  );
}

// The hall display: full screen, no token (what it shows is posted on the wall anyway), the
// current round's pairings and the standings, refreshing by itself.

import type { Board } from "../bindings/Board";
import { h } from "../dom";
import { criterionName, handicapText, resultSentence, valueText } from "../format";
import { labelled, listed, locale, t } from "../i18n";

export function hallView(b: Board, everySecs: number): HTMLElement {
  const s = b.standings;
  return h(
    "main",
    { class: "hall", "data-testid": "hall", lang: locale() },
    h(
      "header",
      {},
      h("h1", {}, b.name),
      h("p", {}, `${t("round", { n: b.round })} · ${t("refreshing", { n: everySecs })}`),
    ),
    h(
      "div",
      { class: "hall-columns" },
      h(
        "section",
        {},
        h("h2", {}, t("rounds")),
        h(
          "table",
          { class: "data", "data-testid": "hall-pairings" },
          h(
            "tbody",
            {},
            b.pairings.boards.map((x) =>
              h(
                "tr",
                {},
                h("td", { class: "num" }, String(x.table)),
                h("td", {}, `● ${x.black.name}${handicapText(x.handicap)}`),
                h("td", {}, `○ ${x.white.name}`),
                h("td", {}, x.result ? resultSentence(x.result) : ""),
              ),
            ),
          ),
        ),
        b.pairings.byes.length ? h("p", {}, labelled(t("bye"), listed(b.pairings.byes.map((p) => p.name)))) : null,
      ),
      s
        ? h(
            "section",
            {},
            h("h2", {}, t("standings")),
            h(
              "table",
              { class: "data", "data-testid": "hall-standings" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  h("th", {}, t("place")),
                  h("th", {}, t("playerName")),
                  ...s.criteria.map((c) => h("th", {}, criterionName(c))),
                ),
              ),
              h(
                "tbody",
                {},
                s.rows
                  .slice(0, 20)
                  .map((r) =>
                    h(
                      "tr",
                      {},
                      h("td", { class: "num" }, `${r.place}${r.shared ? "=" : ""}`),
                      h("td", {}, r.name),
                      ...r.values.slice(0, s.criteria.length).map((v) => h("td", { class: "num" }, valueText(v))),
                    ),
                  ),
              ),
            ),
          )
        : null,
    ),
  );
}

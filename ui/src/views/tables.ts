// “My tables”: players, status, warning dots (●○) and the result, one big card per table.

import type { TableRow } from "../bindings/TableRow";
import { h } from "../dom";
import { resultSentence, warningDots } from "../format";
import { lt, t } from "../i18n";

export function tablesView(rows: TableRow[], open: (game: string) => void): HTMLElement {
  if (rows.length === 0) return h("p", { class: "empty" }, t("noTables"));
  // The round being played (the latest paired) first, by table: it is the one an official
  // looks for; the rounds before it after.
  const ordered = [...rows].sort((a, b) => b.round - a.round || a.table - b.table);
  return h(
    "ul",
    { class: "tables", "data-testid": "tables" },
    ordered.map((r) =>
      h(
        "li",
        {},
        h(
          "button",
          { class: "table-card", onclick: () => open(r.game), "data-testid": `table-${r.game}` },
          h("span", { class: "where" }, `${t("round", { n: r.round })} ${t("table", { n: r.table })}`),
          h("span", { class: "player black" }, `${t("black")} ${r.black.name}`, h("span", { class: "dots", title: t("warnings") }, warningDots(r.black_warnings))),
          h("span", { class: "player white" }, `${t("white")} ${r.white.name}`, h("span", { class: "dots", title: t("warnings") }, warningDots(r.white_warnings))),
          h("span", { class: "status" }, lt("statuses", r.status.status)),
          h("span", { class: "result" }, r.result ? resultSentence(r.result) : t("noResult")),
        ),
      ),
    ),
  );
}

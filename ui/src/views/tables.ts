// “My tables”: players, status, warning dots (●○) and the result, one big card per table.

import type { TableRow } from "../bindings/TableRow";
import { h } from "../dom";
import { resultSentence, warningDots } from "../format";
import { lt, t } from "../i18n";

/** The tables, the round being played first; `me` (a referee) sees the tables assigned to
 * them (第三十一条三), a cover included, before the others. */
export function tablesView(rows: TableRow[], open: (game: string) => void, me?: string | null): HTMLElement {
  if (rows.length === 0) return h("p", { class: "empty" }, t("noTables"));
  // The round being played (the latest paired) first, by table: it is the one an official
  // looks for; the rounds before it after.
  const ordered = [...rows].sort((a, b) => b.round - a.round || a.table - b.table);
  const mine = me ? ordered.filter((r) => r.referee === me) : [];
  if (mine.length === 0) return list(ordered, open, "tables");
  return h(
    "div",
    { "data-testid": "tables" },
    h("h2", {}, t("yourTables")),
    list(mine, open, "my-tables"),
    mine.length < ordered.length ? h("h2", {}, t("otherTables")) : null,
    mine.length < ordered.length ? list(ordered.filter((r) => r.referee !== me), open, "other-tables") : null,
  );
}

function list(rows: TableRow[], open: (game: string) => void, testid: string): HTMLElement {
  return h(
    "ul",
    { class: "tables", "data-testid": testid },
    rows.map((r) =>
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

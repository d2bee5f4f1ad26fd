// The chief arbiter's queue: escalations, disputes, appeals, records after a result.

import type { QueueRow } from "../bindings/QueueRow";
import { h } from "../dom";
import { lt, t } from "../i18n";

export function queueView(rows: QueueRow[], open: (game: string) => void): HTMLElement {
  if (rows.length === 0) return h("p", { class: "empty", "data-testid": "queue-empty" }, t("nothingOpen"));
  return h(
    "ul",
    { class: "queue", "data-testid": "queue" },
    rows.map((q) =>
      h(
        "li",
        {},
        h(
          "button",
          { class: "queue-item", onclick: () => open(q.game) },
          h("span", { class: "kind" }, lt("open_kinds", q.kind)),
          h("span", {}, q.round !== null && q.table !== null ? `${t("round", { n: q.round })} ${t("table", { n: q.table })}` : q.game),
          h("span", {}, q.article ? lt("articles", q.article) : ""),
          h("span", { class: "for" }, lt("roles", q.for_role)),
          // 第十六条四: a decision the rules refused leaves the appeal open; say why beside it.
          q.refused.map((r) => h("span", { class: "flag", "data-testid": "refused-decision" }, `${t("refused")}：${r.message}`)),
        ),
      ),
    ),
  );
}

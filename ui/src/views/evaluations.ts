// 第三十一条: after the event the chief arbiter writes an evaluation of each referee. The
// organiser and the committee read them; the office keeps them out of the ledger.

import type { Evaluation } from "../bindings/Evaluation";
import type { Role } from "../bindings/Role";
import type { Setup } from "../bindings/Setup";
import { h } from "../dom";
import { t } from "../i18n";
import type { OfficeApi } from "../office";
import { outcomeLine } from "./forms";
import { timeOfDay } from "./queue";

/** One card per referee: the chief arbiter's text (editable by the chief arbiter only). */
export function evaluationsView(
  setup: Setup,
  evaluations: Evaluation[],
  api: OfficeApi,
  role: Role | undefined,
  changed: (since: number) => void,
): HTMLElement {
  const out = outcomeLine();
  const writes = role === "chief_arbiter";
  const referees = setup.people.filter((p) => p.role === "referee");
  const cards = referees.map((p) => {
    const e = evaluations.find((x) => x.referee === p.id);
    const meta = e
      ? h("p", { class: "note" }, t("evaluatedBy", { by: e.by, at: timeOfDay(e.at) }))
      : h("p", { class: "note" }, t("notEvaluated"));
    if (!writes) {
      return h(
        "section",
        { class: "card", "data-testid": `eval-${p.id}` },
        h("h3", {}, p.name),
        h("p", { class: "evaluation" }, e?.text ?? ""),
        meta,
      );
    }
    const text = h(
      "textarea",
      { rows: 4, maxlength: 4000, "data-testid": `eval-text-${p.id}` },
      e?.text ?? "",
    ) as HTMLTextAreaElement;
    const save = h(
      "button",
      {
        class: "primary",
        "data-testid": `eval-save-${p.id}`,
        onclick: async () => {
          const since = performance.now();
          try {
            await api.evaluate(p.id, text.value);
            out.ok(t("saved"));
            changed(since);
          } catch (err) {
            out.fail(err);
          }
        },
      },
      t("save"),
    );
    return h("section", { class: "card", "data-testid": `eval-${p.id}` }, h("h3", {}, p.name), text, meta, save);
  });
  return h(
    "main",
    { class: "office" },
    h("h2", {}, t("evaluations")),
    h("p", { class: "note" }, t("evaluationsAbout")),
    out.el,
    cards.length ? cards : h("p", { class: "empty" }, t("noReferees")),
  );
}

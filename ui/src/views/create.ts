// Creating the office's first tournament from the browser, with the one-time code that
// `arbiter-office serve` printed: the organiser's token is shown once, then the pages open
// signed in as the organiser, on the set-up.

import type { InitReport } from "../bindings/InitReport";
import { officeCall } from "../backend";
import { h } from "../dom";
import { t } from "../i18n";
import { copyButton, field, input, outcomeLine, rulesetField, rulesetOf, rulesetSelect } from "./forms";

export function createView(base: string, setupCode: string, signIn: (token: string) => void): HTMLElement {
  const out = outcomeLine();
  const id = input({ type: "text", placeholder: "city-open-2026", "data-testid": "c-id", pattern: "[A-Za-z0-9._-]+" });
  const name = input({ type: "text", "data-testid": "c-name" });
  const rules = rulesetSelect("c-rules");
  const done = h("div", { "data-testid": "created" });
  const form = h(
    "form",
    {
      class: "card form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        try {
          const r = await officeCall<InitReport>(fetch.bind(globalThis), base, null, "POST", "/tournaments", {
            setup_code: setupCode,
            id: id.value.trim(),
            name: name.value.trim(),
            ruleset: rulesetOf(rules),
          });
          form.remove();
          done.replaceChildren(
            h("p", {}, t("tokenOnce")),
            h("p", { class: "code secret", "data-testid": "organiser-token" }, r.organiser_token),
            copyButton(r.organiser_token),
            h(
              "button",
              { class: "primary", "data-testid": "continue", onclick: () => signIn(r.organiser_token) },
              t("continueSetUp"),
            ),
          );
        } catch (err) {
          out.fail(err);
        }
      },
    },
    h("h1", {}, t("createTournament")),
    field(t("tournamentId"), id),
    field(t("tournamentName"), name),
    rulesetField(`${t("ruleset")} · ${t("komi")}`, rules),
    h("button", { type: "submit", class: "primary", "data-testid": "create" }, t("create")),
  );
  return h("main", { class: "office" }, out.el, form, done);
}

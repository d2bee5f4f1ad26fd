// Correcting a result: its own act (the core's game::correction). The form names the result it
// replaces, the new outcome (or none: the game reopens), the kind of correction the viewer's
// role may make and the reason; the history and the standings list each correction with who
// made it and why. Used by the game page and the rounds page.

import type { Correction } from "../bindings/Correction";
import type { CorrectionCause } from "../bindings/CorrectionCause";
import type { EventBody } from "../bindings/EventBody";
import type { GameResult } from "../bindings/GameResult";
import type { Outcome } from "../bindings/Outcome";
import type { Role } from "../bindings/Role";
import { h } from "../dom";
import { resultSentence } from "../format";
import { lt, t } from "../i18n";
import { field, input, select } from "./forms";

/** The outcomes an official enters or corrects to, by the word that names each. */
export const OUTCOMES: ["blackWins" | "whiteWins" | "draw" | "bothLose", Outcome][] = [
  ["blackWins", { outcome: "win", winner: "black" }],
  ["whiteWins", { outcome: "win", winner: "white" }],
  ["draw", { outcome: "draw" }],
  ["bothLose", { outcome: "both_lose" }],
];

/** The kinds of correction `role` may make (game::correction: the committee by an appeal, the
 * organiser its own entries, the chief arbiter any). */
export function causesFor(role: Role | null): CorrectionCause[] {
  switch (role) {
    case "chief_arbiter":
      return ["wrong_entry", "ruling_annulled", "appeal"];
    case "committee":
      return ["appeal"];
    case "organiser":
      return ["wrong_entry"];
    default:
      return [];
  }
}

/** An outcome in words, as a result sentence says it (or “no result”). */
export function outcomeWords(o: Outcome | null): string {
  if (!o) return t("noResultAgain");
  const word = OUTCOMES.find(([, x]) => JSON.stringify(x) === JSON.stringify(o))?.[0];
  return word ? t(word) : lt("outcomes", o.outcome);
}

/** The correction form for `result`: on submit, `propose` gets the event and the new outcome in
 * words, to preview and confirm. `id` keeps test ids apart where several forms share a page. */
export function correctionForm(
  result: GameResult,
  role: Role | null,
  id: string,
  propose: (body: EventBody, to: string) => void,
): HTMLElement {
  const outcome = select(
    `correct-outcome-${id}`,
    [...OUTCOMES.map(([w], i): [string, string] => [String(i), t(w)]), ["none", t("noResultAgain")]],
    "0",
  );
  const cause = select(
    `correct-cause-${id}`,
    causesFor(role).map((c): [string, string] => [c, lt("correction_causes", c)]),
    causesFor(role)[0] ?? "",
  );
  const why = input({ type: "text", placeholder: t("reason"), "data-testid": `correct-why-${id}`, maxlength: 500 });
  const go = h(
    "button",
    {
      class: "primary small",
      "data-testid": `correct-go-${id}`,
      onclick: () => {
        const o = outcome.value === "none" ? null : OUTCOMES[Number(outcome.value)][1];
        const body: EventBody = {
          kind: "result_corrected",
          data: {
            replaces: result.event,
            cause: cause.value as CorrectionCause,
            why: why.value,
            ...(o ? { outcome: o } : {}),
          },
        };
        propose(body, outcomeWords(o));
      },
    },
    t("correct"),
  );
  return h(
    "div",
    { class: "form", "data-testid": `correct-form-${id}` },
    h("p", {}, resultSentence(result)),
    field(t("result"), outcome),
    field(t("correctionCause"), cause),
    field(t("reason"), why),
    go,
  );
}

/** One correction in words: who, from what to what, of which kind and why. */
export function correctionText(c: Correction): string {
  return t("correctedBy", {
    role: lt("roles", c.by),
    who: c.person ?? "",
    from: resultSentence(c.replaced),
    to: c.outcome ? outcomeWords(c.outcome) : t("noResultAgain"),
    cause: lt("correction_causes", c.cause),
    why: c.why,
  });
}

/** The corrections of a game, for its history. */
export function correctionList(cs: Correction[]): HTMLElement | null {
  return cs.length
    ? h(
        "div",
        { "data-testid": "corrections" },
        h("h4", {}, t("corrections")),
        h(
          "ul",
          {},
          cs.map((c) => h("li", { class: "flag" }, correctionText(c))),
        ),
      )
    : null;
}

// The game's history (第二十五条 onwards: each incident as recorded and ruled): its rulings,
// seals and appeals, and the actions on it of whoever is signed in. Drawn in the game screen.

import type { Colour } from "../bindings/Colour";
import type { IncidentView } from "../bindings/IncidentView";
import { h } from "../dom";
import { labelled, locale, lt, said, t } from "../i18n";
import { confirmStep } from "./confirmStep";
import { sealMark, type GameAt } from "./game";
import { choice, colours } from "./recordForm";

/** What the official signed in may do with incident `i`: escalate, appeal, decide, or (the
 * committee) decide its appeal; each through the confirm step. */
function incidentActions(at: GameAt, i: IncidentView): HTMLElement | null {
  const { ctx, panel } = at;
  const s = at.view.state;
  const game = s.game;
  // An undone record is kept to be read, not acted on.
  if (!ctx.backend.canRecord || !ctx.role || i.withdrawn) return null;
  const b: HTMLElement[] = [];
  if (ctx.role === "referee" && !i.escalated_to.includes("chief_arbiter")) {
    b.push(
      h(
        "button",
        {
          class: "small",
          "data-testid": "escalate",
          onclick: () =>
            void confirmStep(at, t("escalate"), { kind: "escalated", data: { incident: i.id, to: "chief_arbiter" } }),
        },
        t("escalate"),
      ),
    );
  }
  if (ctx.role === "referee" || ctx.role === "chief_arbiter") {
    b.push(
      h(
        "button",
        {
          class: "small",
          "data-testid": "appeal",
          onclick: () => {
            let by: Colour | null = null;
            const grounds = h("input", {
              type: "text",
              placeholder: t("grounds"),
              "data-testid": "grounds",
            }) as HTMLInputElement;
            panel.replaceChildren(
              h("h3", {}, t("appeal")),
              choice(
                colours(),
                by,
                (c) => {
                  by = c;
                },
                "appeal-by",
              ),
              grounds,
              h(
                "button",
                {
                  class: "primary",
                  onclick: () =>
                    by &&
                    void confirmStep(at, t("appeal"), {
                      kind: "appeal_filed",
                      data: { incident: i.id, by, grounds: grounds.value },
                    }),
                },
                t("confirm"),
              ),
            );
          },
        },
        t("appeal"),
      ),
    );
  }
  if (ctx.role === "chief_arbiter") {
    b.push(
      h(
        "button",
        {
          class: "small primary",
          "data-testid": "decide",
          onclick: async () => {
            const allowed = await ctx.backend.allowed(game, i.incident);
            panel.replaceChildren(
              h("h3", {}, `${t("decide")} · ${lt("incident_types", i.incident.type)}`),
              h(
                "div",
                { class: "grid", "data-testid": "rulings" },
                allowed.map((a) =>
                  h(
                    "button",
                    {
                      "data-value": a.ruling,
                      onclick: () =>
                        void confirmStep(at, `${t("decide")} · ${lt("rulings", a.ruling)}`, {
                          kind: "ruling_issued",
                          data: { incident: i.id, ruling: a.ruling },
                        }),
                    },
                    lt("rulings", a.ruling),
                    h("small", {}, lt("articles", a.article)),
                  ),
                ),
              ),
            );
          },
        },
        t("decide"),
      ),
    );
  }
  if (ctx.role === "committee") {
    for (const a of s.appeals.filter((a) => a.incident === i.id && !a.decision)) {
      b.push(
        h(
          "button",
          {
            class: "small primary",
            "data-testid": "uphold",
            onclick: () =>
              void confirmStep(at, t("upheld"), {
                kind: "appeal_decided",
                data: { appeal: a.id, decision: { decision: "upheld" } },
              }),
          },
          t("upheld"),
        ),
      );
      b.push(
        h(
          "button",
          {
            class: "small",
            "data-testid": "annul",
            onclick: () =>
              void confirmStep(at, t("annul"), {
                kind: "appeal_decided",
                data: { appeal: a.id, decision: { decision: "annulled" } },
              }),
          },
          t("annul"),
        ),
      );
      b.push(
        h(
          "button",
          {
            class: "small",
            "data-testid": "overturn",
            onclick: async () => {
              const allowed = await ctx.backend.allowed(game, i.incident);
              panel.replaceChildren(
                h("h3", {}, t("overturn")),
                h(
                  "div",
                  { class: "grid" },
                  allowed.map((r) =>
                    h(
                      "button",
                      {
                        onclick: () =>
                          void confirmStep(at, t("overturn"), {
                            kind: "appeal_decided",
                            data: { appeal: a.id, decision: { decision: "overturned", ruling: r.ruling } },
                          }),
                      },
                      lt("rulings", r.ruling),
                    ),
                  ),
                ),
              );
            },
          },
          t("overturn"),
        ),
      );
    }
  }
  return h("div", { class: "row" }, b);
}

/** The game's incidents, newest last: each with its rulings and who signed them, its open
 * appeals, its whole story, and what the official may do with it. */
export function historyList(at: GameAt): HTMLElement {
  const { view, ctx } = at;
  const s = view.state;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
  return h(
    "ol",
    { class: "history", "data-testid": "history" },
    s.incidents.map((i) =>
      h(
        "li",
        { class: i.withdrawn ? "withdrawn" : i.effective ? "" : "open" },
        h(
          "div",
          { class: "line" },
          h("span", { class: "time" }, time(i.wall_time)),
          h("strong", {}, lt("incident_types", i.incident.type)),
          h("span", { class: "article" }, i.article ? lt("articles", i.article) : ""),
          h("span", { class: "ruling" }, i.effective ? lt("rulings", i.effective.ruling) : "—"),
          i.withdrawn
            ? h(
                "span",
                { class: "flag undone", "data-testid": "undone" },
                t("undoneAt", { time: time(i.withdrawn.wall_time), by: i.withdrawn.author.person }),
              )
            : null,
          i.disputed ? h("span", { class: "flag" }, lt("open_kinds", "dispute")) : null,
          i.after_result ? h("span", { class: "flag" }, lt("open_kinds", "after_result")) : null,
          s.open.some((o) => o.kind === "escalation" && o.incident === i.id)
            ? h("span", { class: "flag" }, lt("open_kinds", "escalation"))
            : null,
        ),
        h(
          "ul",
          { class: "rulings" },
          i.rulings.map((r) =>
            h(
              "li",
              {},
              `${lt("rulings", r.ruling)} — ${r.author.person} (${lt("roles", r.author.role)})`,
              r.superseded_by ? ` · ${t("supersededBy")}` : "",
              r.refused ? ` · ${t("refused")}: ${said(r.refused)}` : "",
              sealMark(view.seals.find((x) => x.event === r.event)?.signer, ctx.unsent?.has(r.event)),
            ),
          ),
        ),
        s.appeals
          .filter((a) => a.incident === i.id && !a.decision)
          .map((a) =>
            h(
              "p",
              { class: "flag", "data-testid": "open-appeal" },
              labelled(t("appeal"), a.grounds),
              a.refused.map((r) => ` · ${t("refused")}: ${said(r)}`).join(""),
            ),
          ),
        ctx.openStory
          ? h(
              "button",
              { class: "small", "data-testid": "open-story", onclick: () => ctx.openStory?.(i.id) },
              t("wholeStory"),
            )
          : null,
        incidentActions(at, i),
      ),
    ),
  );
}

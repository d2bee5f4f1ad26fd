// The record form: the incident's group, then its type, then its facts (the form the core
// describes, incidentForm.ts) and the rulings the core allows for them; a game record's move
// checked by the core on the way (第十九条 / 第二十条 / 第六条). Drawn in the game screen's panel.

import type { CatalogueEntry } from "../bindings/CatalogueEntry";
import type { Colour } from "../bindings/Colour";
import type { EventBody } from "../bindings/EventBody";
import type { FactField } from "../bindings/FactField";
import type { GameView } from "../bindings/GameView";
import type { Objection } from "../bindings/Objection";
import type { Article } from "../bindings/Article";
import type { Role } from "../bindings/Role";
import type { Ruling } from "../bindings/Ruling";
import { OfficeUnreachable } from "../backend";
import { h } from "../dom";
import { buildIncident, defaultFacts, factsOf, problems, type FactValue } from "../incidentForm";
import { l, labelled, lt, t } from "../i18n";
import { confirmStep } from "./confirmStep";
import type { GameAt } from "./game";

/** A row of choices, the current one marked. */
export function choice<T extends string>(
  options: [T, string][],
  current: T | null,
  pick: (v: T) => void,
  testid: string,
): HTMLElement {
  return h(
    "div",
    { class: "choice", "data-testid": testid },
    options.map(([v, label]) =>
      h("button", { type: "button", class: v === current ? "on" : "", onclick: () => pick(v), "data-value": v }, label),
    ),
  );
}

export const colours = (): [Colour, string][] => [
  ["black", lt("colours", "black")],
  ["white", lt("colours", "white")],
];

/** A side picked in the panel (`title`), then the record `make` builds for it confirmed. */
export function askColour(at: GameAt, title: string, make: (c: Colour) => EventBody): void {
  at.panel.replaceChildren(
    h("h3", {}, title),
    choice(colours(), null, (c) => void confirmStep(at, title, make(c)), "pick-colour"),
  );
}

/** A text typed in the panel (`title`), then the record `make` builds from it confirmed; none
 * while `make` finds the text wrong. */
export function askText(at: GameAt, title: string, placeholder: string, make: (v: string) => EventBody | null): void {
  const input = h("input", { type: "text", placeholder, "data-testid": "ask" }) as HTMLInputElement;
  at.panel.replaceChildren(
    h("h3", {}, title),
    input,
    h(
      "button",
      {
        class: "primary",
        "data-testid": "ask-confirm",
        onclick: () => {
          const b = make(input.value.trim());
          if (b) void confirmStep(at, title, b);
        },
      },
      t("confirm"),
    ),
  );
}

export function recordForm(at: GameAt, preset?: CatalogueEntry): void {
  const { view, ctx, panel } = at;
  const s = view.state;
  const game = s.game;
  const confirmFlow = (
    title: string,
    body: EventBody,
    after?: (v: GameView) => Promise<void>,
    record?: () => Promise<GameView>,
  ) => confirmStep(at, title, body, after, record);
  const groups = [...new Map(view.catalogue.map((e) => [e.group, e.group_label])).entries()];
  if (preset) {
    factsForm(preset);
    return;
  }
  panel.replaceChildren(
    h("h3", {}, t("chooseGroup")),
    h(
      "div",
      { class: "grid", "data-testid": "groups" },
      groups.map(([g, label]) => h("button", { "data-value": g, onclick: () => types(g) }, l(label))),
    ),
  );
  function types(group: string) {
    panel.replaceChildren(
      h("h3", {}, t("chooseType")),
      h(
        "div",
        { class: "grid", "data-testid": "types" },
        view.catalogue
          .filter((e) => e.group === group)
          .map((e) =>
            h(
              "button",
              { "data-value": e.incident, onclick: () => factsForm(e) },
              l(e.label),
              h("small", {}, lt("articles", e.rulings[0]?.article ?? "")),
            ),
          ),
      ),
    );
  }

  function factControl(f: FactField, values: Record<string, FactValue>, changed: () => void): HTMLElement {
    const set = (v: FactValue) => {
      values[f.name] = v;
      changed();
    };
    let control: HTMLElement;
    switch (f.kind) {
      case "colour":
        control = choice(
          colours(),
          values[f.name] as Colour,
          (v) => {
            set(v);
            redraw();
          },
          `fact-${f.name}`,
        );
        break;
      case "optional_colour":
        control = choice<string>(
          [...colours(), ["none", "—"]],
          (values[f.name] as string) ?? "none",
          (v) => {
            set(v === "none" ? null : v);
            redraw();
          },
          `fact-${f.name}`,
        );
        break;
      case "bool":
        control = h("input", {
          type: "checkbox",
          checked: values[f.name] === true,
          "data-testid": `fact-${f.name}`,
          onchange: (e: Event) => set((e.target as HTMLInputElement).checked),
        });
        break;
      case "optional_bool":
        control = choice<string>(
          ["yes", "no", "not_stated"].map((v) => [v, lt("answers", v)]),
          values[f.name] === true ? "yes" : values[f.name] === false ? "no" : "not_stated",
          (v) => {
            set(v === "not_stated" ? null : v === "yes");
            redraw();
          },
          `fact-${f.name}`,
        );
        break;
      case "seconds":
        control = h("input", {
          type: "number",
          min: 0,
          step: 1,
          value: Number(values[f.name]),
          "data-testid": `fact-${f.name}`,
          oninput: (e: Event) => set(Number((e.target as HTMLInputElement).value)),
        });
        break;
      case "optional_point":
      case "text":
        control = h("input", {
          type: "text",
          value: (values[f.name] as string) ?? "",
          "data-testid": `fact-${f.name}`,
          oninput: (e: Event) => {
            const v = (e.target as HTMLInputElement).value;
            set(f.kind === "optional_point" && v === "" ? null : v);
          },
        });
        break;
      case "scatter_cause":
        control = choice<string>(
          ["force_majeure", "unintentional", "deliberate"].map((v) => [v, lt("scatter_causes", v)]),
          values[f.name] as string,
          (v) => {
            set(v);
            redraw();
          },
          `fact-${f.name}`,
        );
        break;
      case "optional_objection": {
        // 付則第三条1 is the KBA's; the Chinese rules set no time for a claim.
        if (s.ruleset.preset !== "korean") return h("span");
        const v = values[f.name] as Objection | null;
        const current = v === null ? "none" : v.by === "referee" ? (v.play_went_on ? "late" : "at_once") : "record";
        const options: [string, string][] = [
          ["none", t("objectionNone")],
          ["at_once", t("objectionAtOnce")],
          ["late", t("objectionLate")],
        ];
        if (v?.by === "record")
          options.push(["record", t("objectionRecord", { m: v.offending_move, c: v.claimed_after_move })]);
        control = choice<string>(
          options,
          current,
          (c) => {
            if (c !== "record") set(c === "none" ? null : { by: "referee", play_went_on: c === "late" });
            redraw();
          },
          `fact-${f.name}`,
        );
        break;
      }
      case "cycle":
        control = choice<string>(
          ["triple_ko", "quadruple_ko", "eternal_life", "double_two_stone_capture", "other"].map((v) => [
            v,
            lt("cycles", v),
          ]),
          values[f.name] as string,
          (v) => {
            set(v);
            redraw();
          },
          `fact-${f.name}`,
        );
        break;
    }
    let redraw = () => {};
    const wrap = h("label", { class: "field" }, h("span", {}, l(f.label)), control);
    redraw = () => wrap.replaceWith(factControl(f, values, changed));
    return wrap;
  }

  /** 第十九条 / 第二十条 / 第六条: the game record's move checked by the core; an illegal move
   * opens the form of the incident it is, its facts filled from the record. */
  function recordCheck(): HTMLElement {
    const file = h("input", {
      type: "file",
      accept: ".sgf,application/x-go-sgf,text/plain",
      "data-testid": "check-sgf",
    }) as HTMLInputElement;
    const moveNo = h("input", { type: "number", min: 1, step: 1, "data-testid": "check-move-no" }) as HTMLInputElement;
    const out = h("p", { "data-testid": "check-result" });
    const run = async () => {
      const f = file.files?.[0];
      if (!f || !(Number(moveNo.value) >= 1)) return;
      try {
        const c = await ctx.backend.checkMove(await f.text(), Number(moveNo.value));
        // A ruling tapped while the check ran opened its confirm step: that is kept, not
        // replaced by a form the person has moved on from.
        if (!out.isConnected) return;
        if (c.verdict.verdict === "legal") {
          out.textContent = t("checkLegal", { n: c.move_no });
          return;
        }
        const found = c.verdict.incident;
        out.textContent = labelled(lt("articles", c.verdict.article), c.verdict.reason);
        const entry = found && view.catalogue.find((e) => e.incident === found.type);
        // The record goes with the incident as evidence: its story shows this move checked.
        if (found && entry)
          factsForm(entry, factsOf(found), out.textContent, { sgf: await f.text(), moveNo: c.move_no });
      } catch (e) {
        out.textContent = (e as Error).message;
      }
    };
    return h(
      "details",
      { class: "record-check", "data-testid": "record-check" },
      h("summary", {}, t("checkRecord")),
      h("label", { class: "field" }, h("span", {}, "SGF"), file),
      h("label", { class: "field" }, h("span", {}, t("checkMoveNo")), moveNo),
      h("button", { type: "button", "data-testid": "check-run", onclick: () => void run() }, t("checkButton")),
      out,
    );
  }

  function factsForm(
    entry: CatalogueEntry,
    preset?: Record<string, FactValue>,
    found?: string,
    evidence?: { sgf: string; moveNo: number },
  ): void {
    /** Attaches the checked record to the incident just recorded (the newest in `v`). */
    const attach = async (v: GameView): Promise<string | undefined> => {
      const mine = v.state.incidents[v.state.incidents.length - 1];
      if (mine && evidence)
        await ctx.backend.record(game, {
          kind: "record_attached",
          data: { incident: mine.id, sgf: evidence.sgf, move_no: evidence.moveNo },
        });
      return mine?.id;
    };
    const values = { ...defaultFacts(entry.facts), ...(preset ?? {}) };
    const rulings = h("div", { class: "grid", "data-testid": "rulings" });
    const note = h("p", { class: "error" });
    let picked: Ruling | null = null;
    // Two facts changed quickly ask twice; the answers may come back in either order, and only
    // the one for the facts as they are now is shown.
    let asked = 0;
    const refresh = async () => {
      const ask = ++asked;
      note.textContent = problems(entry.facts, values).join("; ");
      if (note.textContent) return rulings.replaceChildren();
      const incident = buildIncident(entry.incident, entry.facts, values);
      // Offline, the rulings the catalogue lists for this kind of incident, each with its
      // condition: the office checks the facts on arrival (the page decides nothing).
      let offline = false;
      const allowed: Offered[] = await ctx.backend.allowed(game, incident).catch((e) => {
        if (!(e instanceof OfficeUnreachable) || !ctx.role) return [];
        offline = true;
        return cataloguedRulings(entry, ctx.role);
      });
      if (ask !== asked) return;
      rulings.replaceChildren(
        offline ? h("p", { class: "flag", "data-testid": "rulings-offline" }, t("rulingsOffline")) : "",
        ...allowed.map((a) =>
          h(
            "button",
            {
              "data-value": a.ruling,
              class: a.ruling === picked ? "on" : "",
              onclick: () => {
                picked = a.ruling;
                void confirmFlow(
                  `${l(entry.label)} · ${lt("rulings", a.ruling)}`,
                  { kind: "incident_recorded", data: { incident, ruling: a.ruling } },
                  evidence ? async (v) => void (await attach(v)) : undefined,
                );
              },
            },
            lt("rulings", a.ruling),
            h("small", {}, a.when ? `${lt("articles", a.article)} · ${a.when}` : lt("articles", a.article)),
          ),
        ),
        h(
          "button",
          {
            "data-value": "escalate",
            class: "secondary",
            onclick: () => {
              const title = `${l(entry.label)} · ${t("noRuling")}`;
              const unruled: EventBody = { kind: "incident_recorded", data: { incident } };
              // The office's pages: the incident and its escalation as one record (kept as one
              // offline); a tablet records the escalation after the incident itself.
              const both = ctx.backend.recordEscalated?.bind(ctx.backend);
              if (both)
                return void confirmFlow(
                  title,
                  unruled,
                  evidence ? async (v) => void (await attach(v)) : undefined,
                  () => both(game, unruled, title),
                );
              void confirmFlow(title, unruled, async (v) => {
                const mine = await attach(v);
                if (mine)
                  await ctx.backend.record(game, { kind: "escalated", data: { incident: mine, to: "chief_arbiter" } });
              });
            },
          },
          t("noRuling"),
        ),
      );
    };
    const checkable = ["forbidden_point", "ko_recapture", "rare_cycle"].includes(entry.incident);
    panel.replaceChildren(
      h("h3", {}, `${l(entry.label)}`),
      found ? h("p", { class: "flag", "data-testid": "check-found" }, found) : "",
      checkable ? recordCheck() : "",
      h("h4", {}, t("facts")),
      h(
        "div",
        { class: "facts", "data-testid": "facts" },
        entry.facts.map((f) => factControl(f, values, () => void refresh())),
      ),
      note,
      h("h4", {}, t("ruling")),
      rulings,
    );
    void refresh();
  }
}

/** A ruling a form offers: what the office allowed, or offline what the catalogue lists with
 * its conditions. */
type Offered = { ruling: Ruling; article: Article; when?: string };

/** Authority in the ruling table's order (rules::authority): who may give a catalogued ruling. */
const RANK: Partial<Record<Role, number>> = { referee: 1, chief_arbiter: 2, committee: 3 };

/** The catalogue's rulings for `entry` that `role` may give, each once, with the conditions
 * under which the rules give it (what a phone offline offers; the office checks on arrival). */
export function cataloguedRulings(entry: CatalogueEntry, role: Role): Offered[] {
  const mine = RANK[role] ?? 0;
  const out = new Map<Ruling, { ruling: Ruling; article: Article; when: string[] }>();
  for (const r of entry.rulings) {
    if ((RANK[r.min_role] ?? 99) > mine) continue;
    const when = l(r.when);
    const kept = out.get(r.ruling) ?? { ruling: r.ruling, article: r.article, when: [] };
    if (when && !kept.when.includes(when)) kept.when.push(when);
    out.set(r.ruling, kept);
  }
  return [...out.values()].map((r) => ({ ...r, when: r.when.join(" / ") }));
}

// The organiser's set-up of the event: name, rules and komi, dates, venue, time control
// (第十二条), allowed lateness (第二十三条), system (第二十七条), rounds, shared places (第二十八条 C/D).

import type { Settings } from "../bindings/Settings";
import type { Setup } from "../bindings/Setup";
import type { System } from "../bindings/System";
import type { TeamPairing } from "../bindings/TeamPairing";
import type { TimeControl } from "../bindings/TimeControl";
import { h, own } from "../dom";
import { getLang, isLang, type Lang, LANGS, labelled, locale, t } from "../i18n";
import type { OfficeApi } from "../office";
import {
  dateField,
  field,
  input,
  outcomeLine,
  parseDay,
  rulesetField,
  rulesetOf,
  rulesetSelect,
  select,
} from "./forms";
import { opengothaForm } from "./opengothaParams";

/** The time control the form describes: 第十二条's reserved minutes in the version-1 form (the
 * minutes given are the whole limit, the reserve its last minutes: 第十二条二), the other systems
 * as `overtime`. */
export function timeControlOf(
  system: string,
  main_minutes: number,
  v: {
    reserved: number;
    periods: number;
    periodSeconds: number;
    canMoves: number;
    canMinutes: number;
    fischer: number;
  },
): TimeControl {
  switch (system) {
    case "periods":
      return { main_minutes, overtime: { system: "periods", periods: v.periods, seconds: v.periodSeconds } };
    case "canadian":
      return { main_minutes, overtime: { system: "canadian", moves: v.canMoves, seconds: v.canMinutes * 60 } };
    case "fischer":
      return { main_minutes, overtime: { system: "fischer", seconds: v.fischer } };
    default:
      return { main_minutes, reserved_minutes: v.reserved };
  }
}

/** 第十二条二's arithmetic for the organiser: "60 minutes, of which the last 5 are byo-yomi
 * (55 + 5)" — the reserve is kept within the limit, not added after it. */
export function limitArithmetic(limit: number, reserved: number): string {
  if (reserved > limit) return t("limitTooShort", { r: reserved });
  if (reserved <= 0) return t("limitNoByoYomi", { limit });
  return t("limitArithmetic", { limit, r: reserved, main: limit - reserved });
}

const RANKS = [
  ...Array.from({ length: 9 }, (_, i) => `${9 - i}d`),
  ...Array.from({ length: 30 }, (_, i) => `${i + 1}k`),
];

export function setupView(setup: Setup, api: OfficeApi): HTMLElement {
  const tm = setup.tournament;
  const s: Settings = tm?.settings ?? {};
  const name = input({ type: "text", value: tm?.name ?? "", "data-testid": "t-name" });
  const rules = rulesetSelect("t-rules", tm?.ruleset);
  // Dates typed as 2026-11-21, shown in the page's language.
  const beginField = dateField("t-begin", s.begin ?? "", getLang());
  const endField = dateField("t-end", s.end ?? "", getLang());
  const [begin, end] = [beginField.input, endField.input];
  const venue = input({ type: "text", value: s.venue ?? "", "data-testid": "t-venue" });
  // The set-up as this build reads it: a set-up recorded before 第十二条二 was read so (60 + 5)
  // shows as the 65-minute limit it gave.
  const tc = setup.time_limit ?? s.time_control;
  const main = input({ type: "number", min: 1, max: 600, value: tc?.main_minutes ?? 60, "data-testid": "t-main" });
  const ot = tc?.overtime;
  const reserved = input({
    type: "number",
    min: 0,
    max: 60,
    value: tc?.reserved_minutes ?? 5,
    "data-testid": "t-reserved",
  });
  const arithmetic = h("p", { class: "note", "data-testid": "t-arithmetic" });
  const mainLabel = h("span", {});
  const showArithmetic = () => (arithmetic.textContent = limitArithmetic(Number(main.value), Number(reserved.value)));
  main.oninput = showArithmetic;
  reserved.oninput = showArithmetic;
  showArithmetic();
  const overtime = select(
    "t-overtime",
    [
      ["reserved_minutes", t("otReserved")],
      ["periods", t("otPeriods")],
      ["canadian", t("otCanadian")],
      ["fischer", t("otFischer")],
    ],
    ot?.system ?? "reserved_minutes",
  );
  const periods = input({
    type: "number",
    min: 1,
    max: 60,
    value: ot?.system === "periods" ? ot.periods : 5,
    "data-testid": "t-periods",
  });
  const periodSeconds = input({
    type: "number",
    min: 5,
    max: 600,
    value: ot?.system === "periods" ? ot.seconds : 30,
    "data-testid": "t-period-seconds",
  });
  const canMoves = input({
    type: "number",
    min: 1,
    max: 100,
    value: ot?.system === "canadian" ? ot.moves : 15,
    "data-testid": "t-can-moves",
  });
  const canMinutes = input({
    type: "number",
    min: 1,
    max: 60,
    value: ot?.system === "canadian" ? ot.seconds / 60 : 5,
    "data-testid": "t-can-minutes",
  });
  const fischer = input({
    type: "number",
    min: 1,
    max: 600,
    value: ot?.system === "fischer" ? ot.seconds : 10,
    "data-testid": "t-fischer",
  });
  // Only the chosen overtime system's settings are shown.
  const overtimeRows: Record<string, HTMLElement> = {
    reserved_minutes: h("div", {}, field(t("reservedMinutes"), reserved), arithmetic),
    periods: h(
      "div",
      { class: "row2" },
      field(t("otPeriodCount"), periods),
      field(t("otPeriodSeconds"), periodSeconds),
    ),
    canadian: h("div", { class: "row2" }, field(t("otCanMoves"), canMoves), field(t("otCanMinutes"), canMinutes)),
    fischer: field(t("otFischerSeconds"), fischer),
  };
  const showOvertime = () => {
    for (const [k, row] of Object.entries(overtimeRows)) row.hidden = k !== overtime.value;
    // 第十二条: the minutes are the whole limit; other systems: main time before the overtime.
    mainLabel.textContent = t(overtime.value === "reserved_minutes" ? "limitMinutes" : "mainMinutes");
  };
  overtime.onchange = showOvertime;
  showOvertime();
  const lateness = input({
    type: "number",
    min: 0,
    max: 240,
    value: s.allowed_lateness_minutes ?? 15,
    "data-testid": "t-lateness",
  });
  const sys = s.system;
  const kind = select(
    "t-system",
    (
      [
        "swiss",
        "round_robin",
        "double_round_robin",
        "mcmahon",
        "opengotha_swiss",
        "match",
        "knockout",
        "team",
        "leitai",
      ] as const
    ).map((k) => [k, t(`sys_${k}`)]),
    sys?.kind === "round_robin" ? (sys.double ? "double_round_robin" : "round_robin") : (sys?.kind ?? "swiss"),
  );
  const reading = select(
    "t-reading",
    [
      ["tie_break", t("readingTieBreak")],
      ["literal", t("readingLiteral")],
    ],
    sys?.kind === "swiss" ? sys.reading : "tie_break",
  );
  const bar = select(
    "t-bar",
    RANKS.map((r) => [r, r]),
    sys?.kind === "mcmahon" ? sys.bar : "3d",
  );
  const floor = select(
    "t-floor",
    RANKS.map((r) => [r, r]),
    sys?.kind === "mcmahon" ? sys.floor : "20k",
  );
  const rounds = input({ type: "number", min: 1, max: 99, value: s.rounds ?? 5, "data-testid": "t-rounds" });
  const bestOf = select(
    "t-best-of",
    (["3", "5", "7", "10"] as const).map((n) => [n, t(`bestOf${n}`)]),
    sys?.kind === "match" ? String(sys.best_of) : "3",
  );
  const lives = select(
    "t-lives",
    (["1", "2", "3"] as const).map((n) => [n, t(`lives${n}`)]),
    sys?.kind === "knockout" ? String(sys.losses) : "1",
  );
  const teamBoards = input({
    type: "number",
    min: 1,
    max: 8,
    value: sys?.kind === "team" ? sys.boards : 4,
    "data-testid": "t-boards",
  });
  const teamPairing = select(
    "t-team-pairing",
    (["round_robin", "double_round_robin", "swiss"] as const).map((k) => [k, t(`team_${k}`)]),
    sys?.kind === "team" ? sys.pairing : "round_robin",
  );
  const shared = input({ type: "checkbox", checked: !s.no_shared_places, "data-testid": "t-shared" });
  // The printouts' and the hall display's languages: one or two, each named in itself.
  const named = LANGS.map(([code, n]): [string, string] => [code, n]);
  const firstLang = select("t-lang-1", [["", t("printLangAsScreen")], ...named], s.languages?.[0] ?? "");
  const secondLang = select("t-lang-2", [["", t("printLangNone")], ...named], s.languages?.[1] ?? "");
  // Each language's name marked as that language (its fonts, a screen reader's voice).
  for (const o of [...firstLang.options, ...secondLang.options]) if (isLang(o.value)) o.lang = locale(o.value);
  const out = outcomeLine();
  // Only the settings of the chosen system are shown.
  const readingRow = field(t("swissReading"), reading);
  // Each OpenGotha system has its own form, from its own defaults.
  const ogMcMahon = opengothaForm(
    "mcmahon",
    sys?.kind === "mcmahon" ? sys.pairing : undefined,
    sys?.kind === "mcmahon" ? sys.handicap : undefined,
  );
  const ogSwiss = opengothaForm(
    "opengotha_swiss",
    sys?.kind === "opengotha_swiss" ? sys.pairing : undefined,
    sys?.kind === "opengotha_swiss" ? sys.handicap : undefined,
  );
  const mcmahonRow = h(
    "div",
    {},
    h("div", { class: "row2" }, field(t("bar"), bar), field(t("floor"), floor)),
    ogMcMahon.el,
  );
  // Which model the chosen system pairs by.
  const pairsBy = h("p", { class: "note", "data-testid": "pairs-by" });
  const matchRow = field(t("bestOf"), bestOf);
  const knockoutRow = field(t("lives"), lives);
  const teamRow = h("div", { class: "row2" }, field(t("boards"), teamBoards), field(t("teamPairing"), teamPairing));
  const showSystem = () => {
    readingRow.hidden = kind.value !== "swiss";
    mcmahonRow.hidden = kind.value !== "mcmahon";
    ogSwiss.el.hidden = kind.value !== "opengotha_swiss";
    matchRow.hidden = kind.value !== "match";
    knockoutRow.hidden = kind.value !== "knockout";
    teamRow.hidden = kind.value !== "team";
    readingRow.hidden = kind.value !== "swiss" && !(kind.value === "team" && teamPairing.value === "swiss");
    pairsBy.textContent = t(`pairsBy_${kind.value}` as "pairsBy_swiss");
  };
  kind.onchange = showSystem;
  teamPairing.onchange = showSystem;
  showSystem();
  const form = h(
    "form",
    {
      class: "card form",
      "data-testid": "setup-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        for (const d of [begin, end]) {
          if (d.value.trim() && !parseDay(d.value)) {
            out.fail(new Error(`${labelled(t(d === begin ? "begin" : "end"), d.value)} — ${t("dateFormat")}`));
            return;
          }
        }
        const ruleset = rulesetOf(rules);
        let system: System;
        switch (kind.value) {
          case "round_robin":
            system = { kind: "round_robin", double: false };
            break;
          case "double_round_robin":
            system = { kind: "round_robin", double: true };
            break;
          case "mcmahon":
            system = { kind: "mcmahon", bar: bar.value, floor: floor.value, ...ogMcMahon.read() };
            break;
          case "opengotha_swiss":
            system = { kind: "opengotha_swiss", ...ogSwiss.read() };
            break;
          case "match":
            system = { kind: "match", best_of: Number(bestOf.value) };
            break;
          case "knockout":
            system = { kind: "knockout", losses: Number(lives.value) };
            break;
          case "leitai":
            system = { kind: "leitai" };
            break;
          case "team":
            system = {
              kind: "team",
              boards: Number(teamBoards.value),
              pairing: teamPairing.value as TeamPairing,
              reading: reading.value as "tie_break" | "literal",
            };
            break;
          default:
            system = { kind: "swiss", reading: reading.value as "tie_break" | "literal" };
        }
        const settings: Settings = {
          begin: begin.value.trim() || undefined,
          end: end.value.trim() || undefined,
          venue: venue.value.trim() || undefined,
          time_control: timeControlOf(overtime.value, Number(main.value), {
            reserved: Number(reserved.value),
            periods: Number(periods.value),
            periodSeconds: Number(periodSeconds.value),
            canMoves: Number(canMoves.value),
            canMinutes: Number(canMinutes.value),
            fischer: Number(fischer.value),
          }),
          allowed_lateness_minutes: Number(lateness.value),
          system,
          rounds: kind.value === "match" ? Number(bestOf.value) : Number(rounds.value),
          no_shared_places: !shared.checked,
          // What an OpenGotha file gave, kept: the form does not show it.
          komi_half_points: s.komi_half_points,
          languages: [firstLang.value, secondLang.value].filter(
            (l, i, all): l is Lang => isLang(l) && all.indexOf(l) === i,
          ),
        };
        try {
          await api.putTournament(name.value, ruleset, settings);
          out.ok(t("saved"));
        } catch (err) {
          out.fail(err);
        }
      },
    },
    h("h2", {}, t("setup")),
    field(t("name"), name),
    rulesetField(`${t("ruleset")} · ${t("komi")}`, rules),
    h("div", { class: "row2" }, field(t("begin"), beginField.el), field(t("end"), endField.el)),
    field(t("venue"), venue),
    h("div", { class: "row2" }, h("label", { class: "field" }, mainLabel, main), field(t("overtime"), overtime)),
    ...Object.values(overtimeRows),
    field(t("allowedLateness"), lateness),
    h("div", { class: "row2" }, field(t("system"), kind), field(t("numberOfRounds"), rounds)),
    pairsBy,
    readingRow,
    mcmahonRow,
    ogSwiss.el,
    matchRow,
    knockoutRow,
    teamRow,
    h("label", { class: "check" }, shared, h("span", {}, t("sharedPlaces"))),
    h("div", { class: "row2" }, field(t("printLanguages"), firstLang), field(t("printLangSecond"), secondLang)),
    h("button", { type: "submit", class: "primary", "data-testid": "save-setup" }, t("save")),
    out.el,
  );
  // The form is the organiser's while the screen is open: a background redraw keeps it whole
  // (its fields and what they show), and saving or opening the screen anew draws it from the office.
  return h(
    "main",
    { class: "office" },
    own("setup-form", () => form),
  );
}

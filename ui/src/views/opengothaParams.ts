// The OpenGotha pairing and handicap parameters of a McMahon or OpenGotha Swiss event on the
// set-up page: OpenGotha's defaults for the system (generated from the Rust ones), the settings
// an organiser changes most in view, the raw weights behind a fold. Only what differs from the
// defaults is stored, so an event left at the defaults keeps following them.

import type { DuddMode } from "../bindings/DuddMode";
import type { HandicapParams } from "../bindings/HandicapParams";
import type { PairingParams } from "../bindings/PairingParams";
import type { SeedSystem } from "../bindings/SeedSystem";
import type { TableOrder } from "../bindings/TableOrder";
import defaults from "../bindings/opengotha-defaults.json";
import { h } from "../dom";
import { t } from "../i18n";
import { field, input, select } from "./forms";

/** The systems OpenGotha pairs. */
export type OpenGothaSystem = "mcmahon" | "opengotha_swiss";

/** OpenGotha's defaults for `system` (`initForMM`, `initForSwiss`). */
export function defaultsOf(system: OpenGothaSystem): { pairing: PairingParams; handicap: HandicapParams } {
  const d = defaults[system];
  return { pairing: d.pairing as PairingParams, handicap: d.handicap as HandicapParams };
}

/** `value`, or undefined when it is the default (field by field). */
export function unlessDefault<T extends object>(value: T, def: T): T | undefined {
  const keys = Object.keys(def) as (keyof T)[];
  return keys.every((k) => value[k] === def[k]) ? undefined : value;
}

/** OpenGotha's rank value: 30k = −30, 1k = −1, 1d = 0, 9d = 8. */
export function rankValue(rank: string): number {
  const m = /^(\d+)([kd])$/.exec(rank);
  if (!m) throw new Error(`not a rank: ${rank}`);
  return m[2] === "k" ? -Number(m[1]) : Number(m[1]) - 1;
}

export function rankOfValue(v: number): string {
  return v < 0 ? `${-v}k` : `${v + 1}d`;
}

const RANKS = [
  ...Array.from({ length: 9 }, (_, i) => `${9 - i}d`),
  ...Array.from({ length: 30 }, (_, i) => `${i + 1}k`),
];

const WEIGHTS: [
  keyof PairingParams,
  "wDuplicate" | "wColour" | "wScore" | "wDudd" | "wSeeding" | "wGeography" | "wHandicap",
][] = [
  ["avoid_duplicate_game", "wDuplicate"],
  ["balance_wb", "wColour"],
  ["minimize_score_difference", "wScore"],
  ["dudd_weight", "wDudd"],
  ["maximize_seeding", "wSeeding"],
  ["avoid_same_geo", "wGeography"],
  ["minimize_handicap", "wHandicap"],
];

export interface OpenGothaForm {
  el: HTMLElement;
  /** The parameters to store: each undefined when left at OpenGotha's defaults for the system. */
  read(): { pairing?: PairingParams; handicap?: HandicapParams };
}

/** The form for `system`, showing `pairing` and `handicap` where the event has its own. */
export function opengothaForm(
  system: OpenGothaSystem,
  pairing?: PairingParams,
  handicap?: HandicapParams,
): OpenGothaForm {
  const def = defaultsOf(system);
  const p = { ...def.pairing, ...pairing };
  const hd = { ...def.handicap, ...handicap };
  const seeds: [SeedSystem, string][] = [
    ["split_and_random", t("seedRandom")],
    ["split_and_fold", t("seedFold")],
    ["split_and_slip", t("seedSlip")],
  ];
  const modes: [DuddMode, string][] = [
    ["top", t("duddTop")],
    ["mid", t("duddMid")],
    ["bot", t("duddBot")],
  ];
  const seed1 = select("og-seed1", seeds, p.seed_system1);
  const lastRound = input({
    type: "number",
    min: 1,
    max: 99,
    value: p.last_round_for_seed_system1,
    "data-testid": "og-seed-last",
  });
  const seed2 = select("og-seed2", seeds, p.seed_system2);
  const upper = select("og-dudd-upper", modes, p.dudd_upper_mode);
  const lower = select("og-dudd-lower", modes, p.dudd_lower_mode);
  const compensate = input({ type: "checkbox", checked: p.compensate_dudd, "data-testid": "og-compensate" });
  // Which OpenGotha release's table numbering: 3.52's unless the event came from a file 3.51 saved.
  const orders: [TableOrder, string][] = [
    ["opengotha_3_52", t("tableOrder352")],
    ["opengotha_3_51", t("tableOrder351")],
  ];
  const tableOrder = select("og-table-order", orders, p.table_order);
  const byMms = input({ type: "checkbox", checked: hd.based_on_mms, "data-testid": "og-hd-mms" });
  const noHdFrom = select(
    "og-hd-threshold",
    RANKS.map((r) => [r, r]),
    rankOfValue(hd.no_handicap_rank_threshold),
  );
  const correction = input({ type: "number", min: 0, max: 9, value: hd.correction, "data-testid": "og-hd-correction" });
  const ceiling = input({ type: "number", min: 0, max: 9, value: hd.ceiling, "data-testid": "og-hd-ceiling" });
  const club = input({
    type: "number",
    min: 0,
    max: 100,
    value: p.prefer_mms_diff_rather_than_same_club,
    "data-testid": "og-club",
  });
  const country = input({
    type: "number",
    min: 0,
    max: 100,
    value: p.prefer_mms_diff_rather_than_same_country,
    "data-testid": "og-country",
  });
  const weights = WEIGHTS.map(
    ([key, word]) =>
      [
        key,
        input({ type: "number", min: 0, step: 1, value: p[key] as number, "data-testid": `og-w-${key}` }),
        word,
      ] as const,
  );
  const el = h(
    "details",
    { class: "card", "data-testid": `og-params-${system}` },
    h("summary", {}, t("ogParams")),
    h("p", { class: "note" }, t("ogParamsNote")),
    h("div", { class: "row2" }, field(t("seedFirst"), seed1), field(t("seedLastRound"), lastRound)),
    field(t("seedThen"), seed2),
    h("div", { class: "row2" }, field(t("duddUpper"), upper), field(t("duddLower"), lower)),
    h("label", { class: "check" }, compensate, h("span", {}, t("duddCompensate"))),
    field(t("tableOrder"), tableOrder),
    h("label", { class: "check" }, byMms, h("span", {}, t("hdByMms"))),
    field(t("hdThreshold"), noHdFrom),
    h("div", { class: "row2" }, field(t("hdCorrection"), correction), field(t("hdCeiling"), ceiling)),
    h("div", { class: "row2" }, field(t("geoClub"), club), field(t("geoCountry"), country)),
    h("details", {}, h("summary", {}, t("ogWeights")), ...weights.map(([, el, word]) => field(t(word), el))),
  );
  return {
    el,
    read() {
      const out: PairingParams = {
        ...p,
        seed_system1: seed1.value as SeedSystem,
        last_round_for_seed_system1: Number(lastRound.value),
        seed_system2: seed2.value as SeedSystem,
        dudd_upper_mode: upper.value as DuddMode,
        dudd_lower_mode: lower.value as DuddMode,
        compensate_dudd: compensate.checked,
        table_order: tableOrder.value as TableOrder,
        prefer_mms_diff_rather_than_same_club: Number(club.value),
        prefer_mms_diff_rather_than_same_country: Number(country.value),
      };
      for (const [key, el] of weights) (out[key] as number) = Number(el.value);
      const hdOut: HandicapParams = {
        based_on_mms: byMms.checked,
        no_handicap_rank_threshold: rankValue(noHdFrom.value),
        correction: Number(correction.value),
        ceiling: Number(ceiling.value),
      };
      return { pairing: unlessDefault(out, def.pairing), handicap: unlessDefault(hdOut, def.handicap) };
    },
  };
}

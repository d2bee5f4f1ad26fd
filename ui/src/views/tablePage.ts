// The players' page (第二十一条): what a table's QR code opens on a player's phone, with no
// account, in the phone's language — the game, what the office knows of it, and the player's
// rights in words a player understands. What this page cannot do yet is said plainly: ask the
// referee at the table.

import type { RulesetSpec } from "../bindings/RulesetSpec";
import type { Seat } from "../bindings/Seat";
import type { TablePage } from "../bindings/TablePage";
import type { TimeControl } from "../bindings/TimeControl";
import { h } from "../dom";
import { handicapText, rankText, resultSentence, warningDots } from "../format";
import { bracketed, labelled, listed, lt, said, t } from "../i18n";

/** A komi of stones or points as a player reads it: 2¾, 3¾, 8. */
function amount(n: number): string {
  const whole = Math.trunc(n);
  const part = { 0.25: "¼", 0.5: "½", 0.75: "¾" }[n - whole] ?? "";
  return part ? `${whole === 0 ? "" : whole}${part}` : String(n);
}

export function rulesetText(r: RulesetSpec): string {
  if (r.preset === "korean") return t("rsKorean");
  if (r.preset === "ing") return t("tpKomiPoints", { n: amount(r.komi_points ?? 8) });
  return t("tpKomiStones", { n: amount(r.komi) });
}

export function timeText(tc: TimeControl): string {
  const parts = [t("tpMain", { m: tc.main_minutes })];
  if (tc.reserved_minutes) parts.push(t("tpReserved", { r: tc.reserved_minutes }));
  const o = tc.overtime;
  if (o?.system === "reserved_minutes" && o.minutes) parts.push(t("tpReserved", { r: o.minutes }));
  if (o?.system === "periods") parts.push(t("tpPeriods", { p: o.periods, s: o.seconds }));
  if (o?.system === "canadian") parts.push(t("tpCanadian", { moves: o.moves, min: Math.round(o.seconds / 60) }));
  if (o?.system === "fischer") parts.push(t("tpFischer", { s: o.seconds }));
  return listed(parts);
}

function seat(mark: string, colour: string, s: Seat, testid: string): HTMLElement {
  return h(
    "p",
    { class: "seat", "data-testid": testid },
    `${mark} ${lt("colours", colour)} · `,
    h("strong", {}, s.name),
    ` ${rankText(s.rank)}${s.club ? bracketed(s.club) : ""}`,
  );
}

function row(label: string, value: string, testid: string): HTMLElement {
  return h("p", { "data-testid": testid }, labelled(label, value));
}

/** The page a table link opens. */
export function tablePageView(p: TablePage): HTMLElement {
  const w = p.warnings;
  return h(
    "main",
    { class: "table-page", "data-testid": "table-page" },
    h(
      "section",
      { class: "card" },
      h("p", { class: "note" }, p.tournament),
      h("h1", {}, `${t("tpTitle")} · ${t("round", { n: p.round })} · ${t("table", { n: p.table })}`),
      seat("●", "black", p.black, "tp-black"),
      seat("○", "white", p.white, "tp-white"),
      h(
        "p",
        { "data-testid": "tp-handicap" },
        p.handicap > 0 ? handicapText(p.handicap).replace(/^ · /, "") : t("tpEven"),
      ),
      row(t("tpRules"), rulesetText(p.ruleset), "tp-rules"),
      row(t("tpTime"), timeText(p.time_control), "tp-time"),
      h("p", { "data-testid": "tp-lateness" }, t("tpLateness", { m: p.allowed_lateness_minutes })),
    ),
    h(
      "section",
      { class: "card" },
      row(t("tpStatus"), lt("statuses", p.status.status), "tp-status"),
      row(
        t("tpWarnings"),
        `● ${lt("colours", "black")} ${warningDots(w.black) || "0"} · ` +
          `○ ${lt("colours", "white")} ${warningDots(w.white) || "0"}`,
        "tp-warnings",
      ),
      row(t("result"), p.result ? resultSentence(p.result) : t("tpNoResult"), "tp-result"),
    ),
    h(
      "section",
      { class: "card", "data-testid": "tp-rights" },
      h("h2", {}, t("tpRightsTitle")),
      h(
        "ul",
        {},
        h("li", {}, t("tpRightKnow")),
        h("li", {}, t("tpRightCall")),
        h("li", {}, t("tpRightCorrect")),
        h("li", {}, t("tpRightAppeal")),
      ),
      h("p", { class: "flag" }, t("tpNotOnPhone")),
    ),
  );
}

/** Why a table link opened nothing, as a player reads it: a heading in the page's own words,
 * then what the office said, in the phone's language. */
export function tableRefusedView(e: {
  code?: string;
  message?: string;
  said?: import("../bindings/Said").Said;
}): HTMLElement {
  const title =
    e.code === "table_link_gone" ? t("tpOver") : e.code === "unknown_table_link" ? t("tpUnknown") : t("tpCannotOpen");
  return h(
    "main",
    { class: "table-page", "data-testid": "table-refused" },
    h("section", { class: "card" }, h("h1", {}, title), h("p", { "data-testid": "table-refused-why" }, said(e))),
  );
}

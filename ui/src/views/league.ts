// The association's pages across every event this office runs: the player registry
// (one id each, the events and ranks they were entered at, games, warnings, losses by a penalty,
// appeals) and a player's discipline record, with the record of everyone as CSV.

import type { PlayerRecord } from "../bindings/PlayerRecord";
import type { RegistryEntry } from "../bindings/RegistryEntry";
import type { Mark } from "../bindings/Mark";
import { h } from "../dom";
import { rankText } from "../format";
import { t, type Word } from "../i18n";
import { saveAs, type OfficeApi } from "../office";
import { outcomeLine } from "./forms";

const MARK_WORDS: Record<Mark, Word> = {
  warning: "markWarning",
  advice: "markAdvice",
  imposed_pass: "markImposedPass",
  reported_to_committee: "markReported",
  loss_by_penalty: "markLossByPenalty",
  appeal: "markAppeal",
};

/** The registry, and the record of `selected` below it when one is open. */
export function leagueView(
  players: RegistryEntry[],
  selected: PlayerRecord | null,
  api: OfficeApi,
  csv: boolean,
  open: (player: string | null) => void,
): HTMLElement {
  const out = outcomeLine();
  const exportCsv = csv
    ? h(
        "button",
        {
          "data-testid": "discipline-csv",
          onclick: async () => {
            try {
              saveAs(await api.text("/league/discipline.csv"), "discipline.csv", "text/csv");
            } catch (e) {
              out.fail(e);
            }
          },
        },
        t("disciplineCsv"),
      )
    : null;
  const registry = h(
    "table",
    { class: "data", "data-testid": "registry" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...(["playerName", "entered", "games", "warningsCol", "lossesByPenalty", "appealsCol"] as Word[]).map((w) =>
          h("th", {}, t(w)),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      players.map((p) =>
        h(
          "tr",
          { class: selected?.entry.player === p.player ? "on" : "", "data-testid": `registry-${p.player}` },
          h("td", {}, h("button", { class: "link", onclick: () => open(p.player) }, `${p.name} (${p.player})`)),
          h("td", {}, p.entries.map((e) => `${e.tournament_name} ${rankText(e.rank)}`).join("；")),
          h("td", { class: "num" }, String(p.games)),
          h("td", { class: `num${p.warnings ? " warn" : ""}` }, String(p.warnings)),
          h("td", { class: `num${p.losses_by_penalty ? " bad" : ""}` }, String(p.losses_by_penalty)),
          h("td", { class: "num" }, String(p.appeals)),
        ),
      ),
    ),
  );
  return h(
    "main",
    { class: "office" },
    h("h2", {}, t("league")),
    h("p", { class: "note" }, t("leagueAbout")),
    out.el,
    exportCsv,
    players.length ? registry : h("p", { class: "empty" }, t("noPlayers")),
    selected ? recordView(selected, () => open(null)) : null,
  );
}

function recordView(r: PlayerRecord, close: () => void): HTMLElement {
  return h(
    "section",
    { class: "card", "data-testid": "player-record" },
    h("h3", {}, `${r.entry.name} (${r.entry.player})`),
    h("p", {}, r.entry.entries.map((e) => `${e.tournament_name}: ${rankText(e.rank)}`).join(" · ")),
    r.discipline.length
      ? h(
          "table",
          { class: "data", "data-testid": "discipline" },
          h("thead", {}, h("tr", {}, ...(["event", "games", "mark", "what"] as Word[]).map((w) => h("th", {}, t(w))))),
          h(
            "tbody",
            {},
            r.discipline.map((d) =>
              h(
                "tr",
                { "data-testid": `mark-${d.mark}` },
                h("td", {}, `${d.tournament} · ${d.round ? t("round", { n: d.round }) : ""}`),
                h("td", {}, d.game),
                h("td", {}, t(MARK_WORDS[d.mark])),
                h("td", {}, d.what),
              ),
            ),
          ),
        )
      : h("p", { class: "empty" }, t("cleanRecord")),
    h("button", { onclick: close }, t("close")),
  );
}

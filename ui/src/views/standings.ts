// Standings by the event's system (第二十八条, or McMahon as OpenGotha defines it): each place
// with the numbers that decided it, the reading in force, results later decisions changed,
// the crosstable, exports and printing.

import type { Crosstable } from "../bindings/Crosstable";
import type { EventStandings } from "../bindings/EventStandings";
import type { StandingsPreview } from "../bindings/StandingsPreview";
import { h } from "../dom";
import { criterionName, rankText, resultSentence, valueText } from "../format";
import { bracketed, cjk, l, labelled, listed, lt, t } from "../i18n";
import { saveAs, type OfficeApi } from "../office";
import { correctionText } from "./correction";
import { dataTable, outcomeLine } from "./forms";

/** What a decision would do to the standings: who moves, from where to where. */
export function standingsChangeView(sp: StandingsPreview): HTMLElement {
  const moves = sp.moves.map((m) => {
    const place = `${m.place_before ?? "—"} → ${m.place_after ?? "—"}`;
    const score = `${m.score_before ?? "—"} → ${m.score_after ?? "—"}`;
    return `${labelled(m.name, place)}${bracketed(score)}`;
  });
  return h(
    "div",
    { "data-testid": "standings-change" },
    h("h4", {}, t("standingsChange")),
    moves.length
      ? h(
          "ul",
          {},
          moves.map((x) => h("li", {}, x)),
        )
      : h("p", {}, t("noChange")),
  );
}

export function standingsTable(s: EventStandings): HTMLElement {
  const crit = [...s.criteria, ...s.shown];
  return dataTable(
    "standings",
    [t("place"), t("playerName"), t("rank"), ...crit.map(criterionName), t("decidedBy")],
    s.rows.map((r) => [
      `${r.place}${r.shared ? "=" : r.playoff_or_lots ? "*" : ""}`,
      r.withdrawn_after !== undefined ? `${r.name}${bracketed(t("withdrawn", { n: r.withdrawn_after }))}` : r.name,
      rankText(r.rank),
      ...r.values.map((v, i) => h("span", { class: r.decided_by === crit[i] ? "decided" : "" }, valueText(v))),
      r.decided_by ? criterionName(r.decided_by) : "",
    ]),
  );
}

export function crosstableTable(c: Crosstable): HTMLElement {
  return dataTable(
    "crosstable",
    [
      "#",
      t("playerName"),
      ...Array.from({ length: c.rounds }, (_, i) => String(i + 1)),
      ...c.criteria.map(criterionName),
    ],
    c.rows.map((r, i) => [
      `${i + 1}`,
      r.player.name,
      ...r.cells.map((x) =>
        x.mark === "bye" ? t("bye") : x.opponent ? `${x.opponent}${x.mark}${x.colour === "black" ? "b" : "w"}` : x.mark,
      ),
      ...r.values.map(valueText),
    ]),
  );
}

export function notesAndChanges(s: EventStandings): HTMLElement {
  return h(
    "div",
    { class: "notes" },
    s.pending ? h("p", { class: "flag", "data-testid": "pending" }, t("pending", { n: s.pending })) : null,
    h(
      "ul",
      { "data-testid": "notes" },
      s.notes.map((n) => h("li", {}, l(n))),
    ),
    s.changes.length
      ? h(
          "div",
          { "data-testid": "changes" },
          h("h3", {}, t("changes")),
          h(
            "ul",
            {},
            s.changes.map((c) =>
              h(
                "li",
                {},
                labelled(`${t("round", { n: c.round })} ${t("table", { n: c.table })}`, ""),
                [
                  ...c.overruled.map((o) => {
                    const article = o.article ? [lt("articles", o.article)] : [];
                    const by = lt("roles", o.rank === 3 ? "committee" : "chief_arbiter");
                    return `${lt("rulings", o.was)} → ${lt("rulings", o.now)}${bracketed(listed([...article, by]))}`;
                  }),
                  ...c.corrections.map(correctionText),
                ].join(cjk() ? "；" : "; "),
                ` · ${labelled(t("result"), c.now ? resultSentence(c.now) : t("noResult"))}`,
              ),
            ),
          ),
        )
      : null,
  );
}

/** The standings page before the set-up allows any: what is missing, and the way to it. */
export function notReadyView(toSetup: () => void): HTMLElement {
  return h(
    "main",
    { class: "office" },
    h(
      "div",
      { class: "card" },
      h("h2", {}, t("standings")),
      h("p", { "data-testid": "standings-not-ready" }, t("setupIncomplete")),
      h("button", { "data-testid": "to-setup", onclick: toSetup }, t("toSetup")),
    ),
  );
}

export function standingsView(s: EventStandings, cross: Crosstable, api: OfficeApi, print: () => void): HTMLElement {
  const out = outcomeLine();
  const exp = (label: string, path: string, file: string, type: string) =>
    h(
      "button",
      {
        class: "small",
        "data-testid": `export-${file}`,
        onclick: async () => {
          try {
            saveAs(await api.text(path), file, type);
          } catch (e) {
            out.fail(e);
          }
        },
      },
      label,
    );
  return h(
    "main",
    { class: "office" },
    h(
      "div",
      { class: "card row" },
      h("h2", {}, `${t("standings")} · ${t("round", { n: s.round })}`),
      h("button", { class: "small", "data-testid": "print-standings", onclick: print }, t("print")),
      exp(`${t("export")} CSV`, "/standings?format=csv", "standings.csv", "text/csv"),
      exp("OpenGotha XML", "/export/opengotha", "tournament.xml", "application/xml"),
      exp("EGD .h9", "/export/h9", "results.h9", "text/plain"),
      exp("FFG .tou", "/export/tou", "results.tou", "text/plain"),
      exp(`${t("players")} CSV`, "/export/players.csv", "players.csv", "text/csv"),
    ),
    out.el,
    standingsTable(s),
    notesAndChanges(s),
    h("h3", {}, t("crosstable")),
    crosstableTable(cross),
  );
}

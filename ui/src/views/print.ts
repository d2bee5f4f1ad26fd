// Printable sheets for the hall wall (A4): a round's pairings with tables and referees, or the
// standings with the crosstable — in the chosen language, nothing but the sheet on paper.

import type { Crosstable } from "../bindings/Crosstable";
import type { EventStandings } from "../bindings/EventStandings";
import type { MintedLinks } from "../bindings/MintedLinks";
import type { PairingSheet } from "../bindings/PairingSheet";
import { h } from "../dom";
import { handicapText, rankText, resultSentence } from "../format";
import { labelled, listed, locale, t } from "../i18n";
import { dataTable } from "./forms";
import { crosstableTable, notesAndChanges, standingsTable } from "./standings";

function page(title: string, sub: string, ...body: HTMLElement[]): HTMLElement {
  const now = new Date().toLocaleString(locale());
  return h(
    "article",
    { class: "sheet", "data-testid": "sheet", lang: locale() },
    h("header", {}, h("h1", {}, title), h("p", {}, sub)),
    ...body,
    h("footer", {}, `${t("printedAt")} ${now} · ${t("appTitle")}`),
  );
}

export function printPairings(name: string, s: PairingSheet): HTMLElement {
  const start = s.starts_at ? ` · ${t("startsAt")} ${new Date(s.starts_at).toLocaleString(locale())}` : "";
  return page(
    name,
    `${t("round", { n: s.round })}${start}`,
    dataTable(
      "print-pairings",
      [t("tableNo"), t("black"), t("white"), t("referee"), t("result")],
      s.boards.map((b) => [
        String(b.table),
        `${b.black.name} ${rankText(b.black.rank)}${handicapText(b.handicap)}`,
        `${b.white.name} ${rankText(b.white.rank)}`,
        b.referee?.name ?? "",
        b.result ? resultSentence(b.result) : "",
      ]),
    ),
    ...(s.byes.length ? [h("p", {}, labelled(t("bye"), listed(s.byes.map((p) => p.name))))] : []),
  );
}

export function printStandings(name: string, s: EventStandings, c: Crosstable): HTMLElement {
  return page(
    name,
    `${t("standings")} · ${t("round", { n: s.round })}`,
    standingsTable(s),
    notesAndChanges(s),
    h("h2", {}, t("crosstable")),
    crosstableTable(c),
  );
}

/** One sheet per table of a round (第二十一条): its game, and the QR code that opens the players'
 * page on a phone — the links as the office just minted them. */
export function printTableSheets(name: string, s: PairingSheet, links: MintedLinks): HTMLElement {
  return h(
    "div",
    { "data-testid": "table-sheets" },
    s.boards.map((b) => {
      const link = links.links.find((l) => l.table === b.table);
      return page(
        name,
        `${t("round", { n: s.round })} · ${t("table", { n: b.table })}`,
        h("p", { class: "seat" }, `● ${b.black.name} ${rankText(b.black.rank)}${handicapText(b.handicap)}`),
        h("p", { class: "seat" }, `○ ${b.white.name} ${rankText(b.white.rank)}`),
        link?.qr_svg && link.link
          ? tableQr(link.qr_svg, link.link)
          : // The office knows no address phones reach it at (`serve --tablet-url`): this page's.
            h("p", { class: "note" }, t("tpScan"), h("br"), h("code", {}, `${location.origin}/t/${link?.token ?? ""}`)),
      );
    }),
  );
}

/** The QR code the office drew (an SVG of squares), with its link as text to type. */
function tableQr(svg: string, link: string): HTMLElement {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  return h(
    "figure",
    { class: "qr", "data-testid": "table-qr" },
    document.importNode(doc.documentElement, true),
    h("figcaption", {}, t("tpScan"), h("br"), h("code", {}, link)),
  );
}

// “My tables”: players, status, warning dots (● per warning) and the result, one big card per table.

import type { GameResult } from "../bindings/GameResult";
import type { TableRow } from "../bindings/TableRow";
import { h, own } from "../dom";
import { resultSentence, warningDots } from "../format";
import { labelled, lt, t } from "../i18n";

/** The tables, the round being played first; `me` (a referee) sees the tables assigned to
 * them (第三十一条三), a cover included, before the others. */
/** The chief arbiter's cover from the desk (第三十一条三): the referees, and how to give one a table. */
export interface Cover {
  referees: { id: string; name: string }[];
  assign: (referee: string, table: number) => Promise<void>;
}

/** `deciding`: per game, the result a record kept on this phone decides it by once the office
 * has it (foreseen.ts: the core's, from the last game view kept). */
export function tablesView(
  rows: TableRow[],
  open: (game: string) => void,
  me?: string | null,
  cover?: Cover,
  unsent?: ReadonlySet<string>,
  deciding?: ReadonlyMap<string, GameResult>,
): HTMLElement {
  if (rows.length === 0) return h("p", { class: "empty" }, t("noTables"));
  const list = (rs: TableRow[], open: (game: string) => void, testid: string, cover?: Cover) =>
    tableList(rs, open, testid, cover, unsent, deciding);
  // The round being played (the latest paired) first, by table: it is the one an official
  // looks for; the rounds before it after.
  const ordered = [...rows].sort((a, b) => b.round - a.round || a.table - b.table);
  const mine = me ? ordered.filter((r) => r.referee === me) : [];
  if (mine.length === 0) return list(ordered, open, "tables", cover);
  return h(
    "div",
    { "data-testid": "tables" },
    h("h2", {}, t("yourTables")),
    list(mine, open, "my-tables"),
    mine.length < ordered.length ? h("h2", {}, t("otherTables")) : null,
    mine.length < ordered.length
      ? list(
          ordered.filter((r) => r.referee !== me),
          open,
          "other-tables",
        )
      : null,
  );
}

/** `unsent`: this tablet's events the office has not taken; a result one of them decided is
 * the tablet's own until the office has it, and says so. */
function tableList(
  rows: TableRow[],
  open: (game: string) => void,
  testid: string,
  cover?: Cover,
  unsent?: ReadonlySet<string>,
  deciding?: ReadonlyMap<string, GameResult>,
): HTMLElement {
  return h(
    "ul",
    { class: "tables", "data-testid": testid },
    rows.map((r) =>
      h(
        "li",
        {},
        h(
          "button",
          { class: "table-card", onclick: () => open(r.game), "data-testid": `table-${r.game}` },
          h("span", { class: "where" }, `${t("round", { n: r.round })} ${t("table", { n: r.table })}`),
          h(
            "span",
            { class: "player black" },
            `${t("black")} ${r.black.name}`,
            h("span", { class: "dots", title: t("warnings") }, warningDots(r.black_warnings)),
          ),
          h(
            "span",
            { class: "player white" },
            `${t("white")} ${r.white.name}`,
            h("span", { class: "dots", title: t("warnings") }, warningDots(r.white_warnings)),
          ),
          h("span", { class: "status" }, lt("statuses", r.status.status)),
          h(
            "span",
            { class: "result" },
            r.result ? resultSentence(r.result) : t("noResult"),
            r.result && unsent?.has(r.result.event)
              ? h("span", { class: "flag", "data-testid": "decided-here" }, ` · ${t("decidedHere")}`)
              : null,
            deciding?.has(r.game) && !r.result
              ? h(
                  "span",
                  { class: "loss", "data-testid": "decides-on-arrival" },
                  ` · ${t("decidesOnArrival", { result: resultSentence(deciding.get(r.game) as GameResult) })}`,
                )
              : null,
          ),
        ),
        cover ? coverControl(r, cover) : null,
      ),
    ),
  );
}

/** Two taps: the table's referee (its button), then the referee who covers it. The chooser is a
 * panel its own code draws, kept by redraws (dom.ts `own`). */
function coverControl(r: TableRow, cover: Cover): HTMLElement {
  const name = (id: string | null) => cover.referees.find((x) => x.id === id)?.name ?? id ?? t("noReferee");
  const chooser = own(`cover-choice-${r.game}`, () =>
    h("div", { class: "panel row cover-choice", "data-testid": `cover-choice-${r.game}` }),
  );
  const button = h(
    "button",
    {
      class: "small",
      "data-testid": `cover-${r.game}`,
      "aria-expanded": "false",
      onclick: () => {
        if (chooser.childElementCount) {
          chooser.replaceChildren();
          button.setAttribute("aria-expanded", "false");
          return;
        }
        button.setAttribute("aria-expanded", "true");
        chooser.replaceChildren(
          ...cover.referees
            .filter((x) => x.id !== r.referee)
            .map((x) =>
              h(
                "button",
                {
                  class: "small",
                  "data-testid": `cover-${r.game}-${x.id}`,
                  onclick: async () => {
                    try {
                      await cover.assign(x.id, r.table);
                      chooser.replaceChildren();
                    } catch (e) {
                      chooser.append(h("p", { class: "error" }, (e as Error).message));
                    }
                  },
                },
                x.name,
              ),
            ),
        );
      },
    },
    `${labelled(t("referee"), name(r.referee ?? null))} · ${t("assignCover")}`,
  );
  return h("div", { class: "cover" }, button, chooser);
}

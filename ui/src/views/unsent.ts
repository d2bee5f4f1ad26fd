// What waits on this device for the office: a phone's records kept offline on the game screen
// (its outbox), and a tablet's unsent list — each record as a referee reads it.

import type { AppStatus } from "../bindings/AppStatus";
import type { EventBody } from "../bindings/EventBody";
import type { TableRow } from "../bindings/TableRow";
import { h } from "../dom";
import type { decidingRecord } from "../foreseen";
import { resultSentence } from "../format";
import { locale, lt, said, t } from "../i18n";
import type { Queued } from "../outbox";

/** What this tablet recorded that the office has not taken, as a referee reads it — each
 * record's table, players, incident, ruling, time and why it waits, its game one tap away —
 * and the signed lines to copy for the chief arbiter. */
export function unsentView(
  text: string,
  tables: TableRow[],
  sync: AppStatus["sync"] | null,
  open: (game: string) => void,
  back: () => void,
): HTMLElement {
  const rows = unsentRows(text, tables, sync);
  const list = h(
    "ol",
    { class: "unsent-list", "data-testid": "unsent-list" },
    rows.map((r) =>
      h(
        "li",
        { "data-testid": "unsent-row" },
        h("div", {}, h("strong", {}, r.where), ` · ${r.what} · ${r.when}`),
        // The core's result on this tablet, decided by this record: said before it is sent.
        r.decides ? h("div", { class: "loss", "data-testid": "unsent-decides" }, r.decides) : null,
        h("div", { class: "hint" }, r.why),
        r.game
          ? h(
              "button",
              { class: "small", "data-testid": "unsent-open", onclick: () => open(r.game ?? "") },
              t("history"),
            )
          : null,
      ),
    ),
  );
  const area = h("textarea", { readonly: true, rows: 8, "data-testid": "unsent-text" }, text);
  const panel = h(
    "section",
    { class: "panel card" },
    h("h3", {}, t("unsent")),
    list,
    h("details", {}, h("summary", {}, t("copyForChief")), h("p", {}, t("unsentHelp")), area),
    h("button", { class: "small", "data-testid": "unsent-back", onclick: back }, t("back")),
  );
  return panel;
}

/** What this phone recorded on the game that has not reached the office: each with its time,
 * and what it waits for. */
export function waitingList(waiting: Queued[], deciding: ReturnType<typeof decidingRecord>): HTMLElement | null {
  if (!waiting.length) return null;
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return h(
    "div",
    { class: "waiting", "data-testid": "waiting" },
    h("h4", {}, t("waitingHere")),
    h("p", { class: "flag" }, t("keptOffline")),
    h(
      "ol",
      {},
      waiting.map((q) =>
        h(
          "li",
          { "data-testid": "waiting-record" },
          `${time(q.at)} · ${q.title || q.body?.kind}`,
          q.id === deciding?.id
            ? h(
                "div",
                { class: "loss", "data-testid": "waiting-decides" },
                t("decidesOnArrival", { result: resultSentence(deciding.result) }),
              )
            : null,
        ),
      ),
    ),
  );
}

/** The ids of the unsent records (JSON lines, as the tablet keeps them). */
export function unsentIds(lines: string): Set<string> {
  const ids = new Set<string>();
  for (const line of lines.split("\n")) {
    if (!line.trim()) continue;
    try {
      ids.add((JSON.parse(line) as { id: string }).id);
    } catch {
      /* a line this build cannot read: listed by the unsent list, not marked here */
    }
  }
  return ids;
}

/** The unsent records (JSON lines, as the tablet keeps them) in a referee's words; `decides`
 * when the record decided its game on this tablet (the core's result, from its table's row). */
export function unsentRows(
  lines: string,
  tables: TableRow[],
  sync: AppStatus["sync"] | null,
): { game: string | null; where: string; what: string; when: string; why: string; decides: string | null }[] {
  return lines
    .split("\n")
    .filter((l) => l.trim())
    .map((line) => {
      const e = JSON.parse(line) as { id: string; game?: string; wall_time: string; body: EventBody };
      const row = tables.find((r) => r.game === e.game);
      const where = row
        ? `${t("round", { n: row.round })} ${t("table", { n: row.table })} ${row.black.name} – ${row.white.name}`
        : (e.game ?? "");
      const b = e.body;
      const what =
        b.kind === "incident_recorded"
          ? [
              lt("incident_types", b.data.incident.type),
              b.data.ruling ? lt("rulings", b.data.ruling) : t("noRuling"),
            ].join(" · ")
          : b.kind === "ruling_issued"
            ? lt("rulings", b.data.ruling)
            : lt("event_kinds", b.kind);
      const when = new Date(e.wall_time).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
      const refused = sync?.rejected.find((r) => r.id === e.id);
      const why = refused
        ? `${t("refused")}: ${said(refused)}`
        : sync && !sync.online
          ? t("officeUnreachable")
          : t("sending", { n: 1 });
      const decides =
        row?.result && row.result.event === e.id ? t("decidesGame", { result: resultSentence(row.result) }) : null;
      return { game: e.game ?? null, where, what, when, why, decides };
    });
}

// The tablet itself: the confirmation after enrolling (who it is enrolled as, at which event and
// office, and the tables), and the device screen an auditor or the chief arbiter looks at — the
// same, with the office's receipts in words (the signed text one tap further).

import type { AppStatus } from "../bindings/AppStatus";
import type { PublicIdentity } from "../bindings/PublicIdentity";
import type { Receipt } from "../bindings/Receipt";
import type { TableRow } from "../bindings/TableRow";
import { h } from "../dom";
import { lt, t } from "../i18n";

/** Who, where: the lines both screens start with. */
function identityLines(id: PublicIdentity): HTMLElement[] {
  return [
    h(
      "p",
      { "data-testid": "enrolled-as" },
      t("enrolledAs", { name: id.name ?? id.person, role: lt("roles", id.role) }),
    ),
    h("p", { "data-testid": "enrolled-event" }, t("enrolledEvent", { event: id.tournament_name ?? id.tournament })),
    h("p", { "data-testid": "enrolled-office" }, t("enrolledOffice", { office: id.office_url })),
  ];
}

/** Right after enrolling: the device's new identity, its official's tables (once the office has
 * sent the event), and one button to start. */
export function enrolledView(id: PublicIdentity, rows: TableRow[], start: () => void): HTMLElement {
  const mine = rows
    .filter((r) => r.referee === id.person)
    .map((r) => `${t("round", { n: r.round })} ${t("table", { n: r.table })}`);
  return h(
    "section",
    { class: "card enrolled", "data-testid": "enrolled" },
    h("h2", {}, t("enrolledTitle")),
    ...identityLines(id),
    h(
      "p",
      { "data-testid": "enrolled-tables" },
      mine.length
        ? t("enrolledTables", { tables: mine.join("、") })
        : rows.length
          ? t("enrolledAllTables", { n: rows.length })
          : t("enrolledTablesLater"),
    ),
    h("button", { class: "primary", "data-testid": "enrolled-start", onclick: start }, t("startWork")),
  );
}

/** How many of this device's records the office has signed for, from its receipts (JSON). */
export function receiptCount(text: string | null, device: string): number | null {
  if (text === null) return null;
  try {
    const receipts = JSON.parse(text) as Receipt[];
    return receipts.filter((r) => r.signer === device).reduce((n, r) => Math.max(n, r.count), 0);
  } catch {
    return null;
  }
}

/** The device screen: who it is enrolled as, and the office's receipts in words. */
export function deviceView(status: AppStatus, receipts: string | null): HTMLElement {
  const id = status.identity;
  if (!id) return h("p", { class: "empty" }, t("notEnrolledYet"));
  const n = receiptCount(receipts, id.device);
  return h(
    "section",
    { class: "card device", "data-testid": "device" },
    h("h2", {}, t("device"), ` · ${id.device}`),
    ...identityLines(id),
    h("h3", {}, t("receipts")),
    h("p", { "data-testid": "receipts-summary" }, n ? t("receiptsSummary", { n }) : t("receiptsNone")),
    receipts !== null
      ? h(
          "details",
          { "data-testid": "receipts" },
          h("summary", {}, t("receiptsShow")),
          h("p", { class: "hint" }, t("receiptsForAuditor")),
          h("textarea", { readonly: true, rows: 8, "data-testid": "receipts-text" }, receipts),
        )
      : null,
  );
}

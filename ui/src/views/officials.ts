// Officials: register referees, the chief arbiter and the committee, issue their one-time
// enrollment codes, and assign referees to tables (第三十一条三).

import type { DeviceInfo } from "../bindings/DeviceInfo";
import type { Refusal } from "../bindings/Refusal";
import { timeOfDay } from "./queue";
import type { Role } from "../bindings/Role";
import type { Setup } from "../bindings/Setup";
import { h, own } from "../dom";
import { lt, t } from "../i18n";
import type { OfficeApi } from "../office";
import { isBrowserDevice } from "../signin";
import { dataTable, field, input, outcomeLine, parseTables, select } from "./forms";

export function officialsView(
  setup: Setup,
  devices: DeviceInfo[],
  api: OfficeApi,
  changed: (since: number) => void,
  refusals: Refusal[] = [],
): HTMLElement {
  const out = outcomeLine();
  // A one-time code on screen: kept across redraws.
  const code = own("issued-code", () => h("div", { class: "panel code", "data-testid": "issued-code" }));
  const id = input({ type: "text", placeholder: "ref-wang", "data-testid": "o-id" });
  const name = input({ type: "text", "data-testid": "o-name" });
  const roles: Role[] = ["referee", "chief_arbiter", "committee"];
  const role = select(
    "o-role",
    roles.map((r) => [r, lt("roles", r)]),
    "referee",
  );
  const register = h(
    "form",
    {
      class: "card form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const since = performance.now();
        try {
          await api.registerPerson(id.value.trim(), name.value.trim(), role.value as Role);
          changed(since);
        } catch (err) {
          out.fail(err);
        }
      },
    },
    h("h3", {}, t("officials")),
    h("div", { class: "row2" }, field("ID", id), field(t("playerName"), name)),
    field(t("role"), role),
    h("button", { type: "submit", class: "primary", "data-testid": "register-official" }, t("register")),
  );
  const referees = setup.people.filter((p) => p.role === "referee");
  const who = select(
    "a-referee",
    referees.map((p) => [p.id, p.name]),
    referees[0]?.id ?? "",
  );
  const tables = input({ type: "text", placeholder: t("tablesList"), "data-testid": "a-tables" });
  const assign = h(
    "form",
    {
      class: "card form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const since = performance.now();
        const list = parseTables(tables.value);
        if (!list) return out.fail(new Error(t("tablesList")));
        try {
          await api.assignReferee(who.value, list);
          changed(since);
        } catch (err) {
          out.fail(err);
        }
      },
    },
    h("h3", {}, t("assignTables")),
    field(t("referee"), who),
    field(t("tablesList"), tables),
    h("button", { type: "submit", class: "primary", "data-testid": "assign" }, t("save")),
  );
  const tablesOf = (person: string) =>
    Object.entries(setup.referees)
      .filter(([, p]) => p === person)
      .map(([table]) => table)
      .join(", ");
  const rows = setup.people.map((p) => [
    p.id,
    p.name,
    lt("roles", p.role),
    tablesOf(p.id),
    h(
      "button",
      {
        class: "small",
        "data-testid": `code-${p.id}`,
        onclick: async () => {
          // Not empty while the office answers, so a background refresh does not redraw over it.
          code.replaceChildren("…");
          try {
            const c = await api.issueCode(p.id);
            code.replaceChildren(`${t("codeFor", { name: p.name })}: ${c.code}`);
            // Typed by hand, the tablet also asks for this, and checks it against the office.
            if (c.fingerprint)
              code.append(
                h("p", { "data-testid": "issued-fingerprint" }, `${t("fingerprint")}: `, h("code", {}, c.fingerprint)),
              );
            if (c.qr_svg && c.link) code.append(qrFigure(c.qr_svg, c.link));
          } catch (err) {
            code.replaceChildren();
            out.fail(err);
          }
        },
      },
      t("issueCode"),
    ),
  ]);
  // A lost tablet is revoked in one step: its token is refused from its next request on.
  // Each device's signing key by its short fingerprint; one enrolled by an older build signs nothing.
  const keyCell = (d: DeviceInfo) =>
    d.key ? h("code", {}, d.key.slice(0, 16)) : h("span", { class: "flag" }, t("unsigned"));
  // A browser's label is the day it was enrolled, said as a phone browser in the reader's language.
  const label = (d: DeviceInfo) => (isBrowserDevice(d.device) ? `${t("phoneLabel")} · ${d.label}` : d.label);
  const named = (d: DeviceInfo) => setup.people.find((p) => p.id === d.person)?.name ?? d.person;
  const deviceRows = devices.map((d) => [
    d.device,
    label(d),
    named(d),
    lt("roles", d.role),
    keyCell(d),
    d.revoked
      ? h("span", { class: "revoked" }, t("revoked"))
      : h(
          "button",
          {
            class: "small danger",
            "data-testid": `revoke-${d.device}`,
            onclick: async () => {
              const since = performance.now();
              try {
                await api.revoke(d.device);
                changed(since);
              } catch (err) {
                out.fail(err);
              }
            },
          },
          t("revoke"),
        ),
  ]);
  return h(
    "main",
    { class: "office" },
    h("h2", {}, t("officials")),
    out.el,
    code,
    h("div", { class: "columns" }, register, assign),
    dataTable("officials", ["ID", t("playerName"), t("role"), t("assignedTables"), ""], rows),
    h("h3", {}, t("devices")),
    dataTable("devices", [t("deviceId"), t("deviceLabel"), "ID", t("role"), t("signingKey"), ""], deviceRows),
    refusals.length ? h("h3", {}, t("refusedRecords")) : null,
    // What the office refused; a forged signature in red.
    // At a league's venue, what the central office refused says so and can be sent again once
    // its cause is fixed (a key registered, a board reassigned).
    refusals.length
      ? dataTable(
          "refusals",
          [t("when"), t("deviceId"), t("refusalCode"), t("reason"), ""],
          refusals.map((r) => [
            timeOfDay(r.at),
            r.device ?? "",
            r.code === "forged" ? h("span", { class: "flag" }, r.code) : r.code,
            r.upstream ? `${t("refusedByCentral")}: ${r.message}` : r.message,
            r.upstream && r.event
              ? h(
                  "button",
                  {
                    class: "small",
                    "data-testid": `resend-${r.event}`,
                    onclick: async () => {
                      const since = performance.now();
                      try {
                        const answer = await api.resendRefused(r.event!);
                        if (answer.status === "rejected")
                          out.fail(new Error(answer.message ?? answer.code ?? "rejected"));
                        else {
                          out.ok(t("resentAdmitted"));
                          changed(since);
                        }
                      } catch (err) {
                        out.fail(err);
                      }
                    },
                  },
                  t("resend"),
                )
              : "",
          ]),
        )
      : null,
  );
}

/** The enrollment QR code the office drew (an SVG of squares), with its link as text. */
function qrFigure(svg: string, link: string): HTMLElement {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const picture = document.importNode(doc.documentElement, true);
  return h(
    "figure",
    { class: "qr", "data-testid": "enroll-qr" },
    picture,
    h("figcaption", {}, t("scanToEnroll"), h("br"), h("code", {}, link)),
  );
}

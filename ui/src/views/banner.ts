// Always visible: who this device is, the sync state in words, the language switch.

import type { AppStatus } from "../bindings/AppStatus";
import { h } from "../dom";
import { announce, announceSync } from "../announce";
import { bannerText } from "../format";
import { labelled, lt, said, t } from "../i18n";
import { languageSwitch } from "./langSwitch";

export function banner(
  status: AppStatus,
  actions: {
    rerender: () => void;
    syncNow?: () => void;
    showUnsent?: () => void;
    signOut?: () => void;
    showRefused?: boolean;
  },
): HTMLElement {
  const words = bannerText(status.sync);
  // A device not enrolled yet is not failing: it says what to do, neutrally.
  const { text, tone, detail } = status.identity ? words : { text: t("notEnrolledYet"), tone: "neutral", detail: null };
  announceSync(tone, text);
  // The organiser's own sign-in has no name but its role (its person id is the word `organiser`).
  const id = status.identity;
  const name = id ? (id.name ?? (id.role === "organiser" ? null : id.person)) : null;
  const who = id ? `${lt("roles", id.role)}${name ? ` ${name}` : ""} · ${id.device}` : "";
  const shown = h(
    "p",
    { class: "sync-detail", role: "status", "data-testid": "sync-detail", hidden: !detailOpen },
    detail ?? "",
  );
  return h(
    "header",
    { class: "banner" },
    // The page's one top heading, for screen readers and outlines.
    h("h1", { class: "app-title" }, t("appTitle")),
    h("span", { class: `sync sync-${tone}`, "data-testid": "sync-banner" }, text),
    detail
      ? h(
          "button",
          {
            class: "small",
            "data-testid": "sync-details",
            "aria-expanded": String(detailOpen),
            onclick: () => {
              detailOpen = !detailOpen;
              shown.hidden = !detailOpen;
            },
          },
          t("details"),
        )
      : null,
    h("span", { class: "who", "data-testid": "who" }, who),
    actions.syncNow
      ? h("button", { class: "small", onclick: actions.syncNow, "data-testid": "sync-now" }, t("syncNow"))
      : null,
    // Events the office has not taken (offline, or this tablet was revoked): hand them over.
    actions.showUnsent && status.sync.pending > 0
      ? h("button", { class: "small", onclick: actions.showUnsent, "data-testid": "show-unsent" }, t("unsent"))
      : null,
    languageSwitch(() => {
      actions.rerender();
      // Heard in the language just chosen, not the last one.
      announce(bannerText(status.sync).text);
    }),
    actions.signOut
      ? h("button", { class: "small", onclick: actions.signOut, "data-testid": "sign-out" }, t("signOut"))
      : null,
    detail ? shown : null,
    // A phone's records the office refused when they arrived (made offline): each with why, in
    // view until the page is left — never silently gone (a tablet lists them under Unsent).
    actions.showRefused && status.sync.rejected.length
      ? h(
          "ul",
          { class: "flag refused-records", role: "alert", "data-testid": "refused-records" },
          status.sync.rejected.map((r) => h("li", {}, labelled(t("refused"), said(r)))),
        )
      : null,
  );
}

/** Whether the sync detail is shown (the banner is drawn again every few seconds). */
let detailOpen = false;

// Always visible: who this device is, the sync state in words, the language switch.

import type { AppStatus } from "../bindings/AppStatus";
import { h } from "../dom";
import { announceSync } from "../announce";
import { bannerText } from "../format";
import { getLang, lt, setLang, t } from "../i18n";

export function banner(status: AppStatus, actions: { rerender: () => void; syncNow?: () => void; showUnsent?: () => void }): HTMLElement {
  const { text, tone } = bannerText(status.sync);
  announceSync(tone, text);
  const who = status.identity ? `${lt("roles", status.identity.role)} ${status.identity.person} · ${status.identity.device}` : "";
  return h(
    "header",
    { class: "banner" },
    // The page's one top heading, for screen readers and outlines.
    h("h1", { class: "app-title" }, t("appTitle")),
    h("span", { class: `sync sync-${tone}`, "data-testid": "sync-banner" }, text),
    h("span", { class: "who" }, who),
    actions.syncNow ? h("button", { class: "small", onclick: actions.syncNow, "data-testid": "sync-now" }, t("syncNow")) : null,
    // Events the office has not taken (offline, or this tablet was revoked): hand them over.
    actions.showUnsent && status.sync.pending > 0 ? h("button", { class: "small", onclick: actions.showUnsent, "data-testid": "show-unsent" }, t("unsent")) : null,
    h(
      "button",
      {
        class: "small",
        "data-testid": "lang",
        onclick: () => {
          setLang(getLang() === "zh" ? "en" : "zh");
          actions.rerender();
        },
      },
      getLang() === "zh" ? "EN" : "中文",
    ),
  );
}

// Always visible: who this device is, the sync state in words, the language switch.

import type { AppStatus } from "../bindings/AppStatus";
import { h } from "../dom";
import { announce, announceSync } from "../announce";
import { bannerText } from "../format";
import { getLang, labelled, LANGS, locale, lt, said, setLang, t } from "../i18n";

export function banner(status: AppStatus, actions: { rerender: () => void; syncNow?: () => void; showUnsent?: () => void; signOut?: () => void; showRefused?: boolean }): HTMLElement {
  const words = bannerText(status.sync);
  // A device not enrolled yet is not failing: it says what to do, neutrally.
  const { text, tone, detail } = status.identity ? words : { text: t("notEnrolledYet"), tone: "neutral", detail: null };
  announceSync(tone, text);
  const who = status.identity ? `${lt("roles", status.identity.role)} ${status.identity.name ?? status.identity.person} · ${status.identity.device}` : "";
  const shown = h("p", { class: "sync-detail", role: "status", "data-testid": "sync-detail", hidden: !detailOpen }, detail ?? "");
  return h(
    "header",
    { class: "banner" },
    // The page's one top heading, for screen readers and outlines.
    h("h1", { class: "app-title" }, t("appTitle")),
    h("span", { class: `sync sync-${tone}`, "data-testid": "sync-banner" }, text),
    detail ? h("button", { class: "small", "data-testid": "sync-details", "aria-expanded": String(detailOpen), onclick: () => {
      detailOpen = !detailOpen;
      shown.hidden = !detailOpen;
    } }, t("details")) : null,
    h("span", { class: "who", "data-testid": "who" }, who),
    actions.syncNow ? h("button", { class: "small", onclick: actions.syncNow, "data-testid": "sync-now" }, t("syncNow")) : null,
    // Events the office has not taken (offline, or this tablet was revoked): hand them over.
    actions.showUnsent && status.sync.pending > 0 ? h("button", { class: "small", onclick: actions.showUnsent, "data-testid": "show-unsent" }, t("unsent")) : null,
    languageSwitch(() => {
      actions.rerender();
      // Heard in the language just chosen, not the last one.
      announce(bannerText(status.sync).text);
    }),
    actions.signOut ? h("button", { class: "small", onclick: actions.signOut, "data-testid": "sign-out" }, t("signOut")) : null,
    detail ? shown : null,
    // A phone's records the office refused when they arrived (made offline): each with why, in
    // view until the page is left — never silently gone (a tablet lists them under Unsent).
    actions.showRefused && status.sync.rejected.length
      ? h("ul", { class: "flag refused-records", role: "alert", "data-testid": "refused-records" },
        status.sync.rejected.map((r) => h("li", {}, labelled(t("refused"), said(r)))))
      : null,
  );
}

/** Whether the sync detail is shown (the banner is drawn again every few seconds). */
let detailOpen = false;

/** Whether the language menu is open: the banner is drawn again every few seconds (the sync
 * state), and an open menu must stay open under the user's finger. */
let menuOpen = false;

/** The language switch: a button naming the current language that opens the five, each named
 * in itself; the choice is kept on this device. */
function languageSwitch(rerender: () => void): HTMLElement {
  const current = LANGS.find(([l]) => l === getLang())?.[1] ?? "";
  const menu = h(
    "div",
    { class: "lang-menu", role: "menu", hidden: !menuOpen, "data-testid": "lang-menu" },
    LANGS.map(([code, name]) =>
      h("button", { class: "small", role: "menuitemradio", "aria-checked": code === getLang() ? "true" : "false", lang: locale(code), "data-testid": `lang-${code}`, onclick: () => {
        menuOpen = false;
        setLang(code);
        rerender();
      } }, name),
    ),
  );
  const button = h("button", { class: "small", "data-testid": "lang", "aria-haspopup": "menu", "aria-expanded": String(menuOpen), "aria-label": `${t("languageMenu")}: ${current}`, onclick: () => {
    menuOpen = !menuOpen;
    menu.hidden = !menuOpen;
    button.setAttribute("aria-expanded", String(menuOpen));
  } }, current);
  closeOnLeave();
  return h("span", { class: "lang-switch" }, button, menu);
}

/** The language menu closes as menus do: on Escape (the focus back on its button) and on a tap
 * anywhere outside it. One pair of listeners for the page; the banner is redrawn often. */
let leaving = false;
function closeOnLeave(): void {
  if (leaving || typeof document === "undefined") return;
  leaving = true;
  const close = (focus: boolean) => {
    if (!menuOpen) return;
    menuOpen = false;
    for (const m of document.querySelectorAll<HTMLElement>("[data-testid=lang-menu]")) m.hidden = true;
    const button = document.querySelector<HTMLElement>("[data-testid=lang]");
    button?.setAttribute("aria-expanded", "false");
    if (focus) button?.focus();
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") close(true);
  });
  document.addEventListener("pointerdown", (e) => {
    if (!(e.target instanceof Element) || !e.target.closest(".lang-switch")) close(false);
  });
}

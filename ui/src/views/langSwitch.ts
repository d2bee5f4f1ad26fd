// The language switch, on every screen: in the banner once signed in, above the sign-in, an
// enrollment link, the office's creation and the offline page before.

import { h } from "../dom";
import { getLang, LANGS, locale, setLang, t } from "../i18n";

/** Whether the language menu is open: the banner is drawn again every few seconds (the sync
 * state), and an open menu must stay open under the user's finger. */
let menuOpen = false;

/** The language switch: a button naming the current language that opens the five, each named
 * in itself; the choice is kept on this device. */
export function languageSwitch(rerender: () => void): HTMLElement {
  const current = LANGS.find(([l]) => l === getLang())?.[1] ?? "";
  const menu = h(
    "div",
    { class: "lang-menu", role: "menu", hidden: !menuOpen, "data-testid": "lang-menu" },
    LANGS.map(([code, name]) =>
      h(
        "button",
        {
          class: "small",
          role: "menuitemradio",
          "aria-checked": code === getLang() ? "true" : "false",
          lang: locale(code),
          "data-testid": `lang-${code}`,
          onclick: () => {
            // Closed at once, not by the redraw: a next tap made before that draw lands (it
            // waits on the office) would otherwise meet the menu over the screen.
            menuOpen = false;
            menu.hidden = true;
            button.setAttribute("aria-expanded", "false");
            setLang(code);
            rerender();
          },
        },
        name,
      ),
    ),
  );
  const button = h(
    "button",
    {
      class: "small",
      "data-testid": "lang",
      "aria-haspopup": "menu",
      "aria-expanded": String(menuOpen),
      "aria-label": `${t("languageMenu")}: ${current}`,
      onclick: () => {
        menuOpen = !menuOpen;
        menu.hidden = !menuOpen;
        button.setAttribute("aria-expanded", String(menuOpen));
      },
    },
    current,
  );
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

// What screen readers should hear as it happens: one polite live region outside the
// views, which are redrawn (a region replaced with its page is not reliably read out).

import { h } from "./dom";

let region: HTMLElement | null = null;
let lastTone: string | null = null;

/** Says `text` through the page's live region. */
export function announce(text: string): void {
  if (!region?.isConnected) {
    region = h("p", { class: "sr-only", role: "status", "aria-live": "polite", "data-testid": "announce" });
    document.body.append(region);
  }
  // Read in the page's language (a switch changes it): a screen reader picks its voice by it.
  region.lang = document.documentElement.lang;
  region.textContent = text;
}

/** Says the sync state when it changes (in sync, behind, failing), not at every refresh. */
export function announceSync(tone: string, text: string): void {
  if (lastTone !== null && tone !== lastTone) announce(text);
  lastTone = tone;
}

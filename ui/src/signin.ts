// Signing in to the office's pages, on any phone or computer: the organiser types its token; an
// official types the enrollment code the organiser handed out, or opens its QR code's link
// (`https://office/#enroll=CODE&fp=…`), and this browser enrolls as a device of its own —
// named, listed on the officials page, revocable like a tablet. The token is kept in this
// browser (localStorage: a reload or a restart of the phone keeps it) until sign-out.

import { asError, officeCall } from "./backend";
import { h } from "./dom";
import { t } from "./i18n";
import * as lastSeen from "./lastSeen";

const KEY = "token";

/** The token this browser signed in with, if any. */
export function savedToken(): string | null {
  return globalThis.localStorage?.getItem(KEY) ?? null;
}

export function saveToken(token: string): void {
  globalThis.localStorage?.setItem(KEY, token);
}

/** Signs this browser out: the token is gone from it, and what it last saw with it. */
export function forgetToken(): void {
  globalThis.localStorage?.removeItem(KEY);
  lastSeen.forget();
}

/** Whether `text` is an enrollment code as the office prints it (`K7M2-9QXD`; dash optional). */
export function isCode(text: string): boolean {
  return /^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/.test(text.trim());
}

/** The short form of a certificate's SHA-256, as the office pages show it beside a code. */
export function shortFingerprint(sha256: string): string {
  return sha256
    .slice(0, 16)
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/** A device id for this browser: `web-` and 12 random hex digits. */
/** Whether `device` is a browser enrolled by [`enrollBrowser`] (its id made by `deviceId`). */
export function isBrowserDevice(device: string): boolean {
  return device.startsWith("web-");
}

function deviceId(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Trades a one-time code for this browser's own token (POST /api/v1/enroll, no key: what it
 * records is signed by the office in its name, as everything recorded in these pages). */
export async function enrollBrowser(
  base: string,
  code: string,
  fetchFn: typeof fetch = fetch.bind(globalThis),
): Promise<string> {
  // The day it was enrolled; "phone browser" is said in each reader's language (officials.ts).
  const label = new Date().toISOString().slice(0, 10);
  const r = await officeCall<{ token: string }>(fetchFn, base, null, "POST", "/enroll", {
    code: code.trim().toUpperCase(),
    device: deviceId(),
    label,
  });
  return r.token;
}

/** The sign-in form: a token or a code; `notice` says why this browser is here again. */
export function signInView(base: string, signIn: (token: string) => void, notice?: string): HTMLElement {
  const input = h("input", {
    type: "password",
    id: "token",
    "data-testid": "token",
    autocomplete: "off",
    autocapitalize: "characters",
  }) as HTMLInputElement;
  const error = h("p", { class: "error", role: "alert", "data-testid": "sign-in-error" });
  return h(
    "main",
    {},
    h(
      "form",
      {
        class: "card enroll",
        onsubmit: async (e: Event) => {
          e.preventDefault();
          error.textContent = "";
          const text = input.value.trim();
          if (!isCode(text)) return signIn(text);
          try {
            const token = await enrollBrowser(base, text);
            saveToken(token);
            signIn(token);
          } catch (err) {
            error.textContent = t("cannotSignIn", { why: asError(err).message });
          }
        },
      },
      h("h1", {}, t("appTitle")),
      notice ? h("p", { class: "flag", role: "status", "data-testid": "sign-in-notice" }, notice) : null,
      h("p", {}, t("officePages")),
      h("p", { class: "hint" }, t("signInHelp")),
      h("label", { class: "field" }, h("span", {}, t("tokenOrCode")), input),
      h("button", { type: "submit", class: "primary", "data-testid": "sign-in" }, t("signIn")),
      error,
      certificateHint(),
    ),
  );
}

/** The one-time way to trust the hall office's own certificate: it to download (docs/running.md
 * says how on Android and iOS). */
function certificateHint(): HTMLElement {
  return h(
    "p",
    { class: "hint" },
    h(
      "a",
      { href: "/api/v1/certificate", download: "arbiter-office.crt", "data-testid": "cert-download" },
      t("certDownload"),
    ),
  );
}

/** Opened from an enrollment QR code: what it will do, one tap to do it. */
export function enrollLinkView(
  base: string,
  link: { code: string; fingerprint: string | null },
  signIn: (token: string) => void,
): HTMLElement {
  const error = h("p", { class: "error", role: "alert", "data-testid": "sign-in-error" });
  const go = h("button", { type: "button", class: "primary big", "data-testid": "enroll-phone" }, t("enrollThisPhone"));
  go.onclick = async () => {
    go.setAttribute("disabled", "");
    error.textContent = "";
    try {
      const token = await enrollBrowser(base, link.code);
      saveToken(token);
      signIn(token);
    } catch (err) {
      error.textContent = t("cannotSignIn", { why: asError(err).message });
      go.removeAttribute("disabled");
    }
  };
  return h(
    "main",
    {},
    h(
      "section",
      { class: "card enroll", "data-testid": "enroll-link" },
      h("h1", {}, t("appTitle")),
      h("p", { "data-testid": "enroll-link-ask" }, t("enrollLinkAsk", { office: base, code: link.code })),
      link.fingerprint
        ? h(
            "p",
            { class: "hint", "data-testid": "enroll-link-fp" },
            t("certCompare", { fp: shortFingerprint(link.fingerprint) }),
          )
        : null,
      go,
      error,
      certificateHint(),
    ),
  );
}

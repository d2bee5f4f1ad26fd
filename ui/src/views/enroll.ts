// First start: trade the office's one-time code for this device's token, pinning the office's
// certificate (the QR code's link carries it; typed by hand, its short fingerprint).

import type { ErrorBody } from "../bindings/ErrorBody";
import { h } from "../dom";
import { t } from "../i18n";
import { shortFingerprint } from "../signin";

/** What an enrollment link (either version, as the office prints or a QR code holds) says. */
export function readEnrollLink(text: string): { office: string; code: string; fingerprint: string | null } | null {
  try {
    const u = new URL(text.trim());
    if (u.protocol === "weiqi-arbiter:") {
      const office = u.searchParams.get("office");
      const code = u.searchParams.get("code");
      return office && code ? { office, code, fingerprint: u.searchParams.get("fp") } : null;
    }
    if (!u.hash.startsWith("#enroll=")) return null;
    const p = new URLSearchParams(u.hash.slice(1));
    const code = p.get("enroll");
    return code ? { office: u.origin, code, fingerprint: p.get("fp") } : null;
  } catch {
    return null;
  }
}

export function enrollView(
  onEnroll: (office: string, code: string, fingerprint: string, device: string, label: string) => Promise<void>,
  notice?: ErrorBody | null,
): HTMLElement {
  const field = (id: string, label: string, value = "", type = "text") =>
    h(
      "label",
      { class: "field" },
      h("span", {}, label),
      h("input", { id, name: id, type, value, autocomplete: "off", "data-testid": id }),
    );
  const error = h("p", { class: "error", "data-testid": "enroll-error" });
  // A pasted or scanned link is read at once: its office, code and certificate shown in their
  // fields before anything is sent (the link itself is what enrolls, with the whole fingerprint).
  const read = h("p", { class: "hint", role: "status", "data-testid": "enroll-link-read", hidden: true });
  const form = h(
    "form",
    {
      class: "card enroll enroll-device",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const v = (id: string) => (form.querySelector(`#${id}`) as HTMLInputElement).value;
        error.textContent = "";
        try {
          await onEnroll(v("office"), v("code"), v("fingerprint"), v("device"), v("label"));
        } catch (err) {
          error.textContent = (err as Error).message;
        }
      },
    },
    h("h1", {}, t("enrollTitle")),
    // Why this device must enroll again (its signing key is gone): with a new device id.
    notice ? h("p", { class: "flag", "data-testid": "enroll-notice" }, notice.message) : null,
    field("office", t("officeUrl"), "https://127.0.0.1:7878", "text"),
    read,
    field("code", t("code")),
    field("fingerprint", t("fingerprint")),
    h("p", { class: "hint" }, t("fingerprintHint")),
    field("device", t("deviceId"), "tab-1"),
    field("label", t("deviceLabel")),
    h("button", { type: "submit", class: "primary", "data-testid": "enroll" }, t("enroll")),
    error,
  );
  const office = form.querySelector("#office") as HTMLInputElement;
  office.addEventListener("input", () => {
    const link = readEnrollLink(office.value);
    read.hidden = !link;
    if (!link) return;
    const set = (id: string, v: string) => {
      (form.querySelector(`#${id}`) as HTMLInputElement).value = v;
    };
    set("code", link.code);
    set("fingerprint", link.fingerprint ? shortFingerprint(link.fingerprint) : "");
    read.textContent = t("enrollLinkRead", { office: link.office, code: link.code });
  });
  return form;
}

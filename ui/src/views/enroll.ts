// First start: trade the office's one-time code for this device's token, pinning the office's
// certificate (the QR code's link carries it; typed by hand, its short fingerprint).

import type { ErrorBody } from "../bindings/ErrorBody";
import { h } from "../dom";
import { t } from "../i18n";

export function enrollView(
  onEnroll: (office: string, code: string, fingerprint: string, device: string, label: string) => Promise<void>,
  notice?: ErrorBody | null,
): HTMLElement {
  const field = (id: string, label: string, value = "", type = "text") =>
    h("label", { class: "field" }, h("span", {}, label), h("input", { id, name: id, type, value, autocomplete: "off", "data-testid": id }));
  const error = h("p", { class: "error", "data-testid": "enroll-error" });
  const form = h(
    "form",
    {
      class: "card enroll",
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
    field("code", t("code")),
    field("fingerprint", t("fingerprint")),
    h("p", { class: "hint" }, t("fingerprintHint")),
    field("device", t("deviceId"), "tab-1"),
    field("label", t("deviceLabel")),
    h("button", { type: "submit", class: "primary", "data-testid": "enroll" }, t("enroll")),
    error,
  );
  return form;
}

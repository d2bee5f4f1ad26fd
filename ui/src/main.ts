// Entry point: inside the Tauri window the referee app talks to the shell's commands; in a
// browser (the office's web pages) it asks for an organiser's or chief arbiter's token and
// reads the office's API.

import "./style.css";
import { invoke } from "@tauri-apps/api/core";
import { ArbiterApp } from "./app";
import { TauriBackend, WebBackend } from "./backend";
import { h, mount } from "./dom";
import { t } from "./i18n";

const root = document.getElementById("app") as HTMLElement;
const inTauri = "__TAURI_INTERNALS__" in window;

function startWeb(token: string): void {
  sessionStorage.setItem("token", token);
  void new ArbiterApp(root, new WebBackend(location.origin, token)).start().catch((e) => {
    sessionStorage.removeItem("token");
    mount(root, h("p", { class: "error", "data-testid": "error" }, String(e.message ?? e)));
  });
}

if (inTauri) {
  void new ArbiterApp(root, new TauriBackend(invoke)).start();
} else {
  const saved = sessionStorage.getItem("token");
  if (saved) startWeb(saved);
  else {
    const input = h("input", { type: "password", id: "token", "data-testid": "token", autocomplete: "off" }) as HTMLInputElement;
    mount(
      root,
      h(
        "form",
        { class: "card enroll", onsubmit: (e: Event) => { e.preventDefault(); startWeb(input.value.trim()); } },
        h("h1", {}, t("appTitle")),
        h("p", {}, t("readOnly")),
        h("label", { class: "field" }, h("span", {}, t("token")), input),
        h("button", { type: "submit", class: "primary", "data-testid": "sign-in" }, t("signIn")),
      ),
    );
  }
}

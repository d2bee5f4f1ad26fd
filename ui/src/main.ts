// Entry point: inside the Tauri window the referee app talks to the shell's commands; in a
// browser (the office's web pages) it asks for an organiser's or chief arbiter's token and
// reads the office's API.

import "./style.css";
import { invoke } from "@tauri-apps/api/core";
import { ArbiterApp } from "./app";
import { TauriBackend, WebBackend } from "./backend";
import { h, mount } from "./dom";
import { LANGS, setLang, setTables, t } from "./i18n";
import { OfficeApi } from "./office";
import { createView } from "./views/create";
import { hallView } from "./views/hall";
import { printPairings, printStandings } from "./views/print";

const root = document.getElementById("app") as HTMLElement;
const inTauri = "__TAURI_INTERNALS__" in window;
const params = new URLSearchParams(location.search);
const asked = LANGS.find(([l]) => l === params.get("lang"))?.[0];
if (asked) setLang(asked);

function startWeb(token: string): void {
  sessionStorage.setItem("token", token);
  const backend = new WebBackend(location.origin, token);
  void new ArbiterApp(root, backend, new OfficeApi(location.origin, token)).start().catch((e) => {
    sessionStorage.removeItem("token");
    mount(root, h("p", { class: "error", "data-testid": "error" }, String(e.message ?? e)));
  });
}

/** `?hall=TOURNAMENT[&every=SECONDS]`: the hall display, no token, refreshing by itself. */
async function startHall(tournament: string): Promise<void> {
  document.body.classList.add("hall-mode");
  const every = Math.max(5, Number(params.get("every") ?? 15));
  const backend = new WebBackend(location.origin, "");
  setTables(await backend.labels());
  const draw = async () => {
    try {
      mount(root, hallView(await OfficeApi.board(location.origin, tournament), every));
    } catch (e) {
      mount(root, h("p", { class: "error", "data-testid": "error" }, String((e as Error).message ?? e)));
    }
  };
  await draw();
  setInterval(() => void draw(), every * 1000);
}

/** `?print=pairings&round=N` or `?print=standings`: an A4 sheet for the wall. */
async function startPrint(what: string, token: string): Promise<void> {
  document.body.classList.add("print-mode");
  const api = new OfficeApi(location.origin, token);
  setTables(await new WebBackend(location.origin, token).labels());
  const setup = await api.setup();
  const name = setup.tournament?.name ?? "";
  if (what === "pairings") mount(root, printPairings(name, await api.pairings(Number(params.get("round") ?? 1))));
  else mount(root, printStandings(name, await api.standings(), await api.crosstable()));
}

const hall = params.get("hall");
const create = params.get("create");
const print = params.get("print");
const saved = sessionStorage.getItem("token");
if (hall) {
  void startHall(hall);
} else if (print && saved) {
  void startPrint(print, saved).catch((e) => mount(root, h("p", { class: "error", "data-testid": "error" }, String(e.message ?? e))));
} else if (create && !inTauri) {
  // `?create=CODE`: the office has no tournament yet; `serve` printed this link.
  mount(root, createView(location.origin, create, (token) => {
    history.replaceState(null, "", location.pathname);
    startWeb(token);
  }));
} else if (inTauri) {
  void new ArbiterApp(root, new TauriBackend(invoke)).start();
} else {
  if (saved) startWeb(saved);
  else {
    const input = h("input", { type: "password", id: "token", "data-testid": "token", autocomplete: "off" }) as HTMLInputElement;
    mount(
      root,
      h("main", {}, h(
        "form",
        { class: "card enroll", onsubmit: (e: Event) => { e.preventDefault(); startWeb(input.value.trim()); } },
        h("h1", {}, t("appTitle")),
        h("p", {}, t("officePages")),
        h("label", { class: "field" }, h("span", {}, t("token")), input),
        h("button", { type: "submit", class: "primary", "data-testid": "sign-in" }, t("signIn")),
      )),
    );
  }
}

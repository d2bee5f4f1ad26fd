// Entry point: inside the Tauri window the referee app talks to the shell's commands; in a
// browser (the office's web pages, on a phone as on a computer) it signs in with a token or an
// official's enrollment code (signin.ts), keeps working through a dropped connection (the
// service worker keeps the pages, the outbox what was recorded) and reads the office's API.

import "./style.css";
import { invoke } from "@tauri-apps/api/core";
import { ArbiterApp } from "./app";
import { OfficeUnreachable, TauriBackend, WebBackend, whenSignedOut } from "./backend";
import { h, mount } from "./dom";
import { defaultLangFor, getLang, inLang, LANGS, setLang, setTables, t, useChosenLang } from "./i18n";
import { useAppPreferences } from "./prefs";
import { OfficeApi } from "./office";
import { createView } from "./views/create";
import { languageSwitch } from "./views/langSwitch";
import { hallView } from "./views/hall";
import { printPairings, printStandings, printTableSheets } from "./views/print";
import { tablePageView, tableRefusedView } from "./views/tablePage";
import type { BackendError } from "./backend";
import { enrollLinkView, forgetToken, savedToken, saveToken, signInView } from "./signin";
import { readEnrollLink } from "./views/enroll";
import * as outbox from "./outbox";

const root = document.getElementById("app") as HTMLElement;
const inTauri = "__TAURI_INTERNALS__" in window;
const params = new URLSearchParams(location.search);
const asked = LANGS.find(([l]) => l === params.get("lang"))?.[0];
if (asked) setLang(asked);

/** A screen before the pages (sign-in, an enrollment link, the office's creation, offline):
 * the language switch above it, and drawn again in the language chosen. */
function screen(draw: () => HTMLElement): void {
  mount(
    root,
    h(
      "div",
      {},
      h(
        "div",
        { class: "lang-bar" },
        languageSwitch(() => screen(draw)),
      ),
      draw(),
    ),
  );
}

/** The pages signed in now: stopped when signed out, so no draw of theirs covers the sign-in. */
let running: ArbiterApp | null = null;

function startWeb(token: string): void {
  saveToken(token);
  const backend = new WebBackend(location.origin, token);
  const app = new ArbiterApp(root, backend, new OfficeApi(location.origin, token), { signOut: () => signOut() });
  running = app;
  void app.start().then(
    () => {
      started = true;
    },
    async (e) => {
      if (e instanceof OfficeUnreachable) return offlineStart(token);
      forgetToken();
      const why = String(e.message ?? e);
      screen(() => signInView(location.origin, startWeb, t("cannotSignIn", { why })));
    },
  );
}

/** Whether the pages are up: from then on the office refusing the token signs this browser out. */
let started = false;

/** Opened with no office to answer (a reload in a hall whose Wi-Fi dropped): the kept page,
 * honestly — what waits on this phone, and a way to try again. */
async function offlineStart(token: string): Promise<void> {
  const waiting = await outbox.waiting();
  screen(() =>
    h(
      "main",
      {},
      h(
        "section",
        { class: "card", "data-testid": "offline-start" },
        h("h1", {}, t("appTitle")),
        h("p", { class: "flag", role: "status" }, t("offlineStart", { n: waiting.length })),
        waiting.length
          ? h(
              "ul",
              { "data-testid": "waiting" },
              waiting.map((q) => h("li", {}, `${new Date(q.at).toLocaleTimeString()} · ${q.title || q.body?.kind}`)),
            )
          : null,
        h("button", { class: "primary", "data-testid": "retry", onclick: () => startWeb(token) }, t("retry")),
      ),
    ),
  );
}

/** Signed out: by the official, or because the office no longer knows this browser. */
function signOut(why?: string): void {
  started = false;
  running?.stop();
  running = null;
  forgetToken();
  screen(() => signInView(location.origin, startWeb, why ? t("signedOut", { why }) : undefined));
}

// The office revoked this browser's device (or rotated the token): out at the next request.
whenSignedOut((why) => {
  if (started) signOut(why);
});

/** `?hall=TOURNAMENT[&every=SECONDS]`: the hall display, no token, refreshing by itself. */
async function startHall(tournament: string): Promise<void> {
  document.body.classList.add("hall-mode");
  const every = Math.max(5, Number(params.get("every") ?? 15));
  const backend = new WebBackend(location.origin, "");
  setTables(await backend.labels());
  // The event's languages take turns, one a refresh; none chosen: this screen's.
  let turn = 0;
  const draw = async () => {
    try {
      const board = await OfficeApi.board(location.origin, tournament);
      const langs = board.languages.length ? board.languages : [getLang()];
      const l = langs[turn++ % langs.length];
      mount(
        root,
        inLang(l, () => hallView(board, every)),
      );
    } catch (e) {
      mount(root, h("p", { class: "error", "data-testid": "error" }, String((e as Error).message ?? e)));
    }
  };
  await draw();
  setInterval(() => void draw(), every * 1000);
}

/** `?table=LINK` (where a table's QR code leads, `/t/LINK`): the players' page, no account, in
 * the phone's language (else the ruleset's); why it opens nothing, said as a player reads it. */
async function startTable(link: string): Promise<void> {
  try {
    setTables(await new WebBackend(location.origin, "").labels());
    const page = await OfficeApi.tablePage(location.origin, link);
    defaultLangFor(page.ruleset.preset);
    screen(() => tablePageView(page));
  } catch (e) {
    screen(() => tableRefusedView(e as BackendError));
  }
}

/** `?print=pairings&round=N`, `?print=tables&round=N` (a sheet per table with its QR code) or
 * `?print=standings`: A4 sheets for the wall and the tables. */
async function startPrint(what: string, token: string): Promise<void> {
  document.body.classList.add("print-mode");
  const api = new OfficeApi(location.origin, token);
  setTables(await new WebBackend(location.origin, token).labels());
  const setup = await api.setup();
  const name = setup.tournament?.name ?? "";
  // One sheet in each of the event's languages (its set-up's), else in this screen's.
  const languages = setup.tournament?.settings?.languages?.length ? setup.tournament.settings.languages : [getLang()];
  const round = Number(params.get("round") ?? 1);
  if (what === "pairings") {
    const s = await api.pairings(round);
    mount(root, ...languages.map((l) => inLang(l, () => printPairings(name, s))));
  } else if (what === "tables") {
    // A sheet per table, in the event's first language: the phone a player scans it with
    // shows the game in its own. Minted once (minting again revokes these).
    const [s, links] = [await api.pairings(round), await api.mintTableLinks(round)];
    mount(
      root,
      inLang(languages[0], () => printTableSheets(name, s, links)),
    );
  } else {
    const [s, c] = [await api.standings(), await api.crosstable()];
    mount(root, ...languages.map((l) => inLang(l, () => printStandings(name, s, c))));
  }
}

const table = params.get("table");
const hall = params.get("hall");
const create = params.get("create");
const print = params.get("print");
const saved = savedToken();
const link = readEnrollLink(location.href);
if (table && !inTauri) {
  void startTable(table);
} else if (hall) {
  void startHall(hall);
} else if (print && saved) {
  void startPrint(print, saved).catch((e) =>
    mount(root, h("p", { class: "error", "data-testid": "error" }, String(e.message ?? e))),
  );
} else if (create && !inTauri) {
  // `?create=CODE`: the office has no tournament yet; `serve` printed this link.
  screen(() =>
    createView(location.origin, create, (token) => {
      history.replaceState(null, "", location.pathname);
      startWeb(token);
    }),
  );
} else if (inTauri) {
  // The app's preferences are in its data folder: read before the first screen is drawn.
  void useAppPreferences(invoke).then(() => {
    useChosenLang();
    return new ArbiterApp(root, new TauriBackend(invoke)).start();
  });
} else {
  registerServiceWorker();
  if (link) {
    // Opened from an enrollment QR code: the code stays out of the address bar and history.
    history.replaceState(null, "", location.pathname + location.search);
    screen(() => enrollLinkView(location.origin, link, startWeb));
  } else if (saved) startWeb(saved);
  else screen(() => signInView(location.origin, startWeb));
}

/** The pages open without the office (a dropped hall Wi-Fi): the service worker keeps them. A
 * browser runs one only for a certificate it trusts (docs/running.md: trusting the office). */
function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}

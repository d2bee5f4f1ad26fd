// The referee app's screen keeps still under a finger: the real Tauri binary under Xvfb through
// tauri-driver, with a real office on 127.0.0.1. The referee is at the forbidden point's form —
// the record check open, a point typed with the caret mid-text — while another referee's device
// records five incidents a second on the same game for ten seconds (the office's HTTP API); the
// tablet's sync brings them in and the screen draws them. The field keeps its focus, text and
// caret, the section stays open; a ruling button held down (WebDriver actions: down, then up
// after the rest is drawn) lands once: one confirm step, one record at the office.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  api,
  appEnv,
  closeApp,
  officeFetch,
  prepareOffice,
  scratch,
  serveOffice,
  sleep,
  startApp,
  until,
} from "./lib.mjs";

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
let office, token;

before(async () => {
  const data = scratch("app-steady-office");
  token = await prepareOffice(data, "t-e2e", ["tests/e2e/fixtures/pairings.jsonl"]);
  office = await serveOffice(data);
});

after(async () => {
  await office?.stop();
});

/** What the app's page shows now of the field, the section and the history. */
const LOOKS = `const f = document.querySelector("[data-testid=fact-point]");
  return { focused: document.activeElement?.getAttribute("data-testid") ?? null, value: f?.value,
    caret: [f?.selectionStart, f?.selectionEnd],
    open: document.querySelector("[data-testid=record-check]")?.open ?? false,
    history: document.querySelectorAll("[data-testid=history] > li").length };`;

test("the app: a form in use and a held tap survive five arrivals a second", async () => {
  const game = "r1-t1";
  for (const id of ["ref-wang", "ref-zhou"])
    await api(office.url, token, "POST", "/people", { id, name: id, role: "referee" });
  const code = (await api(office.url, token, "POST", "/enrollment-codes", { person: "ref-wang" })).code;
  const other = (await api(office.url, token, "POST", "/enrollment-codes", { person: "ref-zhou" })).code;
  const r = await officeFetch(`${office.url}/api/v1/enroll`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: other, device: "web-zhou", label: "web-zhou" }),
  });
  assert.ok(r.ok, `the other device enrolled: ${r.status} ${await r.text()}`);
  const otherToken = (await r.json()).token;
  const send = (body) => api(office.url, otherToken, "POST", `/games/${game}/events`, { body });
  await send({ kind: "clock_started" });

  const { driver, wd } = await startApp(appEnv(scratch("app-steady")));
  const js = (script) => wd.cmd("POST", "/execute/sync", { script, args: [] });
  try {
    await wd.type("[data-testid=office]", office.url);
    await wd.type("[data-testid=code]", code);
    await wd.type("[data-testid=fingerprint]", office.cert.short);
    await wd.type("[data-testid=device]", "tab-steady");
    await wd.type("[data-testid=label]", "tab-steady");
    await wd.click("[data-testid=enroll]");
    await wd.find("[data-testid=enrolled-start]", 30000);
    await wd.click("[data-testid=enrolled-start]");
    await wd.click(`[data-testid=table-${game}]`);
    await wd.find("[data-testid=record-incident]");
    const view = await api(office.url, token, "GET", `/games/${game}`);
    const group = view.catalogue.find((e) => e.incident === "forbidden_point").group;
    await wd.click("[data-testid=record-incident]");
    await wd.click(`[data-testid=groups] [data-value=${group}]`);
    await wd.click("[data-testid=types] [data-value=forbidden_point]");
    await wd.click("[data-testid=record-check] > summary");
    await until("the record check open", () => js("return document.querySelector('[data-testid=record-check]').open;"));
    await wd.on("[data-testid=fact-point]", (el) => wd.cmd("POST", `/element/${el}/value`, { text: "Q16" }));
    // The caret after "Q", as a finger puts it there.
    await js(
      "const f = document.querySelector('[data-testid=fact-point]'); f.focus(); f.setSelectionRange(1, 1); return " +
        "true;",
    );
    await wd.find("[data-testid=rulings] button[data-value]");
    const ruling = await js("return document.querySelector('[data-testid=rulings] button[data-value]').dataset.value;");
    const start = await js(LOOKS);
    assert.deepEqual([start.focused, start.value, start.caret, start.open], ["fact-point", "Q16", [1, 1], true]);

    // Five records a second for ten seconds (the pace is the load's, not a wait).
    const total = 50;
    let sent = 0;
    const stream = (async () => {
      const t0 = Date.now();
      for (; sent < total; sent++) {
        await send({
          kind: "incident_recorded",
          data: {
            incident: { type: "moved_stones", facts: { mover: "white", players_agree: true, deliberate: false } },
          },
        });
        const due = t0 + (sent + 1) * 200 - Date.now();
        if (due > 0) await sleep(due);
      }
    })();
    await until("half the records sent", () => sent >= total / 2, { timeout: 30000 });
    await until("the history growing under the field", async () => (await js(LOOKS)).history > start.history, {
      timeout: 30000,
    });
    const during = await js(LOOKS);
    assert.deepEqual(
      [during.focused, during.value, during.caret, during.open],
      ["fact-point", "Q16", [1, 1], true],
      "the form kept under the redraws",
    );

    // The ruling held down while the rest arrive and are drawn.
    const button = await wd.find(`[data-testid=rulings] button[data-value=${ruling}]`);
    const pointer = (actions) =>
      wd.cmd("POST", "/actions", {
        actions: [{ type: "pointer", id: "finger", parameters: { pointerType: "mouse" }, actions }],
      });
    // In view first, as a person scrolls to it: the history drawn above the form pushes it down,
    // and WebKit's driver moves the pointer only within the window.
    await wd.cmd("POST", "/execute/sync", {
      script: "arguments[0].scrollIntoView({ block: 'center' });",
      args: [{ [ELEMENT]: button }],
    });
    await pointer([
      { type: "pointerMove", origin: { [ELEMENT]: button }, x: 0, y: 0 },
      { type: "pointerDown", button: 0 },
    ]);
    const pressedAt = (await js(LOOKS)).history;
    await stream;
    await until("every record drawn while pressed", async () => (await js(LOOKS)).history >= total, { timeout: 60000 });
    assert.ok((await js(LOOKS)).history > pressedAt, "drawn while the button was held");
    await pointer([{ type: "pointerUp", button: 0 }]);

    // Landed once: one confirm step, and one record at the office.
    await wd.find("[data-testid=confirm]:not([disabled])");
    assert.equal(await js("return document.querySelectorAll('[data-testid=confirm]').length;"), 1);
    await wd.click("[data-testid=confirm]");
    await until(
      "the referee's record at the office",
      async () => {
        const g = await api(office.url, token, "GET", `/games/${game}`);
        const mine = g.state.incidents.filter((i) => i.incident.type === "forbidden_point");
        assert.ok(mine.length <= 1, `recorded ${mine.length} times`);
        return mine.length === 1 && mine[0].effective?.ruling === ruling;
      },
      { timeout: 30000 },
    );
  } finally {
    await closeApp(wd, driver);
  }
});

// A referee's screen that never moves under a finger, in Debian's Chromium against a real office
// on 127.0.0.1, at a phone's size (390×844) and a laptop's (1280×800). The referee is at a form:
// the record-check section open, a point typed with the caret mid-text, the page scrolled. Another
// device (a second referee, over the office's HTTP API) records five incidents a second on the
// same game for ten seconds. While they arrive:
// - the screen shows them (its history grows to what the office holds), and the field keeps its
//   focus, its text and its caret; the open section stays open; the page does not scroll;
// - a ruling button is then held down (mouse down) while the rest arrive and are drawn, and let
//   go: the tap lands, once (one confirm step, one record at the office).
// And what the person began while the office answered their own last action stays when that
// answer is drawn (held here by `page.route`): the next confirm step at a table, the next name
// typed and a section opened at the registration desk.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  api,
  assertNoCspViolations,
  chromium,
  officeFetch,
  pairedEvent,
  polled,
  sleep,
  unfold,
  until,
} from "./lib.mjs";

let office, organiser, browser, sheet;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("steady", "稳屏杯"));
  for (const id of ["ref-li", "ref-zhou"])
    await api(office.url, organiser, "POST", "/people", { id, name: id, role: "referee" });
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-li", tables: [1, 2] });
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-zhou", tables: [1, 2] });
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

/** Opens the office's pages on `page` and signs in with `secret`: the organiser's token, or
 * (none given) a new enrollment code of the referee ref-li, as a phone's browser signs in. */
async function signIn(page, secret) {
  const code = secret ?? (await api(office.url, organiser, "POST", "/enrollment-codes", { person: "ref-li" })).code;
  await page.goto(office.url);
  await page.fill("[data-testid=token]", code);
  await page.click("[data-testid=sign-in]");
}

/** Holds the office's answers to the page's `method` requests to `pattern`: each reaches the
 * office, and its answer waits in the returned list until let go. Playwright fetches it
 * (`route.fetch`), outside the browser's pin of the office's certificate: the page's context
 * must take it unchecked (`ignoreHTTPSErrors`). */
async function holdAnswers(page, pattern, method = "POST") {
  const held = [];
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.continue();
    const response = await route.fetch();
    held.push(() => route.fulfill({ response }));
  });
  return held;
}

/** A token of a device of `person`'s own, enrolled as a phone's browser enrolls (POST /enroll). */
async function enrolled(person, device) {
  const { code } = await api(office.url, organiser, "POST", "/enrollment-codes", { person });
  const r = await officeFetch(`${office.url}/api/v1/enroll`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, device, label: device }),
  });
  assert.ok(r.ok, `enrolled ${device}: ${r.status} ${await r.text()}`);
  return (await r.json()).token;
}

/** An unruled incident (no warning, no consequence: it only lengthens the history). */
const unruled = {
  kind: "incident_recorded",
  data: { incident: { type: "moved_stones", facts: { mover: "white", players_agree: true, deliberate: false } } },
};

/** What the page shows now of the field, the section, the scroll and the history. */
function looks(page) {
  return page.evaluate(() => {
    const field = document.querySelector("[data-testid=fact-point]");
    return {
      focused: document.activeElement?.getAttribute("data-testid") ?? null,
      value: field?.value,
      caret: [field?.selectionStart, field?.selectionEnd],
      fieldAlive: field?.isConnected ?? false,
      open: document.querySelector("[data-testid=record-check]")?.open ?? false,
      scrollY: window.scrollY,
      history: document.querySelectorAll("[data-testid=history] > li").length,
    };
  });
}

const sizes = [
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, 0],
  ["laptop", { viewport: { width: 1280, height: 800 } }, 1],
];

for (const [name, size, board] of sizes) {
  test(`at a ${name}'s size, a form in use and a held tap survive five arrivals a second`, async () => {
    const game = sheet.boards[board].game;
    const other = await enrolled("ref-zhou", `web-zhou-${name}`);
    const send = (body) => api(office.url, other, "POST", `/games/${game}/events`, { body });
    await send({ kind: "clock_started" });

    const context = await browser.newContext(size);
    await context.addInitScript(() => {
      if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
    });
    const page = await context.newPage();
    await signIn(page);
    await page.click(`[data-testid=table-${game}]`);
    await page.waitForSelector("[data-testid=record-incident]");

    // The forbidden point's form: the record check open, the point typed, the caret after "Q".
    const view = await api(office.url, organiser, "GET", `/games/${game}`);
    const group = view.catalogue.find((e) => e.incident === "forbidden_point").group;
    await page.click("[data-testid=record-incident]");
    await page.click(`[data-testid=groups] [data-value=${group}]`);
    await page.click("[data-testid=types] [data-value=forbidden_point]");
    await page.click("[data-testid=record-check] > summary");
    await page.waitForSelector("[data-testid=record-check][open]");
    await page.click("[data-testid=fact-point]");
    await page.keyboard.type("Q16");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    // The rulings these facts allow (asked of the office as the point was typed).
    const ruling = page.locator("[data-testid=rulings] button[data-value]").first();
    await ruling.waitFor();
    const rulingValue = await ruling.getAttribute("data-value");
    const start = await looks(page);
    assert.deepEqual(
      [start.focused, start.value, start.caret, start.open],
      ["fact-point", "Q16", [1, 1], true],
      "the form as the referee left it",
    );

    // Five records a second for ten seconds from the other device (the pace is the load's, not
    // a wait); the first half with the field in use, the second with the button held.
    const total = 50;
    let sent = 0;
    const stream = (async () => {
      const t0 = Date.now();
      for (; sent < total; sent++) {
        await send(unruled);
        const due = t0 + (sent + 1) * 200 - Date.now();
        if (due > 0) await sleep(due);
      }
    })();
    const held = total / 2;
    const shownAtLeast = (n) =>
      page.waitForFunction((k) => document.querySelectorAll("[data-testid=history] > li").length >= k, n, {
        timeout: 30000,
      });

    // The screen keeps up with what arrives while the field is in use.
    await until("half the records sent", () => sent >= held, { timeout: 30000 });
    await shownAtLeast(Math.min(held, sent) - 5);
    const during = await looks(page);
    assert.deepEqual(
      { focused: during.focused, value: during.value, caret: during.caret, open: during.open, scrollY: during.scrollY },
      { focused: "fact-point", value: "Q16", caret: [1, 1], open: true, scrollY: start.scrollY },
      "focus, text, caret, the open section and the scroll survive the redraws",
    );
    assert.ok(
      during.history > start.history,
      `the history grew under the field (${start.history} → ${during.history})`,
    );

    // A ruling held down while the rest arrive and are drawn, then let go.
    await ruling.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    const box = await ruling.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const shownBeforeRelease = await page.evaluate(
      () => document.querySelectorAll("[data-testid=history] > li").length,
    );
    await stream;
    await shownAtLeast(total);
    const pressed = await looks(page);
    assert.ok(pressed.history > shownBeforeRelease, `drawn while pressed (${shownBeforeRelease} → ${pressed.history})`);
    assert.equal(pressed.scrollY, scrolled, "the page did not scroll under the finger");
    assert.deepEqual(
      [pressed.value, pressed.caret, pressed.open],
      ["Q16", [1, 1], true],
      "the form kept while the button is held",
    );
    await page.mouse.up();

    // The tap landed, once: one confirm step for that ruling, and one record at the office.
    await page.waitForSelector("[data-testid=confirm]:not([disabled])");
    assert.equal(await page.locator("[data-testid=confirm]").count(), 1);
    await page.click("[data-testid=confirm]");
    await until("the referee's record at the office", async () => {
      const g = await api(office.url, organiser, "GET", `/games/${game}`);
      const mine = g.state.incidents.filter((i) => i.incident.type === "forbidden_point");
      assert.ok(mine.length <= 1, `recorded ${mine.length} times`);
      return mine.length === 1 && mine[0].effective?.ruling === rulingValue;
    });
    await context.close();
  });
}

test("a table tapped while a poll's draw waits on the office: the form opened on it stays", async () => {
  const game = sheet.boards[0].game;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);
  await page.waitForSelector(`[data-testid=table-${game}]`);
  // Each draw starts by asking the office for its status: held here, to be let go one by one.
  const held = [];
  await page.route("**/api/v1/status", (route) => void held.push(route));
  await until("a poll's draw waiting on the office", () => held.length === 1);
  await page.click(`[data-testid=table-${game}]`);
  await held.shift().continue();
  // The table's own draw starts once the poll's has ended.
  await until("the table's own draw waiting on the office", () => held.length === 1);
  assert.equal(
    await page.locator("[data-testid=record-incident]").count(),
    0,
    "the poll's draw, under way when the table was tapped, did not draw the table",
  );
  await held.shift().continue();
  await page.unroute("**/api/v1/status");
  // The table drawn by its own draw; a form opened on it stays through the next polls.
  await page.click("[data-testid=record-incident]");
  await page.waitForSelector("[data-testid=groups] button");
  await polled(page, 2);
  assert.equal((await page.locator("[data-testid=groups] button").count()) > 0, true, "the form is still open");
  await context.close();
});

test("the tab of the screen shown tapped, then a table pressed before that draw ends: the tap opens it", async () => {
  const game = sheet.boards[0].game;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);
  const row = `[data-testid=table-${game}]`;
  await page.waitForSelector(row);
  const held = [];
  await page.route("**/api/v1/status", (route) => void held.push(route));
  await until("a poll's draw waiting on the office", () => held.length === 1);
  // The tables' tab tapped on the tables: its draw waits behind the poll's, then on the office.
  await page.click("[data-testid=nav-tables]");
  await held.shift().continue();
  await until("the tab's draw waiting on the office", () => held.length === 1);
  // A finger comes down on a table while that draw is under way, and lifts after it is drawn.
  await page.$eval(row, (el) => el.scrollIntoView({ block: "center" }));
  const box = await page.locator(row).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await held.shift().continue();
  // The next poll's draw starts only once the tab's has ended.
  await until("the tab's draw ended", () => held.length === 1);
  await page.mouse.up();
  await held.shift().continue();
  await page.unroute("**/api/v1/status");
  await page.waitForSelector("[data-testid=record-incident]", { timeout: 5000 });
  await context.close();
});

test("the language switched, then the record form opened before that draw ends: the form stays", async () => {
  const game = sheet.boards[1].game;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);
  await page.click(`[data-testid=table-${game}]`);
  await page.waitForSelector("[data-testid=record-incident]");
  const held = [];
  await page.route("**/api/v1/status", (route) => void held.push(route));
  await until("a poll's draw waiting on the office", () => held.length === 1);
  await page.click("[data-testid=lang]");
  await page.click("[data-testid=lang-en]");
  await held.shift().continue();
  await until("the language's draw waiting on the office", () => held.length === 1);
  await page.click("[data-testid=record-incident]");
  await page.waitForSelector("[data-testid=groups] button");
  await held.shift().continue();
  await until("the language's draw ended", () => held.length === 1);
  await held.shift().continue();
  await page.unroute("**/api/v1/status");
  await page.waitForFunction(() => document.querySelector("[data-testid=back]")?.textContent === "Back");
  assert.equal((await page.locator("[data-testid=groups] button").count()) > 0, true, "the record form is still open");
  await context.close();
});

test("a record's answer that comes after the next form was opened: that form stays", async () => {
  const game = sheet.boards[1].game;
  // The record's answer is held (`holdAnswers`): this context takes the certificate unchecked.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await signIn(page);
  await page.click(`[data-testid=table-${game}]`);
  await page.waitForSelector("[data-testid=quick-black-disturbing-advice]");
  const shown = () => page.evaluate(() => document.querySelectorAll("[data-testid=history] > li").length);
  const before = await shown();
  const advised = async (side) =>
    (await api(office.url, organiser, "GET", `/games/${game}`)).state.incidents.filter(
      (i) => i.incident.type === "disturbing" && i.incident.facts.offender === side,
    ).length;
  const [black, white] = [await advised("black"), await advised("white")];
  // Black's advice reaches the office; its answer to the page is held, so a poll shows it first.
  const held = await holdAnswers(page, `**/api/v1/games/${game}/events`);
  await page.click("[data-testid=quick-black-disturbing-advice]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  await page.click("[data-testid=confirm]");
  await until("the record's answer held", () => held.length === 1);
  await page.waitForFunction((k) => document.querySelectorAll("[data-testid=history] > li").length > k, before);
  // The referee goes on to White's, and Black's answer arrives while its confirm step is read.
  await page.click("[data-testid=quick-white-disturbing-advice]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  held.shift()();
  await page.unroute(`**/api/v1/games/${game}/events`);
  await polled(page, 2);
  assert.equal(await page.locator("[data-testid=confirm]").count(), 1, "White's confirm step is still open");
  await page.click("[data-testid=confirm]");
  await until("both at the office, once each", async () => (await advised("white")) === white + 1);
  assert.equal(await advised("black"), black + 1);
  await context.close();
});

test("a player added while the next is typed and the history opened: both stay as the desk left them", async () => {
  // The add's answer is held (`holdAnswers`): this context takes the certificate unchecked.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ignoreHTTPSErrors: true });
  await context.addInitScript(() => localStorage.setItem("lang", "en"));
  const page = await context.newPage();
  await signIn(page, organiser);
  await page.click("[data-testid=nav-players]");
  await page.waitForSelector("[data-testid=add-player]");
  const held = await holdAnswers(page, "**/api/v1/players");
  await page.fill("[data-testid=p-name]", "孙五");
  await page.fill("[data-testid=p-rank]", "1d");
  await page.click("[data-testid=add-player]");
  await until("the add's answer held", () => held.length === 1);
  // The desk goes on while the office's answer is on its way: the next name, the history.
  await page.fill("[data-testid=p-name]", "周六");
  await unfold(page, "registration-history");
  await page.waitForSelector("[data-testid=history] tbody tr");
  held.shift()();
  await page.unroute("**/api/v1/players");
  await page.waitForFunction(() => document.querySelector("[data-testid=players]")?.textContent.includes("孙五"));
  await polled(page, 2);
  assert.equal(await page.inputValue("[data-testid=p-name]"), "周六", "the next name typed stays");
  assert.equal(await page.$eval("[data-testid=registration-history]", (d) => d.open), true, "the history stays open");
  assert.equal(await page.locator("[data-testid=p-rank]").inputValue(), "", "the form sent was folded");
  await context.close();
});

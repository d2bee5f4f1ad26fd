// Every act at a table, offline on a phone (390×844), as a referee meets it — Debian's Chromium
// with a profile of its own, against a real office on 127.0.0.1 (issue 64: "every action at a
// table works offline"). phone_day walks warnings, the quick late arrival and moved stones; this
// walks the rest, the Wi-Fi dropping without any reload after the first visit:
// - a late arrival with the minutes counted by the referee (the timer needs the office: offline
//   the phone says so and takes the facts instead, 第二十三条);
// - a scattered board that can be put back (第十七条四);
// - the game adjourned, the sealer named, and the sealed move opened with both players present
//   (第十四条);
// - a resignation, which says on the table that it decides the game once the office has it;
// each kept on the phone through a reload, then sent once, in the order made, its time the moment
// it was made (within 2 s). Screenshots in test-output/phone_acts/.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { api, chromiumProfile, outDir, pairedEvent, saveShot, tap, until } from "./lib.mjs";

const shots = path.join(outDir, "phone_acts");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let office, organiser, sheet, profile, ctx;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("phoneacts", "离线诸事杯"));
  await api(office.url, organiser, "POST", "/people", { id: "ref-zhou", name: "周裁判", role: "referee" });
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-zhou", tables: [sheet.boards[0].table] });
  profile = mkdtempSync(path.join(tmpdir(), "arbiter-phone-acts-"));
});

after(async () => {
  await ctx?.close().catch(() => undefined);
  await office?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Confirm on the open confirm step (whatever its preview could say); returns when it was tapped,
 * after the step is gone again (recorded, or kept on the phone). */
async function confirm(page) {
  await page.waitForSelector("[data-testid=confirm]:not([disabled])", { timeout: 30000 });
  const at = Date.now();
  await tap(page, "[data-testid=confirm]");
  await page.waitForSelector("[data-testid=confirm]", { state: "detached", timeout: 30000 });
  return at;
}

const waitingIs = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("[data-testid=waiting-record]").length === n, n);

/** The game's events at the office, as the organiser pulls them: kind and the moment made. */
async function officeEvents(game) {
  const pulled = await api(office.url, organiser, "GET", "/events?after=0&limit=500");
  return pulled.events
    .map((x) => x.event)
    .filter((e) => e.game === game)
    .map((e) => ({ kind: e.body.kind, made: Date.parse(e.wall_time), id: e.id }));
}

test(
  "every act at a table works offline on a phone: kept, sent once " + "in the order made, each at its moment",
  async () => {
    const t1 = sheet.boards[0];
    const { code } = await api(office.url, organiser, "POST", "/enrollment-codes", { person: "ref-zhou" });
    ctx = await chromiumProfile(office, profile, phone);
    await ctx.addInitScript(() => {
      if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${office.url}/#enroll=${code}&fp=${office.cert.sha256}&v=2`);
    await page.click("[data-testid=enroll-phone]");
    await page.click(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
    // The clocks started while online; the service worker has the page (first visit, no reload).
    await page.waitForSelector("[data-testid=clock-start]");
    await tap(page, "[data-testid=clock-start]");
    await confirm(page);
    await until("the service worker in control", () =>
      page.evaluate(() => navigator.serviceWorker.controller !== null),
    );
    const before = (await officeEvents(t1.game)).length;

    await ctx.setOffline(true);
    await page.waitForSelector("[data-testid=sync-banner].sync-bad");
    const made = [];

    // A late arrival with the minutes the referee counted: the timer needs the office, so the
    // phone says so and takes the facts (第二十三条三: White 7 minutes late, within the limit).
    await tap(page, "[data-testid=lateness]");
    await page.waitForSelector("[data-testid=lateness-offline]");
    assert.match(await page.textContent("[data-testid=lateness-offline]"), /离线/);
    await page.fill("[data-testid=fact-black_late_secs]", "0");
    await page.fill("[data-testid=fact-white_late_secs]", "420");
    await tap(page, "[data-testid=rulings] [data-value=deduct_late_time]");
    await page.waitForSelector("[data-testid=offline-preview]");
    made.push(await confirm(page));
    await waitingIs(page, 1);

    // The board knocked over by accident, and it can be put back (第十七条四).
    await tap(page, "[data-testid=record-incident]");
    await page.click("[data-testid=groups] [data-value=moves]");
    await page.click("[data-testid=types] [data-value=board_scattered]");
    await page.click("[data-testid=fact-cause] [data-value=unintentional]");
    await page.click("[data-testid=fact-by] [data-value=black]");
    await page.check("[data-testid=fact-reconstructable]");
    // Offline the rulings come from the catalogue, the office checking them on arrival.
    await page.waitForSelector("[data-testid=rulings-offline]");
    await tap(page, "[data-testid=rulings] [data-value=reconstruct]");
    made.push(await confirm(page));
    await waitingIs(page, 2);

    // Adjourned, White seals (第十四条); the envelope is paper, the phone records the sealer.
    await tap(page, "[data-testid=seal]");
    await page.click("[data-testid=pick-colour] [data-value=white]");
    made.push(await confirm(page));
    await waitingIs(page, 3);

    // Resumed: the referee confirms both players are there, then opens the envelope and enters
    // the point it holds.
    await tap(page, "[data-testid=unseal]");
    await page.click("[data-testid=unseal-both-present]");
    await page.fill("[data-testid=ask]", "q16");
    await tap(page, "[data-testid=ask-confirm]");
    made.push(await confirm(page));
    await waitingIs(page, 4);

    // White resigns: not at the office yet, and said to decide the game once it is.
    await tap(page, "[data-testid=resign]");
    await page.click("[data-testid=pick-colour] [data-value=white]");
    made.push(await confirm(page));
    await waitingIs(page, 5);
    await page.waitForSelector("[data-testid=waiting-decides]");
    assert.match(await page.textContent("[data-testid=waiting-decides]"), /黑/);
    await saveShot(shots, "01-five-kept.png", await page.screenshot({ fullPage: true }));

    // A reload offline: all five still wait, in the banner's words.
    await page.reload();
    await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
    assert.match(await page.textContent("[data-testid=sync-banner]"), /5 条记录待发送/);
    assert.equal((await officeEvents(t1.game)).length, before, "nothing reached the office while offline");

    // Back online: each once, in the order made, at the moment made.
    await ctx.setOffline(false);
    await until("the five records at the office", async () => (await officeEvents(t1.game)).length === before + 5, {
      timeout: 30000,
    });
    const got = (await officeEvents(t1.game)).slice(before);
    assert.deepEqual(
      got.map((e) => e.kind),
      ["incident_recorded", "incident_recorded", "game_adjourned", "move_unsealed", "resigned"],
    );
    assert.equal(new Set(got.map((e) => e.id)).size, 5, "none twice");
    for (const [k, e] of got.entries()) {
      assert.ok(Math.abs(e.made - made[k]) <= 2000, `${e.kind}: kept ${e.made - made[k]} ms from when it was made`);
    }
    const g = await api(office.url, organiser, "GET", `/games/${t1.game}`);
    const [late, scattered] = g.state.incidents;
    assert.deepEqual(late.incident, { type: "late_arrival", facts: { black_late_secs: 0, white_late_secs: 420 } });
    assert.equal(late.effective?.ruling, "deduct_late_time");
    assert.equal(scattered.incident.type, "board_scattered");
    assert.equal(scattered.effective?.ruling, "reconstruct");
    assert.equal(g.state.result?.winner, "black");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 0);
    await saveShot(shots, "02-all-at-office.png", await page.screenshot({ fullPage: true }));
  },
);

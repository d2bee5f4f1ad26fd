// A phone reloaded while the hall's Wi-Fi is down keeps working — Debian's Chromium at 390×844
// with a profile of its own, a real office on 127.0.0.1, as a referee meets it:
// - first visit by the QR link; their tables listed; the page is never reloaded while online
//   and their game never opened;
// - the Wi-Fi drops, the page is reloaded: their tables and their game are there (what the
//   phone last saw, kept for this official at this event), the banner says the office cannot be
//   reached;
// - a warning and a late arrival, each kept on the phone with the moment tapped;
// - a tap on a control half under the tall "office unreachable" banner lands;
// - the link back: the office holds each once, made when tapped (within 2 s), arrived after.
// Screenshots in test-output/phone_reload/.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { api, chromiumProfile, outDir, pairedEvent, saveShot, until } from "./lib.mjs";

const shots = path.join(outDir, "phone_reload");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let office, organiser, sheet, profile, ctx;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("phonereload", "重载杯"));
  await api(office.url, organiser, "POST", "/people", { id: "ref-zhao", name: "赵裁判", role: "referee" });
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-zhao", tables: [sheet.boards[0].table] });
  profile = mkdtempSync(path.join(tmpdir(), "arbiter-phone-reload-"));
});

after(async () => {
  await ctx?.close().catch(() => undefined);
  await office?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The office's incidents on `game`, oldest made first. */
async function incidents(game) {
  const g = await api(office.url, organiser, "GET", `/games/${game}`);
  return [...g.state.incidents].sort((a, b) => Date.parse(a.wall_time) - Date.parse(b.wall_time));
}

/** Taps `selector` scrolled to the middle of the screen, clear of the sticky banner. */
async function tap(page, selector) {
  await page.$eval(selector, (el) => el.scrollIntoView({ block: "center" }));
  await page.click(selector);
}

test("a phone reloaded offline shows its tables and games and records with the moment tapped", async () => {
  const [t1] = sheet.boards;
  const { code } = await api(office.url, organiser, "POST", "/enrollment-codes", { person: "ref-zhao" });
  ctx = await chromiumProfile(office, profile, phone);
  await ctx.addInitScript(() => { if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh"); });
  const page = ctx.pages()[0] ?? (await ctx.newPage());

  // First visit: enrolled from the QR link, their tables listed — nothing opened, no reload.
  await page.goto(`${office.url}/#enroll=${code}&fp=${office.cert.sha256}&v=2`);
  await page.click("[data-testid=enroll-phone]");
  await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
  await until("the service worker in control", () => page.evaluate(() => navigator.serviceWorker.controller !== null));
  // What the phone saw is kept for this sign-in: its own table's game among it, unopened.
  await until("the referee's game kept", () => page.evaluate((g) => g in (JSON.parse(localStorage.getItem("arbiter-views") ?? "{}").games ?? {}), t1.game));

  // The Wi-Fi drops; the page is reloaded.
  await ctx.setOffline(true);
  await page.reload();
  await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
  assert.match(await page.textContent("[data-testid=sync-banner]"), /^无法连接赛事办公室/);
  assert.equal(await page.locator("[data-testid=offline-start]").count(), 0, "the tables, not the page that has none");
  await saveShot(shots, "01-reloaded-offline.png", await page.screenshot({ fullPage: true }));

  // Their game, and a warning recorded into the outbox.
  await page.click(`[data-testid=table-${t1.game}]`);
  await page.waitForSelector("[data-testid=quick-black-disturbing-warning]");
  const made = [];
  await page.click("[data-testid=quick-black-disturbing-warning]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  made.push(Date.now());
  await tap(page, "[data-testid=confirm]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 1);
  // White sits down late: kept with the moment tapped, for the office to time (第二十三条).
  made.push(Date.now());
  await page.click("[data-testid=quick-white-late_arrival]");
  await page.waitForSelector("[data-testid=offline-arrival]");
  await tap(page, "[data-testid=confirm]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 2);
  assert.match(await page.textContent("[data-testid=sync-banner]"), /2 条记录待发送/);
  await saveShot(shots, "02-recorded-offline.png", await page.screenshot({ fullPage: true }));
  assert.equal((await incidents(t1.game)).length, 0, "nothing reached the office while offline");

  // A tap on a control half under the tall sticky banner (the office unreachable, records
  // waiting) lands: the page is scrolled so that White's advice button is half covered, and it is
  // pressed just under the banner's edge — not scrolled to it first.
  const target = "[data-testid=quick-white-disturbing-advice]";
  const spot = await page.$eval(target, (el) => {
    const bar = document.querySelector("header.banner").getBoundingClientRect();
    window.scrollBy(0, el.getBoundingClientRect().top - (bar.bottom - el.getBoundingClientRect().height / 2));
    const r = el.getBoundingClientRect();
    // Just under the banner's edge: the part of the button a finger finds first.
    return { x: r.left + r.width / 2, y: bar.bottom + 4, covered: bar.bottom - r.top, height: r.height, barHeight: bar.height };
  });
  assert.ok(spot.covered > 0 && spot.covered < spot.height, `half under the banner: ${JSON.stringify(spot)}`);
  assert.ok(spot.barHeight > 100, `the banner is tall offline: ${spot.barHeight}px`);
  // A press held a moment (a stylus, the mouse: down, then up): the focus it gives the button
  // must not scroll the button away before the press ends.
  await page.mouse.click(spot.x, spot.y, { delay: 80 });
  await page.waitForSelector("[data-testid=confirm]", { timeout: 5000 });
  assert.match(await page.textContent(".panel h3"), /劝告|妨碍/);
  await saveShot(shots, "02b-tap-under-banner.png", await page.screenshot());
  await tap(page, ".confirm-bar button:not([data-testid=confirm])");
  await page.waitForSelector("[data-testid=confirm]", { state: "detached" });

  // The link back: the phone sends them by itself, in order, each once, at the moment made.
  const back = Date.now();
  await ctx.setOffline(false);
  await until("both records at the office", async () => (await incidents(t1.game)).length === 2, { timeout: 30000 });
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 0);
  const got = await incidents(t1.game);
  assert.deepEqual(got.map((i) => i.incident.type), ["disturbing", "late_arrival"]);
  got.forEach((inc, k) => {
    const off = Date.parse(inc.wall_time) - made[k];
    assert.ok(Math.abs(off) <= 2000, `record ${k}: kept ${off} ms from when it was made`);
    assert.ok(inc.hlc.wall_ms >= back - 2000, `record ${k} arrived ${inc.hlc.wall_ms}, the link back at ${back}`);
  });
  assert.equal(got[0].effective?.ruling, "warning");
  await saveShot(shots, "03-delivered.png", await page.screenshot({ fullPage: true }));
});

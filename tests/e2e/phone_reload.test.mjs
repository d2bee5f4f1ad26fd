// A phone reloaded while the hall's Wi-Fi is down keeps working — Debian's Chromium at 390×844
// with a profile of its own, a real office on 127.0.0.1, as a referee meets it:
// - first visit by the QR link; their tables listed; the page is never reloaded while online
//   and their game never opened;
// - the Wi-Fi drops, the page is reloaded: their tables and their game are there (what the
//   phone last saw, kept for this official at this event), the banner says the office cannot be
//   reached;
// - a warning and a late arrival, each kept on the phone with the moment tapped; a second
//   warning that says, offline, it decides the game once the office has it;
// - a tap on a control half under the tall "office unreachable" banner lands;
// - the link back: the office holds each once, made when tapped (within 2 s), arrived after.
// Screenshots in test-output/phone_reload/.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { api, chromiumProfile, outDir, pairedEvent, saveShot, tap, until } from "./lib.mjs";

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
/** The game's incidents in the order they reached the office (their HLC stamps): the order the
 * phone sent them. Their wall times are the moments made, each within the transit time. */
async function incidents(game) {
  const g = await api(office.url, organiser, "GET", `/games/${game}`);
  return [...g.state.incidents].sort((a, b) => a.hlc.wall_ms - b.hlc.wall_ms || a.hlc.logical - b.hlc.logical);
}

test("a phone reloaded offline shows its tables and games and records with the moment tapped", async () => {
  const [t1] = sheet.boards;
  const { code } = await api(office.url, organiser, "POST", "/enrollment-codes", { person: "ref-zhao" });
  ctx = await chromiumProfile(office, profile, phone);
  await ctx.addInitScript(() => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());

  // First visit: enrolled from the QR link, their tables listed — nothing opened, no reload.
  await page.goto(`${office.url}/#enroll=${code}&fp=${office.cert.sha256}&v=2`);
  await page.click("[data-testid=enroll-phone]");
  await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
  await until("the service worker in control", () => page.evaluate(() => navigator.serviceWorker.controller !== null));
  // What the phone saw is kept for this sign-in: its own table's game among it, unopened.
  await until("the referee's game kept", () =>
    page.evaluate((g) => g in (JSON.parse(localStorage.getItem("arbiter-views") ?? "{}").games ?? {}), t1.game),
  );

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
    return {
      x: r.left + r.width / 2,
      y: bar.bottom + 4,
      covered: bar.bottom - r.top,
      height: r.height,
      barHeight: bar.height,
    };
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

  // Black's second warning, offline: the core foresaw in the game's last view that it loses the
  // game (第二十五条二), so the waiting list and the table say so before the office has it.
  assert.equal(await page.locator("[data-testid=waiting-decides]").count(), 0, "the first warning decides nothing");
  await page.click("[data-testid=quick-black-consulting-warning]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  made.push(Date.now());
  await tap(page, "[data-testid=confirm]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 3);
  const decides = page.locator("[data-testid=waiting-record]").nth(2).locator("[data-testid=waiting-decides]");
  assert.equal(await decides.textContent(), "办公室收到后决定本局：第二次警告：黑方判负（第二十五条二）");
  assert.equal(await page.locator("[data-testid=waiting-decides]").count(), 1, "only the second warning decides it");
  assert.match(await page.textContent("[data-testid=result]"), /办公室收到后决定本局/);
  await tap(page, "[data-testid=back]");
  await page.waitForSelector(`[data-testid=table-${t1.game}] [data-testid=decides-on-arrival]`);
  assert.match(await page.textContent(`[data-testid=table-${t1.game}]`), /办公室收到后决定本局：第二次警告：黑方判负/);
  await saveShot(shots, "02c-decides-offline.png", await page.screenshot({ fullPage: true }));
  await tap(page, `[data-testid=table-${t1.game}]`);
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 3);

  // The link back: the phone sends them by itself, in order, each once, at the moment made.
  const back = Date.now();
  await ctx.setOffline(false);
  await until("the three records at the office", async () => (await incidents(t1.game)).length === 3, {
    timeout: 30000,
  });
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 0);
  const got = await incidents(t1.game);
  assert.deepEqual(
    got.map((i) => i.incident.type),
    ["disturbing", "late_arrival", "consulting"],
  );
  got.forEach((inc, k) => {
    const off = Date.parse(inc.wall_time) - made[k];
    assert.ok(Math.abs(off) <= 2000, `record ${k}: kept ${off} ms from when it was made`);
    assert.ok(inc.hlc.wall_ms >= back - 2000, `record ${k} arrived ${inc.hlc.wall_ms}, the link back at ${back}`);
  });
  assert.equal(got[0].effective?.ruling, "warning");
  // As foreseen: the office's result is the second warning's, and the phone no longer forecasts.
  await page.waitForFunction(() =>
    /第二次警告：黑方判负/.test(document.querySelector("[data-testid=result]")?.textContent ?? ""),
  );
  assert.equal(await page.locator("[data-testid=decides-on-arrival]").count(), 0);
  await saveShot(shots, "03-delivered.png", await page.screenshot({ fullPage: true }));
});

/** Every event the office holds on `game`, in the office's order. */
async function eventsOf(game) {
  const out = [];
  for (let after = 0, more = true; more; ) {
    const page = await api(office.url, organiser, "GET", `/events?after=${after}&limit=500`);
    out.push(...page.events.map((p) => p.event).filter((e) => e.game === game));
    ({ next: after, more } = page);
  }
  return out;
}

test(
  "a chief arbiter's decision and a result recorded offline on a phone reach " +
    "the office once, in order, at the moments made",
  async () => {
    const t2 = sheet.boards[1];
    // Table 2's referee (an API client here) starts the clock and leaves moved stones to the chief.
    await api(office.url, organiser, "POST", "/people", { id: "ref-qian", name: "钱裁判", role: "referee" });
    await api(office.url, organiser, "POST", "/referees", { referee: "ref-qian", tables: [t2.table] });
    const refCode = (await api(office.url, organiser, "POST", "/enrollment-codes", { person: "ref-qian" })).code;
    const { token: qian } = await api(office.url, null, "POST", "/enroll", {
      code: refCode,
      device: "web-qian",
      label: "钱裁判的手机",
    });
    await api(office.url, qian, "POST", `/games/${t2.game}/events`, { body: { kind: "clock_started" } });
    const moved = {
      kind: "incident_recorded",
      data: { incident: { type: "moved_stones", facts: { mover: null, players_agree: false, deliberate: false } } },
    };
    await api(office.url, qian, "POST", `/games/${t2.game}/events`, { body: moved, escalate_to: "chief_arbiter" });

    // The chief arbiter's phone: first visit, the desk, the game looked at — no reload.
    await api(office.url, organiser, "POST", "/people", { id: "chief-zhou", name: "周裁判长", role: "chief_arbiter" });
    const { code } = await api(office.url, organiser, "POST", "/enrollment-codes", { person: "chief-zhou" });
    const chiefProfile = mkdtempSync(path.join(tmpdir(), "arbiter-chief-reload-"));
    const chiefCtx = await chromiumProfile(office, chiefProfile, phone);
    try {
      await chiefCtx.addInitScript(() => {
        if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
      });
      const page = chiefCtx.pages()[0] ?? (await chiefCtx.newPage());
      await page.goto(`${office.url}/#enroll=${code}&fp=${office.cert.sha256}&v=2`);
      await page.click("[data-testid=enroll-phone]");
      const card = `[data-testid=queue-card][data-game="${t2.game}"]`;
      await page.waitForSelector(`${card} .option[data-value=restore] button`);
      await tap(page, `${card} [data-testid=card-open]`);
      await page.waitForSelector("[data-testid=resign]");
      await tap(page, "[data-testid=nav-queue]");
      await page.waitForSelector(`${card} .option[data-value=restore] button`);

      // The Wi-Fi drops. The chief restores the stones (第十七条三) from the card…
      await chiefCtx.setOffline(true);
      await tap(page, `${card} .option[data-value=restore] button`);
      const made = [Date.now()];
      await tap(page, `${card} [data-testid=card-confirm]`);
      // …kept on the phone, the card saying so and no longer offering the decision.
      await page.waitForSelector(`${card} [data-testid=card-kept]`);
      assert.equal(await page.locator(`${card} [data-testid=card-options]`).count(), 0);
      assert.match(await page.textContent("[data-testid=sync-banner]"), /^无法连接赛事办公室 · 1 条记录待发送/);
      await saveShot(shots, "04-chief-decided-offline.png", await page.screenshot({ fullPage: true }));
      // …then Black resigns: the result, recorded on the game this phone last saw.
      await tap(page, `${card} [data-testid=card-open]`);
      await page.waitForSelector("[data-testid=resign]");
      await tap(page, "[data-testid=resign]");
      await page.waitForSelector("[data-testid=pick-colour]");
      await tap(page, "[data-testid=pick-colour] [data-value=black]");
      await page.waitForSelector("[data-testid=offline-preview]");
      made.push(Date.now());
      await tap(page, "[data-testid=confirm]");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 2);
      const before = await eventsOf(t2.game);
      assert.ok(
        !before.some((e) => e.body.kind === "ruling_issued" || e.body.kind === "resigned"),
        "nothing reached the office while offline",
      );

      // The link back: both delivered by the phone's own poll, once each, in the order made, each
      // at the moment it was made.
      await chiefCtx.setOffline(false);
      await until(
        "the decision and the result at the office",
        async () =>
          (await eventsOf(t2.game)).filter((e) => e.body.kind === "ruling_issued" || e.body.kind === "resigned")
            .length >= 2,
        { timeout: 30000 },
      );
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 0);
      const got = (await eventsOf(t2.game)).filter(
        (e) => e.body.kind === "ruling_issued" || e.body.kind === "resigned",
      );
      assert.deepEqual(
        got.map((e) => e.body.kind),
        ["ruling_issued", "resigned"],
        "once each, in the order made",
      );
      assert.equal(got[0].body.data.ruling, "restore");
      got.forEach((e, k) => {
        const off = Date.parse(e.wall_time) - made[k];
        assert.ok(Math.abs(off) <= 2000, `${e.body.kind}: kept ${off} ms from when it was made`);
      });
      const state = await api(office.url, organiser, "GET", `/games/${t2.game}/state`);
      assert.equal(state.result?.reason, "resignation");
      assert.equal(state.incidents.find((i) => i.incident.type === "moved_stones")?.effective?.ruling, "restore");
      await saveShot(shots, "05-chief-delivered.png", await page.screenshot({ fullPage: true }));
    } finally {
      await chiefCtx.close();
      rmSync(chiefProfile, { recursive: true, force: true });
    }
  },
);

// A referee's first day in the hall on a phone (390×844), as a person meets it — Debian's
// Chromium with a profile of its own (launchPersistentContext), against a real office on
// 127.0.0.1:
// - first visit: the QR link, enrolled, their own table listed first and another referee's
//   refused (403, named) — no reload anywhere before the Wi-Fi drops;
// - the service worker has taken the page on that first visit and keeps exactly the build's
//   files (what the page names among them);
// - the Wi-Fi drops (no reload): two warnings, a late arrival (timed by the office at the moment
//   tapped) and moved stones escalated to the chief arbiter, each kept on the phone; a reload
//   offline shows the tables and the game this phone last saw, the banner saying, in Chinese,
//   that the office cannot be reached and four records wait;
// - the phone's browser is closed and opened again, offline, on the same profile: the same;
//   back online, each record reaches the office once, its time the moment it was made (within
//   2 s) and its arrival kept apart;
// - the chief arbiter, on a phone of their own, covers the other table in two taps: it joins the
//   referee's own;
// - a record whose moment is beyond the clock-skew bound is refused on arrival, the reason on
//   the phone, nothing stored;
// - a flapping link (Chromium's network emulation: 400 ms latency, low bandwidth, 5 s on and
//   5 s off, at most a minute): three more records, nothing lost, nothing twice, each within
//   2 s of when it was made.
// Screenshots in test-output/phone_day/.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { api, chromiumProfile, outDir, pairedEvent, saveShot, tap, until } from "./lib.mjs";

const shots = path.join(outDir, "phone_day");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let office, organiser, sheet, profile, ctx;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("phoneday", "手机一日杯"));
  await api(office.url, organiser, "POST", "/people", { id: "ref-li", name: "李裁判", role: "referee" });
  await api(office.url, organiser, "POST", "/people", { id: "ref-wang", name: "王裁判", role: "referee" });
  const [t1, t2] = sheet.boards;
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-li", tables: [t1.table] });
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-wang", tables: [t2.table] });
  profile = mkdtempSync(path.join(tmpdir(), "arbiter-phone-profile-"));
});

after(async () => {
  await ctx?.close().catch(() => undefined);
  await office?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The phone's browser on its profile, Chinese as its language; its one page. */
async function openPhone(options = {}) {
  ctx = await chromiumProfile(office, profile, { ...phone, ...options });
  await ctx.addInitScript(() => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
  });
  return ctx.pages()[0] ?? ctx.newPage();
}

/** The office's incidents on `game` in the order they reached it (their HLC stamps): the order
 * the phone sent them. Their wall times are the moments made, each within the transit time, so
 * two made a moment apart may stand in either order by wall time. */
async function incidents(game) {
  const g = await api(office.url, organiser, "GET", `/games/${game}`);
  return [...g.state.incidents].sort((a, b) => a.hlc.wall_ms - b.hlc.wall_ms || a.hlc.logical - b.hlc.logical);
}

/** Each of `made` (ms, when the referee tapped Confirm) has exactly one incident on `game`, its
 * wall time within 2 s of that moment; no incident twice. */
async function assertMadeOnce(game, made) {
  const got = await incidents(game);
  assert.equal(new Set(got.map((i) => i.id)).size, got.length, "no incident twice");
  assert.equal(got.length, made.length, `${game}: ${got.length} incidents for ${made.length} records`);
  got.forEach((inc, k) => {
    const off = Date.parse(inc.wall_time) - made[k];
    assert.ok(Math.abs(off) <= 2000, `${game} record ${k}: kept ${off} ms from when it was made`);
  });
  return got;
}

/** One quick action on the open game: its button, Confirm (whatever the preview could say), and
 * the confirm step gone again (recorded, or kept on the phone). Returns when Confirm was tapped. */
async function quick(page, testid) {
  await page.click(`[data-testid=${testid}]`);
  await page.waitForSelector("[data-testid=confirm]:not([disabled])", { timeout: 30000 });
  const at = Date.now();
  await tap(page, "[data-testid=confirm]");
  await page.waitForSelector("[data-testid=confirm]", { state: "detached", timeout: 30000 });
  return at;
}

test(
  "a referee's first day on a phone: offline from the first visit, " + "times as they happened, their own tables",
  async () => {
    const [t1, t2] = sheet.boards;
    const { code } = await api(office.url, organiser, "POST", "/enrollment-codes", { person: "ref-li" });
    const link = `${office.url}/#enroll=${code}&fp=${office.cert.sha256}&v=2`;

    // First visit: the QR link, enrolled; their table first, the other referee's after it.
    let page = await openPhone();
    await page.goto(link);
    await page.click("[data-testid=enroll-phone]");
    await page.waitForSelector("[data-testid=my-tables] [data-testid^=table-]");
    const listed = (which) =>
      page.$$eval(`[data-testid=${which}] .table-card`, (bs) => bs.map((b) => b.dataset.testid));
    assert.deepEqual(await listed("my-tables"), [`table-${t1.game}`]);
    assert.deepEqual(await listed("other-tables"), [`table-${t2.game}`]);
    assert.deepEqual(await page.$$eval("[data-testid=tables] h2", (hs) => hs.map((x) => x.textContent)), [
      "分派给我的台次",
      "其他台次",
    ]);
    await saveShot(shots, "01-own-tables-first.png", await page.screenshot({ fullPage: true }));

    // Another referee's table: refused by the office, the table and theirs named, nothing stored.
    await page.click(`[data-testid=table-${t2.game}]`);
    const warning = (c) => `quick-${c}-disturbing-warning`;
    await page.click(`[data-testid=${warning("black")}]`);
    await page.waitForSelector("[data-testid=confirm]:not([disabled])");
    await page.click("[data-testid=confirm]");
    await page.waitForSelector("[data-testid=consequence] .error");
    // Said in the referee's language (the core's sentence for the office's refusal).
    assert.match(
      await page.textContent("[data-testid=consequence] .error"),
      new RegExp(`第${t2.table}台未分派给裁判 \`ref-li\`（其台次：${t1.table}）`),
    );
    assert.equal((await incidents(t2.game)).length, 0);
    await page.click("[data-testid=back]");

    // The service worker took this page on its first visit (no reload) and keeps the build's
    // files, among them every script and style the page names.
    await until("the service worker in control", () =>
      page.evaluate(() => navigator.serviceWorker.controller !== null),
    );
    const kept = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith("arbiter-shell-"));
      const cache = await caches.open(names[0]);
      const named = [...document.querySelectorAll("script[src], link[rel=stylesheet]")].map(
        (e) => new URL(e.src || e.href).pathname,
      );
      return {
        names,
        named,
        missing: (await Promise.all(named.map(async (p) => ((await cache.match(p)) ? null : p)))).filter(Boolean),
        page: Boolean(await cache.match("/")),
      };
    });
    assert.equal(kept.names.length, 1, `one cache, this build's: ${kept.names}`);
    assert.ok(kept.named.length >= 2 && kept.page, JSON.stringify(kept));
    assert.deepEqual(kept.missing, []);

    // Their table open, then the Wi-Fi drops — no reload. Two warnings, kept on the phone.
    await page.click(`[data-testid=table-${t1.game}]`);
    await page.waitForSelector(`[data-testid=${warning("black")}]`);
    await ctx.setOffline(true);
    const madeT1 = [await quick(page, warning("black"))];
    await page.waitForSelector("[data-testid=waiting-record]");
    madeT1.push(await quick(page, warning("white")));
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 2);
    // White sits down late: the timer needs the office, so the arrival is kept with the moment
    // tapped for the office to time (第二十三条), no ruling guessed here.
    madeT1.push(Date.now());
    await page.click("[data-testid=quick-white-late_arrival]");
    await page.waitForSelector("[data-testid=offline-arrival]");
    assert.match(
      await page.textContent("[data-testid=offline-arrival]"),
      /^离线：白方于 .* 入座。办公室收到后按这一时刻计时（第二十三条）/,
    );
    await tap(page, "[data-testid=confirm]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 3);
    // Stones moved, left to the chief arbiter: the incident and its escalation, one record.
    await page.click("[data-testid=record-incident]");
    await page.click("[data-testid=groups] [data-value=moves]");
    await page.click("[data-testid=types] [data-value=moved_stones]");
    await page.click("[data-testid=rulings] [data-value=escalate]");
    await page.waitForSelector("[data-testid=offline-preview]");
    madeT1.push(Date.now());
    await tap(page, "[data-testid=confirm]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 4);
    await saveShot(shots, "02-offline-kept.png", await page.screenshot({ fullPage: true }));

    // A reload offline: the tables this phone last saw, and the banner saying in the referee's
    // language what is true.
    await page.reload();
    await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
    assert.match(await page.textContent("[data-testid=sync-banner]"), /^无法连接赛事办公室.*4 条记录待发送/);
    await page.click(`[data-testid=table-${t1.game}]`);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 4);
    await saveShot(shots, "03-offline-reload.png", await page.screenshot({ fullPage: true }));

    // The browser closed, and opened again still offline on the same profile: all still there.
    await ctx.close();
    page = await openPhone({ offline: true });
    await page.goto(office.url);
    await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t1.game}]`);
    assert.match(await page.textContent("[data-testid=sync-banner]"), /4 条记录待发送/);
    assert.equal((await incidents(t1.game)).length, 0, "nothing reached the office while offline");

    // Back online: each once, at the moment it was made (sent by the phone's own next poll); its
    // arrival kept apart (the HLC).
    const back = Date.now();
    await ctx.setOffline(false);
    await until("the four records at the office", async () => (await incidents(t1.game)).length === 4);
    const t1Got = await assertMadeOnce(t1.game, madeT1);
    for (const inc of t1Got)
      assert.ok(inc.hlc.wall_ms >= back - 2000, `arrived ${inc.hlc.wall_ms}, back online at ${back}`);
    // The office timed White's arrival at the moment tapped: five-odd minutes into the round, a
    // deduction (23.3); the moved stones wait on the chief arbiter's desk.
    const [, , late, moved] = t1Got;
    assert.equal(late.incident.type, "late_arrival");
    assert.equal(late.effective?.ruling, "deduct_late_time");
    assert.equal(late.incident.facts.black_late_secs, 0);
    assert.ok(
      late.incident.facts.white_late_secs >= 300 && late.incident.facts.white_late_secs < 15 * 60,
      JSON.stringify(late.incident.facts),
    );
    assert.equal(moved.incident.type, "moved_stones");
    assert.deepEqual(moved.escalated_to, ["chief_arbiter"]);

    // The chief arbiter, on a phone of their own, gives the other table to this referee from the
    // tables in two taps; it joins the referee's own on their phone.
    await api(office.url, organiser, "POST", "/people", { id: "chief-ma", name: "马裁判长", role: "chief_arbiter" });
    const chiefCode = (await api(office.url, organiser, "POST", "/enrollment-codes", { person: "chief-ma" })).code;
    const chiefProfile = mkdtempSync(path.join(tmpdir(), "arbiter-chief-profile-"));
    const chiefCtx = await chromiumProfile(office, chiefProfile, phone);
    try {
      await chiefCtx.addInitScript(() => {
        if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
      });
      const chief = chiefCtx.pages()[0] ?? (await chiefCtx.newPage());
      await chief.goto(`${office.url}/#enroll=${chiefCode}&fp=${office.cert.sha256}&v=2`);
      await chief.click("[data-testid=enroll-phone]");
      await chief.click("[data-testid=nav-tables]");
      assert.match(await chief.textContent(`[data-testid=cover-${t2.game}]`), /^裁判：王裁判 · 换人代班$/);
      await tap(chief, `[data-testid=cover-${t2.game}]`);
      await tap(chief, `[data-testid=cover-${t2.game}-ref-li]`);
      await chief.waitForFunction(
        (g) => /^裁判：李裁判/.test(document.querySelector(`[data-testid=cover-${g}]`)?.textContent ?? ""),
        t2.game,
      );
      await saveShot(shots, "04a-chief-cover.png", await chief.screenshot({ fullPage: true }));
    } finally {
      await chiefCtx.close();
      rmSync(chiefProfile, { recursive: true, force: true });
    }
    await page.waitForSelector(`[data-testid=my-tables] [data-testid=table-${t2.game}]`);

    // A moment beyond the clock-skew bound: the phone's clock read 10 minutes fast when the record
    // was made and was put right before it was sent, so the record says it was made 10 minutes
    // after it was sent — refused on arrival, the reason on the phone, nothing stored.
    await page.click(`[data-testid=table-${t2.game}]`);
    await page.waitForSelector(`[data-testid=${warning("black")}]`);
    await ctx.setOffline(true);
    // The page learns its offset from each answer of the office: a poll answered after the clock is
    // moved would put it right again. The clock moves once the page has seen the office unreachable.
    await page.waitForSelector("[data-testid=sync-banner].sync-bad");
    const offset = await page.evaluate(() => localStorage.getItem("officeClockOffsetMs") ?? "0");
    await page.evaluate((o) => localStorage.setItem("officeClockOffsetMs", String(Number(o) + 10 * 60_000)), offset);
    await quick(page, warning("black"));
    await page.waitForSelector("[data-testid=waiting-record]");
    const ahead = await page.evaluate(
      () =>
        new Promise((done, fail) => {
          const open = indexedDB.open("arbiter-outbox");
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction("records").objectStore("records").getAll();
            all.onsuccess = () => done(all.result.map((q) => q.made_at_ms - Date.now()));
            all.onerror = () => fail(all.error);
          };
        }),
    );
    assert.equal(ahead.length, 1, "one record waits");
    assert.ok(ahead[0] > 9 * 60_000, `the record was made on the fast clock (${ahead[0]} ms ahead)`);
    await page.evaluate((o) => localStorage.setItem("officeClockOffsetMs", o), offset);
    await ctx.setOffline(false);
    // Should it not come (one run in a fresh clone missed it once): what the page and the office
    // said then, to find the cause.
    await page.waitForSelector("[data-testid=refused-records]").catch(async (e) => {
      await saveShot(shots, "failed-refused-ahead.png", await page.screenshot({ fullPage: true }));
      const said = await page.evaluate(() => document.body.innerText.slice(0, 800));
      const kept = await page.evaluate(() => localStorage.getItem("officeClockOffsetMs"));
      throw new Error(
        `${e.message}; offset now ${kept}; ` +
          `office incidents ${JSON.stringify(await incidents(t2.game))}; the page said: ${said}`,
      );
    });
    assert.match(
      await page.textContent("[data-testid=refused-records]"),
      /被拒绝：.*记录时间比办公室时钟快 59\d 秒（最多允许 300 秒）/,
    );
    await saveShot(shots, "04-refused-ahead.png", await page.screenshot({ fullPage: true }));
    assert.equal((await incidents(t2.game)).length, 0, "nothing stored");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 0);

    // A flapping link: 400 ms each way, ~400 kbit/s, 3 s on and 3 s off, for 24 s.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.enable");
    const link_ = (offline) =>
      cdp.send("Network.emulateNetworkConditions", {
        offline,
        latency: 400,
        downloadThroughput: 50_000,
        uploadThroughput: 50_000,
      });
    let flips = 0;
    let offline = false;
    await link_(false);
    const flapping = new Promise((resolve) => {
      const timer = setInterval(() => {
        flips += 1;
        offline = flips < 8 ? !offline : false;
        void link_(offline).then(() => {
          if (flips >= 8) {
            clearInterval(timer);
            resolve();
          }
        });
      }, 3000);
    });
    const madeT2 = [await quick(page, warning("black"))];
    const flipsAt = flips;
    await until("the link to change", async () => flips > flipsAt, { timeout: 15000 });
    madeT2.push(await quick(page, warning("white")));
    await page.click("[data-testid=back]");
    await page.click(`[data-testid=table-${t1.game}]`);
    await page.waitForSelector(`[data-testid=${warning("black")}]`);
    // Black's second warning here: it decides the game (第二十五条二).
    madeT1.push(await quick(page, warning("black")));
    await flapping;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await until(
      "every record at the office",
      async () => (await incidents(t1.game)).length === 5 && (await incidents(t2.game)).length === 2,
      { timeout: 30000 },
    );
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 0);
    await assertMadeOnce(t1.game, madeT1);
    await assertMadeOnce(t2.game, madeT2);
    const g1 = await api(office.url, organiser, "GET", `/games/${t1.game}`);
    assert.equal(g1.state.result?.reason, "second_warning");
    await saveShot(shots, "05-after-flapping.png", await page.screenshot({ fullPage: true }));
  },
);

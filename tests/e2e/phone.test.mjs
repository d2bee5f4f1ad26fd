// Every official on a phone (390×844), in Debian's Chromium against a real office on
// 127.0.0.1 — each official a browser of their own (a fresh context: its own storage):
// - the organiser issues enrollment codes on the officials page;
// - a chief arbiter signs in by typing only the code and lands on the desk;
// - a referee opens the code's QR link (an https:// link to the office) and lands on their
//   tables; a reload keeps them signed in;
// - the referee records two warnings while the phone is offline: each kept on the phone and
//   shown as not yet at the office; a reload while offline shows the office's page (the service
//   worker) with what waits; back online, the office holds each event once and the game is lost
//   by 第二十五条二;
// - on another table, online, the second warning's loss is shown above Confirm, not under it;
// - the page is installable (its manifest, a service worker in control) and axe-core finds
//   nothing on the sign-in and enrollment pages;
// - the organiser revokes the referee's phone: it is signed out at its next request;
// - bad input: a spent code, a code this office never issued — each said on the page, nothing
//   stored;
// - no control sits off the right edge on any of the organiser's pages at 390 px.
// Screenshots in test-output/phone/.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  api,
  assertNoCspViolations,
  axeViolations,
  chromium,
  outDir,
  pairedEvent,
  saveShot,
  settled,
  until,
} from "./lib.mjs";

const shots = path.join(outDir, "phone");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let office, organiser, browser, sheet;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("phone", "手机杯"));
  await api(office.url, organiser, "POST", "/people", { id: "ref-li", name: "李裁判", role: "referee" });
  await api(office.url, organiser, "POST", "/people", { id: "chief-ma", name: "马裁判长", role: "chief_arbiter" });
  await api(office.url, organiser, "POST", "/referees", { referee: "ref-li", tables: [1, 2] });
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

/** A phone of its own: a fresh context, Chinese as its language. */
async function newPhone() {
  const context = await browser.newContext(phone);
  await context.addInitScript(() => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", "zh");
  });
  return { context, page: await context.newPage() };
}

/** Controls (buttons, fields, links) that stick out of the 390 px screen, outside the bottom
 * tab bar (which scrolls sideways by design, its current tab kept in view). */
function offScreen(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("button, input, select, textarea, a[href]")]
      .filter(
        (el) => !el.closest("nav") && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden",
      )
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1))
      .map(({ el, r }) => {
        const name = el.dataset.testid ?? el.textContent?.trim().slice(0, 20);
        return `${el.tagName.toLowerCase()}[${name}] ${Math.round(r.left)}–${Math.round(r.right)}`;
      }),
  );
}

/** Issues a code for `person` on the officials page: the code and its QR link. */
async function issue(page, person) {
  await page.click(`[data-testid=code-${person}]`);
  await page.waitForFunction(() =>
    /[0-9A-Z]{4}-[0-9A-Z]{4}/.test(document.querySelector("[data-testid=issued-code]")?.textContent ?? ""),
  );
  const code = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(await page.textContent("[data-testid=issued-code]"))[1];
  const link = (await page.textContent("[data-testid=enroll-qr] code")).trim();
  return { code, link };
}

test("officials sign in on phones with their codes, record offline, are signed out when revoked", async () => {
  // The organiser, on a phone: every page fits the screen; codes issued from the officials page.
  const org = await newPhone();
  await org.page.goto(office.url);
  await org.page.fill("[data-testid=token]", organiser);
  await org.page.click("[data-testid=sign-in]");
  await org.page.waitForSelector("[data-testid=setup-form]");
  for (const tab of [
    "setup",
    "players",
    "officials",
    "rounds",
    "standings",
    "tables",
    "queue",
    "evaluations",
    "league",
  ]) {
    await org.page.click(`[data-testid=nav-${tab}]`);
    // Drawn: its tab marked as the one shown.
    await org.page.waitForSelector(`[data-testid=nav-${tab}].on`);
    assert.deepEqual(await offScreen(org.page), [], `nothing off the right edge on ${tab}`);
  }
  await org.page.click("[data-testid=nav-rounds]");
  await org.page.waitForSelector("[data-testid=pairings]");
  await saveShot(shots, "00-organiser-rounds.png", await org.page.screenshot({ fullPage: true }));
  await org.page.click("[data-testid=nav-officials]");
  const chiefCode = await issue(org.page, "chief-ma");
  const refCode = await issue(org.page, "ref-li");
  assert.match(refCode.link, new RegExp(`^${office.url}/#enroll=${refCode.code}&fp=${office.cert.sha256}&v=2$`));
  await saveShot(shots, "01-codes.png", await org.page.screenshot({ fullPage: true }));

  // Bad input first: a code this office never issued, then nothing stored.
  const bad = await newPhone();
  await bad.page.goto(office.url);
  assert.deepEqual(await axeViolations(bad.page), [], "axe-core, sign-in on a phone");
  await bad.page.fill("[data-testid=token]", "ZZZZ-ZZZZ");
  await bad.page.click("[data-testid=sign-in]");
  await bad.page.waitForFunction(() => document.querySelector("[data-testid=sign-in-error]")?.textContent);
  assert.match(await bad.page.textContent("[data-testid=sign-in-error]"), /^无法登录：登记码不正确/);
  // A Korean phone, new to the office, is told in Korean (the office's refusal is typed).
  const korean = await browser.newContext({ ...phone, locale: "ko-KR" });
  const ko = await korean.newPage();
  await ko.goto(office.url);
  await ko.fill("[data-testid=token]", "ZZZZ-ZZZZ");
  await ko.click("[data-testid=sign-in]");
  await ko.waitForFunction(() => document.querySelector("[data-testid=sign-in-error]")?.textContent);
  assert.equal(
    await ko.textContent("[data-testid=sign-in-error]"),
    "로그인할 수 없습니다: 등록 코드가 올바르지 않습니다. 사무국에서 받은 코드를 확인하세요",
  );
  await korean.close();
  const devicesBefore = (await api(office.url, organiser, "GET", "/devices")).length;

  // The chief arbiter types only the code: a device of its own, on the desk.
  const chief = await newPhone();
  await chief.page.goto(office.url);
  await chief.page.fill("[data-testid=token]", chiefCode.code.toLowerCase());
  await chief.page.click("[data-testid=sign-in]");
  await chief.page.waitForSelector("[data-testid=queue], [data-testid=queue-empty]");
  assert.match(await chief.page.textContent("[data-testid=who]"), /^裁判长 马裁判长 · web-/);
  await saveShot(shots, "02-chief-desk.png", await chief.page.screenshot({ fullPage: true }));
  // The same code again (spent): said, and nothing stored.
  await bad.page.fill("[data-testid=token]", chiefCode.code);
  await bad.page.click("[data-testid=sign-in]");
  await bad.page.waitForFunction(() =>
    /此登记码已用过/.test(document.querySelector("[data-testid=sign-in-error]")?.textContent ?? ""),
  );
  const devices = await api(office.url, organiser, "GET", "/devices");
  assert.equal(devices.length, devicesBefore + 1, "only the chief arbiter's phone enrolled");
  await bad.context.close();

  // The referee opens the QR code's link: asked once, then on their tables.
  const ref = await newPhone();
  await ref.page.goto(refCode.link);
  await ref.page.waitForSelector("[data-testid=enroll-link]");
  assert.match(await ref.page.textContent("[data-testid=enroll-link-ask]"), new RegExp(refCode.code));
  assert.match(await ref.page.textContent("[data-testid=enroll-link-fp]"), new RegExp(office.cert.short));
  assert.equal(new URL(ref.page.url()).hash, "", "the code leaves the address bar");
  assert.deepEqual(await axeViolations(ref.page), [], "axe-core, the enrollment link on a phone");
  await saveShot(shots, "03-enroll-link.png", await ref.page.screenshot({ fullPage: true }));
  await ref.page.click("[data-testid=enroll-phone]");
  await ref.page.waitForSelector("[data-testid=tables] [data-testid^=table-]");
  // A referee's tabs: their tables and the standings, no chief arbiter's desk.
  assert.deepEqual(await ref.page.$$eval("nav button", (bs) => bs.map((b) => b.dataset.testid)), [
    "nav-tables",
    "nav-standings",
  ]);
  const me = (await api(office.url, organiser, "GET", "/devices")).find((d) => d.person === "ref-li");
  assert.equal(me.role, "referee");
  // Its label is the day it was enrolled: "phone browser" is said in each reader's language.
  assert.match(me.label, /^\d{4}-\d{2}-\d{2}$/);
  // A reload (or a restart of the phone) keeps it signed in.
  await ref.page.reload();
  await ref.page.waitForSelector("[data-testid=tables] [data-testid^=table-]");

  // Installable: the manifest, and a service worker in control of the page.
  const manifest = await ref.page.evaluate(async () => {
    const href = document.querySelector("link[rel=manifest]").href;
    return (await fetch(href)).json();
  });
  assert.equal(manifest.display, "standalone");
  assert.ok(manifest.icons.length >= 1 && manifest.start_url === "/");
  await until("the service worker in control", () =>
    ref.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === "activated"),
  );

  // Table 1: two warnings to Black while the phone is offline.
  const [t1, t2] = sheet.boards;
  await ref.page.reload();
  await ref.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await ref.page.click(`[data-testid=table-${t1.game}]`);
  await ref.page.waitForSelector("[data-testid=quick-black] button");
  const warning = await ref.page.getAttribute(
    "[data-testid=quick-black] button[data-testid$=-disturbing-warning]",
    "data-testid",
  );
  await ref.page.click(`[data-testid=${warning}]`);
  await ref.page.waitForSelector("[data-testid=confirm]:not([disabled])");
  await ref.context.setOffline(true);
  await ref.page.click("[data-testid=confirm]");
  await ref.page.waitForSelector("[data-testid=waiting-record]");
  await ref.page.click(`[data-testid=${warning}]`);
  await ref.page.waitForSelector("[data-testid=offline-preview]");
  assert.match(await ref.page.textContent("[data-testid=offline-preview]"), /离线：无法预览后果/);
  await ref.page.click("[data-testid=confirm]");
  await ref.page.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-record]").length === 2);
  assert.match(await ref.page.textContent("[data-testid=waiting]"), /未送达办公室：已保存在本机/);
  assert.match(await ref.page.textContent("[data-testid=sync-banner]"), /^无法连接赛事办公室 · 2 条记录待发送/);
  await saveShot(shots, "04-offline-waiting.png", await ref.page.screenshot({ fullPage: true }));
  // A reload while offline: the office's page, kept by the service worker, with the tables this
  // phone last saw and what waits.
  await ref.page.reload();
  await ref.page.waitForSelector(`[data-testid=table-${t1.game}]`);
  assert.match(await ref.page.textContent("[data-testid=sync-banner]"), /^无法连接赛事办公室 · 2 条记录待发送/);
  await saveShot(shots, "05-offline-reload.png", await ref.page.screenshot({ fullPage: true }));
  let g = await api(office.url, organiser, "GET", `/games/${t1.game}`);
  assert.equal(g.state.incidents.length, 0, "nothing reached the office while offline");

  // Back online: sent, in order, each once; the second warning loses the game (第二十五条二).
  await ref.context.setOffline(false);
  await until(
    "both warnings at the office",
    async () => (await api(office.url, organiser, "GET", `/games/${t1.game}`)).state.incidents.length === 2,
  );
  // Asked again later, still two: nothing was sent twice.
  await ref.page.click(`[data-testid=table-${t1.game}]`);
  await ref.page.waitForSelector("[data-testid=result]");
  g = await api(office.url, organiser, "GET", `/games/${t1.game}`);
  assert.equal(g.state.incidents.length, 2);
  assert.equal(g.state.result.reason, "second_warning");
  assert.equal(g.state.result.article, "25.2");
  assert.equal(await ref.page.locator("[data-testid=waiting]").count(), 0, "nothing waits any more");

  // Table 2, online: the second warning's loss is read above Confirm, never under it.
  await ref.page.click("[data-testid=back]");
  await ref.page.click(`[data-testid=table-${t2.game}]`);
  for (const n of [1, 2]) {
    await ref.page.click(`[data-testid=${warning}]`);
    await ref.page.waitForSelector("[data-testid=confirm]:not([disabled])");
    if (n === 2) {
      await ref.page.waitForSelector("[data-testid=loss]");
      const [loss, bar] = await ref.page.evaluate(() =>
        [document.querySelector("[data-testid=loss]"), document.querySelector(".confirm-bar")].map((e) =>
          e.getBoundingClientRect().toJSON(),
        ),
      );
      assert.ok(
        loss.bottom <= bar.top && loss.top >= 0,
        `the loss (${loss.top}–${loss.bottom}) shows above the confirm bar (${bar.top})`,
      );
      await saveShot(shots, "06-loss-above-confirm.png", await ref.page.screenshot());
    }
    await ref.page.click("[data-testid=confirm]");
    await ref.page.waitForFunction((k) => document.querySelectorAll("[data-testid=history] > li").length === k, n);
  }

  // The organiser revokes the referee's phone: signed out at its next request. The phone's
  // poll is under way, its game asked for and held until the revocation is made: that answer
  // signs the phone out, and the rest of the poll's draw leaves the sign-in on the screen.
  const held = [];
  await ref.page.route("**/api/v1/games/*", (route) => void held.push(route));
  await until("the phone's poll asking for its game", () => held.length > 0);
  await org.page.click("[data-testid=nav-tables]");
  await org.page.click("[data-testid=nav-officials]");
  await org.page.click(`[data-testid=revoke-${me.device}]`);
  await org.page.waitForFunction(
    (_d) => document.querySelector(`[data-testid=devices]`)?.textContent.includes("已吊销"),
    me.device,
  );
  const answered = ref.page.waitForEvent("requestfinished", (r) => /\/api\/v1\/games\/[^/]+$/.test(r.url()));
  for (const r of held.splice(0)) await r.continue();
  await ref.page.unroute("**/api/v1/games/*");
  await answered;
  await settled(ref.page);
  assert.equal(await ref.page.locator("[data-testid=sign-in-notice]").count(), 1, "the sign-in stays on the screen");
  assert.match(await ref.page.textContent("[data-testid=sign-in-notice]"), /^本机已退出登录/);
  assert.equal(await ref.page.evaluate(() => localStorage.getItem("token")), null, "the token is gone from the phone");
  await saveShot(shots, "07-signed-out.png", await ref.page.screenshot({ fullPage: true }));

  // The chief arbiter signs out: the token is gone from that phone too.
  await chief.page.click("[data-testid=sign-out]");
  await chief.page.waitForSelector("[data-testid=token]");
  assert.equal(await chief.page.evaluate(() => localStorage.getItem("token")), null);
  for (const p of [org, chief, ref]) await p.context.close();
});

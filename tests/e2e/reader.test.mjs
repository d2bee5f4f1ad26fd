// The byo-yomi reader (第十二条) in a real browser against a real office on a controlled clock:
// the office times games by a file this test writes (`serve --clock-file`), so the test moves
// time second by second and checks what is said at which second. A game with one reserved
// minute and no main time: its last minute must be read 30, 40, 50 秒, then 1 … 9 each second,
// and "10，超时判负" at the minute — each at its own second, nothing in between — and then the
// referee confirms the 第二十三条五 loss. The page's speech is observed (a stand-in
// speechSynthesis with a Chinese voice records each utterance).

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  assertNoCspViolations,
  chromium,
  codeFor,
  officeFetch,
  outDir,
  polled,
  prepareOffice,
  saveShot,
  scratch,
  serveOffice,
} from "./lib.mjs";

let office, token, browser, clockFile;
const shots = path.join(outDir, "reader");
const T0 = Math.floor(Date.now() / 1000) * 1000;
const setClock = (ms) => writeFileSync(clockFile, String(ms));

before(async () => {
  const data = scratch("reader");
  token = await prepareOffice(data, "t-e2e", ["tests/e2e/fixtures/pairings.jsonl", "tests/e2e/fixtures/reader.jsonl"]);
  clockFile = path.join(data, "clock-ms");
  setClock(T0);
  office = await serveOffice(data, 0, ["--clock-file", clockFile]);
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

test("the last minute is read to the second on a controlled clock and the time-up becomes a loss", {
  timeout: 120000,
}, async () => {
  const code = await codeFor(office, token, "chief-read", "chief_arbiter");
  const enrolled = await (
    await officeFetch(`${office.url}/api/v1/enroll`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, device: "desk-read", label: "desk" }),
    })
  ).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__said = [];
    const synth = {
      speak: (u) => window.__said.push({ text: u.text, lang: u.lang }),
      getVoices: () => [{ lang: "zh-CN" }],
    };
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    window.SpeechSynthesisUtterance = class {
      constructor(text) {
        this.text = text;
        this.lang = "";
      }
    };
  });
  await page.goto(office.url);
  await page.fill("[data-testid=token]", enrolled.token);
  await page.click("[data-testid=sign-in]");
  await page.click("[data-testid=nav-tables]");
  await page.click("[data-testid=table-r9-t1]");
  // The clock starts at T0 (the office's time is the file's). The standings' preview is held
  // until after the click: confirming as soon as the consequence shows must record (a busy
  // office once answered it late, and the click before it did nothing).
  let release;
  const held = new Promise((r) => (release = r));
  await page.route("**/preview-standings", async (route) => {
    await held;
    await route.continue();
  });
  await page.click("[data-testid=clock-start]");
  await page.waitForFunction(
    () => !(document.querySelector("[data-testid=consequence]")?.textContent ?? "…").startsWith("…"),
  );
  await page.click("[data-testid=confirm]");
  release();
  // The game screen reloads after recording: open the reader from the reloaded one.
  await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent.includes("对局中"));
  await page.click("[data-testid=open-reader]");
  await page.waitForSelector("[data-testid=reader-black]");
  assert.match(await page.textContent("[data-testid=reader-black]"), /读秒 · 还剩1分钟/);

  // A finger comes down on Back while the clock moves on (each poll draws other digits): the
  // reader stays on the page under it (taken off and put back, WebKit drops the tap), and the
  // tap goes back to the game.
  await page.evaluate(() => {
    const reader = document.querySelector("[data-testid=reader]");
    window.__readerOff = 0;
    new MutationObserver((records) => {
      for (const r of records) if ([...r.removedNodes].includes(reader)) window.__readerOff += 1;
    }).observe(reader.parentNode, { childList: true });
  });
  const back = await page.locator("[data-testid=reader] [data-testid=back]").boundingBox();
  await page.mouse.move(back.x + back.width / 2, back.y + back.height / 2);
  await page.mouse.down();
  for (const s of [1, 2]) {
    setClock(T0 + s * 1000);
    await page.waitForFunction(
      (d) => document.querySelector("[data-testid=reader-black]")?.textContent.includes(d),
      `0:0${s}`,
    );
    await polled(page, 1);
  }
  await page.mouse.up();
  assert.equal(await page.evaluate(() => window.__readerOff), 0, "the reader never left the page under the finger");
  await page.waitForSelector("[data-testid=open-reader]", { timeout: 5000 });
  setClock(T0);
  await page.click("[data-testid=open-reader]");
  await page.waitForSelector("[data-testid=reader-black]");

  // Second by second: set the office's time, wait until the screen shows that second, and
  // note what was said since the last step.
  const heard = new Map();
  let seen = 0;
  for (const s of [0, 29, ...Array.from({ length: 31 }, (_, i) => 30 + i)]) {
    setClock(T0 + s * 1000);
    if (s < 60) {
      const digits = `0:${String(s).padStart(2, "0")}`;
      await page.waitForFunction(
        (d) => document.querySelector("[data-testid=reader-black]")?.textContent.includes(d),
        digits,
        { timeout: 10000 },
      );
    } else {
      await page.waitForSelector("[data-testid=reader-confirm-loss]", { timeout: 10000 });
    }
    // The screen has read to this second: every call due by then has been said.
    await page.waitForFunction(
      (t) => Number(document.querySelector("[data-testid=reader]")?.dataset.readTo) >= t,
      T0 + s * 1000,
      {
        timeout: 10000,
      },
    );
    const said = await page.evaluate(() => window.__said);
    const now = said.slice(seen).map((x) => x.text);
    seen = said.length;
    if (now.length) heard.set(s, now);
    if (s === 30) saveShot(shots, "00-thirty-seconds.png", await page.screenshot());
  }
  const want = new Map([
    [30, ["30秒"]],
    [40, ["40秒"]],
    [50, ["50秒"]],
    ...Array.from({ length: 9 }, (_, i) => [51 + i, [String(i + 1)]]),
    [60, ["10，超时判负"]],
  ]);
  assert.deepEqual([...heard.entries()], [...want.entries()], "each call at its second, nothing in between");
  assert.ok((await page.evaluate(() => window.__said)).every((s) => s.lang === "zh-CN"));
  saveShot(shots, "01-time-up.png", await page.screenshot());
  assert.match(await page.textContent("[data-testid=reader-call]"), /10，超时判负/);
  assert.match(await page.textContent("[data-testid=reader-timeup]"), /黑方超时（第二十三条五）/);
  await page.click("[data-testid=reader-confirm-loss]");
  await page.waitForFunction(() =>
    /第二十三条五/.test(document.querySelector("[data-testid=result]")?.textContent ?? ""),
  );
  saveShot(shots, "02-loss-recorded.png", await page.screenshot());
});

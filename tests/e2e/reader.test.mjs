// The byo-yomi reader (第十二条) in a real browser against a real office: a game with one
// reserved minute and no main time, so its last minute is read in one real minute. The page's
// speech is observed (a stand-in speechSynthesis with a Chinese voice records each utterance and
// when), and the calls must come in order at the seconds the article says: 30, 40, 50 秒, then
// 1 … 9 each second, and "10，超时判负"; then the referee confirms the 第二十三条五 loss.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { chromium, codeFor, officeFetch, outDir, prepareOffice, saveShot, scratch, serveOffice } from "./lib.mjs";

let office, token, browser;
const shots = path.join(outDir, "reader");

before(async () => {
  const data = scratch("reader");
  token = await prepareOffice(data, "t-e2e", ["tests/e2e/fixtures/pairings.jsonl", "tests/e2e/fixtures/reader.jsonl"]);
  office = await serveOffice(data);
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
});

test("the last minute is read to the second and the time-up becomes a loss", { timeout: 120000 }, async () => {
  const code = await codeFor(office, token, "chief-read", "chief_arbiter");
  const enrolled = await (await officeFetch(`${office.url}/api/v1/enroll`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code, device: "desk-read", label: "desk" }) })).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__said = [];
    const synth = { speak: (u) => window.__said.push({ text: u.text, lang: u.lang, t: Date.now() }), getVoices: () => [{ lang: "zh-CN" }] };
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
  await page.click("[data-testid=table-r9-t1]");
  await page.click("[data-testid=clock-start]");
  await page.waitForFunction(() => !(document.querySelector("[data-testid=consequence]")?.textContent ?? "…").startsWith("…"));
  await page.click("[data-testid=confirm]");
  await page.click("[data-testid=open-reader]");
  await page.waitForSelector("[data-testid=reader-black]");
  assert.match(await page.textContent("[data-testid=reader-black]"), /读秒 · 还剩1分钟/);
  await page.waitForSelector("[data-testid=reader-confirm-loss]", { timeout: 80000 });
  saveShot(shots, "01-time-up.png", await page.screenshot());
  const said = await page.evaluate(() => window.__said);
  assert.deepEqual(
    said.map((s) => s.text),
    ["30秒", "40秒", "50秒", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10，超时判负"],
  );
  assert.ok(said.every((s) => s.lang === "zh-CN"));
  // When each was said, from the first call: 0, 10, 20, 21 … 29, 30 s (a poll is 250 ms).
  const want = [0, 10, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30];
  said.forEach((s, i) => {
    const at = (s.t - said[0].t) / 1000;
    assert.ok(Math.abs(at - want[i]) < 0.7, `${s.text} at ${at.toFixed(2)} s, expected ${want[i]} s`);
  });
  assert.match(await page.textContent("[data-testid=reader-call]"), /10，超时判负/);
  assert.match(await page.textContent("[data-testid=reader-timeup]"), /黑方超时（第二十三条五）/);
  await page.click("[data-testid=reader-confirm-loss]");
  await page.waitForFunction(() => /第二十三条五/.test(document.querySelector("[data-testid=result]")?.textContent ?? ""));
  saveShot(shots, "02-loss-recorded.png", await page.screenshot());
});

// Every screen in Korean, Japanese and Traditional Chinese at phone size (390×844), as an
// official of each association would read it (issue 68): the organiser's pages and a game with
// its record form, in Debian's Chromium against a real office. On each screen the page is marked
// in its language, and no word of another falls through — no English word where a translation
// belongs, no kana on a Korean screen, no hangul on a Japanese one, no Simplified character on a
// Traditional one (the players' and the event's names are data, read as written). The
// screenshots in test-output/languages/<lang>/ are what a native reader signs off.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { api, chromium, outDir, prepareOffice, saveShot, scratch, serveOffice } from "./lib.mjs";

let office, token, browser;
const shots = path.join(outDir, "languages");

before(async () => {
  const data = scratch("languages");
  token = await prepareOffice(data, "t-e2e", [
    "tests/e2e/fixtures/pairings.jsonl",
    "tests/e2e/fixtures/incidents.jsonl",
  ]);
  office = await serveOffice(data);
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
});

/** The fixtures' data, as written: names are not words of the screen's language. */
const DATA = ["李明", "陈静", "王强", "赵敏", "端到端测试杯", "马裁判长"];
/** Each language named in itself where one is chosen (the set-up's printout languages), as the
 * language switch names them: read by a person of that language, not of the screen's. */
const NAMED_IN_ITSELF = ["简体中文", "繁體中文", "한국어", "日本語", "English"];
/** Latin words a screen may carry in every language: names of formats, systems and standards. */
const LATIN = new Set([
  "OpenGotha",
  "McMahon",
  "CSV",
  "SGF",
  "EGD",
  "EGF",
  "FFG",
  "PIN",
  "HTTPS",
  "QR",
  "Code",
  "UUID",
  "AGA",
  "Ing",
  "Elo",
  "Glicko",
  "Swiss",
  "JSON",
  "XML",
]);
/** Characters only Simplified Chinese writes (each has a Traditional form a Taiwanese reader expects). */
const SIMPLIFIED =
  "这对时记录设轮积级发办员认请确务简体结赛场长间争胜负盘钟态组织规则处罚违过谁让说话门开关单号码选项输检复确权证应该读发现";

/** The organiser's screens, then the chief arbiter's at a table (an organiser records nothing). */
const SCREENS = ["tables", "game", "story", "queue", "setup", "players", "officials", "rounds", "standings", "league"];
const HTML_LANG = { ko: "ko-KR", ja: "ja-JP", zh_hant: "zh-TW" };

/** What on the page is not in `lang`: each finding with the text around it. */
async function foreign(page, lang) {
  const text = await page.evaluate(() => document.body.innerText);
  let words = text;
  for (const d of [...DATA, ...NAMED_IN_ITSELF]) words = words.split(d).join(" ");
  const found = [];
  const around = (i, n) => words.slice(Math.max(0, i - 20), i + n + 20).replace(/\s+/g, " ");
  for (const m of words.matchAll(/[A-Za-z][A-Za-z'’]{3,}/g)) {
    // An id as the office knows it (`r1-t1`, `ref-li`, `tab-wang`) is data, and so is a
    // fingerprint or a token.
    const before = words[m.index - 1] ?? " ";
    const after = words[m.index + m[0].length] ?? " ";
    // A certificate's fingerprint is data too (hex in groups of four).
    if (LATIN.has(m[0]) || /^[0-9A-F]+$/.test(m[0]) || /[-_.@:/0-9`]/.test(before) || /[-_.@:/0-9`]/.test(after))
      continue;
    found.push(`Latin "${m[0]}" in “${around(m.index, m[0].length)}”`);
  }
  const script = { ko: /[\u3040-\u30ff]/g, ja: /[\uac00-\ud7af]/g, zh_hant: new RegExp(`[${SIMPLIFIED}]`, "g") }[lang];
  for (const m of words.matchAll(script)) found.push(`"${m[0]}" in “${around(m.index, 1)}”`);
  return found;
}

for (const lang of ["ko", "ja", "zh_hant"]) {
  test(`every screen in ${lang} at phone size says nothing in another language`, async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await page.goto(office.url);
    await page.waitForSelector("[data-testid=token]");
    const findings = [];
    const look = async (n, screen) => {
      assert.equal(
        await page.getAttribute("html", "lang"),
        HTML_LANG[lang],
        `${screen}: the page marked in its language`,
      );
      for (const f of await foreign(page, lang)) findings.push(`${screen}: ${f}`);
      await saveShot(
        path.join(shots, lang),
        `${String(n).padStart(2, "0")}-${screen}.png`,
        await page.screenshot({ fullPage: true }),
      );
    };
    await look(0, "sign-in");
    await page.fill("[data-testid=token]", token);
    await page.click("[data-testid=sign-in]");
    for (const [n, screen] of SCREENS.entries()) {
      if (screen === "game") {
        await page.click("[data-testid=nav-tables]");
        await page.click("[data-testid=table-r1-t1]");
        await page.waitForSelector("[data-testid=history]");
      } else if (screen === "record") {
        await page.click("[data-testid=nav-tables]");
        await page.click("[data-testid=table-r1-t1]");
        await page.click("[data-testid=record-incident]");
        await page.click("[data-testid=groups] [data-value=moves]");
        await page.click("[data-testid=types] [data-value=board_scattered]");
        await page.waitForSelector("[data-testid=rulings] button");
      } else if (screen === "story") {
        await page.click("[data-testid=nav-tables]");
        await page.click("[data-testid=table-r1-t1]");
        await page.click("[data-testid=open-story] >> nth=0");
        await page.waitForSelector("[data-testid=story]");
      } else {
        await page.click(`[data-testid=nav-${screen}]`);
        await page.waitForSelector(`nav button.on[data-testid=nav-${screen}]`);
        const drawn = { tables: "[data-testid=tables]", queue: "[data-testid=queue], [data-testid=queue-empty]" }[
          screen
        ];
        await page.waitForSelector(drawn ?? "main.office, [data-testid=error]");
      }
      await look(n + 1, screen);
    }
    await page.close();

    // The chief arbiter's phone, enrolled from its link: a game's record form.
    await api(office.url, token, "POST", "/people", {
      id: `chief-${lang}`,
      name: "马裁判长",
      role: "chief_arbiter",
    }).catch(() => undefined);
    const { code } = await api(office.url, token, "POST", "/enrollment-codes", { person: `chief-${lang}` });
    const chief = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await chief.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await chief.goto(`${office.url}/#enroll=${code}&fp=${office.cert.sha256}&v=2`);
    await chief.waitForSelector("[data-testid=enroll-phone]");
    const lookAt = async (n, screen) => {
      for (const f of await foreign(chief, lang)) findings.push(`${screen}: ${f}`);
      await saveShot(path.join(shots, lang), `${n}-${screen}.png`, await chief.screenshot({ fullPage: true }));
    };
    await lookAt(20, "enrol");
    await chief.click("[data-testid=enroll-phone]");
    await chief.click("[data-testid=nav-tables]");
    await chief.click("[data-testid=table-r1-t1]");
    await chief.click("[data-testid=record-incident]");
    await lookAt(21, "record-groups");
    await chief.click("[data-testid=groups] [data-value=moves]");
    await chief.click("[data-testid=types] [data-value=board_scattered]");
    await chief.click("[data-testid=fact-cause] [data-value=unintentional]");
    await chief.check("[data-testid=fact-reconstructable]");
    await chief.waitForSelector("[data-testid=rulings] button[data-value=reconstruct]");
    await lookAt(22, "record-facts");
    await chief.click("[data-testid=rulings] [data-value=reconstruct]");
    await chief.waitForSelector("[data-testid=consequence] li:not(:empty)");
    await lookAt(23, "record-confirm");
    await chief.close();
    assert.deepEqual(findings, [], `words not in ${lang}:\n${findings.join("\n")}`);
  });
}

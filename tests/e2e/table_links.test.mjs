// Players at the table (第二十一条), in Debian's Chromium against a real office on 127.0.0.1:
// - the organiser prints the round's table sheets: each carries the QR code of its table's link
//   (minted as the sheets are printed);
// - a player's phone (390×844) in Korean opens its table's short address `/t/{token}` and reads
//   its game in Korean, with no account — the players, the rules, the time, the lateness allowed,
//   the rights of 第二十一条 (those not built yet said as "ask the referee at the table");
// - a second phone in Chinese opens the other table's link and reads its own game in Chinese;
// - the results come in, then round 2 is paired: the first phone's link now says, in Korean,
//   that this round is over — a sentence, no code.
// Screenshots in test-output/table_links/.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { api, assertNoCspViolations, chromium, outDir, pairedEvent, saveShot } from "./lib.mjs";

const shots = path.join(outDir, "table_links");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let office, organiser, browser, sheet;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("table-links", "桌号杯"));
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

const result = (winner) => ({ body: { kind: "result_entered", data: { outcome: { outcome: "win", winner } } } });

/** A player's phone: a fresh context (no account, nothing stored), the phone's own language. */
async function playerPhone(locale) {
  const context = await browser.newContext({ ...phone, locale });
  return { context, page: await context.newPage() };
}

/** The text of `testid` on `page`, once it is drawn. */
async function text(page, testid) {
  await page.waitForSelector(`[data-testid=${testid}]`);
  return page.textContent(`[data-testid=${testid}]`);
}

test("two players' phones read their own games in their languages, then the round is over", async () => {
  assert.equal(sheet.boards.length, 2, "four players: two tables");

  // The organiser prints the table sheets: one per table, each with its link's QR code.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await desk.addInitScript((token) => localStorage.setItem("token", token), organiser);
  const print = await desk.newPage();
  await print.goto(`${office.url}/?print=tables&round=1`);
  await print.waitForSelector("[data-testid=table-sheets] [data-testid=sheet]");
  assert.equal(await print.locator("[data-testid=sheet]").count(), 2);
  const qrs = print.locator("[data-testid=table-qr]");
  assert.equal(await qrs.count(), 2, "a QR code on each table's sheet");
  assert.equal(await qrs.locator("svg").count(), 2);
  const links = await print.locator("[data-testid=table-qr] code").allTextContents();
  assert.equal(links.length, 2);
  for (const link of links) assert.match(link, /\/t\/[0-9A-Z]{26}$/, link);
  saveShot(shots, "01-table-sheets.png", await print.screenshot({ fullPage: true }));
  await desk.close();
  // The phones reach the office where the sheet says (the office's address on this machine).
  const [link1, link2] = links.map((l) => `${office.url}/t/${l.split("/t/")[1]}`);

  // A Korean player scans table 1's code.
  const ko = await playerPhone("ko-KR");
  await ko.page.goto(link1);
  assert.equal(
    await text(ko.page, "table-page").then(() => ko.page.textContent("h1")),
    "이 테이블의 대국 · 제1라운드 · 1번 테이블",
  );
  assert.equal(await ko.page.evaluate(() => document.documentElement.lang), "ko-KR");
  assert.equal(await ko.page.evaluate(() => new URL(location.href).searchParams.has("table")), true);
  const [b1, w1] = [sheet.boards[0].black.name, sheet.boards[0].white.name];
  assert.match(await text(ko.page, "tp-black"), new RegExp(`^● 흑 · ${b1} 아마 \\d단$`));
  assert.match(await text(ko.page, "tp-white"), new RegExp(`^○ 백 · ${w1} 아마 \\d단$`));
  assert.equal(await text(ko.page, "tp-rules"), "규칙과 덤: 중국 규칙 · 덤 3¾점");
  assert.equal(await text(ko.page, "tp-time"), "시간: 각자 60분, 그중 마지막 5분은 초읽기(제12조)");
  assert.equal(await text(ko.page, "tp-lateness"), "15분 넘게 지각하면 패배입니다(제23조)");
  assert.equal(await text(ko.page, "tp-result"), "결과: 아직 결과 없음");
  const rights = await text(ko.page, "tp-rights");
  assert.match(rights, /심판 호출\(제21조 2항\)/);
  assert.match(rights, /아직 이 휴대폰으로는 할 수 없습니다\. 이 테이블의 심판에게 요청하세요\./);
  // Nothing off the right edge of the phone's screen.
  assert.equal(await ko.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true);
  saveShot(shots, "02-korean-phone.png", await ko.page.screenshot({ fullPage: true }));

  // A Chinese player opens table 2's code: their own game, in Chinese.
  const zh = await playerPhone("zh-CN");
  await zh.page.goto(link2);
  await text(zh.page, "table-page");
  assert.equal(await zh.page.textContent("h1"), "本桌对局 · 第1轮 · 第2台");
  const [b2, w2] = [sheet.boards[1].black.name, sheet.boards[1].white.name];
  assert.match(await text(zh.page, "tp-black"), new RegExp(`^● 黑方 · ${b2} 业余\\d段$`));
  assert.match(await text(zh.page, "tp-white"), new RegExp(`^○ 白方 · ${w2} 业余\\d段$`));
  assert.doesNotMatch(await zh.page.textContent("main"), new RegExp(`${b1}|${w1}`), "not the other table's players");
  saveShot(shots, "03-chinese-phone.png", await zh.page.screenshot({ fullPage: true }));

  // The results come in: the Korean phone, reloaded, reads table 1's in Korean.
  await api(office.url, organiser, "POST", `/games/${sheet.boards[0].game}/events`, result("white"));
  await api(office.url, organiser, "POST", `/games/${sheet.boards[1].game}/events`, result("black"));
  await ko.page.reload();
  const seen = await text(ko.page, "tp-result");
  assert.match(seen, /^결과: /);
  assert.match(seen, /백/, seen);
  assert.doesNotMatch(seen, /아직 결과 없음/);

  // Round 2 is paired: round 1's link reads, in the phone's language, that the round is over.
  await api(office.url, organiser, "POST", "/rounds/2/pair");
  await ko.page.reload();
  await text(ko.page, "table-refused");
  assert.equal(await ko.page.textContent("h1"), "이 라운드는 끝났습니다");
  assert.equal(
    await text(ko.page, "table-refused-why"),
    "제1라운드는 끝났습니다. 이 링크는 더 이상 쓸 수 없습니다. 지금 라운드의 대진은 대회장 게시판을 보세요",
  );
  assert.doesNotMatch(await ko.page.textContent("main"), /table_link_gone|410/);
  saveShot(shots, "04-korean-round-over.png", await ko.page.screenshot({ fullPage: true }));
  await zh.page.reload();
  await text(zh.page, "table-refused");
  assert.equal(await zh.page.textContent("h1"), "这一轮已经结束");
  await ko.context.close();
  await zh.context.close();
});

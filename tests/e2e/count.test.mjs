// The counting board (第九条) and the record check (第二十条一) in a real browser (Debian's
// Chromium via playwright-core) against a real office, as a chief arbiter: load the game's SGF,
// see the core's count, tap a stone dead and back, record the count as the result; on a phone
// the 19×19 board fits the screen. Then a ko recapture found in a record fills the form.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  api,
  assertNoCspViolations,
  chromium,
  codeFor,
  officeFetch,
  outDir,
  prepareOffice,
  root,
  scratch,
  serveOffice,
  settled,
  unfold,
} from "./lib.mjs";

let office, token, browser, chief, dir;
const shots = path.join(outDir, "count");
const fixture = (name) => path.join(root, "shared/domain/tests/fixtures/sgf", name);

before(async () => {
  dir = scratch("count");
  token = await prepareOffice(dir, "t-e2e", ["tests/e2e/fixtures/pairings.jsonl"]);
  office = await serveOffice(dir);
  browser = await chromium(office);
  const code = await codeFor(office, token, "chief-count", "chief_arbiter");
  const r = await officeFetch(`${office.url}/api/v1/enroll`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, device: "desk-count", label: "desk" }),
  });
  chief = (await r.json()).token;
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

async function gamePage(viewport, table = "r1-t2") {
  const page = await browser.newPage({ viewport });
  await page.goto(office.url);
  await page.fill("[data-testid=token]", chief);
  await page.click("[data-testid=sign-in]");
  await page.click("[data-testid=nav-tables]");
  await page.click(`[data-testid=table-${table}]`);
  await page.waitForSelector("[data-testid=actions]");
  return page;
}

/** Opens the ko-recapture form on the game screen and checks move `moveNo` of the record `sgf`. */
async function checkKoFromRecord(page, sgf, moveNo) {
  await page.click("[data-testid=record-incident]");
  await page.click("[data-testid=groups] button[data-value=repetition]");
  await page.click("[data-testid=types] button[data-value=ko_recapture]");
  await unfold(page, "record-check");
  await page.setInputFiles("[data-testid=check-sgf]", sgf);
  await page.fill("[data-testid=check-move-no]", String(moveNo));
  await page.click("[data-testid=check-run]");
  // The referee reads what the record shows before choosing a ruling.
  await page.waitForSelector("[data-testid=check-found]");
}

const summary = (page) => page.textContent("[data-testid=count-summary]");

test("the chief arbiter counts the game from its record and records the result", async () => {
  const page = await gamePage({ width: 1280, height: 900 });
  await page.click("[data-testid=count]");
  await page.setInputFiles("[data-testid=count-sgf]", fixture("katago_botvbot_w_half.sgf"));
  // The game's published result is W+0.5 at 7.5 komi: 184 子 to 177, White by ¼ 子.
  await page.waitForFunction(() => document.querySelector("[data-testid=count-summary]")?.textContent.includes("184"));
  assert.match(await summary(page), /黑方 184子 · 白方 177子 · 贴子 3.75 · 白胜¼子（0.5目）（第九条）/);
  assert.equal(await page.locator("[data-testid=count-grid] [data-point]").count(), 361);
  // Tap a black stone dead: the core counts again (its point becomes White's), then back.
  const black = page.locator("[data-testid=count-grid] .stone.black").first();
  const p = await black.getAttribute("data-point");
  await black.click();
  await page.waitForFunction((pt) => document.querySelector(`[data-point="${pt}"]`)?.classList.contains("dead"), p);
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=count-summary]")?.textContent.includes("黑方 184子"),
  );
  assert.match(await summary(page), /黑方 18[0-3](\.5)?子/);
  await page.screenshot({ path: path.join(shots, "01-count-dead-stone.png") });
  await page.click(`[data-point="${p}"]`);
  await page.waitForFunction(() =>
    document.querySelector("[data-testid=count-summary]")?.textContent.includes("黑方 184子"),
  );
  // Recorded through the confirm step: the result is the count's.
  await page.click("[data-testid=count-record]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  await page.click("[data-testid=confirm]");
  await page.waitForFunction(() => document.querySelector("[data-testid=result]")?.textContent.includes("白胜"));
  assert.match(await page.textContent("[data-testid=result]"), /白胜¼子（.*第九条）/);
  await page.close();
});

test("on a phone the 19×19 counting board fits the screen", async () => {
  const page = await gamePage({ width: 390, height: 844 });
  await page.click("[data-testid=count]");
  await page.setInputFiles("[data-testid=count-sgf]", fixture("katago_botvbot_w_half.sgf"));
  await page.waitForFunction(() => document.querySelector("[data-testid=count-summary]")?.textContent.includes("184"));
  const box = await page.locator("[data-testid=count-grid]").boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the board is on the screen: ${JSON.stringify(box)}`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, "no sideways scrolling");
  const cell = await page.locator("[data-testid=count-grid] [data-point]").first().boundingBox();
  assert.ok(cell && cell.width >= 17, `a point is at least 17 px wide: ${cell?.width}`);
  await page.screenshot({ path: path.join(shots, "02-count-phone.png"), fullPage: true });
  await page.close();
});

test("a ko recapture found in the record fills the incident's facts (第二十条一)", async () => {
  const sgf = path.join(dir, "ko.sgf");
  writeFileSync(sgf, "(;SZ[19]AB[as][br][bq]AW[bs][cr][cq][ds];B[cs];W[bs];B[pd])");
  const page = await gamePage({ width: 1280, height: 900 });
  await checkKoFromRecord(page, sgf, 2);
  await page.waitForSelector("[data-testid=check-found]");
  assert.match(await page.textContent("[data-testid=check-found]"), /第二十条一/);
  assert.equal(await page.getAttribute("[data-testid=fact-offender] button.on", "data-value"), "white");
  assert.equal(await page.inputValue("[data-testid=fact-point]"), "B1");
  // The rulings 第二十条一 allows are offered for these facts.
  await page.waitForSelector("[data-testid=rulings] button[data-value=move_void_pass]");
  // A legal move says so.
  await unfold(page, "record-check");
  await page.setInputFiles("[data-testid=check-sgf]", sgf);
  await page.fill("[data-testid=check-move-no]", "1");
  await page.click("[data-testid=check-run]");
  await page.waitForFunction(() => document.querySelector("[data-testid=check-result]")?.textContent.includes("合法"));
  // A ruling tapped while a check is on its way: its confirm step stays when the answer comes.
  let answer;
  const held = new Promise((r) => (answer = r));
  await page.route("**/board/check", async (route) => {
    await held;
    await route.continue();
  });
  await page.setInputFiles("[data-testid=check-sgf]", sgf);
  await page.fill("[data-testid=check-move-no]", "2");
  const checked = page.waitForResponse("**/board/check");
  await page.click("[data-testid=check-run]");
  await page.click("[data-testid=rulings] button[data-value=move_void_pass]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  answer();
  await checked;
  await settled(page);
  assert.equal(await page.locator("[data-testid=confirm]").count(), 1, "the confirm step is still shown");
  await page.close();
});

test("the rulings shown are those for the facts as they are now, whichever answer comes last", async () => {
  const page = await gamePage({ width: 1280, height: 900 });
  await page.click("[data-testid=record-incident]");
  await page.click("[data-testid=groups] [data-value=moves]");
  await page.click("[data-testid=types] [data-value=board_scattered]");
  await page.waitForSelector("[data-testid=rulings] button");
  // The answer for "unintentional, cannot be reconstructed" held until the next one is shown.
  let release;
  const held = new Promise((r) => (release = r));
  let first = true;
  await page.route("**/allowed", async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  // The held answer is the second to come back.
  let answers = 0;
  const stale = new Promise((r) =>
    page.on("requestfinished", (req) => req.url().endsWith("/allowed") && ++answers === 2 && r()),
  );
  await page.click("[data-testid=fact-cause] [data-value=unintentional]");
  await page.check("[data-testid=fact-reconstructable]");
  await page.waitForSelector("[data-testid=rulings] button[data-value=reconstruct]");
  const now = await page.locator("[data-testid=rulings] button").evaluateAll((b) => b.map((x) => x.dataset.value));
  release();
  await stale;
  await settled(page);
  assert.deepEqual(
    await page.locator("[data-testid=rulings] button").evaluateAll((b) => b.map((x) => x.dataset.value)),
    now,
    "the earlier facts' answer, arriving last, is not shown",
  );
  await page.close();
});

test("the record goes with the incident: its story shows the move checked and the board", async () => {
  // Black takes the ko at C2 (move 9), White retakes at B2 at once (move 10); one more move.
  const ko = "(;GM[1]FF[4]SZ[19];B[bq];W[cq];B[ar];W[br];B[bs];W[dr];B[ki];W[cs];B[cr];W[br];B[pd])";
  const sgf = path.join(dir, "ko-moves.sgf");
  writeFileSync(sgf, ko);
  const page = await gamePage({ width: 1280, height: 900 }, "r1-t1");
  await checkKoFromRecord(page, sgf, 10);
  await page.waitForSelector("[data-testid=rulings] button[data-value=move_void_pass]");
  await page.click("[data-testid=rulings] button[data-value=move_void_pass]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  await page.click("[data-testid=confirm]");
  await page.waitForSelector("[data-testid=open-story]");
  await page.click("[data-testid=open-story]");
  await page.waitForSelector("[data-testid=story-record]");
  // The story says who attached the record and when, what the record shows, and the board.
  assert.match(
    await page.textContent("[data-testid=story-attached]"),
    /（裁判长）\d\d:\d\d 附上棋谱 · ✓ 签名 office 已验证$/,
  );
  assert.equal(
    await page.textContent("[data-testid=story-record] [data-testid=record-check]"),
    "第10手 白方 B2：劫争马上回提（第二十条一）",
  );
  assert.equal(await page.locator("[data-testid=record-board] [data-point]").count(), 361);
  // The board before move 10: White's B2 taken by Black's C2, the point White retook ringed.
  assert.equal(await page.getAttribute("[data-testid=record-board] [data-point=C2]", "class"), "pt stone black");
  assert.equal(await page.getAttribute("[data-testid=record-board] [data-point=B2]", "class"), "pt checked white");
  await page.screenshot({ path: path.join(shots, "03-story-record.png"), fullPage: true });
  // Attached again from the story, naming move 9: the latest record is the one shown.
  await unfold(page, "attach-record");
  await page.fill("[data-testid=attach-sgf]", ko);
  await page.fill("[data-testid=attach-move-no]", "9");
  await page.click("[data-testid=attach-send]");
  // Sent, the story is drawn anew and the form folds (a poll may show the new record first).
  await page.waitForSelector("[data-testid=attach-record]:not([open])");
  await page.waitForFunction(() =>
    document.querySelector("[data-testid=record-check]")?.textContent.startsWith("第9手"),
  );
  assert.equal(await page.textContent("[data-testid=record-check]"), "第9手 黑方 C2：合法");
  assert.equal(await page.locator("[data-testid=story-attached]").count(), 2);
  // A broken record is refused with where it broke, in the page's language; nothing is attached.
  await unfold(page, "attach-record");
  await page.fill("[data-testid=attach-sgf]", "(;GM[1]SZ[19];B[pd]");
  await page.fill("[data-testid=attach-move-no]", "");
  await page.click("[data-testid=attach-send]");
  await page.waitForFunction(() =>
    document.querySelector("[data-testid=attach-error]")?.textContent.includes("第 1 行"),
  );
  assert.equal(await page.locator("[data-testid=story-attached]").count(), 2);
  await page.close();
  // On a phone the board fits the screen.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(office.url);
  await phone.fill("[data-testid=token]", chief);
  await phone.click("[data-testid=sign-in]");
  await phone.click("[data-testid=nav-tables]");
  await phone.click("[data-testid=table-r1-t1]");
  await phone.click("[data-testid=open-story]");
  await phone.waitForSelector("[data-testid=record-board]");
  const box = await phone.locator("[data-testid=record-board]").boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the board is on the screen: ${JSON.stringify(box)}`);
  assert.equal(
    await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    0,
  );
  await phone.screenshot({ path: path.join(shots, "04-story-record-phone.png"), fullPage: true });
  await phone.close();
});

test("Black has the count made again (第十六条三): the count corrected replaces the one that decided", async () => {
  const count = { method: "area", black_stones: 180 };
  await api(office.url, chief, "POST", "/games/r1-t1/events", { body: { kind: "count_recorded", data: { count } } });
  const first = (await api(office.url, chief, "GET", "/games/r1-t1/state")).result;
  assert.equal(first.reason, "count");
  const page = await gamePage({ width: 390, height: 844 }, "r1-t1");
  await page.waitForFunction(() => document.querySelector("[data-testid=result]")?.textContent.includes("白胜"));
  await page.click("[data-testid=recount]");
  assert.match(await page.textContent("[data-testid=panel]"), /哪一方要求纠正数子（第十六条三）/);
  await page.click("[data-testid=recount-asked-by] [data-value=black]");
  await page.click("[data-testid=count-by-hand]");
  await page.fill("[data-testid=ask]", "185");
  await page.click("[data-testid=ask-confirm]");
  await page.waitForSelector("[data-testid=confirm]:not([disabled])");
  assert.match(await page.textContent("[data-testid=panel]"), /纠正数子 · 黑方要求/);
  await page.screenshot({ path: path.join(shots, "02-recount.png") });
  await page.click("[data-testid=confirm]");
  // 185 stones against 176 at 3.75 子 of komi: Black by ¾ 子, in place of White's 4¼ (180 stones).
  await page.waitForFunction(() => document.querySelector("[data-testid=result]")?.textContent.includes("黑胜¾子"));
  const now = (await api(office.url, chief, "GET", "/games/r1-t1/state")).result;
  assert.equal(now.reason, "count");
  assert.notEqual(now.event, first.event, "the corrected count decides the game now");
  await page.close();
});

// A league's season in a real browser, Debian's Chromium via playwright-core
// against a real office: a team round robin (第二十六条二) of four teams on two boards, its
// first round's matches assigned to two venues, results in. The pages an association reads:
// the season's standings (第二十八条二: match points, game points, board by board), a match's
// boards on the round's sheet, the player registry and a player's record, and the public hall
// display, which shows a result entered after it was opened without being reloaded.
// Screenshots are kept in test-output/league.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  assertNoCspViolations,
  api,
  chromium,
  outDir,
  prepareOffice,
  saveShot,
  scratch,
  serveOffice,
  until,
} from "./lib.mjs";

let office, token, browser;
const shots = path.join(outDir, "league");
const shot = async (page, name) => saveShot(shots, name, await page.screenshot({ fullPage: true }));

before(async () => {
  const data = scratch("league");
  token = await prepareOffice(data, "league-e2e");
  office = await serveOffice(data);
  browser = await chromium(office);
  const call = (method, p, body) => api(office.url, token, method, p, body);
  await call("PUT", "/tournament", {
    name: "围甲联赛 端到端",
    ruleset: { preset: "chinese_1988" },
    settings: {
      system: { kind: "team", boards: 2, pairing: "round_robin" },
      rounds: 3,
      time_control: { main_minutes: 60, reserved_minutes: 5 },
      allowed_lateness_minutes: 15,
    },
  });
  for (const team of ["杭州", "上海", "北京", "深圳"]) {
    for (const board of [1, 2])
      await call("POST", "/players", { name: `${team}${board}台`, rank: `${6 - board}d`, team, board });
  }
  await call("POST", "/rounds/1/pair");
  for (const [venue, name, tables] of [
    ["venue-hz", "杭州赛区", [1, 2]],
    ["venue-sh", "上海赛区", [3, 4]],
  ]) {
    await call("POST", "/people", { id: venue, name, role: "office" });
    await call("POST", "/venues", { venue, round: 1, tables });
  }
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

const result = (winner) => ({ body: { kind: "result_entered", data: { outcome: { outcome: "win", winner } } } });

test("the season's standings, a match, the registry, and the hall display refreshing by itself", async () => {
  const call = (method, p, body) => api(office.url, token, method, p, body);
  const sheet = await call("GET", "/rounds/1/pairings");
  assert.equal(sheet.boards.length, 4, "two matches of two boards");
  // Match 1 (tables 1–2, at Hangzhou): Black wins both boards; match 2: board 3 only so far.
  await call("POST", `/games/${sheet.boards[0].game}/events`, result("black"));
  await call("POST", `/games/${sheet.boards[1].game}/events`, result("black"));
  await call("POST", `/games/${sheet.boards[2].game}/events`, result("white"));

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(office.url);
  await page.fill("[data-testid=token]", token);
  await page.click("[data-testid=sign-in]");
  await page.click("[data-testid=nav-tables]");
  await page.waitForSelector("[data-testid=tables], .empty");

  // The round's sheet: each match's boards, with their results.
  await page.click("[data-testid=nav-rounds]");
  await page.waitForSelector("[data-testid=pairings]");
  const boards = await page.textContent("[data-testid=pairings]");
  assert.match(boards, new RegExp(sheet.boards[0].black.name));
  await shot(page, "01-round-1-matches.png");

  // The season's standings: teams by match points (第二十八条二).
  await page.click("[data-testid=nav-standings]");
  await page.waitForSelector("[data-testid=notes]");
  const standings = await page.textContent("main");
  assert.match(standings, /场分/);
  assert.match(standings, /第二十八条二/);
  for (const team of ["杭州", "上海", "北京", "深圳"]) assert.match(standings, new RegExp(team));
  await shot(page, "02-season-standings.png");

  // The registry: every player once, with the event they were entered in.
  await page.click("[data-testid=nav-league]");
  await page.waitForSelector("[data-testid=registry]");
  assert.equal(await page.locator("[data-testid=registry] tbody tr").count(), 8);
  await page.click("[data-testid=registry] tbody tr >> nth=0 >> button");
  await page.waitForSelector("[data-testid=player-record]");
  assert.match(await page.textContent("[data-testid=player-record]"), /围甲联赛 端到端/);
  await shot(page, "03-player-record.png");
  await page.close();

  // The public hall display: no token; a result entered after it opened appears by itself.
  const hall = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await hall.goto(`${office.url}/?hall=league-e2e&every=5`);
  await hall.waitForSelector("[data-testid=hall-pairings] tr");
  assert.equal(await hall.locator("[data-testid=hall-pairings] tr").count(), 4);
  const lastRow = () => hall.locator("[data-testid=hall-pairings] tr >> nth=3").innerText();
  const before = await lastRow();
  await call("POST", `/games/${sheet.boards[3].game}/events`, result("black"));
  await until("the hall display to show the new result", async () => (await lastRow()) !== before, {
    timeout: 20000,
    every: 500,
  });
  assert.match(await lastRow(), /胜/);
  await shot(hall, "04-hall.png");
  await hall.close();
});

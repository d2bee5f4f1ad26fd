// A decided game stays decided, walked as an organiser and a chief arbiter would on a phone
// (390×844) in Debian's Chromium against a real office on 127.0.0.1:
// - the organiser enters a wrong result ("both lose"): asked first with the game named, then
//   undone within 30 s — the entry and its undo stay in the game's history;
// - the organiser enters "Black wins"; the standings count it;
// - the chief arbiter corrects it to "White wins" from the game page: the preview says the
//   result changes from … to …; the standings move, and their changes list says who corrected
//   it and why, and so does the round's results export (CSV);
// - on another table Black's second warning loses the game (第二十五条二); the game then shows
//   no quick buttons, and the chief arbiter records White's time loss through the form: the
//   preview says the record is kept and flagged and the result stays — never that it changes —
//   and after confirming the 25.2 loss stands and the record waits on the chief arbiter's desk
//   as "after the result".
// Screenshots in test-output/results/.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  api,
  assertNoCspViolations,
  axeViolations,
  chromium,
  codeFor,
  officeFetch,
  outDir,
  pairedEvent,
  saveShot,
  until,
} from "./lib.mjs";

const shots = path.join(outDir, "results");
const phone = { width: 390, height: 844 };
let office, organiser, chief, browser, sheet;

before(async () => {
  ({ office, token: organiser, sheet } = await pairedEvent("results", "更正杯"));
  const code = await codeFor(office, organiser, "chief-liu", "chief_arbiter");
  const r = await officeFetch(`${office.url}/api/v1/enroll`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, device: "desk-liu", label: "desk" }),
  });
  chief = (await r.json()).token;
  browser = await chromium(office);
});

after(async () => {
  await browser?.close();
  await office?.stop();
  assertNoCspViolations(browser);
});

async function signedIn(token, first) {
  const page = await browser.newPage({ viewport: phone });
  await page.addInitScript(() => localStorage.setItem("lang", "zh"));
  await page.goto(office.url);
  await page.fill("[data-testid=token]", token);
  await page.click("[data-testid=sign-in]");
  await page.waitForSelector(first);
  return page;
}

/** Points per player from the office's standings (the first criterion, as shown). */
async function points() {
  const s = await api(office.url, organiser, "GET", "/standings");
  return Object.fromEntries(s.rows.map((r) => [r.name, r.values[0].value]));
}

test("a wrong result is undone, a result corrected by the chief arbiter, a decided game stays decided", async () => {
  const [board1, board2] = sheet.boards;
  const page = await signedIn(organiser, "[data-testid=nav-rounds]");
  await page.click("[data-testid=nav-rounds]");
  await page.waitForSelector("[data-testid=result-1-bothLose]");

  // A wrong tap: asked first, with the game and the result named.
  await page.click("[data-testid=result-1-bothLose]");
  const ask = await page.textContent("[data-testid=result-ask]");
  assert.match(ask, new RegExp(`第1轮 第1台 ${board1.black.name} – ${board1.white.name}.*双方判负`));
  await saveShot(shots, "01-ask.png", await page.screenshot({ fullPage: true }));
  await page.click("[data-testid=result-confirm]");
  await page.waitForSelector("[data-testid=undo-result-bar]");
  assert.match(await page.textContent("[data-testid=pairings] tbody tr:nth-child(1)"), /双方判负/);
  await saveShot(shots, "02-entered-undo-bar.png", await page.screenshot({ fullPage: true }));
  // Undone within 30 s: the game has no result again; both acts stay in its history.
  await page.click("[data-testid=undo-result]");
  await page.waitForSelector("[data-testid=result-1-blackWins]");
  let g = await api(office.url, organiser, "GET", `/games/${board1.game}`);
  assert.equal(g.state.result, null);
  assert.equal(g.state.corrections.length, 1);
  assert.equal(g.state.corrections[0].cause, "wrong_entry");
  assert.equal(g.state.superseded_results[0].outcome, "both_lose");

  // The right result, by the score sheet: Black wins.
  await page.click("[data-testid=result-1-blackWins]");
  await page.click("[data-testid=result-confirm]");
  await page.waitForSelector("[data-testid=undo-result-bar]");
  assert.equal((await points())[board1.black.name], "2", "a win is 2 points (第二十八条)");
  await page.close();

  // The chief arbiter finds the score sheet was misread: White won. From the game page.
  // The chief arbiter lands on the desk.
  const desk = await signedIn(chief, "[data-testid=queue], [data-testid=queue-empty]");
  await desk.click("[data-testid=nav-tables]");
  await desk.click(`[data-testid=table-${board1.game}]`);
  await desk.waitForSelector("[data-testid=correct-result]");
  await desk.click("[data-testid=correct-result]");
  await desk.selectOption("[data-testid=correct-outcome-game]", "1");
  await desk.selectOption("[data-testid=correct-cause-game]", "wrong_entry");
  await desk.fill("[data-testid=correct-why-game]", "记分表上是白胜");
  await desk.click("[data-testid=correct-go-game]");
  await desk.waitForSelector("[data-testid=confirm]:not([disabled])");
  const preview = await desk.textContent("[data-testid=consequence]");
  assert.match(preview, /结果将由黑胜（录入结果，第十三条一）改为白胜（结果已更正，第十三条一）/);
  assert.doesNotMatch(preview, /保留并提交/);
  await saveShot(shots, "03-correct-preview.png", await desk.screenshot({ fullPage: true }));
  await desk.click("[data-testid=confirm]");
  await desk.waitForFunction(() => /白胜/.test(document.querySelector("[data-testid=result]")?.textContent ?? ""));
  assert.match(
    await desk.textContent("[data-testid=corrections]"),
    /裁判长 chief-liu 更正：黑胜（录入结果，第十三条一） → 白胜（结果录入有误：记分表上是白胜）/,
  );
  await saveShot(shots, "04-corrected-history.png", await desk.screenshot({ fullPage: true }));
  const after = await points();
  assert.deepEqual([after[board1.black.name], after[board1.white.name]], ["0", "2"], "the standings move");

  // The standings say why: the change, who made it and the reason.
  await desk.click("[data-testid=nav-standings]");
  await desk.waitForSelector("[data-testid=changes]");
  const changes = await desk.textContent("[data-testid=changes]");
  assert.match(changes, /第1轮 第1台/);
  assert.match(changes, /裁判长 chief-liu 更正.*记分表上是白胜/);
  await saveShot(shots, "05-standings-changes.png", await desk.screenshot({ fullPage: true }));
  assert.deepEqual(await axeViolations(desk), [], "axe-core on the standings with a correction");
  // The round's results export says it too.
  const csv = await (
    await officeFetch(`${office.url}/api/v1/rounds/1/pairings?format=csv`, {
      headers: { Authorization: `Bearer ${organiser}` },
    })
  ).text();
  const line = csv.split("\r\n").find((l) => l.startsWith("1,1,"));
  assert.match(
    line,
    new RegExp(
      'White wins,0,"?both lose → no result, by the organiser organiser \\(result entered wrong: .+\\); ' +
        "Black wins → White wins, by the chief arbiter chief-liu \\(result entered wrong: 记分表上是白胜\\)",
    ),
  );

  // Table 2: Black's second warning loses the game (第二十五条二), recorded from the quick row.
  await desk.click("[data-testid=nav-tables]");
  await desk.click(`[data-testid=table-${board2.game}]`);
  await desk.waitForSelector("[data-testid=quick-black] button");
  const warning = await desk.getAttribute("[data-testid=quick-black] button[data-testid$=-warning]", "data-testid");
  for (let n = 1; n <= 2; n++) {
    await desk.click(`[data-testid=${warning}]`);
    await desk.waitForSelector("[data-testid=confirm]:not([disabled])");
    await desk.click("[data-testid=confirm]");
    await desk.waitForFunction((k) => document.querySelectorAll("[data-testid=history] > li").length === k, n);
  }
  assert.match(await desk.textContent("[data-testid=result]"), /第二次警告：黑方判负（第二十五条二）/);

  // A decided game offers no quick buttons. The chief arbiter records White's time loss
  // (第二十三条五) through the form: the preview says the record is kept and flagged and the
  // result stays — said once, plainly.
  assert.equal(await desk.isVisible("[data-testid=quick]"), false, "no quick buttons on a decided game");
  await desk.click("[data-testid=record-incident]");
  await desk.click("[data-testid=groups] button[data-value=timing]");
  await desk.click("[data-testid=types] button[data-value=time_exceeded]");
  await desk.click("[data-testid=fact-offender] button[data-value=white]");
  await desk.click("[data-testid=rulings] button[data-value=offender_loses]");
  await desk.waitForSelector("[data-testid=confirm]:not([disabled])");
  const kept = await desk.textContent("[data-testid=consequence]");
  assert.match(kept, /本局已终局：此记录保留并提交裁判长，结果仍为第二次警告：黑方判负（第二十五条二）/);
  assert.doesNotMatch(kept, /结果将为|改为/, "never that the result changes");
  assert.equal(await desk.isVisible("[data-testid=stays]"), true);
  await saveShot(shots, "06-after-result-preview.png", await desk.screenshot({ fullPage: true }));
  await desk.click("[data-testid=confirm]");
  await desk.waitForFunction(() => document.querySelectorAll("[data-testid=history] > li").length === 3);
  assert.match(
    await desk.textContent("[data-testid=result]"),
    /第二次警告：黑方判负（第二十五条二）/,
    "the 25.2 loss stands",
  );
  g = await api(office.url, chief, "GET", `/games/${board2.game}`);
  const late = g.state.incidents[2];
  assert.equal(late.after_result && late.would_decide, true);
  assert.ok(
    g.state.open.some((o) => o.kind === "after_result" && o.incident === late.id && o.for_role === "chief_arbiter"),
  );
  // On the chief arbiter's desk as recorded after the result.
  await desk.click("[data-testid=nav-queue]");
  await until("the after-result card", async () => /终局后记录/.test(await desk.textContent("main")));
  await saveShot(shots, "07-desk-after-result.png", await desk.screenshot({ fullPage: true }));
  await desk.close();
});

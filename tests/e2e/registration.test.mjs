// The registration desk in a real browser (Debian's Chromium via playwright-core) against a
// real office on 127.0.0.1, on a phone (390×844) and at a desk (1280×900): a CSV with three bad
// lines shows all three before anything is stored; a player already registered is flagged and
// not added twice; a player registered by mistake is deleted and is gone from the standings and
// every export; a player is found in an EGF rating list by PIN and registered with its rating.
// Screenshots are kept in test-output/registration/.

import assert from "node:assert/strict";
import path from "node:path";
import { after, test } from "node:test";
import {
  api,
  assertNoCspViolations,
  chromium,
  officeFetch,
  outDir,
  polled,
  prepareOffice,
  root,
  saveShot,
  scratch,
  serveOffice,
  unfold,
  until,
} from "./lib.mjs";

const shots = path.join(outDir, "registration");
const sizes = [
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ["desk", { viewport: { width: 1280, height: 900 } }],
];
const running = [];

after(async () => {
  for (const { browser, office } of running) {
    await browser?.close();
    await office?.stop();
  }
  for (const { browser } of running) assertNoCspViolations(browser);
});

const text = async (office, token, p) =>
  (await officeFetch(`${office.url}/api/v1${p}`, { headers: { Authorization: `Bearer ${token}` } })).text();

/** Another desk registers a player and deletes it again, each drawn on `page` by its polls. */
async function anotherDesk(page, office, token) {
  const other = await api(office.url, token, "POST", "/players", { name: "Other Desk", rank: "1k" });
  await page.waitForFunction(() => document.querySelector("[data-testid=players]")?.textContent.includes("Other Desk"));
  await polled(page, 1);
  await api(office.url, token, "DELETE", `/players/${other.id}`);
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=players]")?.textContent.includes("Other Desk"),
  );
}

/** Controls that stick out of the screen, outside the bottom tab bar. */
function offScreen(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("button, input, select, textarea")]
      .filter((el) => !el.closest("nav") && el.getClientRects().length > 0)
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1))
      .map(({ el }) => el.dataset.testid ?? el.tagName),
  );
}

for (const [size, device] of sizes) {
  test(`the registration desk (${size})`, async () => {
    const data = scratch(`registration-${size}`);
    const token = await prepareOffice(data, `t-desk-${size}`);
    const office = await serveOffice(data);
    const browser = await chromium(office);
    running.push({ browser, office });
    await api(office.url, token, "PUT", "/tournament", {
      name: "Registration Open",
      ruleset: { preset: "chinese_1988" },
      settings: { system: { kind: "swiss" }, rounds: 3, time_control: { main_minutes: 60, reserved_minutes: 1 } },
    });
    const context = await browser.newContext(device);
    await context.addInitScript(() => {
      if (!localStorage.getItem("lang")) localStorage.setItem("lang", "en");
    });
    const page = await context.newPage();
    page.on("dialog", (d) => void d.accept());
    await page.goto(office.url);
    await page.fill("[data-testid=token]", token);
    await page.click("[data-testid=sign-in]");
    await page.click("[data-testid=nav-players]");
    await page.waitForSelector("[data-testid=preview-csv]");

    // Three bad lines, all shown at once, each with what is wrong; nothing stored.
    await page.fill(
      "[data-testid=csv]",
      [
        "surname,given_name,rank,club,country,pin",
        "Schmidt,Anna,3d,Berl,DE,12345678",
        "Dupont,Jean,3x,Pari,FR,",
        "Rossi,Marco,2k,Roma,XX,",
        "Novak,Jan,1d,Brno,CZ,1234",
        "Tanaka,Yuki,5k,,JP,",
      ].join("\n"),
    );
    await page.click("[data-testid=preview-csv]");
    await page.waitForSelector("[data-testid=csv-faults] li");
    assert.equal(await page.locator("[data-testid=csv-faults] li").count(), 3);
    assert.match(await page.textContent("[data-testid=fault-3]"), /3x/);
    assert.match(await page.textContent("[data-testid=fault-4]"), /XX/);
    assert.match(await page.textContent("[data-testid=fault-5]"), /1234/);
    await saveShot(shots, `${size}-01-bad-lines.png`, await page.screenshot({ fullPage: true }));
    await page.click("[data-testid=import-csv]");
    await page.waitForSelector("[data-testid=outcome].error");
    assert.equal((await api(office.url, token, "GET", "/setup")).players.length, 0);

    // The good lines come in; then a row already registered is flagged and not added twice.
    await page.fill(
      "[data-testid=csv]",
      "surname,given_name,rank,club,country,pin\nSchmidt,Anna,3d,Berl,DE,12345678\nTanaka,Yuki,5k,,JP,\n",
    );
    await page.click("[data-testid=import-csv]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=players] tbody tr").length === 2);
    await page.fill("[data-testid=csv]", 'name,rank\n"Schmidt, Anna",3d\nGarcia Lucia,2k\n');
    await page.click("[data-testid=preview-csv]");
    await page.waitForSelector("[data-testid=dup-2]");
    // Read while another desk registers a player (drawn in the list): the review stays.
    await anotherDesk(page, office, token);
    assert.match(await page.textContent("[data-testid=dup-2]"), /p001/);
    assert.equal(await page.locator("[data-testid=dup-3]").count(), 0);
    await saveShot(shots, `${size}-02-duplicate.png`, await page.screenshot({ fullPage: true }));
    await page.click("[data-testid=import-csv]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=players] tbody tr").length === 3);
    const names = (await api(office.url, token, "GET", "/setup")).players.map((p) => p.name);
    assert.deepEqual(
      names.filter((n) => n === "Schmidt Anna"),
      ["Schmidt Anna"],
      "not doubled",
    );

    // A player registered by mistake is deleted: gone from the page, the standings and exports.
    await page.fill("[data-testid=p-name]", "Mistaken Entry");
    await page.fill("[data-testid=p-rank]", "9k");
    await page.click("[data-testid=add-player]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=players] tbody tr").length === 4);
    const mistaken = (await api(office.url, token, "GET", "/setup")).players.find(
      (p) => p.name === "Mistaken Entry",
    ).id;
    await page.click(`[data-testid=delete-${mistaken}]`);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=players] tbody tr").length === 3);
    for (const p of [
      "/standings?format=json",
      "/export/h9",
      "/export/tou",
      "/export/opengotha",
      "/export/players.csv",
    ]) {
      const body = await text(office, token, p);
      assert.ok(!body.includes("Mistaken"), `${p} still names the deleted player: ${body.slice(0, 300)}`);
    }
    assert.match(await text(office, token, "/export/h9"), /Schmidt Anna +3D DE Berl .* \|12345678/);
    // A name in Hangul or Han: the EGD's .h9 is refused, naming the player, until the organiser
    // gives it in Latin letters on this page, from the proposal shown.
    await page.fill("[data-testid=p-name]", "朴廷桓");
    await page.fill("[data-testid=p-rank]", "9d");
    await page.click("[data-testid=add-player]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=players] tbody tr").length === 4);
    const park = (await api(office.url, token, "GET", "/setup")).players.find((p) => p.name === "朴廷桓").id;
    const refused = JSON.parse(await text(office, token, "/export/h9"));
    assert.equal(refused.code, "not_in_latin_letters");
    assert.ok(refused.message.includes(`${park} 朴廷桓 (proposed: Piao Tinghuan)`), refused.message);
    await unfold(page, "latin-names");
    await page.waitForSelector(`[data-testid=latin-surname-${park}]`);
    // Read while another desk registers a player: the opened section stays as read.
    await anotherDesk(page, office, token);
    assert.equal(await page.inputValue(`[data-testid=latin-surname-${park}]`), "Piao");
    assert.equal(await page.inputValue(`[data-testid=latin-given-${park}]`), "Tinghuan");
    assert.equal(
      (await api(office.url, token, "GET", "/setup")).players.find((p) => p.id === park).opengotha,
      undefined,
      "a proposal is not written by itself",
    );
    await page.fill(`[data-testid=latin-surname-${park}]`, "Park");
    await page.fill(`[data-testid=latin-given-${park}]`, "Junghwan");
    await page.click(`[data-testid=save-latin-${park}]`);
    await until(
      "the name in Latin letters recorded",
      async () =>
        (await api(office.url, token, "GET", "/setup")).players.find((p) => p.id === park).opengotha?.name === "Park",
    );
    assert.match(await text(office, token, "/export/h9"), /Park Junghwan +9D/);
    // The history keeps both acts.
    await unfold(page, "registration-history");
    await page.waitForSelector("[data-testid=history] tbody tr");
    const mistakes = await page
      .locator("[data-testid=history] tbody tr", { hasText: "Mistaken Entry" })
      .allInnerTexts();
    assert.equal(mistakes.length, 2, mistakes.join("\n"));
    assert.match(mistakes[0], /player registered/);
    assert.match(mistakes[1], /player deleted/);

    // A player found in the EGF's list by PIN, registered with its rank, rating, club and PIN.
    await page.selectOption("[data-testid=list-kind]", "egf");
    await page.setInputFiles(
      "[data-testid=list-file]",
      path.join(root, "shared/domain/tests/fixtures/ratings/egf_test.txt"),
    );
    await until("the list loaded", async () => /6/.test(await page.textContent("[data-testid=outcome]")));
    await page.fill("[data-testid=list-q]", "45678901");
    await page.click("[data-testid=list-search]");
    await page.waitForSelector("[data-testid=register-listed-0]");
    assert.equal(await page.locator("[data-testid=list] tbody tr").count(), 1);
    await page.click("[data-testid=register-listed-0]");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=players] tbody tr")].some((r) =>
        r.textContent.includes("Novak Petr"),
      ),
    );
    const novak = (await api(office.url, token, "GET", "/setup")).players.find((p) => p.name === "Novak Petr");
    assert.equal(novak.rank, "2d");
    assert.equal(novak.club, "Brno");
    assert.deepEqual(
      [novak.opengotha.rating, novak.opengotha.egf_pin, novak.opengotha.country],
      [2210, "45678901", "CZ"],
    );
    await saveShot(shots, `${size}-03-from-the-list.png`, await page.screenshot({ fullPage: true }));

    // A newer list: what changes is shown, player by player, and recorded when confirmed.
    await page.setInputFiles(
      "[data-testid=list-file]",
      path.join(root, "shared/domain/tests/fixtures/ratings/egf_test_newer.txt"),
    );
    await until("the newer list loaded", async () =>
      /04 Dec 2026/.test(await page.textContent("[data-testid=outcome]")),
    );
    await page.click("[data-testid=refresh-ratings]");
    await page.waitForSelector("[data-testid=rating-changes] tbody tr");
    const changes = await page.locator("[data-testid=rating-changes] tbody tr").allInnerTexts();
    assert.equal(changes.length, 1, changes.join("\n"));
    assert.match(changes[0], /Schmidt Anna[\s\S]*3[\s\S]*→[\s\S]*4[\s\S]*2300 → 2356/);
    await page.click("[data-testid=confirm-ratings]");
    await until(
      "the new rating recorded",
      async () =>
        (await api(office.url, token, "GET", "/setup")).players.find((p) => p.id === "p001").opengotha.rating === 2356,
    );
    assert.deepEqual(await offScreen(page), [], "every control of the players page fits the screen");
    await context.close();
  });
}

test("a Korean organiser's paste is refused in Korean, the line and the lead alike", async () => {
  const data = scratch("registration-ko");
  const token = await prepareOffice(data, "t-desk-ko");
  const office = await serveOffice(data);
  const browser = await chromium(office);
  running.push({ browser, office });
  await api(office.url, token, "PUT", "/tournament", {
    name: "서울 오픈",
    ruleset: { preset: "korean" },
    settings: { system: { kind: "swiss" }, rounds: 3, time_control: { main_minutes: 60, reserved_minutes: 1 } },
  });
  const context = await browser.newContext(sizes[0][1]);
  await context.addInitScript(() => localStorage.setItem("lang", "ko"));
  const page = await context.newPage();
  await page.goto(office.url);
  await page.fill("[data-testid=token]", token);
  await page.click("[data-testid=sign-in]");
  await page.click("[data-testid=nav-players]");
  await page.waitForSelector("[data-testid=preview-csv]");
  await page.fill("[data-testid=csv]", "이창호,열두급\n조훈현,9단\n");
  await page.click("[data-testid=preview-csv]");
  await page.waitForSelector("[data-testid=fault-1]");
  const line = await page.textContent("[data-testid=fault-1]");
  assert.match(line, /단급: `열두급`은\(는\) 단급이 아닙니다\(예: `아마 3단`, `5급`, `프로 9단`, `초단`\)/);
  assert.doesNotMatch(line, /is not|rank/, line);
  await page.click("[data-testid=import-csv]");
  await page.waitForSelector("[data-testid=outcome].error");
  const refusal = await page.textContent("[data-testid=outcome]");
  assert.match(refusal, /선수 명단 파일에 잘못된 행이 1개 있어 아무것도 저장하지 않았습니다: 1행: 단급: `열두급`/);
  assert.doesNotMatch(refusal, /is not|rank|line/, refusal);
  assert.equal((await api(office.url, token, "GET", "/setup")).players.length, 0);
  await saveShot(shots, "ko-refused-in-korean.png", await page.screenshot({ fullPage: true }));
  await context.close();
});

// The office's web pages in a real browser (Debian's Chromium via playwright-core) against a
// real office: sign in with the organiser's token, read tables, a game and the queue; and the
// layout of those and of the organiser's pages at 768×1024 portrait, 1280×800 landscape and
// 390×844 phone, with screenshots kept; at the phone and tablet sizes, axe-core (npm) on every
// page finds nothing.

import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  assertNoCspViolations,
  axeViolations,
  chromium,
  outDir,
  prepareOffice,
  scratch,
  serveOffice,
  until,
} from "./lib.mjs";

let office, token, browser;
const shots = path.join(outDir, "office-pages");

before(async () => {
  const data = scratch("office-pages");
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
  assertNoCspViolations(browser);
});

async function signedIn(viewport, { axe = viewport.width < 1000 } = {}) {
  const page = await browser.newPage({ viewport });
  await page.goto(office.url);
  await page.waitForSelector("[data-testid=token]");
  if (axe) assert.deepEqual(await axeViolations(page), [], `axe-core, sign-in at ${viewport.width}px`);
  await page.fill("[data-testid=token]", token);
  await page.click("[data-testid=sign-in]");
  await page.click("[data-testid=nav-tables]");
  await page.waitForSelector("[data-testid=tables]");
  return page;
}

test("an organiser reads tables, a game and the queue in the browser", async () => {
  const page = await signedIn({ width: 1280, height: 800 });
  const card = await page.textContent("[data-testid=table-r1-t1]");
  assert.match(card, /第1轮 第1台/);
  assert.match(card, /李明●●/);
  assert.match(card, /第二次警告：黑方判负（第二十五条二）/);
  await page.screenshot({ path: path.join(shots, "01-tables-zh.png") });

  await page.click("[data-testid=lang]");
  await page.click("[data-testid=lang-en]");
  await page.waitForFunction(() => document.body.textContent.includes("Second warning: Black loses (Art. 25.2)"));
  await page.click("[data-testid=lang]");
  await page.click("[data-testid=lang-zh]");

  await page.click("[data-testid=table-r1-t1]");
  await page.waitForSelector("[data-testid=history]");
  const history = await page.textContent("[data-testid=history]");
  assert.match(history, /妨碍他人思考/);
  assert.match(history, /第二十三条四/);
  assert.equal(await page.$("[data-testid=actions]"), null, "an organiser records no table facts");
  await page.screenshot({ path: path.join(shots, "02-game.png") });

  await page.click("[data-testid=back]");
  await page.click("[data-testid=nav-queue]");
  const queue = await page.textContent("[data-testid=queue]");
  assert.match(queue, /报请处理/);
  assert.match(queue, /第十七条三/);
  assert.match(queue, /裁判长/);
  await page.screenshot({ path: path.join(shots, "03-queue.png") });
  await page.close();
});

test("the association's player records: the registry, a player's discipline record, the CSV", async () => {
  const page = await signedIn({ width: 1280, height: 800 });
  await page.click("[data-testid=nav-league]");
  await page.waitForSelector("[data-testid=registry]");
  const row = await page.textContent("[data-testid=registry-p-li]");
  assert.match(row, /李明/);
  assert.match(row, /端到端测试杯/);
  await page.screenshot({ path: path.join(shots, "04-registry.png") });
  await page.click("[data-testid=registry-p-li] button");
  await page.waitForSelector("[data-testid=player-record]");
  const record = await page.textContent("[data-testid=player-record]");
  assert.equal(await page.locator("[data-testid=mark-warning]").count(), 2, record);
  assert.equal(await page.locator("[data-testid=mark-loss_by_penalty]").count(), 1, record);
  assert.match(record, /第二次警告/);
  await page.screenshot({ path: path.join(shots, "05-player-record.png"), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=discipline-csv]")]);
  const csv = await (await import("node:fs/promises")).readFile(await download.path(), "utf8");
  assert.match(csv, /^player,name,tournament,game,round,colour,mark,article,what,at,event\n/);
  assert.equal(csv.split("\n").filter((l) => l.startsWith("p-li,") && l.includes(",warning,")).length, 2, csv);
  await page.close();
});

test("the office's policy refuses an injected inline script, and the watch sees it", async () => {
  const page = await browser.newPage();
  await page.goto(office.url);
  const before = browser.cspViolations.length;
  await page.addScriptTag({ content: "window.injected = true;" }).catch(() => undefined);
  // Reported twice — the page's own event and Chromium's console line — in either order: both
  // awaited before they are taken out, or the later one would be left for the suite's check.
  await until("the violation reported both ways", () => {
    const seen = browser.cspViolations.slice(before);
    return seen.some((v) => v.includes("CSP violation:")) && seen.some((v) => v.includes("Content Security Policy"));
  });
  assert.equal(await page.evaluate(() => window.injected), undefined, "the inline script did not run");
  const seen = browser.cspViolations.splice(before);
  assert.ok(
    seen.some((v) => /script-src/.test(v)),
    `the violation was reported: ${seen.join(" | ")}`,
  );
  await page.close();
});

test("a wrong token is refused with the office's message", async () => {
  const page = await browser.newPage();
  await page.goto(office.url);
  await page.fill("[data-testid=token]", "wa1_forged");
  await page.click("[data-testid=sign-in]");
  await page.waitForSelector("[data-testid=sign-in-notice]");
  assert.match(await page.textContent("[data-testid=sign-in-notice]"), /令牌无效或系伪造/);
  await page.close();
});

test("standings before the set-up has a system lead to the set-up page", async () => {
  const page = await signedIn({ width: 1280, height: 800 });
  await page.click("[data-testid=nav-standings]");
  await page.waitForSelector("[data-testid=standings-not-ready]");
  await page.click("[data-testid=to-setup]");
  await page.waitForSelector("[data-testid=t-name]");
  assert.equal(await page.locator("[data-testid=standings-not-ready]").count(), 0);
  await page.close();
});

test("in a dim hall the device's dark setting gives a dark page that axe-core finds nothing wrong with", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  await page.goto(office.url);
  await page.fill("[data-testid=token]", token);
  await page.click("[data-testid=sign-in]");
  await page.click("[data-testid=nav-tables]");
  await page.waitForSelector("[data-testid=tables]");
  // Relative luminance of the page's background (0 black … 1 white).
  const luminance = () =>
    page.evaluate(() => {
      const [r, g, b] = getComputedStyle(document.documentElement)
        .backgroundColor.match(/\d+/g)
        .map(Number)
        .map((c) => {
          const x = c / 255;
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
  for (const screen of ["tables", "game", "queue", "players", "officials", "setup", "standings"]) {
    if (screen === "game") {
      await page.click("[data-testid=nav-tables]");
      await page.click("[data-testid=table-r1-t1]");
      await page.waitForSelector("[data-testid=history]");
    } else {
      await page.click(`[data-testid=nav-${screen}]`);
      await page.waitForSelector(`[data-testid=nav-${screen}].on`);
    }
    assert.ok((await luminance()) < 0.05, `${screen}: a dark page`);
    assert.deepEqual(await axeViolations(page), [], `axe-core, dark: ${screen}`);
    if (screen === "game" || screen === "players")
      await page.screenshot({ path: path.join(shots, `dark-${screen}.png`) });
  }
  await page.close();
});

test("every control is reached by the keyboard and shows where the keyboard is", async () => {
  const page = await signedIn({ width: 768, height: 1024 }, { axe: false });
  for (const screen of ["tables", "queue", "players", "officials", "setup"]) {
    await page.click(`[data-testid=nav-${screen}]`);
    // The page is drawn with its tab marked: the controls counted are its own.
    await page.waitForSelector(`[data-testid=nav-${screen}].on`);
    const controls = await page.$$eval(
      "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, a[href], [tabindex='0']",
      (els) => els.filter((e) => e.getBoundingClientRect().height > 0 && !e.closest("details:not([open])")).length,
    );
    await page.evaluate(() => document.activeElement?.blur());
    const reached = new Set();
    const unmarked = [];
    for (let i = 0; i < controls + 10; i++) {
      await page.keyboard.press("Tab");
      const seen = await page.evaluate(() => {
        const e = document.activeElement;
        if (!e || e === document.body) return null;
        const style = getComputedStyle(e);
        const key = `${Array.prototype.indexOf.call(document.querySelectorAll("*"), e)} ${e.outerHTML.slice(0, 80)}`;
        return { key, marked: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
      });
      if (!seen) continue;
      reached.add(seen.key);
      if (!seen.marked) unmarked.push(seen.key);
    }
    assert.ok(reached.size >= controls, `${screen}: ${reached.size} of ${controls} controls reached by Tab`);
    assert.deepEqual(unmarked, [], `${screen}: focus not shown on`);
  }
  await page.close();
});

for (const [name, viewport] of [
  ["portrait-768x1024", { width: 768, height: 1024 }],
  ["landscape-1280x800", { width: 1280, height: 800 }],
  ["phone-390x844", { width: 390, height: 844 }],
]) {
  test(`layout at ${name}: no sideways scrolling, touch targets of at least 44 px`, async () => {
    const page = await signedIn(viewport);
    // The referee's screens, then the organiser's pages (set-up, players, officials, rounds,
    // standings); in Chinese, then in English (longer words).
    for (const [lang, screen] of ["zh", "en"].flatMap((l) =>
      ["tables", "game", "story", "queue", "setup", "players", "officials", "rounds", "standings", "league"].map(
        (s) => [l, s],
      ),
    )) {
      if (screen === "tables") {
        await page.click("[data-testid=nav-tables]");
        await page.waitForSelector("[data-testid=tables]");
        if (lang === "en" && (await page.getAttribute("html", "lang")) !== "en") {
          await page.click("[data-testid=lang]");
          await page.click("[data-testid=lang-en]");
          await page.waitForFunction(() => document.documentElement.lang === "en");
        }
      } else if (screen === "game") {
        await page.click("[data-testid=table-r1-t1]");
        await page.waitForSelector("[data-testid=history]");
      } else if (screen === "story") {
        await page.click("[data-testid=open-story] >> nth=0");
        await page.waitForSelector("[data-testid=story]");
      } else if (screen === "queue") {
        await page.click("[data-testid=nav-queue]");
        await page.waitForSelector("[data-testid=queue], [data-testid=queue-empty]");
      } else if (screen !== "tables") {
        await page.click(`[data-testid=nav-${screen}]`);
        // The page drawn anew (its tab marked current), not the one before, which was a
        // main.office too: checked before it, the tab bar was the previous page's, scrolled by
        // the click.
        await page.waitForSelector(`nav button.on[data-testid=nav-${screen}]`);
        await page.waitForSelector("main.office, [data-testid=error]");
      }
      if (screen === "standings") {
        // This event has no system yet (第二十七条): no standings, the reason in the reader's
        // language and the way to the set-up page — not the office's English message.
        const why = await page.textContent("[data-testid=standings-not-ready]");
        assert.match(
          why,
          lang === "zh"
            ? /^比赛设置尚未完成.*赛制（第二十七条）/
            : /^The set-up is not complete yet.*system \(Art. 27\)/,
          why,
        );
        assert.equal(await page.locator("[data-testid=error]").count(), 0);
        assert.equal(await page.locator("[data-testid=to-setup]").count(), 1);
      }
      // Accessibility: axe-core finds nothing, of any impact, at phone and tablet sizes.
      if (viewport.width < 1000) assert.deepEqual(await axeViolations(page), [], `axe-core: ${name} ${lang} ${screen}`);
      // On a phone the tabs are one row (three rows would take a third of the screen), the
      // current tab in view.
      if (viewport.width <= 600) {
        const tabs = await page.evaluate(() => {
          const nav = document.querySelector("nav").getBoundingClientRect();
          const on = document.querySelector("nav button.on")?.getBoundingClientRect();
          return { height: nav.height, shown: !on || (on.left >= nav.left - 1 && on.right <= nav.right + 1) };
        });
        assert.ok(tabs.height < 80, `${name} ${lang} ${screen}: the tabs take ${tabs.height}px`);
        assert.ok(tabs.shown, `${name} ${lang} ${screen}: the current tab is out of view`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} ${lang} ${screen}: the page scrolls sideways by ${overflow}px`);
      const small = await page.$$eval("button, input", (els) =>
        els
          .filter(
            (e) =>
              e.getBoundingClientRect().height > 0 && e.type !== "checkbox" && e.getBoundingClientRect().height < 44,
          )
          .map((e) => e.outerHTML.slice(0, 80)),
      );
      assert.deepEqual(small, [], `${name} ${screen}: targets under 44px`);
      // Nothing sits under the top bar: at the top of the page, and when a field low on the page
      // is scrolled into view to be typed in.
      const under = await page.evaluate(() => {
        const bar = document.querySelector("header.banner").getBoundingClientRect();
        return Array.from(document.querySelectorAll("main *, nav *"))
          .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().top < bar.bottom - 0.5)
          .map((e) => e.outerHTML.slice(0, 60));
      });
      assert.deepEqual(under, [], `${name} ${screen}: under the top bar`);
      const hidden = await page.evaluate(() => {
        const fields = Array.from(document.querySelectorAll("main input, main select")).filter(
          (e) => e.getBoundingClientRect().height > 0,
        );
        const out = [];
        for (const f of fields) {
          // Put the field just under the bar, as scrolling by hand can, then focus it to type.
          f.blur();
          window.scrollTo(0, window.scrollY + f.getBoundingClientRect().top - 4);
          if (f.getBoundingClientRect().top > 8) continue; // the page cannot scroll that far
          f.focus();
          const bar = document.querySelector("header.banner").getBoundingClientRect();
          const top = f.getBoundingClientRect().top;
          if (top < bar.bottom - 0.5)
            out.push(`${f.outerHTML.slice(0, 50)} at ${top} under a bar ending at ${bar.bottom}`);
        }
        window.scrollTo(0, 0);
        return out;
      });
      assert.deepEqual(hidden, [], `${name} ${screen}: a field focused under the top bar is brought clear of it`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(shots, `layout-${name}-${screen}${lang === "en" ? "-en" : ""}.png`),
        fullPage: true,
      });
    }
    await page.close();
  });
}

/** What each system shows on the set-up page, of the fields that belong to one system. */
const SYSTEM_FIELDS = {
  swiss: ["t-reading"],
  round_robin: [],
  double_round_robin: [],
  mcmahon: ["t-bar", "t-floor", "og-params-mcmahon"],
  opengotha_swiss: ["og-params-opengotha_swiss"],
  match: ["t-best-of"],
  knockout: ["t-lives"],
  team: ["t-boards", "t-team-pairing", "t-reading"],
  leitai: [],
};
const OVERTIME_FIELDS = {
  reserved_minutes: ["t-reserved"],
  periods: ["t-periods", "t-period-seconds"],
  canadian: ["t-can-moves", "t-can-minutes"],
  fischer: ["t-fischer"],
};

test("the set-up page shows only what the chosen system and time control use", async () => {
  const page = await signedIn({ width: 1280, height: 800 });
  await page.click("[data-testid=nav-setup]");
  await page.waitForSelector("[data-testid=setup-form]");
  const visible = async (ids) => {
    const out = [];
    for (const id of ids) if (await page.isVisible(`[data-testid=${id}]`)) out.push(id);
    return out.sort();
  };
  const systemIds = [...new Set(Object.values(SYSTEM_FIELDS).flat())];
  for (const [system, fields] of Object.entries(SYSTEM_FIELDS)) {
    await page.selectOption("[data-testid=t-system]", system);
    // Team Swiss shows the reading too; a team round robin does not.
    const expected = system === "team" ? ["t-boards", "t-team-pairing"] : fields;
    assert.deepEqual(await visible(systemIds), [...expected].sort(), system);
    assert.notEqual((await page.textContent("[data-testid=pairs-by]")).trim(), "", `${system}: which model pairs it`);
    await page.screenshot({ path: path.join(shots, `setup-${system}.png`), fullPage: true });
  }
  await page.selectOption("[data-testid=t-system]", "team");
  await page.selectOption("[data-testid=t-team-pairing]", "swiss");
  assert.deepEqual(await visible(systemIds), ["t-boards", "t-reading", "t-team-pairing"]);
  const overtimeIds = Object.values(OVERTIME_FIELDS).flat();
  for (const [overtime, fields] of Object.entries(OVERTIME_FIELDS)) {
    await page.selectOption("[data-testid=t-overtime]", overtime);
    assert.deepEqual(await visible(overtimeIds), [...fields].sort(), overtime);
  }
  await page.close();
});

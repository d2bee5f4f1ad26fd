// The referee app keeps all it knows in its own data folder (ARBITER_DATA_DIR): its store, its
// preferences and its WebView's storage and cache. Shown with the real Tauri binary under Xvfb
// through tauri-driver: on one machine (one home folder, made by this test), an instance left in
// Japanese does not make the next instance, in a folder of its own, start in Japanese — as once
// an earlier walk in Japanese failed the e2e's walk — and the Japanese instance's folder alone
// brings it back in Japanese, from another home — with tauri-driver's usual ports held, as by a
// run left over. And a run's folders are gone when it ends.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { appEnv, closeApp, outDir, scratch, startApp, until } from "./lib.mjs";

const shots = path.join(outDir, "app-isolation");

/** The app on `dataDir`, with `home` as its home folder (and XDG folders in it). */
async function openApp(dataDir, home) {
  const { driver, wd } = await startApp(appEnv(dataDir, home));
  const js = (script) => wd.cmd("POST", "/execute/sync", { script, args: [] });
  return {
    wd,
    js,
    /** The page's language and the start screen's banner, once the start screen is drawn. */
    start: async () => {
      await wd.find("[data-testid=enroll]");
      return {
        lang: await js("return document.documentElement.lang;"),
        banner: await wd.text("[data-testid=sync-banner]"),
      };
    },
    close: () => closeApp(wd, driver),
  };
}

/** Listens on `port` of 127.0.0.1, as a program an earlier run left there would; null if
 * something else holds it already (as good for the test). */
function hold(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** Every path under `dir`, relative to it. */
function tree(dir) {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

test(
  "an instance left in Japanese on this machine leaves the next instance, " +
    "in its own folder, in the default language",
  async () => {
    const home = scratch("machine-home");
    const japanese = scratch("app-ja");
    // tauri-driver's own ports (4444, and 4445 for WebKitWebDriver) held, as by a run left over.
    const held = await Promise.all([4444, 4445].map(hold));
    try {
      await walk(home, japanese);
    } finally {
      for (const server of held) server?.close();
    }
  },
);

async function walk(home, japanese) {
  // ---- An instance used in Japanese, then closed ----
  let app = await openApp(japanese, home);
  try {
    assert.equal((await app.start()).lang, "zh-CN", "a new instance starts in the default language");
    await app.wd.click("[data-testid=lang]");
    await app.wd.click("[data-testid=lang-ja]");
    await until(
      "the screens in Japanese",
      async () => (await app.js("return document.documentElement.lang;")) === "ja-JP",
    );
    // Kept in its data folder, durably, as the user chose it.
    await until(
      "the choice in the folder's preferences",
      () => JSON.parse(readFileSync(path.join(japanese, "preferences.json"), "utf8")).lang === "ja",
    );
    // Something of the WebView's own, too: in its folder, not the machine's.
    await app.js("localStorage.setItem('probe', 'left by the Japanese instance'); return true;");
    await app.wd.screenshot(shots, "01-japanese.png");
  } finally {
    await app.close();
  }
  const jaStart = "この端末はまだ登録されていません";
  // The WebView's storage is in the instance's folder; the home folder holds nothing of the app's.
  assert.ok(
    tree(japanese).includes("webview"),
    `the WebView's folder in the data folder: ${tree(japanese).join(", ")}`,
  );
  const leaked = tree(home).filter((p) => p.includes("org.weiqiarbiter.referee") || p.includes("weiqi-arbiter"));
  assert.deepEqual(leaked, [], "nothing of the app's in the home folder");

  // ---- The next instance on the same machine, in a folder of its own ----
  const fresh = scratch("app-fresh");
  app = await openApp(fresh, home);
  try {
    const { lang, banner } = await app.start();
    assert.equal(lang, "zh-CN");
    assert.match(banner, /^本设备尚未登记/, "the not-enrolled banner in the default language");
    assert.equal(
      await app.js("return localStorage.getItem('probe');"),
      null,
      "the other instance's WebView storage is not this one's",
    );
    await app.wd.screenshot(shots, "02-next-instance-default.png");
  } finally {
    await app.close();
  }
  assert.ok(!tree(fresh).includes("preferences.json"), "no choice made, none kept");

  // ---- The Japanese instance again, from another home: its folder alone keeps its choice ----
  app = await openApp(japanese, scratch("other-home"));
  try {
    await app.wd.find("[data-testid=enroll]");
    await until(
      "the kept choice applied",
      async () => (await app.js("return document.documentElement.lang;")) === "ja-JP",
    );
    assert.ok(
      (await app.wd.text("[data-testid=sync-banner]")).startsWith(jaStart),
      "the not-enrolled banner in Japanese",
    );
    await app.wd.screenshot(shots, "03-japanese-again.png");
  } finally {
    await app.close();
  }
}

test("the folders a run makes are gone when it ends", () => {
  const script = `import("${new URL("./lib.mjs", import.meta.url).href}").then((l) => {
    const env = l.appEnv(l.scratch("probe"));
    console.log(JSON.stringify([env.ARBITER_DATA_DIR, env.HOME, env.XDG_DATA_HOME]));
  });`;
  const env = { ...process.env };
  delete env.ARBITER_E2E_KEEP;
  const made = JSON.parse(execFileSync(process.execPath, ["-e", script], { env }).toString());
  assert.equal(made.length, 3);
  for (const dir of made) assert.ok(dir.startsWith(path.join(tmpdir(), "arbiter-e2e-")), dir);
  assert.deepEqual(
    made.filter((dir) => existsSync(dir)),
    [],
    "nothing left behind",
  );
});

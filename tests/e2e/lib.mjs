// Helpers for the end-to-end suites: a real office process on 127.0.0.1 speaking HTTPS with its
// own certificate, organiser calls pinned to that certificate, Debian's Chromium through
// playwright-core trusting exactly that certificate's key, and a small WebDriver client for
// tauri-driver. Every wait is bounded. Every process starts from folders of its own, made for
// this run and removed when it ends (data, home and XDG folders, the browser's profile), and
// listens on ports free at the time: nothing a person or an earlier run left is read.

import { execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import https from "node:https";
import net from "node:net";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const officeBin = path.join(root, "target/debug/arbiter-office");
export const appBin = path.join(root, "target/debug/weiqi-arbiter");
export const outDir = path.join(root, "test-output");

/** The folders this run made: removed when it ends (ARBITER_E2E_KEEP=1 keeps them to look at). */
const made = [];
process.on("exit", () => {
  if (process.env.ARBITER_E2E_KEEP !== "1") for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder of this run's, removed when the run ends. */
export function scratch(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `arbiter-e2e-${name}-`));
  made.push(dir);
  return dir;
}

/**
 * A home folder of its own with its XDG folders (`home`: a new one unless given), as the
 * environment's variables a program reads them from: what the referee app, WebKit or Chromium
 * keep "for the user" stays there, and nothing in the real home is read.
 */
export function ownHome(home = scratch("home")) {
  const sub = (p) => {
    const dir = path.join(home, p);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  };
  return {
    HOME: home,
    XDG_DATA_HOME: sub(".local/share"),
    XDG_CONFIG_HOME: sub(".config"),
    XDG_CACHE_HOME: sub(".cache"),
    XDG_STATE_HOME: sub(".local/state"),
    XDG_RUNTIME_DIR: sub("run"),
  };
}

/** The referee app's environment: its data folder `dataDir` and a home of its own (`home`: new
 * unless given). */
export function appEnv(dataDir, home) {
  return { ...process.env, ...ownHome(home), ARBITER_DATA_DIR: dataDir };
}

/** A loopback port free now (the OS's pick), for a program that must be told its port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** tauri-driver: on PATH, else where `cargo install` puts it (the tool, not state). */
export function tauriDriverPath() {
  try {
    return execFileSync("which", ["tauri-driver"]).toString().trim();
  } catch {
    const p = path.join(homedir(), ".cargo/bin/tauri-driver");
    if (existsSync(p)) return p;
    throw new Error("tauri-driver is not installed (scripts/setup installs it)");
  }
}

/**
 * Starts tauri-driver (and through it WebKitWebDriver, which starts the app with `env`) on two
 * ports free now, not its fixed 4444 and 4445 another run may hold; a port taken between the
 * look and its bind: tried again on others (bounded). Answers `{ driver, url }`.
 */
export async function startTauriDriver(env) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let native = await freePort();
    while (native === port) native = await freePort();
    const driver = spawn(tauriDriverPath(), ["--port", String(port), "--native-port", String(native)], {
      env,
      stdio: "ignore",
    });
    let exited = false;
    driver.once("exit", () => (exited = true));
    const url = `http://127.0.0.1:${port}`;
    const up = await until("tauri-driver", async () => exited || (await fetch(`${url}/status`)).ok, { timeout: 15000 });
    if (up && !exited) return { driver, url };
    if (attempt >= 3) throw new Error("tauri-driver exited at start three times (its ports taken?)");
  }
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Waits until the page has drawn `n` more polls. Each draw starts by asking /status, and draws
 * run one after another: the (n+1)th answer after now comes once the nth draw has ended (the
 * first may belong to a draw already under way). */
export async function polled(page, n = 2) {
  let seen = 0;
  const count = (r) => {
    if (r.url().endsWith("/api/v1/status")) seen += 1;
  };
  page.on("requestfinished", count);
  try {
    await until(`${n} polls`, () => seen >= n + 1, { timeout: 15000 });
  } finally {
    page.off("requestfinished", count);
  }
}

/** Lets the page finish what an answer it just received started: its promise callbacks, the next
 * frame, then its queued tasks. */
export function settled(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/** Polls `f` until it returns a truthy value (bounded). */
export async function until(what, f, { timeout = 20000, every = 150 } = {}) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    try {
      last = await f();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await sleep(every);
  }
  throw new Error(
    `timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
  );
}

function run(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(officeBin, args, { cwd: root });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`arbiter-office ${args.join(" ")}: ${code} ${err}`)),
    );
  });
}

/** Creates a tournament in a fresh data directory, imports `fixtures`, returns the organiser token. */
export async function prepareOffice(data, tournament, fixtures = []) {
  const out = await run(["init", "--data", data, "--id", tournament, "--name", "端到端测试杯"]);
  const token = /^organiser token:\s+(\S+)/m.exec(out)?.[1];
  if (!token) throw new Error(`no token in: ${out}`);
  for (const f of fixtures) await run(["import", "--data", data, path.join(root, f)]);
  return token;
}

/**
 * A running office with one event of `preset` rules set up — a 3-round Swiss, 60 minutes + 5
 * reserved, 15 minutes' lateness, four players — round 1 paired and started five minutes ago.
 */
export async function pairedEvent(name, title, preset = "chinese_1988") {
  const data = scratch(name);
  const token = await prepareOffice(data, `t-${name}`);
  const office = await serveOffice(data);
  await api(office.url, token, "PUT", "/tournament", {
    name: title,
    ruleset: preset === "chinese_1988" ? { preset, komi: 3.75 } : { preset },
    settings: {
      time_control: { main_minutes: 60, reserved_minutes: 5 },
      allowed_lateness_minutes: 15,
      system: { kind: "swiss" },
      rounds: 3,
    },
  });
  for (const [n, rank] of [
    ["张一", "5d"],
    ["李二", "4d"],
    ["王三", "3d"],
    ["赵四", "2d"],
  ])
    await api(office.url, token, "POST", "/players", { name: n, rank });
  await api(office.url, token, "PUT", "/rounds/1", { starts_at: new Date(Date.now() - 5 * 60_000).toISOString() });
  const sheet = await api(office.url, token, "POST", "/rounds/1/pair");
  return { office, token, sheet };
}

/** The office's certificate as `arbiter-office cert show` prints it (made if the office has none). */
async function certificate(data) {
  const out = await run(["cert", "show", "--data", data]);
  const field = (name) => new RegExp(`${name}:\\s+(.+)`).exec(out)?.[1].trim();
  return {
    short: field("short fingerprint"),
    sha256: field("sha256"),
    spki: field("public key sha256"),
    pem: readFileSync(path.join(data, "tls/office.crt")),
  };
}

/** Pinned HTTPS per office origin: what `officeFetch` trusts there. */
const pinned = new Map();

/**
 * Starts `arbiter-office serve` (HTTPS) with the built UI; resolves when it listens, with the
 * certificate the suites pin (`cert.sha256`), type (`cert.short`) or give Chromium (`cert.spki`).
 */
export async function serveOffice(data, port = 0, extra = []) {
  const cert = await certificate(data);
  const office = await listen(data, port, extra);
  pinned.set(new URL(office.url).origin, cert);
  return { ...office, cert };
}

function listen(data, port, extra) {
  return new Promise((resolve, reject) => {
    // The pages the binary carries (built into it from ui/dist), started from an empty folder:
    // what an organiser runs — nothing read from the source tree.
    const proc = spawn(officeBin, ["serve", "--data", data, "--bind", `127.0.0.1:${port}`, ...extra], {
      cwd: scratch("cwd"),
      env: { ...process.env, ...ownHome() },
    });
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`office did not start: ${seen}`)), 15000);
    proc.stdout.on("data", (d) => {
      seen += d;
      const m = /listening on (https:\/\/\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        // An office without a tournament prints its one-time setup link first.
        const create = /\?create=(\S+)/.exec(seen)?.[1];
        resolve({ url: m[1], port: Number(m[1].split(":").pop()), create, proc, stop: () => stopProc(proc) });
      }
    });
    proc.stderr.on("data", (d) => (seen += d));
    proc.on("exit", (code) => reject(new Error(`office exited ${code}: ${seen}`)));
  });
}

export function stopProc(proc, signal = "SIGTERM") {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill(signal);
  });
}

/**
 * `fetch` for an office `serveOffice` started: over HTTPS trusting that office's certificate and
 * checking its SHA-256 before anything (a token) is sent. Answers `{ ok, status, json(), text() }`.
 */
export function officeFetch(url, { method = "GET", headers = {}, body } = {}) {
  const cert = pinned.get(new URL(url).origin);
  if (!cert) return Promise.reject(new Error(`no office started at ${url}`));
  const want = cert.sha256.toUpperCase().match(/../g).join(":");
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        headers,
        ca: cert.pem,
        checkServerIdentity: (_host, peer) =>
          peer.fingerprint256 === want
            ? undefined
            : new Error(`office certificate ${peer.fingerprint256}, pinned ${want}`),
      },
      (res) => {
        const chunks = [];
        res.on("data", (d) => chunks.push(d));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            ok: res.statusCode >= 200 && res.statusCode < 300,
            status: res.statusCode,
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    req.setTimeout(15000, () => req.destroy(new Error(`${method} ${url}: timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

export async function api(url, token, method, p, body) {
  const r = await officeFetch(`${url}/api/v1${p}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** Registers an official and returns a one-time enrollment code for them. */
export async function codeFor(office, token, person, role) {
  await api(office.url, token, "POST", "/people", { id: person, name: person, role });
  return (await api(office.url, token, "POST", "/enrollment-codes", { person })).code;
}

/**
 * Debian's Chromium as its headless shell (the package `chromium-headless-shell`: the same
 * Blink and V8 as `chromium`, without the windowed browser around them — as Playwright runs a
 * headless Chromium by default), never a downloaded browser.
 */
const chromiumBin = "/usr/bin/chromium-headless-shell";

/**
 * Debian's Chromium via playwright-core (`chromiumBin`), trusting the office's
 * self-signed certificate by its public key — as an organiser's browser does once told to —
 * and no other certificate error.
 */
export async function chromium(office) {
  const require = createRequire(path.join(root, "ui/package.json"));
  const { chromium } = require("playwright-core");
  // Playwright gives it a new profile folder of its own (removed when it closes); a home of its
  // own holds what Chromium keeps beside a profile (its NSS database, caches).
  const browser = await chromium.launch({
    executablePath: chromiumBin,
    env: { ...process.env, ...ownHome() },
    args: [
      // A Chinese official's browser (the pages greet a browser in its own language); a walk
      // that is someone else's says so with its page's or context's `locale`.
      "--accept-lang=zh-CN",
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--ignore-certificate-errors-spki-list=${office.cert.spki}`,
    ],
  });
  watchCsp(browser);
  return browser;
}

/**
 * A phone's browser with a profile of its own in `dir` (launchPersistentContext): closed and
 * launched again on the same folder, it keeps its storage — its token, its outbox, its service
 * worker and what that keeps — as a phone's browser does across a restart. Debian's Chromium,
 * trusting the office's certificate as `chromium` does; `options` go to the context (viewport,
 * offline, …).
 */
export async function chromiumProfile(office, dir, options = {}) {
  const require = createRequire(path.join(root, "ui/package.json"));
  const { chromium } = require("playwright-core");
  return chromium.launchPersistentContext(dir, {
    executablePath: chromiumBin,
    headless: true,
    args: [
      "--accept-lang=zh-CN",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--ignore-certificate-errors-spki-list=${office.cert.spki}`,
    ],
    ...options,
  });
}

/**
 * Collects every Content-Security-Policy violation a page of `browser` reports (the page's own
 * `securitypolicyviolation` event, and Chromium's console line) in `browser.cspViolations`. Each
 * suite's clean-up ends with `assertNoCspViolations`: the office's pages must run under its
 * policy with none (docs/security.md).
 */
function watchCsp(browser) {
  const violations = [];
  browser.cspViolations = violations;
  const watch = async (page) => {
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        console.error(
          `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
        );
      });
    });
    page.on("console", (m) => {
      const text = m.text();
      if (text.startsWith("CSP violation:") || text.includes("Content Security Policy"))
        violations.push(`${page.url()}: ${text}`);
    });
    return page;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => watch(await newPage(options));
  // A context of its own (a phone with its own storage): its pages are watched alike.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const contextPage = context.newPage.bind(context);
    context.newPage = async () => watch(await contextPage());
    return context;
  };
}

/**
 * What axe-core (the npm package, in ui/node_modules) finds wrong with the page as it stands, of
 * every impact: `[{id, impact, nodes: [html…]}]`. Evaluated through the browser's debugging
 * protocol, which the pages' CSP does not apply to, so the check itself breaks no rule.
 */
export async function axeViolations(page) {
  axeSource ??= readFileSync(path.join(root, "ui/node_modules/axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  return page.evaluate(() =>
    globalThis.axe
      .run(document, { resultTypes: ["violations"] })
      .then((r) =>
        r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html.slice(0, 120)) })),
      ),
  );
}
let axeSource;

/** Fails (after the suite has stopped its browser and office) if any page broke the policy. */
export function assertNoCspViolations(browser) {
  const seen = browser?.cspViolations ?? [];
  if (seen.length) throw new Error(`the pages reported ${seen.length} CSP violation(s):\n${seen.join("\n")}`);
}

/** Opens the folding section `testid` on a playwright page unless it is open already (a click on
 * its summary would fold it again). */
export async function unfold(page, testid) {
  const sel = `[data-testid=${testid}]`;
  await page.waitForSelector(sel);
  if (!(await page.$eval(sel, (d) => d.open))) await page.click(`${sel} > summary`);
  await page.waitForSelector(`${sel}[open]`);
}

export function saveShot(dir, name, png) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), png);
}

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** A minimal W3C WebDriver client, enough for tauri-driver. */
export class WebDriver {
  constructor(base, session) {
    this.base = base;
    this.session = session;
  }

  /** A session on the app: refused after a minute unanswered (the app never came up), not at
   * the test's own time-out, so that what ran then can still be seen (`startApp`). */
  static async start(base, application) {
    const r = await WebDriver.raw(
      base,
      "POST",
      "/session",
      { capabilities: { alwaysMatch: { browserName: "wry", "tauri:options": { application } } } },
      AbortSignal.timeout(60000),
    );
    return new WebDriver(base, r.sessionId);
  }

  static async raw(base, method, p, body, signal) {
    const r = await fetch(`${base}${p}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const json = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(`WebDriver ${method} ${p}: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.value;
  }

  cmd(method, p, body) {
    return WebDriver.raw(this.base, method, `/session/${this.session}${p}`, body);
  }

  async find(css, timeout = 20000) {
    const el = await until(
      `element ${css}`,
      async () => (await this.cmd("POST", "/element", { using: "css selector", value: css }))[ELEMENT],
      { timeout },
    );
    return el;
  }

  /** Runs `f` on the element `css`; if the screen redrew it between finding and using it (a
   * sync arrived), finds it again (bounded) instead of failing on the stale node. */
  async on(css, f) {
    for (let attempt = 1; ; attempt++) {
      const el = await this.find(css);
      try {
        return await f(el);
      } catch (e) {
        if (attempt >= 5 || !String(e.message).includes("stale element reference")) throw e;
      }
    }
  }

  click(css) {
    return this.on(css, (el) => this.cmd("POST", `/element/${el}/click`, {}));
  }

  type(css, text) {
    return this.on(css, async (el) => {
      await this.cmd("POST", `/element/${el}/clear`, {});
      await this.cmd("POST", `/element/${el}/value`, { text });
    });
  }

  text(css) {
    return this.on(css, (el) => this.cmd("GET", `/element/${el}/text`));
  }

  /** Waits until the element's text satisfies `pred`. */
  async waitText(css, pred, what, timeout = 20000) {
    return until(
      what ?? `${css} text`,
      async () => {
        const t = await this.text(css);
        return pred(t) ? t : false;
      },
      { timeout },
    );
  }

  /** A screenshot of the screen as drawn: waits for two animation frames, and retries while the
   * picture is still blank (an undrawn WebKitGTK view is one flat colour, a few kB as PNG). */
  async screenshot(dir, name) {
    const script =
      "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => " +
      "done(true)));";
    const png = await until(
      `a drawn screen for ${name}`,
      async () => {
        await this.cmd("POST", "/execute/async", { script, args: [] });
        const bytes = Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
        return bytes.length > 8000 ? bytes : false;
      },
      { timeout: 10000 },
    );
    saveShot(dir, name, png);
  }

  quit() {
    return this.cmd("DELETE", "");
  }
}

/** Taps `selector` as a person does: scrolled to the middle of the screen first, where the
 * sticky banner (tall on a phone while it says the office cannot be reached) does not cover it. */
export async function tap(page, selector) {
  await page.$eval(selector, (el) => el.scrollIntoView({ block: "center" }));
  await page.click(selector);
}

/** Every process below `root` (children, their children…), read from /proc. */
export function descendants(root) {
  const parent = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent's id is the 2nd field after the command name in parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const below = [];
  let frontier = [root];
  while (frontier.length) {
    frontier = [...parent].filter(([, pp]) => frontier.includes(pp)).map(([pid]) => pid);
    below.push(...frontier);
  }
  return below;
}

/** Whether process `pid` has ended (gone, or a zombie its parent has not reaped). */
export function gone(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

/** The executable a process runs, or null. */
export function exeOf(pid) {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

/**
 * Closes an app a WebDriver session `wd` (none: its start failed) of `driver` (tauri-driver)
 * started: the session ends,
 * the driver stops, and the app with WebKit's processes under it is gone before this returns —
 * the next start must not meet them (the store's lock; and a second instance of the app would
 * hand itself over to one left running and exit, leaving its session unanswered).
 */
export async function closeApp(wd, driver) {
  const below = descendants(driver.pid);
  await wd?.quit().catch(() => {});
  await stopProc(driver);
  // Most end within a second; one left running after 5 s (a helper of WebKit's, once; the app
  // itself under load, once) is killed, and the next start waits until it is gone.
  const ended = await until("the app and its WebKit processes gone", () => below.every(gone), {
    every: 50,
    timeout: 5000,
  }).catch(() => false);
  if (!ended) {
    for (const pid of below.filter((p) => !gone(p))) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone meanwhile */
      }
    }
    await until("the processes left over gone after SIGKILL", () => below.every(gone), { every: 50 });
  }
}

/**
 * The referee app started with `env` under tauri-driver, and a WebDriver session on it: `{driver,
 * url, wd}`. If no session can be had, what was started is closed before the error is thrown (a
 * driver left running would keep the test file from ending).
 */
export async function startApp(env) {
  const { driver, url } = await startTauriDriver(env);
  try {
    return { driver, url, wd: await WebDriver.start(url, appBin) };
  } catch (e) {
    // What ran under the driver then, and every other instance of the app on the machine.
    const app = realpathSync(appBin);
    const apps = readdirSync("/proc").filter((p) => /^\d+$/.test(p) && exeOf(p) === app);
    const seen = [...new Set([...descendants(driver.pid).map(String), ...apps])].map((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return `${pid} ${stat.slice(stat.indexOf("("), stat.lastIndexOf(")") + 3)}`;
      } catch {
        return `${pid} (gone)`;
      }
    });
    await closeApp(null, driver);
    throw new Error(`${e.message}; processes: ${seen.join(", ")}`);
  }
}

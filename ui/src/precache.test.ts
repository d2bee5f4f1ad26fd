// The service worker's list of the build's files (precache.ts): every file the build wrote,
// none other, and a version that changes with any file's bytes — checked on the real dist/ when
// and on scratch builds.
// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listBuild, writeWorker } from "../precache";

const worker = readFileSync(path.join(__dirname, "../public/sw.js"), "utf8");
let dir = "";

/** A scratch build: the files given, and the real public/sw.js. */
function scratch(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), "precache-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  writeFileSync(path.join(dir, "sw.js"), worker);
  return dir;
}

/** The list the worker carries, read back as the worker reads it. */
function carried(d: string): { version: string; files: string[] } {
  const line = /^const BUILD = (.*); \/\/ precache$/m.exec(readFileSync(path.join(d, "sw.js"), "utf8"));
  expect(line).not.toBeNull();
  return JSON.parse(line![1]);
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("precache", () => {
  it("lists every file of the build as a path from the root, not the worker itself", () => {
    const d = scratch({
      "index.html": '<script src="./assets/index-A1.js">',
      "assets/index-A1.js": "x",
      "assets/index-B2.css": "y",
      "clips/zh/c1.wav": "w",
      "icon.svg": "<svg/>",
    });
    writeWorker(d, listBuild(d));
    expect(carried(d).files).toEqual([
      "/assets/index-A1.js",
      "/assets/index-B2.css",
      "/clips/zh/c1.wav",
      "/icon.svg",
      "/index.html",
    ]);
    expect(carried(d).version).toMatch(/^[0-9a-f]{16}$/);
  });

  it("gives a new version when a file's bytes change, the same one when nothing does", () => {
    const a = listBuild(scratch({ "index.html": "a", "assets/x.js": "1" }));
    rmSync(dir, { recursive: true });
    const same = listBuild(scratch({ "index.html": "a", "assets/x.js": "1" }));
    rmSync(dir, { recursive: true });
    const changed = listBuild(scratch({ "index.html": "a", "assets/x.js": "2" }));
    expect(same.version).toBe(a.version);
    expect(changed.version).not.toBe(a.version);
  });

  it("refuses a worker without the line to fill", () => {
    const d = scratch({ "index.html": "a" });
    writeFileSync(path.join(d, "sw.js"), "self.addEventListener('fetch', () => {});");
    expect(() => writeWorker(d, listBuild(d))).toThrow(/no `const BUILD = …; \/\/ precache` line/);
  });

  it("the built dist/sw.js lists exactly the files in dist/", () => {
    const dist = path.join(__dirname, "../dist");
    // scripts/setup builds the UI before the tests run.
    const built = carried(dist);
    expect(built).toEqual(listBuild(dist));
    expect(built.files).toContain("/index.html");
    const page = readFileSync(path.join(dist, "index.html"), "utf8");
    for (const [, asset] of page.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)) expect(built.files).toContain(asset);
  });
});

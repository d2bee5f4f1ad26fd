// The service worker's list of the build's files (ARCHITECTURE.md, `ui`): after Vite has
// written dist/, every file it holds is listed into dist/sw.js with a version digested from
// their names and bytes. A new build is a new sw.js byte for byte, so the browser installs it,
// and it keeps exactly that build's files in a cache of that version, dropping the old whole.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The line in public/sw.js the build replaces: `const BUILD = {...}; // precache`. */
const MARK = /^const BUILD = .*; \/\/ precache$/m;

/** What a build keeps: its version and its files, as paths from the site's root. */
export interface Precache {
  version: string;
  files: string[];
}

/** Every file under `dir` except the service worker itself, sorted, as `/a/b` paths. */
export function listBuild(dir: string): Precache {
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (p !== "sw.js") files.push(p);
    }
  };
  walk("");
  files.sort();
  const digest = createHash("sha256");
  for (const f of files) digest.update(f).update("\0").update(readFileSync(path.join(dir, f))).update("\0");
  return { version: digest.digest("hex").slice(0, 16), files: files.map((f) => `/${f}`) };
}

/** Writes `list` into `dir`/sw.js in place of its marked line; a worker without the mark is an
 * error (a build whose worker keeps nothing would pass unseen). */
export function writeWorker(dir: string, list: Precache): void {
  const file = path.join(dir, "sw.js");
  const text = readFileSync(file, "utf8");
  if (!MARK.test(text)) throw new Error(`${file}: no \`const BUILD = …; // precache\` line to fill`);
  writeFileSync(file, text.replace(MARK, () => `const BUILD = ${JSON.stringify(list)}; // precache`));
}

/** The Vite plugin: after the build is written, its list goes into its service worker. */
export function precache(): Plugin {
  let outDir = "dist";
  return {
    name: "arbiter-precache",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeWorker(outDir, listBuild(outDir));
    },
  };
}

// The office pages' service worker: keeps exactly the files of the build it came with (the
// page, its scripts and styles, the manifest, the icon, the reader's clips), so a phone opens
// the pages without the office from its first visit on. The build writes the list and its
// version into the line below (ui/precache.ts); a new build is a new worker, which keeps its
// own files in a cache of its own version and drops the old cache whole when it takes over.
// The API is never cached here (its answers carry personal data and codes, and `no-store`);
// what the phone records while offline waits in the page's own queue (IndexedDB), not here.
const BUILD = {"version":"dev","files":[]}; // precache
const PREFIX = "arbiter-shell-";
const SHELL = PREFIX + BUILD.version;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    // From the network, past the HTTP cache: the files of this build, not of an older one.
    await cache.addAll(BUILD.files.map((f) => new Request(f, { cache: "reload" })));
    const page = await fetch(new Request("/", { cache: "reload" }));
    if (!page.ok) throw new Error(`the page answered ${page.status}`);
    await cache.put("/", page);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  // A page load (any path, any query: sign-in links, the hall, print): the network first, so a
  // new build is seen at once; this build's page when the office cannot be reached. The fresh
  // page is not put in this cache: a newer build's page belongs with its own files.
  if (event.request.mode === "navigate") {
    event.respondWith((async () => {
      try {
        return await fetch(event.request);
      } catch {
        return (await (await caches.open(SHELL)).match("/")) ?? Response.error();
      }
    })());
    return;
  }
  // A file of this build: the kept copy; anything else from the network.
  event.respondWith((async () => (await (await caches.open(SHELL)).match(url.pathname)) ?? fetch(event.request))());
});

// The office pages' service worker: keeps the app shell (the page, its scripts and styles, the
// manifest and icon) so a phone that drops off the hall's Wi-Fi still opens the pages. The API
// is never cached here (its answers carry personal data and codes, and `no-store`); what the
// phone records while offline waits in the page's own queue (IndexedDB), not here.
const SHELL = "arbiter-shell-v1";

/** The shell's files: the page, and the hashed assets it names. */
async function shellFiles() {
  const page = await fetch("/", { cache: "no-store" });
  const html = await page.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  return { page, files: ["/manifest.webmanifest", "/icon.svg", ...assets] };
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    const { page, files } = await shellFiles();
    await cache.put("/", page);
    await cache.addAll(files);
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
  // new build is seen at once; the kept page when the office cannot be reached.
  if (event.request.mode === "navigate") {
    event.respondWith((async () => {
      try {
        const fresh = await fetch(event.request);
        if (fresh.ok && url.pathname === "/") (await caches.open(SHELL)).put("/", fresh.clone());
        return fresh;
      } catch {
        return (await caches.match("/")) ?? Response.error();
      }
    })());
    return;
  }
  // The hashed assets never change under their name: the kept copy, else the network (kept).
  event.respondWith((async () => {
    const kept = await caches.match(event.request);
    if (kept) return kept;
    const fresh = await fetch(event.request);
    if (fresh.ok && url.pathname.startsWith("/assets/")) (await caches.open(SHELL)).put(event.request, fresh.clone());
    return fresh;
  })());
});

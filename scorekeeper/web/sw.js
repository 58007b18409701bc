// Scorekeeper's service worker (written by `scorekeeper build-web`): every file of the site is cached on
// the first visit and served from the cache ever after, so the app opens with no network (airplane mode).
// A new build has a new VERSION: its files are cached beside the old ones, then the old cache is dropped.
"use strict";
const VERSION = "__VERSION__";
const CACHE = "scorekeeper-" + VERSION;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One file at a time: a phone on a weak network finishes what it started.
    for (const file of FILES) {
      const request = new Request(file, { cache: "reload" });
      const response = await fetch(request);
      if (!response.ok) throw new Error("Scorekeeper: " + file + " answered " + response.status);
      await cache.put(new URL(file, self.registration.scope).href, response);
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("scorekeeper-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.href.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let key = url.origin + url.pathname;
    if (request.mode === "navigate") key = self.registration.scope;  // any address of the app: its page
    const kept = await cache.match(key);
    if (kept) return kept;
    try {
      return await fetch(request);
    } catch (error) {
      const page = await cache.match(self.registration.scope);
      if (page && request.mode === "navigate") return page;
      throw error;
    }
  })());
});

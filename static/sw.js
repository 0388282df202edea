// The playground's service worker: after one visit it serves the whole
// playground from the Cache API, so it loads and runs with no network.
//
// This file is a template: scripts/offline (run by scripts/build-web.sh)
// replaces the marker below with the build's version and the list of
// precached files, with their sizes and SHA-256 hashes.
//
// Versions never mix (app.wasm and engine.wasm speak one protocol): each
// version has its own caches, named after it, and a page is served from one
// version only. A new version installs beside the old one and then waits;
// the page (sw-register.js) offers "Reload", which tells the waiting worker
// to take over; activating deletes the old version's caches, and every open
// page reloads onto the new one.
"use strict";

const BUILD = __FLINKPLAY_BUILD__;

// The scope's path (e.g. "/"), in the cache names so that two playgrounds
// under different paths of one origin keep their own caches.
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = "flinkplay:" + SCOPE + ":";
const FILES_CACHE = PREFIX + BUILD.version;
// Zone files (zoneinfo/Area/City): engine.wasm fetches one when a session
// first uses a zone; they are cached as they pass, per version. The faker
// connector's data families (faker/<family>.json) are precached with the
// build, so that any family runs offline; one the build lacks passes
// through here (a 404, which the engine reports as an unknown family).
// python.wasm (the engine with the Python interpreter) and
// editor-python.js (the editor's Python) are fetched with the first Python
// program and cached here then, so that Python works offline
// from then on while the SQL playground never downloads it.
const ZONES_CACHE = FILES_CACHE + ":zoneinfo";
const PRECACHED = new Set(BUILD.files.map((f) => f.path));
// How many downloads the install runs at once.
const PARALLEL = 4;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== FILES_CACHE && name !== ZONES_CACHE) {
        await caches.delete(name);
      }
    }
    // The first visit's page is served by the network with this very
    // version, so this worker may take it over at once: the zone its engine
    // fetches is then cached too. On an update the page reloads anyway.
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") {
    self.skipWaiting();
  } else if (msg.type === "status" && event.ports[0]) {
    event.ports[0].postMessage({
      version: BUILD.version,
      files: BUILD.files.length,
      bytes: BUILD.files.reduce((n, f) => n + f.size, 0),
    });
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  // Anything but a same-origin GET in our scope goes to the network as if
  // this worker did not exist.
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  let rel;
  try {
    rel = decodeURIComponent(url.pathname.slice(SCOPE.length));
  } catch (e) {
    return; // a malformed path: the server answers it
  }
  if (rel === "" && req.mode === "navigate") rel = "index.html";
  if (PRECACHED.has(rel)) {
    event.respondWith(fromCache(FILES_CACHE, rel, req));
  } else if (rel.startsWith("zoneinfo/") || rel.startsWith("faker/") || rel === "python.wasm" || rel === "editor-python.js") {
    event.respondWith(zone(rel, req));
  }
});

// precache downloads every file of the build into this version's cache, and
// the browser's own zone. One file that fails or does not match its hash
// fails the install: the old version stays, and the browser retries on a
// later visit.
async function precache() {
  const cache = await caches.open(FILES_CACHE);
  const queue = BUILD.files.slice();
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      // "no-cache" revalidates with the server, so an HTTP-cached copy of
      // an older version is never taken; an unchanged one costs a 304.
      const res = await fetch(new Request(f.path, { cache: "no-cache" }));
      if (!res.ok) {
        throw new Error("flinkplay sw: " + f.path + ": HTTP " + res.status);
      }
      const body = await res.arrayBuffer();
      const sum = await sha256(body);
      if (sum !== f.sha256) {
        throw new Error("flinkplay sw: " + f.path + " is not the file of version " +
          BUILD.version + " (the server changed during the install)");
      }
      await cache.put(f.path, stored(res, body));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (tz && tz !== "UTC") {
    try {
      await zone("zoneinfo/" + tz, null);
    } catch (e) {
      // The engine fetches it again when it starts.
    }
  }
}

// stored is the copy of a fetched response that goes into a cache: the
// decoded body with its type, without the Content-Encoding and
// Content-Length of the server's precompressed .br/.gz copy, which no
// longer describe the body.
function stored(res, body) {
  const headers = new Headers();
  headers.set("Content-Type", res.headers.get("Content-Type") || "application/octet-stream");
  headers.set("Content-Length", String(body.byteLength));
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(body, { status: 200, statusText: "OK", headers });
}

async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

// fromCache answers from this version's cache; only a cache that went
// missing (cleared by the user) falls back to the network.
async function fromCache(cacheName, rel, req) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(rel);
  return hit || fetch(req);
}

// zone answers a zone file from the cache, or fetches and caches it. A
// missing zone (404) is passed on uncached; a network failure rejects,
// which the engine reports as an unknown zone without remembering it.
async function zone(rel, req) {
  const cache = await caches.open(ZONES_CACHE);
  const hit = await cache.match(rel);
  if (hit) return hit;
  const res = await fetch(req || new Request(rel, { cache: "no-cache" }));
  if (res.ok) {
    const body = await res.arrayBuffer();
    const copy = stored(res, body);
    await cache.put(rel, copy.clone());
    return copy;
  }
  return res;
}

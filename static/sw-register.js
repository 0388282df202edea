// Registers the playground's service worker (sw.js), which makes the page
// work offline after one visit, and says when a new version is ready.
//
// A new version installs in the background and waits; this script then
// shows "A new version is ready — Reload". Reload tells the waiting worker
// to take over (skipWaiting); when it does, every open page of the
// playground reloads, so no page ever runs files of two versions. The
// script and the session's DDL are kept across the reload (localStorage).
//
// Service workers exist only in secure contexts: https, and http on
// localhost or 127.0.0.1. Elsewhere (http on a LAN address) the playground
// works online as usual and only the console says why it is not offline.
//
// window.flinkplayOffline tells tests and curious people what happened.
(() => {
  "use strict";
  const state = (window.flinkplayOffline = {
    supported: "serviceWorker" in navigator,
    registered: false,
    updateReady: false,
    readyAt: 0, // performance.now() when the worker had cached this version
    error: "",
  });
  if (!state.supported) {
    console.info("flinkplay: offline use is off: service workers need a secure context " +
      "(https, or http on localhost or 127.0.0.1); the playground works online as usual.");
    return;
  }
  const sw = navigator.serviceWorker;
  // A page that started under a worker reloads when another one takes over
  // (an update accepted here or in another tab); the first visit's page,
  // which starts with none, only becomes controlled. A page that a new
  // worker already serves can still see a controllerchange (its claim() at
  // activation) for the worker it has: that is no reason to reload again.
  const initial = sw.controller;
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    if (initial && sw.controller !== initial && !reloading) {
      reloading = true;
      location.reload();
    }
  });

  // notify shows the update notice; its button hands over to worker.
  function notify(worker) {
    state.updateReady = true;
    if (document.getElementById("sw-update")) return;
    const bar = document.createElement("div");
    bar.id = "sw-update";
    bar.setAttribute("role", "status");
    bar.style.cssText = "position:fixed;right:16px;bottom:16px;z-index:1000;display:flex;" +
      "gap:10px;align-items:center;padding:8px 12px;border-radius:6px;background:#1d2330;" +
      "color:#fff;font:13px/1.4 system-ui,sans-serif;box-shadow:0 2px 10px rgba(0,0,0,.3)";
    bar.textContent = "A new version is ready — ";
    const button = document.createElement("button");
    button.id = "sw-reload";
    button.type = "button";
    button.textContent = "Reload";
    button.style.cssText = "font:inherit;padding:2px 10px;border:0;border-radius:4px;" +
      "background:#e6526f;color:#fff;cursor:pointer";
    button.addEventListener("click", () => {
      button.disabled = true;
      worker.postMessage({ type: "skip-waiting" });
    });
    bar.append(button);
    document.body.append(bar);
  }

  // watch shows the notice once worker has installed beside an active one.
  function watch(worker) {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && sw.controller) notify(worker);
    };
    worker.addEventListener("statechange", check);
    check();
  }

  async function register() {
    try {
      const reg = await sw.register("sw.js");
      state.registered = true;
      watch(reg.waiting);
      reg.addEventListener("updatefound", () => watch(reg.installing));
      await sw.ready;
      state.readyAt = performance.now();
    } catch (e) {
      state.error = String(e);
      console.info("flinkplay: offline use is off: the service worker did not register:", e);
    }
  }
  // Well after the page's own loads: the install downloads and hashes every
  // file again, and on a small machine it would delay the engine's start
  // and the first rows (measured: +0.3 s on 2 cores when it began at load).
  const later = () => setTimeout(() => {
    if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 2000 });
    else register();
  }, 3000);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
})();

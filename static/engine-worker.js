// The Flink SQL engine in a Web Worker: loads engine.wasm (wasm/engine) and
// lets it serve the page's requests (wasm/engine/protocol) over postMessage,
// as JSON strings. Requests that arrive before Go runs are queued in
// self.flinkplayPending; the Go side takes them over with self.onmessage and
// first posts {"type":"ready",...}.
"use strict";

// flinkplayBoot times the engine's start (epoch ms); the "ready" message
// carries it, and make bench-browser reports it.
const bootNow = () => performance.timeOrigin + performance.now();
self.flinkplayBoot = { script: bootNow() };

// engine-worker.js?wasm=python runs python.wasm: the engine with the
// Python interpreter, which the page starts for the first Python program.
const WASM = new URLSearchParams(self.location.search).get("wasm") === "python" ? "python.wasm" : "engine.wasm";

// The wasm is asked for first, so that it downloads while wasm_exec.js
// loads (importScripts blocks this thread).
const engineResponse = self.fetch ? fetch(WASM).then((r) => { self.flinkplayBoot.fetched = bootNow(); return r; }) : null;
if (engineResponse) {
  engineResponse.catch(() => {}); // instantiate reports it
}

importScripts("wasm_exec.js");

self.flinkplayPending = [];
self.onmessage = (event) => {
  if (self.flinkplayPending) {
    self.flinkplayPending.push(event.data);
  }
};

// engine-worker.js?shared=1 is a SharedWorker: the embeds of one page (and
// the <flink-sql-playground> elements, which embed them) share one engine,
// each connection with a session of its own. Connections that come before
// Go runs wait in flinkplayPorts, with the requests they sent; wasm/engine
// takes them over through flinkplayConnect.
self.flinkplayShared = new URLSearchParams(self.location.search).get("shared") === "1";
if (self.flinkplayShared) {
  self.flinkplayPorts = [];
  self.onconnect = (event) => {
    const port = event.ports[0];
    if (self.flinkplayConnect) {
      self.flinkplayConnect(port, []);
      return;
    }
    const pending = [];
    port.onmessage = (e) => pending.push(e.data);
    self.flinkplayPorts.push({ port, pending });
  };
}

// flinkplayStorage is the engine's persistent storage: one IndexedDB
// database with an object store per bucket ("catalog": the playground
// catalogs' definitions, "files": the virtual file system), one record per
// entry, values as Uint8Array. The Go side (wasm/engine/idb.go) awaits
// these promises on its own goroutines. Errors reject with the DOMException
// name first ("QuotaExceededError: ..."), so Go can tell a full storage.
// engine-worker.js?storage=none (the embed page) has none: its examples
// neither see nor change what the playground keeps.
self.flinkplayStorage = new URLSearchParams(self.location.search).get("storage") === "none" ? null : (() => {
  const buckets = ["catalog", "files"];
  let opening = null;
  function open() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        if (!self.indexedDB) {
          reject(new Error("NotSupportedError: IndexedDB is not available"));
          return;
        }
        const req = self.indexedDB.open("flinkplay", 1);
        req.onupgradeneeded = () => {
          for (const b of buckets) {
            if (!req.result.objectStoreNames.contains(b)) {
              req.result.createObjectStore(b);
            }
          }
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(named(req.error));
        req.onblocked = () => reject(new Error("BlockedError: another tab holds an old version of the storage"));
      });
    }
    return opening;
  }
  function named(err) {
    if (!err) {
      return new Error("UnknownError");
    }
    return new Error((err.name || "Error") + ": " + (err.message || String(err)));
  }
  function tx(bucket, mode, work) {
    return open().then((db) => new Promise((resolve, reject) => {
      let t;
      try {
        t = db.transaction(bucket, mode);
      } catch (err) {
        reject(named(err));
        return;
      }
      const out = work(t.objectStore(bucket));
      t.oncomplete = () => resolve(out.value);
      t.onabort = () => reject(named(t.error));
      t.onerror = () => reject(named(t.error));
    }));
  }
  return {
    // all resolves to [keys, values] of a bucket.
    all(bucket) {
      return tx(bucket, "readonly", (store) => {
        const out = { value: null };
        const keys = store.getAllKeys();
        const values = store.getAll();
        values.onsuccess = () => { out.value = [keys.result, values.result]; };
        return out;
      });
    },
    put(bucket, key, value) {
      return tx(bucket, "readwrite", (store) => { store.put(value, key); return { value: null }; });
    },
    delete(bucket, key) {
      return tx(bucket, "readwrite", (store) => { store.delete(key); return { value: null }; });
    },
    // quota resolves to the bytes this origin may still use, or -1.
    quota() {
      if (self.navigator && navigator.storage && navigator.storage.estimate) {
        return navigator.storage.estimate().then((e) => (e.quota || 0) - (e.usage || 0), () => -1);
      }
      return Promise.resolve(-1);
    },
  };
})();

// die makes the page see the worker fail (its "error" event), so that it
// restarts the engine; the Go program cannot recover once it has exited.
function die(message) {
  setTimeout(() => {
    throw new Error("flinkplay engine: " + message);
  });
}

async function instantiate(go) {
  const url = WASM;
  if (WebAssembly.instantiateStreaming && engineResponse) {
    try {
      return await WebAssembly.instantiateStreaming(engineResponse, go.importObject);
    } catch (err) {
      // A server without the application/wasm type: fall back below.
      console.warn("engine.wasm: instantiateStreaming failed, retrying:", err);
    }
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error("fetching " + url + ": HTTP " + response.status);
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
}

(async () => {
  const go = new Go();
  let result;
  try {
    const instantiating = instantiate(go);
    // The browser's time zone (the default of 'table.local-time-zone'):
    // Intl's first use is slow, and this thread is idle while engine.wasm
    // compiles, whereas Go would ask it on the way to the first request.
    try {
      self.flinkplayZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch (err) {
      // wasm/engine asks Intl itself.
    }
    result = await instantiating;
    self.flinkplayBoot.compiled = bootNow();
  } catch (err) {
    die("could not load " + WASM + ": " + err);
    return;
  }
  // Each progress message the engine posts gets the size of its memory
  // ("memory", protocol.Message.Memory; a long query's stays flat), added
  // here: reading it from Go would cost engine.wasm 14 KB of brotli. Go
  // writes the type first and leaves "memory" out (it is 0 there). A
  // SharedWorker (the embeds) has no postMessage of its own, only ports:
  // its progress goes without.
  if (typeof self.postMessage === "function") {
    const memory = result.instance.exports.mem;
    const post = self.postMessage.bind(self);
    self.postMessage = (message, ...rest) => {
      if (typeof message === "string" && message.startsWith('{"type":"progress"') && message.endsWith("}")) {
        message = message.slice(0, -1) + ',"memory":' + memory.buffer.byteLength + "}";
      }
      post(message, ...rest);
    };
  }
  try {
    await go.run(result.instance);
    die("the engine exited");
  } catch (err) {
    die("the engine crashed: " + err);
  }
})();

// The Flink SQL engine in a Web Worker: loads engine.wasm (wasm/engine) and
// lets it serve the page's requests (wasm/engine/protocol) over postMessage,
// as JSON strings. Requests that arrive before Go runs are queued in
// self.flinkplayPending; the Go side takes them over with self.onmessage and
// first posts {"type":"ready",...}.
"use strict";

importScripts("wasm_exec.js");

self.flinkplayPending = [];
self.onmessage = (event) => {
  if (self.flinkplayPending) {
    self.flinkplayPending.push(event.data);
  }
};

// die makes the page see the worker fail (its "error" event), so that it
// restarts the engine; the Go program cannot recover once it has exited.
function die(message) {
  setTimeout(() => {
    throw new Error("flinkplay engine: " + message);
  });
}

async function instantiate(go) {
  const url = "engine.wasm";
  if (WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
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
    result = await instantiate(go);
  } catch (err) {
    die("could not load engine.wasm: " + err);
    return;
  }
  try {
    await go.run(result.instance);
    die("the engine exited");
  } catch (err) {
    die("the engine crashed: " + err);
  }
})();

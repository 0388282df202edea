// node_harness.js runs engine.wasm in Node as if in a Web Worker: it fakes
// the worker's global scope (self, onmessage, postMessage), plays one
// scenario of requests, and prints every message the engine posts as a line
// "MSG <json>", plus "CANCEL_MS <n>" for how long a cancel took.
//
// Scenarios: seed (the seed example with a row count, sent before Go
// runs), cancel (the unbounded seed example, cancelled at its first rows),
// throttled (1000 rows per second, cancelled after a few progress reports).
//
// usage: node node_harness.js <wasm_exec.js> <engine.wasm> <seed|cancel|throttled>
"use strict";

const [wasmExec, wasmFile, scenario] = process.argv.slice(2);
if (!scenario) {
  console.error("usage: node node_harness.js <wasm_exec.js> <engine.wasm> <seed|cancel|throttled>");
  process.exit(2);
}

globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
globalThis.self = globalThis;
require(wasmExec);

// out writes synchronously: process.exit drops console.log's pending
// writes to a pipe, and messages can be large.
function out(line) {
  const buf = Buffer.from(line + "\n");
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (err) {
      if (err.code !== "EAGAIN") throw err;
    }
  }
}

const seedScript =
  "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '5');\n" +
  "SELECT * FROM MySource;\n";
const endlessScript =
  "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');\n" +
  "SELECT * FROM MySource;\n";

// Requests travel as a browser's do: as message events of a channel, a
// task of their own between the engine's turns.
const channel = new MessageChannel();
channel.port2.onmessage = (event) => self.onmessage({ data: event.data });
function send(req) {
  channel.port1.postMessage(JSON.stringify(req));
}

const throttledScript =
  "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '1000');\n" +
  "SELECT * FROM MySource;\n";

let runDone = false;
let catalogAfter = false;
let specsSeen = false;
let cancelSent = 0;
let progressSeen = 0;
globalThis.postMessage = (data) => {
  if (typeof data !== "string") {
    out("BAD non-string message " + typeof data);
    process.exit(1);
  }
  out("MSG " + data);
  const m = JSON.parse(data);
  if (scenario === "cancel" || scenario === "throttled") {
    const script = scenario === "cancel" ? endlessScript : throttledScript;
    const due = scenario === "cancel" ? m.type === "rows" : m.type === "progress" && ++progressSeen === 5;
    if (m.type === "ready") {
      send({ type: "execute", id: 2, script: script, start: 0, end: script.length });
    } else if (due && !cancelSent) {
      cancelSent = performance.now();
      send({ type: "cancel", id: 2 });
    } else if (m.type === "done") {
      out("CANCEL_MS " + Math.round(performance.now() - cancelSent));
    }
  }
  if (m.type === "runDone") {
    runDone = true;
  } else if (m.type === "specs") {
    specsSeen = true;
  } else if (m.type === "catalogIs" && runDone) {
    catalogAfter = true;
  }
  // The catalog after the run is the last message of a run; the specs may
  // come after it (seed: the warm-up gave way to the waiting request).
  if (runDone && catalogAfter && specsSeen) {
    process.exit(0);
  }
};

if (scenario === "seed") {
  // A request sent before Go runs waits in the queue engine-worker.js keeps.
  self.flinkplayPending = [
    JSON.stringify({ type: "execute", id: 1, script: seedScript, start: 0, end: seedScript.length, config: { zone: "UTC" } }),
  ];
}

setTimeout(() => {
  out("TIMEOUT");
  process.exit(3);
}, 60000);

const go = new Go();
WebAssembly.instantiate(fs.readFileSync(wasmFile), go.importObject)
  .then((result) => go.run(result.instance))
  .then(() => {
    out("EXITED");
    process.exit(4);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });

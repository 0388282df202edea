// The benchmarks' anchor (make bench-anchors): DuckDB-Wasm (pinned in
// package.json), in Node, running the queries of engine/anchor_bench_test.go
// over the same data. It prints one line per run, as go test -bench does:
//   BenchmarkAnchorGroupByBatch <ms> ms <rows/s> rows/s
// Usage: node duckdb.mjs CSVFILE [runs]
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const require = createRequire(import.meta.url);
const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
const dist = path.dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs"));

const csv = process.argv[2];
const runs = Number(process.argv[3] || 3);
const seqRows = 5_000_000; // engine/anchor_bench_test.go's anchorRows
const csvRows = 1_000_000;

const db = await duckdb.createDuckDB({
  mvp: { mainModule: path.join(dist, "duckdb-mvp.wasm"), mainWorker: path.join(dist, "duckdb-node-mvp.worker.cjs") },
  eh: { mainModule: path.join(dist, "duckdb-eh.wasm"), mainWorker: path.join(dist, "duckdb-node-eh.worker.cjs") },
}, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
await db.instantiate(() => {});
const conn = db.connect();
console.log("# DuckDB " + conn.query("SELECT version() AS v").toArray()[0].v + ", @duckdb/duckdb-wasm " +
  JSON.parse(readFileSync(path.join(dist, "..", "package.json"))).version + ", threads " +
  conn.query("SELECT current_setting('threads') AS t").toArray()[0].t);
db.registerFileBuffer("anchor.csv", new Uint8Array(readFileSync(csv)));

const queries = [
  ["BenchmarkAnchorGroupByBatch", seqRows,
    `SELECT range % 1000 AS k, COUNT(*) AS c, SUM(range) AS s, MAX(range) AS m FROM range(${seqRows}) GROUP BY range % 1000`],
  ["BenchmarkAnchorTumble", seqRows,
    `SELECT time_bucket(INTERVAL '1 second', make_timestamp(range * 1000)) AS window_start, COUNT(*) AS c FROM range(${seqRows}) GROUP BY window_start`],
  ["BenchmarkAnchorCSV", csvRows,
    "SELECT name, COUNT(*) AS c, AVG(amount) AS a FROM read_csv('anchor.csv', header = false, columns = {'name': 'VARCHAR', 'amount': 'DOUBLE'}) GROUP BY name"],
];
for (let r = 0; r < runs; r++) {
  for (const [name, rows, sql] of queries) {
    const t0 = performance.now();
    const t = conn.query(sql);
    const ms = performance.now() - t0;
    if (t.numRows === 0) throw new Error(name + ": no rows");
    console.log(`${name} ${ms.toFixed(1)} ms ${(rows / ms * 1000).toFixed(0)} rows/s`);
  }
}

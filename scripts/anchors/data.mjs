// Writes the anchor benchmarks' CSV file (make bench-anchors): 1,000,000
// rows of name,amount with 1,000 names, the same bytes on every run.
// Usage: node data.mjs FILE
import { writeFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node data.mjs FILE");
  process.exit(2);
}
const rows = 1_000_000;
const parts = [];
for (let i = 0; i < rows; i++) {
  const name = "name" + String((i * 7919) % 1000).padStart(3, "0");
  const amount = ((i * 31) % 100000) / 100;
  parts.push(name + "," + amount + "\n");
}
writeFileSync(file, parts.join(""));

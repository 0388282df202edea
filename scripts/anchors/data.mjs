// Writes the anchor benchmarks' data files (make bench-anchors): 1,000,000
// rows of name,amount with 1,000 names, the same bytes on every run, as
// CSV and, when a second file is named, as JSON lines
// ({"name":"name919","amount":0.31}).
// Usage: node data.mjs CSVFILE [JSONFILE]
import { writeFileSync } from "node:fs";

const [file, jsonFile] = process.argv.slice(2);
if (!file) {
  console.error("usage: node data.mjs CSVFILE [JSONFILE]");
  process.exit(2);
}
const rows = 1_000_000;
const csv = [];
const json = [];
for (let i = 0; i < rows; i++) {
  const name = "name" + String((i * 7919) % 1000).padStart(3, "0");
  const amount = ((i * 31) % 100000) / 100;
  csv.push(name + "," + amount + "\n");
  if (jsonFile) json.push(JSON.stringify({ name, amount }) + "\n");
}
writeFileSync(file, csv.join(""));
if (jsonFile) writeFileSync(jsonFile, json.join(""));

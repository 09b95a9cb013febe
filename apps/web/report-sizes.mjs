// Prints the gzip size of the initial JavaScript (what index.html loads) and of each lazy chunk,
// against the budgets of ARCHITECTURE.md section 6 (150 KB initial, 60 KB per route chunk).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "dist");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const files = readdirSync(path.join(dist, "assets")).filter((f) => f.endsWith(".js"));
let initialTotal = 0;
const rows = files.map((f) => {
  const size = gzipSync(readFileSync(path.join(dist, "assets", f))).length;
  const isInitial = initial.has(`assets/${f}`);
  if (isInitial) initialTotal += size;
  return { f, size, isInitial };
});
rows.sort((a, b) => b.size - a.size);
console.log("\nweb: JavaScript size (gzip)");
for (const r of rows) {
  const over = !r.isInitial && r.size > 60 * 1024 ? "  OVER 60 KB BUDGET" : "";
  console.log(`  ${r.isInitial ? "initial" : "chunk  "}  ${kb(r.size).padStart(9)}  ${r.f}${over}`);
}
console.log(
  `  initial total ${kb(initialTotal)} (budget 150 KB)${initialTotal > 150 * 1024 ? "  OVER BUDGET" : ""}\n`,
);

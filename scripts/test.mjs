// `npm test`: lint, type check, unit and API tests (Vitest), then browser tests (Playwright).
// Stops at the first failing step and ends with one summary line: "N passed, N failed".
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "./lib.mjs";

const reports = mkdtempSync(path.join(tmpdir(), "aprendo-test-report-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
// The browser tests' server keeps its database here; removed when the run ends.
const e2eData = mkdtempSync(path.join(tmpdir(), "aprendo-e2e-"));
chmodSync(e2eData, 0o755);

const steps = [
  ["Lint (Biome)", "npx", ["biome", "check", "."]],
  ["Type check", "npm", ["run", "typecheck", "--silent"]],
  [
    "Unit and API tests (Vitest)",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  ],
  ["Build", "npm", ["run", "build", "--silent"]],
  [
    "Browser tests (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_DATA_DIR: e2eData } },
  ],
];

let failedStep;
for (const [title, command, args, options] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const code = await run(command, args, options);
  console.log(
    `--- ${title}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) {
    failedStep = title;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (existsSync(playwrightReport)) {
  const s = JSON.parse(readFileSync(playwrightReport, "utf8")).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
}
rmSync(e2eData, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });
if (failedStep) console.log(`\nFailed step: ${failedStep}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep || failed > 0 ? 1 : 0);

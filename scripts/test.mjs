// `npm test`: lint, type check, unit and API tests (Vitest), build, then browser tests (Playwright).
// Stops at the first failing step, prints each step's wall time, and ends with one summary line
// "N passed, N failed, N skipped, N flaky" (CI parses the first two). A test that passed only on a
// retry is flaky, not passed: it is counted apart and named, so it shows in every run's summary
// (the goal is zero); the run itself still succeeds, since CI keeps one retry (issue 18, point 6).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "./lib.mjs";

const reports = mkdtempSync(path.join(tmpdir(), "aprendo-test-report-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

const steps = [
  ["Lint", "Lint (Biome)", "npx", ["biome", "check", "."]],
  ["Type check", "Type check", "npm", ["run", "typecheck", "--silent"]],
  [
    "Unit/API",
    "Unit and API tests (Vitest)",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  ],
  ["Build", "Build", "npm", ["run", "build", "--silent"]],
  [
    "Browser",
    "Browser tests (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } },
  ],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const times = [];
let failedStep;
for (const [short, title, command, args, options] of steps) {
  console.log(`\n=== ${title} ===`);
  const stepStarted = Date.now();
  const code = await run(command, args, options);
  const took = Date.now() - stepStarted;
  times.push(`${short} ${seconds(took)}`);
  console.log(`--- ${title}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${seconds(took)}`);
  if (code !== 0) {
    failedStep = title;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
if (existsSync(vitestReport)) {
  // Vitest runs without retries here: a test passes or fails on its one try.
  const r = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (existsSync(playwrightReport)) {
  const report = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += report.stats.expected;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  flaky.push(...flakyTests(report));
}
rmSync(reports, { recursive: true, force: true });

console.log(`\nStep times: ${times.join(" · ")} · total ${seconds(Date.now() - started)}`);
if (failedStep) console.log(`Failed step: ${failedStep}`);
if (flaky.length > 0) {
  console.log("Flaky (failed first, passed on a retry):");
  for (const name of flaky) console.log(`  ${name}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} flaky`);
process.exit(failedStep || failed > 0 ? 1 : 0);

/** "file › describe › title" of every test Playwright reports as flaky, from its JSON report. */
function flakyTests(report) {
  const names = [];
  const walk = (suite, trail) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "flaky"))
        names.push([spec.file ?? suite.file, ...here, spec.title].join(" › "));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

// `npm test`: lint, type check, unit and API tests (Vitest), build, then browser tests (Playwright).
// Each step starts as soon as the steps it needs have passed: after the lint, the type check, the
// build and Vitest run side by side, and the browser tests start once the build and Vitest are done.
// (Starting them beside Vitest overloaded 2 cores: a load of 17, and browser tests timing out on
// pages that take a second when the machine is not starved.) After a failure no new step starts;
// the steps already running finish and are reported, and the run exits non-zero.
// The browser step's output streams live; every other step's output is printed in one block when
// it ends. The run prints each step's wall and CPU time (scripts/cpu-time.mjs: every process the
// step started, Chromium's and PostgreSQL's included) and the CPU time of the whole run, and ends
// with one summary line "N passed, N failed, N skipped, N flaky" (CI parses the first two). A test
// that passed only on a retry is flaky, not passed: it is counted apart and named, so it shows in
// every run's summary (the goal is zero); the run itself still succeeds, since CI keeps one retry
// (issue 18, point 6).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { childrenCpu, root } from "./lib.mjs";

const reports = mkdtempSync(path.join(tmpdir(), "aprendo-test-report-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
const cpuTime = path.join(root, "scripts", "cpu-time.mjs");

/** name (in the step-time line), title, command, arguments, the steps it needs, extra environment, live output. */
const steps = [
  { name: "Lint", title: "Lint (Biome)", command: "npx", args: ["biome", "check", "."], after: [] },
  {
    name: "Type check",
    title: "Type check",
    command: "npm",
    args: ["run", "typecheck", "--silent"],
    after: ["Lint"],
  },
  {
    name: "Unit/API",
    title: "Unit and API tests (Vitest)",
    command: "npx",
    args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
    after: ["Lint"],
  },
  { name: "Build", title: "Build", command: "npm", args: ["run", "build", "--silent"], after: ["Lint"] },
  {
    name: "Browser",
    title: "Browser tests (Playwright, Chromium)",
    command: "npx",
    args: ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    after: ["Build", "Unit/API"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    live: true,
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// Without perl (scripts/cpu-time.mjs) processes orphaned by a step (Chromium's) are not counted.
const cpuText = ({ ms, complete }) => `CPU ${complete ? "" : "at least "}${seconds(ms)}`;
const started = Date.now();
const cpuBefore = childrenCpu();
/** name → { status: "running" | "ok" | "failed", took } */
const state = new Map();
const failedSteps = [];

await new Promise((allDone) => {
  const startReady = () => {
    if (failedSteps.length === 0) {
      for (const step of steps) {
        if (state.has(step.name)) continue;
        if (step.after.every((name) => state.get(name)?.status === "ok")) start(step);
      }
    }
    if ([...state.values()].every((s) => s.status !== "running")) allDone();
  };
  const start = (step) => {
    const running = [...state.entries()].filter(([, s]) => s.status === "running").map(([n]) => n);
    console.log(`\n=== ${step.title} ===${running.length ? ` (beside ${running.join(", ")})` : ""}`);
    const stepStarted = Date.now();
    state.set(step.name, { status: "running" });
    runStep(step).then(({ code, output, cpu }) => {
      const took = Date.now() - stepStarted;
      const ok = code === 0;
      state.set(step.name, { status: ok ? "ok" : "failed", took, cpu });
      if (!ok) failedSteps.push(step.title);
      if (!step.live) print(`\n=== ${step.title}: output ===\n${output}`);
      const cost = cpu === undefined ? "" : ` (${cpuText(cpu)})`;
      print(`--- ${step.title}: ${ok ? "ok" : `failed (exit ${code})`} in ${seconds(took)}${cost}\n`);
      startReady();
    });
  };
  startReady();
});

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

const times = steps.map(({ name }) => {
  const s = state.get(name);
  if (!s) return `${name} not run`;
  return `${name} ${seconds(s.took)}${s.cpu === undefined ? "" : ` (${cpuText(s.cpu)})`}`;
});
const cpuAfter = cpuBefore && childrenCpu();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
console.log(`\nStep times: ${times.join(" · ")} · total ${seconds(Date.now() - started)}`);
// Wall times say little on a shared machine; the CPU time says what the run cost.
if (cpuAfter) {
  const user = cpuAfter.user - cpuBefore.user;
  const system = cpuAfter.system - cpuBefore.system;
  console.log(`CPU time: ${minutes(user + system)} (${minutes(user)} user, ${minutes(system)} system)`);
}
if (failedSteps.length > 0)
  console.log(`Failed step${failedSteps.length > 1 ? "s" : ""}: ${failedSteps.join(", ")}`);
if (flaky.length > 0) {
  console.log("Flaky (failed first, passed on a retry):");
  for (const name of flaky) console.log(`  ${name}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} flaky`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);

// The live step's lines and the other steps' blocks go through here, so a block never lands in the
// middle of a line.
function print(text) {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

/**
 * Runs a step with its output piped: a live step's complete lines are printed as they come, the
 * others' output is kept for one block at the end. Resolves with the exit code and kept output.
 */
function runStep(step) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...step.env };
    // Piped output is not a terminal: keep the colours when this run's own output is one.
    if (process.stdout.isTTY && !("NO_COLOR" in env)) env.FORCE_COLOR ??= "1";
    const cpuFile = path.join(reports, `cpu-${step.name.replace(/\W/g, "")}.json`);
    const child = spawn(process.execPath, [cpuTime, cpuFile, step.command, ...step.args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const kept = [];
    let partial = "";
    const take = (chunk) => {
      if (!step.live) return void kept.push(chunk);
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) print(line);
    };
    child.stdout.setEncoding("utf8").on("data", take);
    child.stderr.setEncoding("utf8").on("data", take);
    child.on("error", (error) => kept.push(`${step.command} could not start: ${error.message}\n`));
    child.on("close", (code, signal) => {
      if (partial) print(partial);
      const cpu = existsSync(cpuFile) ? JSON.parse(readFileSync(cpuFile, "utf8")) : undefined;
      resolve({
        code: code ?? (signal ? 1 : 0),
        output: kept.join(""),
        cpu: cpu && { ms: cpu.user + cpu.system, complete: cpu.complete !== false },
      });
    });
  });
}

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

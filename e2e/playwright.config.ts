/**
 * Browser tests: the built product (apps/api/dist + apps/web/dist), one server per worker with its
 * own database cloned from a seeded template (support/global-setup.ts, support/fixtures.ts), driven
 * by the system Chromium. Never downloads a browser.
 *
 * `npm run test:e2e` (and `npm test`) runs `tests/`; `npm run test:visual` runs the visual tour in
 * `visual/` and every spec of `tests/`, and writes their screenshots into e2e/screenshots/.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";

// Debian's headless shell (package chromium-headless-shell: the same Chromium without the desktop
// browser around it) when installed, else the full Chromium. The shell cost 10 % less CPU for the same
// tests (277 against 309 core-seconds for support and shell, 26 Nov).
const chromium =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate));
if (!chromium || !existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium ?? "/usr/bin/chromium"}. Install Debian's package (apt-get install chromium-headless-shell or chromium) or set CHROMIUM_PATH.`,
  );
}

const visual = process.env.E2E_SCREENSHOTS === "on";
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const ownServer = /(checkout-origin|commerce-journey)\.spec\.ts$/;
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  // E2E_TEST_DIR: another folder of specs (`npm run test:e2e:reversed` copies the specs there under
  // names in reverse order, to show that no test depends on another's data).
  // `npm run test:visual` runs the visual tour and every spec, whose pages it pictures in all four
  // languages and themes (the gating run checks two: helpers.ts, `looks`).
  testDir: process.env.E2E_TEST_DIR ?? (visual ? "." : "./tests"),
  ...(visual && !process.env.E2E_TEST_DIR ? { testMatch: /(tests|visual)\/.*\.spec\.ts$/ } : {}),
  // E2E_OUTPUT_DIR: a folder of one's own for traces, when several runs share the work tree.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "../test-results",
  globalSetup: "./support/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every worker has its own server and database, so any test may run beside any other.
  fullyParallel: true,
  // A worker is a Chromium plus a server plus a share of PostgreSQL. At one per core the cores sat two
  // thirds idle (1,046 CPU-s in 1,606 s on 2 cores: tests wait on pages, timers, video), so 1.5 per
  // core (3 on 2 cores). Two per core could not be shown green on a machine loaded by other work
  // (servers missed their 120-second start): docs/development.md, "The browser step".
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.ceil(availableParallelism() * 1.5))),
  // CI keeps one retry so a run finishes, but a test that needed it is reported as flaky (scripts/test.mjs).
  retries: process.env.CI ? 1 : 0,
  reporter: jsonReport ? [["list"], ["json", { outputFile: jsonReport }]] : [["list"]],
  use: {
    // A trace (actions, DOM snapshots, network) is recorded when a failed test is retried (CI retries
    // once), not for every test: recording them all cost 13 % of the browser step's CPU (309 against
    // 270 core-seconds for support and shell, 26 Nov). Without the screencast: encoding a frame at
    // every paint cost about a tenth more. The failure's own screenshot is kept below.
    trace: { mode: "on-first-retry", screenshots: false },
    // Pages as a learner who asked for less motion sees them: spinners and skeletons stop repainting
    // in a software-rendered browser (with the two lines above: 206 against 309 core-seconds). A test
    // about motion itself asks for `reducedMotion: "no-preference"`.
    contextOptions: { reducedMotion: "reduce" },
    screenshot: "only-on-failure",
    // No other flag is added: none saved CPU beyond the noise (27 Nov, under a load of 7 to 16: a new
    // context opening the learner dashboard and the catalogue cost 4.1 to 5.3 CPU-s, 4.57 on average
    // over 13 runs). Tried, alternating with that baseline: --renderer-process-limit=1 (4.36, 3 runs),
    // Chromium's /dev/shm kept (4.48, 2), --js-flags=--single-threaded (4.52, 2), --max-lazy (4.35),
    // --no-opt (4.79), --disable-software-rasterizer (5.00), no spare renderer (4.38). Playwright
    // itself already sets most flags one would try (--disable-extensions, --disable-component-update,
    // --mute-audio, --disable-renderer-backgrounding, PaintHolding, MediaRouter, OptimizationHints).
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  // A spec that sets a worker option (`test.use({ publicHost })`) needs a worker, and so a server, of
  // its own. Playwright queues the tests of each kind of worker after those of the kinds before it,
  // so these three came last: the run ended with three fresh servers for one test each while the other
  // workers had stopped (clean-clone run of 26 Nov). Listed first, they start the run instead, in
  // one worker (one server more for the run, not three) while the others start on the rest.
  projects: [
    { name: "own-server", testMatch: ownServer, use: desktop, workers: 1 },
    { name: "chromium", testIgnore: ownServer, use: desktop },
  ],
});

import { configDefaults, defineProject } from "vitest/config";
import { testWorkers } from "../../vitest.workers.ts";
import { isolatedTestFiles } from "./test/isolation.ts";

/** What both API projects share: one PostgreSQL for the run, whose template each file clones. */
export const apiProjectOptions = {
  globalSetup: ["./test/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
  // As the root config (each project has its own; all must be the same).
  maxWorkers: testWorkers,
};

// API tests: each file builds the app in process on its own database, cloned from a migrated template.
// Files share a worker (`isolate: false`): the app and its dependencies are imported once per worker
// instead of once per file, which measured 43 % less CPU. Nothing a file leaves in memory may reach
// the next one: caches are kept per database (every file's ids start again at 1), and the files that
// change process-wide state (mocks, environment, clock, globals; see test/isolation.ts) run in the
// `api-isolated` project (vitest.isolated.config.ts), a worker each.
export default defineProject({
  test: {
    ...apiProjectOptions,
    name: "api",
    include: ["src/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...isolatedTestFiles()],
    isolate: false,
    setupFiles: ["./test/shared-worker.ts"],
  },
});

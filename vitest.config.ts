import { defineConfig } from "vitest/config";
import { testWorkers } from "./vitest.workers.ts";

// One Vitest run, three projects: pure contract rules, web components (jsdom), API against PostgreSQL.
export default defineConfig({
  test: {
    // vitest.workers.ts: how many files run at once, and why. The web and API projects set the same
    // in their own configs: a project's setting wins over this one for its files.
    maxWorkers: testWorkers,
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      "apps/web/vitest.config.ts",
      "apps/web/vitest.isolated.config.ts",
      // API files that may share a worker, and those that change process-wide state (a worker each).
      "apps/api/vitest.config.ts",
      "apps/api/vitest.isolated.config.ts",
    ],
  },
});

import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One Vitest run, three projects: pure contract rules, web components (jsdom), API against PostgreSQL.
export default defineConfig({
  test: {
    // One test file per core at a time. Vitest's own default is one less than the cores, which on a
    // 2-core machine ran every file one after another with a core idle (the API tests wait on
    // PostgreSQL, which runs beside them). The web and API projects set the same in their own configs:
    // a project's setting wins over this one for its files.
    maxWorkers: availableParallelism(),
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

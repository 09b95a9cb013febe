import { availableParallelism } from "node:os";
import { defineProject } from "vitest/config";

// API tests: each file builds the app in process on its own database, cloned from a migrated template.
export default defineProject({
  test: {
    name: "api",
    include: ["src/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // As the root config: a file per core (each project has its own; all must be the same).
    maxWorkers: availableParallelism(),
  },
});

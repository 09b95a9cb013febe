import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // A file's first page render loads its chunks and translations: seconds on a busy 2-core machine.
    testTimeout: 15_000,
    // As the root config: a file per core (each project has its own; all must be the same).
    maxWorkers: availableParallelism(),
  },
});

import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { testWorkers } from "../../vitest.workers.ts";
import { isolatedFiles } from "./src/test/isolated.ts";

/**
 * The web component tests, in two projects: `web`, whose files share a worker (jsdom and the app's
 * imports once per worker, not once per file; `setup-shared.ts` gives each file a fresh page, storage
 * and stores), and `web-isolated` (vitest.isolated.config.ts) for the few files that replace modules
 * (src/test/isolated.ts says which and why).
 */
export function webProject(isolated: boolean) {
  return defineProject({
    plugins: [react()],
    test: {
      name: isolated ? "web-isolated" : "web",
      environment: "jsdom",
      include: isolated ? isolatedFiles : ["src/**/*.test.{ts,tsx}"],
      exclude: isolated ? [] : isolatedFiles,
      // `web` files share a worker: jsdom and the imports once per worker, not once per file.
      isolate: isolated,
      setupFiles: isolated ? ["./src/test/setup.ts"] : ["./src/test/setup-shared.ts", "./src/test/setup.ts"],
      // A file's first page render loads its chunks and translations: seconds on a busy 2-core machine.
      testTimeout: 15_000,
      // As the root config (each project has its own; all must be the same).
      maxWorkers: testWorkers,
    },
  });
}

export default webProject(false);

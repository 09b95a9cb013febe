import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
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
      // Not shared yet: with `isolate: false` the cart panel's test (a modal open at mount) found its
      // own dialog refusing pointer events after some other files had run in its worker, and only in
      // some orders (Radix keeps its layer registry in module state). Until that leak is found, every
      // file gets a worker of its own; setup-shared.ts still gives each file a fresh page and stores.
      isolate: true,
      setupFiles: isolated ? ["./src/test/setup.ts"] : ["./src/test/setup-shared.ts", "./src/test/setup.ts"],
      // A file's first page render loads its chunks and translations: seconds on a busy 2-core machine.
      testTimeout: 15_000,
      // As the root config: a file per core (each project has its own; all must be the same).
      maxWorkers: availableParallelism(),
    },
  });
}

export default webProject(false);

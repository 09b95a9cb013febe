import { defineProject } from "vitest/config";
import { isolatedTestFiles } from "./test/isolation.ts";
import { apiProjectOptions } from "./vitest.config.ts";

// The API test files that change process-wide state (test/isolation.ts says which and why), each in a
// fresh worker, as every file ran before files shared workers.
export default defineProject({
  test: {
    ...apiProjectOptions,
    name: "api-isolated",
    include: isolatedTestFiles(),
    isolate: true,
  },
});

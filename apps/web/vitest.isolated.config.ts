import { webProject } from "./vitest.config.ts";

// The web test files that need a worker of their own: see src/test/isolated.ts.
export default webProject(true);

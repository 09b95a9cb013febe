import { defineConfig } from "vitest/config";

// One Vitest run, three projects: pure contract rules, web components (jsdom), API against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      "apps/web/vitest.config.ts",
      "apps/api/vitest.config.ts",
    ],
  },
});

// `npm run test:e2e:reversed [-- playwright options]`: the browser suite with its spec files in reverse
// order, to show that no spec leans on another's data (issue 18). Playwright runs files in the order
// of their names, so the specs are copied under numbered names, last first, into a folder beside
// e2e/tests (the same depth, so their relative imports still hold), run from there with E2E_TEST_DIR,
// and the folder is removed. `npx playwright test -c e2e/playwright.config.ts --shuffle=<seed>` runs
// files and tests in a random, reproducible order instead.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

const tests = path.join(root, "e2e", "tests");
const specs = readdirSync(tests)
  .filter((name) => name.endsWith(".spec.ts"))
  .sort()
  .reverse();
const folder = mkdtempSync(path.join(root, "e2e", "reversed-"));
let status = 1;
try {
  specs.forEach((name, index) => {
    copyFileSync(path.join(tests, name), path.join(folder, `${String(index).padStart(2, "0")}-${name}`));
  });
  console.log(`Browser tests in reverse order: ${specs.length} spec files, ${specs[0]} first`);
  const run = spawnSync(
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, E2E_TEST_DIR: `./${path.basename(folder)}` },
    },
  );
  if (run.error) console.error(`Playwright could not start: ${run.error.message}`);
  status = run.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(status);

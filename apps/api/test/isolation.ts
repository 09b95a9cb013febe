/**
 * Which API test files may share a worker with other files (`isolate: false`) and which need one of
 * their own. A shared worker imports the app once for many files, which roughly halves the CPU of a
 * file, but a file that changes process-wide state would change it for every later file of its
 * worker: a mocked module stays mocked (or, mocked after another file imported it, stays real), an
 * environment variable or a global stays set, a fake clock stays fake, a process listener stays on.
 * Such files are found by what their source does and run in the `api-isolated` project; the split is
 * read from the files at every run, so a new file lands on the right side without a list to keep.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What makes a test file need a worker of its own, with the reason shown by the quality test. */
export const needsOwnWorker: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bvi\.(mock|doMock|unmock|doUnmock)\(/, reason: "mocks a module" },
  { pattern: /\bvi\.(stubGlobal|stubEnv)\(/, reason: "stubs a global or an environment variable" },
  { pattern: /\bvi\.useFakeTimers\(|\bvi\.setSystemTime\(/, reason: "fakes the clock" },
  {
    pattern:
      /\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|\bdelete\s+process\.env\b|Object\.assign\(\s*process\.env\b/,
    reason: "writes an environment variable",
  },
  { pattern: /\bprocess\.(on|once|addListener|prependListener)\(/, reason: "adds a process listener" },
  { pattern: /\bsetGlobal\w*\(|\bglobalThis\.\w+\s*=(?!=)/, reason: "sets a process-global" },
  { pattern: /\bprocess\.(chdir|umask)\(/, reason: "changes the process's folder or mask" },
];

/** The reasons `source` needs a worker of its own (none: it can share one). */
export function isolationReasons(source: string): string[] {
  return needsOwnWorker.filter(({ pattern }) => pattern.test(source)).map(({ reason }) => reason);
}

// From the file's URL, not `import.meta.dirname`: Vite bundles the config that imports this file.
const API_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Every API test file, relative to `apps/api` (as the project's `include` and `exclude` globs are). */
export function apiTestFiles(): string[] {
  return readdirSync(path.join(API_ROOT, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.posix.join("src", file.split(path.sep).join("/")))
    .sort();
}

/** The API test files that need a worker of their own. */
export function isolatedTestFiles(): string[] {
  return apiTestFiles().filter(
    (file) => isolationReasons(readFileSync(path.join(API_ROOT, file), "utf8")).length > 0,
  );
}

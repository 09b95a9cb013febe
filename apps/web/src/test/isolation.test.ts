/**
 * The split of the web tests between the `web` project (files share a worker and its modules) and
 * `web-isolated` (a worker per file): a file that replaces modules must be in src/test/isolated.ts,
 * or it would mock a module other files already imported (the mock silently does nothing) or leave
 * its mocks to the files after it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedFiles } from "./isolated";

/** Why a test file's source needs a worker of its own, or null when it may share one. */
export function isolationReason(source: string): string | null {
  // Replacing or reloading modules: the registry is the worker's, shared by every file in it.
  const modules = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|importMock|stubEnv)\(/.exec(source);
  if (modules) return `vi.${modules[1]}`;
  // A clock, global or spy changed at the top of the file acts while the file imports and until its
  // first test ends; setup.ts only undoes those after each test (inside a test or hook they are fine).
  const topLevel = /^vi\.(stubGlobal|useFakeTimers|spyOn)\(/m.exec(source);
  if (topLevel) return `vi.${topLevel[1]} at the top of the file`;
  return null;
}

const root = join(__dirname, "..", "..");

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [relative(root, path).split(sep).join("/")] : [];
  });
}

describe("the split between shared and isolated web test files", () => {
  it("tells a module mock or a top-level global change from what setup.ts undoes", () => {
    expect(isolationReason('vi.mock("sonner", () => ({}));')).toBe("vi.mock");
    expect(isolationReason("  vi.resetModules();")).toBe("vi.resetModules");
    expect(isolationReason('vi.stubGlobal("fetch", fetchMock);')).toBe(
      "vi.stubGlobal at the top of the file",
    );
    expect(isolationReason('beforeEach(() => {\n  vi.stubGlobal("fetch", fetchMock);\n});')).toBeNull();
    expect(isolationReason("it('ticks', () => {\n    vi.useFakeTimers();\n});")).toBeNull();
  });

  it("keeps every file that needs a worker of its own in the isolated project, and only those", () => {
    // This file's own examples above would count.
    const files = testFiles(join(root, "src")).filter((file) => file !== "src/test/isolation.test.ts");
    const needing = files
      .map((file) => ({ file, reason: isolationReason(readFileSync(join(root, file), "utf8")) }))
      .filter((entry) => entry.reason !== null);
    const shared = needing.filter((entry) => !isolatedFiles.includes(entry.file));
    expect(shared, "add these to src/test/isolated.ts").toEqual([]);
    // A file listed without needing it pays for a jsdom of its own for nothing; a listed file that
    // no longer exists hides a typo.
    expect([...isolatedFiles].sort()).toEqual(needing.map((entry) => entry.file).sort());
  });
});

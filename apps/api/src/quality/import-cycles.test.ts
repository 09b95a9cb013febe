/**
 * No new import cycles in the API or the web app. A cycle makes a module's value undefined while the
 * other half is still loading (the order depends on which file is imported first), and it hides
 * which feature depends on which. Only imports that run at load count: `import type` is erased by
 * the compiler and a dynamic `import()` runs later, so neither can make a value undefined.
 *
 * The scan reads relative import paths itself (no dependency: madge's parser requires TypeScript 5
 * and the project is on 7). Cycles are reported as the groups of files that import each other
 * (strongly connected components), named by path.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../../../..");

/**
 * The cycles left, each to be broken and then removed from this list (the test fails when a listed
 * group no longer exists, so the list can only shrink).
 */
const known: Record<string, string[][]> = {
  "apps/api/src": [],
  "apps/web/src": [],
};

const sourceFile = /\.(ts|tsx)$/;
const isTest = (path: string) => /\.test\.tsx?$|\/test\//.test(path);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts") && !isTest(path) ? [path] : [];
  });
}

/** The relative module paths a file imports at load (static imports and re-exports, not type-only). */
export function loadTimeImports(text: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["'](\.[^"']*)["']/gms;
  for (const match of text.matchAll(statement)) {
    if (match[2]) continue;
    const names = /\{([^}]*)\}/.exec(match[3] ?? "");
    const onlyTypes =
      names &&
      !/^[\s\w]*,/.test(match[3] ?? "") &&
      names[1]?.split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()));
    if (!onlyTypes) found.push(match[4] as string);
  }
  for (const match of text.matchAll(/^\s*import\s+["'](\.[^"']*)["']/gm)) found.push(match[1] as string);
  return found;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  const bare = base.replace(/\.js$/, "");
  candidates.push(`${bare}.ts`, `${bare}.tsx`);
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** Groups of files that import each other, directly or through others (Tarjan's algorithm). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node);
      if (group.length > 1 || selfImport) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

function cyclesUnder(folder: string): string[][] {
  const root = join(repo, folder);
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(root)) {
    const targets = loadTimeImports(readFileSync(file, "utf8"))
      .map((spec) => resolveImport(file, spec))
      .filter((path): path is string => path !== undefined && !isTest(path));
    graph.set(relative(root, file), [...new Set(targets.map((path) => relative(root, path)))]);
  }
  return cyclesOf(graph);
}

describe("import cycles", () => {
  it("finds a cycle, ignoring type-only imports", () => {
    expect(loadTimeImports('import { a, type B } from "./x";\nimport type { C } from "./y";')).toEqual([
      "./x",
    ]);
    expect(loadTimeImports('import { type B } from "./x";\nexport { d } from "./z";')).toEqual(["./z"]);
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  for (const [folder, allowed] of Object.entries(known)) {
    it(`${folder} has no import cycle but the known ones`, () => {
      const sorted = allowed.map((group) => [...group].sort());
      expect(cyclesUnder(folder)).toEqual(sorted);
    });
  }
});

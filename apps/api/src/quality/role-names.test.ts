/**
 * Roles are named, never numbered, in the API's, the web app's and the contract's code: "who may do this?" is answered by reading
 * `Role.learner` or `Role.headAdmin`, and a grep for a role finds every place it is checked.
 * A policy rule `roles(...)` takes `RoleId`, but a bare `3` type-checks as one, so the type alone cannot keep the
 * numbers out: this scan does. Seed and demo data, benchmarks and tests are data, not rules, and
 * are not scanned; nor is SQL text, where a literal is part of the statement.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/** Files where a role number is data (accounts to create, rows to load), not an authorization rule. */
const isData = (path: string) =>
  /\.test\.ts$|\.fixtures\.ts$|test-support|\.seed\.ts$|\/seed\/|\/bench\/|\/db\/migrations\//.test(path);

const bareRole: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: "a role rule with a number", pattern: /\b(?:roles|hasRole)\([^)]*\b\d/ },
  {
    what: "roleId compared with a number",
    pattern: /roleId\s*[!=]==?\s*\d|\b\d\s*[!=]==?\s*[\w.?]*roleId\b/,
  },
  { what: "roleId matched against a number", pattern: /(?:eq|ne)\(\s*[\w.]*roleId\s*,\s*\d/ },
  { what: "roleId in a list of numbers", pattern: /inArray\(\s*[\w.]*roleId\s*,\s*\[\s*\d/ },
  { what: "roleId set to a number", pattern: /\broleId:\s*\d/ },
];

function sourceFiles(dir: string, extension = /\.ts$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extension);
    return extension.test(entry.name) && !isData(path) ? [path] : [];
  });
}

/**
 * The forms a role number takes in the web app and the contract's shared rules: the session's
 * `role`, an API row's `role_id`, a `roleId`, compared with a number or given one as a JSX prop.
 */
const bareRoleOnTheWeb: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  {
    what: "a role compared with a number",
    pattern: /\brole(?:_id|Id)?\s*[!=]==?\s*\d|\b\d\s*[!=]==?\s*[\w.?]*\brole(?:_id|Id)?\b/,
  },
  { what: "a role prop given a number", pattern: /\brole(?:Id)?=\{\s*\d/ },
];

/** The web's tests and their render helpers build sessions of each role: data, not rules. */
const isWebData = (path: string) => /\.test\.tsx?$|\/src\/test\//.test(path);

function linesMatching(text: string, patterns: ReadonlyArray<{ what: string; pattern: RegExp }>) {
  return text
    .split("\n")
    .flatMap((content, index) =>
      patterns.filter(({ pattern }) => pattern.test(content)).map(({ what }) => ({ line: index + 1, what })),
    );
}

export function roleNumbersIn(text: string): { line: number; what: string }[] {
  return linesMatching(text, bareRole);
}

describe("role names", () => {
  it("recognises the forms a bare role number takes", () => {
    const old = [
      "openLecture: roles(1, 3, 4, 5),",
      "if (row.roleId !== 1) throw invalid();",
      ".where(and(eq(users.roleId, 5), eq(users.status, 'active')))",
      "inArray(users.roleId, [3, 4, 5])",
      "createInvitedAccount(tx, { ...input, roleId: 4 })",
    ].join("\n");
    expect(roleNumbersIn(old).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5]);
    const named = [
      "openLecture: roles(Role.learner, Role.admin),",
      "if (row.roleId !== Role.learner) throw invalid();",
      "inArray(users.roleId, [Role.admin, Role.headAdmin, Role.masterAdmin])",
    ].join("\n");
    expect(roleNumbersIn(named)).toEqual([]);
  });

  it("no API source file names a role by its number", () => {
    const found = sourceFiles(root).flatMap((path) =>
      roleNumbersIn(readFileSync(path, "utf8")).map(
        ({ line, what }) => `${relative(root, path)}:${line} ${what} (use Role.* from @aprendo/contract)`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("recognises a role number in the web app's forms", () => {
    const old = [
      "const learner = useSession((s) => s.token !== null && s.role === 1);",
      "{user.role_id !== 1 && <Badge />}",
      "<AppShell roleId={role === 4 || role === 5 ? role : 3}>",
      "element: <RequireRole role={1} />,",
      "if (roleId === 4 || roleId === 5) return areas;",
    ].join("\n");
    expect(linesMatching(old, bareRoleOnTheWeb).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5]);
    const named = [
      "const learner = useSession((s) => s.token !== null && s.role === Role.learner);",
      "element: <RequireRole role={Role.learner} />,",
      "if (roles.length === 0) return null;",
    ].join("\n");
    expect(linesMatching(named, bareRoleOnTheWeb)).toEqual([]);
  });

  it("no web or contract source file names a role by its number", () => {
    const repository = join(root, "..", "..", "..");
    const found = [
      ...sourceFiles(join(repository, "apps", "web", "src"), /\.tsx?$/),
      ...sourceFiles(join(repository, "packages", "contract", "src")),
    ]
      .filter((path) => !isWebData(path))
      .flatMap((path) =>
        linesMatching(readFileSync(path, "utf8"), bareRoleOnTheWeb).map(
          ({ line, what }) =>
            `${relative(repository, path)}:${line} ${what} (use Role.* from @aprendo/contract)`,
        ),
      );
    expect(found).toEqual([]);
  });
});

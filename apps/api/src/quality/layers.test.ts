/**
 * Routes do not touch the database: a `*.routes.ts` file declares schemas, authorizes, calls one
 * service function and answers, so "where is this read or written?" has one answer, the feature's
 * service or repository. A route file that imports the schema, the client or drizzle, or calls a
 * query builder, fails this scan.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

const databaseUse: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: "imports from db/", pattern: /from\s+["'](?:\.\.?\/)+db\// },
  { what: "imports drizzle-orm", pattern: /from\s+["']drizzle-orm/ },
  {
    what: "runs a query",
    pattern:
      /\b(?:db|tx|pool)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|transaction|query|\$count)\s*[(<]/,
  },
  // An audit row is a write: the service that does the work records it (with the actor value).
  { what: "writes an audit row", pattern: /\brecordAudit\s*\(/ },
];

/**
 * Route files still being moved to services. The test below fails once one of them is clean, so the
 * entry is removed with the move instead of lingering.
 */
const pending = new Set<string>([]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith(".routes.ts") ? [path] : [];
  });
}

export function databaseUseIn(text: string): string[] {
  return databaseUse.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

describe("layers", () => {
  it("recognises the ways a route file reached the database", () => {
    expect(databaseUseIn('import { outbox } from "../db/schema/index";')).toEqual(["imports from db/"]);
    expect(databaseUseIn('import type { Db } from "../../db/client";')).toEqual(["imports from db/"]);
    expect(databaseUseIn('import { eq } from "drizzle-orm";')).toEqual(["imports drizzle-orm"]);
    expect(databaseUseIn("const [row] = await app.deps.db.select().from(outbox);")).toEqual(["runs a query"]);
    expect(databaseUseIn("await deps.db\n  .update(users)\n  .set({ languageId })")).toEqual([
      "runs a query",
    ]);
    expect(databaseUseIn("await db.transaction(async (tx) => {")).toEqual(["runs a query"]);
    expect(databaseUseIn("await db.execute<{ course_id: number }>(sql`SELECT 1`)")).toEqual(["runs a query"]);
    expect(databaseUseIn("await tx.delete(lectureNotesAccess).where(x)")).toEqual(["runs a query"]);
    expect(databaseUseIn("await recordAudit(db, auditActor(request), { action })")).toEqual([
      "writes an audit row",
    ]);
    // Handing the database to a service is what a route does.
    expect(databaseUseIn("async () => headDashboard(db),")).toEqual([]);
    expect(databaseUseIn("const { db, config } = app.deps;")).toEqual([]);
  });

  it("keeps every query out of the route files", () => {
    const offenders = routeFiles(root)
      .map((path) => ({ file: relative(root, path), uses: databaseUseIn(readFileSync(path, "utf8")) }))
      .filter(({ file, uses }) => uses.length > 0 && !pending.has(file))
      .map(({ file, uses }) => `${file}: ${uses.join(", ")}`);
    expect(offenders).toEqual([]);
  });

  it("lists as pending only route files that still reach the database", () => {
    const clean = [...pending].filter(
      (file) => databaseUseIn(readFileSync(join(root, file), "utf8")).length === 0,
    );
    expect(clean).toEqual([]);
  });
});

/**
 * Hand-written SQL lives in a feature's `*.repository.ts` (or `*.sql.ts` on hot paths), where each
 * statement has a name, a snapshot of its text and a test against the real database: "where is this
 * written?" then has one answer, and a change to a statement shows in review. A service, job or
 * helper that hands `.execute(` a statement of its own fails this scan, named by file and line.
 * A prepared query-builder statement run with its placeholders (`query(db).execute({ userId })`) is
 * drizzle's builder, not hand-written SQL, and may stay with its service.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/**
 * Files still being moved by the commerce data-layer work. The last test fails once one of them is
 * clean, so the entry is removed with the move instead of lingering; the list only shrinks.
 */
const pending = new Set(["commerce/settle.ts"]);

/** Where SQL may be written: repositories, hot-path statement files, the db layer, tests and seeds. */
export function mayHoldSql(file: string): boolean {
  return (
    /\.(repository|sql)\.ts$/.test(file) ||
    file.startsWith("db/") ||
    file.startsWith("seed/") ||
    file.startsWith("quality/") ||
    /\.(test|fixtures|seed)\.ts$/.test(file)
  );
}

/**
 * `.execute(` (or `.execute<Row>(`) given anything but a prepared statement's placeholder object or
 * nothing: a `sql` template, `sql.raw`, or a statement held in a variable.
 */
const execute = /\.execute\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(\s*(?![\s{)])/g;

/** The lines (1-based) of `text` that hand `.execute(` a statement. */
export function handWrittenExecutes(text: string): number[] {
  return [...text.matchAll(execute)].map((m) => text.slice(0, m.index).split("\n").length);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const offendingFiles = () =>
  sourceFiles(root)
    .map((path) => relative(root, path).split("\\").join("/"))
    .filter((file) => !mayHoldSql(file))
    .map((file) => ({ file, lines: handWrittenExecutes(readFileSync(join(root, file), "utf8")) }))
    .filter(({ lines }) => lines.length > 0);

describe("hand-written SQL", () => {
  it("recognises a statement handed to execute, and leaves prepared builder statements alone", () => {
    expect(handWrittenExecutes("await db.execute(sql`SELECT 1`);")).toEqual([1]);
    expect(handWrittenExecutes("x;\nawait tx.execute<{ id: number }>(sql`SELECT id FROM users`)")).toEqual([
      2,
    ]);
    expect(handWrittenExecutes("await db.execute<Map<string, number>>(query)")).toEqual([1]);
    expect(handWrittenExecutes("await db.execute(\n  sql.raw(text),\n)")).toEqual([1]);
    expect(handWrittenExecutes("await tx.execute(lock);")).toEqual([1]);
    expect(handWrittenExecutes("const rows = await stateQuery(db).execute({ userId, courseId });")).toEqual(
      [],
    );
    expect(handWrittenExecutes("await statement.execute();")).toEqual([]);
  });

  it("says where SQL may be written", () => {
    expect(mayHoldSql("learning/learning.repository.ts")).toBe(true);
    expect(mayHoldSql("quizzes/attempts.sql.ts")).toBe(true);
    expect(mayHoldSql("db/prepared.ts")).toBe(true);
    expect(mayHoldSql("seed/catalog.seed.ts")).toBe(true);
    expect(mayHoldSql("reviews/reviews.test.ts")).toBe(true);
    expect(mayHoldSql("reviews/reviews.service.ts")).toBe(false);
    expect(mayHoldSql("bench/bench-scale.ts")).toBe(false);
  });

  it("keeps statements out of services, jobs and helpers", () => {
    const offenders = offendingFiles()
      .filter(({ file }) => !pending.has(file))
      .flatMap(({ file, lines }) => lines.map((line) => `${file}:${line}`));
    expect(offenders).toEqual([]);
  });

  it("lists as pending only files that still hold a statement", () => {
    const still = new Set(offendingFiles().map(({ file }) => file));
    expect([...pending].filter((file) => !still.has(file))).toEqual([]);
  });
});

/**
 * Hand-written SQL lives in a feature's `*.repository.ts` (or `*.sql.ts` on hot paths), where each
 * statement has a name, a snapshot of its text and a test against the real database: "where is this
 * written?" then has one answer, and a change to a statement shows in review. A service, job or
 * helper that sends a statement of its own fails this scan, named by file and line, whichever way
 * it sends it: `.execute(` given a statement, `runNamed(`, a pg client's or pool's `.query(`, or
 * `sql.raw(`. A prepared query-builder statement run with its placeholders
 * (`query(db).execute({ userId })`) is drizzle's builder, not hand-written SQL, and may stay with
 * its service.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/**
 * Infrastructure that speaks to `pg` itself, each with why it may: a connection's plumbing, not a
 * feature's data. The pipeline, migrations, embedded PostgreSQL and pg-boss's executor are in `db/`.
 */
const infrastructure: Record<string, string> = {
  "notifications/notifications.hub.ts":
    "LISTEN on the hub's own long-lived connection: a pooled one would go back to the pool and stop listening",
};

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

/** A call's type arguments (`<Row>`, `<Map<string, number>>`), as written between name and parenthesis. */
const typeArguments = String.raw`\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(`;

/**
 * The ways a statement is sent: `.execute(` given anything but a prepared statement's placeholder
 * object or nothing (a `sql` template, `sql.raw`, a statement held in a variable); `runNamed(` (its
 * text is hand-written by definition); a pg client's or pool's `.query(` (`pool.query`,
 * `db.$client.query`, `client.query`); `sql.raw(` (text spliced into a statement).
 */
const sends = new RegExp(
  [
    String.raw`\.execute${typeArguments}\s*(?![\s{)])`,
    String.raw`\brunNamed${typeArguments}`,
    String.raw`\.query${typeArguments}`,
    String.raw`\bsql\.raw\s*\(`,
  ].join("|"),
  "g",
);

/** The lines (1-based) of `text` that send a statement of their own. */
export function handWrittenStatements(text: string): number[] {
  return [...text.matchAll(sends)].map((m) => text.slice(0, m.index).split("\n").length);
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
    .filter((file) => !mayHoldSql(file) && !(file in infrastructure))
    .map((file) => ({ file, lines: handWrittenStatements(readFileSync(join(root, file), "utf8")) }))
    .filter(({ lines }) => lines.length > 0);

describe("hand-written SQL", () => {
  it("recognises a statement handed to execute, and leaves prepared builder statements alone", () => {
    expect(handWrittenStatements("await db.execute(sql`SELECT 1`);")).toEqual([1]);
    expect(handWrittenStatements("x;\nawait tx.execute<{ id: number }>(sql`SELECT id FROM users`)")).toEqual([
      2,
    ]);
    expect(handWrittenStatements("await db.execute<Map<string, number>>(query)")).toEqual([1]);
    expect(handWrittenStatements("await db.execute(\n  sql.raw(text),\n)")).toEqual([1, 2]);
    expect(handWrittenStatements("await tx.execute(lock);")).toEqual([1]);
    expect(handWrittenStatements("const rows = await stateQuery(db).execute({ userId, courseId });")).toEqual(
      [],
    );
    expect(handWrittenStatements("await statement.execute();")).toEqual([]);
  });

  it("recognises runNamed, a client's or pool's query and sql.raw", () => {
    expect(handWrittenStatements('await runNamed(db, "x", "DELETE FROM t WHERE id = $1", [id]);')).toEqual([
      1,
    ]);
    expect(handWrittenStatements("a;\nconst [row] = await runNamed<{ n: number }>(\n  db,")).toEqual([2]);
    expect(handWrittenStatements('await pool.query("SELECT 1");')).toEqual([1]);
    expect(handWrittenStatements("await db.$client.query<Saved>({ name, text, values });")).toEqual([1]);
    expect(handWrittenStatements("client.query(`LISTEN channel`)")).toEqual([1]);
    expect(handWrittenStatements("sql`x = ANY(` + sql.raw(list)")).toEqual([1]);
    // A request's query string and drizzle's relational queries are not statements.
    expect(handWrittenStatements("const { page } = request.query;")).toEqual([]);
    expect(handWrittenStatements("await db.query.users.findFirst({ where })")).toEqual([]);
    expect(handWrittenStatements("const ran = runNamedLater;")).toEqual([]);
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
    const offenders = offendingFiles().flatMap(({ file, lines }) => lines.map((line) => `${file}:${line}`));
    expect(offenders).toEqual([]);
  });

  it("lists as infrastructure only files that still speak to pg", () => {
    const silent = Object.keys(infrastructure).filter(
      (file) => handWrittenStatements(readFileSync(join(root, file), "utf8")).length === 0,
    );
    expect(silent).toEqual([]);
  });
});

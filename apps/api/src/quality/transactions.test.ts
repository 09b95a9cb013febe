/**
 * Transactions open through db/transaction.ts only: its handle carries the connection it runs on
 * (`$client`), which named statements and pg-boss's job insert need to stay inside the transaction.
 * A transaction opened with drizzle's own `.transaction(` has no `$client`, and reaching for the
 * connection through drizzle's private `session` breaks silently on a drizzle upgrade. This scan
 * fails on either, named by file and line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const apiRoot = join(import.meta.dirname, "../..");

/** The one file that calls drizzle's `.transaction(`, and files quoting the forms as sample text. */
const allowed: Record<string, string> = {
  "src/db/transaction.ts": "the helper itself: it opens drizzle's transaction on its own connection",
  "src/quality/layers.test.ts": "quotes a `.transaction(` call as a sample of a route reaching the database",
  "src/quality/transactions.test.ts": "this scan's own samples",
};

const forbidden: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  {
    what: "opens a transaction with drizzle's .transaction( (use transaction() of db/transaction.ts)",
    // Also split over lines (`db\n  .transaction(`) and with type arguments (`.transaction<T>(`).
    pattern: /\.\s*transaction\s*(?:<[^()]*>)?\s*\(/g,
  },
  {
    what: "reads drizzle's private session (use the handle's $client)",
    pattern:
      /\b(?:db|tx|inner|savepoint|\w+Db|\w+Tx)\s*\??\.\s*session\b|\[\s*["'`]session["'`]\s*\]|as\s+(?:unknown\s+as\s+)?\{\s*session\??\s*:|\bsession\s*\??\.\s*client\b/g,
  },
];

/** Each offence in `text` as `line: what`. */
export function offencesIn(text: string): string[] {
  return forbidden.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)].map((m) => `${text.slice(0, m.index).split("\n").length}: ${what}`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe("transactions", () => {
  it("recognises the ways code opened a transaction or reached drizzle's connection", () => {
    expect(offencesIn("await db.transaction(async (tx) => {")).toHaveLength(1);
    expect(offencesIn("await deps.db\n  .transaction((tx) => work(tx))")).toEqual([
      "2: opens a transaction with drizzle's .transaction( (use transaction() of db/transaction.ts)",
    ]);
    expect(offencesIn("await tx.transaction<number>(async (inner) => 1)")).toHaveLength(1);
    expect(offencesIn("(db as unknown as { session?: { client?: Queryable } }).session?.client")).not.toEqual(
      [],
    );
    expect(offencesIn("const client = tx.session.client;")).toHaveLength(1);
    expect(offencesIn('const s = db["session"];')).toHaveLength(1);
    // The helper, a session of the product (a login) and a transaction id are not offences.
    expect(offencesIn("await transaction(deps.db, async (tx) => {")).toEqual([]);
    expect(offencesIn("return answerSession(reply, outcome.session);")).toEqual([]);
    expect(offencesIn("expect(entry.transaction_id).toMatch(/^pi_/);")).toEqual([]);
  });

  it("no API source, test or bench opens a transaction but db/transaction.ts, or reads drizzle's session", () => {
    const found = [...sourceFiles(join(apiRoot, "src")), ...sourceFiles(join(apiRoot, "test"))].flatMap(
      (path) => {
        const file = relative(apiRoot, path);
        if (file in allowed) return [];
        return offencesIn(readFileSync(path, "utf8")).map((offence) => `${file}:${offence}`);
      },
    );
    expect(found).toEqual([]);
  });
});

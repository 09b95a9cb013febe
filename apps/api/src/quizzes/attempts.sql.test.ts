/**
 * The text of the attempt hot path's statements, pinned: each is prepared once per connection under
 * its name, so its text is part of the contract with PostgreSQL (a name reused for another text
 * fails), and a change to what a start, an answer save or a grade writes must show in review. They
 * run against the real database in attempts.test.ts, attempts.statements.test.ts (round trips and
 * plans) and exam-integrity.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attemptStatements } from "./attempts.sql";

describe("the attempt statements", () => {
  it("are every statement the file prepares, by the name it runs them under", () => {
    const source = readFileSync(new URL("./attempts.sql.ts", import.meta.url), "utf8");
    const used = [...source.matchAll(/"(quiz_[a-z_]+)"/g)].map((m) => m[1]);
    expect(new Set(used)).toEqual(new Set(Object.keys(attemptStatements)));
  });

  for (const [name, text] of Object.entries(attemptStatements))
    it(`${name} keeps its text`, () => {
      expect(text.replace(/\s+/g, " ").trim()).toMatchSnapshot();
    });
});

/**
 * The text of checkout's hand-written statements, pinned: each is prepared once per connection under
 * its name, so its text is part of the contract with PostgreSQL (a name reused for another text
 * fails), and a change to what a purchase writes must show in review. The statements run against the
 * real database in checkout.test.ts and checkout-race.test.ts, the paid-notice outbox's (the order
 * closed after 3-D Secure, the drain) in paid-notice.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commerceStatements } from "./commerce.sql";

describe("commerce's named statements", () => {
  it("are every statement the file prepares, by the name it runs them under", () => {
    const source = readFileSync(new URL("./commerce.sql.ts", import.meta.url), "utf8");
    const used = [...source.matchAll(/"(commerce_[a-z_]+)"/g)].map((m) => m[1]);
    expect(new Set(used)).toEqual(new Set(Object.keys(commerceStatements)));
  });

  for (const [name, text] of Object.entries(commerceStatements))
    it(`${name} keeps its text`, () => {
      expect(text.replace(/\s+/g, " ").trim()).toMatchSnapshot();
    });
});

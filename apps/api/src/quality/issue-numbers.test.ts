/**
 * Comments and test names say why in the product's words: a tracker's number means nothing to a
 * reader of the repository (the tracker is not part of it), so a source or test file of the API, the
 * web app or the contract that cites an issue number fails here, naming file:line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const repository = join(import.meta.dirname, "..", "..", "..", "..");
const scanned = ["apps/api/src", "apps/web/src", "packages/contract/src"];

// Written in two parts so that this file does not cite one itself.
const citation = new RegExp(["\\bissues?", "\\s+#?\\d+"].join(""), "i");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "__snapshots__" ? [] : files(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

describe("issue numbers", () => {
  it("recognises a citation", () => {
    expect(citation.test(`describe("the promo banner (${"issue"} 21)", () => {`)).toBe(true);
    expect(citation.test(` * ${"Issue"} 22, point 5: pgbouncer`)).toBe(true);
    expect(citation.test("the issue's reference TCK-000042")).toBe(false);
  });

  it("no source or test file cites one", () => {
    const found = scanned
      .flatMap((dir) => files(join(repository, dir)))
      .flatMap((path) =>
        readFileSync(path, "utf8")
          .split("\n")
          .flatMap((line, index) =>
            citation.test(line) ? [`${relative(repository, path)}:${index + 1}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });
});

/**
 * A feature's `api.ts` takes its request and response types from the contract (`z.infer`/`z.input`
 * of its schemas, or the types it exports): a shape typed by hand there drifts from what the API
 * answers without any compiler noticing. This test fails on a new object type literal in those files:
 * as a type alias or interface, or as a call's type argument (`get<{ data: X[] }>(...)`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The text with string and template literals blanked and line comments dropped. */
function withoutLiterals(text: string): string {
  return text.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""').replace(/\/\/.*$/gm, "");
}

/**
 * Each call's type arguments that spell an object shape: `get<{ data: X[] }>(` gives
 * `get<{ data: X[] }>`. The arguments run to the matching `>` (an arrow's `=>` is not one), and a
 * call is when `(` follows; `Promise<{ ... }>` as a return type is no call, so it is not taken.
 */
function inlineCallShapes(text: string): string[] {
  const plain = withoutLiterals(text);
  const found: string[] = [];
  for (const match of plain.matchAll(/\b(\w+)</g)) {
    const start = match.index + match[0].length;
    let end = start;
    for (let angles = 1; end < plain.length && angles > 0; end++) {
      if (plain[end] === "<") angles++;
      else if (plain[end] === ">" && plain[end - 1] !== "=") angles--;
    }
    const args = plain.slice(start, end - 1);
    if (args.includes("{") && /^\s*\(/.test(plain.slice(end))) {
      found.push(`${match[1]}<${args.replace(/\s+/g, " ").trim()}>`);
    }
  }
  return found;
}

/**
 * The right-hand side of each top-level `type X = ...;` (up to the `;` outside any bracket), with
 * string and template literals blanked so a `${...}` in a template type is not taken for a shape.
 * (TypeScript 7 has no JavaScript API to parse with, and a type alias is simple enough to scan.)
 */
function typeAliases(text: string): Array<{ name: string; body: string }> {
  const plain = withoutLiterals(text);
  const aliases: Array<{ name: string; body: string }> = [];
  for (const match of plain.matchAll(/^(?:export )?type (\w+)/gm)) {
    // Past the type parameters (`<V = Record<string, unknown>>`) to the alias's own "=".
    let end = match.index + match[0].length;
    for (let angles = 0; end < plain.length; end++) {
      if (plain[end] === "<") angles++;
      else if (plain[end] === ">") angles--;
      else if (plain[end] === "=" && angles === 0) break;
    }
    const start = ++end;
    let depth = 0;
    for (; end < plain.length; end++) {
      const char = plain.charAt(end);
      if ("{([".includes(char)) depth++;
      else if ("})]".includes(char)) depth--;
      else if (char === ";" && depth === 0) break;
    }
    aliases.push({ name: match[1]!, body: plain.slice(start, end) });
  }
  return aliases;
}

/**
 * `feature/Name` of every type alias or interface in a feature's api.ts that spells an object shape,
 * and `feature: get<{ ... }>` of every call typed with one.
 */
function handTypedShapes(): string[] {
  const features = join(__dirname, "..", "features");
  const found: string[] = [];
  for (const feature of readdirSync(features)) {
    let text: string;
    try {
      text = readFileSync(join(features, feature, "api.ts"), "utf8");
    } catch {
      // A feature without an api.ts has nothing to check.
      continue;
    }
    for (const [, name] of text.matchAll(/^(?:export )?interface (\w+)/gm)) found.push(`${feature}/${name}`);
    for (const { name, body } of typeAliases(text)) if (body.includes("{")) found.push(`${feature}/${name}`);
    for (const call of inlineCallShapes(text)) found.push(`${feature}: ${call}`);
  }
  return found.sort();
}

/** The HTTP client's calls (lib/http, the authoring upload) and the query cache's reads and writes of a reply. */
const replyCalls = new Set([
  "get",
  "post",
  "put",
  "patch",
  "del",
  "request",
  "upload",
  "getQueryData",
  "setQueryData",
]);

/** `path: get<{ ... }>` of every reply typed by hand in any feature source file (hooks also live in components). */
function handTypedReplies(): string[] {
  const features = join(__dirname, "..", "features");
  const found: string[] = [];
  for (const path of readdirSync(features, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path)) continue;
    for (const call of inlineCallShapes(readFileSync(join(features, path), "utf8"))) {
      if (replyCalls.has(call.slice(0, call.indexOf("<")))) found.push(`${path}: ${call}`);
    }
  }
  return found.sort();
}

describe("the web's API types", () => {
  it("come from the contract: no feature's api.ts spells an object shape by hand, in a type or a call", () => {
    expect(handTypedShapes()).toEqual([]);
  });

  it("come from the contract wherever a feature calls the API or reads a cached reply", () => {
    expect(handTypedReplies()).toEqual([]);
  });
});

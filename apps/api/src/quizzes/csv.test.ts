import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("the RFC 4180 reader", () => {
  it("reads plain fields and both line endings, with start lines", () => {
    expect(parseCsv("a,b,c\r\n1,2,3\n4,5,6").records).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["1", "2", "3"] },
      { line: 3, fields: ["4", "5", "6"] },
    ]);
  });
  it("keeps commas, doubled quotes and line breaks inside quotes", () => {
    const { records, problems } = parseCsv('x,"a, b","say ""hi""","two\r\nlines"\nnext,1,2,3\n');
    expect(problems).toEqual([]);
    expect(records[0]!.fields).toEqual(["x", "a, b", 'say "hi"', "two\r\nlines"]);
    expect(records[1]).toEqual({ line: 3, fields: ["next", "1", "2", "3"] });
  });
  it("keeps empty fields and skips blank lines and a byte order mark", () => {
    expect(parseCsv("\uFEFFa,,c\n\n,\n").records).toEqual([
      { line: 1, fields: ["a", "", "c"] },
      { line: 3, fields: ["", ""] },
    ]);
  });
  it("reports a quote in an unquoted field and an unclosed quote, by line", () => {
    expect(parseCsv('ok,1\nbad"field,2\n"x"y,3\n').problems).toEqual([
      { line: 2, message: "quizzes.csvQuoteInField" },
      { line: 3, message: "quizzes.csvQuoteInField" },
    ]);
    expect(parseCsv('a,b\n"never closed,\nmore').problems).toEqual([
      { line: 2, message: "quizzes.csvUnclosedQuote" },
    ]);
  });
  it("reads an empty quoted field", () => {
    expect(parseCsv('"",x').records[0]!.fields).toEqual(["", "x"]);
  });
});

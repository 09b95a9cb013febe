import { describe, expect, it } from "vitest";
import { noteText, noteToMarkdown } from "./notes.markdown";

describe("notes as Markdown", () => {
  it("converts headings, marks, lists, quotes and code", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Verbs" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Ser", marks: [{ type: "bold" }] },
            { type: "text", text: " is " },
            { type: "text", text: "permanent", marks: [{ type: "italic" }] },
            { type: "text", text: " (see " },
            { type: "text", text: "RAE", marks: [{ type: "link", attrs: { href: "https://rae.es" } }] },
            { type: "text", text: ")" },
          ],
        },
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "yo soy" }] }],
            },
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "tú eres" }] }],
            },
          ],
        },
        {
          type: "orderedList",
          attrs: { start: 1 },
          content: [
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "first" }] }],
            },
          ],
        },
        { type: "blockquote", content: [{ type: "paragraph", content: [{ type: "text", text: "Quote" }] }] },
        { type: "codeBlock", attrs: { language: "js" }, content: [{ type: "text", text: "let a = 1;" }] },
      ],
    };
    expect(noteToMarkdown(doc)).toBe(
      [
        "## Verbs",
        "**Ser** is *permanent* (see [RAE](https://rae.es))",
        "- yo soy\n- tú eres",
        "1. first",
        "> Quote",
        "```js\nlet a = 1;\n```",
      ].join("\n\n"),
    );
    expect(noteText(doc)).toContain("Ser is permanent");
  });

  it("escapes Markdown characters typed by the learner", () => {
    expect(
      noteToMarkdown({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "2*3 = [6]" }] }],
      }),
    ).toBe("2\\*3 = \\[6\\]");
  });
});

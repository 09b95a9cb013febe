/**
 * A learner's note (TipTap / ProseMirror JSON) as Markdown, for the notes export. Unknown nodes
 * keep their text, so nothing the learner wrote is lost. PDF export is done by the browser
 * (print to PDF of the notes page), which keeps fonts and layout without a server renderer.
 */
type Mark = { type: string; attrs?: Record<string, unknown> };
export type DocNode = {
  type?: string;
  text?: string;
  marks?: Mark[];
  attrs?: Record<string, unknown>;
  content?: DocNode[];
};

const escapeText = (s: string) => s.replace(/([\\`*_[\]<>])/g, "\\$1");

function inline(nodes: DocNode[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === "hardBreak") return "  \n";
      if (node.type === "image")
        return `![${String(node.attrs?.alt ?? "")}](${String(node.attrs?.src ?? "")})`;
      if (node.type !== "text") return inline(node.content);
      const marks = node.marks ?? [];
      const has = (t: string) => marks.some((m) => m.type === t);
      let out = has("code") ? `\`${(node.text ?? "").replace(/`/g, "\\`")}\`` : escapeText(node.text ?? "");
      if (has("bold")) out = `**${out}**`;
      if (has("italic")) out = `*${out}*`;
      if (has("strike")) out = `~~${out}~~`;
      const link = marks.find((m) => m.type === "link");
      if (link) out = `[${out}](${String(link.attrs?.href ?? "")})`;
      return out;
    })
    .join("");
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line, i) => (i === 0 ? line : line === "" ? line : " ".repeat(prefix.length) + line))
    .join("\n");
}

function block(node: DocNode): string {
  switch (node.type) {
    case "paragraph":
      return inline(node.content);
    case "heading": {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level ?? 1)));
      return `${"#".repeat(level)} ${inline(node.content)}`;
    }
    case "blockquote":
      return blocks(node.content)
        .split("\n")
        .map((line) => `> ${line}`.trimEnd())
        .join("\n");
    case "codeBlock":
      return `\`\`\`${String(node.attrs?.language ?? "")}\n${(node.content ?? []).map((n) => n.text ?? "").join("")}\n\`\`\``;
    case "horizontalRule":
      return "---";
    case "bulletList":
    case "orderedList":
    case "taskList": {
      const start = Number(node.attrs?.start ?? 1);
      return (node.content ?? [])
        .map((item, i) => {
          const marker =
            node.type === "orderedList"
              ? `${start + i}. `
              : node.type === "taskList"
                ? `- [${item.attrs?.checked ? "x" : " "}] `
                : "- ";
          return marker + indent(blocks(item.content).replace(/\n\n/g, "\n"), marker);
        })
        .join("\n");
    }
    default:
      return node.content ? blocks(node.content) : escapeText(node.text ?? "");
  }
}

function blocks(nodes: DocNode[] = []): string {
  return nodes
    .map(block)
    .filter((s) => s !== "")
    .join("\n\n");
}

export function noteToMarkdown(doc: DocNode): string {
  return blocks(doc.content).trim();
}

/** The note's text, flattened, for list excerpts. */
export function noteText(doc: DocNode): string {
  const parts: string[] = [];
  const walk = (n: DocNode) => {
    if (n.text) parts.push(n.text);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/**
 * A note's TipTap (ProseMirror) JSON as React elements, for the printable notes of a title. Only
 * the nodes and marks of the editor's toolbar are known; anything else shows its text.
 */
import { createElement, type ReactNode } from "react";

type Mark = { type: string; attrs?: Record<string, unknown> };
export type NoteNode = {
  type: string;
  text?: string;
  marks?: Mark[];
  attrs?: Record<string, unknown>;
  content?: NoteNode[];
};

const blockTags: Record<string, string> = {
  paragraph: "p",
  bulletList: "ul",
  orderedList: "ol",
  listItem: "li",
  blockquote: "blockquote",
  horizontalRule: "hr",
  hardBreak: "br",
};

function withMarks(text: string, marks: Mark[] | undefined, key: string): ReactNode {
  let node: ReactNode = text;
  for (const mark of marks ?? []) {
    const tag = { bold: "strong", italic: "em", strike: "s", code: "code", underline: "u" }[mark.type];
    if (tag) node = createElement(tag, { key: `${key}-${mark.type}` }, node);
  }
  return node;
}

export function renderNode(node: NoteNode, key: string): ReactNode {
  if (node.type === "text") return withMarks(node.text ?? "", node.marks, key);
  const children = (node.content ?? []).map((child, i) => renderNode(child, `${key}.${i}`));
  if (node.type === "heading") {
    const level = Math.min(Math.max(Number(node.attrs?.level ?? 2), 2), 4);
    return createElement(`h${level + 1}`, { key }, children);
  }
  if (node.type === "codeBlock") return createElement("pre", { key }, createElement("code", null, children));
  const tag = blockTags[node.type];
  if (tag === "hr" || tag === "br") return createElement(tag, { key });
  return createElement(tag ?? "div", { key }, children);
}

export function NoteContent({ doc, className }: { doc: NoteNode | null | undefined; className?: string }) {
  return (
    <div className={className}>{(doc?.content ?? []).map((node, i) => renderNode(node, String(i)))}</div>
  );
}

/** Whether a document holds any text (an emptied editor is a deleted note). */
export function isEmptyDoc(doc: NoteNode | null | undefined): boolean {
  const walk = (node: NoteNode): boolean =>
    (node.type === "text" && (node.text ?? "").trim() !== "") ||
    node.type === "horizontalRule" ||
    (node.content ?? []).some(walk);
  return !doc || !walk(doc);
}

/** Reading styles for rendered notes and the editor (no typography plugin needed). */
export const proseClasses =
  "text-base leading-relaxed text-fg [&_p]:my-2 [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold [&_h5]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-border-strong [&_blockquote]:pl-4 [&_blockquote]:text-fg-muted [&_code]:rounded-sm [&_code]:bg-surface-muted [&_code]:px-1 [&_code]:text-sm [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface-muted [&_pre]:p-3 [&_hr]:my-4 [&_hr]:border-border";

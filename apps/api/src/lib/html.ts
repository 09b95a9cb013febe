/**
 * Text made safe to place in HTML the server writes itself (mails, the sandbox card pages, the web
 * app's shell and its link previews), inside an element or a quoted attribute: the five characters
 * that could end either are written as entities.
 */
const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);

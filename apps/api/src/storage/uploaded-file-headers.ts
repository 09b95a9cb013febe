/**
 * Headers for every response that carries a stored upload (photos, identity documents, e-books,
 * videos, covers, screenshots, product and advert images). Whatever bytes a file holds, a browser
 * opening its URL gets a sandboxed document with no origin of ours and nothing allowed to load, and
 * never sniffs it into another type: an uploaded file cannot run script as the app.
 */
import type { FastifyReply } from "fastify";

export const UPLOADED_FILE_CSP = "sandbox; default-src 'none'";

/**
 * `attachment` for files that have no business being shown by the browser itself (identity
 * documents: the app previews them from a fetched blob); `inline` otherwise. The filename is kept to
 * safe ASCII, with the exact name as RFC 5987 `filename*`.
 */
export function setUploadedFileHeaders(
  reply: FastifyReply,
  options: { disposition?: "inline" | "attachment"; filename?: string | undefined } = {},
): void {
  reply.header("content-security-policy", UPLOADED_FILE_CSP);
  reply.header("x-content-type-options", "nosniff");
  const disposition = options.disposition ?? "inline";
  if (options.filename) {
    const ascii = options.filename.replace(/[^\w.-]/g, "_");
    reply.header(
      "content-disposition",
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(options.filename)}`,
    );
  } else if (disposition === "attachment") reply.header("content-disposition", "attachment");
}

/**
 * Streams a stored file with HTTP Range support (one range, RFC 9110): 206 with Content-Range for
 * `bytes=a-b`, `bytes=a-` and `bytes=-n`; 416 when the range cannot be satisfied; 200 otherwise.
 * Video players seek with ranges, and pdf.js loads big PDFs in chunks the same way.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredFile } from "../storage/storage";
import { setUploadedFileHeaders } from "../storage/uploaded-file-headers";

export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "invalid" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // A multi-range or another unit: serve the whole file, as a server may.
  if (!match) return header.trim().startsWith("bytes=") && !header.includes(",") ? "invalid" : null;
  const [, from, to] = match;
  if (from === "" && to === "") return "invalid";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "invalid";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "invalid";
  return { start, end };
}

/** Every stored file goes out sandboxed and unsniffable (storage/uploaded-file-headers.ts). */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  options: {
    type: string;
    cacheControl: string;
    filename?: string;
    disposition?: "inline" | "attachment";
  },
) {
  reply.header("accept-ranges", "bytes");
  reply.header("content-type", options.type);
  reply.header("cache-control", options.cacheControl);
  setUploadedFileHeaders(reply, { disposition: options.disposition, filename: options.filename });
  const range = parseRange(request.headers.range, file.size);
  if (range === "invalid") {
    reply.header("content-range", `bytes */${file.size}`);
    return reply.status(416).send();
  }
  if (range === null) {
    reply.header("content-length", String(file.size));
    return reply.status(200).send(request.method === "HEAD" ? undefined : file.stream());
  }
  reply.header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header("content-length", String(range.end - range.start + 1));
  return reply.status(206).send(request.method === "HEAD" ? undefined : file.stream(range));
}

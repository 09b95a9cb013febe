/**
 * One file from a multipart request, size-limited per route (on the bytes received) and
 * type-checked by content; the form's text fields come with it, before or after the file.
 */
import { MB } from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors";
import { receiveMultipart } from "../http/multipart";
import { type SniffedType, sniff } from "../storage/sniff";

const labels: Record<SniffedType, string> = {
  "video/mp4": "MP4",
  "video/webm": "WebM",
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
};

export const extensionOf: Record<SniffedType, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export type Upload<T extends SniffedType> = {
  data: Buffer;
  type: T;
  filename: string;
  fields: Record<string, string>;
};

export async function readUpload<T extends SniffedType>(
  request: FastifyRequest,
  options: { maxBytes: number; types: readonly T[]; tooLarge?: () => AppError },
): Promise<Upload<T>> {
  if (!request.isMultipart()) throw AppError.field("file", "catalog.fileRequired");
  const tooLarge =
    options.tooLarge ??
    (() =>
      new AppError("payload_too_large", "catalog.fileTooLarge", {
        params: { max: Math.round(options.maxBytes / MB) },
      }));
  // The size is judged on the bytes received, before the content is looked at (http/multipart.ts).
  const form = await receiveMultipart(request, {
    maxFileBytes: options.maxBytes,
    maxFiles: 1,
    maxFields: 10,
    maxFieldBytes: 10_000,
    tooLarge,
  });
  const file = form.files[0];
  if (!file || file.data.length === 0) throw AppError.field("file", "catalog.fileRequired");
  const type = sniff(file.data);
  if (!type || !(options.types as readonly string[]).includes(type))
    throw new AppError("unsupported_media", "catalog.fileType", {
      params: { types: options.types.map((t) => labels[t]).join(", ") },
    });
  return { data: file.data, type: type as T, filename: file.fileName, fields: form.fields };
}

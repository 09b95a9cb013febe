/**
 * One file from a multipart request, size-limited per route and type-checked by content. Form
 * fields must come before the file in the form (they arrive first in the stream).
 */
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors";
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
  options: { maxBytes: number; types: readonly T[] },
): Promise<Upload<T>> {
  if (!request.isMultipart()) throw AppError.field("file", "catalog.fileRequired");
  let part: MultipartFile | undefined;
  let data: Buffer;
  try {
    part = await request.file({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 10_000 },
    });
    if (!part) throw AppError.field("file", "catalog.fileRequired");
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("payload_too_large", "catalog.fileTooLarge", {
        params: { max: Math.round(options.maxBytes / (1024 * 1024)) },
      });
    throw error;
  }
  if (data.length === 0) throw AppError.field("file", "catalog.fileRequired");
  const type = sniff(data);
  if (!type || !(options.types as readonly string[]).includes(type))
    throw new AppError("unsupported_media", "catalog.fileType", {
      params: { types: options.types.map((t) => labels[t]).join(", ") },
    });
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === "field") fields[name] = String(field.value ?? "").trim();
  }
  return { data, type: type as T, filename: part.filename, fields };
}

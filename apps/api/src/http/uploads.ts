/**
 * One file from a multipart request, size-limited per route (on the bytes received) and
 * type-checked by content; the form's text fields come with it, before or after the file.
 *
 * `storeUpload` streams the file into storage as it arrives (lecture videos, e-books, covers,
 * identity documents); a picture among them passes through sharp on the way (storage/images.ts:
 * decoded, metadata dropped, encoded again). `readUpload` holds it in memory, for the few small files
 * whose bytes the server must read whole before deciding where they go (a profile photo's background
 * and date, named by its hash): their limits (10 MB) bound that memory.
 */

import type { Readable } from "node:stream";
import { MB } from "@aprendo/contract";
import type { FastifyRequest } from "fastify";
import { cleanImageStream } from "../storage/images";
import { type FileType, isImage, labelOf, sniff } from "../storage/sniff";
import type { Storage } from "../storage/storage";
import { AppError } from "./errors";
import { receiveMultipart, receiveMultipartToStorage, type StoredUpload } from "./multipart";

export type Upload<T extends FileType> = {
  data: Buffer;
  type: T;
  filename: string;
  fields: Record<string, string>;
};

type UploadOptions<T extends FileType> = {
  maxBytes: number;
  types: readonly T[];
  tooLarge?: () => AppError;
};

const tooLargeFor =
  <T extends FileType>(options: UploadOptions<T>) =>
  () =>
    options.tooLarge?.() ??
    new AppError("payload_too_large", "catalog.fileTooLarge", {
      params: { max: Math.round(options.maxBytes / MB) },
    });

/** The file's type by its first bytes, if it is one of `types`; otherwise the 415 naming them. */
function typeOf<T extends FileType>(head: Buffer, types: readonly T[]): T {
  const type = sniff(head);
  if (!type || !(types as readonly string[]).includes(type))
    throw new AppError("unsupported_media", "catalog.fileType", {
      params: { types: types.map((t) => labelOf[t]).join(", ") },
    });
  return type as T;
}

export type StoredFileUpload<T extends FileType> = Omit<StoredUpload, "head"> & {
  type: T;
  fields: Record<string, string>;
};

/**
 * Streams the one file of the request into storage under `keyFor(type)`. An empty file, a file of
 * another type or over the limit is refused with nothing stored; `observe` sees every chunk.
 */
export async function storeUpload<T extends FileType>(
  request: FastifyRequest,
  storage: Storage,
  options: UploadOptions<T> & { keyFor: (type: T) => string; observe?: (chunk: Buffer) => void },
): Promise<StoredFileUpload<T>> {
  if (!request.isMultipart()) throw AppError.field("file", "catalog.fileRequired");
  const form = await receiveMultipartToStorage(request, {
    storage,
    maxFileBytes: options.maxBytes,
    maxFiles: 1,
    maxFields: 10,
    maxFieldBytes: 10_000,
    tooLarge: tooLargeFor(options),
    place: ({ head }) => {
      if (head.length === 0) throw AppError.field("file", "catalog.fileRequired");
      const type = typeOf(head, options.types);
      const transform = isImage(type)
        ? (received: Readable) => cleanImageStream(received, type, { field: "file" })
        : undefined;
      return { key: options.keyFor(type), contentType: type, observe: options.observe, transform };
    },
  });
  const file = form.files[0];
  if (!file) throw AppError.field("file", "catalog.fileRequired");
  const { head, ...stored } = file;
  return { ...stored, type: sniff(head) as T, fields: form.fields };
}

export async function readUpload<T extends FileType>(
  request: FastifyRequest,
  options: UploadOptions<T>,
): Promise<Upload<T>> {
  if (!request.isMultipart()) throw AppError.field("file", "catalog.fileRequired");
  const tooLarge = tooLargeFor(options);
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
  return {
    data: file.data,
    type: typeOf(file.data, options.types),
    filename: file.fileName,
    fields: form.fields,
  };
}

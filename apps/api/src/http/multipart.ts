/**
 * Every multipart upload is read here, so its size limit holds on the bytes received, every time,
 * before anything parses the file.
 *
 * Why not the parser's own limit: @fastify/multipart cuts a file at `fileSize` and flags the stream
 * `truncated`, and its `toBuffer()` throws only if it happens to see that flag after a chunk. When
 * the cut falls on the last chunk it reads, it returns the first `fileSize` bytes as if they were
 * the whole file, which then passed a `length > max` check: the same 10.01 MB photo was accepted
 * or refused depending on how the bytes arrived. Here the parser cuts at `max + 1` bytes and we
 * count what arrives ourselves: more than `max` is too large, whatever the flag says. A declared
 * `Content-Length` that cannot fit is refused before a byte of the body is parsed.
 */

import { Readable } from "node:stream";
import { type MessageParams, messageKey } from "@aprendo/contract";
import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { Storage } from "../storage/storage";
import { AppError } from "./errors";

export type ReceivedFile = { fieldName: string; fileName: string; data: Buffer };
export type ReceivedForm = {
  /** The text fields, by name (`name[]` is read as `name`; the last value wins). */
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** More files were sent than `maxFiles`; those after it were not read. */
  tooManyFiles: boolean;
};

export type ReceiveOptions = {
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** Files read; a form with more sets `tooManyFiles`. */
  maxFiles: number;
  /** The answer for a file over `maxFileBytes` (a 413); `fileName` is null when the request's declared length already rules it out. */
  tooLarge: (fileName: string | null) => AppError;
  maxFields?: number;
  maxFieldBytes?: number;
};

/** Room for part headers and boundaries on top of the files and fields themselves. */
const FRAMING_BYTES = 64 * 1024;

/** Files held in memory, for small files whose bytes the server reads (images it checks, quiz files). */
export async function receiveMultipart(
  request: FastifyRequest,
  options: ReceiveOptions,
): Promise<ReceivedForm> {
  return receive(request, options, async (part) => {
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > options.maxFileBytes) break;
      chunks.push(chunk);
    }
    if (received > options.maxFileBytes || part.file.truncated)
      refuseTooLarge(request, part, received, options);
    return { fieldName: part.fieldname, fileName: part.filename, data: Buffer.concat(chunks) };
  });
}

/** Bytes a file's content is judged by before it is stored (storage/sniff.ts reads up to 64). */
export const HEAD_BYTES = 64;

export type StoredUpload = {
  fieldName: string;
  fileName: string;
  key: string;
  /** Bytes stored. */
  size: number;
  /** The first bytes (up to HEAD_BYTES): what the file is. */
  head: Buffer;
};

export type StoreOptions = ReceiveOptions & {
  storage: Storage;
  /**
   * Told a file's first bytes before anything of it is stored: where to store it, and optionally a
   * function that sees every chunk as it goes by (a page counter). Throws an AppError to refuse the
   * file (its type); the refusal is answered once the file is known not to be over its size limit.
   */
  place: (file: { fieldName: string; fileName: string; head: Buffer }) => {
    key: string;
    contentType?: string;
    observe?: (chunk: Buffer) => void;
    /**
     * What is stored instead of the bytes received: an image decoded and encoded again on its way
     * (storage/images.ts). Its AppError (a picture it refuses) is the answer; nothing is stored.
     */
    transform?: (received: Readable) => Readable;
  };
};

/**
 * Files streamed from the request into storage as they arrive: memory stays flat whatever their size
 *. The size limit holds the same way, on the bytes counted: a file over it stops the
 * stream, and whatever was stored of it is deleted. If anything fails after a file was stored (a
 * later part, a malformed body), the files stored by this request are deleted before the error.
 */
export async function receiveMultipartToStorage(
  request: FastifyRequest,
  options: StoreOptions,
): Promise<{ fields: Record<string, string>; files: StoredUpload[]; tooManyFiles: boolean }> {
  const stored: StoredUpload[] = [];
  try {
    const form = await receive(request, options, async (part) => {
      const file = await storeFile(request, part, options);
      stored.push(file);
      return file;
    });
    return form;
  } catch (error) {
    await deleteStored(request, options.storage, stored);
    throw error;
  }
}

/** A storage write that failed on the storage's side (not the client's): a 500, never "bad request". */
class StorageWriteError extends Error {}

async function storeFile(request: FastifyRequest, part: MultipartFile, options: StoreOptions) {
  const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    return await storeFrom(source, request, part, options);
  } finally {
    // A file refused half-way is read no further: its stream is closed (as leaving a for-await loop
    // would), so the parser skips the rest instead of holding the request open.
    await source.return?.();
  }
}

async function storeFrom(
  source: AsyncIterator<Buffer>,
  request: FastifyRequest,
  part: MultipartFile,
  options: StoreOptions,
) {
  let sourceError: unknown = null;
  const next = async () => {
    try {
      return await source.next();
    } catch (error) {
      sourceError = error;
      throw error;
    }
  };
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < HEAD_BYTES) {
    const step = await next();
    if (step.done) {
      ended = true;
      break;
    }
    headChunks.push(step.value);
    headLength += step.value.length;
  }
  // Usually one chunk, which may be large: not copied.
  const first = headChunks.length === 1 ? headChunks[0]! : Buffer.concat(headChunks);
  const head = first.subarray(0, HEAD_BYTES);
  let placed: ReturnType<StoreOptions["place"]>;
  try {
    placed = options.place({ fieldName: part.fieldname, fileName: part.filename, head });
  } catch (refusal) {
    // Size is judged before content, as for files in memory: read on (storing nothing) to count.
    let received = first.length;
    while (!ended && received <= options.maxFileBytes) {
      const step = await next();
      if (step.done) break;
      received += step.value.length;
    }
    if (received > options.maxFileBytes || part.file.truncated)
      refuseTooLarge(request, part, received, options);
    throw refusal;
  }

  let received = 0;
  const overLimit = new Error("over the size limit");
  async function* counted() {
    let chunk: Buffer | null = first;
    while (chunk) {
      received += chunk.length;
      if (received > options.maxFileBytes) throw overLimit;
      placed.observe?.(chunk);
      yield chunk;
      if (ended) break;
      const step = await next();
      chunk = step.done ? null : step.value;
    }
  }
  try {
    const body = Readable.from(counted(), { objectMode: false });
    await options.storage.put(placed.key, placed.transform ? placed.transform(body) : body, {
      contentType: placed.contentType,
    });
  } catch (error) {
    // Nothing of a failed put is left by the drivers; the delete covers a driver that did leave some.
    await deleteStored(request, options.storage, [{ key: placed.key }]);
    if (error === overLimit || received > options.maxFileBytes)
      refuseTooLarge(request, part, received, options);
    if (sourceError) throw sourceError;
    if (error instanceof AppError) throw error;
    request.log.error({ err: error, key: placed.key }, "storing an upload failed");
    throw new StorageWriteError("storing an upload failed", { cause: error });
  }
  if (part.file.truncated) {
    await deleteStored(request, options.storage, [{ key: placed.key }]);
    refuseTooLarge(request, part, received, options);
  }
  return { fieldName: part.fieldname, fileName: part.filename, key: placed.key, size: received, head };
}

async function deleteStored(request: FastifyRequest, storage: Storage, files: { key: string }[]) {
  for (const { key } of files)
    await storage.delete(key).catch((error: unknown) => {
      // The request's answer stands; an orphan object costs space, so it is logged to be found.
      request.log.error({ err: error, key }, "could not delete the stored part of a refused upload");
    });
}

function refuseTooLarge(
  request: FastifyRequest,
  part: MultipartFile,
  received: number,
  options: ReceiveOptions,
): never {
  request.log.info(
    { field: part.fieldname, received, max: options.maxFileBytes },
    "upload refused: file over its limit",
  );
  throw options.tooLarge(part.filename);
}

/** The parts of a multipart body: fields kept, each file handed to `onFile`, the limits enforced. */
async function receive<F>(
  request: FastifyRequest,
  options: ReceiveOptions,
  onFile: (part: MultipartFile) => Promise<F>,
): Promise<{ fields: Record<string, string>; files: F[]; tooManyFiles: boolean }> {
  const maxFields = options.maxFields ?? 20;
  const maxFieldBytes = options.maxFieldBytes ?? 64 * 1024;
  const declared = Number(request.headers["content-length"]);
  const largest = options.maxFiles * options.maxFileBytes + maxFields * maxFieldBytes + FRAMING_BYTES;
  if (Number.isFinite(declared) && declared > largest) {
    request.log.info({ declared, largest }, "upload refused by its declared length");
    throw options.tooLarge(null);
  }

  const form: { fields: Record<string, string>; files: F[]; tooManyFiles: boolean } = {
    fields: {},
    files: [],
    tooManyFiles: false,
  };
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = request.parts({
      limits: {
        // One byte more than allowed, so "too large" is a count we make, never a flag we might miss.
        fileSize: options.maxFileBytes + 1,
        files: options.maxFiles,
        fields: maxFields,
        fieldSize: maxFieldBytes,
      },
      // The cut is ours to judge (above); the parser must not also throw at a moment of its choosing.
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest["parts"]>[0]);
    for await (const part of parts) {
      if (part.type !== "file") {
        form.fields[part.fieldname.replace(/\[\]$/, "")] = String(part.value ?? "");
        continue;
      }
      form.files.push(await onFile(part));
    }
  } catch (error) {
    if (error instanceof AppError || error instanceof StorageWriteError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") {
      form.tooManyFiles = true;
      return form;
    }
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") throw new AppError("payload_too_large");
    // A body that is not well-formed multipart: the client's fault, never a 500.
    request.log.info({ err: error }, "malformed multipart body");
    throw new AppError("bad_request");
  }
  return form;
}

/** A 413 naming the form field too (`{ message, errors: { field: [message] } }`), for forms that show it there. */
export function tooLarge(field: string, message: string, params: MessageParams): AppError {
  const key = messageKey(message, params);
  return new AppError("payload_too_large", key, { fields: { [field]: [key] } });
}

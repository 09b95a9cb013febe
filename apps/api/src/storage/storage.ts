/**
 * File storage port. Keys are opaque paths chosen by features (`uploads/lectures/12/video.mp4`);
 * nothing in storage is publicly addressable: files reach browsers only through API routes that
 * check who is asking, streamed through the API (catalog/send-file.ts, with Range). Two drivers,
 * chosen by STORAGE_DRIVER: a local folder (the embedded default) and S3-compatible object storage
 * (storage/s3.ts), which several nodes share.
 *
 * `put` takes a Buffer or a stream: uploads arrive as streams from the multipart parser
 * (http/multipart.ts) and are never held whole in memory. A put that fails (the stream errored, e.g.
 * a file cut for being over its limit) leaves nothing under the key.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config/config";
import { createS3Storage } from "./s3";

/** `stream()` reads the whole file, `stream({ start, end })` bytes start..end inclusive (HTTP Range). */
export type StoredFile = { size: number; stream: (range?: { start: number; end: number }) => Readable };

export type PutOptions = { contentType?: string };

export interface Storage {
  readonly driver: "local" | "s3";
  put(key: string, data: Buffer | Readable, options?: PutOptions): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** The driver STORAGE_DRIVER names (config/config.ts checked its settings). */
export function createStorage(settings: Config["storage"]): Storage {
  return settings.driver === "s3" ? createS3Storage(settings) : createLocalStorage(settings.dir);
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys come from our code, but a path that escapes the root is refused all the same.
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  return {
    driver: "local",
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(data)) {
        await writeFile(file, data);
        return;
      }
      // Written beside the key and renamed at the end, so a cut upload never shows as a (short) file.
      const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
      try {
        await pipeline(data, createWriteStream(partial));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { size: info.size, stream: (range) => createReadStream(file, range) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** A stored file's bytes start..end (inclusive) in memory: for probing small parts of a big file. */
export async function readStoredRange(file: StoredFile, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream({ start, end })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

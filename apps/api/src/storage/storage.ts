/**
 * File storage port. Keys are opaque paths chosen by features (`uploads/lectures/12/video.mp4`);
 * nothing in storage is publicly addressable: files reach browsers only through API routes that
 * check who is asking. Embedded default: a local folder. The S3 adapter is chosen by STORAGE_DRIVER.
 */
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export type StoredFile = { size: number; stream: (range?: { start: number; end: number }) => Readable };

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
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
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { size: info.size, stream: (range) => createReadStream(file, range) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** Test helpers of the support features: multipart bodies and small real image headers. */
import { randomBytes } from "node:crypto";

export type FilePart = { field?: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body for `app.inject`. */
export function multipart(fields: Record<string, string | number>, files: FilePart[] = []) {
  const boundary = `----aprendo${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "screenshots"}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? "image/png"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes that start like a PNG image; `seed` makes different files, `size` pads to a length. */
export function pngBytes(seed = 1, size = 256): Buffer {
  const data = Buffer.alloc(Math.max(size, 16), seed % 256);
  Buffer.from(PNG_SIGNATURE).copy(data, 0);
  data.writeUInt32BE(seed, 8);
  return data;
}

export function jpegBytes(seed = 1, size = 256): Buffer {
  const data = Buffer.alloc(Math.max(size, 16), seed % 256);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(data, 0);
  data.writeUInt32BE(seed, 4);
  return data;
}

export const longText = (length: number) => "a".repeat(length);

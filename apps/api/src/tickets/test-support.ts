/** Test helpers of the support features: multipart bodies and small real pictures. */
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import jpeg from "jpeg-js";

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

/** The colour of `seed`: different seeds make different pictures, also once the server encodes them again. */
const colourOf = (seed: number) => [seed & 0xff, (seed >> 8) & 0xff, (seed >> 16) & 0xff] as const;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real 4 x 4 PNG picture (the server decodes every upload), in the colour of `seed`, padded to
 * `size` bytes with a private ancillary chunk that decoders skip (and the server's copy drops).
 */
export function pngBytes(seed = 1, size = 256): Buffer {
  const width = 4;
  const row = Buffer.from([0, ...Array.from({ length: width }, () => colourOf(seed)).flat()]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB, no interlace
  const parts = [
    Buffer.from(PNG_SIGNATURE),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: width }, () => row)))),
  ];
  const end = pngChunk("IEND", Buffer.alloc(0));
  const length = parts.reduce((n, part) => n + part.length, 0) + end.length;
  if (size > length + 12) parts.push(pngChunk("apRd", Buffer.alloc(size - length - 12, seed & 0xff)));
  return Buffer.concat([...parts, end]);
}

/** A real 4 x 4 JPEG picture in the colour of `seed`, padded to `size` bytes with comment segments. */
export function jpegBytes(seed = 1, size = 256): Buffer {
  const pixels = Buffer.from(Array.from({ length: 16 }, () => [...colourOf(seed), 255]).flat());
  const image = Buffer.from(jpeg.encode({ data: pixels, width: 4, height: 4 }, 90).data);
  const comments: Buffer[] = [];
  for (let missing = size - image.length; missing > 4; ) {
    const length = Math.min(missing - 2, 65_535);
    const segment = Buffer.alloc(length + 2, 0x20);
    segment.set([0xff, 0xfe], 0);
    segment.writeUInt16BE(length, 2);
    comments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([image.subarray(0, 2), ...comments, image.subarray(2)]);
}

export const longText = (length: number) => "a".repeat(length);

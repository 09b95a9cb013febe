/**
 * The badge image and Open Badges 3.0 baking: a PNG drawn here (no image library), with
 * the credential carried in an iTXt chunk whose keyword is `openbadgecredential`, as the Open Badges
 * 3.0 baking section describes. Reading takes the chunk back out of any PNG.
 */
import { deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const BAKING_KEYWORD = "openbadgecredential";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = [number, number, number];
const ACCENT: Rgb = [37, 99, 235];
const DEEP: Rgb = [30, 64, 175];
const GOLD: Rgb = [245, 158, 11];

/** Distance from (px, py) to the segment (ax, ay)-(bx, by): the check mark's strokes. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** A 256-pixel round badge: gold rim, blue disc, white check mark; transparent corners. */
export function badgeImage(size = 256): Buffer {
  const rows: Buffer[] = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x + 0.5 - c, y + 0.5 - c) / c;
      const check = Math.min(
        segmentDistance(x, y, size * 0.3, size * 0.52, size * 0.44, size * 0.66),
        segmentDistance(x, y, size * 0.44, size * 0.66, size * 0.72, size * 0.36),
      );
      let color: Rgb | null = null;
      if (r <= 1) color = r > 0.9 ? GOLD : r > 0.84 ? [255, 255, 255] : r > 0.8 ? DEEP : ACCENT;
      if (r <= 0.8 && check < size * 0.045) color = [255, 255, 255];
      const i = 1 + x * 4;
      if (color) {
        row[i] = color[0];
        row[i + 1] = color[1];
        row[i + 2] = color[2];
        // A soft edge on the outer rim instead of jagged pixels.
        row[i + 3] = Math.round(255 * Math.min(1, (1 - r) * c));
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The PNG with the credential (a compact JWT or JSON text) in an uncompressed iTXt chunk after IHDR. */
export function bake(png: Buffer, credential: string): Buffer {
  const ihdrEnd = SIGNATURE.length + 8 + png.readUInt32BE(SIGNATURE.length) + 4;
  const data = Buffer.concat([
    Buffer.from(`${BAKING_KEYWORD}\0`, "latin1"),
    Buffer.from([0, 0]), // not compressed, method 0
    Buffer.from("\0\0", "latin1"), // no language tag, no translated keyword
    Buffer.from(credential, "utf8"),
  ]);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk("iTXt", data), png.subarray(ihdrEnd)]);
}

/** The baked credential's text, or null when the bytes are not a PNG or carry none. */
export function unbake(png: Buffer): string | null {
  if (png.length < SIGNATURE.length || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  let at = SIGNATURE.length;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, Math.min(png.length, at + 8 + length));
    if (type === "iTXt") {
      const keywordEnd = data.indexOf(0);
      if (keywordEnd > 0 && data.toString("latin1", 0, keywordEnd) === BAKING_KEYWORD) {
        const compressed = data[keywordEnd + 1] === 1;
        const languageEnd = data.indexOf(0, keywordEnd + 3);
        const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
        if (translatedEnd < 0) return null;
        const text = data.subarray(translatedEnd + 1);
        try {
          return (compressed ? inflateSync(text) : text).toString("utf8");
        } catch {
          // A corrupt compressed chunk: the image carries no readable credential.
          return null;
        }
      }
    }
    if (type === "IEND") break;
    at += 12 + length;
  }
  return null;
}

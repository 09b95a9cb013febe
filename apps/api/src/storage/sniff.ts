/**
 * What a file really is, from its first bytes (magic numbers), never from its name or the
 * Content-Type the browser claimed. Uploads are accepted only when the content matches.
 */
export type SniffedType =
  | "video/mp4"
  | "video/webm"
  | "application/pdf"
  | "image/jpeg"
  | "image/png"
  | "image/webp";

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

export function sniff(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
    return "image/webp";
  // ISO base media: a box size, then "ftyp" and a brand; HEIC/AVIF images share the box, so exclude them.
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (!/^(heic|heix|mif1|msf1|avif|avis)$/.test(brand)) return "video/mp4";
  }
  // EBML header; the DocType element (0x42 0x82) says "webm" (Matroska says "matroska").
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    if (head.includes("webm")) return "video/webm";
  }
  return null;
}

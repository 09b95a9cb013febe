/**
 * What a file really is, from its first bytes (magic numbers), never from its name or the
 * Content-Type the browser claimed. Every upload (lecture videos, documents, covers, ticket
 * screenshots, advert and product images) is accepted only when its content is of a type it allows.
 */
export type FileType =
  | "video/mp4"
  | "video/webm"
  | "application/pdf"
  | "image/jpeg"
  | "image/png"
  | "image/webp"
  | "image/gif";

/** The picture types (ticket screenshots, advert and product images, covers, photos). */
export type ImageType = Extract<FileType, `image/${string}`>;

/** The extension a stored file of each type gets. */
export const extensionOf: Record<FileType, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** The name a person knows each type by, for "only MP4, WebM are accepted" messages. */
export const labelOf: Record<FileType, string> = {
  "video/mp4": "MP4",
  "video/webm": "WebM",
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/gif": "GIF",
};

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The type the bytes really are, or null when they are none of the types the platform accepts. */
export function sniff(bytes: Uint8Array): FileType | null {
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // "GIF87a" or "GIF89a".
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
    return "image/webp";
  // ISO base media: a box size, then "ftyp" and a brand; HEIC/AVIF images share the box, so exclude them.
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (!/^(heic|heix|mif1|msf1|avif|avis)$/.test(brand)) return "video/mp4";
  }
  // EBML header; the DocType element (0x42 0x82) says "webm" (Matroska says "matroska").
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    if (head.includes("webm")) return "video/webm";
  }
  return null;
}

export const isImage = (type: FileType): type is ImageType => type.startsWith("image/");

/** The picture type the bytes really are, or null when they are not a JPEG, PNG, WebP or GIF image. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const type = sniff(bytes);
  return type && isImage(type) ? type : null;
}

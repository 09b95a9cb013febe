/**
 * Image checks by content (magic bytes), never by the name or the type the browser claims:
 * a ".png" that is really text is refused. Used for ticket screenshots and advert images.
 */
import { createHash } from "node:crypto";
import type { supportImageTypes } from "@aprendo/contract";

export type ImageType = (typeof supportImageTypes)[number];

const extensions: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** The image type the bytes really are, or null when they are not a JPEG, PNG, WebP or GIF image. */
export function sniffImage(data: Buffer): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (
    startsWith(data, [0x47, 0x49, 0x46, 0x38]) &&
    (data[4] === 0x37 || data[4] === 0x39) &&
    data[5] === 0x61
  )
    return "image/gif";
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  return null;
}

export const imageExtension = (type: ImageType) => extensions[type];

export const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/** A file name safe to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return (cleaned || fallback).slice(0, 200);
}

/**
 * Every uploaded image (profile photos, identity documents, covers, product and advert images, ticket
 * screenshots) is decoded and encoded again by sharp (libvips) before it is stored, so what is kept
 * is a plain picture:
 * - its metadata is dropped (EXIF with GPS position, camera serial, XMP, IPTC, comments, thumbnails):
 *   sharp writes none unless asked;
 * - the EXIF orientation is applied to the pixels first, so the picture stands as it was taken;
 * - a picture of more than `maxImagePixels` pixels is refused from its header, before any pixel is
 *   decoded (a 500 KB PNG can claim 40,000 x 40,000 pixels: 4.8 GB once decoded);
 * - anything libvips cannot decode is refused (a file with an image's first bytes and junk after).
 * The work runs on libuv's thread pool in native code, never on the request's thread.
 *
 * Decoding needs the whole file: sharp collects a streamed input until its end, then decodes. So a
 * streamed upload passes through sharp (`cleanImageStream`) on its way to storage without the route
 * holding it, and one already read within its small limit is handed over as it is (`cleanImage`).
 */
import { Readable } from "node:stream";
import { messageKey } from "@aprendo/contract";
import sharp, { type Sharp } from "sharp";
import { AppError } from "../http/errors";
import type { ImageType } from "./sniff";

// Every upload is decoded once: libvips' cache of operations would only hold memory between them.
sharp.cache(false);

/** 50 megapixels: a phone's full-resolution photo (8,160 x 6,120) passes, a decompression bomb does not. */
export const maxImagePixels = 50_000_000;

export type CleanOptions = {
  /** The form field the refusal names. */
  field: string;
  /** The message for a picture that cannot be decoded (default `image.unreadable`). */
  unreadable?: string;
};

function encoder(type: ImageType, input?: Buffer): Sharp {
  // failOn "error": a truncated or corrupt file is refused, not stored half grey. `animated: false`
  // keeps the first frame of an animated GIF or WebP: every upload here is a still picture.
  const settings = { limitInputPixels: maxImagePixels, failOn: "error", animated: false } as const;
  // Without `input` the instance is a stream to write the picture into.
  const image = (input ? sharp(input, settings) : sharp(settings)).autoOrient();
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 90 });
    case "image/png":
      return image.png();
    case "image/webp":
      return image.webp({ quality: 90 });
    case "image/gif":
      return image.gif();
  }
}

/** A translated 4xx for what sharp refused (the pixel limit, a file it cannot decode). */
export function imageRefusal(error: unknown, options: CleanOptions): AppError {
  if (error instanceof AppError) return error;
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) {
    const key = messageKey("image.tooManyPixels", { max: maxImagePixels / 1_000_000 });
    return new AppError("payload_too_large", key, { fields: { [options.field]: [key] } });
  }
  return AppError.field(options.field, options.unreadable ?? "image.unreadable");
}

/** The picture in `data` (of `type`, judged by its first bytes) decoded, checked and encoded again. */
export async function cleanImage(data: Buffer, type: ImageType, options: CleanOptions): Promise<Buffer> {
  try {
    return await encoder(type, data).toBuffer();
  } catch (error) {
    throw imageRefusal(error, options);
  }
}

/**
 * `source` (a picture of `type`) through sharp as a stream: what comes out is the cleaned picture, and
 * a picture sharp refuses ends the stream with the AppError of `imageRefusal`. An error of `source`
 * itself (the upload cut, or over its size limit) ends it with that same error, untranslated.
 */
export function cleanImageStream(source: Readable, type: ImageType, options: CleanOptions): Readable {
  const image = encoder(type);
  let sourceFailed = false;
  source.once("error", (error) => {
    sourceFailed = true;
    image.destroy(error);
  });
  source.pipe(image);
  image.on("error", () => {
    // Not swallowed: the stream keeps the error and the iteration below rethrows it. The listener
    // only keeps an error raised before anyone reads from being an uncaught exception.
  });
  async function* cleaned() {
    try {
      for await (const chunk of image) yield chunk as Buffer;
    } catch (error) {
      throw sourceFailed ? error : imageRefusal(error, options);
    }
  }
  return Readable.from(cleaned(), { objectMode: false });
}

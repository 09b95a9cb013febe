/**
 * Automatic checks of a profile photo (spec section 5): taken within 6 months (EXIF
 * DateTimeOriginal when present) and a white background, judged on the outer 5% border: bright
 * (mean brightness) and colourless (mean saturation). An administrator's review has the last word.
 *
 * The date is read from the EXIF block alone (sharp reads the header, no pixels). The background is
 * judged on the picture shrunk by sharp to at most 512 pixels a side: a JPEG is decoded straight at
 * 1/2 to 1/8 of its size, so a 12-megapixel photo costs a fraction of a full decode, and the border's
 * mean colour is the same at any size.
 */
import sharp from "sharp";
import { type CleanOptions, imageRefusal, maxImagePixels } from "../storage/images";

const PREVIEW_PIXELS = 512;

export const backgroundThresholds = { minBrightness: 200, maxSaturation: 0.15, borderShare: 0.05 } as const;

/** When the photo was taken, from its metadata; null when it carries no date. */
export async function takenAt(data: Buffer): Promise<Date | null> {
  let exif: Buffer | undefined;
  try {
    ({ exif } = await sharp(data).metadata());
  } catch {
    // A picture sharp cannot read has no date to judge; the background check refuses it as unreadable.
    return null;
  }
  return exif ? exifDate(exif) : null;
}

const EXIF_IFD_POINTER = 0x8769;
/** DateTimeOriginal, then CreateDate (DateTimeDigitized): both "YYYY:MM:DD HH:MM:SS". */
const DATE_TAGS = [0x9003, 0x9004];

/**
 * The date a raw EXIF block (`Exif\0\0` and a TIFF structure, as sharp gives it) says the photo was
 * taken, or null. The camera's clock has no time zone: it is read as UTC, which cannot move a
 * six-month limit by more than a day. Offsets outside the block answer null, never a throw.
 */
export function exifDate(exif: Buffer): Date | null {
  const tiff = exif.subarray(exif.toString("latin1", 0, 6) === "Exif\0\0" ? 6 : 0);
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const little = order === "II";
  const u16 = (at: number) =>
    at >= 0 && at + 2 <= tiff.length ? (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)) : null;
  const u32 = (at: number) =>
    at >= 0 && at + 4 <= tiff.length ? (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)) : null;
  /** Where the 12-byte entry of `tag` starts in the directory at `ifd`, or null. */
  const entryOf = (ifd: number | null, tag: number) => {
    const count = ifd === null ? null : u16(ifd);
    if (ifd === null || count === null) return null;
    for (let i = 0; i < count; i++) if (u16(ifd + 2 + i * 12) === tag) return ifd + 2 + i * 12;
    return null;
  };
  const pointer = entryOf(u32(4), EXIF_IFD_POINTER);
  const exifIfd = pointer === null ? null : u32(pointer + 8);
  for (const tag of DATE_TAGS) {
    const entry = entryOf(exifIfd, tag);
    // An ASCII value of 20 bytes does not fit the entry: the entry holds its offset.
    const offset = entry === null ? null : u32(entry + 8);
    if (offset === null || offset + 19 > tiff.length) continue;
    const stamp = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(
      tiff.toString("latin1", offset, offset + 19),
    );
    if (!stamp) continue;
    const [year, month, day, hours, minutes, seconds] = stamp.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
    if (!Number.isNaN(date.getTime()) && year > 0) return date;
  }
  return null;
}

/** True when `date` is older than `months` months before `now`. */
export function olderThanMonths(date: Date, months: number, now = new Date()): boolean {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - months);
  return date < limit;
}

export type BorderStats = { brightness: number; saturation: number };

/** Mean brightness (0..255) and saturation (0..1) of the outer border of an RGB(A) image. */
export function borderStats(
  pixels: Uint8Array,
  width: number,
  height: number,
  share = backgroundThresholds.borderShare,
  channels = 4,
): BorderStats {
  const bw = Math.max(1, Math.round(width * share));
  const bh = Math.max(1, Math.round(height * share));
  // Sample on a grid so a 12-megapixel photo costs a few thousand reads, not millions.
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 40_000)));
  let n = 0;
  let brightness = 0;
  let saturation = 0;
  for (let y = 0; y < height; y += step) {
    const inBand = y < bh || y >= height - bh;
    for (let x = 0; x < width; x += inBand ? step : 1) {
      if (!inBand && x >= bw && x < width - bw) {
        x = width - bw - 1;
        continue;
      }
      const i = (y * width + x) * channels;
      const r = pixels[i]!;
      const g = pixels[i + 1]!;
      const b = pixels[i + 2]!;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      brightness += 0.299 * r + 0.587 * g + 0.114 * b;
      saturation += max === 0 ? 0 : (max - min) / max;
      n += 1;
    }
  }
  return { brightness: n ? brightness / n : 0, saturation: n ? saturation / n : 1 };
}

export function isWhiteBackground(stats: BorderStats): boolean {
  return (
    stats.brightness >= backgroundThresholds.minBrightness &&
    stats.saturation <= backgroundThresholds.maxSaturation
  );
}

/**
 * Judges the picture's border, upright (EXIF orientation applied). A picture sharp cannot decode, or
 * of more than `maxImagePixels`, is refused with the translated 4xx of `imageRefusal`.
 */
export async function checkBackground(
  data: Buffer,
  refusal: CleanOptions,
): Promise<{ white: boolean; stats: BorderStats }> {
  try {
    const { data: pixels, info } = await sharp(data, { limitInputPixels: maxImagePixels, failOn: "error" })
      .autoOrient()
      .resize(PREVIEW_PIXELS, PREVIEW_PIXELS, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const stats = borderStats(
      pixels,
      info.width,
      info.height,
      backgroundThresholds.borderShare,
      info.channels,
    );
    return { white: isWhiteBackground(stats), stats };
  } catch (error) {
    throw imageRefusal(error, refusal);
  }
}

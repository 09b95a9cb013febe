/**
 * Reads what authoring needs from uploaded files without a media toolchain: a video's duration
 * (MP4 `moov/mvhd`, WebM `Segment/Info/Duration`) and a PDF's page count.
 */

/** Duration in whole seconds (rounded up), or null when it cannot be read. */
export function videoDuration(bytes: Buffer, type: "video/mp4" | "video/webm"): number | null {
  try {
    const seconds = type === "video/mp4" ? mp4Duration(bytes) : webmDuration(bytes);
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
  } catch {
    return null;
  }
}

function mp4Duration(bytes: Buffer): number | null {
  const moov = findBox(bytes, 0, bytes.length, "moov");
  if (!moov) return null;
  const mvhd = findBox(bytes, moov.start, moov.end, "mvhd");
  if (!mvhd) return null;
  const version = bytes[mvhd.start]!;
  if (version === 1) {
    const timescale = bytes.readUInt32BE(mvhd.start + 20);
    const duration = Number(bytes.readBigUInt64BE(mvhd.start + 24));
    return timescale ? duration / timescale : null;
  }
  const timescale = bytes.readUInt32BE(mvhd.start + 12);
  const duration = bytes.readUInt32BE(mvhd.start + 16);
  return timescale ? duration / timescale : null;
}

/** The content range of the first box of a type between start and end. */
function findBox(
  bytes: Buffer,
  start: number,
  end: number,
  type: string,
): { start: number; end: number } | null {
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    const name = bytes.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) return null;
    if (name === type) return { start: at + header, end: Math.min(end, at + size) };
    at += size;
  }
  return null;
}

/** An EBML variable-length integer: its value (marker bit removed unless `keepMarker`) and length. */
function vint(
  bytes: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } {
  const first = bytes[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error("bad vint");
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function webmDuration(bytes: Buffer): number | null {
  const SEGMENT = 0x18538067;
  const INFO = 0x1549a966;
  const SCALE = 0x2ad7b1;
  const DURATION = 0x4489;
  let at = 0;
  let end = bytes.length;
  while (at < end) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length, false);
    const body = at + id.length + size.length;
    const bodyEnd = size.unknown ? end : Math.min(end, body + size.value);
    if (id.value === SEGMENT) {
      at = body;
      end = bodyEnd;
      continue;
    }
    if (id.value === INFO) {
      let scale = 1_000_000;
      let duration: number | null = null;
      let p = body;
      while (p < bodyEnd) {
        const cid = vint(bytes, p, true);
        const csize = vint(bytes, p + cid.length, false);
        const cbody = p + cid.length + csize.length;
        if (cid.value === SCALE) scale = bytes.readUIntBE(cbody, Math.min(6, csize.value));
        if (cid.value === DURATION)
          duration = csize.value === 4 ? bytes.readFloatBE(cbody) : bytes.readDoubleBE(cbody);
        p = cbody + csize.value;
      }
      return duration === null ? null : (duration * scale) / 1e9;
    }
    at = bodyEnd;
  }
  return null;
}

/** Pages of a PDF: its page objects, or the page tree's count when they sit in compressed streams. */
export function pdfPageCount(bytes: Buffer): number {
  const text = bytes.toString("latin1");
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  const counts = [...text.matchAll(/\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.length ? Math.max(...counts) : 0;
}
